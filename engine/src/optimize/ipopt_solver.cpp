// IPOPT (Debian coinor-libipopt-dev, MUMPS) behind the Nlp interface: exact sparse
// constraint Jacobian, the Hessian of the Lagrangian by finite differences of its exact
// gradient (fd_hessian.cpp) or IPOPT's limited-memory L-BFGS (`[problem] hessian`, docs/
// optimize.md), progress and cancel through intermediate_callback, one solve per process
// at a time.
#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <memory>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <mutex>
#include <sstream>

#include "lieride/optimize/fd_hessian.hpp"
#include "lieride/optimize/nlp.hpp"

namespace lieride::opt {
namespace {

using Ipopt::Index;
using Ipopt::Number;

// CPU time of the calling thread (the callbacks run on the solving thread), so that a
// loaded machine does not inflate the profile.
double threadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Adds the thread CPU time of its scope to a counter.
class ScopeTimer {
 public:
  explicit ScopeTimer(double& total) : total_(total), t0_(threadSeconds()) {}
  ~ScopeTimer() { total_ += threadSeconds() - t0_; }
  ScopeTimer(const ScopeTimer&) = delete;
  ScopeTimer& operator=(const ScopeTimer&) = delete;

 private:
  double& total_;
  double t0_;
};

class StructureSink final : public JacobianSink {
 public:
  void add(int row, int col, double) override {
    rows.push_back(row);
    cols.push_back(col);
  }
  std::vector<int> rows, cols;
};

class ValueSink final : public JacobianSink {
 public:
  explicit ValueSink(double* v) : v_(v) {}
  void add(int, int, double value) override { v_[n_++] = value; }

 private:
  double* v_;
  std::size_t n_ = 0;
};

class Adapter final : public Ipopt::TNLP {
 public:
  Adapter(const Nlp& nlp, const SolveOptions& o, SolveResult& r)
      : nlp_(nlp), o_(o), r_(r), start_(std::chrono::steady_clock::now()) {
    nlp_.bounds(xl_, xu_, gl_, gu_);
    // The structure at the start point (any x gives the same structure): a warm start's or
    // the caller's x, else the default guess (the boat's is a Newton-flown autopilot run,
    // not worth building again only for this).
    std::vector<double> x0;
    if (o_.warm) x0 = o_.warm->x;
    else if (!o_.initial.empty()) x0 = o_.initial;
    else nlp_.initialGuess(x0);
    std::vector<double> g(static_cast<std::size_t>(nlp_.numConstraints()));
    nlp_.constraints(x0.data(), g.data(), &structure_);
    const int n = nlp_.numVariables(), m = nlp_.numConstraints();
    for (std::size_t e = 0; e < structure_.rows.size(); ++e)
      if (structure_.rows[e] < 0 || structure_.rows[e] >= m || structure_.cols[e] < 0 || structure_.cols[e] >= n) {
        structureError_ = "the transcription's Jacobian entry " + std::to_string(e) + " is at (" +
                          std::to_string(structure_.rows[e]) + ", " + std::to_string(structure_.cols[e]) +
                          "), outside its " + std::to_string(m) + " x " + std::to_string(n);
        return;
      }
    if (o_.hessian == SolveOptions::Hessian::FiniteDifference)
      hessian_ = std::make_unique<FdHessian>(nlp_, structure_.rows, structure_.cols);
  }

