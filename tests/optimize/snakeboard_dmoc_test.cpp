// DMOC of the snakeboard on the lie-nh updates (docs/formats.md section 4): the automatic-
// differentiation Jacobian against central differences; snakeboard-reorient solves from its
// default guess and the simulator replays its torques.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

const std::string kSmall = joined({kSnakeboardVehicle, kSnakeboardProblem});

}  // namespace

TEST_CASE("snakeboard DMOC: the constraint Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  const JacobianCheck j = jacobianCheck(s.nlp(), jitteredGuess(s.nlp(), 7, 0.4));
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("snakeboard DMOC: a simulated torque sequence satisfies the constraints to round-off", "[optimize]") {
  // Independent of the transcription's algebra: the simulator's own steps are a feasible point.
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  const SnakeboardDmoc& nlp = s.snakeboard();
  std::vector<double> x;
  nlp.initialGuess(x);
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> tau(-5.0, 5.0);
  SnakeboardTrajectory tr = nlp.trajectory(x);
  for (std::size_t k = 0; k < tr.tauPsi.size(); ++k) {
    tr.tauPsi[k] = tau(rng);
    tr.tauPhi[k] = 0.2 * tau(rng);
    x[SnakeboardDmoc::var(static_cast<int>(k), SnakeboardDmoc::kTauPsi)] = tr.tauPsi[k];
    x[SnakeboardDmoc::var(static_cast<int>(k), SnakeboardDmoc::kTauPhi)] = tr.tauPhi[k];
  }
  // Step the transcription's own map forward from knot 0 (zero residual by construction) and
  // compare the poses with the simulator's run of the same torques.
  std::vector<double> g(static_cast<std::size_t>(nlp.numConstraints()));
  for (int k = 0; k < nlp.knots(); ++k) {
    nlp.constraints(x.data(), g.data(), nullptr);
    for (int i = 0; i < SnakeboardDmoc::kKnotVars; ++i)
      x[SnakeboardDmoc::var(k + 1, i)] -= g[static_cast<std::size_t>(SnakeboardDmoc::kStepRows * k + i)];
  }
  nlp.constraints(x.data(), g.data(), nullptr);
  for (double r : g) CHECK(std::abs(r) < 1e-12);
  CHECK(s.replayError(x) < 1e-12);
  CHECK(std::abs(x[SnakeboardDmoc::var(nlp.knots(), SnakeboardDmoc::kX)] - 0.3) > 0.05);  // it moved
}

TEST_CASE("snakeboard DMOC: snakeboard-reorient solves from its default guess and replays to 1e-8 m", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("snakeboard-reorient")));
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
  const SnakeboardTrajectory tr = s.snakeboard().trajectory(r.solution.x);
  const auto& end = tr.knot.back();
  CHECK(std::abs(end[SnakeboardDmoc::kTheta] - M_PI / 2) <= 0.01 + 1e-9);
  CHECK(std::hypot(end[SnakeboardDmoc::kX], end[SnakeboardDmoc::kY]) <= 0.015);
  const auto v = s.snakeboard().velocities(end);
  for (double c : v) CHECK(std::abs(c) < 1e-9);  // at rest
  double reach = 0.0;  // it rolled out and back
  for (const auto& z : tr.knot) reach = std::max(reach, std::hypot(z[SnakeboardDmoc::kX], z[SnakeboardDmoc::kY]));
  CHECK(reach > 0.05);
  // Within the bounds exactly: IPOPT's bounds are not relaxed (ipopt_solver.cpp).
  for (double u : tr.tauPsi) CHECK(std::abs(u) <= 60.0);
  for (double u : tr.tauPhi) CHECK(std::abs(u) <= 10.0);
  for (const auto& z : tr.knot) CHECK(std::abs(z[SnakeboardDmoc::kPhi]) <= 1.0);
}

