// Implicit baselines on SE(3): implicit midpoint on the dynamics (RK2i) and Lie-Newmark.
#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include "se3_integrators.hpp"

namespace lieride::detail {
namespace {

Quat quatRate(const Quat& q, const Vec3& w) { return q * Quat(0.0, 0.5 * w.x(), 0.5 * w.y(), 0.5 * w.z()); }

Quat quatAdvance(const Quat& q, const Quat& rate, double dt) {
  Quat out;
  out.coeffs() = q.coeffs() + dt * rate.coeffs();
  return out.normalized();
}

// Solves xi = base + c h a(t, g, xiEval(xi)) with xiEval(xi) = lambda xi + (1-lambda) anchor
// by Newton, from the initial guess xi.
StepReport solveVelocity(const Se3Dynamics& d, double t, const SE3& g, const Vec6& base, const Vec6& anchor,
                         double lambda, double ch, const SolverSettings& solver, Vec6& xi) {
  StepReport report;
  report.converged = false;
  double previous = INFINITY;
  int stalled = 0;  // iterations in a row without a smaller residual: round-off reached
  for (int it = 0;; ++it) {
    const Vec6 xe = lambda * xi + (1.0 - lambda) * anchor;
    const Vec6 residual = xi - base - ch * d.acceleration(t, g, xe);
    const double scale = std::max({base.lpNorm<Eigen::Infinity>(), xi.lpNorm<Eigen::Infinity>(), 1e-300});
    report.residual = residual.lpNorm<Eigen::Infinity>() / scale;
    if (!std::isfinite(report.residual)) break;
    if (report.residual <= solver.tolerance) {
      report.converged = true;
      break;
    }
    stalled = report.residual < previous ? 0 : stalled + 1;
    previous = report.residual;
    if (it >= solver.maxIterations || stalled >= 3) {
      report.converged = newtonConverged(report.residual, solver.tolerance);  // stopped at round-off
      break;
    }
    const Mat6 J = Mat6::Identity() - ch * lambda * d.accelerationJacobian(t, g, xe);
    xi -= J.partialPivLu().solve(residual);
    report.iterations = it + 1;
  }
  return report;
}

}  // namespace

StepReport ImplicitMidpointSe3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  const Vec6 xi0 = d.inertia.velocity(s.mu);
  const Vec3 w0 = xi0.head<3>();
  // Pose at the midpoint by an explicit half step: the dynamics are evaluated there.
  const Quat qHalf = quatAdvance(s.g.q, quatRate(s.g.q, w0), 0.5 * h);
  const SE3 gHalf{qHalf, s.g.x + 0.5 * h * (s.g.q * xi0.tail<3>())};
  Vec6 xi1 = xi0 + h * d.acceleration(t, s.g, xi0);  // explicit Euler guess
  const StepReport report = solveVelocity(d, t + 0.5 * h, gHalf, xi0, xi0, 0.5, h, solver_, xi1);
  // xi1 solves xi1 = xi0 + h a(t + h/2, g_half, (xi0 + xi1)/2); explicit reconstruction with
  // the midpoint velocity.
  const Vec6 xiMid = 0.5 * (xi0 + xi1);
  s.g = SE3{quatAdvance(s.g.q, quatRate(qHalf, xiMid.head<3>()), h), s.g.x + h * (qHalf * xiMid.tail<3>())};
  s.mu = d.inertia.momentum(xi1);
  return report;
}

StepReport LieNewmarkSe3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  const Vec6 xi0 = d.inertia.velocity(s.mu);
  const std::uint64_t inputs = d.controls->generation();
  const Vec6 a0 = (next_.valid && sameState(next_.g, s.g) && next_.mu == s.mu && next_.inputs == inputs)
                      ? next_.acceleration
                      : d.acceleration(t, s.g, xi0);  // a start, a switch, or new inputs
  // Displacement (Newmark beta = 1/2) in the Lie algebra, then the group update.
  const Vec6 psi = h * xi0 + 0.5 * h * h * a0;
  const SE3 g1 = s.g * se3::exp(psi);
  // Trapezoidal velocity (gamma = 1/2): xi1 = xi0 + h/2 a0 + h/2 a(t+h, g1, xi1).
  const Vec6 base = xi0 + 0.5 * h * a0;
  Vec6 xi1 = base + 0.5 * h * a0;
  const StepReport report = solveVelocity(d, t + h, g1, base, xi1, 1.0, 0.5 * h, solver_, xi1);
  const Vec6 a1 = 2.0 * (xi1 - base) / h;
  s.g = g1;
  s.mu = d.inertia.momentum(xi1);
  next_ = {report.converged, s.g, s.mu, a1, inputs};
  return report;
}

}  // namespace lieride::detail
