// lie-nh for description vehicles: Kobilarov et al. Eqs. 16-17 with tau = exp and C = C_TLN
// (or the exact dexp^-1), the same discrete equations as the general form in
// engine/src/planar/lie_nh_general.cpp, solved by Newton with the exact Jacobian: the shape
// derivatives of the connection and symmetry directions come from the description's symbolic
// constraint derivatives (reduced::Kernel::frameDerivative).
//   unknowns z = (symmetry coordinates c_k, free shape rates u_k), r_a = r_k + alpha h u_k,
//   xi_k = E(r_a) c_k - A(r_a) u_k, mu = I xi + B u, pi = B^T xi + C u,
//   D = C(h xi_k)^T mu_k - mu+,
//   E(r_k)^T D = 0,   pi_k - pi+ - h (1 - alpha) f = A(r_k)^T D   (free shape rows).
// A free shape variable decoupled from the rest (SolvePlan) is solved in closed form first, and
// when the constraints depend on none of the remaining unknowns the frames at r_a and r_k+1 are
// evaluated before the solve, in one sweep, and Newton needs no shape derivatives.
// The solver is compiled for each count of symmetry coordinates (NB <= 3) and Newton shape
// unknowns (ND <= 2), so that z, the residual and the Newton matrix are fixed-size; reset()
// picks the one the model's current inputs need. The frame at r_k+1 that gives the continuous
// velocities is the next step's frame at r_k.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/reduced_model.hpp"
#include "reduced_kernel.hpp"

namespace lieride {
namespace {

using reduced::CMat;
using reduced::kMaxShape;
using reduced::Mat3S;
using reduced::SMat;
using reduced::SVec;

// ad_v^T mu on se(2) (se2::ad).
inline Vec3 adT(const Vec3& v, const Vec3& mu) { return {v(2) * mu(1) - v(1) * mu(2), v(0) * mu(2), -v(0) * mu(1)}; }

// d/ds dexp^-1(v + s dv) at s = 0 for se2::dexpInv: with t = v(0), a(t) = (t/2) cot(t/2) and
// b(t) = (a - 1)/t, dexp^-1 = [[1, 0, 0], [-v2/2 - b v1, a, t/2], [v1/2 - b v2, -t/2, a]], so
// its derivative needs b'(t) = (a' - b)/t, a' = b + t b' (series below |t| = 0.1).
Mat3 dexpInvDerivative(const Vec3& v, const Vec3& dv) {
  const double t = v(0), dt = dv(0);
  double b, db;
  if (std::abs(t) < 0.1) {
    const double t2 = t * t;
    b = -t * (1.0 / 12.0 + t2 * (1.0 / 720.0 + t2 * (1.0 / 30240.0 + t2 / 1209600.0)));
    db = -(1.0 / 12.0 + t2 * (1.0 / 240.0 + t2 * (1.0 / 6048.0 + t2 * 7.0 / 1209600.0)));
  } else {
    const double x = 0.5 * t, sx = std::sin(x), cx = std::cos(x);
    const double a = x * cx / sx;
    b = (a - 1.0) / t;
    const double da = 0.5 * (cx / sx - x / (sx * sx));
    db = (da - b) / t;
  }
  const double da = b + t * db;
  Mat3 D = Mat3::Zero();
  D(1, 1) = D(2, 2) = da * dt;
  D(1, 2) = 0.5 * dt;
  D(2, 1) = -0.5 * dt;
  D(1, 0) = -0.5 * dv(2) - b * dv(1) - db * dt * v(1);
  D(2, 0) = 0.5 * dv(1) - b * dv(2) - db * dt * v(2);
  return D;
}

// Which free shape variables Newton solves for. A free r_j whose rate enters no constraint
// (K's column j is identically zero) and no other kinetic term (B's column j and C's
// off-diagonal entries in row j are zero) has A_j = 0 (W A_j = 0, E^T I A_j = 0), so its row of
// the discrete equations is C_jj u_j = pi+_j + h (1 - alpha) f_j: solved in closed form (the
// snakeboard's steering). When the constraints depend on none of the remaining unknowns, the
// frame at r_a is known before the solve (fixedFrame).
struct SolvePlan {
  int dyn[kMaxShape] = {}, pre[kMaxShape] = {};
  int nd = 0, npre = 0;
  bool fixedFrame = true;
};

SolvePlan planFor(const ReducedModel& m) {
  const reduced::Kernel& kern = *m.description().kernel;
  const CMat& M = kern.constantMass();
  const int s = m.numShape();
  SolvePlan p;
  for (int j = 0; j < s; ++j) {
    if (m.prescribed(3 + j)) continue;
    bool decoupled = kern.constraintColumnZero(j) && M(3 + j, 3 + j) != 0.0;
    for (int i = 0; i < 3 + s; ++i)
      if (i != 3 + j && M(i, 3 + j) != 0.0) decoupled = false;
    if (decoupled) {
      p.pre[p.npre++] = j;
    } else {
      p.dyn[p.nd++] = j;
      if (kern.constraintsDependOn(j)) p.fixedFrame = false;
    }
  }
  return p;
}

class Solver {
 public:
  virtual ~Solver() = default;
  virtual std::unique_ptr<Solver> clone() const = 0;
  virtual void reset(const ReducedModel& m, const NhState& s) = 0;
  virtual StepReport step(const ReducedModel& m, const ControlSet& c, double t, double h, NhState& s) = 0;
};

template <int NB, int ND>
class FixedSolver final : public Solver {
  static constexpr int N = NB + ND;
  using ZVec = Eigen::Matrix<double, N, 1>;
  using ZMat = Eigen::Matrix<double, N, N>;
  // Solves with a Newton matrix: the closed-form inverse up to 3 x 3, LU with partial pivoting above.
  struct Inverse {
    Inverse() = default;
    explicit Inverse(const ZMat& J) { compute(J); }
    void compute(const ZMat& J) {
      if constexpr (N <= 3) inv = J.inverse();
      else lu.compute(J);
    }
    ZVec solve(const ZVec& r) const {
      if constexpr (N <= 3) return inv * r;
      else return lu.solve(r);
    }
    ZMat inv = ZMat::Zero();
    Eigen::PartialPivLU<ZMat> lu;
  };

