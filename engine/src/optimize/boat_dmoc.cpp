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
#include "lieride/sim/table_reader.hpp"

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;
// Inputs of a step's rows: xi_k-1 (6), knot k (9), xi_k (6), q and x of knot k+1 (7).
constexpr int kIn = 28;
using namespace boat_wrench;

// C_TLN(s h xi)^T I xi = I xi - (s h / 2) ad_xi^T (I xi) (se3::adTranspose).
template <class T, class S>
V6<T> momentumTLN(const Vec6& Id, const V6<T>& xi, const S& sh) {
  V6<T> mu;
  for (int i = 0; i < 6; ++i) mu(i) = Id(i) * xi(i);
  const V3<T> w = xi.template head<3>(), v = xi.template tail<3>(), pi = mu.template head<3>(), pl = mu.template tail<3>();
  V6<T> ad;
  ad << cross<T>(pi, w) + cross<T>(pl, v), cross<T>(pl, w);
  const S half = 0.5 * sh;
  return mu - half * ad;
}

template <class T>
V6<T> velocity(const Vec6& Id, const V6<T>& mu) {
  V6<T> xi;
  for (int i = 0; i < 6; ++i) xi(i) = mu(i) / Id(i);
  return xi;
}

// g_k+1 = g_k (cay(h w), B_cay(h w) h v) from q_k and xi_k: out = (q_k+1 (4), x_k+1 - x_k (3)).
// q_k+1 = q_k c, c = (n, n h w / 2), n = (1 + |h w|^2 / 4)^(-1/2);
// x_k+1 = x_k + R(q_k) 2 / (4 + |h w|^2) (2 h v + h w x h v).
template <class T, class S>
void reconstruction(const S& h, const T* q, const V6<T>& xi, T* out) {
  using std::sqrt;
  const V3<T> hw = h * xi.template head<3>(), hv = h * xi.template tail<3>();
  const T n = 1.0 / sqrt(1.0 + 0.25 * hw.squaredNorm());
  const T cw = n;
  const V3<T> cv = (0.5 * n) * hw;
  const T aw = q[0];
  const V3<T> av(q[1], q[2], q[3]);
  out[0] = aw * cw - av.dot(cv);
  const V3<T> qv = aw * cv + cw * av + cross<T>(av, cv);
  const V3<T> y = (2.0 / (4.0 + hw.squaredNorm())) * (2.0 * hv + cross<T>(hw, hv));
  // R(q) y = (w^2 - |u|^2) y + 2 u (u . y) + 2 w u x y (as HelicopterDmoc's rotate)
  const V3<T> dx = (aw * aw - av.squaredNorm()) * y + 2.0 * av * av.dot(y) + 2.0 * aw * cross<T>(av, y);
  for (int i = 0; i < 3; ++i) {
    out[1 + i] = qv(i);
    out[4 + i] = dx(i);
  }
}

// The rows of step k: z = (xi_k-1, q_k, x_k, u_k, xi_k, q_k+1, x_k+1) (kIn values; at k = 0 the
// first six are unused and mu0 enters instead). out: 6 momentum rows, 4 attitude, 3 position.
template <class T, class S>
void stepRows(const BoatParams& p, const Vec6& Id, const S& h, const Vec6& mu0, bool first, const T* z, T* out) {
  const T* q = z + 6;
  const Geometry<T> G = geometry(p, q, z[12]);
  const T ur = z[13], ul = z[14];
  V6<T> xi, prev;
  for (int i = 0; i < 6; ++i) {
    xi(i) = z[15 + i];
    prev(i) = z[i];
  }
  const T hT = T(h), half = T(0.5 * h), minusH = T(-h);
  V6<T> res = momentumTLN(Id, xi, hT);
  if (first) {
    V6<T> m0;
    for (int i = 0; i < 6; ++i) m0(i) = T(mu0(i));
    res -= m0 + half * wrench(p, G, velocity(Id, m0), ur, ul);
  } else {
    const V6<T> piMinus = momentumTLN(Id, prev, minusH);
    const V6<T> f0 = wrench(p, G, velocity(Id, piMinus), ur, ul);
    const V6<T> f = wrench(p, G, velocity(Id, V6<T>(piMinus + half * f0)), ur, ul);
    res -= piMinus + hT * f;
  }
  // Divided by the inertia: velocity units, like the other rows' metres (the weight and the
  // buoyancy, some 8e3 N, nearly cancel; unscaled rows would carry their round-off).
  for (int i = 0; i < 6; ++i) out[i] = res(i) / Id(i);
  T next[7];
  reconstruction(hT, q, xi, next);
  out[6] = z[21] - next[0];
  for (int i = 0; i < 3; ++i) out[7 + i] = z[22 + i] - next[1 + i];
  for (int i = 0; i < 3; ++i) out[10 + i] = z[25 + i] - z[10 + i] - next[4 + i];
}

