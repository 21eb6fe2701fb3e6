// DMOC of the helicopter on the lie-cay-tln updates (see helicopter_dmoc.hpp; Kobilarov et al.
// Eqs. 9-14 and 4.3.1). Jacobians are analytic; tests/optimize checks them against central
// differences.
#include "lieride/optimize/helicopter_dmoc.hpp"
#include "lieride/sim/user_input.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;
using Mat34 = Eigen::Matrix<double, 3, 4>;
using Mat43 = Eigen::Matrix<double, 4, 3>;
using Mat4d = Eigen::Matrix<double, 4, 4>;

struct Emit {
  JacobianSink* jac;
  void operator()(int row, int col, double v) const {
    if (jac) jac->add(row, col, v);
  }
};

// The bound on each component of the attitude error's vector part that keeps its roll, pitch
// and yaw within tol: with |e_x|, |e_y|, |e_z| <= b the largest Euler angle is 2 b (1 + b) to
// second order (pitch = asin(2 (e_w e_y - e_z e_x))), so b = sin(tol/2) / (1 + sin(tol/2))
// (sampled over the box: the largest angle 0.9999998 tol at tol = 0.01, 0.9987 at 0.2; a
// single-axis rotation reaches 2 asin(b), tol (1 - tol/2)). With b = sin(tol/2) it was 1.005 tol.
double attitudeBound(double tol) {
  const double s = std::sin(0.5 * tol);
  return s / (1.0 + s);
}

// R(q) y for q = (w, u) (a rotation for unit q): (w^2 - |u|^2) y + 2 u (u.y) + 2 w u x y, and
// its derivative in q.
Vec3 rotate(const Eigen::Vector4d& q, const Vec3& y, Mat34* d) {
  const double w = q(0);
  const Vec3 u = q.tail<3>();
  if (d) {
    d->col(0) = 2.0 * w * y + 2.0 * u.cross(y);
    d->rightCols<3>() = -2.0 * y * u.transpose() + 2.0 * u.dot(y) * Mat3::Identity() + 2.0 * u * y.transpose() -
                        2.0 * w * so3::hat(y);
  }
  return (w * w - u.squaredNorm()) * y + 2.0 * u * u.dot(y) + 2.0 * w * u.cross(y);
}

// R(q)^T y: the same with u -> -u.
Vec3 rotateBack(const Eigen::Vector4d& q, const Vec3& y, Mat34* d) {
  Eigen::Vector4d qc = q;
  qc.tail<3>() = -qc.tail<3>();
  const Vec3 r = rotate(qc, y, d);
  if (d) d->rightCols<3>() = -d->rightCols<3>();
  return r;
}

// Quaternion product p = a b, (w, x, y, z), and its derivatives in a and b.
Eigen::Vector4d quatMul(const Eigen::Vector4d& a, const Eigen::Vector4d& b, Mat4d* da, Mat4d* db) {
  const double aw = a(0), bw = b(0);
  const Vec3 av = a.tail<3>(), bv = b.tail<3>();
  Eigen::Vector4d p;
  p(0) = aw * bw - av.dot(bv);
  p.tail<3>() = aw * bv + bw * av + av.cross(bv);
  if (da) {
    da->row(0) << bw, -bv.transpose();
    da->bottomLeftCorner<3, 1>() = bv;
    da->bottomRightCorner<3, 3>() = bw * Mat3::Identity() - so3::hat(bv);
  }
  if (db) {
    db->row(0) << aw, -av.transpose();
    db->bottomLeftCorner<3, 1>() = av;
    db->bottomRightCorner<3, 3>() = aw * Mat3::Identity() + so3::hat(av);
  }
  return p;
}

// The Cayley quaternion (n, n w / 2), n = (1 + |w|^2 / 4)^(-1/2) (so3::cayQuat), and d/dw.
Eigen::Vector4d cayQuat(const Vec3& w, Mat43* d) {
  const double n = 1.0 / std::sqrt(1.0 + 0.25 * w.squaredNorm());
  Eigen::Vector4d c;
  c << n, 0.5 * n * w;
  if (d) {
    const Eigen::RowVector3d dn = -0.25 * n * n * n * w.transpose();
    d->row(0) = dn;
    d->bottomRows<3>() = 0.5 * n * Mat3::Identity() + 0.5 * w * dn;
  }
  return c;
}

