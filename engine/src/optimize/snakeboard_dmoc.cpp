// DMOC of the snakeboard on the lie-nh updates (see snakeboard_dmoc.hpp; Kobilarov et al.
// 5.2.2, Eqs. 16-17). The step map is written once for any scalar type: doubles for the
// values, Eigen's forward-mode AutoDiffScalar for the exact Jacobian.
#include "lieride/optimize/snakeboard_dmoc.hpp"

#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;
constexpr int kIn = SnakeboardDmoc::kStride;  // inputs of a step: knot k's variables, step k's torques
using Deriv = Eigen::Matrix<double, kIn + 1, 1>;   // and h (a variable with free time)
using AD = Eigen::AutoDiffScalar<Deriv>;

double valueOf(double v) { return v; }
double valueOf(const AD& v) { return v.value(); }

// sin(a) / a and (1 - cos a) / a as se2::exp takes them (series near 0, where the quotients
// lose digits and automatic differentiation would divide by 0).
template <class T>
void expCoefficients(const T& a, T& s, T& c) {
  using std::cos;
  using std::sin;
  if (std::abs(valueOf(a)) < 1e-3) {
    const T a2 = a * a;
    s = 1.0 - a2 / 6.0 + a2 * a2 / 120.0;
    c = a / 2.0 - a * a2 / 24.0 + a * a2 * a2 / 720.0;
    return;
  }
  s = sin(a) / a;
  c = (1.0 - cos(a)) / a;
}

// lie-nh's snakeboard step (LieNhSnakeboard::step with torque inputs, alpha = 1/2): knot k's
// variables and step k's torques in z (kStride values), knot k+1's variables out.
template <class T>
void step(const SnakeboardParams& p, const T& h, const T* z, T* out) {
  using std::cos;
  using std::sin;
  using std::tan;
  using S = SnakeboardDmoc;
  const double alpha = 0.5, l = p.halfWheelbase, Jr = p.rotorInertia, Jw = p.axleInertia, m = p.mass;
  const T uPhi = (z[S::kPiPhi] + h * (1.0 - alpha) * z[S::kTauPhi]) / (2.0 * Jw);
  const T tk = tan(z[S::kPhi]), ta = tan(z[S::kPhi] + alpha * h * uPhi);
  const T R = -tk * z[S::kMu0] / l + z[S::kMu1];
  const T P = z[S::kPiPsi] + h * (1.0 - alpha) * z[S::kTauPsi];
  const T w = (R + tk * P / l) / (m * (1.0 + tk * ta) - Jr * tk * ta / (l * l));
  const T uPsi = P / Jr + ta * w / l;
  const T omega = -ta * w / l;
  // g_k exp(h (omega, w, 0)) (se2::exp, Appendix B).
  const T a = h * omega;
  T s, c;
  expCoefficients(a, s, c);
  const T ct = cos(z[S::kTheta]), st = sin(z[S::kTheta]);
  const T bx = s * (h * w), by = c * (h * w);
  out[S::kTheta] = z[S::kTheta] + a;
  out[S::kX] = z[S::kX] + ct * bx - st * by;
  out[S::kY] = z[S::kY] + st * bx + ct * by;
  out[S::kPsi] = z[S::kPsi] + h * uPsi;
  out[S::kPhi] = z[S::kPhi] + h * uPhi;
  out[S::kMu0] = m * l * l * omega + Jr * uPsi;
  out[S::kMu1] = m * w;
  out[S::kPiPsi] = Jr * (uPsi + omega) + h * alpha * z[S::kTauPsi];
  out[S::kPiPhi] = 2.0 * Jw * uPhi + h * alpha * z[S::kTauPhi];
}

const char* const kChannels[2] = {"rotor_torque", "steer_torque"};

}  // namespace

