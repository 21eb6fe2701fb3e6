// DMOC of the controlled sleigh (docs/optimize.md, docs/retraction.md "The same problem by
// DMOC"): the analytic Jacobian against central differences, the replay by the simulator, and
// the cross-check against the PMP multiple-shooting solver on the same two problems. The KKT
// conditions of the midpoint transcription are the discrete PMP of the retraction midpoint
// scheme, so beyond the issue's tolerances (cost 1e-4 relative, path 1e-3 m) the two solutions
// agree to solver tolerance and IPOPT's multipliers are the PMP costates at the step midpoints.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>

#include "lieride/ocp/problem_file.hpp"
#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {


// A small sleigh problem (6 steps, h = 0.5 s, m != J so that both scalings show).
const char* kSmall = R"(
[vehicle]
type = "sleigh-controlled"
mass = 2.0
inertia = 0.5
[initial]
position = [0.3, -0.2]
heading = 0.7
angular_velocity = 0.4
linear_velocity = [1.5, 0.0]
[problem]
method = "dmoc"
knots = 6
horizon = 3.0
[goal]
position = [2.0, 1.0]
heading = 2.0
)";

}  // namespace

TEST_CASE("sleigh DMOC: analytic constraint Jacobian and cost gradient match central differences to 1e-7",
          "[optimize]") {
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  std::vector<double> x;
  s.nlp().initialGuess(x);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> jitter(-0.8, 0.8);
  for (double& v : x) v += jitter(rng);  // headings, speeds and controls all generic
  const double err = jacobianError(s.nlp(), x);
  INFO("largest relative Jacobian error " << err);
  CHECK(err < 1e-7);
  CHECK(costGradientError(s.nlp(), x) < 1e-7);
}

TEST_CASE("sleigh DMOC: the constraints are the simulator's retraction-midpoint steps", "[optimize]") {
  // Knots built from random controls by the transcription's updates (explicit for this scheme)
  // satisfy every constraint, and the vehicle's integrator stepping the same controls lands on
  // them: the constraints are the simulator's steps, nothing looser.
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  std::vector<double> x;
  s.nlp().initialGuess(x);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < s.sleigh().knots(); ++k) {
    x[static_cast<std::size_t>(SleighDmoc::var(k, SleighDmoc::kU1))] = u(rng);
    x[static_cast<std::size_t>(SleighDmoc::var(k, SleighDmoc::kU2))] = u(rng);
  }
  CHECK(s.replayError(x) > 1e-3);  // the guess's knots are not the simulated motion
  const double h = s.sleigh().timeStep(), m = 2.0, J = 0.5;
  for (int k = 0; k < s.sleigh().knots(); ++k) {
    double* a = x.data() + SleighDmoc::var(k, 0);
    double* b = x.data() + SleighDmoc::var(k + 1, 0);
    b[SleighDmoc::kZ1] = a[SleighDmoc::kZ1] + h * a[SleighDmoc::kU2];
    b[SleighDmoc::kZ2] = a[SleighDmoc::kZ2] + h * a[SleighDmoc::kU1];
    b[SleighDmoc::kTheta] = a[SleighDmoc::kTheta] + 0.5 * h * (a[SleighDmoc::kZ1] + b[SleighDmoc::kZ1]) / J;
    const double th = 0.5 * (a[SleighDmoc::kTheta] + b[SleighDmoc::kTheta]);
    const double z2 = 0.5 * (a[SleighDmoc::kZ2] + b[SleighDmoc::kZ2]);
    b[SleighDmoc::kX] = a[SleighDmoc::kX] + h * std::cos(th) * z2 / m;
    b[SleighDmoc::kY] = a[SleighDmoc::kY] + h * std::sin(th) * z2 / m;
  }
  CHECK(maxConstraintViolation(s.nlp(), x) < 1e-14);
  CHECK(s.replayError(x) < 1e-12);
}

