// Multiple shooting for the sleigh OCP on the retraction midpoint scheme (docs/retraction.md).
#include "lieride/ocp/sleigh_bvp.hpp"

#include <Eigen/LU>
#include <chrono>
#include <cmath>
#include <sstream>

#include "lieride/ocp/schemes.hpp"

namespace lieride::ocp {
namespace {

using Clock = std::chrono::steady_clock;
using DVec = Eigen::VectorXd;
using DMat = Eigen::MatrixXd;

// One evaluation of the shooting function: residual, its Jacobian, the trajectory, the cost.
struct Shot {
  DVec residual;
  DMat jacobian;
  std::vector<PVec> states;
  double cost = 0.0;
  bool ok = true;
  std::string failure;
};

class Shooter {
 public:
  explicit Shooter(const SleighBvpProblem& p) : p_(p), sys_(p.params) {}

  int unknowns() const { return 5 + 10 * (p_.segments - 1); }

  PVec segmentStart(const DVec& w, int s) const {
    PVec xi(10);
    if (s == 0) {
      for (int i = 0; i < 5; ++i) xi(i) = p_.start[static_cast<std::size_t>(i)];
      xi.tail(5) = w.head(5);
    } else {
      xi = w.segment(5 + 10 * (s - 1), 10);
    }
    return xi;
  }

  Shot evaluate(const DVec& w, bool withJacobian) const {
    const int S = p_.segments, n = p_.stepsPerSegment, dim = unknowns();
    const double h = p_.timeStep();
    Shot shot;
    shot.residual = DVec::Zero(dim);
    if (withJacobian) shot.jacobian = DMat::Zero(dim, dim);
    shot.states.reserve(static_cast<std::size_t>(S * n + 1));
    PMat stepJ, segJ;
    PVec next;
    for (int s = 0; s < S; ++s) {
      PVec cur = segmentStart(w, s);
      if (s == 0) shot.states.push_back(cur);
      segJ = PMat::Identity(10, 10);
      for (int k = 0; k < n; ++k) {
        const OcpStepReport r = deltaStep(sys_, 0.5, h, cur, next, withJacobian ? &stepJ : nullptr);
        if (!r.converged) {
          std::ostringstream msg;
          msg << "segment " << s + 1 << " step " << k + 1 << ": midpoint Newton did not converge (" << r.iterations
              << " iterations, residual " << r.residual << ")";
          shot.ok = false;
          shot.failure = msg.str();
          return shot;
        }
        if (withJacobian) segJ = stepJ * segJ;
        const SleighControls u = stepControls(cur, next);
        shot.cost += 0.5 * h * (u.u1 * u.u1 + u.u2 * u.u2);
        cur = next;
        shot.states.push_back(cur);
      }
      const int row = 10 * s;
      if (s < S - 1) {
        shot.residual.segment(row, 10) = cur - segmentStart(w, s + 1);
      } else {
        for (int i = 0; i < 3; ++i) shot.residual(row + i) = cur(i) - p_.goal[static_cast<std::size_t>(i)];
        shot.residual(row + 3) = cur(kZ1);
        shot.residual(row + 4) = cur(kZ2);
      }
      if (!withJacobian) continue;
      const int rows = s < S - 1 ? 10 : 5;
      if (s == 0) shot.jacobian.block(row, 0, rows, 5) = segJ.block(0, 5, rows, 5);
      else shot.jacobian.block(row, 5 + 10 * (s - 1), rows, 10) = segJ.topRows(rows);
      if (s < S - 1) shot.jacobian.block(row, 5 + 10 * s, 10, 10) -= DMat::Identity(10, 10);
    }
    return shot;
  }