 public:
  explicit FixedSolver(const NhIntegratorSettings& s) : settings_(s) {}
  std::unique_ptr<Solver> clone() const override { return std::make_unique<FixedSolver>(*this); }

  void reset(const ReducedModel& m, const NhState& s) override {
    bind(m);
    g_ = m.pose(s);
    const Vec3 xi = m.bodyVelocity(s);
    SVec u = SVec::Zero();
    u.head(ns_) = s.qdot.tail(ns_);
    r_.setZero();
    r_.head(ns_) = s.q.tail(ns_);
    momenta(xi, u, muPlus_, piPlus_);
    frameAt(r_, frameK());
    // The first Newton guess: c from E c = xi + A u (least squares) and the state's shape rates.
    if constexpr (N > 0) {
      if constexpr (NB > 0) {
        const auto E = frameK().E.template leftCols<NB>();
        const Eigen::Matrix<double, NB, NB> G = E.transpose() * E;
        z_.template head<NB>() = G.ldlt().solve(E.transpose() * (xi + frameK().A * u));
      }
      for (int i = 0; i < ND; ++i) z_(NB + i) = u(dyn_[i]);
    }
    past_ = 0;
  }

  StepReport step(const ReducedModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const double al = settings_.alpha;
    SVec f = SVec::Zero();
    m.shapeForceAt(t + al * h, s.q, c, f.data());
    // uKin: the prescribed shape rates, then the decoupled ones in closed form; zero for the
    // Newton unknowns.
    SVec uKin = SVec::Zero();
    NhState next;
    if (ND + npre_ < ns_) {
      next = s;
      m.advancePrescribed(t, h, c, next);
      uKin.head(ns_) = (next.q.tail(ns_) - r_.head(ns_)) / h;
      for (int i = 0; i < ND; ++i) uKin(dyn_[i]) = 0.0;
    }
    const SVec piTarget = piPlus_ + h * (1.0 - al) * f;
    for (int i = 0; i < npre_; ++i) uKin(pre_[i]) = piTarget(pre_[i]) / C_(pre_[i], pre_[i]);
    const double scale = std::max({1e-300, muPlus_.cwiseAbs().maxCoeff(), piTarget.cwiseAbs().maxCoeff()});

    SVec u, pi;
    Vec3 xi, mu;
    ZVec R = ZVec::Zero();
    ZMat J = ZMat::Zero();
    reduced::Frame& fa = fa_;
    reduced::ConstraintJet& ja = ja_;
    bool haveJet = false;
    SVec raNow;  // r_a at the current unknowns (without a fixed frame)
    // With no Newton unknown among the shape variables the constraints depend on, the frame at
    // r_a is fixed before the solve: one evaluation, no shape derivatives.
    // The frame at r_k+1 for the continuous velocities is then known too: both from one sweep.
    if (fixedFrame_) {
      const SVec ra = r_ + al * h * uKin;
      SVec rn = r_ + h * uKin;
      if (ND + npre_ < ns_) {
        rn.head(ns_) = next.q.tail(ns_);
        for (int i = 0; i < npre_; ++i) rn(pre_[i]) = r_(pre_[i]) + h * uKin(pre_[i]);
      }
      reduced::Frame& fn = frames_[1 - cur_];
      kern_->constraints2(ra.data(), rn.data(), fa, fn);
      kern_->finishFrame(fa);
      kern_->finishFrame(fn);
      prepareContinuous(fn);
    }
    // Residual at z, and the Jacobian when another Newton update will follow (always after the
    // guess: one update at least, so that the solution is exact to round-off and not merely to
    // the tolerance). The constraints' shape derivatives are evaluated only for a Jacobian and
    // only for the unknowns they depend on.
    auto evaluate = [&](const ZVec& z, bool first) -> bool {
      u = uKin;
      for (int i = 0; i < ND; ++i) u(dyn_[i]) = z(NB + i);
      if (!fixedFrame_) {
        raNow = r_ + al * h * u;
        if (first) {
          kern_->constraintJet(raNow.data(), ja);
          fa.W = ja.W;
          fa.K = ja.K;
          kern_->finishFrame(fa);
        } else {
          frameAt(raNow, fa);
        }
        haveJet = first;
      }
      xi = -(fa.A * u);
      if constexpr (NB > 0) xi += fa.E.template leftCols<NB>() * z.template head<NB>();
      momenta(xi, u, mu, pi);
      const Vec3 D = tangentT(h * xi, mu) - muPlus_;
      if constexpr (N > 0) {
        if constexpr (NB > 0) R.template head<NB>() = frameK().E.template leftCols<NB>().transpose() * D;
        for (int i = 0; i < ND; ++i) {  // the rows pi - pi_target - A^T D on the Newton unknowns
          const int j = dyn_[i];
          R(NB + i) = pi(j) - piTarget(j) - frameK().A.col(j).dot(D);
        }
        if (!first && R.cwiseAbs().maxCoeff() / scale <= settings_.tolerance) return false;
        if (!fixedFrame_ && !haveJet) kern_->constraintJet(raNow.data(), ja);
        haveJet = true;
        for (int col = 0; col < N; ++col) {
          Vec3 dxi;
          SVec du = SVec::Zero();
          if (col < NB) {
            dxi = fa.E.col(col);
          } else {
            const int j = dyn_[col - NB];
            du(j) = 1.0;
            dxi = -fa.A.col(j);
            if (!fixedFrame_ && kern_->constraintsDependOn(j)) {
              Mat3 dE;
              Mat3S dA;
              kern_->frameDerivative(fa, ja, j, dE, dA);
              Vec3 dxdr = -(dA * u);
              if constexpr (NB > 0) dxdr += dE.template leftCols<NB>() * z.template head<NB>();
              dxi += al * h * dxdr;
            }
          }
          const Vec3 dmu = I_ * dxi + B_ * du;
          const Vec3 dD = tangentDerivative(h, xi, mu, dxi, dmu);
          if constexpr (NB > 0) J.col(col).template head<NB>() = frameK().E.template leftCols<NB>().transpose() * dD;
          for (int i = 0; i < ND; ++i) {  // the rows dpi - A^T dD on the Newton unknowns
            const int j = dyn_[i];
            const double dpi = B_.col(j).dot(dxi) + C_.row(j).dot(du);
            J(NB + i, col) = dpi - frameK().A.col(j).dot(dD);
          }
        }
        return true;
      }
      return false;
    };

    StepReport rep;
    ZVec z = predict();
    bool fresh = evaluate(z, true);
    (void)fresh;
    if constexpr (N > 0) {
      // Newton from the guess: one update at least, and a second (with the same matrix when the
      // residual did not ask for a new one) unless the first left the residual at round-off
      // (1e-3 of the tolerance), so that the solution is exact and not merely within the tolerance.
      rep.residual = R.cwiseAbs().maxCoeff() / scale;
      Inverse inv(J);  // the guess's Jacobian
      fresh = false;
      while ((rep.residual > settings_.tolerance || rep.iterations == 0 ||
              (rep.iterations == 1 && rep.residual > 1e-3 * settings_.tolerance)) &&
             rep.iterations < settings_.maxIterations) {
        if (fresh) inv.compute(J);
        z -= inv.solve(R);
        fresh = evaluate(z, false);
        rep.residual = R.cwiseAbs().maxCoeff() / scale;
        ++rep.iterations;
      }
    }
    rep.converged = std::isfinite(rep.residual) && newtonConverged(rep.residual, settings_.tolerance);
    remember(z);
    muPlus_ = tangentT(-h * xi, mu);
    piPlus_ = pi + h * al * f;
    g_ = advancedPose(se2::exp(h * xi));
    r_ += h * u;
    SVec uBase = SVec::Zero();
    if (ND + npre_ < ns_) {  // the prescribed shape variables follow their signals
      const SVec rFree = r_;
      r_.head(ns_) = next.q.tail(ns_);
      uBase.head(ns_) = next.qdot.tail(ns_);
      for (int i = 0; i < ND; ++i) {
        r_(dyn_[i]) = rFree(dyn_[i]);
        uBase(dyn_[i]) = 0.0;
      }
      for (int i = 0; i < npre_; ++i) {
        r_(pre_[i]) = rFree(pre_[i]);
        uBase(pre_[i]) = 0.0;
      }
    }
    continuous(uBase, s);
    return rep;
  }