// B_cay(w) z = 2 / (4 + |w|^2) (2 z + w x z) (Eq. 13, so3::dcay), and d/dw.
Vec3 bCay(const Vec3& w, const Vec3& z, Mat3* dw) {
  const double den = 4.0 + w.squaredNorm(), s = 2.0 / den;
  const Vec3 inner = 2.0 * z + w.cross(z);
  if (dw) *dw = inner * (-4.0 / (den * den) * w.transpose()) - s * so3::hat(z);
  return s * inner;
}

// C_TLN(y)^T I xi with y = s h xi (s = +1 or -1): I xi - (s h / 2) ad_xi^T (I xi), and d/dxi.
Vec6 momentumTLN(const Vec6& Id, const Vec6& xi, double sh, Mat6* d) {
  const Vec6 mu = Id.cwiseProduct(xi);
  if (d) *d = Mat6(Id.asDiagonal()) - 0.5 * sh * (se3::adTransposeMatrix(mu) + se3::ad(xi).transpose() * Id.asDiagonal());
  return mu - 0.5 * sh * se3::adTranspose(xi, mu);
}

}  // namespace

HelicopterDmoc::HelicopterDmoc(const Problem& problem, const HelicopterParams& params, const Vec6& inertia,
                               const SE3& g0, const Vec6& mu0)
    : problem_(problem), params_(params), Id_(inertia), mu0_(mu0), g0_(g0), n_(problem.knots), h_(problem.timeStep()) {
  goalRow0_ = kStepRows * n_;
  velocityGoal_ = problem.goal.velocity.has_value();
  free_ = problem.freeTime.has_value();
  attitudeGoal_ = problem.goal.heading.has_value();
  // Each attitude row (constraints()) is one variable when the heading is a multiple of pi:
  // then bounds on q_N instead, which IPOPT's barrier takes directly (helicopter-landing: 49
  // iterations, 69 with the same bounds as rows).
  if (attitudeGoal_)
    attitudeAsBounds_ = std::min(std::abs(std::sin(0.5 * *problem.goal.heading)), std::abs(std::cos(0.5 * *problem.goal.heading))) < 1e-12;
  attitudeRow0_ = goalRow0_ + (velocityGoal_ ? 6 : 0);
  obstacleRow0_ = attitudeRow0_ + (attitudeGoal_ && !attitudeAsBounds_ ? 3 : 0);
  numConstraints_ = obstacleRow0_ + n_ * static_cast<int>(problem.obstacles.size());
  const char* names[] = {"collective", "tail", "cyclic_pitch", "cyclic_roll"};
  for (const char* c : names) {
    auto e = problem.effort.find(c);
    auto s = problem.smoothness.find(c);
    effort_.push_back(e == problem.effort.end() ? 0.0 : e->second);
    smooth_.push_back(s == problem.smoothness.end() ? 0.0 : s->second);
  }
  hover_ = {params.mass * params.gravity, 0.0, 0.0, 0.0};
}

// A box turned by `heading` about z, grown by r on every side, kept out by the superellipsoid
// (dx/Hx)^8 + (dy/Hy)^8 + (dz/Hz)^8 >= 3 in its frame (H = half size + r). It passes through
// the grown box's corners and lies outside it elsewhere (at most 3^(1/8) - 1 = 15 % of H
// beyond a face's centre), and the grown box contains every sphere of radius r touching the
// box: an admitted centre keeps the sphere off the box. Written as
// min(H) / 8 (log S - log 3), metres near the surface.
double HelicopterDmoc::obstacleValue(const Obstacle& o, double r, const Vec3& p, Vec3* grad) {
  const double c = std::cos(o.heading), s = std::sin(o.heading);
  const Vec3 w = p - o.center3;
  const Vec3 d(c * w.x() + s * w.y(), -s * w.x() + c * w.y(), w.z());
  const Vec3 H = o.halfSize3 + Vec3::Constant(r);
  double S = 1e-16;
  Vec3 q7;
  for (int i = 0; i < 3; ++i) {
    const double q = d(i) / H(i), q2 = q * q, q4 = q2 * q2;
    q7(i) = q4 * q2 * q;
    S += q7(i) * q;
  }
  const double m = H.minCoeff() / 8.0;
  if (grad) {
    const Vec3 gd(m * 8.0 * q7.x() / (H.x() * S), m * 8.0 * q7.y() / (H.y() * S), m * 8.0 * q7.z() / (H.z() * S));
    *grad = Vec3(c * gd.x() - s * gd.y(), s * gd.x() + c * gd.y(), gd.z());
  }
  return m * (std::log(S) - std::log(3.0));
}