  // Default guess: the pose interpolated linearly from start to goal, the speeds of that
  // straight motion (z2 = m |dpos| / T, z1 = J dtheta / T), zero costates.
  DVec initialGuess() const {
    DVec w = DVec::Zero(unknowns());
    const double T = p_.horizon;
    const double dx = p_.goal[0] - p_.start[0], dy = p_.goal[1] - p_.start[1], dth = p_.goal[2] - p_.start[2];
    for (int s = 1; s < p_.segments; ++s) {
      const double f = static_cast<double>(s) / p_.segments;
      auto seg = w.segment(5 + 10 * (s - 1), 10);
      seg(kX) = p_.start[0] + f * dx;
      seg(kY) = p_.start[1] + f * dy;
      seg(kTheta) = p_.start[2] + f * dth;
      seg(kZ1) = p_.params.inertia * dth / T;
      seg(kZ2) = p_.params.mass * std::hypot(dx, dy) / T;
    }
    return w;
  }

 private:
  const SleighBvpProblem& p_;
  SleighPmp sys_;
};

double maxAbs(const DVec& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; }

}  // namespace

SleighControls stepControls(const PVec& a, const PVec& b) {
  return {0.5 * (a(kP2) + b(kP2)), 0.5 * (a(kP1) + b(kP1))};
}

SleighBvpResult solveSleighBvp(const SleighBvpProblem& problem, const std::function<void(const BvpIterate&)>& progress) {
  const auto t0 = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  Shooter shooter(problem);
  SleighBvpResult result;
  result.h = problem.timeStep();
  DVec w = shooter.initialGuess();
  Shot shot = shooter.evaluate(w, true);
  if (!shot.ok) {
    result.failure = "initial guess: " + shot.failure;
    result.seconds = elapsed();
    return result;
  }
  auto record = [&](int it, const Shot& s) {
    BvpIterate b{it, s.cost, maxAbs(s.residual), elapsed()};
    result.log.push_back(b);
    if (progress) progress(b);
    result.iterations = it;
    result.cost = s.cost;
    result.violation = b.violation;
    result.states = s.states;
    result.terminalError = maxAbs(s.residual.tail(5).head(3));
  };
  record(0, shot);
  for (int it = 1; it <= problem.maxIterations && result.violation > problem.tolerance; ++it) {
    const Eigen::PartialPivLU<DMat> lu(shot.jacobian);
    const DVec dw = lu.solve(shot.residual);
    if (!dw.allFinite()) {
      result.failure = "iteration " + std::to_string(it) + ": singular shooting Jacobian";
      break;
    }
    // Backtracking on the residual's 2-norm (Armijo with c = 1e-4).
    const double f0 = shot.residual.norm();
    double alpha = 1.0;
    Shot trial;
    bool accepted = false;
    for (int halvings = 0; halvings < 30; ++halvings, alpha *= 0.5) {
      // Full steps carry their Jacobian along; a shortened step gets it once accepted.
      trial = shooter.evaluate(w - alpha * dw, halvings == 0);
      if (trial.ok && trial.residual.norm() <= (1.0 - 1e-4 * alpha) * f0) {
        accepted = true;
        if (halvings > 0) trial = shooter.evaluate(w - alpha * dw, true);
        break;
      }
    }
    if (!accepted) {
      std::ostringstream msg;  // %g-like: std::to_string's %f prints 1e300 with 300 digits and 1e-9 as 0.000000
      msg.precision(6);
      msg << "iteration " << it << ": line search found no decrease of the shooting residual (violation "
          << result.violation << ")";
      result.failure = msg.str();
      break;
    }
    w -= alpha * dw;
    shot = std::move(trial);
    record(it, shot);
  }
  result.solved = result.violation <= problem.tolerance;
  if (!result.solved && result.failure.empty()) {
    std::ostringstream msg;
    msg << "no convergence in " << problem.maxIterations << " Newton iterations (violation " << result.violation
        << " > tolerance " << problem.tolerance << ")";
    result.failure = msg.str();
  }
  result.seconds = elapsed();
  return result;
}

}  // namespace lieride::ocp
