// lie-nh, general form: Kobilarov et al. Eqs. 16-17 on SE(2) x shape space with tau = exp
// and C = C_TLN (the pairing of their Appendix A; optionally the exact dexp^-1), solved by Newton. With C_TLN the explicit
// car (5.2.1) and snakeboard (5.2.2) updates are exactly this scheme.
//
// Position-momentum form: the memory after step k-1 is the group momentum arriving at k,
// mu+ = C(-h xi_k-1)^T mu_k-1, and the shape momentum pi+ = dl/du_k-1 + h alpha f_k-1+alpha.
// Step k solves for the free shape rates u_k and the symmetry coordinates c_k
// (xi_k = E(r_k+alpha) c_k - A(r_k+alpha) u_k):
//   E(r_k)^T (C(h xi_k)^T mu_k - mu+) = 0
//   dl/du_k - h (1 - alpha) f_k+alpha - pi+ = A(r_k)^T (C(h xi_k)^T mu_k - mu+)   (free rows)
#include <algorithm>
#include <cmath>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/car.hpp"
#include "lieride/model/sleigh.hpp"
#include "lieride/model/snakeboard.hpp"

namespace lieride {
namespace {

NhState planarStateFromBody(const NhModel& m, const SE2& g, const NVec& r, const Vec3& xi, const NVec& u) {
  NhState s;
  s.q.resize(m.dim());
  s.qdot.resize(m.dim());
  const double c = std::cos(g.theta), sn = std::sin(g.theta);
  s.q(0) = g.theta;
  s.q(1) = g.x;
  s.q(2) = g.y;
  s.qdot(0) = xi(0);
  s.qdot(1) = c * xi(1) - sn * xi(2);
  s.qdot(2) = sn * xi(1) + c * xi(2);
  for (int i = 0; i < r.size(); ++i) {
    s.q(3 + i) = r(i);
    s.qdot(3 + i) = u(i);
  }
  return s;
}

class CarLieNh final : public LieNhVehicle {
 public:
  explicit CarLieNh(const CarParams& p) : p_(p) {
    I_ = NMat::Zero(5, 5);
    I_(0, 0) = p.wheelInertia;
    I_(2, 2) = p.yawInertia;
    I_(3, 3) = p.mass;
    I_(4, 4) = p.mass;
  }
  std::vector<int> shapeCoordinates() const override { return {CarModel::kPsi, CarModel::kSigma}; }
  const NMat& reducedInertia() const override { return I_; }
  void connection(const NVec& r, NMat& A) const override {  // Eq. 18
    A = NMat::Zero(3, 2);
    A(0, 0) = -p_.wheelRadius / p_.wheelbase * r(1);
    A(1, 0) = -p_.wheelRadius;
  }
  void symmetryBasis(const NVec&, NMat& E) const override { E.resize(3, 0); }
  NhState stateFromBody(const NhModel& m, const SE2& g, const NVec& r, const Vec3& xi, const NVec& u) const override {
    return planarStateFromBody(m, g, r, xi, u);
  }

 private:
  CarParams p_;
  NMat I_;
};

class SnakeboardLieNh final : public LieNhVehicle {
 public:
  explicit SnakeboardLieNh(const SnakeboardParams& p) : p_(p) {
    const double ml2 = p.mass * p.halfWheelbase * p.halfWheelbase;
    I_ = NMat::Zero(5, 5);  // (u_psi, u_phi, omega, vx, vy)
    I_(0, 0) = p.rotorInertia;
    I_(0, 2) = I_(2, 0) = p.rotorInertia;
    I_(1, 1) = 2.0 * p.axleInertia;
    I_(2, 2) = ml2;
    I_(3, 3) = p.mass;
    I_(4, 4) = p.mass;
  }
  std::vector<int> shapeCoordinates() const override { return {SnakeboardModel::kPsi, SnakeboardModel::kPhi}; }
  const NMat& reducedInertia() const override { return I_; }
  void connection(const NVec& r, NMat& A) const override {
    const double m = p_.mass, l = p_.halfWheelbase, s = std::sin(r(1));
    A = NMat::Zero(3, 2);
    A(0, 0) = p_.rotorInertia * s * s / (m * l * l);
    A(1, 0) = -p_.rotorInertia * std::sin(2.0 * r(1)) / (2.0 * m * l);
  }
  void symmetryBasis(const NVec& r, NMat& E) const override {
    E = NMat::Zero(3, 1);
    E(0, 0) = -std::tan(r(1)) / p_.halfWheelbase;
    E(1, 0) = 1.0;
  }
  NhState stateFromBody(const NhModel& m, const SE2& g, const NVec& r, const Vec3& xi, const NVec& u) const override {
    return planarStateFromBody(m, g, r, xi, u);
  }

