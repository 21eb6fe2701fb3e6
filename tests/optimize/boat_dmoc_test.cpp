// DMOC of the boat on the lie-cay-tln updates (docs/formats.md section 4): the transcription's
// own wrench against the simulator's BoatForces, the automatic-differentiation Jacobian
// against central differences, and boat-docking solved from its default guess and replayed.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <random>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

const std::string kSmall = joined({kBoatVehicle, kBoatProblem});

}  // namespace

TEST_CASE("boat DMOC: the transcription's wrench equals the simulator's BoatForces::wrench", "[optimize]") {
  const Problem p = loadProblemFromString(kSmall, "small.toml", ".");
  const DmocSession s(p);
  Scenario sc = loadScenarioFromString(replayScenarioToml(p, ""), "small.toml", ".");
  const auto& forces = dynamic_cast<const Se3Simulation&>(*sc.simulation).forceModel();
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0;
  for (int i = 0; i < 200; ++i) {
    SE3 g;
    g.q = Quat(1.0, 0.2 * u(rng), 0.2 * u(rng), 2.0 * u(rng)).normalized();  // heeled, partly submerged
    g.x = Vec3(u(rng), u(rng), 0.375 + 0.3 * u(rng));
    Vec6 xi;
    for (int j = 0; j < 6; ++j) xi(j) = 2.0 * u(rng);
    InputVec th(2);
    th << 240.0 * u(rng), 240.0 * u(rng);  // within the thrusters' limits (the simulator clamps)
    const Vec6 a = s.boat().wrench(g, xi, th(0), th(1)), b = forces.wrench(0.0, g, xi, th);
    worst = std::max(worst, (a - b).norm() / (1.0 + b.norm()));
  }
  CHECK(worst < 1e-12);
}

// The analytic Jacobian against central differences (1e-7 relative) at the default guess
// jittered by 0.1 (thrusts by 100 N), the same point for every caller.
static void checkJacobianAtJitteredGuess(const DmocSession& s) {
  std::vector<double> x;
  s.nlp().initialGuess(x);
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> jitter(-0.1, 0.1);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] += (i % BoatDmoc::kStride == BoatDmoc::kUr || i % BoatDmoc::kStride == BoatDmoc::kUl ? 1000.0 : 1.0) * jitter(rng);
  const JacobianCheck j = jacobianCheck(s.nlp(), x);
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("boat DMOC: the constraint Jacobian matches central differences to 1e-7", "[optimize]") {
  // Without air drag: its max(0, -a.u) has a kink where a dry face turns edge-on to the
  // relative wind (the deck of a level boat in a horizontal wind), and a central difference
  // across a kink is no reference. The hydrodynamics, the current and the clipped hull stay.
  std::string text = kSmall;
  text.replace(text.find("speed = 6.0"), 11, "speed = 6.0\ndrag_coefficient = 0.0");
  const DmocSession s(loadProblemFromString(text, "small.toml", "."));
  checkJacobianAtJitteredGuess(s);
}

TEST_CASE("boat DMOC: with the wind drag on, the chained Jacobian matches central differences to 1e-7",
          "[optimize]") {
  // The step Jacobian is chained by hand through the wrench's 13 inputs (boat_dmoc.cpp,
  // stepRowsJacobian); the drag's terms must come through it too. At this jittered point no
  // dry face is edge-on to the relative wind within the differences' step (a kink there
  // would show as an error of order 1).
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  checkJacobianAtJitteredGuess(s);
}

TEST_CASE("boat DMOC: the autopilot guess satisfies the lie-cay-tln rows and the simulator replays it to 1e-8 m",
          "[optimize]") {
  // The docking setting (wind, current) over 40 knots: the guess is flown through the
  // transcription's own steps; the simulator, stepping the same thrusts at the knots, must
  // reproduce its poses: the transcription's rows are the simulator's updates.
  const std::string text = R"(
[vehicle]
type = "boat"
[vehicle.wind]
speed = 5.0
direction = [0.0, -1.0]
[vehicle.water]
current = [0.1, 0.0]
[initial]
position = [16.0, 0.0, 0.375]
[problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 40
horizon = 8.0
[goal]
position = [24.0, 6.0]
heading = 0.5235987755982988
at_rest = true
)";
  const DmocSession s(loadProblemFromString(text, "docking.toml", "."));
  std::vector<double> x;
  s.nlp().initialGuess(x);
  std::vector<double> g(static_cast<std::size_t>(s.nlp().numConstraints()));
  s.nlp().constraints(x.data(), g.data(), nullptr);
  double dynamics = 0.0;
  for (int i = 0; i < BoatDmoc::kStepRows * s.boat().knots(); ++i) dynamics = std::max(dynamics, std::abs(g[static_cast<std::size_t>(i)]));
  CHECK(dynamics < 1e-11);  // m/s and rad/s (the momentum rows are divided by the inertia)
  CHECK(s.replayError(x) <= 1e-8);
  const HelicopterTrajectory tr = s.boat().trajectory(x);
  CHECK(std::hypot(tr.g.back().x.x() - 24.0, tr.g.back().x.y() - 6.0) < 3.0);  // from 10 m: the autopilot got near
}

TEST_CASE("boat DMOC: boat-docking solves from its default guess and the simulator replays it to 1e-8 m",
          "[optimize]") {
  const DmocSession s(loadProblem(problemPath("boat-docking")));
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
  const HelicopterTrajectory tr = s.boat().trajectory(r.solution.x);
  CHECK(std::abs(tr.g.back().x.x() - 24.0) <= 0.05 + 1e-8);
  CHECK(std::abs(tr.g.back().x.y() - 6.0) <= 0.05 + 1e-8);
  for (const auto& u : tr.inputs)
    for (double c : u) {
      CHECK(c >= -250.0);  // strictly: the bounds are not relaxed (ipopt_solver.cpp)
      CHECK(c <= 500.0);
    }
}

TEST_CASE("boat DMOC: free final time: the h column matches central differences, solves replay at their step",
          "[optimize]") {
  {
    Problem small = loadProblemFromString(kSmall, "small.toml", ".");
    small.freeTime = std::make_pair(0.5 * small.horizon, 2.0 * small.horizon);
    small.timeWeight = 0.4;
    small.goal.atRest = true;  // the final-velocity rows depend on h too
    const DmocSession s(small);
    REQUIRE(s.boat().freeTime());
    const JacobianCheck j = jacobianCheck(s.nlp(), jitteredGuess(s.nlp(), 19, 0.05));
    INFO(j);
    CHECK(j.error < 1e-7);
  }
  // boat-docking with T free in [8, 24] s: the final time falls as its weight grows. (With a
  // weight of 1 or less the solve reaches the iteration limit: docs/optimize.md.)
  Problem p = loadProblem(problemPath("boat-docking"));
  p.freeTime = std::make_pair(8.0, 24.0);
  checkFinalTimeFalls(p, {20.0, 100.0});
}