double HelicopterDmoc::obstacleDepth(const Obstacle& o, double r, const Vec3& p) {
  const double c = std::cos(o.heading), s = std::sin(o.heading);
  const Vec3 w = p - o.center3;
  const Vec3 d(c * w.x() + s * w.y(), -s * w.x() + c * w.y(), w.z());
  const Vec3 outside = (d.cwiseAbs() - o.halfSize3).cwiseMax(0.0);
  if (outside.squaredNorm() > 0.0) return r - outside.norm();
  return r + (o.halfSize3 - d.cwiseAbs()).minCoeff();
}

Vec6 HelicopterDmoc::wrench(const double* x, int k, Eigen::Matrix<double, 6, 4>* dq,
                            Eigen::Matrix<double, 6, 4>* du) const {
  const Eigen::Vector4d q(x[var(k, kQw)], x[var(k, kQx)], x[var(k, kQy)], x[var(k, kQz)]);
  const double uc = x[var(k, kUc)], upsi = x[var(k, kUpsi)], gp = x[var(k, kGp)], gr = x[var(k, kGr)];
  Vec6 w = HelicopterForces::controlWrench(params_, uc, upsi, gp, gr);
  Mat34 dg;
  w.tail<3>() += rotateBack(q, Vec3(0.0, 0.0, -params_.mass * params_.gravity), dq ? &dg : nullptr);
  if (dq) {
    dq->setZero();
    dq->bottomRows<3>() = dg;
  }
  if (du) {
    const double sp = std::sin(gp), cp = std::cos(gp), sr = std::sin(gr), cr = std::cos(gr);
    const double dt = params_.hubHeight, dr = params_.tailArm;
    du->col(0) << dt * sr, dt * sp * cr, 0.0, sp * cr, -sr, cp * cr;
    du->col(1) << 0.0, 0.0, dr, 0.0, -1.0, 0.0;
    du->col(2) << 0.0, dt * cp * cr * uc, 0.0, cp * cr * uc, 0.0, -sp * cr * uc;
    du->col(3) << dt * cr * uc, -dt * sp * sr * uc, 0.0, -sp * sr * uc, -cr * uc, -cp * sr * uc;
  }
  return w;
}

void HelicopterDmoc::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                            std::vector<double>& gu) const {
  xl.assign(static_cast<std::size_t>(numVariables()), -kInf);
  xu.assign(static_cast<std::size_t>(numVariables()), kInf);
  auto set = [&](int i, double lo, double hi) {
    xl[static_cast<std::size_t>(i)] = lo;
    xu[static_cast<std::size_t>(i)] = hi;
  };
  if (free_) set(stepVariable(), problem_.freeTime->first / n_, problem_.freeTime->second / n_);
  const char* names[] = {"collective", "tail", "cyclic_pitch", "cyclic_roll"};
  for (int c = 0; c < 4; ++c) {
    auto it = problem_.channelBounds.find(names[c]);
    if (it == problem_.channelBounds.end()) continue;
    for (int k = 0; k <= n_; ++k) set(var(k, kUc + c), it->second.first, it->second.second);
  }
  if (problem_.altitude)
    for (int k = 1; k <= n_; ++k) set(var(k, kZ), problem_.altitude->first, problem_.altitude->second);
  const Eigen::Vector4d q0(g0_.q.w(), g0_.q.x(), g0_.q.y(), g0_.q.z());
  for (int i = 0; i < 4; ++i) set(var(0, kQw + i), q0(i), q0(i));
  for (int i = 0; i < 3; ++i) set(var(0, kX + i), g0_.x(i), g0_.x(i));
  const Goal& g = problem_.goal;
  if (g.position3)
    for (int i = 0; i < 3; ++i)
      set(var(n_, kX + i), (*g.position3)(i) - g.positionTolerance, (*g.position3)(i) + g.positionTolerance);
  if (attitudeGoal_ && attitudeAsBounds_) {  // heading 0: (qx, qy, qz) = e; heading pi: (qy, -qx, -qw) = e
    const double b = attitudeBound(g.headingTolerance);
    const bool pi = std::abs(std::cos(0.5 * *g.heading)) < 1e-12;
    for (const int v : {kQx, kQy, pi ? kQw : kQz}) set(var(n_, v), -b, b);
    // The error's scalar part is +-q_N's w (heading 0) or z (pi): kept on the start's side, the
    // hemisphere the motion reaches without a whole turn (landing: 49 iterations, 75 without).
    const int scalar = pi ? kQz : kQw;
    if ((pi ? g0_.q.z() : g0_.q.w()) >= 0.0)
      set(var(n_, scalar), 0.0, 1.0);
    else
      set(var(n_, scalar), -1.0, 0.0);
  }
  for (const Waypoint& w : problem_.waypoints) {  // the knot nearest each time
    if (w.soft()) continue;                       // a cost term instead (helicopter_dmoc_cost.cpp)
    const int k = problem_.waypointKnot(w);
    for (int i = 0; i < 3; ++i) {
      const auto I = static_cast<std::size_t>(var(k, kX + i));
      xl[I] = std::max(xl[I], (*w.position3)(i) - w.tolerance);
      xu[I] = std::min(xu[I], (*w.position3)(i) + w.tolerance);
    }
  }
  gl.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  gu.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  for (int i = obstacleRow0_; i < numConstraints_; ++i) gu[static_cast<std::size_t>(i)] = kInf;
  if (velocityGoal_)
    for (int i = 0; i < 6; ++i) {
      gl[static_cast<std::size_t>(goalRow0_ + i)] = (*g.velocity)[static_cast<std::size_t>(i)] - g.speedTolerance;
      gu[static_cast<std::size_t>(goalRow0_ + i)] = (*g.velocity)[static_cast<std::size_t>(i)] + g.speedTolerance;
    }
  if (attitudeGoal_ && !attitudeAsBounds_)  // the attitude error's vector part (constraints())
    for (int i = 0; i < 3; ++i) {
      gl[static_cast<std::size_t>(attitudeRow0_ + i)] = -attitudeBound(g.headingTolerance);
      gu[static_cast<std::size_t>(attitudeRow0_ + i)] = attitudeBound(g.headingTolerance);
    }
}