 private:
  // The Newton guess: the solutions of the last four steps extrapolated by a cubic (the error
  // O(h^4) leaves one Newton update for most steps); fewer after a reset.
  ZVec predict() const {
    if (past_ == 0) return z_;
    if (past_ == 1) return zPast_[0];
    if (past_ == 2) return 2.0 * zPast_[0] - zPast_[1];
    if (past_ == 3) return 3.0 * (zPast_[0] - zPast_[1]) + zPast_[2];
    return 4.0 * (zPast_[0] + zPast_[2]) - 6.0 * zPast_[1] - zPast_[3];
  }
  void remember(const ZVec& z) {
    for (int i = 3; i > 0; --i) zPast_[i] = zPast_[i - 1];
    zPast_[0] = z;
    past_ = std::min(past_ + 1, 4);
  }
  void bind(const ReducedModel& m) {
    kern_ = m.description().kernel.get();
    ns_ = m.numShape();
    const SolvePlan p = planFor(m);
    for (int i = 0; i < ND; ++i) dyn_[i] = p.dyn[i];
    npre_ = p.npre;
    for (int i = 0; i < npre_; ++i) pre_[i] = p.pre[i];
    fixedFrame_ = p.fixedFrame;
    const CMat& M = kern_->constantMass();
    I_ = M.topLeftCorner<3, 3>();
    B_ = M.topRightCorner<3, kMaxShape>();
    C_ = M.bottomRightCorner<kMaxShape, kMaxShape>();
    for (reduced::Frame* f : {&fa_, &frames_[0], &frames_[1]}) {
      f->I = I_;
      f->B = B_;
      f->C = C_;
      kern_->presetConstraints(*f);
    }
  }
  reduced::Frame& frameK() { return frames_[cur_]; }
  // cos and sin of g_.theta, kept for the heading they were computed at (its exact bits): the
  // continuous velocities need them at the end of a step, g_ * exp(h xi) at the start of the next.
  void headingTrig(double& c, double& s) {
    const auto key = std::bit_cast<std::uint64_t>(g_.theta);
    if (!trigValid_ || key != trigKey_) {
      trigCos_ = std::cos(g_.theta);
      trigSin_ = std::sin(g_.theta);
      trigKey_ = key;
      trigValid_ = true;
    }
    c = trigCos_;
    s = trigSin_;
  }
  // g_ * o, the same arithmetic as SE2::operator*, with the cached trigonometry of g_.theta.
  SE2 advancedPose(const SE2& o) {
    double c, s;
    headingTrig(c, s);
    return {g_.theta + o.theta, g_.x + c * o.x - s * o.y, g_.y + s * o.x + c * o.y};
  }
  // E, A at r from one pass over the constraint tape (values only); the frame's I, B, C are
  // the constant blocks set by bind().
  void frameAt(const SVec& r, reduced::Frame& f) const {
    kern_->constraints(r.data(), f);
    kern_->finishFrame(f);
  }
  void momenta(const Vec3& xi, const SVec& u, Vec3& mu, SVec& pi) const {
    mu = I_ * xi + B_ * u;
    pi = B_.transpose() * xi + C_ * u;
  }
  // C(v)^T mu: C_TLN (mu - ad_v^T mu / 2) or the exact dexp^-1.
  Vec3 tangentT(const Vec3& v, const Vec3& mu) const {
    if (settings_.exactDexp) return se2::dexpInv(v).transpose() * mu;
    return mu - 0.5 * adT(v, mu);
  }
  // d/dz of C(h xi)^T mu along (dxi, dmu), exact for both tangents.
  Vec3 tangentDerivative(double h, const Vec3& xi, const Vec3& mu, const Vec3& dxi, const Vec3& dmu) const {
    if (!settings_.exactDexp) return dmu - 0.5 * h * (adT(dxi, mu) + adT(xi, dmu));
    return dexpInvDerivative(h * xi, h * dxi).transpose() * mu + se2::dexpInv(h * xi).transpose() * dmu;
  }
  // The rows E^T dmu and (dpi - A^T dmu) on the free shape variables, at frame f.
  void project(const reduced::Frame& f, const Vec3& dmu, const SVec& dpi, ZVec& G) const {
    if constexpr (NB > 0) G.template head<NB>() = f.E.template leftCols<NB>().transpose() * dmu;
    for (int i = 0; i < ND; ++i) G(NB + i) = dpi(dyn_[i]) - f.A.col(dyn_[i]).dot(dmu);
  }
  // The matrix of the continuous velocities' affine system (below) at frame f: it depends on
  // the frame and the constant inertia only, so that with a fixed frame it is factored before
  // the solve of the step.
  void prepareContinuous(const reduced::Frame& f) {
    if constexpr (N > 0) {
      // The unknowns' directions: dxi (columns of X) and du (columns of U).
      Eigen::Matrix<double, 3, N> X;
      Eigen::Matrix<double, kMaxShape, N> U = Eigen::Matrix<double, kMaxShape, N>::Zero();
      if constexpr (NB > 0) X.template leftCols<NB>() = f.E.template leftCols<NB>();
      for (int i = 0; i < ND; ++i) {
        X.col(NB + i) = -f.A.col(dyn_[i]);
        U(dyn_[i], NB + i) = 1.0;
      }
      const Eigen::Matrix<double, 3, N> dmu = I_ * X + B_ * U;
      ZMat J;
      if constexpr (NB > 0) J.template topRows<NB>() = f.E.template leftCols<NB>().transpose() * dmu;
      for (int i = 0; i < ND; ++i) {  // the rows of B^T X + C U - A^T dmu on the Newton unknowns
        const int j = dyn_[i];
        J.row(NB + i) = B_.col(j).transpose() * X + C_.row(j) * U - f.A.col(j).transpose() * dmu;
      }
      continuousInverse_.compute(J);
    }
  }
  // The continuous velocities at r_, g_ consistent with the memory (mu+, pi+): an affine
  // system in (symmetry coordinates, free shape rates), as in the general form; uBase holds
  // the prescribed shape rates. The frame at r_ is kept for the next step.
  void continuous(SVec uBase, NhState& s) {
    for (int i = 0; i < npre_; ++i) uBase(pre_[i]) = piPlus_(pre_[i]) / C_(pre_[i], pre_[i]);
    if (fixedFrame_) {
      cur_ = 1 - cur_;  // evaluated and factored with the frame at r_a (step())
    } else {
      frameAt(r_, frameK());
      prepareContinuous(frameK());
    }
    const reduced::Frame& f = frameK();
    Vec3 xi = -(f.A * uBase);
    SVec u = uBase;
    if constexpr (N > 0) {
      Vec3 mu;
      SVec pi;
      momenta(xi, u, mu, pi);
      ZVec G0 = ZVec::Zero();
      project(f, mu - muPlus_, pi - piPlus_, G0);
      const ZVec z = -continuousInverse_.solve(G0);
      for (int i = 0; i < ND; ++i) u(dyn_[i]) = z(NB + i);
      xi = -(f.A * u);
      if constexpr (NB > 0) xi += f.E.template leftCols<NB>() * z.template head<NB>();
    }
    s.q.resize(3 + ns_);
    s.qdot.resize(3 + ns_);
    double cs, sn;
    headingTrig(cs, sn);
    s.q.head(3) << g_.theta, g_.x, g_.y;
    s.qdot.head(3) << xi(0), cs * xi(1) - sn * xi(2), sn * xi(1) + cs * xi(2);
    for (int j = 0; j < ns_; ++j) {
      s.q(3 + j) = r_(j);
      s.qdot(3 + j) = u(j);
    }
  }

