#include "optimize_worker.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "lieride/optimize/dmoc.hpp"

namespace lieride::gui {
namespace {

using Phase = OptimizeSnapshot::Phase;

// Forwards to the transcription and keeps the point of the latest Jacobian evaluation. IPOPT
// evaluates the Jacobian at each accepted iterate for its convergence test, right before it
// calls intermediate_callback (the finite-difference Hessian's perturbed evaluations come
// after, at the start of the next iteration): inside the progress callback this is the iterate.
class RecordingNlp final : public opt::ForwardingNlp {
 public:
  explicit RecordingNlp(const opt::Nlp& nlp) : ForwardingNlp(nlp) {}
  void constraints(const double* x, double* g, opt::JacobianSink* jac) const override {
    if (jac) last_.assign(x, x + numVariables());
    inner().constraints(x, g, jac);
  }
  const std::vector<double>& lastIterate() const { return last_; }

 private:
  mutable std::vector<double> last_;
};

// Where each knot's pose lies among the decision variables, and which knot each constraint
// row belongs to (the latest knot among its variables; a free-time step variable is no knot).
class Ghost {
 public:
  explicit Ghost(const opt::DmocSession& s) : s_(s) {
    const opt::DmocSession::KnotLayout l = s.knotLayout();
    stride_ = l.stride;
    knotVars_ = l.knotVars;
    knots_ = l.knots;
    const opt::Nlp& nlp = s.nlp();
    std::vector<double> xl, xu;
    nlp.bounds(xl, xu, gl_, gu_);
    std::vector<double> x0;
    nlp.initialGuess(x0);
    g_.resize(static_cast<std::size_t>(nlp.numConstraints()));
    if (stride_ > 0) {
      // A row's knot from its columns: drop a free time step (beyond the last knot's variables).
      struct KnotSink final : opt::JacobianSink {
        std::vector<int>* knot;
        int stride, lastVar, n;
        void add(int row, int col, double) override {
          if (col >= lastVar) return;
          auto& k = (*knot)[static_cast<std::size_t>(row)];
          k = std::max(k, std::min(col / stride, n));
        }
      } ks;
      rowKnot_.assign(g_.size(), 0);
      ks.knot = &rowKnot_;
      ks.stride = stride_;
      ks.lastVar = stride_ * knots_ + knotVars_;
      ks.n = knots_;
      nlp.constraints(x0.data(), g_.data(), &ks);
    }
  }

  std::vector<GhostKnot> knots(const std::vector<double>& x) {
    std::vector<GhostKnot> out;
    if (stride_ == 0 || static_cast<int>(x.size()) < stride_ * knots_ + knotVars_) return out;
    out.resize(static_cast<std::size_t>(knots_ + 1));
    for (int k = 0; k <= knots_; ++k) {
      GhostKnot& p = out[static_cast<std::size_t>(k)];
      s_.knotPose(x.data(), k, p.position, p.orientation);
    }
    s_.nlp().constraints(x.data(), g_.data(), nullptr);
    for (std::size_t i = 0; i < g_.size(); ++i) {
      const double viol = std::isfinite(g_[i]) ? std::max({0.0, gl_[i] - g_[i], g_[i] - gu_[i]}) : INFINITY;
      double& w = out[static_cast<std::size_t>(rowKnot_[i])].violation;
      w = std::max(w, viol);
    }
    return out;
  }