// Flight from the start to the goal position. Without a [problem] guess_path: along the
// quintic Hermite curve whose end velocities are the initial velocity and the goal velocity
// (zero when not given), bent through [problem] guess_via when given, trimmed to it
// (trimGuess). With guess_path: at constant speed along the polyline start, guess_path...,
// goal, at the start attitude with hovering controls.
void HelicopterDmoc::initialGuess(std::vector<double>& xs) const {
  xs.assign(static_cast<std::size_t>(numVariables()), 0.0);
  double* const x = xs.data();  // int-indexed by var()
  const Vec3 p0 = g0_.x, p1 = problem_.goal.position3.value_or(p0);
  const double T = n_ * h_;
  const Vec3 v0 = g0_.q * mu0_.tail<3>().cwiseQuotient(Id_.tail<3>());
  Vec3 v1 = Vec3::Zero();
  if (problem_.goal.velocity) {
    const auto& v = *problem_.goal.velocity;
    v1 = g0_.q * Vec3(v[3], v[4], v[5]);  // body frame at the (guessed) start attitude
  }
  std::vector<Vec3> route{p0};
  route.insert(route.end(), problem_.guessPath.begin(), problem_.guessPath.end());
  route.push_back(p1);
  std::vector<double> arc{0.0};
  for (std::size_t i = 1; i < route.size(); ++i) arc.push_back(arc.back() + (route[i] - route[i - 1]).norm());
  // Quintic Hermite with zero acceleration at both ends, where the attitude is level (given
  // at the start, the goal's at the end): trimmed, the guess then needs no thrust tilt there.
  auto hermite = [&](double s) {
    const double s3 = s * s * s, s4 = s3 * s, s5 = s4 * s;
    return Vec3((1 - 10 * s3 + 15 * s4 - 6 * s5) * p0 + (s - 6 * s3 + 8 * s4 - 3 * s5) * T * v0 +
                (10 * s3 - 15 * s4 + 6 * s5) * p1 + (-4 * s3 + 7 * s4 - 3 * s5) * T * v1);
  };
  // [problem] guess_via bends it through that point at s = 1/2 by 16 s^2 (1 - s)^2 (1 at
  // s = 1/2; value and slope 0 at both ends). A bend also flat in curvature at the ends,
  // 64 s^3 (1 - s)^3, took the landing's 16-knot level 38-51 iterations against 28-37
  // (docs/optimize.md, "The landing's guess").
  const Vec3 bend = problem_.guessVia ? Vec3(*problem_.guessVia - hermite(0.5)) : Vec3::Zero();
  auto position = [&](double s) {  // s in [0, 1]
    if (problem_.guessPath.empty()) {
      const double b = s * (1.0 - s);
      return Vec3(hermite(s) + 16.0 * b * b * bend);
    }
    const double along = s * arc.back();
    std::size_t i = 1;
    while (i + 1 < route.size() && arc[i] < along) ++i;
    const double len = arc[i] - arc[i - 1];
    const double f = len > 0.0 ? std::clamp((along - arc[i - 1]) / len, 0.0, 1.0) : 1.0;
    return Vec3(route[i - 1] + f * (route[i] - route[i - 1]));
  };
  std::vector<Vec3> P(static_cast<std::size_t>(n_ + 1));
  for (int k = 0; k <= n_; ++k) P[static_cast<std::size_t>(k)] = position(static_cast<double>(k) / n_);
  if (!problem_.guessPath.empty()) {
    // Along a polyline: the start attitude, hovering controls, xi_k covering the chord of step k.
    for (int k = 0; k <= n_; ++k) {
      const Vec3& p = P[static_cast<std::size_t>(k)];
      x[var(k, kQw)] = g0_.q.w();
      x[var(k, kQx)] = g0_.q.x();
      x[var(k, kQy)] = g0_.q.y();
      x[var(k, kQz)] = g0_.q.z();
      for (int i = 0; i < 3; ++i) x[var(k, kX + i)] = p(i);
      for (int c = 0; c < 4; ++c) x[var(k, kUc + c)] = hover_[static_cast<std::size_t>(c)];
      if (k < n_) {
        const Vec3 v = g0_.q.conjugate() * ((P[static_cast<std::size_t>(k + 1)] - p) / h_);
        for (int i = 0; i < 3; ++i) x[xiVar(k, 3 + i)] = v(i);
      }
    }
  } else {
    trimGuess(P, xs);
  }
  if (free_) x[static_cast<std::size_t>(stepVariable())] = h_;  // the horizon's step
}

