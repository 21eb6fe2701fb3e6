// DMOC of the controlled sleigh on the retraction-midpoint updates (see sleigh_dmoc.hpp;
// Anahory Simoes et al. VI.C). Jacobians are analytic; tests/optimize checks them against
// finite differences.
#include "lieride/optimize/sleigh_dmoc.hpp"

#include <cmath>
#include <cstdio>

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;  // IPOPT's infinity

struct Emit {
  JacobianSink* jac;
  void operator()(int row, int col, double v) const {
    if (jac) jac->add(row, col, v);
  }
};

}  // namespace

SleighDmoc::SleighDmoc(const Problem& problem, const ocp::SleighOcpParams& params, const std::array<double, 5>& start)
    : problem_(problem), params_(params), start_(start), n_(problem.knots), h_(problem.timeStep()) {}

void SleighDmoc::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                        std::vector<double>& gu) const {
  const int nv = numVariables();
  xl.assign(static_cast<std::size_t>(nv), -kInf);
  xu.assign(static_cast<std::size_t>(nv), kInf);
  auto fix = [&](int i, double v) { xl[static_cast<std::size_t>(i)] = xu[static_cast<std::size_t>(i)] = v; };
  for (int i = 0; i < kKnotVars; ++i) fix(var(0, i), start_[static_cast<std::size_t>(i)]);
  fix(var(n_, kX), problem_.goal.position->x());
  fix(var(n_, kY), problem_.goal.position->y());
  fix(var(n_, kTheta), *problem_.goal.heading);
  fix(var(n_, kZ1), 0.0);
  fix(var(n_, kZ2), 0.0);
  for (const auto& [name, b] : problem_.channelBounds)
    for (int k = 0; k < n_; ++k) {
      const int i = var(k, name == "u1" ? kU1 : kU2);
      xl[static_cast<std::size_t>(i)] = b.first;
      xu[static_cast<std::size_t>(i)] = b.second;
    }
  gl.assign(static_cast<std::size_t>(numConstraints()), 0.0);
  gu = gl;
}

void SleighDmoc::initialGuess(std::vector<double>& x) const {
  x.assign(static_cast<std::size_t>(numVariables()), 0.0);
  const double T = problem_.horizon;
  const Vec2 goal = *problem_.goal.position;
  const double dx = goal.x() - start_[0], dy = goal.y() - start_[1], dth = *problem_.goal.heading - start_[2];
  for (int k = 0; k <= n_; ++k) {
    const double f = static_cast<double>(k) / n_;
    double* s = x.data() + var(k, 0);
    s[kX] = start_[0] + f * dx;
    s[kY] = start_[1] + f * dy;
    s[kTheta] = start_[2] + f * dth;
    s[kZ1] = params_.inertia * dth / T;
    s[kZ2] = params_.mass * std::hypot(dx, dy) / T;
  }
  for (int i = 0; i < kKnotVars; ++i) x[static_cast<std::size_t>(var(0, i))] = start_[static_cast<std::size_t>(i)];
  x[static_cast<std::size_t>(var(n_, kZ1))] = x[static_cast<std::size_t>(var(n_, kZ2))] = 0.0;
}

double SleighDmoc::cost(const double* x) const {
  double c = 0.0;
  for (int k = 0; k < n_; ++k) {
    const double u1 = x[var(k, kU1)], u2 = x[var(k, kU2)];
    c += 0.5 * h_ * (u1 * u1 + u2 * u2);
  }
  return c;
}

void SleighDmoc::costGradient(const double* x, double* grad) const {
  for (int i = 0; i < numVariables(); ++i) grad[i] = 0.0;
  for (int k = 0; k < n_; ++k) {
    grad[var(k, kU1)] = h_ * x[var(k, kU1)];
    grad[var(k, kU2)] = h_ * x[var(k, kU2)];
  }
}

void SleighDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k < n_; ++k) {
    pairs.emplace_back(var(k, kU1), var(k, kU1));
    pairs.emplace_back(var(k, kU2), var(k, kU2));
  }
}