TEST_CASE("snakeboard DMOC: a warm re-solve the monotone barrier cannot finish restarts with the adaptive one",
          "[optimize]") {
  // Moving snakeboard-reorient's goal 0.1 m turns a turn in place into a longer motion: the
  // warm start's monotone barrier from mu = 1e-9 crawls there (about 200 iterations), so
  // solveNlp starts again from the warm point's primal values with the problem's own barrier,
  // after 8 iterations (the crawl check: the violation is still above a tenth of the start's)
  // rather than after SolveOptions::warmRestartAfter (25; docs/optimize.md, "Warm re-solves").
  const Problem p = loadProblem(problemPath("snakeboard-reorient"));
  const DmocSession cold(p);
  const SolveResult r0 = cold.solve(cold.defaultOptions());
  REQUIRE(r0.status == SolveStatus::Solved);
  Problem moved = p;
  moved.goal.position = Vec2(moved.goal.position->x() + 0.1, moved.goal.position->y());
  const DmocSession edited(moved);
  SolveOptions o = edited.defaultOptions();
  o.warm = &r0.solution;
  std::vector<int> reported;
  o.progress = [&](const IterationInfo& i) { reported.push_back(i.iteration); };
  const SolveResult r = edited.solve(o);
  INFO(edited.failureLine(r) << ", " << r.iterations << " iterations, cost " << r.cost);
  REQUIRE(r.status == SolveStatus::Solved);
  // The restart ran, and at iteration 8: the same solve as one whose monotone budget is 8.
  SolveOptions monotoneOnly = o, budget8 = o;
  monotoneOnly.progress = budget8.progress = nullptr;
  monotoneOnly.warmRestartAfter = 0;  // never restarts
  monotoneOnly.maxIterations = 400;
  budget8.warmRestartAfter = 8;
  const SolveResult rm = edited.solve(monotoneOnly), r8 = edited.solve(budget8);
  INFO("monotone alone " << rm.iterations << " iterations, restarted at 8 " << r8.iterations);
  CHECK(rm.iterations > 100);
  CHECK(r.iterations == r8.iterations);
  CHECK(r.iterations < rm.iterations / 2);
  // After a crawl the restart is a cold solve from the warm point's primal values (the old
  // multipliers belong to the old active set): 8 iterations more than that solve, its optimum.
  SolveOptions primal = edited.defaultOptions();
  primal.initial = r0.solution.x;
  const SolveResult rp = edited.solve(primal);
  REQUIRE(rp.status == SolveStatus::Solved);
  CHECK(r.iterations == 8 + rp.iterations);
  CHECK(r.cost == Approx(rp.cost).epsilon(1e-9));
  // One count across both attempts: the progress lines number every iteration once.
  REQUIRE(!reported.empty());
  for (std::size_t i = 0; i < reported.size(); ++i) CHECK(reported[i] == static_cast<int>(i));
  CHECK(reported.back() == r.iterations);
  CHECK(r.maxViolation <= 1e-8);
  CHECK(edited.replayError(r.solution.x) <= 1e-8);
  const SnakeboardTrajectory tr = edited.snakeboard().trajectory(r.solution.x);
  const auto& end = tr.knot.back();
  CHECK(std::abs(end[SnakeboardDmoc::kX] - moved.goal.position->x()) <= 0.01 + 1e-9);
  CHECK(std::abs(end[SnakeboardDmoc::kTheta] - M_PI / 2) <= 0.01 + 1e-9);
}

TEST_CASE("snakeboard DMOC: free final time: the h column matches central differences, solves replay at their step",
          "[optimize]") {
  Problem p = loadProblem(problemPath("snakeboard-reorient"));
  const double T0 = p.horizon;
  p.freeTime = std::make_pair(0.5 * T0, 2.0 * T0);
  {
    Problem small = loadProblemFromString(kSmall, "small.toml", ".");
    small.freeTime = std::make_pair(0.5 * small.horizon, 2.0 * small.horizon);
    small.timeWeight = 0.7;
    const DmocSession s(small);
    REQUIRE(s.snakeboard().freeTime());
    const JacobianCheck j = jacobianCheck(s.nlp(), jitteredGuess(s.nlp(), 17, 0.05));
    INFO(j);
    CHECK(j.error < 1e-7);
  }
  // The final time falls as its weight grows (and stays within free_time).
  checkFinalTimeFalls(p, {0.0, 20.0, 200.0});
}