  bool get_nlp_info(Index& n, Index& m, Index& nnzJac, Index& nnzHess, IndexStyleEnum& style) override {
    n = nlp_.numVariables();
    m = nlp_.numConstraints();
    nnzJac = static_cast<Index>(structure_.rows.size());
    nnzHess = hessian_ ? static_cast<Index>(hessian_->rows().size()) : 0;
    style = C_STYLE;
    return true;
  }
  bool get_bounds_info(Index n, Number* xl, Number* xu, Index m, Number* gl, Number* gu) override {
    std::copy_n(xl_.data(), n, xl);
    std::copy_n(xu_.data(), n, xu);
    std::copy_n(gl_.data(), m, gl);
    std::copy_n(gu_.data(), m, gu);
    return true;
  }
  bool get_starting_point(Index n, bool initX, Number* x, bool initZ, Number* zL, Number* zU, Index m,
                          bool initLambda, Number* lambda) override {
    const WarmStart* w = o_.warm;
    if (initX) {
      std::vector<double> x0;
      if (w) x0 = w->x;
      else if (!o_.initial.empty()) x0 = o_.initial;
      else nlp_.initialGuess(x0);
      std::copy_n(x0.data(), n, x);
    }
    if (initZ) {
      if (!w) return false;
      std::copy_n(w->zL.data(), n, zL);
      std::copy_n(w->zU.data(), n, zU);
    }
    if (initLambda) {
      if (!w) return false;
      std::copy_n(w->lambda.data(), m, lambda);
    }
    return true;
  }
  bool eval_f(Index, const Number* x, bool, Number& f) override {
    const ScopeTimer t(r_.profile.functions);
    f = nlp_.cost(x);
    return std::isfinite(f);
  }
  bool eval_grad_f(Index, const Number* x, bool, Number* grad) override {
    const ScopeTimer t(r_.profile.functions);
    nlp_.costGradient(x, grad);
    return true;
  }
  bool eval_g(Index, const Number* x, bool, Index, Number* g) override {
    const ScopeTimer t(r_.profile.functions);
    nlp_.constraints(x, g, nullptr);
    return true;
  }
  bool eval_jac_g(Index, const Number* x, bool, Index m, Index, Index* rows, Index* cols, Number* values) override {
    if (!values) {
      std::copy(structure_.rows.begin(), structure_.rows.end(), rows);
      std::copy(structure_.cols.begin(), structure_.cols.end(), cols);
      return true;
    }
    const ScopeTimer t(r_.profile.jacobian);
    scratch_.resize(static_cast<std::size_t>(m));
    ValueSink sink(values);
    nlp_.constraints(x, scratch_.data(), &sink);
    if (hessian_) {  // kept for the Hessian at the same x (IPOPT asks for both at each iterate)
      jacobianX_.assign(x, x + nlp_.numVariables());
      jacobian_.assign(values, values + structure_.rows.size());
    }
    return true;
  }
  bool eval_h(Index, const Number* x, bool, Number objFactor, Index, const Number* lambda, bool, Index,
              Index* rows, Index* cols, Number* values) override {
    if (!hessian_) return false;
    if (!values) {
      std::copy(hessian_->rows().begin(), hessian_->rows().end(), rows);
      std::copy(hessian_->cols().begin(), hessian_->cols().end(), cols);
      return true;
    }
    const ScopeTimer t(r_.profile.hessian);
    const bool sameX = !jacobianX_.empty() && std::equal(jacobianX_.begin(), jacobianX_.end(), x);
    hessian_->values(x, objFactor, lambda, values, sameX ? jacobian_.data() : nullptr);
    return true;
  }
  bool intermediate_callback(Ipopt::AlgorithmMode, Index iter, Number obj, Number infPr, Number infDu, Number,
                             Number, Number, Number, Number, Index, const Ipopt::IpoptData*,
                             Ipopt::IpoptCalculatedQuantities*) override {
    r_.iterations = iter;
    if (iter == 0) firstViolation_ = infPr;
    if (o_.progress) {
      IterationInfo info;
      info.iteration = iter;
      info.cost = obj;
      info.violation = infPr;
      info.dualInfeasibility = infDu;
      info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      o_.progress(info);
    }
    // solveNlp's crawl check: a warm start still near its first violation stops here (this
    // iteration reported and counted; the restart goes on from the next number).
    if (crawlCheckAt_ > 0 && iter == crawlCheckAt_ && firstViolation_ > kCrawlFloor &&
        infPr > kCrawlFactor * firstViolation_) {
      crawling_ = true;
      return false;
    }
    if (o_.cancel && o_.cancel->load()) {
      cancelled_ = true;
      return false;
    }
    return true;
  }
  void finalize_solution(Ipopt::SolverReturn status, Index n, const Number* x, const Number* zL, const Number* zU,
                         Index m, const Number*, const Number* lambda, Number obj, const Ipopt::IpoptData*,
                         Ipopt::IpoptCalculatedQuantities*) override {
    r_.solution.x.assign(x, x + n);
    r_.solution.zL.assign(zL, zL + n);
    r_.solution.zU.assign(zU, zU + n);
    r_.solution.lambda.assign(lambda, lambda + m);
    r_.cost = obj;
    status_ = status;
  }