std::vector<double> SleighDmoc::rollout(const std::vector<double>& u1, const std::vector<double>& u2) const {
  std::vector<double> x(static_cast<std::size_t>(numVariables()), 0.0);
  for (int i = 0; i < kKnotVars; ++i) x[static_cast<std::size_t>(var(0, i))] = start_[static_cast<std::size_t>(i)];
  const double m = params_.mass, J = params_.inertia, h = h_;
  for (int k = 0; k < n_; ++k) {
    double* a = x.data() + var(k, 0);
    double* b = x.data() + var(k + 1, 0);
    a[kU1] = u1.at(static_cast<std::size_t>(k));
    a[kU2] = u2.at(static_cast<std::size_t>(k));
    b[kZ1] = a[kZ1] + h * a[kU2];
    b[kZ2] = a[kZ2] + h * a[kU1];
    b[kTheta] = a[kTheta] + h * 0.5 * (a[kZ1] + b[kZ1]) / J;
    const double thm = 0.5 * (a[kTheta] + b[kTheta]), z2m = 0.5 * (a[kZ2] + b[kZ2]);
    b[kX] = a[kX] + h * std::cos(thm) * z2m / m;
    b[kY] = a[kY] + h * std::sin(thm) * z2m / m;
  }
  return x;
}

void SleighDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  const Emit emit{jac};
  const double m = params_.mass, J = params_.inertia, h = h_;
  for (int k = 0; k < n_; ++k) {
    const double* a = x + var(k, 0);
    const double* b = x + var(k + 1, 0);
    const int row = kStepRows * k, ca = var(k, 0), cb = var(k + 1, 0);
    const double thm = 0.5 * (a[kTheta] + b[kTheta]), z2m = 0.5 * (a[kZ2] + b[kZ2]);
    const double c = std::cos(thm), s = std::sin(thm);
    g[row + 0] = b[kZ1] - a[kZ1] - h * a[kU2];
    g[row + 1] = b[kZ2] - a[kZ2] - h * a[kU1];
    g[row + 2] = b[kTheta] - a[kTheta] - h * 0.5 * (a[kZ1] + b[kZ1]) / J;
    g[row + 3] = b[kX] - a[kX] - h * c * z2m / m;
    g[row + 4] = b[kY] - a[kY] - h * s * z2m / m;
    if (!jac) continue;
    emit(row + 0, cb + kZ1, 1.0);
    emit(row + 0, ca + kZ1, -1.0);
    emit(row + 0, ca + kU2, -h);
    emit(row + 1, cb + kZ2, 1.0);
    emit(row + 1, ca + kZ2, -1.0);
    emit(row + 1, ca + kU1, -h);
    emit(row + 2, cb + kTheta, 1.0);
    emit(row + 2, ca + kTheta, -1.0);
    emit(row + 2, ca + kZ1, -0.5 * h / J);
    emit(row + 2, cb + kZ1, -0.5 * h / J);
    // d/dtheta_k = d/dtheta_k+1 = 1/2 d/dtheta_m; d/dz2_k = d/dz2_k+1 = 1/2 d/dz2_m.
    emit(row + 3, cb + kX, 1.0);
    emit(row + 3, ca + kX, -1.0);
    emit(row + 3, ca + kTheta, 0.5 * h * s * z2m / m);
    emit(row + 3, cb + kTheta, 0.5 * h * s * z2m / m);
    emit(row + 3, ca + kZ2, -0.5 * h * c / m);
    emit(row + 3, cb + kZ2, -0.5 * h * c / m);
    emit(row + 4, cb + kY, 1.0);
    emit(row + 4, ca + kY, -1.0);
    emit(row + 4, ca + kTheta, -0.5 * h * c * z2m / m);
    emit(row + 4, cb + kTheta, -0.5 * h * c * z2m / m);
    emit(row + 4, ca + kZ2, -0.5 * h * s / m);
    emit(row + 4, cb + kZ2, -0.5 * h * s / m);
  }
}

std::string SleighDmoc::describe(int constraint, const double*, double violation) const {
  static const char* names[kStepRows] = {"z1 update (torque)", "z2 update (force)", "theta update", "x update",
                                         "y update"};
  char buf[160];
  std::snprintf(buf, sizeof buf, "step %d: %s residual %.3g", constraint / kStepRows,
                names[constraint % kStepRows], violation);
  return buf;
}

SleighTrajectory SleighDmoc::trajectory(const std::vector<double>& x) const {
  SleighTrajectory tr;
  for (int k = 0; k <= n_; ++k) {
    tr.t.push_back(k * h_);
    std::array<double, 5> s{};
    for (int i = 0; i < kKnotVars; ++i) s[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(var(k, i))];
    tr.state.push_back(s);
    if (k == n_) break;
    tr.u1.push_back(x[static_cast<std::size_t>(var(k, kU1))]);
    tr.u2.push_back(x[static_cast<std::size_t>(var(k, kU2))]);
  }
  return tr;
}

}  // namespace lieride::opt