  NhIntegratorSettings settings_;
  const reduced::Kernel* kern_ = nullptr;
  int ns_ = 0;
  int dyn_[kMaxShape] = {};  // the free shape variables solved by Newton
  int pre_[kMaxShape] = {};  // the free shape variables solved in closed form (SolvePlan)
  int npre_ = 0;
  bool fixedFrame_ = false;  // the frame at r_a does not depend on the Newton unknowns
  Mat3 I_ = Mat3::Zero();
  Mat3S B_ = Mat3S::Zero();
  SMat C_ = SMat::Zero();
  SE2 g_;
  bool trigValid_ = false;  // headingTrig's cache
  std::uint64_t trigKey_ = 0;
  double trigCos_ = 1.0, trigSin_ = 0.0;
  SVec r_ = SVec::Zero();
  Vec3 muPlus_ = Vec3::Zero();
  SVec piPlus_ = SVec::Zero();
  ZVec z_ = ZVec::Zero();  // the guess after a reset
  ZVec zPast_[4] = {ZVec::Zero(), ZVec::Zero(), ZVec::Zero(), ZVec::Zero()};  // the last solutions, newest first
  int past_ = 0;
  reduced::Frame frames_[2];  // at r_ (frames_[cur_]) and, with a fixed frame, at the next r_
  int cur_ = 0;
  reduced::Frame fa_;      // at r_a
  Inverse continuousInverse_;  // of the continuous velocities' system at the next r_ (prepareContinuous)
  reduced::ConstraintJet ja_;
};

template <int NB>
std::unique_ptr<Solver> makeSolverNd(int nd, const NhIntegratorSettings& s) {
  if (nd == 0) return std::make_unique<FixedSolver<NB, 0>>(s);
  if (nd == 1) return std::make_unique<FixedSolver<NB, 1>>(s);
  return std::make_unique<FixedSolver<NB, 2>>(s);
}

std::unique_ptr<Solver> makeSolver(int nb, int nd, const NhIntegratorSettings& s) {
  if (nb == 0) return makeSolverNd<0>(nd, s);
  if (nb == 1) return makeSolverNd<1>(nd, s);
  if (nb == 2) return makeSolverNd<2>(nd, s);
  return makeSolverNd<3>(nd, s);
}

class ReducedLieNh final : public NhIntegrator {
 public:
  explicit ReducedLieNh(const NhIntegratorSettings& s) : settings_(s) {}
  ReducedLieNh(const ReducedLieNh& o) : NhIntegrator(o), settings_(o.settings_), nb_(o.nb_), nd_(o.nd_) {
    if (o.solver_) solver_ = o.solver_->clone();
  }
  std::string name() const override { return "lie-nh"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<ReducedLieNh>(*this); }
  double alpha() const override { return settings_.alpha; }

  void reset(const NhModel& nm, const ControlSet&, double, double, const NhState& s) override {
    const auto& m = static_cast<const ReducedModel&>(nm);
    const int nd = planFor(m).nd;
    if (!solver_ || nb_ != m.numSymmetry() || nd_ != nd) {
      nb_ = m.numSymmetry();
      nd_ = nd;
      solver_ = makeSolver(nb_, nd_, settings_);
    }
    solver_->reset(m, s);
  }

  StepReport step(const NhModel& nm, const ControlSet& c, double t, double h, NhState& s) override {
    return solver_->step(static_cast<const ReducedModel&>(nm), c, t, h, s);
  }

 private:
  NhIntegratorSettings settings_;
  int nb_ = -1, nd_ = -1;
  std::unique_ptr<Solver> solver_;
};

}  // namespace

std::unique_ptr<NhIntegrator> ReducedModel::lieNhIntegrator(const NhIntegratorSettings& s) const {
  if (!d_->constantInertia) return nullptr;
  return std::make_unique<ReducedLieNh>(s);
}

}  // namespace lieride