SnakeboardDmoc::SnakeboardDmoc(const Problem& problem, const SnakeboardParams& params, const std::array<double, 9>& start)
    : problem_(problem), params_(params), start_(start), n_(problem.knots), h_(problem.timeStep()),
      free_(problem.freeTime.has_value()) {
  for (int c = 0; c < 2; ++c) {
    auto e = problem.effort.find(kChannels[c]);
    auto s = problem.smoothness.find(kChannels[c]);
    wTau_[c] = e == problem.effort.end() ? 0.0 : e->second;
    wSmooth_[c] = s == problem.smoothness.end() ? 0.0 : s->second;
  }
}

void SnakeboardDmoc::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                            std::vector<double>& gu) const {
  xl.assign(static_cast<std::size_t>(numVariables()), -kInf);
  xu.assign(static_cast<std::size_t>(numVariables()), kInf);
  auto set = [&](int i, double lo, double hi) {
    xl[static_cast<std::size_t>(i)] = lo;
    xu[static_cast<std::size_t>(i)] = hi;
  };
  for (int i = 0; i < kKnotVars; ++i) set(var(0, i), start_[static_cast<std::size_t>(i)], start_[static_cast<std::size_t>(i)]);
  const double steer = problem_.maxSteer.value_or(1.0);  // |phi| < pi/2: the constraints are singular there
  for (int k = 1; k <= n_; ++k) set(var(k, kPhi), -steer, steer);
  for (int c = 0; c < 2; ++c) {
    auto it = problem_.channelBounds.find(kChannels[c]);
    if (it == problem_.channelBounds.end()) continue;
    for (int k = 0; k < n_; ++k) set(var(k, kTauPsi + c), it->second.first, it->second.second);
  }
  if (free_) set(stepVariable(), problem_.freeTime->first / n_, problem_.freeTime->second / n_);
  const Goal& g = problem_.goal;
  if (g.position) {
    set(var(n_, kX), g.position->x() - g.positionTolerance, g.position->x() + g.positionTolerance);
    set(var(n_, kY), g.position->y() - g.positionTolerance, g.position->y() + g.positionTolerance);
  }
  if (g.heading) set(var(n_, kTheta), *g.heading - g.headingTolerance, *g.heading + g.headingTolerance);
  if (problem_.goal.atRest)
    for (int i = kMu0; i <= kPiPhi; ++i) set(var(n_, i), 0.0, 0.0);
  gl.assign(static_cast<std::size_t>(numConstraints()), 0.0);
  gu.assign(static_cast<std::size_t>(numConstraints()), 0.0);
}

// The rotate gait (docs/models.md section 5: psi = a sin(2 w t), phi = b sin(w t)) over one and
// a half steering periods, with the torques that make lie-nh follow it exactly: a dynamically
// consistent guess. One and a half periods are three strokes with alternating steering, the
// shape of the optimum (docs/optimize.md: with the steering near its bound for most of each
// stroke, hence b = 0.9 of the bound); two periods (four strokes) led IPOPT to the same optimum
// in 108 iterations instead of 27. The rotor amplitude a is fitted (secant steps) so that the
// gait turns the board to the goal heading; it ends near, not at, the start position and rest.
std::vector<double> SnakeboardDmoc::gaitGuess(double a) const {
  std::vector<double> x(static_cast<std::size_t>(numVariables()), 0.0);
  for (int i = 0; i < kKnotVars; ++i) x.data()[var(0, i)] = start_[static_cast<std::size_t>(i)];
  const double T = n_ * h_, w = 2.0 * M_PI * 1.5 / T, b = 0.9 * problem_.maxSteer.value_or(1.0);
  const double l = params_.halfWheelbase, Jr = params_.rotorInertia, Jw = params_.axleInertia, m = params_.mass;
  for (int k = 0; k < n_; ++k) {
    double* z = x.data() + var(k, 0);
    const double t1 = (k + 1) * h_;
    const double uPsi = (start_[kPsi] + a * std::sin(2.0 * w * t1) - z[kPsi]) / h_;
    const double uPhi = (start_[kPhi] + b * std::sin(w * t1) - z[kPhi]) / h_;
    // u_phi = (pi_phi + h/2 tau_phi) / (2 J_w); u_psi = P / J_r + ta w / l with w linear in P.
    z[kTauPhi] = (2.0 * Jw * uPhi - z[kPiPhi]) / (0.5 * h_);
    const double tk = std::tan(z[kPhi]), ta = std::tan(z[kPhi] + 0.5 * h_ * uPhi);
    const double D = m * (1.0 + tk * ta) - Jr * tk * ta / (l * l), R = -tk * z[kMu0] / l + z[kMu1];
    const double P = (uPsi - ta * R / (l * D)) / (1.0 / Jr + ta * tk / (l * l * D));
    z[kTauPsi] = (P - z[kPiPsi]) / (0.5 * h_);
    step(params_, h_, z, x.data() + var(k + 1, 0));
  }
  if (free_) x[static_cast<std::size_t>(stepVariable())] = h_;  // the horizon's step
  return x;
}