// The velocity at t_N as the simulator computes it: (pi-_N + h/2 f_N) / I with f_N at the
// two-pass velocity estimate. z = (xi_N-1, q_N, x_N, u_N).
template <class T, class S>
void finalVelocity(const BoatParams& p, const Vec6& Id, const S& h, const T* z, T* out) {
  V6<T> prev;
  for (int i = 0; i < 6; ++i) prev(i) = z[i];
  const Geometry<T> G = geometry(p, z + 6, z[12]);
  const T half = T(0.5 * h), minusH = T(-h);
  const V6<T> piMinus = momentumTLN(Id, prev, minusH);
  const V6<T> f0 = wrench(p, G, velocity(Id, piMinus), z[13], z[14]);
  const V6<T> mu = piMinus + half * wrench(p, G, velocity(Id, V6<T>(piMinus + half * f0)), z[13], z[14]);
  for (int i = 0; i < 6; ++i) out[i] = mu(i) / Id(i);
}

// Step k's rows and their exact Jacobian without differentiating the whole step in its 28
// inputs: the wrench sees the pose only through the knot's attitude and height (the clipped
// hull's sums, differentiated in those 5 directions), and otherwise the velocity it is
// evaluated at and the thrusts (13 directions in all); its two passes (f0 at pi-_k / I, f at
// (pi-_k + h/2 f0) / I), the momenta and the reconstruction are chained by hand.
constexpr int kPose = 5, kWrenchIn = kPose + 6 + 2;  // wrench directions: q_k, z_k; velocity; thrusts
using ADPose = Eigen::AutoDiffScalar<Eigen::Matrix<double, kPose, 1>>;
using ADW = Eigen::AutoDiffScalar<Eigen::Matrix<double, kWrenchIn, 1>>;
using AD6 = Eigen::AutoDiffScalar<Vec6>;
using AD10 = Eigen::AutoDiffScalar<Eigen::Matrix<double, 10, 1>>;
using StepJacobian = Eigen::Matrix<double, 13, kIn>;
using MomentumJacobian = Eigen::Matrix<double, 6, kIn>;
using WrenchJacobian = Eigen::Matrix<double, 6, kWrenchIn>;

// The hull's sums with their derivatives in (q_k, z_k) as the first 5 of the wrench's directions.
ADW widen(const ADPose& a) {
  Eigen::Matrix<double, kWrenchIn, 1> d = Eigen::Matrix<double, kWrenchIn, 1>::Zero();
  d.head<kPose>() = a.derivatives();
  return ADW(a.value(), d);
}
V3<ADW> widen(const V3<ADPose>& a) { return V3<ADW>(widen(a(0)), widen(a(1)), widen(a(2))); }
Geometry<ADW> widen(const Geometry<ADPose>& g) {
  Geometry<ADW> G;
  G.zhat = widen(g.zhat);
  G.windBody = widen(g.windBody);
  G.volume = widen(g.volume);
  G.wettedArea = widen(g.wettedArea);
  G.moment = widen(g.moment);
  G.first = widen(g.first);
  G.etaArea = widen(g.etaArea);
  G.etaTorque = widen(g.etaTorque);
  G.normalArea = widen(g.normalArea);
  G.normalTorque = widen(g.normalTorque);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) G.second(i, j) = widen(g.second(i, j));
  G.dry.reserve(g.dry.size());
  for (const auto& [a, c] : g.dry) G.dry.emplace_back(widen(a), widen(c));
  return G;
}

// C_TLN(s h xi)^T I xi and its Jacobian in xi.
void momentumTLNJacobian(const Vec6& Id, const double* xi, double sh, Vec6& mu, Mat6& M) {
  V6<AD6> a;
  for (int i = 0; i < 6; ++i) a(i) = AD6(xi[i], 6, i);
  const V6<AD6> m = momentumTLN(Id, a, sh);
  for (int i = 0; i < 6; ++i) {
    mu(i) = m(i).value();
    M.row(i) = m(i).derivatives().transpose();
  }
}