 private:
  const opt::DmocSession& s_;
  int stride_ = 0, knotVars_ = 0, knots_ = 0;
  std::vector<double> gl_, gu_, g_;
  std::vector<int> rowKnot_;
};

}  // namespace

const char* toString(OptimizeSnapshot::Phase p) {
  switch (p) {
    case Phase::Idle: return "idle";
    case Phase::Solving: return "solving";
    case Phase::Solved: return "solved";
    case Phase::NotSolved: return "not solved";
    case Phase::Cancelled: return "cancelled";
  }
  return "idle";
}

OptimizeWorker::OptimizeWorker() : snap_(std::make_shared<OptimizeSnapshot>()) {
  thread_ = std::thread([this] { run(); });
}

OptimizeWorker::~OptimizeWorker() {
  {
    std::lock_guard<std::mutex> lock(m_);
    quit_ = true;
    pending_.reset();
    cancel_.store(true);
  }
  cv_.notify_all();
  thread_.join();
}

std::uint64_t OptimizeWorker::solve(const opt::Problem& problem, int maxIterations) {
  std::uint64_t id;
  {
    std::lock_guard<std::mutex> lock(m_);
    id = ++nextId_;
    pending_ = Request{id, problem, maxIterations};
    if (running_) cancel_.store(true);  // restart: the running solve stops at its next iteration
  }
  cv_.notify_all();
  return id;
}

void OptimizeWorker::cancel() {
  std::lock_guard<std::mutex> lock(m_);
  pending_.reset();
  if (running_) cancel_.store(true);
}

void OptimizeWorker::forgetSolution() { forget_.store(true); }

std::shared_ptr<const OptimizeSnapshot> OptimizeWorker::snapshot() const {
  std::lock_guard<std::mutex> lock(snapMutex_);
  return snap_;
}

std::shared_ptr<const OptimizeSnapshot> OptimizeWorker::waitFor(
    const std::function<bool(const OptimizeSnapshot&)>& done) const {
  std::unique_lock<std::mutex> lock(snapMutex_);
  snapCv_.wait(lock, [&] { return done(*snap_); });
  return snap_;
}

void OptimizeWorker::publish(std::shared_ptr<const OptimizeSnapshot> s) {
  {
    std::lock_guard<std::mutex> lock(snapMutex_);
    snap_ = std::move(s);
  }
  snapCv_.notify_all();
}

void OptimizeWorker::run() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    cv_.wait(lock, [&] { return quit_ || pending_.has_value(); });
    if (quit_) return;
    const Request r = std::move(*pending_);
    pending_.reset();
    cancel_.store(false);
    running_ = true;
    lock.unlock();
    solveOne(r);
    lock.lock();
    running_ = false;
  }
}