// Flight along the knot positions P trimmed to them: at each knot the attitude (the start
// heading, tilted) and the collective whose thrust m (a + g e_z) gives the path's acceleration
// a (second differences); xi_k from the reconstruction (Eq. 9) between consecutive knots,
// exactly; the cyclic and tail inputs from the torque the forced discrete Euler-Poincare
// equations then ask for. The position and attitude rows hold exactly and the momentum rows
// nearly (the cyclic also tilts the thrust a little); the last knot hovers level.
void HelicopterDmoc::trimGuess(const std::vector<Vec3>& P, std::vector<double>& xs) const {
  double* const x = xs.data();  // int-indexed by var()
  const double m = params_.mass, mg = m * params_.gravity, h = h_;
  const Vec3 nose = g0_.q * Vec3::UnitX();
  const Quat yaw(Eigen::AngleAxisd(std::atan2(nose.y(), nose.x()), Vec3::UnitZ()));
  const auto K = [](int k) { return static_cast<std::size_t>(k); };
  std::vector<Quat> Q(K(n_ + 1));
  std::vector<double> thrust(K(n_ + 1), mg);
  Q[0] = g0_.q;
  Q[K(n_)] = yaw;
  for (int k = 1; k < n_; ++k) {
    const Vec3 a = (P[K(k + 1)] - 2.0 * P[K(k)] + P[K(k - 1)]) / (h * h);
    const Vec3 F = m * (a + params_.gravity * Vec3::UnitZ());
    Q[K(k)] = yaw * Quat::FromTwoVectors(Vec3::UnitZ(), yaw.conjugate() * F);
    thrust[K(k)] = F.norm();
  }
  std::vector<Vec6> xi(K(n_));
  for (int k = 0; k < n_; ++k) {
    const Vec3 hw = so3::cayInv(Q[K(k)].conjugate() * Q[K(k + 1)]);
    xi[K(k)] << hw / h, so3::dcayInv(hw) * (Q[K(k)].conjugate() * (P[K(k + 1)] - P[K(k)])) / h;
  }
  auto bound = [&](const char* channel, double v) {
    auto it = problem_.channelBounds.find(channel);
    return it == problem_.channelBounds.end() ? v : std::clamp(v, it->second.first, it->second.second);
  };
  for (int k = 0; k <= n_; ++k) {
    for (int i = 0; i < 4; ++i) x[var(k, kQw + i)] = Eigen::Vector4d(Q[K(k)].w(), Q[K(k)].x(), Q[K(k)].y(), Q[K(k)].z())(i);
    for (int i = 0; i < 3; ++i) x[var(k, kX + i)] = P[K(k)](i);
    // Torque asked for by the momentum rows of step k: (C^T I xi_k - C^T I xi_k-1) / h, the
    // first step against mu_0 with h/2.
    Vec3 tau = Vec3::Zero();
    if (k < n_) {
      const Vec6 before = k == 0 ? mu0_ : momentumTLN(Id_, xi[K(k - 1)], -h, nullptr);
      tau = (momentumTLN(Id_, xi[K(k)], h, nullptr) - before).head<3>() / (k == 0 ? 0.5 * h : h);
    }
    const double uc = bound("collective", thrust[K(k)]);
    const double gr = bound("cyclic_roll", std::asin(std::clamp(tau.x() / (params_.hubHeight * uc), -0.5, 0.5)));
    const double gp =
        bound("cyclic_pitch", std::asin(std::clamp(tau.y() / (params_.hubHeight * uc * std::cos(gr)), -0.5, 0.5)));
    x[var(k, kUc)] = uc;
    x[var(k, kUpsi)] = bound("tail", tau.z() / params_.tailArm);
    x[var(k, kGp)] = gp;
    x[var(k, kGr)] = gr;
    if (k < n_)
      for (int i = 0; i < 6; ++i) x[xiVar(k, i)] = xi[K(k)](i);
  }
}

void HelicopterDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  const Emit emit{jac};
  const double h = timeStep(x);
  const int hVar = stepVariable();  // with free time: every step row depends on h
  Eigen::Matrix<double, 6, 4> fq, fu;
  Mat6 dM;
  for (int k = 0; k < n_; ++k) {
    const int r = kStepRows * k;
    Vec6 xi;
    for (int i = 0; i < 6; ++i) xi(i) = x[xiVar(k, i)];
    // Forced discrete Euler-Poincare (Eq. 10 with C_TLN): C^T(h xi_k) I xi_k - pi+_k = 0.
    const Vec6 M = momentumTLN(Id_, xi, h, &dM);
    Vec6 res = M;
    const Vec6 f = wrench(x, k, &fq, &fu);
    // d/dh: C^T(h xi) I xi depends on h through h xi alone, so its h-derivative is
    // (dM xi - M) / h with dM its xi-derivative (likewise for the step -h before).
    Vec6 resH = (dM * xi - M) / h;
    if (k == 0) {
      res -= mu0_ + 0.5 * h * f;
      resH -= 0.5 * f;
      fq *= 0.5;  // d/d(q, u) of -(h/2) f_0 below, scaled with h after
      fu *= 0.5;
    } else {
      Vec6 prev;
      for (int i = 0; i < 6; ++i) prev(i) = x[xiVar(k - 1, i)];
      Mat6 dPrev;
      const Vec6 P = momentumTLN(Id_, prev, -h, &dPrev);
      res -= P + h * f;
      resH -= (dPrev * prev - P) / h + f;
      for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) emit(r + i, xiVar(k - 1, j), -dPrev(i, j));
    }
    for (int i = 0; i < 6; ++i) {
      g[r + i] = res(i);
      for (int j = 0; j < 6; ++j) emit(r + i, xiVar(k, j), dM(i, j));
      for (int j = 0; j < 4; ++j) emit(r + i, var(k, kQw + j), -h * fq(i, j));
      for (int j = 0; j < 4; ++j) emit(r + i, var(k, kUc + j), -h * fu(i, j));
      if (free_) emit(r + i, hVar, resH(i));
    }
    // Reconstruction g_k+1 = g_k (cay(h w), B_cay(h w) h v) (Eq. 9, se3::updateCayPaperB).
    const Eigen::Vector4d q(x[var(k, kQw)], x[var(k, kQx)], x[var(k, kQy)], x[var(k, kQz)]);
    const Vec3 hw = h * xi.head<3>(), hv = h * xi.tail<3>();
    Mat43 dc;
    const Eigen::Vector4d c = cayQuat(hw, &dc);
    Mat4d dqa, dqb;
    const Eigen::Vector4d qn = quatMul(q, c, &dqa, &dqb);
    const Mat43 dqw = h * dqb * dc;
    for (int i = 0; i < 4; ++i) {
      g[r + 6 + i] = x[var(k + 1, kQw + i)] - qn(i);
      emit(r + 6 + i, var(k + 1, kQw + i), 1.0);
      for (int j = 0; j < 4; ++j) emit(r + 6 + i, var(k, kQw + j), -dqa(i, j));
      for (int j = 0; j < 3; ++j) emit(r + 6 + i, xiVar(k, j), -dqw(i, j));
      if (free_) emit(r + 6 + i, hVar, -dqw.row(i).dot(xi.head<3>()) / h);  // d/dh through h w
    }
    Mat3 dBw;
    const Vec3 y = bCay(hw, hv, &dBw);
    Mat34 dRq;
    const Vec3 dx = rotate(q, y, &dRq);
    Mat3 R;
    for (int j = 0; j < 3; ++j) R.col(j) = rotate(q, Vec3::Unit(j), nullptr);
    const Mat3 dxw = h * R * dBw;
    const Mat3 dxv = h * R * so3::dcay(hw);
    for (int i = 0; i < 3; ++i) {
      g[r + 10 + i] = x[var(k + 1, kX + i)] - x[var(k, kX + i)] - dx(i);
      emit(r + 10 + i, var(k + 1, kX + i), 1.0);
      emit(r + 10 + i, var(k, kX + i), -1.0);
      for (int j = 0; j < 4; ++j) emit(r + 10 + i, var(k, kQw + j), -dRq(i, j));
      for (int j = 0; j < 3; ++j) emit(r + 10 + i, xiVar(k, j), -dxw(i, j));
      for (int j = 0; j < 3; ++j) emit(r + 10 + i, xiVar(k, 3 + j), -dxv(i, j));
      if (free_)  // d/dh through h w and h v
        emit(r + 10 + i, hVar, -(dxw.row(i).dot(xi.head<3>()) + dxv.row(i).dot(xi.tail<3>())) / h);
    }
  }
  if (velocityGoal_) {
    // The velocity at t_N: mu_N = C_TLN(-h xi_N-1)^T I xi_N-1 + h/2 f_N, divided by I.
    Vec6 prev;
    for (int i = 0; i < 6; ++i) prev(i) = x[xiVar(n_ - 1, i)];
    Mat6 dPrev;
    const Vec6 P = momentumTLN(Id_, prev, -h, &dPrev);
    const Vec6 fN = wrench(x, n_, &fq, &fu);
    const Vec6 mu = P + 0.5 * h * fN;
    const Vec6 muH = (dPrev * prev - P) / h + 0.5 * fN;
    for (int i = 0; i < 6; ++i) {
      const int row = goalRow0_ + i;
      g[row] = mu(i) / Id_(i);
      for (int j = 0; j < 6; ++j) emit(row, xiVar(n_ - 1, j), dPrev(i, j) / Id_(i));
      for (int j = 0; j < 4; ++j) emit(row, var(n_, kQw + j), 0.5 * h * fq(i, j) / Id_(i));
      for (int j = 0; j < 4; ++j) emit(row, var(n_, kUc + j), 0.5 * h * fu(i, j) / Id_(i));
      if (free_) emit(row, hVar, muH(i) / Id_(i));
    }
  }
  if (attitudeGoal_ && !attitudeAsBounds_) {
    // The goal is level with the heading psi: q_goal = (c, 0, 0, s), c = cos(psi/2), s =
    // sin(psi/2). The rows are the vector part of the attitude error e = q_goal^-1 q_N, linear
    // in q_N: (c qx + s qy, c qy - s qx, c qz - s qw), each within attitudeBound(tol). Roll,
    // pitch and yaw of e (ZYX, the final attitude's from the goal's) are then each within tol;
    // e and -e are the same attitude, so neither hemisphere is ruled out. (Bounds on q_N's own
    // x and y let a pitch of 1.41 tol through at a 90 degree heading.)
    const double c = std::cos(0.5 * *problem_.goal.heading), s = std::sin(0.5 * *problem_.goal.heading);
    const double qw = x[var(n_, kQw)], qx = x[var(n_, kQx)], qy = x[var(n_, kQy)], qz = x[var(n_, kQz)];
    const int r = attitudeRow0_;
    g[r] = c * qx + s * qy;
    emit(r, var(n_, kQx), c);
    emit(r, var(n_, kQy), s);
    g[r + 1] = c * qy - s * qx;
    emit(r + 1, var(n_, kQx), -s);
    emit(r + 1, var(n_, kQy), c);
    g[r + 2] = c * qz - s * qw;
    emit(r + 2, var(n_, kQw), -s);
    emit(r + 2, var(n_, kQz), c);
  }
  const int nObs = static_cast<int>(problem_.obstacles.size());
  for (int k = 1; k <= n_; ++k)
    for (int j = 0; j < nObs; ++j) {
      const int row = obstacleRow0_ + (k - 1) * nObs + j;
      Vec3 grad;
      g[row] = obstacleValue(problem_.obstacles[static_cast<std::size_t>(j)], problem_.bodyRadius,
                             Vec3(x[var(k, kX)], x[var(k, kY)], x[var(k, kZ)]), &grad);
      for (int i = 0; i < 3; ++i) emit(row, var(k, kX + i), grad(i));
    }
}

