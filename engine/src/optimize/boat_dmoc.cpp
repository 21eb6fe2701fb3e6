// DMOC of the boat on the lie-cay-tln updates (see boat_dmoc.hpp; Kobilarov et al. Eqs. 9-15).
// Every constraint row is written once for any scalar type; Eigen's forward-mode
// AutoDiffScalar gives the exact Jacobian (tests/optimize checks it against central
// differences). The wrench repeats engine/src/boat/boat_forces.cpp (still water) term by term.
#include "lieride/optimize/boat_dmoc.hpp"

#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "boat_wrench.hpp"

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;
// Inputs of a step's rows: xi_k-1 (6), knot k (9), xi_k (6), q and x of knot k+1 (7).
constexpr int kIn = 28;
using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kIn, 1>>;
using namespace boat_wrench;

// C_TLN(s h xi)^T I xi = I xi - (s h / 2) ad_xi^T (I xi) (se3::adTranspose).
template <class T>
V6<T> momentumTLN(const Vec6& Id, const V6<T>& xi, double sh) {
  V6<T> mu;
  for (int i = 0; i < 6; ++i) mu(i) = Id(i) * xi(i);
  const V3<T> w = xi.template head<3>(), v = xi.template tail<3>(), pi = mu.template head<3>(), pl = mu.template tail<3>();
  V6<T> ad;
  ad << cross<T>(pi, w) + cross<T>(pl, v), cross<T>(pl, w);
  return mu - (0.5 * sh) * ad;
}

template <class T>
V6<T> velocity(const Vec6& Id, const V6<T>& mu) {
  V6<T> xi;
  for (int i = 0; i < 6; ++i) xi(i) = mu(i) / Id(i);
  return xi;
}

// The rows of step k: z = (xi_k-1, q_k, x_k, u_k, xi_k, q_k+1, x_k+1) (kIn values; at k = 0 the
// first six are unused and mu0 enters instead). out: 6 momentum rows, 4 attitude, 3 position.
template <class T>
void stepRows(const BoatParams& p, const Vec6& Id, double h, const Vec6& mu0, bool first, const T* z, T* out) {
  using std::sqrt;
  const T* q = z + 6;
  const Geometry<T> G = geometry(p, q, z[12]);
  const T ur = z[13], ul = z[14];
  V6<T> xi, prev;
  for (int i = 0; i < 6; ++i) {
    xi(i) = z[15 + i];
    prev(i) = z[i];
  }
  V6<T> res = momentumTLN(Id, xi, h);
  if (first) {
    V6<T> m0;
    for (int i = 0; i < 6; ++i) m0(i) = T(mu0(i));
    res -= m0 + (0.5 * h) * wrench(p, G, velocity(Id, m0), ur, ul);
  } else {
    const V6<T> piMinus = momentumTLN(Id, prev, -h);
    const V6<T> f0 = wrench(p, G, velocity(Id, piMinus), ur, ul);
    const V6<T> f = wrench(p, G, velocity(Id, V6<T>(piMinus + (0.5 * h) * f0)), ur, ul);
    res -= piMinus + h * f;
  }
  // Divided by the inertia: velocity units, like the other rows' metres (the weight and the
  // buoyancy, some 8e3 N, nearly cancel; unscaled rows would carry their round-off).
  for (int i = 0; i < 6; ++i) out[i] = res(i) / Id(i);
  // g_k+1 = g_k (cay(h w), B_cay(h w) h v): q_k+1 = q_k c, c = (n, n h w / 2),
  // n = (1 + |h w|^2 / 4)^(-1/2); x_k+1 = x_k + R(q_k) 2 / (4 + |h w|^2) (2 h v + h w x h v).
  const V3<T> hw = h * xi.template head<3>(), hv = h * xi.template tail<3>();
  const T n = 1.0 / sqrt(1.0 + 0.25 * hw.squaredNorm());
  const T cw = n;
  const V3<T> cv = (0.5 * n) * hw;
  const T aw = q[0];
  const V3<T> av(q[1], q[2], q[3]);
  const T qw = aw * cw - av.dot(cv);
  const V3<T> qv = aw * cv + cw * av + cross<T>(av, cv);
  out[6] = z[21] - qw;
  for (int i = 0; i < 3; ++i) out[7 + i] = z[22 + i] - qv(i);
  const V3<T> y = (2.0 / (4.0 + hw.squaredNorm())) * (2.0 * hv + cross<T>(hw, hv));
  // R(q) y = (w^2 - |u|^2) y + 2 u (u . y) + 2 w u x y (as HelicopterDmoc's rotate)
  const V3<T> dx = (aw * aw - av.squaredNorm()) * y + 2.0 * av * av.dot(y) + 2.0 * aw * cross<T>(av, y);
  for (int i = 0; i < 3; ++i) out[10 + i] = z[25 + i] - z[10 + i] - dx(i);
}