void OptimizeWorker::solveOne(const Request& req) {
  auto base = std::make_shared<OptimizeSnapshot>();
  base->request = req.id;
  base->phase = Phase::Solving;
  base->restarts = restarts_;
  std::unique_ptr<opt::DmocSession> session;
  try {
    session = std::make_unique<opt::DmocSession>(req.problem);
  } catch (const std::exception& e) {
    base->phase = Phase::NotSolved;
    base->line = e.what();
    restarts_ = 0;
    publish(base);
    return;
  }
  Ghost ghost(*session);
  bool coldRetry = false;
  const opt::Nlp& nlp = session->nlp();
  RecordingNlp recording(nlp);
  opt::SolveOptions o = session->defaultOptions();
  o.maxIterations = req.maxIterations;
  o.cancel = &cancel_;
  if (forget_.exchange(false)) {
    lastSolution_ = {};
    lastIterate_.clear();
  }
  const auto n = static_cast<std::size_t>(nlp.numVariables()), m = static_cast<std::size_t>(nlp.numConstraints());
  if (lastSolution_.x.size() == n && lastSolution_.lambda.size() == m) o.warm = &lastSolution_;
  else if (lastIterate_.size() == n) o.initial = lastIterate_;
  base->warm = o.warm != nullptr || !o.initial.empty();
  {
    std::vector<double> x0 = o.warm ? lastSolution_.x : o.initial;
    if (x0.empty()) nlp.initialGuess(x0);
    base->knots = ghost.knots(x0);
    base->timeStep = session->timeStep(x0);
    base->line = base->warm ? "solving (warm start)" : "solving";
    publish(base);
  }
  // A cold solve of a problem with coarse_knots starts from its coarse levels' solution, as in
  // `lieride optimize` (DmocSession::solve: the same levels, the same fine solve, iterations and
  // time counted over all levels); a cancel during them stops the solve at the fine level's
  // first iteration. The progress lines are the fine level's.
  o.progress = [&](const opt::IterationInfo& it) {
    auto s = std::make_shared<OptimizeSnapshot>();
    s->phase = Phase::Solving;
    s->request = req.id;
    s->iteration = it.iteration;
    s->cost = it.cost;
    s->violation = it.violation;
    s->seconds = it.seconds;
    s->warm = base->warm;
    s->restarts = restarts_;
    s->line = base->line;
    const std::vector<double>& x = recording.lastIterate();
    if (x.size() == n) {
      s->knots = ghost.knots(x);
      s->timeStep = session->timeStep(x);
    } else {
      s->knots = base->knots;
      s->timeStep = base->timeStep;
    }
    publish(s);
    if (hook_) hook_(*s);
  };
  opt::SolveResult r = session->solve(o, recording);
  // A warm start that fails is tried again cold, from the problem's own guess: from a solution
  // of a goal dragged far (round an obstacle), the goal typed back to where it was stayed
  // "locally infeasible" at every re-solve, and only reopening the scene recovered it.
  if (base->warm && r.status != opt::SolveStatus::Solved && r.status != opt::SolveStatus::Cancelled && !cancel_.load()) {
    const int warmIterations = r.iterations;
    const double warmSeconds = r.seconds;
    auto note = std::make_shared<OptimizeSnapshot>(*base);
    note->warm = false;
    note->line = "the warm start failed (" + std::to_string(warmIterations) + " iterations): solving cold";
    publish(note);
    base->warm = false;
    base->line = note->line;
    o.warm = nullptr;
    o.initial.clear();
    r = session->solve(o, recording);
    r.iterations += warmIterations;
    r.seconds += warmSeconds;
    coldRetry = true;
  }

  auto s = std::make_shared<OptimizeSnapshot>();
  s->request = req.id;
  s->iteration = r.iterations;
  s->cost = r.cost;
  s->violation = r.maxViolation;
  s->seconds = r.seconds;
  s->warm = base->warm;
  s->knots = ghost.knots(r.solution.x);
  s->timeStep = session->timeStep(r.solution.x);
  if (r.status == opt::SolveStatus::Cancelled) {
    if (r.solution.x.size() == n) lastIterate_ = r.solution.x;
    bool restarting;
    {
      std::lock_guard<std::mutex> lock(m_);
      restarting = pending_.has_value();
    }
    if (restarting) {
      ++restarts_;
      return;  // the newer request's snapshots follow
    }
    s->phase = Phase::Cancelled;
    s->line = "cancelled";
  } else if (const auto replayFails = r.status == opt::SolveStatus::Solved
                                          ? session->replayFailure(r.solution.x, session->replayError(r.solution.x))
                                          : std::nullopt) {
    // Converged, but the simulator does not retrace it (an h where the motion is unstable):
    // not a plan to Play. Kept as the warm start of the next edit.
    lastSolution_ = r.solution;
    lastIterate_ = r.solution.x;
    s->phase = Phase::NotSolved;
    s->line = *replayFails;
  } else if (r.status == opt::SolveStatus::Solved) {
    lastSolution_ = r.solution;
    lastIterate_ = r.solution.x;
    s->phase = Phase::Solved;
    s->line = coldRetry ? "solved cold after the warm start failed" : "solved";
    s->replayToml = session->replayScenario("controls.csv", r.solution.x);
    std::ostringstream csv;
    session->writeControlsCsv(r.solution.x, csv);
    s->controlsCsv = csv.str();
  } else {
    if (r.solution.x.size() == n) lastIterate_ = r.solution.x;
    s->phase = Phase::NotSolved;
    s->line = session->failureLine(r);
  }
  s->restarts = restarts_;
  restarts_ = 0;  // the next edit's solve counts its own
  publish(s);
}

}  // namespace lieride::gui