// Where the rows above have second derivatives. The momentum rows are sums of separate
// terms: C^T(h xi_k) I xi_k and C^T(-h xi_k-1) I xi_k-1 (each quadratic in its own xi), the
// control wrench (in u_k alone) and gravity in the body frame (quadratic in q_k alone). The
// attitude rows are q_k+1 (linear) minus q_k cay(h w_k); the position rows x_k+1 - x_k
// (linear) minus R(q_k) B_cay(h w_k) h v_k, linear in v_k. The obstacle rows are in one
// knot's position. So the constraints couple no two knots: per knot the blocks (q, q), (u, u),
// (x, x), (xi, xi) and (q, xi), and with free time h with q, u and xi. The dense pattern
// (every two columns of a row, across two knots) needed 36 colours on helicopter-canyon.
bool HelicopterDmoc::constraintHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  auto block = [&](int a0, int na, int b0, int nb) {
    for (int a = 0; a < na; ++a)
      for (int b = 0; b < nb; ++b) pairs.emplace_back(a0 + a, b0 + b);
  };
  for (int k = 0; k <= n_; ++k) {
    block(var(k, kQw), 4, var(k, kQw), 4);
    block(var(k, kUc), 4, var(k, kUc), 4);
    if (!problem_.obstacles.empty()) block(var(k, kX), 3, var(k, kX), 3);
    if (k < n_) {
      block(xiVar(k, 0), 6, xiVar(k, 0), 6);
      block(var(k, kQw), 4, xiVar(k, 0), 6);
    }
    if (free_) {
      block(stepVariable(), 1, var(k, kQw), 4);
      block(stepVariable(), 1, var(k, kUc), 4);
      if (k < n_) block(stepVariable(), 1, xiVar(k, 0), 6);
    }
  }
  return true;
}