  Ipopt::SolverReturn status() const { return status_; }
  // Non-empty when the Nlp's Jacobian structure names a row or column it does not have.
  const std::string& structureError() const { return structureError_; }
  bool cancelled() const { return cancelled_; }
  // Stop at iteration `at` when the violation is still above kCrawlFactor times the start's
  // (0: never); crawling() then says so.
  void watchForCrawl(int at) { crawlCheckAt_ = at; }
  bool crawling() const { return crawling_; }
  static constexpr double kCrawlFactor = 0.1, kCrawlFloor = 1e-6;

 private:
  const Nlp& nlp_;
  const SolveOptions& o_;
  SolveResult& r_;
  std::vector<double> xl_, xu_, gl_, gu_, scratch_;
  std::vector<double> jacobianX_, jacobian_;  // the last Jacobian's values and where
  StructureSink structure_;
  std::unique_ptr<FdHessian> hessian_;
  std::chrono::steady_clock::time_point start_;
  Ipopt::SolverReturn status_ = Ipopt::UNASSIGNED;
  bool cancelled_ = false;
  int crawlCheckAt_ = 0;
  double firstViolation_ = 0.0;
  bool crawling_ = false;
  std::string structureError_;
};

std::mutex& solverMutex() {
  static std::mutex m;
  return m;
}

// MUMPS allocates its factorisation workspace (megabytes) and frees it again for every
// factorisation, several per iteration. glibc's default thresholds adapt to the sizes seen
// so far, and in a process that has already done other work (the app, `lieride bench`) they
// ended up returning the top of the heap to the system after each factorisation and faulting
// it back in for the next: 1700 brk calls and twice the CPU time for a canyon solve (572 ms
// against 267 in the same bench run; `lieride optimize` as a fresh process: 48). With fixed
// thresholds (kept below 64 MB at the top of the heap, blocks of 32 MB and more mapped
// alone) the workspace stays mapped between factorisations. Set once, for the process, at the
// first solve (docs/optimize.md, "Memory between factorisations").
void keepSolverWorkspace() {
#ifdef __GLIBC__
  static std::once_flag once;
  std::call_once(once, [] {
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
  });
#endif
}

const char* words(Ipopt::SolverReturn s) {
  switch (s) {
    case Ipopt::SUCCESS: return "converged";
    case Ipopt::MAXITER_EXCEEDED: return "iteration limit";
    case Ipopt::CPUTIME_EXCEEDED: return "time limit";
    case Ipopt::STOP_AT_TINY_STEP: return "stopped at a tiny step";
    case Ipopt::STOP_AT_ACCEPTABLE_POINT: return "stopped at an acceptable (not optimal) point";
    case Ipopt::LOCAL_INFEASIBILITY: return "locally infeasible";
    case Ipopt::USER_REQUESTED_STOP: return "cancelled";
    case Ipopt::DIVERGING_ITERATES: return "diverging iterates";
    case Ipopt::RESTORATION_FAILURE: return "restoration failed (locally infeasible)";
    case Ipopt::ERROR_IN_STEP_COMPUTATION: return "error in the step computation";
    case Ipopt::INVALID_NUMBER_DETECTED: return "non-finite value in the problem functions";
    case Ipopt::TOO_FEW_DEGREES_OF_FREEDOM: return "too few degrees of freedom";
    default: return "solver failure";
  }
}

}  // namespace

const char* toString(SolveStatus s) {
  switch (s) {
    case SolveStatus::Solved: return "solved";
    case SolveStatus::IterationLimit: return "iteration limit";
    case SolveStatus::Infeasible: return "locally infeasible";
    case SolveStatus::Cancelled: return "cancelled";
    case SolveStatus::Failed: return "failed";
  }
  return "failed";
}

double maxConstraintViolation(const Nlp& nlp, const std::vector<double>& x, int* which) {
  std::vector<double> xl, xu, gl, gu;
  nlp.bounds(xl, xu, gl, gu);
  std::vector<double> g(static_cast<std::size_t>(nlp.numConstraints()));
  nlp.constraints(x.data(), g.data(), nullptr);
  double worst = 0.0;
  int at = -1;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double v = std::isfinite(g[i]) ? std::max({0.0, gl[i] - g[i], g[i] - gu[i]}) : INFINITY;
    if (v > worst) {
      worst = v;
      at = static_cast<int>(i);
    }
  }
  if (which) *which = at;
  return worst;
}

