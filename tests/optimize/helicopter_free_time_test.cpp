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

// From hover to rest 20 m ahead past a box (20 knots, the horizon 8 s a guess within [5, 12]).
std::string pastABox(double timeWeight) {
  return R"(
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 10.0]
orientation = [1.0, 0.0, 0.0, 0.0]
[problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 20
horizon = 8.0
free_time = [5.0, 12.0]
[goal]
position = [20.0, 0.0, 10.0]
velocity = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
[cost]
collective = 0.01
tail = 0.1
cyclic_pitch = 10.0
cyclic_roll = 10.0
smoothness.collective = 0.001
path_length = 0.01
hazard = 0.5
hazard_distance = 3.0
time = )" + std::to_string(timeWeight) +
         R"(
[[obstacles]]
shape = "box"
center = [10.0, 2.5, 10.0]
size = [2.0, 2.0, 4.0]
)";
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
  double lastT = INFINITY;
  for (double w : {0.0, 0.05, 1.0}) {
    const DmocSession s(loadProblemFromString(pastABox(w), "free.toml", "."));
    const SolveResult r = s.solve(s.defaultOptions());
    INFO("time weight " << w << ": " << s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(r.maxViolation <= 1e-8);
    const double h = s.timeStep(r.solution.x), T = 20 * h;
    INFO("T = " << T << " s");
    CHECK(T >= 5.0);
    CHECK(T <= 12.0);
    CHECK(s.replayError(r.solution.x) <= 1e-8);  // the simulator at the optimal h
    CHECK(T < lastT);
    lastT = T;
  }
}