std::string HelicopterDmoc::describe(int row, const double* x, double violation) const {
  char buf[256];
  if (row >= obstacleRow0_) {
    const int nObs = static_cast<int>(problem_.obstacles.size());
    const int k = (row - obstacleRow0_) / nObs + 1;
    const Obstacle& o = problem_.obstacles[static_cast<std::size_t>((row - obstacleRow0_) % nObs)];
    const double d = obstacleDepth(o, problem_.bodyRadius, Vec3(x[var(k, kX)], x[var(k, kY)], x[var(k, kZ)]));
    if (d > 0.0)
      std::snprintf(buf, sizeof buf, "knot %d: helicopter (radius %.3g m) %.2g m inside %s", k, problem_.bodyRadius, d,
                    shown(o.name).c_str());
    else
      std::snprintf(buf, sizeof buf, "knot %d: helicopter within the safety margin of %s", k, shown(o.name).c_str());
    return buf;
  }
  if (row < goalRow0_) {
    const int k = row / kStepRows, i = row % kStepRows;
    const char* what = i < 6 ? "discrete Euler-Poincare momentum balance" : i < 10 ? "attitude update" : "position update";
    std::snprintf(buf, sizeof buf, "step %d: %s off by %.3g", k, what, violation);
  } else if (row < attitudeRow0_) {
    std::snprintf(buf, sizeof buf, "final velocity component %d misses the goal by %.3g", row - goalRow0_, violation);
  } else {
    const char* axis[] = {"roll", "pitch", "heading"};
    std::snprintf(buf, sizeof buf, "final attitude: %s misses the goal by %.3g rad (beyond heading_tolerance)",
                  axis[row - attitudeRow0_], 2.0 * std::asin(std::min(1.0, violation)));
  }
  return buf;
}

HelicopterTrajectory se3Trajectory(const std::vector<double>& x, int n, double h, int knotVars) {
  const int stride = knotVars + 6;
  HelicopterTrajectory tr;
  for (int k = 0; k <= n; ++k) {
    const double* v = x.data() + static_cast<std::ptrdiff_t>(stride) * k;
    tr.t.push_back(k * h);
    SE3 g;
    g.q = Quat(v[0], v[1], v[2], v[3]);
    g.x = Vec3(v[4], v[5], v[6]);
    tr.g.push_back(g);
    tr.inputs.emplace_back(v + 7, v + knotVars);
    if (k < n) tr.xi.push_back(Eigen::Map<const Vec6>(v + knotVars));
  }
  return tr;
}

HelicopterTrajectory HelicopterDmoc::trajectory(const std::vector<double>& x) const {
  static_assert(kQw == 0 && kX == 4 && kUc == 7 && kStride == kKnotVars + 6);
  return se3Trajectory(x, n_, timeStep(x), kKnotVars);
}

}  // namespace lieride::opt