 private:
  SnakeboardParams p_;
  NMat I_;
};

class SleighLieNh final : public LieNhVehicle {
 public:
  explicit SleighLieNh(const SleighParams& p) {
    const double a = p.comOffset, m = p.mass;
    I_ = NMat::Zero(3, 3);  // (omega, vx, vy) of the contact point
    I_(0, 0) = p.inertia + m * a * a;
    I_(0, 2) = I_(2, 0) = m * a;
    I_(1, 1) = m;
    I_(2, 2) = m;
  }
  std::vector<int> shapeCoordinates() const override { return {}; }
  const NMat& reducedInertia() const override { return I_; }
  void connection(const NVec&, NMat& A) const override { A.resize(3, 0); }
  void symmetryBasis(const NVec&, NMat& E) const override {
    E = NMat::Zero(3, 2);
    E(0, 0) = 1.0;
    E(1, 1) = 1.0;
  }
  NhState stateFromBody(const NhModel& m, const SE2& g, const NVec&, const Vec3& xi, const NVec&) const override {
    return static_cast<const SleighModel&>(m).stateFrom(g, xi(0), xi(1));
  }

 private:
  NMat I_;
};

// C_TLN(v)^T mu = mu - 1/2 ad_v^T mu, or the exact dexp^-1(v)^T mu.
Vec3 ctlnT(const Vec3& v, const Vec3& mu) { return mu - 0.5 * se2::ad(v).transpose() * mu; }
Vec3 cT(bool exact, const Vec3& v, const Vec3& mu) { return exact ? Vec3(se2::dexpInv(v).transpose() * mu) : ctlnT(v, mu); }

class LieNhGeneral final : public NhIntegrator {
 public:
  explicit LieNhGeneral(const NhIntegratorSettings& s) : settings_(s) {}
  std::string name() const override { return "lie-nh-general"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<LieNhGeneral>(*this); }
  double alpha() const override { return settings_.alpha; }

  void reset(const NhModel& m, const ControlSet&, double, double, const NhState& s) override {
    bind(m);
    g_ = m.pose(s);
    const Vec3 xi = m.bodyVelocity(s);
    const NVec u = shapeOf(s.qdot);
    r_ = shapeOf(s.q);
    split(u, xi, muPlus_, piPlus_);
    NMat E;
    v_->symmetryBasis(r_, E);
    z_.resize(static_cast<int>(dyn_.size()) + E.cols());
    for (std::size_t i = 0; i < dyn_.size(); ++i) z_(static_cast<int>(i)) = u(dyn_[i]);
    if (E.cols()) z_.tail(E.cols()) = E.fullPivHouseholderQr().solve(NVec(xi + connectionAt(r_) * u));
  }

  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const double al = settings_.alpha;
    NVec F;
    m.force(s.q, c.values(t + al * h), F);
    const NVec f = shapeOf(F);
    NhState next = s;
    m.advancePrescribed(t, h, c, next);
    const NVec uKin = (shapeOf(next.q) - r_) / h;
    NMat Ek, Ak;
    v_->symmetryBasis(r_, Ek);
    v_->connection(r_, Ak);
    const NVec piTarget = piPlus_ + h * (1.0 - al) * f;