namespace {

// How a warm start picks its barrier parameter (solveNlp below).
enum class WarmBarrier { Monotone, Adaptive };

// crawled (when given) says whether the crawl check at iteration crawlCheckAt stopped it.
SolveResult solveOnce(const Nlp& nlp, const SolveOptions& o, WarmBarrier warmBarrier, int crawlCheckAt = 0,
                      bool* crawled = nullptr) {
  SolveResult r;
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = threadSeconds();
  Ipopt::SmartPtr<Adapter> adapter = new Adapter(nlp, o, r);
  adapter->watchForCrawl(crawlCheckAt);
  // A stop before the first iteration reports the guess: its cost and violation (not 0).
  const auto atGuess = [&](std::string message) {
    r.message = std::move(message);
    r.status = SolveStatus::Failed;
    if (o.warm) r.solution.x = o.warm->x;
    else if (!o.initial.empty()) r.solution.x = o.initial;
    else nlp.initialGuess(r.solution.x);
    r.cost = nlp.cost(r.solution.x.data());
    r.maxViolation = maxConstraintViolation(nlp, r.solution.x, &r.worstConstraint);
    return r;
  };
  if (!adapter->structureError().empty())  // a bug in the transcription: say so, solve nothing
    return atGuess(adapter->structureError());
  // Crossed bounds (a lower above its upper): IPOPT refuses the problem before iterating, which
  // read as "solver failure". Named here; problem files refuse the known contradictions first.
  {
    std::vector<double> xl, xu, gl, gu;
    nlp.bounds(xl, xu, gl, gu);
    const auto crossed = [](const std::vector<double>& lo, const std::vector<double>& hi) {
      for (std::size_t i = 0; i < lo.size(); ++i)
        if (lo[i] > hi[i]) return static_cast<int>(i);
      return -1;
    };
    char text[480];
    if (const int i = crossed(xl, xu); i >= 0) {
      std::snprintf(text, sizeof text, "bounds that contradict each other: variable %d must lie in [%g, %g]", i,
                    xl[static_cast<std::size_t>(i)], xu[static_cast<std::size_t>(i)]);
      r.refusedAtStart = true;
      return atGuess(text);
    }
    if (const int i = crossed(gl, gu); i >= 0) {
      std::vector<double> x0;
      nlp.initialGuess(x0);
      std::snprintf(text, sizeof text, "bounds that contradict each other: constraint %d (%s) must lie in [%g, %g]", i,
                    nlp.describe(i, x0.data(), 0.0).c_str(), gl[static_cast<std::size_t>(i)], gu[static_cast<std::size_t>(i)]);
      r.refusedAtStart = true;
      return atGuess(text);
    }
  }
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
  auto& opts = *app->Options();
  opts.SetIntegerValue("print_level", 0);
  opts.SetStringValue("sb", "yes");
  if (o.hessian == SolveOptions::Hessian::Lbfgs) {
    opts.SetStringValue("hessian_approximation", "limited-memory");
    opts.SetIntegerValue("limited_memory_max_history", o.lbfgsMemory);
  }
  // No relaxation of the bounds (IPOPT's default relaxes them by 1e-8 relative): the interior
  // point then keeps every variable strictly inside its bounds, so a control never leaves its
  // [bounds] interval (with 1e-10 the boat's optimal thrusts ended 5e-8 N above 500 N, the
  // snakeboard's steering 1e-10 rad beyond its 1 rad bound). The shipped problems solve in the
  // same iterations within 3 (docs/optimize.md, "Solver"). Nothing to project back at the end.
  opts.SetNumericValue("bound_relax_factor", 0.0);
  opts.SetIntegerValue("max_iter", o.maxIterations);
  opts.SetNumericValue("tol", o.tolerance);
  // Well inside the final check: the dynamics residuals add up along the motion (a heading
  // error times the distance still to go), and the replay must hold to 1e-8 m. 1e-10 keeps the
  // shipped problems' replays at 1e-10 m or better; 1e-11 cost a warm re-solve one more
  // iteration (a quarter of its time) for nothing the replay could see.
  opts.SetNumericValue("constr_viol_tol", 1e-2 * o.constraintTolerance);
  opts.SetNumericValue("acceptable_constr_viol_tol", o.constraintTolerance);
  // With second derivatives Mehrotra's probing heuristic picks the barrier parameter: the car
  // problems converge in about half the iterations of the default quality-function oracle
  // (car-parallel-park 38 -> 22, car-tunnel 18 -> 15). With L-BFGS it needs more. The
  // helicopter problems choose otherwise ([problem] barrier; docs/optimize.md).
  SolveOptions::Barrier barrier = o.barrier;
  if (barrier == SolveOptions::Barrier::Default)
    barrier = o.hessian == SolveOptions::Hessian::FiniteDifference ? SolveOptions::Barrier::Probing
                                                                    : SolveOptions::Barrier::QualityFunction;
  if (barrier == SolveOptions::Barrier::Monotone) {
    opts.SetStringValue("mu_strategy", "monotone");
    opts.SetNumericValue("mu_init", 1e-2);
    // Monotone mode stops at the first barrier parameter whose subproblem meets tol: with the
    // default 1e-6 that leaves a complementarity near 1e-7, and a warm start from it (mu =
    // 1e-9, below) first spends a dozen iterations re-centring (helicopter-canyon: 19 warm
    // iterations). Two more orders cost the cold solve a few iterations (39 -> 45) and the
    // warm re-solve then takes 3.
    opts.SetNumericValue("tol", std::min(o.tolerance, 1e-8));
  } else {
    opts.SetStringValue("mu_strategy", "adaptive");
    opts.SetStringValue("mu_oracle", barrier == SolveOptions::Barrier::Probing ? "probing" : "quality-function");
  }
  // About three quarters of a solve is MUMPS (docs/optimize.md, "Where the time goes"): its
  // automatic scaling and ordering choice cost more than they save on these banded KKT
  // systems; without scaling and with AMD the car problems solve in the same iterations in
  // about 30 % less CPU time.
  opts.SetIntegerValue("mumps_scaling", 0);
  opts.SetIntegerValue("mumps_pivot_order", 0);
  // Constraint multipliers start at 0 rather than at IPOPT's least-squares estimate, which
  // at a guess far from feasible is large and misleading: car-parallel-park 22 -> 19
  // iterations, helicopter-landing 134 -> 109, the same optima (a warm start brings its own).
  opts.SetNumericValue("constr_mult_init_max", 0.0);
  // A cold solve does no iterative refinement of a step unless the residual asks for it
  // (IPOPT refines anyway while the residual ratio exceeds residual_ratio_max). Each
  // refinement is one more MUMPS solve, and MUMPS 5.5 has a large fixed cost per call:
  // car-tunnel and car-parallel-park 13-14 % fewer instructions in the same iterations,
  // helicopter-canyon 3 % (45 iterations), helicopter-landing 5 % (coarse level 2 iterations
  // more), the same optima (docs/optimize.md, "The cost of a solve"). Warm starts keep the
  // forced refinement: without it the snakeboard's walk to its edited goal takes 18 more
  // iterations and the landing's fine level 6 more.
  if (!o.warm) opts.SetIntegerValue("min_refinement_steps", 0);
  if (o.warm) {
    opts.SetStringValue("warm_start_init_point", "yes");
    opts.SetNumericValue("warm_start_bound_push", 1e-9);
    opts.SetNumericValue("warm_start_bound_frac", 1e-9);
    opts.SetNumericValue("warm_start_slack_bound_push", 1e-9);
    opts.SetNumericValue("warm_start_slack_bound_frac", 1e-9);
    opts.SetNumericValue("warm_start_mult_bound_push", 1e-9);
    // From a neighbouring solution the complementarity is already tiny: a monotone barrier
    // from 1e-9 re-solves a 0.1 m goal edit in 3 iterations (car-tunnel: 4 with the adaptive
    // strategy from 1e-6; 21 -> 15 ms CPU). The adaptive barrier (quality-function oracle) is
    // solveNlp's second attempt at an edit that changes the motion's shape.
    if (warmBarrier == WarmBarrier::Monotone) {
      opts.SetStringValue("mu_strategy", "monotone");
      opts.SetNumericValue("mu_init", 1e-9);
    } else {
      opts.SetStringValue("mu_strategy", "adaptive");
      opts.SetStringValue("mu_oracle", "quality-function");
    }
    // Monotone mode never lets mu fall below tol / (barrier_tol_factor + 1): with tol = 1e-6
    // that is 9e-8, so once the subproblem at 1e-9 is solved IPOPT raises mu to it, moves
    // off the optimum and takes one more iteration to come back (helicopter-landing: 4
    // iterations instead of 3). tol <= 1.1e-8 keeps mu at 1e-9. Not with L-BFGS, whose
    // approximate Hessian needs more iterations for the tighter tolerance (boat-docking 6 ->
    // 9).
    if (o.hessian == SolveOptions::Hessian::FiniteDifference) opts.SetNumericValue("tol", std::min(o.tolerance, 1e-8));
  }
  std::istringstream noOptionsFile;  // never read an ipopt.opt from the working directory
  if (app->Initialize(noOptionsFile) != Ipopt::Solve_Succeeded) {
    r.message = "IPOPT failed to initialise";
    return r;
  }
  app->OptimizeTNLP(adapter);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.profile.total = threadSeconds() - cpu0;
  const Ipopt::SolverReturn s = adapter->status();
  r.message = words(s);
  if (r.solution.x.empty()) return atGuess(r.message);
  r.maxViolation = maxConstraintViolation(nlp, r.solution.x, &r.worstConstraint);
  // IPOPT reports no objective when it stops at the start (a non-finite value in the problem
  // functions at the guess): the report's cost is then the guess's own, not 0.
  if (r.iterations == 0) r.cost = nlp.cost(r.solution.x.data());
  if (crawled) *crawled = adapter->crawling();
  if (adapter->crawling()) {
    r.status = SolveStatus::IterationLimit;  // solveNlp restarts it
    r.message = "stopped by the crawl check";
  } else if (s == Ipopt::SUCCESS && r.maxViolation <= o.constraintTolerance) r.status = SolveStatus::Solved;
  else if (s == Ipopt::SUCCESS) {
    r.status = SolveStatus::Failed;
    r.message = "converged with constraint violation above tolerance";
  } else if (s == Ipopt::MAXITER_EXCEEDED) r.status = SolveStatus::IterationLimit;
  else if (s == Ipopt::LOCAL_INFEASIBILITY || s == Ipopt::RESTORATION_FAILURE) r.status = SolveStatus::Infeasible;
  else if (s == Ipopt::USER_REQUESTED_STOP || adapter->cancelled()) r.status = SolveStatus::Cancelled;
  else r.status = SolveStatus::Failed;
  return r;
}

}  // namespace

