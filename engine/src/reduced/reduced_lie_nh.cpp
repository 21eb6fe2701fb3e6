// lie-nh for description vehicles: Kobilarov et al. Eqs. 16-17 with tau = exp and C = C_TLN
// (or the exact dexp^-1), the same discrete equations as the general form in
// engine/src/planar/lie_nh_general.cpp, solved by Newton with the exact Jacobian: the shape
// derivatives of the connection and symmetry directions come from the description's symbolic
// constraint derivatives (ReducedModel::jet).
//   unknowns z = (free shape rates u_k, symmetry coordinates c_k), r_a = r_k + alpha h u_k,
//   xi_k = E(r_a) c_k - A(r_a) u_k, mu = I xi + B u, pi = B^T xi + C u,
//   D = C(h xi_k)^T mu_k - mu+,
//   E(r_k)^T D = 0,   pi_k - pi+ - h (1 - alpha) f = A(r_k)^T D   (free shape rows).
#include <algorithm>
#include <cmath>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/reduced_model.hpp"

namespace lieride {
namespace {

using Small = ReducedJet::Small;
using ZVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 5, 1>;
using ZMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 5, 5>;
using SVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 2, 1>;

class ReducedLieNh final : public NhIntegrator {
 public:
  explicit ReducedLieNh(const NhIntegratorSettings& s) : settings_(s) {}
  std::string name() const override { return "lie-nh"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<ReducedLieNh>(*this); }
  double alpha() const override { return settings_.alpha; }

  void reset(const NhModel& nm, const ControlSet&, double, double, const NhState& s) override {
    const auto& m = static_cast<const ReducedModel&>(nm);
    bind(m);
    g_ = m.pose(s);
    const Vec3 xi = m.bodyVelocity(s);
    const SVec u = s.qdot.tail(ns_);
    r_ = s.q.tail(ns_);
    momenta(xi, u, muPlus_, piPlus_);
    m.jet(r_, jet_);
    z_.resize(nd_ + b_);
    for (int i = 0; i < nd_; ++i) z_(i) = u(dyn_[static_cast<std::size_t>(i)]);
    if (b_) z_.tail(b_) = jet_.E.fullPivHouseholderQr().solve(Vec3(xi + jet_.A * u));
  }

  StepReport step(const NhModel& nm, const ControlSet& c, double t, double h, NhState& s) override {
    const auto& m = static_cast<const ReducedModel&>(nm);
    const double al = settings_.alpha;
    NVec F;
    m.force(s.q, c.values(t + al * h), F);
    const SVec f = F.tail(ns_);
    NhState next = s;
    m.advancePrescribed(t, h, c, next);
    const SVec uKin = (next.q.tail(ns_) - r_) / h;
    m.jet(r_, jetK_);
    const SVec piTarget = piPlus_ + h * (1.0 - al) * f;
    const int n = nd_ + b_;

    const double scale = std::max({1e-300, muPlus_.cwiseAbs().maxCoeff(), ns_ ? piTarget.cwiseAbs().maxCoeff() : 0.0});
    SVec u;
    Vec3 xi, mu;
    SVec pi;
    ZVec R(n);
    ZMat J(n, n);
    // Residual and Jacobian at z.
    auto evaluate = [&](const ZVec& z, bool withJacobian) {
      u = uKin;
      for (int i = 0; i < nd_; ++i) u(dyn_[static_cast<std::size_t>(i)]) = z(i);
      const NVec ra = r_ + al * h * u;
      m.jet(ra, jet_);
      xi = -(jet_.A * u);
      if (b_) xi += jet_.E * z.tail(b_);
      momenta(xi, u, mu, pi);
      const Vec3 D = tangentT(h * xi, mu) - muPlus_;
      if (b_) R.head(b_) = jetK_.E.transpose() * D;
      const SVec shapeRow = pi - piTarget - jetK_.A.transpose() * D;
      for (int i = 0; i < nd_; ++i) R(b_ + i) = shapeRow(dyn_[static_cast<std::size_t>(i)]);
      // The Jacobian only when another Newton update will follow.
      if (!withJacobian || R.cwiseAbs().maxCoeff() / scale <= settings_.tolerance) return;
      for (int col = 0; col < n; ++col) {
        Vec3 dxi;
        SVec du = SVec::Zero(ns_);
        if (col < nd_) {
          const int j = dyn_[static_cast<std::size_t>(col)];
          du(j) = 1.0;
          Vec3 dxdr = -(jet_.dA[j] * u);
          if (b_) dxdr += jet_.dE[j] * z.tail(b_);
          dxi = -jet_.A.col(j) + al * h * dxdr;
        } else {
          dxi = jet_.E.col(col - nd_);
        }
        const Vec3 dmu = I_ * dxi + B_ * du;
        const SVec dpi = B_.transpose() * dxi + C_ * du;
        const Vec3 dD = tangentDerivative(h, xi, mu, dxi, dmu);
        ZVec dR(n);
        if (b_) dR.head(b_) = jetK_.E.transpose() * dD;
        const SVec dRow = dpi - jetK_.A.transpose() * dD;
        for (int i = 0; i < nd_; ++i) dR(b_ + i) = dRow(dyn_[static_cast<std::size_t>(i)]);
        J.col(col) = dR;
      }
    };

    StepReport rep;
    ZVec z = z_;
    evaluate(z, n > 0);
    rep.residual = n ? R.cwiseAbs().maxCoeff() / scale : 0.0;
    while (rep.residual > settings_.tolerance && rep.iterations < settings_.maxIterations) {
      z -= J.partialPivLu().solve(R);
      evaluate(z, true);
      rep.residual = R.cwiseAbs().maxCoeff() / scale;
      ++rep.iterations;
    }
    if (n == 0) evaluate(z, false);
    rep.converged = std::isfinite(rep.residual) && rep.residual <= settings_.tolerance;
    z_ = z;
    muPlus_ = tangentT(-h * xi, mu);
    piPlus_ = pi + h * al * f;
    g_ = g_ * se2::exp(h * xi);
    r_ += h * u;
    for (int j = 0; j < ns_; ++j)
      if (m.prescribed(3 + j)) r_(j) = next.q(3 + j);
    s = continuous(m, next);
    return rep;
  }