    auto unpack = [&](const NVec& z, NVec& u, Vec3& xi) {
      u = uKin;
      for (std::size_t i = 0; i < dyn_.size(); ++i) u(dyn_[i]) = z(static_cast<int>(i));
      const NVec ra = r_ + al * h * u;
      NMat E, A;
      v_->symmetryBasis(ra, E);
      v_->connection(ra, A);
      xi = -(A * u);
      if (E.cols()) xi += E * z.tail(E.cols());
    };
    auto residual = [&](const NVec& z) {
      NVec u;
      Vec3 xi;
      unpack(z, u, xi);
      Vec3 mu;
      NVec pi;
      split(u, xi, mu, pi);
      const Vec3 D = cT(settings_.exactDexp, h * xi, mu) - muPlus_;
      NVec R(z.size());
      const int b = static_cast<int>(Ek.cols());
      if (b) R.head(b) = Ek.transpose() * D;
      const NVec shapeRow = pi - piTarget - Ak.transpose() * D;
      for (std::size_t i = 0; i < dyn_.size(); ++i) R(b + static_cast<int>(i)) = shapeRow(dyn_[i]);
      return R;
    };

    StepReport rep;
    const double scale = std::max({1e-300, muPlus_.cwiseAbs().maxCoeff(), piTarget.size() ? piTarget.cwiseAbs().maxCoeff() : 0.0});
    NVec z = z_;
    NVec R = residual(z);
    rep.residual = R.size() ? R.cwiseAbs().maxCoeff() / scale : 0.0;
    const int n = static_cast<int>(z.size());
    int stalled = 0;  // iterations in a row without a smaller residual: round-off reached
    Eigen::FullPivLU<NMat> lu;
    const auto factor = [&] {  // the Jacobian by central differences
      NMat J(n, n);
      const double eps = 1e-6 * std::max(1.0, z.cwiseAbs().maxCoeff());
      for (int j = 0; j < n; ++j) {
        NVec zp = z, zm = z;
        zp(j) += eps;
        zm(j) -= eps;
        J.col(j) = (residual(zp) - residual(zm)) / (2.0 * eps);
      }
      lu.compute(J);
    };
    while (rep.residual > settings_.tolerance && rep.iterations < settings_.maxIterations && stalled < 3) {
      const double before = rep.residual;
      factor();
      z -= lu.solve(R);
      R = residual(z);
      rep.residual = R.cwiseAbs().maxCoeff() / scale;
      ++rep.iterations;
      stalled = rep.residual < before ? 0 : stalled + 1;
    }
    // One polishing iteration when the residual is within the tolerance but above round-off
    // (with the last Jacobian: a chord step), kept if it lowers the residual. The step's
    // momentum balance then holds to round-off, not to the tolerance: residuals of ~1e-12 a
    // step added up to 5e-10 of the sleigh's energy over 30 s at h = 0.005 (2e-13 with it).
    if (std::isfinite(rep.residual) && rep.residual <= settings_.tolerance && rep.residual > kRoundOffResidual &&
        rep.iterations < settings_.maxIterations && n > 0) {
      if (rep.iterations == 0) factor();  // the guess was already within the tolerance
      const NVec polished = z - lu.solve(R);
      const NVec Rp = residual(polished);
      ++rep.iterations;
      if (Rp.cwiseAbs().maxCoeff() / scale < rep.residual) {
        z = polished;
        R = Rp;
        rep.residual = R.cwiseAbs().maxCoeff() / scale;
      }
    }
    rep.converged = std::isfinite(rep.residual) && newtonConverged(rep.residual, settings_.tolerance);
    z_ = z;
    NVec u;
    Vec3 xi;
    unpack(z, u, xi);
    Vec3 mu;
    NVec pi;
    split(u, xi, mu, pi);
    muPlus_ = cT(settings_.exactDexp, -h * xi, mu);
    piPlus_ = pi + h * al * f;
    g_ = g_ * se2::exp(h * xi);
    r_ += h * u;
    for (std::size_t i = 0; i < shapeIdx_.size(); ++i)
      if (m.prescribed(shapeIdx_[i])) r_(static_cast<int>(i)) = next.q(shapeIdx_[i]);
    s = continuous(m, next);
    return rep;
  }