std::vector<double> SnakeboardDmoc::rollout(const std::vector<double>& tauPsi, const std::vector<double>& tauPhi) const {
  std::vector<double> x(static_cast<std::size_t>(numVariables()), 0.0);
  for (int i = 0; i < kKnotVars; ++i) x.data()[var(0, i)] = start_[static_cast<std::size_t>(i)];
  for (int k = 0; k < n_; ++k) {
    double* z = x.data() + var(k, 0);
    z[kTauPsi] = tauPsi.at(static_cast<std::size_t>(k));
    z[kTauPhi] = tauPhi.at(static_cast<std::size_t>(k));
    step(params_, h_, z, x.data() + var(k + 1, 0));
  }
  if (free_) x[static_cast<std::size_t>(stepVariable())] = h_;  // the horizon's step
  return x;
}

void SnakeboardDmoc::initialGuess(std::vector<double>& x) const {
  const double target = problem_.goal.heading.value_or(start_[kTheta]) - start_[kTheta];
  auto turn = [&](double a) { return gaitGuess(a)[static_cast<std::size_t>(var(n_, kTheta))] - start_[kTheta] - target; };
  double a0 = 0.5, a1 = 1.0, f0 = turn(a0), f1 = turn(a1);
  for (int i = 0; i < 20 && std::abs(f1) > 1e-3 && f1 != f0; ++i) {
    const double a2 = std::clamp(a1 - f1 * (a1 - a0) / (f1 - f0), -3.0, 3.0);
    a0 = a1;
    f0 = f1;
    a1 = a2;
    f1 = turn(a1);
  }
  x = gaitGuess(a1);
}

double SnakeboardDmoc::cost(const double* x) const {
  const double h = timeStep(x);
  double J = problem_.timeWeight * n_ * h;
  for (int k = 0; k < n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kTauPsi + c)];
      J += wTau_[c] * h * u * u;
      if (k + 1 < n_) {
        const double d = x[var(k + 1, kTauPsi + c)] - u;
        J += wSmooth_[c] * d * d / h;
      }
    }
  return J;
}

void SnakeboardDmoc::costGradient(const double* x, double* grad) const {
  std::fill(grad, grad + numVariables(), 0.0);
  const double h = timeStep(x);
  double dh = problem_.timeWeight * n_;
  for (int k = 0; k < n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kTauPsi + c)];
      grad[var(k, kTauPsi + c)] += 2.0 * wTau_[c] * h * u;
      dh += wTau_[c] * u * u;
      if (k + 1 < n_) {
        const double du = x[var(k + 1, kTauPsi + c)] - u;
        grad[var(k + 1, kTauPsi + c)] += 2.0 * wSmooth_[c] * du / h;
        grad[var(k, kTauPsi + c)] -= 2.0 * wSmooth_[c] * du / h;
        dh -= wSmooth_[c] * du * du / (h * h);
      }
    }
  if (free_) grad[stepVariable()] = dh;
}

void SnakeboardDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k + 1 < n_; ++k)
    for (int c = 0; c < 2; ++c) pairs.emplace_back(var(k + 1, kTauPsi + c), var(k, kTauPsi + c));
  if (free_)  // h multiplies the effort and divides the smoothness
    for (int k = 0; k < n_; ++k)
      for (int c = 0; c < 2; ++c) pairs.emplace_back(stepVariable(), var(k, kTauPsi + c));
}

// Step k's rows are z_k+1 - step(z_k, tau_k, h): knot k+1 enters linearly, so the second
// derivatives couple only step k's own inputs (and h): one block per step, no two knots
// (the pattern from the Jacobian's rows also coupled z_k with z_k+1).
bool SnakeboardDmoc::constraintHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k < n_; ++k)
    for (int a = 0; a < kIn; ++a) {
      for (int b = 0; b <= a; ++b) pairs.emplace_back(var(k, a), var(k, b));
      if (free_) pairs.emplace_back(stepVariable(), var(k, a));
    }
  return true;
}

void SnakeboardDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  const double h = timeStep(x);
  for (int k = 0; k < n_; ++k) {
    const double* z = x + var(k, 0);
    const int r = kStepRows * k;
    if (!jac) {
      double next[kKnotVars];
      step(params_, h, z, next);
      for (int i = 0; i < kKnotVars; ++i) g[r + i] = x[var(k + 1, i)] - next[i];
      continue;
    }
    AD za[kIn], next[kKnotVars];
    for (int j = 0; j < kIn; ++j) za[j] = AD(z[j], kIn + 1, j);
    const AD ha(h, kIn + 1, kIn);
    step(params_, ha, za, next);
    for (int i = 0; i < kKnotVars; ++i) {
      g[r + i] = x[var(k + 1, i)] - next[i].value();
      for (int j = 0; j < kIn; ++j) jac->add(r + i, var(k, j), -next[i].derivatives()(j));
      jac->add(r + i, var(k + 1, i), 1.0);
      if (free_) jac->add(r + i, stepVariable(), -next[i].derivatives()(kIn));
    }
  }
}

std::string SnakeboardDmoc::describe(int row, const double*, double violation) const {
  static const char* what[] = {"heading update", "x update", "y update", "rotor angle update", "steering update",
                               "body momentum (angular) update", "body momentum (forward) update",
                               "rotor momentum update", "axle momentum update"};
  char buf[200];
  std::snprintf(buf, sizeof buf, "step %d: %s off by %.3g", row / kStepRows, what[row % kStepRows], violation);
  return buf;
}

SnakeboardTrajectory SnakeboardDmoc::trajectory(const std::vector<double>& xs) const {
  const double* const x = xs.data();
  SnakeboardTrajectory tr;
  const double h = timeStep(x);
  for (int k = 0; k <= n_; ++k) {
    tr.t.push_back(k * h);
    std::array<double, 9> v{};
    for (int i = 0; i < kKnotVars; ++i) v[static_cast<std::size_t>(i)] = x[var(k, i)];
    tr.knot.push_back(v);
    if (k < n_) {
      tr.tauPsi.push_back(x[var(k, kTauPsi)]);
      tr.tauPhi.push_back(x[var(k, kTauPhi)]);
    }
  }
  return tr;
}

std::array<double, 3> SnakeboardDmoc::velocities(const std::array<double, 9>& z) const {
  const double l = params_.halfWheelbase, Jr = params_.rotorInertia, m = params_.mass;
  const double tn = std::tan(z[kPhi]);
  const double R = -tn * z[kMu0] / l + z[kMu1];
  const double w = (R + tn * z[kPiPsi] / l) / (m * (1.0 + tn * tn) - Jr * tn * tn / (l * l));
  return {w, z[kPiPsi] / Jr + tn * w / l, z[kPiPhi] / (2.0 * params_.axleInertia)};
}

}  // namespace lieride::opt
