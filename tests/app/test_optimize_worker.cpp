// The Optimize panel's solver thread (app/gui/core/optimize_worker.*): cancel, restart on an
// edit, warm re-solve, snapshots read concurrently. Part of test_app_threads, which the tsan
// preset runs under ThreadSanitizer (scripts/test.sh). No sleeps: every wait is on a condition.
#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "lieride/optimize/dmoc.hpp"
#include "optimize_worker.hpp"

using namespace lieride;
using namespace lieride::gui;

namespace {

// The sleigh U-turn by DMOC (docs/optimize.md) on 40 knots: a few IPOPT iterations.
opt::Problem uTurn() {
  opt::ProblemOverrides ov;
  ov.knots = 40;
  return opt::loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn-dmoc.toml", ov);
}

bool finished(const OptimizeSnapshot& s, std::uint64_t id) {
  return s.request == id && s.phase != OptimizeSnapshot::Phase::Solving;
}

// Holds the worker inside IPOPT's intermediate callback at one iteration of one request until
// the test releases it: what the test does meanwhile happens during that solve.
struct Gate {
  std::mutex m;
  std::condition_variable cv;
  std::uint64_t request = 0;
  int iteration = 1;
  bool reached = false, released = false;
  void hook(const OptimizeSnapshot& s) {
    std::unique_lock<std::mutex> lock(m);
    if (s.request != request || s.iteration != iteration || reached) return;
    reached = true;
    cv.notify_all();
    cv.wait(lock, [&] { return released; });
  }
  void waitReached() {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return reached; });
  }
  void release() {
    {
      std::lock_guard<std::mutex> lock(m);
      released = true;
    }
    cv.notify_all();
  }
};

}  // namespace

TEST_CASE("threads: optimize worker: a cancelled solve stops at the iteration it was cancelled in", "[threads][optimize]") {
  const opt::Problem p = uTurn();
  OptimizeWorker w;
  Gate gate;
  gate.request = 1;
  w.setIterationHook([&](const OptimizeSnapshot& s) { gate.hook(s); });
  const auto id = w.solve(p);
  REQUIRE(id == 1);
  gate.waitReached();
  w.cancel();
  gate.release();
  const auto s = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, id); });
  CHECK(s->phase == OptimizeSnapshot::Phase::Cancelled);
  CHECK(s->line == "cancelled");
  CHECK(s->iteration == gate.iteration);  // not one iteration more
  CHECK(s->knots.size() == 41);           // the best iterate is still drawn
  CHECK(s->replayToml.empty());           // nothing to play
  CHECK(s->restarts == 0);
}

TEST_CASE("threads: optimize worker: an edit during a solve restarts it with the edited problem", "[threads][optimize]") {
  const opt::Problem p = uTurn();
  opt::Problem edited = p;
  edited.goal.position = *p.goal.position + Vec2(0.5, 0.25);
  OptimizeWorker w;
  Gate gate;
  gate.request = 1;
  w.setIterationHook([&](const OptimizeSnapshot& s) { gate.hook(s); });
  const auto first = w.solve(p);
  gate.waitReached();
  const auto second = w.solve(edited);  // while the first solve sits in its callback
  gate.release();
  const auto s = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, second); });
  REQUIRE(second == first + 1);
  CHECK(s->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(s->restarts == 1);  // the first solve was cancelled, not finished
  CHECK(s->warm);           // from the first solve's last iterate
  REQUIRE(s->knots.size() == 41);
  // The solution ends at the edited goal (held exactly by the sleigh's bounds), not the old one.
  const Vec3 end = s->knots.back().position;
  CHECK(std::abs(end.x() - edited.goal.position->x()) < 1e-6);
  CHECK(std::abs(end.y() - edited.goal.position->y()) < 1e-6);
  for (const GhostKnot& k : s->knots) CHECK(k.violation <= 1e-8);
  // The next edit's solve counts its own restarts (none), not the worker's history.
  const auto third = w.solve(p);
  const auto t = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, third); });
  CHECK(t->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(t->restarts == 0);
}

TEST_CASE("threads: optimize worker: warm re-solve after a goal edit while another thread reads snapshots", "[threads][optimize]") {
  const opt::Problem p = uTurn();
  OptimizeWorker w;
  std::atomic<bool> stop{false};
  std::atomic<long> reads{0};
  // The render thread's part: take the newest snapshot and read every knot of it.
  std::thread reader([&] {
    while (!stop.load()) {
      const auto s = w.snapshot();
      double sum = 0;
      for (const GhostKnot& k : s->knots) sum += k.position.norm() + k.violation;
      if (std::isfinite(sum)) reads.fetch_add(1);
    }
  });
  const auto cold = w.solve(p);
  const auto a = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, cold); });
  opt::Problem edited = p;
  edited.goal.position = *p.goal.position + Vec2(0.1, 0.0);
  const auto warm = w.solve(edited);
  const auto b = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, warm); });
  stop.store(true);
  reader.join();
  REQUIRE(a->phase == OptimizeSnapshot::Phase::Solved);
  REQUIRE(b->phase == OptimizeSnapshot::Phase::Solved);
  CHECK_FALSE(a->warm);
  CHECK(b->warm);
  CHECK(b->iteration <= a->iteration);
  CHECK(std::abs(b->knots.back().position.x() - edited.goal.position->x()) < 1e-6);
  // Play's inputs: the replay scenario reads the controls file written beside it.
  CHECK(b->replayToml.find("file = \"controls.csv\"") != std::string::npos);
  CHECK(b->controlsCsv.rfind("t,", 0) == 0);
  CHECK(reads.load() > 0);
}

