#pragma once
// A nonlinear program min f(x) s.t. gl <= g(x) <= gu, xl <= x <= xu with an exact sparse
// constraint Jacobian, and its solve by IPOPT (limited-memory Hessian). DMOC transcriptions
// (docs/optimize.md) implement Nlp; the solver knows nothing about vehicles.
#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace lieride::opt {

// Receives the constraint Jacobian as (row, column, value) triplets. A transcription emits
// the same triplets in the same order for every x (zeros included), so the structure taken
// once stays valid.
class JacobianSink {
 public:
  virtual ~JacobianSink() = default;
  virtual void add(int row, int col, double value) = 0;
};

class Nlp {
 public:
  virtual ~Nlp() = default;
  virtual int numVariables() const = 0;
  virtual int numConstraints() const = 0;
  virtual void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                      std::vector<double>& gu) const = 0;
  virtual void initialGuess(std::vector<double>& x) const = 0;
  virtual double cost(const double* x) const = 0;
  virtual void costGradient(const double* x, double* grad) const = 0;
  // g(x); with jac non-null also its Jacobian.
  virtual void constraints(const double* x, double* g, JacobianSink* jac) const = 0;
  // One line naming constraint i and how x violates it ("knot 37: rear-left corner 0.04 m
  // inside obstacle 2").
  virtual std::string describe(int constraint, const double* x, double violation) const = 0;
  // Pairs (i, j) where the cost's Hessian may be non-zero (the constraints' pattern is taken
  // from their Jacobian). Only the finite-difference Hessian uses it.
  virtual void costHessianPattern(std::vector<std::pair<int, int>>&) const {}
  // Pairs (i, j) where the constraints' second derivatives may be non-zero, when the
  // transcription knows them; false: every two columns of one Jacobian row are taken as
  // coupled. Variables that enter their rows linearly, or in separate terms, couple with
  // nothing there, and a sparser pattern needs fewer colours (fd_hessian.hpp). Only the
  // finite-difference Hessian uses it; tests/optimize checks it against a dense Hessian.
  virtual bool constraintHessianPattern(std::vector<std::pair<int, int>>&) const { return false; }
};

// An Nlp that forwards everything to another one: derive and override what differs (the app's
// Optimize worker records the iterates through one). Every virtual of Nlp is forwarded here,
// so a wrapper cannot drop one by omission (a wrapper that did lost the declared Hessian
// pattern: 151 iterations instead of 116 on a landing).
class ForwardingNlp : public Nlp {
 public:
  explicit ForwardingNlp(const Nlp& inner) : inner_(inner) {}
  int numVariables() const override { return inner_.numVariables(); }
  int numConstraints() const override { return inner_.numConstraints(); }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override {
    inner_.bounds(xl, xu, gl, gu);
  }
  void initialGuess(std::vector<double>& x) const override { inner_.initialGuess(x); }
  double cost(const double* x) const override { return inner_.cost(x); }
  void costGradient(const double* x, double* grad) const override { inner_.costGradient(x, grad); }
  void constraints(const double* x, double* g, JacobianSink* jac) const override { inner_.constraints(x, g, jac); }
  std::string describe(int constraint, const double* x, double violation) const override {
    return inner_.describe(constraint, x, violation);
  }
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override { inner_.costHessianPattern(pairs); }
  bool constraintHessianPattern(std::vector<std::pair<int, int>>& pairs) const override {
    return inner_.constraintHessianPattern(pairs);
  }

 protected:
  const Nlp& inner() const { return inner_; }

 private:
  const Nlp& inner_;
};

// Largest violation of the bounds of g at x (and the index of that constraint, -1 if none).
double maxConstraintViolation(const Nlp& nlp, const std::vector<double>& x, int* which = nullptr);

struct IterationInfo {
  int iteration = 0;
  double cost = 0.0;
  double violation = 0.0;  // IPOPT's inf_pr (scaled problem)
  double dualInfeasibility = 0.0;
  double seconds = 0.0;
};