// The momentum the wrench gives step k, with its Jacobian d in z's first 15 entries
// (xi_k-1, q_k, x_k, u_k; columns 15.. stay 0): pi-_k + c h f, f the wrench at the simulator's
// two-pass velocity estimate (pi-_k + h/2 f0) / I, f0 at pi-_k / I; at k = 0 (first) the
// start's momentum mu0 + h/2 f(mu0 / I) instead (z's first six entries unused).
void impulse(const BoatParams& p, const Vec6& Id, double h, const Vec6& mu0, bool first, double c, const double* z,
             Vec6& out, MomentumJacobian& d) {
  ADPose pose[kPose];
  for (int i = 0; i < 4; ++i) pose[i] = ADPose(z[6 + i], kPose, i);
  pose[4] = ADPose(z[12], kPose, 4);
  const Geometry<ADW> G = widen(geometry(p, pose, pose[4]));
  const ADW ur(z[13], kWrenchIn, kPose + 6), ul(z[14], kWrenchIn, kPose + 7);
  const Vec6 inv = Id.cwiseInverse();
  // The wrench at momentum mu (velocity mu / I) whose derivative in z is dmu: value and d/dz.
  auto wrenchAt = [&](const Vec6& mu, const MomentumJacobian& dmu, Vec6& f, MomentumJacobian& df) {
    V6<ADW> xi;
    for (int i = 0; i < 6; ++i) xi(i) = ADW(mu(i) * inv(i), kWrenchIn, kPose + i);
    const V6<ADW> w = wrench(p, G, xi, ur, ul);
    WrenchJacobian Jw;
    for (int i = 0; i < 6; ++i) {
      f(i) = w(i).value();
      Jw.row(i) = w(i).derivatives().transpose();
    }
    df = Jw.middleCols<6>(kPose) * inv.asDiagonal() * dmu;
    for (int j = 0; j < 4; ++j) df.col(6 + j) += Jw.col(j);
    df.col(12) += Jw.col(4);
    df.col(13) += Jw.col(kPose + 6);
    df.col(14) += Jw.col(kPose + 7);
  };
  Vec6 f;
  MomentumJacobian df;
  if (first) {
    wrenchAt(mu0, MomentumJacobian::Zero(), f, df);
    out = mu0 + (0.5 * h) * f;
    d = (0.5 * h) * df;
    return;
  }
  Vec6 piMinus, f0;
  Mat6 M;
  momentumTLNJacobian(Id, z, -h, piMinus, M);
  MomentumJacobian dPiMinus = MomentumJacobian::Zero(), df0;
  dPiMinus.leftCols<6>() = M;
  wrenchAt(piMinus, dPiMinus, f0, df0);
  wrenchAt(piMinus + (0.5 * h) * f0, dPiMinus + (0.5 * h) * df0, f, df);
  out = piMinus + (c * h) * f;
  d = dPiMinus + (c * h) * df;
}

// stepRows (doubles) with its Jacobian J in z's kIn entries (at k = 0 the first six columns
// stay 0).
void stepRowsJacobian(const BoatParams& p, const Vec6& Id, double h, const Vec6& mu0, bool first, const double* z,
                      double* out, StepJacobian& J) {
  J.setZero();
  Vec6 res, b;
  Mat6 M;
  MomentumJacobian db;
  momentumTLNJacobian(Id, z + 15, h, res, M);
  impulse(p, Id, h, mu0, first, 1.0, z, b, db);
  res -= b;
  for (int i = 0; i < 6; ++i) {
    out[i] = res(i) / Id(i);
    J.row(i).head<kIn>() = -db.row(i) / Id(i);
    J.block<1, 6>(i, 15) += M.row(i) / Id(i);
  }
  // The reconstruction rows, differentiated in (q_k, xi_k).
  AD10 q[4], next[7];
  V6<AD10> xi;
  for (int i = 0; i < 4; ++i) q[i] = AD10(z[6 + i], 10, i);
  for (int i = 0; i < 6; ++i) xi(i) = AD10(z[15 + i], 10, 4 + i);
  reconstruction(h, q, xi, next);
  for (int i = 0; i < 7; ++i) {
    const int row = 6 + i, col = i < 4 ? 21 + i : 25 + (i - 4);  // q_k+1 or x_k+1
    out[row] = z[col] - next[i].value() - (i < 4 ? 0.0 : z[10 + (i - 4)]);
    J(row, col) = 1.0;
    if (i >= 4) J(row, 10 + (i - 4)) = -1.0;
    J.block<1, 4>(row, 6) = -next[i].derivatives().head<4>().transpose();
    J.block<1, 6>(row, 15) = -next[i].derivatives().tail<6>().transpose();
  }
}