// The velocity at t_N as the simulator computes it: (pi-_N + h/2 f_N) / I with f_N at the
// two-pass velocity estimate. z = (xi_N-1, q_N, x_N, u_N).
template <class T>
void finalVelocity(const BoatParams& p, const Vec6& Id, double h, const T* z, T* out) {
  V6<T> prev;
  for (int i = 0; i < 6; ++i) prev(i) = z[i];
  const Geometry<T> G = geometry(p, z + 6, z[12]);
  const V6<T> piMinus = momentumTLN(Id, prev, -h);
  const V6<T> f0 = wrench(p, G, velocity(Id, piMinus), z[13], z[14]);
  const V6<T> mu = piMinus + (0.5 * h) * wrench(p, G, velocity(Id, V6<T>(piMinus + (0.5 * h) * f0)), z[13], z[14]);
  for (int i = 0; i < 6; ++i) out[i] = mu(i) / Id(i);
}

const char* const kChannels[2] = {"thrust_right", "thrust_left"};

}  // namespace

BoatDmoc::BoatDmoc(const Problem& problem, const BoatParams& params, const Vec6& inertia, const SE3& g0, const Vec6& mu0)
    : problem_(problem), params_(params), Id_(inertia), mu0_(mu0), g0_(g0), n_(problem.knots), h_(problem.timeStep()) {
  goalRow0_ = kStepRows * n_;
  numConstraints_ = goalRow0_ + (problem.goal.atRest ? 6 : 0);
  if (problem.goal.heading) headingRow_ = numConstraints_++;
  for (int c = 0; c < 2; ++c) {
    auto e = problem.effort.find(kChannels[c]);
    auto s = problem.smoothness.find(kChannels[c]);
    effort_[c] = e == problem.effort.end() ? 0.0 : e->second;
    smooth_[c] = s == problem.smoothness.end() ? 0.0 : s->second;
  }
}

Vec6 BoatDmoc::wrench(const SE3& g, const Vec6& xi, double thrustRight, double thrustLeft) const {
  const double q[4] = {g.q.w(), g.q.x(), g.q.y(), g.q.z()};
  const V6<double> x6 = xi;
  return boat_wrench::wrench(params_, geometry(params_, q, g.x.z()), x6, thrustRight, thrustLeft);
}

void BoatDmoc::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                      std::vector<double>& gu) const {
  xl.assign(static_cast<std::size_t>(numVariables()), -kInf);
  xu.assign(static_cast<std::size_t>(numVariables()), kInf);
  auto set = [&](int i, double lo, double hi) {
    xl[static_cast<std::size_t>(i)] = lo;
    xu[static_cast<std::size_t>(i)] = hi;
  };
  for (int c = 0; c < 2; ++c) {  // the thrusters' own limits (the simulator clamps to them)
    double lo = params_.thrusters.minThrust, hi = params_.thrusters.maxThrust;
    auto it = problem_.channelBounds.find(kChannels[c]);
    if (it != problem_.channelBounds.end()) {
      lo = std::max(lo, it->second.first);
      hi = std::min(hi, it->second.second);
    }
    for (int k = 0; k <= n_; ++k) set(var(k, kUr + c), lo, hi);
  }
  const double q0[4] = {g0_.q.w(), g0_.q.x(), g0_.q.y(), g0_.q.z()};
  for (int i = 0; i < 4; ++i) set(var(0, kQw + i), q0[i], q0[i]);
  for (int i = 0; i < 3; ++i) set(var(0, kX + i), g0_.x(i), g0_.x(i));
  const Goal& g = problem_.goal;
  if (g.position) {
    set(var(n_, kX), g.position->x() - g.positionTolerance, g.position->x() + g.positionTolerance);
    set(var(n_, kY), g.position->y() - g.positionTolerance, g.position->y() + g.positionTolerance);
  }
  gl.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  gu.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  if (g.atRest)
    for (int i = 0; i < 6; ++i) {
      gl[static_cast<std::size_t>(goalRow0_ + i)] = -g.speedTolerance;
      gu[static_cast<std::size_t>(goalRow0_ + i)] = g.speedTolerance;
    }
  if (headingRow_ >= 0) {
    gl[static_cast<std::size_t>(headingRow_)] = -std::sin(g.headingTolerance);
    gu[static_cast<std::size_t>(headingRow_)] = std::sin(g.headingTolerance);
  }
}