// A previous solution to start from (primal and dual).
struct WarmStart {
  std::vector<double> x, lambda, zL, zU;
};

struct SolveOptions {
  int maxIterations = 1000;
  double tolerance = 1e-6;            // IPOPT tol (scaled optimality)
  double constraintTolerance = 1e-8;  // absolute constraint violation accepted as solved
  // Hessian of the Lagrangian: L-BFGS (IPOPT limited-memory), or central differences of
  // the exact gradient of the Lagrangian (analytic Jacobian), one sweep per colour of a
  // distance-2 colouring of its sparsity.
  enum class Hessian { Lbfgs, FiniteDifference };
  Hessian hessian = Hessian::FiniteDifference;
  int lbfgsMemory = 6;
  // How a cold solve picks the barrier parameter mu: adaptive with Mehrotra's probing oracle,
  // adaptive with the quality-function oracle, or Fiacco-McCormick monotone decrease from
  // mu = 0.01. Default: probing with the finite-difference Hessian, quality-function with
  // L-BFGS. A warm start always uses monotone from 1e-9.
  enum class Barrier { Default, Probing, QualityFunction, Monotone };
  Barrier barrier = Barrier::Default;
  std::function<void(const IterationInfo&)> progress;  // every iteration
  const std::atomic<bool>* cancel = nullptr;           // set to stop at the next iteration
  const WarmStart* warm = nullptr;
  // A warm start still unconverged after this many iterations of the monotone barrier from
  // mu = 1e-9 starts again from the same point with the adaptive barrier; one stopped earlier
  // by the crawl check (no progress on its violation) starts again from the point's primal
  // values alone with the cold settings (solveNlp); 0: never.
  int warmRestartAfter = 25;
  std::vector<double> initial;  // overrides the Nlp's guess when non-empty (primal only)
};

enum class SolveStatus { Solved, IterationLimit, Infeasible, Cancelled, Failed };
const char* toString(SolveStatus s);

// Where a solve's CPU time went (thread CPU seconds): our callbacks against the total, the
// rest being IPOPT itself (mostly the MUMPS factorisations of its KKT system).
struct SolveProfile {
  double total = 0.0;
  double functions = 0.0;  // cost, its gradient, constraint values
  double jacobian = 0.0;   // constraint Jacobian
  double hessian = 0.0;    // Hessian of the Lagrangian (finite differences); 0 with L-BFGS
  SolveProfile& operator+=(const SolveProfile& o) {
    total += o.total;
    functions += o.functions;
    jacobian += o.jacobian;
    hessian += o.hessian;
    return *this;
  }
  SolveProfile& operator-=(const SolveProfile& o) {
    total -= o.total;
    functions -= o.functions;
    jacobian -= o.jacobian;
    hessian -= o.hessian;
    return *this;
  }
};

// One coarse level of a coarse-to-fine solve (DmocSession::solve).
struct MeshLevel {
  int knots = 0, iterations = 0;
  double cost = 0.0;
  SolveStatus status = SolveStatus::Failed;
  SolveProfile profile;  // this level's CPU time
};

struct SolveResult {
  SolveStatus status = SolveStatus::Failed;
  std::string message;  // IPOPT's status in words
  int iterations = 0;
  double cost = 0.0;
  double maxViolation = 0.0;
  int worstConstraint = -1;
  double seconds = 0.0;
  SolveProfile profile;
  WarmStart solution;  // the last iterate (the solution when solved)
  std::vector<MeshLevel> levels;  // coarse levels solved first (iterations counts theirs too)
  bool refusedAtStart = false;    // the problem itself was refused (message says why): no row to blame
};

// Solves nlp with IPOPT. One solve at a time per process (IPOPT 3.11's MUMPS is not
// thread-safe): concurrent callers wait on a mutex. Solved means IPOPT converged AND the
// constraint violation at the returned point is within constraintTolerance.
SolveResult solveNlp(const Nlp& nlp, const SolveOptions& options);

}  // namespace lieride::opt