// With free time: the derivative in h of step k's rows (hRows) and of the velocity at t_N
// (hFinal), by one-direction forward differentiation of the same templated code with the
// inputs z held.
using ADh = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;

template <int N, class F>
void hDerivative(double h, const double* z, int nz, double* out, F&& rows) {
  ADh za[kIn], res[N];
  for (int j = 0; j < nz; ++j) za[j] = ADh(z[j], Eigen::Matrix<double, 1, 1>::Zero());
  rows(ADh(h, 1, 0), za, res);
  for (int i = 0; i < N; ++i) out[i] = res[i].derivatives()(0);
}

const char* const kChannels[2] = {"thrust_right", "thrust_left"};

}  // namespace

BoatDmoc::BoatDmoc(const Problem& problem, const BoatParams& params, const Vec6& inertia, const SE3& g0, const Vec6& mu0)
    : problem_(problem), params_(params), Id_(inertia), mu0_(mu0), g0_(g0), n_(problem.knots), h_(problem.timeStep()),
      free_(problem.freeTime.has_value()) {
  goalRow0_ = kStepRows * n_;
  numConstraints_ = goalRow0_ + (problem.goal.atRest ? 6 : 0);
  if (problem.goal.heading) headingRow_ = numConstraints_++;
  // A bound interval that misses the thrusters' own range leaves no admissible thrust: said
  // here with the key (exit 2), not found by IPOPT as a failure on some other row.
  for (int c = 0; c < 2; ++c) {
    const auto it = problem.channelBounds.find(kChannels[c]);
    const double lo = params.thrusters.minThrust, hi = params.thrusters.maxThrust;
    if (it != problem.channelBounds.end() && (it->second.first > hi || it->second.second < lo)) {
      char what[240];
      std::snprintf(what, sizeof what,
                    ": key 'bounds.%s': expected [lower, upper] meeting the thrusters' range [%g, %g] N "
                    "([vehicle.thrusters] min_thrust, max_thrust), got [%g, %g]",
                    kChannels[c], lo, hi, it->second.first, it->second.second);
      throw ScenarioError(problem.file + what);
    }
  }
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
  if (free_) set(stepVariable(), problem_.freeTime->first / n_, problem_.freeTime->second / n_);
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
void BoatDmoc::initialGuess(std::vector<double>& xs) const {
  xs.assign(static_cast<std::size_t>(numVariables()), 0.0);
  double* const x = xs.data();  // int-indexed by var()
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
    // Step k: Newton on the six momentum rows C_TLN(h xi_k)^T I xi_k = b for xi_k (b, the
    // momentum the wrench gives, does not depend on xi_k), then the explicit update rows.
    const int base = var(k, 0) - 6;
    double z[kIn] = {}, out[kStepRows];
    for (int j = k == 0 ? 6 : 0; j < 15; ++j) z[j] = x[base + j];
    stepRows(params_, Id_, h_, mu0_, k == 0, z, out);  // at xi_k = 0: the rows are -b / I
    Vec6 b, mu;
    for (int i = 0; i < 6; ++i) b(i) = -out[i] * Id_(i);
    Mat6 M;
    Vec6 xi = xiPrev;
    for (int it = 0; it < 30; ++it) {
      momentumTLNJacobian(Id_, xi.data(), h_, mu, M);
      const Vec6 r = (mu - b).cwiseQuotient(Id_);  // the rows' own scaling, as stepRows
      if (r.norm() < 1e-14) break;
      xi -= M.partialPivLu().solve(mu - b);
    }
    for (int i = 0; i < 6; ++i) x[xiVar(k, i)] = xi(i);
    for (int j = k == 0 ? 6 : 0; j < 21; ++j) z[j] = x[base + j];
    stepRows(params_, Id_, h_, mu0_, k == 0, z, out);
    for (int i = 0; i < 7; ++i) x[var(k + 1, i)] = -out[6 + i];
    for (int i = 0; i < 6; ++i) xiPrev(i) = x[xiVar(k, i)];
  }
  if (free_) x[static_cast<std::size_t>(stepVariable())] = h_;  // the horizon's step
}

