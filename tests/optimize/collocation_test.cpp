// The trapezoidal collocation baseline (collocation.hpp): exact Jacobians (automatic
// differentiation) against central differences, and the property that separates it from DMOC:
// its optimal controls, run through the simulator, do not reproduce its poses.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

const char* kCar = R"(
[vehicle]
type = "car"
[initial]
position = [0.0, 0.0]
heading = 0.3
shape = [0.0, 0.2]
linear_velocity = [2.0, 0.0]
[problem]
method = "dmoc"
knots = 6
horizon = 3.0
[goal]
position = [6.0, 1.0]
heading = 0.0
speed = 1.0
[cost]
steer = 1.0
[[obstacles]]
shape = "box"
center = [3.0, 3.0]
size = [2.0, 1.0]
heading = 0.4
[[obstacles]]
shape = "cylinder"
center = [3.0, -2.5]
radius = 0.7
)";

const char* kHelicopter = R"(
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 5.0]
orientation = [0.9, 0.1, -0.2, 0.3741657386773941]
angular_velocity = [0.2, -0.1, 0.3]
linear_velocity = [3.0, 0.5, -0.2]
[problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 5
horizon = 2.0
[goal]
position = [5.0, 1.0, 4.0]
heading = 0.3
velocity = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
[cost]
collective = 0.01
)";

double jitteredJacobianError(const Nlp& nlp, unsigned seed) {
  std::vector<double> x;
  nlp.initialGuess(x);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> jitter(-0.3, 0.3);
  for (double& v : x) v += jitter(rng);
  int row = -1, col = -1;
  const double err = jacobianError(nlp, x, &row, &col);
  INFO("largest relative Jacobian error " << err << " at row " << row << ", column " << col);
  return err;
}

}  // namespace

TEST_CASE("collocation: the car's Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kCar, "car.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables());
  CHECK(jitteredJacobianError(*c, 11) < 1e-7);
  std::string free = kCar;
  free.replace(free.find("horizon = 3.0"), 13, "horizon = 3.0\nfree_time = [2.0, 5.0]");
  const DmocSession sf(loadProblemFromString(free, "car-free.toml", "."));
  CHECK(jitteredJacobianError(*sf.collocation(), 12) < 1e-7);
}

TEST_CASE("collocation: the helicopter's Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kHelicopter, "heli.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables() + 6);
  CHECK(jitteredJacobianError(*c, 13) < 1e-7);
}

TEST_CASE("collocation: car-tunnel solves, but the simulator does not replay it (DMOC does, to 1e-8 m)", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-tunnel")));
  const auto c = s.collocation();
  const SolveResult r = solveNlp(*c, s.defaultOptions());
  INFO(r.message);
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  const double collocationReplay = s.replayError(r.solution.x);
  const SolveResult d = s.solve(s.defaultOptions());
  REQUIRE(d.status == SolveStatus::Solved);
  const double dmocReplay = s.replayError(d.solution.x);
  INFO("replay error: collocation " << collocationReplay << " m, DMOC " << dmocReplay << " m");
  CHECK(dmocReplay <= 1e-8);
  CHECK(collocationReplay > 1e-4);  // the trapezoidal rule's O(h^2) error over the 40 m tunnel
  CHECK(collocationReplay < 1.0);   // yet the same motion
}