TEST_CASE("sleigh DMOC and PMP: the same optimal cost, path and costates on the shipped problems",
          "[optimize]") {
  for (const char* name : {"sleigh-parallel-shift", "sleigh-u-turn"}) {
    INFO(name);
    const ocp::OcpProblemFile pmpFile = ocp::loadOcpProblem(problemPath(name));
    const ocp::SleighBvpResult pmp = ocp::solveSleighBvp(pmpFile.problem);
    REQUIRE(pmp.solved);
    const DmocSession s(loadProblem(problemPath(std::string(name) + "-dmoc")));
    REQUIRE(s.sleigh().knots() == pmpFile.problem.segments * pmpFile.problem.stepsPerSegment);
    REQUIRE(std::abs(s.sleigh().timeStep() - pmp.h) < 1e-15);
    const SolveResult r = s.solve(s.defaultOptions());
    INFO(s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(s.replayError(r.solution.x) <= 1e-8);

    const double costRel = std::abs(r.cost - pmp.cost) / pmp.cost;
    const SleighTrajectory tr = s.sleigh().trajectory(r.solution.x);
    REQUIRE(tr.state.size() == pmp.states.size());
    double path = 0.0, heading = 0.0, costate = 0.0;
    for (std::size_t k = 0; k < tr.state.size(); ++k) {
      const auto& d = tr.state[k];
      const ocp::PVec& p = pmp.states[k];
      path = std::max(path, std::hypot(d[0] - p(ocp::kX), d[1] - p(ocp::kY)));
      heading = std::max(heading, std::abs(d[2] - p(ocp::kTheta)));
    }
    // IPOPT's Lagrangian is f + lambda^T g with g = x_k+1 - x_k - h f(mid): the multipliers of
    // step k are the PMP costates at the step's base point (p_k + p_k+1) / 2, in the row order
    // (z1, z2, theta, x, y) -> (p_1, p_2, p_theta, p_x, p_y).
    const int costateOf[SleighDmoc::kStepRows] = {ocp::kP1, ocp::kP2, ocp::kPtheta, ocp::kPx, ocp::kPy};
    for (std::size_t k = 0; k + 1 < tr.state.size(); ++k)
      for (int row = 0; row < SleighDmoc::kStepRows; ++row) {
        const double mid = 0.5 * (pmp.states[k](costateOf[row]) + pmp.states[k + 1](costateOf[row]));
        const double lambda = r.solution.lambda[k * SleighDmoc::kStepRows + static_cast<std::size_t>(row)];
        costate = std::max(costate, std::abs(lambda - mid));
      }
    INFO("cost: dmoc " << r.cost << " pmp " << pmp.cost << " relative difference " << costRel);
    INFO("path " << path << " m, heading " << heading << " rad, costates " << costate);
    // The issue's acceptance tolerances...
    CHECK(costRel <= 1e-4);
    CHECK(path <= 1e-3);
    // ...and what the identity of the two discrete problems predicts: agreement to the
    // solvers' tolerances (IPOPT tol 1e-6 scaled, shooting 1e-12).
    CHECK(costRel <= 1e-8);
    CHECK(path <= 1e-8);
    CHECK(heading <= 1e-8);
    CHECK(costate <= 1e-6);
  }
}

TEST_CASE("sleigh DMOC: [bounds] on a channel hold and can only raise the optimal cost", "[optimize]") {
  Problem free = loadProblem(problemPath("sleigh-u-turn-dmoc"));
  free.knots = 100;  // h = 0.2 s: keeps the test fast
  Problem bounded = free;
  bounded.channelBounds["u2"] = {-0.04, 0.04};  // the free optimum's torque peaks near 0.056
  const DmocSession a(free), b(bounded);
  const SolveResult ra = a.solve(a.defaultOptions()), rb = b.solve(b.defaultOptions());
  REQUIRE(ra.status == SolveStatus::Solved);
  REQUIRE(rb.status == SolveStatus::Solved);
  const SleighTrajectory ta = a.sleigh().trajectory(ra.solution.x), tb = b.sleigh().trajectory(rb.solution.x);
  double peakFree = 0.0, peakBounded = 0.0;
  for (double u : ta.u2) peakFree = std::max(peakFree, std::abs(u));
  for (double u : tb.u2) peakBounded = std::max(peakBounded, std::abs(u));
  CHECK(peakFree > 0.045);
  CHECK(peakBounded <= 0.04 + 1e-9);
  CHECK(rb.cost > ra.cost);
  CHECK(b.replayError(rb.solution.x) <= 1e-8);
}