// A warm start first tries the monotone barrier from mu = 1e-9, which re-solves a small edit
// in 3-6 iterations. An edit that changes the shape of the motion makes it crawl: the
// snakeboard's turn in place with its goal moved 0.1 m took 169 iterations (the interior
// point has to leave the old active set with mu pinned near 0). After
// SolveOptions::warmRestartAfter iterations (25) without convergence the solve starts again
// from the same warm point with the adaptive barrier (quality-function oracle), which takes
// about 50 there (docs/optimize.md, "Warm re-solves"); restarting from the monotone attempt's
// last iterate instead took 58-193 iterations where the warm point took 63-141 (0.1-1 m
// edits). The shipped problems' other warm re-solves after 0.1-1 m edits take at most 16
// iterations (the boat, 1 m), the collocation baseline's snakeboard 23.
//
// The restart comes earlier when the monotone attempt crawls: every one of those quick
// re-solves has its constraint violation below a tenth of the warm point's by iteration 3
// (the boat's 1 m edit: 1 -> 1.8e-3 at iteration 2), while the snakeboard's still has 0.058
// of 0.080 at iteration 8. At kCrawlCheckAt iterations a violation above a tenth of the start's
// (when the start's is above 1e-6) stops the monotone attempt there instead of at 25. It can
// misjudge: the collocation baseline's snakeboard edit (0.045 of 0.080 at iteration 8) would
// have finished monotone at 23 (docs/optimize.md).
//
// What restarts depends on why. After a crawl the old multipliers belong to the wrong active
// set: the solve starts again from the warm point's primal values alone, with the problem's
// own (cold) barrier. The snakeboard's 0.1 / 0.3 / 0.5 / 1 m edits then take 8 + 39 / 36 / 30
// / 75 iterations, against 8 + 45 / 54 / 74 / 119 from the warm point with the adaptive
// barrier (collocation's: 8 + 19 / 47 / 35 / 41 against 8 + 24 / 31 / 54 / 64). After the 25
// iterations of a monotone attempt whose violation did fall, the multipliers hold: the warm
// point with the adaptive barrier (the canyon's 3 m edit: 25 + 12; from the primal values
// alone 158).
constexpr int kCrawlCheckAt = 8;

