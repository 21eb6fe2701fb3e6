#pragma once
// The Optimize panel's solver thread (docs/app.md, "Optimize"): DMOC problems (docs/optimize.md)
// solved by IPOPT off the render and physics threads. Every IPOPT iteration (its
// intermediate_callback) becomes an immutable OptimizeSnapshot, the ghost trajectory the 3-D
// view draws; the render thread takes the newest with snapshot() (a shared_ptr swapped under a
// mutex: no torn reads). A new request while a solve runs cancels that solve and restarts with
// the new problem, warm from the last solution. No SDL, GL or ImGui: the ThreadSanitizer build
// of tests/app runs it.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "lieride/lie/types.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::gui {

// One knot of an iterate: the pose the transcription holds there, and the largest violation
// of the constraints that involve the knot (dynamics rows count at the step's later knot).
struct GhostKnot {
  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  double violation = 0.0;
};

struct OptimizeSnapshot {
  enum class Phase { Idle, Solving, Solved, NotSolved, Cancelled };
  Phase phase = Phase::Idle;
  std::uint64_t request = 0;  // the solve() call this belongs to (1, 2, ...)
  int iteration = 0;
  double cost = 0.0;
  double violation = 0.0;  // IPOPT's inf_pr while solving; the largest |g| outside its bounds when done
  double seconds = 0.0;
  bool warm = false;        // started from a previous solution
  std::string line;         // "solved", "cancelled", or the failure line naming the constraint
  std::vector<GhostKnot> knots;
  double timeStep = 0.0;    // h of the iterate (a free-time car: its own)
  // When solved: what `lieride optimize` writes as replay.toml and controls.csv (Play loads them).
  std::string replayToml, controlsCsv;
  int restarts = 0;         // solves a newer request cancelled on the way to this one (edits made while
                            // they ran); counted again from 0 after each solve that ends
};

const char* toString(OptimizeSnapshot::Phase p);

class OptimizeWorker {
 public:
  OptimizeWorker();
  ~OptimizeWorker();
  OptimizeWorker(const OptimizeWorker&) = delete;
  OptimizeWorker& operator=(const OptimizeWorker&) = delete;

  // Solve `problem`; a running solve is cancelled and this one starts in its place, warm from
  // the last solution with the same variables (primal and dual), else from the last iterate.
  // Returns the request number its snapshots carry.
  std::uint64_t solve(const opt::Problem& problem, int maxIterations = 1000);
  // Stop the running solve at its next iteration; its final snapshot says "cancelled".
  void cancel();
  // Forget the warm start (a different problem file).
  void forgetSolution();
  // The newest snapshot (never null).
  std::shared_ptr<const OptimizeSnapshot> snapshot() const;
  // Blocks until `done` holds for a published snapshot, and returns that snapshot (tests).
  std::shared_ptr<const OptimizeSnapshot> waitFor(const std::function<bool(const OptimizeSnapshot&)>& done) const;
  // Called on the worker thread after each iteration's snapshot is published, before the
  // cancel flag is read (tests hold a solve at a chosen iteration with it). Set before solve().
  void setIterationHook(std::function<void(const OptimizeSnapshot&)> hook) { hook_ = std::move(hook); }

 private:
  struct Request {
    std::uint64_t id = 0;
    opt::Problem problem;
    int maxIterations = 1000;
  };
  void run();
  void solveOne(const Request& r);
  void publish(std::shared_ptr<const OptimizeSnapshot> s);

  mutable std::mutex m_;  // pending_, quit_, warm state
  std::condition_variable cv_;
  std::optional<Request> pending_;
  bool quit_ = false;
  std::uint64_t nextId_ = 0;
  std::atomic<bool> cancel_{false};
  bool running_ = false;

  mutable std::mutex snapMutex_;
  mutable std::condition_variable snapCv_;
  std::shared_ptr<const OptimizeSnapshot> snap_;
  int restarts_ = 0;

  // Worker-thread only: the last solution and the last iterate, for warm starts.
  opt::WarmStart lastSolution_;
  std::vector<double> lastIterate_;
  std::atomic<bool> forget_{false};

  std::function<void(const OptimizeSnapshot&)> hook_;
  std::thread thread_;
};

}  // namespace lieride::gui
