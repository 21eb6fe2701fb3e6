// The helicopter's free final time ([problem] free_time, docs/formats.md section 4): h is a
// variable of every step row; its Jacobian column and the cost's h-derivative against central
// differences; a solve whose replay at the optimal step reproduces the poses; the final time
// falls as its weight grows.
#include <catch2/catch.hpp>

#include <cmath>

#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

// kHelicopterPastABox with T free in [5, 12] s (the 8 s horizon its guess) and the shaping
// terms; checkFinalTimeFalls sets the time's weight.
std::string pastABox() {
  const std::string text = withAfter(kHelicopterPastABox, "horizon = 8.0\n", "free_time = [5.0, 12.0]\n");
  return withAfter(text, "cyclic_roll = 10.0\n",
                   "smoothness.collective = 0.001\npath_length = 0.01\nhazard = 0.5\nhazard_distance = 3.0\n");
}

}  // namespace

TEST_CASE("helicopter free time: the h column of the Jacobian and the cost gradient match central differences",
          "[optimize]") {
  // The small tilted, turning start of problem_fixtures.hpp with a velocity goal and a box.
  const std::string text = joined({kHelicopterVehicle, R"([problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 5
horizon = 2.0
free_time = [1.0, 3.0]
)",
                                   kHelicopterGoal, "time = 0.3\nhazard = 1.0\nhazard_distance = 4.0\n",
                                   kHelicopterBox});
  const DmocSession s(loadProblemFromString(text, "free.toml", "."));
  REQUIRE(s.helicopter().freeTime());
  const std::vector<double> x = jitteredGuess(s.nlp(), 13, 0.2);
  const JacobianCheck j = jacobianCheck(s.nlp(), x);
  INFO(j);
  CHECK(j.error < 1e-7);
  std::vector<double> grad(x.size());
  s.nlp().costGradient(x.data(), grad.data());
  const auto hv = static_cast<std::size_t>(s.helicopter().stepVariable());
  std::vector<double> p = x, m = x;
  const double eps = 1e-7;
  p[hv] += eps;
  m[hv] -= eps;
  const double fd = (s.nlp().cost(p.data()) - s.nlp().cost(m.data())) / (2.0 * eps);
  CHECK(grad[hv] == Approx(fd).epsilon(1e-7));
}

TEST_CASE("helicopter free time: a solve replays at its optimal step, and a heavier time weight shortens it",
          "[optimize]") {
  checkFinalTimeFalls(loadProblemFromString(pastABox(), "free.toml", "."), {0.0, 0.05, 1.0});
}