SolveResult solveNlp(const Nlp& nlp, const SolveOptions& o) {
  const auto n = static_cast<std::size_t>(nlp.numVariables()), m = static_cast<std::size_t>(nlp.numConstraints());
  if (o.warm && (o.warm->x.size() != n || o.warm->zL.size() != n || o.warm->zU.size() != n || o.warm->lambda.size() != m)) {
    // A solution of a problem with other rows (the helicopter's goal attitude: bounds at a
    // heading that is a multiple of pi, three rows at any other) has no multipliers for this
    // one: its primal values, where they fit, with the cold settings.
    SolveOptions cold = o;
    cold.warm = nullptr;
    if (o.warm->x.size() == n) cold.initial = o.warm->x;
    return solveNlp(nlp, cold);
  }
  std::lock_guard<std::mutex> lock(solverMutex());
  keepSolverWorkspace();
  const int budget = o.warmRestartAfter;
  if (!o.warm || budget <= 0 || o.maxIterations <= budget) return solveOnce(nlp, o, WarmBarrier::Monotone);
  SolveOptions first = o;
  first.maxIterations = budget;
  bool crawled = false;
  const SolveResult monotone = solveOnce(nlp, first, WarmBarrier::Monotone, std::min(kCrawlCheckAt, budget), &crawled);
  if (monotone.status != SolveStatus::IterationLimit) return monotone;
  SolveOptions second = o;
  second.maxIterations = o.maxIterations - monotone.iterations;
  if (crawled) {  // the warm point's primal values, the cold settings
    second.warm = nullptr;
    second.initial = o.warm->x;
  }
  if (o.progress)  // one count of iterations and seconds across both attempts
    second.progress = [&](const IterationInfo& i) {
      if (i.iteration == 0) return;  // the warm point again, already reported as iteration 0
      IterationInfo shifted = i;
      shifted.iteration += monotone.iterations;
      shifted.seconds += monotone.seconds;
      o.progress(shifted);
    };
  SolveResult adaptive = solveOnce(nlp, second, WarmBarrier::Adaptive);
  adaptive.iterations += monotone.iterations;
  adaptive.seconds += monotone.seconds;
  adaptive.profile += monotone.profile;
  return adaptive;
}

}  // namespace lieride::opt