double BoatDmoc::cost(const double* x) const {
  const double h = timeStep(x);
  double J = problem_.timeWeight * n_ * h;
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kUr + c)];
      J += h * effort_[c] * u * u;
      if (k < n_) {
        const double d = x[var(k + 1, kUr + c)] - u;
        J += smooth_[c] * d * d / h;
      }
    }
  return J;
}

void BoatDmoc::costGradient(const double* x, double* grad) const {
  std::fill(grad, grad + numVariables(), 0.0);
  const double h = timeStep(x);
  double dh = problem_.timeWeight * n_;
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 2; ++c) {
      const double u = x[var(k, kUr + c)];
      grad[var(k, kUr + c)] += 2.0 * h * effort_[c] * u;
      dh += effort_[c] * u * u;
      if (k < n_) {
        const double du = x[var(k + 1, kUr + c)] - u;
        grad[var(k + 1, kUr + c)] += 2.0 * smooth_[c] * du / h;
        grad[var(k, kUr + c)] -= 2.0 * smooth_[c] * du / h;
        dh -= smooth_[c] * du * du / (h * h);
      }
    }
  if (free_) grad[stepVariable()] = dh;
}

void BoatDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k < n_; ++k)
    for (int c = 0; c < 2; ++c) pairs.emplace_back(var(k + 1, kUr + c), var(k, kUr + c));
  if (free_)  // h multiplies the effort and divides the smoothness
    for (int k = 0; k <= n_; ++k)
      for (int c = 0; c < 2; ++c) pairs.emplace_back(stepVariable(), var(k, kUr + c));
}

void BoatDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  const double h = timeStep(x);
  // Step k's inputs are the kIn consecutive variables from xiVar(k - 1, 0) (= var(k, 0) - 6).
  for (int k = 0; k < n_; ++k) {
    const int base = var(k, 0) - 6, r = kStepRows * k;
    const bool first = k == 0;
    if (!jac) {
      double z[kIn] = {}, out[kStepRows];
      for (int j = first ? 6 : 0; j < kIn; ++j) z[j] = x[base + j];
      stepRows(params_, Id_, h, mu0_, first, z, out);
      for (int i = 0; i < kStepRows; ++i) g[r + i] = out[i];
      continue;
    }
    double z[kIn] = {}, out[kStepRows];
    for (int j = first ? 6 : 0; j < kIn; ++j) z[j] = x[base + j];
    StepJacobian J;
    stepRowsJacobian(params_, Id_, h, mu0_, first, z, out, J);
    double dh[kStepRows] = {};
    if (free_)
      hDerivative<kStepRows>(h, z, kIn, dh, [&](const ADh& ha, const ADh* za, ADh* res) {
        stepRows(params_, Id_, ha, mu0_, first, za, res);
      });
    for (int i = 0; i < kStepRows; ++i) {
      g[r + i] = out[i];
      for (int j = first ? 6 : 0; j < kIn; ++j) jac->add(r + i, base + j, J(i, j));
      if (free_) jac->add(r + i, stepVariable(), dh[i]);
    }
  }
  if (problem_.goal.atRest) {
    const int base = var(n_, 0) - 6;
    if (!jac) {
      double out[6];
      finalVelocity(params_, Id_, h, x + base, out);
      for (int i = 0; i < 6; ++i) g[goalRow0_ + i] = out[i];
    } else {
      Vec6 mu;
      MomentumJacobian d;
      impulse(params_, Id_, h, mu0_, false, 0.5, x + base, mu, d);
      double dh[6] = {};
      if (free_)
        hDerivative<6>(h, x + base, 15, dh, [&](const ADh& ha, const ADh* za, ADh* res) {
          finalVelocity(params_, Id_, ha, za, res);
        });
      for (int i = 0; i < 6; ++i) {
        g[goalRow0_ + i] = mu(i) / Id_(i);
        for (int j = 0; j < 15; ++j) jac->add(goalRow0_ + i, base + j, d(i, j) / Id_(i));
        if (free_) jac->add(goalRow0_ + i, stepVariable(), dh[i]);
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
  return se3Trajectory(x, n_, timeStep(x), kKnotVars);
}

}  // namespace lieride::opt