// A pilot flies the boat through the transcription's own step (the momentum equation solved
// by Newton, the update explicit), so the guess satisfies every dynamics row: thrusts from a
// PD autopilot that follows a smooth (3 s^2 - 2 s^3) reference from the start to the goal,
// steering at a point 1.5 s ahead on it and turning to the goal heading over the last metres.
// It ends near, not at, the berth; IPOPT corrects the rest.
void BoatDmoc::initialGuess(std::vector<double>& x) const {
  x.assign(static_cast<std::size_t>(numVariables()), 0.0);
  const double q0[4] = {g0_.q.w(), g0_.q.x(), g0_.q.y(), g0_.q.z()};
  for (int i = 0; i < 4; ++i) x[var(0, kQw + i)] = q0[i];
  for (int i = 0; i < 3; ++i) x[var(0, kX + i)] = g0_.x(i);
  const Vec2 p0 = g0_.x.head<2>(), p1 = problem_.goal.position.value_or(p0);
  const double yawGoal = problem_.goal.heading.value_or(2.0 * std::atan2(g0_.q.z(), g0_.q.w()));
  const double T = n_ * h_, arm = std::abs(params_.thrusters.right.y() - params_.thrusters.left.y());
  auto ref = [&](double t, Vec2* vel) {
    const double s = std::clamp(t / T, 0.0, 1.0);
    if (vel) *vel = (6.0 * s - 6.0 * s * s) / T * (p1 - p0);
    return Vec2(p0 + (3.0 * s * s - 2.0 * s * s * s) * (p1 - p0));
  };
  Vec6 xiPrev = mu0_.cwiseQuotient(Id_);
  for (int k = 0; k <= n_; ++k) {
    const double t = k * h_;
    const Quat q(x[var(k, kQw)], x[var(k, kQx)], x[var(k, kQy)], x[var(k, kQz)]);
    const Vec3 bow3 = q * Vec3::UnitX();
    const double yaw = std::atan2(bow3.y(), bow3.x());
    const Vec2 pos(x[var(k, kX)], x[var(k, kY)]), bow(bow3.x(), bow3.y());
    const Vec2 vel = (q * xiPrev.tail<3>()).head<2>();
    Vec2 vRef;
    const Vec2 pRef = ref(t, &vRef), ahead = ref(t + 1.5, nullptr) - pos;
    const double yawDes = ahead.norm() > 1.0 ? std::atan2(ahead.y(), ahead.x()) : yawGoal;
    const double force = params_.damping(0, 0) * vRef.dot(bow) + 300.0 * (pRef - pos).dot(bow) + 600.0 * (vRef - vel).dot(bow);
    const double torque = 2000.0 * std::remainder(yawDes - yaw, 2.0 * M_PI) - 1500.0 * xiPrev(2);
    const double lo = params_.thrusters.minThrust, hi = params_.thrusters.maxThrust;
    auto channel = [&](int c) {
      auto it = problem_.channelBounds.find(kChannels[c]);
      return it == problem_.channelBounds.end() ? std::make_pair(lo, hi) : it->second;
    };
    x[var(k, kUr)] = std::clamp(0.5 * force + torque / arm, std::max(lo, channel(0).first), std::min(hi, channel(0).second));
    x[var(k, kUl)] = std::clamp(0.5 * force - torque / arm, std::max(lo, channel(1).first), std::min(hi, channel(1).second));
    if (k == n_) break;
    // Step k: Newton on the six momentum rows for xi_k, then the explicit update rows.
    const int base = var(k, 0) - 6;
    for (int i = 0; i < 6; ++i) x[xiVar(k, i)] = xiPrev(i);
    for (int it = 0; it < 30; ++it) {
      AD z[kIn], out[kStepRows];
      for (int j = 0; j < kIn; ++j) z[j] = AD(k == 0 && j < 6 ? 0.0 : x[base + j], kIn, j);
      stepRows(params_, Id_, h_, mu0_, k == 0, z, out);
      Mat6 J;
      Vec6 r;
      for (int i = 0; i < 6; ++i) {
        r(i) = out[i].value();
        for (int j = 0; j < 6; ++j) J(i, j) = out[i].derivatives()(15 + j);
      }
      if (r.norm() < 1e-14) break;
      const Vec6 d = J.partialPivLu().solve(r);
      for (int i = 0; i < 6; ++i) x[xiVar(k, i)] -= d(i);
    }
    double z[kIn] = {}, out[kStepRows];
    for (int j = k == 0 ? 6 : 0; j < 21; ++j) z[j] = x[base + j];
    stepRows(params_, Id_, h_, mu0_, k == 0, z, out);
    for (int i = 0; i < 7; ++i) x[var(k + 1, i)] = -out[6 + i];
    for (int i = 0; i < 6; ++i) xiPrev(i) = x[xiVar(k, i)];
  }
}

double BoatDmoc::cost(const double* x) const {
  double J = 0.0;
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kUr + c)];
      J += h_ * effort_[c] * u * u;
      if (k < n_) {
        const double d = x[var(k + 1, kUr + c)] - u;
        J += smooth_[c] * d * d / h_;
      }
    }
  return J;
}