TEST_CASE("threads: optimize worker: an unsolved problem reports its failure line and keeps the best iterate", "[threads][optimize]") {
  const opt::Problem p = uTurn();
  OptimizeWorker w;
  const auto id = w.solve(p, 1);  // one iteration: not enough for this problem
  const auto s = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, id); });
  CHECK(s->phase == OptimizeSnapshot::Phase::NotSolved);
  CHECK(s->line.rfind("iteration limit", 0) == 0);
  CHECK(s->knots.size() == 41);
  CHECK(s->replayToml.empty());
  // The next solve starts from that iterate (primal) and finishes.
  const auto again = w.solve(p);
  const auto t = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, again); });
  CHECK(t->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(t->warm);
}

TEST_CASE("threads: optimize worker: a coarse-to-fine cold solve is the CLI's solve, iterations counted over the levels",
          "[threads][optimize]") {
  // The landing on 24 knots from 8 (coarse_knots): the worker's solved snapshot must report the
  // iterations, cost and final knot `lieride optimize` gets (DmocSession::solve). Before, the
  // worker ran the fine level with the warm restart and counted only its iterations.
  opt::Problem p = opt::loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/helicopter-landing.toml");
  p.knots = 24;
  p.coarseKnots = {8};
  const opt::DmocSession session(p);
  const opt::SolveResult cli = session.solve(session.defaultOptions());
  REQUIRE(cli.status == opt::SolveStatus::Solved);
  REQUIRE(cli.levels.size() == 1);
  OptimizeWorker w;
  const auto id = w.solve(p);
  const auto s = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, id); });
  REQUIRE(s->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(s->iteration == cli.iterations);
  CHECK(s->iteration > cli.levels.front().iterations);
  CHECK(std::abs(s->cost - cli.cost) <= 1e-12 * std::abs(cli.cost));
}

TEST_CASE("threads: optimize worker: a warm start that fails is tried again cold, and both are counted", "[threads][optimize]") {
  // From a solution of a goal dragged far, the goal typed back stayed "locally infeasible" at
  // every warm re-solve. The worker now retries cold from the problem's own guess. Here the
  // iteration limit (2) makes both attempts fail, so both show.
  const opt::Problem p = uTurn();
  OptimizeWorker w;
  std::mutex m;
  bool sawRetry = false;
  w.setIterationHook([&](const OptimizeSnapshot& s) {
    std::lock_guard<std::mutex> lock(m);
    sawRetry = sawRetry || s.line.rfind("the warm start failed (2 iterations): solving cold", 0) == 0;
  });
  const auto first = w.solve(p);
  const auto a = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, first); });
  REQUIRE(a->phase == OptimizeSnapshot::Phase::Solved);
  opt::Problem edited = p;
  edited.goal.position = *p.goal.position + Vec2(1.5, -1.0);
  const auto second = w.solve(edited, 2);
  const auto b = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, second); });
  CHECK(b->phase == OptimizeSnapshot::Phase::NotSolved);
  CHECK_FALSE(b->warm);          // the cold attempt's result
  CHECK(b->iteration == 2 + 2);  // both attempts counted
  {
    std::lock_guard<std::mutex> lock(m);
    CHECK(sawRetry);
  }
  // With room to converge the edited problem solves (warm from the last solution).
  const auto third = w.solve(edited);
  const auto c = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, third); });
  CHECK(c->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(std::abs(c->knots.back().position.x() - edited.goal.position->x()) < 1e-6);
}

TEST_CASE("threads: optimize worker: a converged plan the simulator does not retrace is not solved", "[threads][optimize]") {
  // boat-docking with T free in [8, 24] s and a time weight of 10 converges at h = 0.36 s, where
  // the hull's heave is unstable under lie-cay-tln: the replay ends 23 m from the plan. The
  // panel showed "solved" and Play flew off the ghost; now it says why, as lieride optimize does.
  opt::Problem p = opt::loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/boat-docking.toml");
  p.freeTime = std::make_pair(8.0, 24.0);
  p.timeWeight = 10.0;
  OptimizeWorker w;
  const auto id = w.solve(p);
  const auto s = w.waitFor([&](const OptimizeSnapshot& x) { return finished(x, id); });
  CHECK(s->phase == OptimizeSnapshot::Phase::NotSolved);
  CHECK(s->line.rfind("the simulator's replay leaves the plan by", 0) == 0);
  CHECK(s->replayToml.empty());  // nothing to Play
}