 private:
  void bind(const NhModel& m) {
    owned_ = lieNhVehicle(m);
    v_ = owned_.get();
    if (!v_) throw std::invalid_argument("lie-nh-general does not apply to vehicle '" + m.type() + "'");
    shapeIdx_ = v_->shapeCoordinates();
    dyn_.clear();
    for (std::size_t i = 0; i < shapeIdx_.size(); ++i)
      if (!m.prescribed(shapeIdx_[i])) dyn_.push_back(static_cast<int>(i));
  }
  NVec shapeOf(const NVec& q) const {
    NVec r(static_cast<int>(shapeIdx_.size()));
    for (std::size_t i = 0; i < shapeIdx_.size(); ++i) r(static_cast<int>(i)) = q(shapeIdx_[i]);
    return r;
  }
  NMat connectionAt(const NVec& r) const {
    NMat A;
    v_->connection(r, A);
    return A;
  }
  // (dl/dxi, dl/du) of l = 1/2 (u, xi)^T I (u, xi).
  void split(const NVec& u, const Vec3& xi, Vec3& mu, NVec& pi) const {
    const NMat& I = v_->reducedInertia();
    const int ns = static_cast<int>(u.size());
    NVec w(ns + 3);
    w.head(ns) = u;
    w.tail(3) = xi;
    const NVec p = I * w;
    pi = p.head(ns);
    mu = p.tail(3);
  }
  // The continuous velocities at r_, g_ consistent with the memory (mu+, pi+): the free shape
  // rates and symmetry coordinates solving E^T mu = E^T mu+, (pi - A^T mu) = (pi+ - A^T mu+).
  NhState continuous(const NhModel& m, const NhState& next) {
    NMat E, A;
    v_->symmetryBasis(r_, E);
    v_->connection(r_, A);
    const NVec uKin = shapeOf(next.qdot);
    const int b = static_cast<int>(E.cols()), n = static_cast<int>(dyn_.size()) + b;
    auto eval = [&](const NVec& z, NVec& u, Vec3& xi) {
      u = uKin;
      for (std::size_t i = 0; i < dyn_.size(); ++i) u(dyn_[i]) = z(static_cast<int>(i));
      xi = -(A * u);
      if (b) xi += E * z.tail(b);
      Vec3 mu;
      NVec pi;
      split(u, xi, mu, pi);
      NVec G(n);
      if (b) G.head(b) = E.transpose() * (mu - muPlus_);
      const NVec row = pi - A.transpose() * mu - (piPlus_ - A.transpose() * muPlus_);
      for (std::size_t i = 0; i < dyn_.size(); ++i) G(b + static_cast<int>(i)) = row(dyn_[i]);
      return G;
    };
    NVec u;
    Vec3 xi;
    NVec z = NVec::Zero(n);
    if (n) {
      const NVec G0 = eval(z, u, xi);
      NMat J(n, n);
      for (int j = 0; j < n; ++j) {
        NVec e = NVec::Zero(n);
        e(j) = 1.0;
        J.col(j) = eval(e, u, xi) - G0;  // affine map: exact
      }
      z = -J.fullPivLu().solve(G0);
    }
    eval(z, u, xi);
    return v_->stateFromBody(m, g_, r_, xi, u);
  }

  NhIntegratorSettings settings_;
  std::shared_ptr<const LieNhVehicle> owned_;  // immutable, shared between clones
  const LieNhVehicle* v_ = nullptr;
  SE2 g_;
  NVec r_;
  Vec3 muPlus_ = Vec3::Zero();
  NVec piPlus_, z_;
  std::vector<int> shapeIdx_;
  std::vector<int> dyn_;
};

}  // namespace

std::unique_ptr<LieNhVehicle> lieNhVehicle(const NhModel& m) {
  if (auto own = m.lieNhView()) return own;
  if (auto* car = dynamic_cast<const CarModel*>(&m)) return std::make_unique<CarLieNh>(car->params());
  if (auto* sb = dynamic_cast<const SnakeboardModel*>(&m)) return std::make_unique<SnakeboardLieNh>(sb->params());
  if (auto* sl = dynamic_cast<const SleighModel*>(&m)) return std::make_unique<SleighLieNh>(sl->params());
  return nullptr;
}

std::unique_ptr<NhIntegrator> makeLieNhGeneral(const NhIntegratorSettings& s) {
  return std::make_unique<LieNhGeneral>(s);
}

}  // namespace lieride