void BoatDmoc::costGradient(const double* x, double* grad) const {
  std::fill(grad, grad + numVariables(), 0.0);
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kUr + c)];
      grad[var(k, kUr + c)] += 2.0 * h_ * effort_[c] * u;
      if (k < n_) {
        const double d = 2.0 * smooth_[c] * (x[var(k + 1, kUr + c)] - u) / h_;
        grad[var(k + 1, kUr + c)] += d;
        grad[var(k, kUr + c)] -= d;
      }
    }
}

void BoatDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k < n_; ++k)
    for (int c = 0; c < 2; ++c) pairs.emplace_back(var(k + 1, kUr + c), var(k, kUr + c));
}

void BoatDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  // Step k's inputs are the kIn consecutive variables from xiVar(k - 1, 0) (= var(k, 0) - 6).
  for (int k = 0; k < n_; ++k) {
    const int base = var(k, 0) - 6, r = kStepRows * k;
    const bool first = k == 0;
    if (!jac) {
      double z[kIn] = {}, out[kStepRows];
      for (int j = first ? 6 : 0; j < kIn; ++j) z[j] = x[base + j];
      stepRows(params_, Id_, h_, mu0_, first, z, out);
      for (int i = 0; i < kStepRows; ++i) g[r + i] = out[i];
      continue;
    }
    AD z[kIn], out[kStepRows];
    for (int j = 0; j < kIn; ++j) z[j] = AD(first && j < 6 ? 0.0 : x[base + j], kIn, j);
    stepRows(params_, Id_, h_, mu0_, first, z, out);
    for (int i = 0; i < kStepRows; ++i) {
      g[r + i] = out[i].value();
      for (int j = first ? 6 : 0; j < kIn; ++j) jac->add(r + i, base + j, out[i].derivatives()(j));
    }
  }
  if (problem_.goal.atRest) {
    const int base = var(n_, 0) - 6;
    if (!jac) {
      double out[6];
      finalVelocity(params_, Id_, h_, x + base, out);
      for (int i = 0; i < 6; ++i) g[goalRow0_ + i] = out[i];
    } else {
      AD z[15], out[6];
      for (int j = 0; j < 15; ++j) z[j] = AD(x[base + j], kIn, j);
      finalVelocity(params_, Id_, h_, z, out);
      for (int i = 0; i < 6; ++i) {
        g[goalRow0_ + i] = out[i].value();
        for (int j = 0; j < 15; ++j) jac->add(goalRow0_ + i, base + j, out[i].derivatives()(j));
      }
    }
  }
  if (headingRow_ >= 0) {
    // The bow's direction R e_x against the goal heading psi: -sin(psi) X + cos(psi) Y
    // (the sine of the heading error for a level boat).
    const double w = x[var(n_, kQw)], a = x[var(n_, kQx)], b = x[var(n_, kQy)], c = x[var(n_, kQz)];
    const double s = std::sin(*problem_.goal.heading), co = std::cos(*problem_.goal.heading);
    const double X = 1.0 - 2.0 * (b * b + c * c), Y = 2.0 * (a * b + w * c);
    g[headingRow_] = -s * X + co * Y;
    if (jac) {
      jac->add(headingRow_, var(n_, kQw), co * 2.0 * c);
      jac->add(headingRow_, var(n_, kQx), co * 2.0 * b);
      jac->add(headingRow_, var(n_, kQy), s * 4.0 * b + co * 2.0 * a);
      jac->add(headingRow_, var(n_, kQz), s * 4.0 * c + co * 2.0 * w);
    }
  }
}

std::string BoatDmoc::describe(int row, const double*, double violation) const {
  char buf[200];
  if (row < goalRow0_) {
    const int k = row / kStepRows, i = row % kStepRows;
    const char* what = i < 6 ? "discrete Euler-Poincare momentum balance" : i < 10 ? "attitude update" : "position update";
    std::snprintf(buf, sizeof buf, "step %d: %s off by %.3g", k, what, violation);
  } else if (row == headingRow_) {
    std::snprintf(buf, sizeof buf, "final heading misses the berth's by %.3g rad", std::asin(std::min(1.0, violation)));
  } else {
    std::snprintf(buf, sizeof buf, "final velocity component %d misses rest by %.3g", row - goalRow0_, violation);
  }
  return buf;
}

HelicopterTrajectory BoatDmoc::trajectory(const std::vector<double>& x) const {
  static_assert(kQw == 0 && kX == 4 && kUr == 7 && kStride == kKnotVars + 6);
  return se3Trajectory(x, n_, h_, kKnotVars);
}

}  // namespace lieride::opt