 private:
  void bind(const ReducedModel& m) {
    ns_ = m.numShape();
    b_ = m.numSymmetry();
    dyn_.clear();
    for (int j = 0; j < ns_; ++j)
      if (!m.prescribed(3 + j)) dyn_.push_back(j);
    nd_ = static_cast<int>(dyn_.size());
    const NMat& M = m.constantInertia();
    I_ = M.topLeftCorner(3, 3);
    B_ = M.topRightCorner(3, ns_);
    C_ = M.bottomRightCorner(ns_, ns_);
  }
  void momenta(const Vec3& xi, const SVec& u, Vec3& mu, SVec& pi) const {
    mu = I_ * xi + B_ * u;
    pi = B_.transpose() * xi + C_ * u;
  }
  // C(v)^T mu: C_TLN (mu - ad_v^T mu / 2) or the exact dexp^-1.
  Vec3 tangentT(const Vec3& v, const Vec3& mu) const {
    if (settings_.exactDexp) return se2::dexpInv(v).transpose() * mu;
    return mu - 0.5 * se2::ad(v).transpose() * mu;
  }
  // d/dz of C(h xi)^T mu along (dxi, dmu): exact for C_TLN; for dexp^-1 the derivative of the
  // matrix is taken by a central difference (Newton then converges linearly, to the same root).
  Vec3 tangentDerivative(double h, const Vec3& xi, const Vec3& mu, const Vec3& dxi, const Vec3& dmu) const {
    if (!settings_.exactDexp) return dmu - 0.5 * h * (se2::ad(dxi).transpose() * mu + se2::ad(xi).transpose() * dmu);
    const double e = 1e-7;
    const Mat3 dC = (se2::dexpInv(h * (xi + e * dxi)) - se2::dexpInv(h * (xi - e * dxi))) / (2.0 * e);
    return dC.transpose() * mu + se2::dexpInv(h * xi).transpose() * dmu;
  }
  // The continuous velocities at r_, g_ consistent with the memory (mu+, pi+): an affine
  // system in (free shape rates, symmetry coordinates), as in the general form.
  NhState continuous(const ReducedModel& m, const NhState& next) {
    m.jet(r_, jet_);
    SVec uBase = next.qdot.tail(ns_);
    for (int j : dyn_) uBase(j) = 0.0;
    const int n = nd_ + b_;
    auto residual = [&](const Vec3& xi, const SVec& u, ZVec& G) {
      Vec3 mu;
      SVec pi;
      momenta(xi, u, mu, pi);
      G.resize(n);
      if (b_) G.head(b_) = jet_.E.transpose() * (mu - muPlus_);
      const SVec row = pi - jet_.A.transpose() * mu - (piPlus_ - jet_.A.transpose() * muPlus_);
      for (int i = 0; i < nd_; ++i) G(b_ + i) = row(dyn_[static_cast<std::size_t>(i)]);
    };
    Vec3 xi = -(jet_.A * uBase);
    SVec u = uBase;
    if (n) {
      ZVec G0, Gc;
      residual(xi, u, G0);
      ZMat J(n, n);
      for (int col = 0; col < n; ++col) {
        Vec3 dxi;
        SVec du = SVec::Zero(ns_);
        if (col < nd_) {
          du(dyn_[static_cast<std::size_t>(col)]) = 1.0;
          dxi = -jet_.A * du;
        } else {
          dxi = jet_.E.col(col - nd_);
        }
        residual(xi + dxi, u + du, Gc);
        J.col(col) = Gc - G0;  // affine: exact
      }
      const ZVec z = -J.partialPivLu().solve(G0);
      for (int i = 0; i < nd_; ++i) u(dyn_[static_cast<std::size_t>(i)]) = z(i);
      xi = -(jet_.A * u);
      if (b_) xi += jet_.E * z.tail(b_);
    }
    NhState s;
    s.q.resize(3 + ns_);
    s.qdot.resize(3 + ns_);
    const double cs = std::cos(g_.theta), sn = std::sin(g_.theta);
    s.q.head(3) << g_.theta, g_.x, g_.y;
    s.qdot.head(3) << xi(0), cs * xi(1) - sn * xi(2), sn * xi(1) + cs * xi(2);
    s.q.tail(ns_) = r_;
    s.qdot.tail(ns_) = u;
    return s;
  }

  NhIntegratorSettings settings_;
  int ns_ = 0, nd_ = 0, b_ = 0;
  std::vector<int> dyn_;
  Mat3 I_ = Mat3::Zero();
  Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, 2> B_;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 2, 2> C_;
  SE2 g_;
  SVec r_;
  Vec3 muPlus_ = Vec3::Zero();
  SVec piPlus_;
  ZVec z_;
  ReducedJet jet_, jetK_;
};

}  // namespace

std::unique_ptr<NhIntegrator> ReducedModel::lieNhIntegrator(const NhIntegratorSettings& s) const {
  if (!d_->constantInertia) return nullptr;
  return std::make_unique<ReducedLieNh>(s);
}

}  // namespace lieride
