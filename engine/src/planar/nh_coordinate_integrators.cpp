// Integrators in model coordinates with the constant metric M (docs/models.md 4-7):
// nh-reflect (Ferraro et al. Eqs. 4, 6), nh-rattle (their Eq. 11) and the discrete
// Lagrange-d'Alembert integrator of Cortes and Martinez (dla). Discrete Lagrangian
// L_d(q0, q1) = 1/(2h) (q1 - q0)^T M (q1 - q0); inputs enter as f+- = h/2 F(t + h/2).
// Prescribed coordinates (car sigma, snakeboard gaits) are advanced by the model; their
// coupling M_dp enters every momentum.
#include <algorithm>
#include <cmath>

#include "lieride/integrate/nonholonomic_integrators.hpp"

namespace lieride {
namespace {

// The free (dynamic) / prescribed split of the coordinates and the blocks of M and mu.
struct Split {
  std::vector<int> d, p;
  NMat Mdd, Mdp;
  Eigen::LDLT<NMat> Mdd_ldlt;

  void build(const NhModel& m) {
    d.clear();
    p.clear();
    for (int i = 0; i < m.dim(); ++i) (m.prescribed(i) ? p : d).push_back(i);
    const NMat& M = m.mass();
    Mdd.resize(nd(), nd());
    Mdp.resize(nd(), np());
    for (int i = 0; i < nd(); ++i) {
      for (int j = 0; j < nd(); ++j) Mdd(i, j) = M(d[idx(i)], d[idx(j)]);
      for (int j = 0; j < np(); ++j) Mdp(i, j) = M(d[idx(i)], p[idx(j)]);
    }
    Mdd_ldlt.compute(Mdd);
  }
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }
  int nd() const { return static_cast<int>(d.size()); }
  int np() const { return static_cast<int>(p.size()); }
  NVec dyn(const NVec& v) const {
    NVec r(nd());
    for (int i = 0; i < nd(); ++i) r(i) = v(d[idx(i)]);
    return r;
  }
  NVec pre(const NVec& v) const {
    NVec r(np());
    for (int i = 0; i < np(); ++i) r(i) = v(p[idx(i)]);
    return r;
  }
  void setDyn(NVec& v, const NVec& x) const {
    for (int i = 0; i < nd(); ++i) v(d[idx(i)]) = x(i);
  }
  NMat muDyn(const NhModel& m, const NVec& q) const {
    NMat mu;
    m.constraints(q, mu);
    return dynColumns(mu);
  }
  // The columns of the dynamic coordinates of a constraint matrix.
  NMat dynColumns(const NMat& mu) const {
    NMat r(mu.rows(), nd());
    for (int i = 0; i < nd(); ++i) r.col(i) = mu.col(d[idx(i)]);
    return r;
  }
  NVec forceDyn(const NhModel& m, const NVec& q, const InputVec& in) const {
    NVec F;
    m.force(q, in, F);
    return dyn(F);
  }
  // M_dp times the prescribed rates in qdot.
  NVec coupling(const NVec& qdot) const { return np() ? NVec(Mdp * pre(qdot)) : NVec(NVec::Zero(nd())); }
  // Free momentum of a continuous state.
  NVec momentum(const NhState& s) const { return Mdd * dyn(s.qdot) + coupling(s.qdot); }
  NVec velocity(const NVec& pd, const NVec& qdot) const { return Mdd_ldlt.solve(pd - coupling(qdot)); }
  // (P - Q) v in the metric M_dd: Q v = M^-1 mu^T (mu M^-1 mu^T)^-1 mu v.
  NVec reflect(const NMat& mu, const NVec& v) const {
    const NMat MinvMuT = Mdd_ldlt.solve(NMat(mu.transpose()));
    const NMat C = mu * MinvMuT;
    return v - 2.0 * MinvMuT * C.ldlt().solve(mu * v);
  }
  NVec project(const NMat& mu, const NVec& v) const { return 0.5 * (v + reflect(mu, v)); }
  // The free velocity a step reports at t_k+1 (docs/formats.md section 3: the row is the state
  // at t_k+1). M^-1 of the discrete momentum p+ = M vbar + f+ (vbar = (q_k+1 - q_k)/h) holds
  // the half-step input impulse but not the constraint impulse that balances it: a car's drive
  // torque alone would spin the wheel by h/2 F / I, off the constraints (0.55 m/s after one
  // step of car-parallel-parking at h = 0.01, 14x its energy). As in the continuous momentum
  // p(t_k+1) = M vbar + h/2 (F - mu^T lambda) + ... (Ferraro et al. Eq. 11a's force sign), the
  // excess of M^-1 p+ over vbar (that impulse and, with prescribed coordinates, the change of
  // their coupling from the step's average rate to the rate at t_k+1) is projected onto the
  // constraints at q_k+1 in the metric M. The reported velocity keeps the constraint residual
  // of the scheme's own vbar (a growing nh-reflect period-2 mode stays visible), and with no
  // inputs and nothing prescribed it is M^-1 p+ itself, whose energy nh-reflect conserves
  // exactly (docs/models.md section 7). The memory (p+) and the trajectory are unchanged.
  void setReportedVelocity(const NhModel& m, const NVec& pplus, const NVec& vbar, const NVec& rbarDot,
                           NhState& next) const {
    NMat mu;
    m.constraints(next.q, mu);
    NVec own = next.qdot, raw = next.qdot;
    setDyn(own, vbar);
    for (int i = 0; i < np(); ++i) own(p[idx(i)]) = rbarDot(i);
    setDyn(raw, velocity(pplus, next.qdot));
    const NMat mu1 = dynColumns(mu);
    const NMat MinvMuT = Mdd_ldlt.solve(NMat(mu1.transpose()));
    const NVec excess = mu * NVec(raw - own);
    setDyn(next.qdot, NVec(dyn(raw) - MinvMuT * NMat(mu1 * MinvMuT).ldlt().solve(excess)));
  }
  // The continuous multiplier of the state (q, free velocity v on the constraints), with the
  // constraint force -mu^T lambda (Ferraro et al. Eq. 11a's sign):
  // lambda = (mu M^-1 mu^T)^-1 (mu M^-1 (F - M_dp qdd_p) + mu_dot qdot), mu_dot by central differences.
  NVec multiplier(const NhModel& m, const ControlSet& c, double t, const NhState& s, const NMat& mu,
                  const NVec& v) const {
    NVec qd = s.qdot;
    setDyn(qd, v);
    const double eps = 1e-6 / std::max(1.0, qd.cwiseAbs().maxCoeff());
    const NVec muDotQd = (muDyn(m, s.q + eps * qd) - muDyn(m, s.q - eps * qd)) * v / (2.0 * eps);
    NVec rhs = forceDyn(m, s.q, c.values(t));
    if (np()) {
      NVec r1 = s.qdot, r0 = s.qdot;
      const double et = 1e-5;
      m.prescribedRates(t + et, s.q, c, r1);
      m.prescribedRates(t - et, s.q, c, r0);
      rhs -= Mdp * (pre(r1) - pre(r0)) / (2.0 * et);
    }
    const NMat MinvMuT = Mdd_ldlt.solve(NMat(mu.transpose()));
    return NMat(mu * MinvMuT).ldlt().solve(NVec(mu * Mdd_ldlt.solve(rhs) + muDotQd));
  }
};

class NhReflect final : public NhIntegrator {
 public:
  explicit NhReflect(ReflectStart start) : start_(start) {}
  std::string name() const override { return "nh-reflect"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<NhReflect>(*this); }
  // The start fixes q1, i.e. the first p-_{0,1}; the step reflects pplus_ into it. The state's
  // velocity is first projected onto the constraints (a state reported by nh-reflect itself
  // carries a constraint-normal part). Ferraro et al. Eq. 12 takes p-_{0,1} tangent: that
  // puts an O(h) error into the constraint-normal momentum, which the reflection flips every
  // step (a period-2 mode that grows as exp(kappa x forward distance) on the sleigh,
  // docs/nonholonomic.md). Half the constraint impulse of the first step,
  // p-_{0,1} = p0 - (h/2) mu(q0)^T lambda0 (cf. Eq. 11a), seeds it at O(h^3) instead. The
  // energy the reflection conserves, 1/2 v-^T M v-, is then the start's plus the normal part's
  // (h^2/8) lambda0^T mu M^-1 mu^T lambda0. Where the energy is conserved, the default rescales
  // v- to the start's kinetic energy 1/2 v^T M v, so that the energy conserved is the start's
  // (Ferraro et al.'s claim, read from the run CSV's energy column), at the price of a 3x
  // larger O(h^3) seed (docs/nonholonomic.md, "The start").
  void reset(const NhModel& m, const ControlSet& c, double t, double h, const NhState& s) override {
    sp_.build(m);
    const NMat mu = sp_.muDyn(m, s.q);
    const NVec v = sp_.project(mu, sp_.dyn(s.qdot));
    NVec vminus = v;
    if (start_ != ReflectStart::Tangent)
      vminus -= 0.5 * h * sp_.Mdd_ldlt.solve(NVec(mu.transpose() * sp_.multiplier(m, c, t, s, mu, v)));
    // Only where the energy is conserved from the start: no generalised force at t and no
    // prescribed shape that exchanges kinetic energy with the free coordinates (the car's
    // steering has no inertia; a snakeboard gait does). A torque that starts a car from rest
    // must keep its half impulse.
    const bool conserved = sp_.forceDyn(m, s.q, c.values(t)).isZero(0.0) && (!sp_.np() || sp_.Mdp.isZero(0.0));
    if (start_ == ReflectStart::HalfImpulseEnergy && conserved) {
      const double kept = v.dot(sp_.Mdd * v), now = vminus.dot(sp_.Mdd * vminus);
      if (now > 0.0) vminus *= std::sqrt(kept / now);
    }
    pplus_ = sp_.Mdd * sp_.reflect(mu, vminus) + sp_.coupling(s.qdot);  // reflect is an involution
  }
  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const NVec ck = sp_.coupling(s.qdot);
    const NVec f = 0.5 * h * sp_.forceDyn(m, s.q, c.values(t + 0.5 * h));
    // Eq. 6: p-_{k,k+1} = (P - Q)* p+_{k-1,k}, applied to the free velocities.
    const NVec vminus = sp_.reflect(sp_.muDyn(m, s.q), sp_.Mdd_ldlt.solve(NVec(pplus_ - ck)));
    const NVec pminus = sp_.Mdd * vminus + ck;
    NhState next = s;
    m.advancePrescribed(t, h, c, next);
    const NVec dp = sp_.pre(next.q) - sp_.pre(s.q);
    const NVec pDp = sp_.np() ? NVec(sp_.Mdp * dp / h) : NVec(NVec::Zero(sp_.nd()));
    const NVec dd = h * sp_.Mdd_ldlt.solve(NVec(pminus + f - pDp));
    pplus_ = sp_.Mdd * dd / h + pDp + f;
    sp_.setDyn(next.q, sp_.dyn(s.q) + dd);
    sp_.setReportedVelocity(m, pplus_, NVec(dd / h), NVec(dp / h), next);
    s = next;
    return {};
  }

 private:
  ReflectStart start_;
  Split sp_;
  NVec pplus_;
};

class NhRattle final : public NhIntegrator {
 public:
  std::string name() const override { return "nh-rattle"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<NhRattle>(*this); }

  // (q, p~, lambda) with p~ on the constraints and lambda the continuous multiplier.
  void reset(const NhModel& m, const ControlSet& c, double t, double, const NhState& s) override {
    sp_.build(m);
    const NMat mu = sp_.muDyn(m, s.q);
    const NVec v = sp_.project(mu, sp_.dyn(s.qdot));
    ptilde_ = sp_.Mdd * v + sp_.coupling(s.qdot);
    lambda_ = sp_.multiplier(m, c, t, s, mu, v);
  }

  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const NMat mu0 = sp_.muDyn(m, s.q);
    const NVec F0 = sp_.forceDyn(m, s.q, c.values(t));
    const NVec phalf = ptilde_ + 0.5 * h * (F0 - mu0.transpose() * lambda_);  // 11a
    NhState next = s;
    m.advancePrescribed(t, h, c, next);
    const NVec dp = sp_.pre(next.q) - sp_.pre(s.q);
    const NVec pDp = sp_.np() ? NVec(sp_.Mdp * dp / h) : NVec(NVec::Zero(sp_.nd()));
    sp_.setDyn(next.q, sp_.dyn(s.q) + h * sp_.Mdd_ldlt.solve(NVec(phalf - pDp)));  // 11b
    const NMat mu1 = sp_.muDyn(m, next.q);
    const NVec F1 = sp_.forceDyn(m, next.q, c.values(t + h));
    const NVec c1 = sp_.coupling(next.qdot);
    const NMat MinvMuT = sp_.Mdd_ldlt.solve(NMat(mu1.transpose()));
    // 11d-e: mu1 M^-1 (p~ - c1) = 0 fixes lambda_{k+1}.
    lambda_ = (2.0 / h) * NMat(mu1 * MinvMuT).ldlt().solve(NVec(mu1 * sp_.Mdd_ldlt.solve(NVec(phalf + 0.5 * h * F1 - c1))));
    ptilde_ = phalf + 0.5 * h * (F1 - mu1.transpose() * lambda_);
    sp_.setDyn(next.qdot, sp_.velocity(ptilde_, next.qdot));
    s = next;
    return {};
  }

 private:
  Split sp_;
  NVec ptilde_, lambda_;
};

class NhDla final : public NhIntegrator {
 public:
  NhDla(bool midpoint, const NhIntegratorSettings& s) : midpoint_(midpoint), settings_(s) {}
  std::string name() const override { return "dla"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<NhDla>(*this); }
  void reset(const NhModel& m, const ControlSet&, double, double, const NhState& s) override {
    sp_.build(m);
    p_ = sp_.momentum(s);
    lambda_ = NVec::Zero(m.numConstraints());
  }

  // M (q_k+1 - q_k)/h = p_k + f + mu(q_k)^T lambda, with the discrete constraint
  // mu(q_c) (q_k+1 - q_k) = 0 at q_c = midpoint (or q_k for "start"); Newton on lambda.
  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const NMat mu0 = sp_.muDyn(m, s.q);
    const NVec f = 0.5 * h * sp_.forceDyn(m, s.q, c.values(t + 0.5 * h));
    NhState next = s;
    m.advancePrescribed(t, h, c, next);
    const NVec dp = sp_.pre(next.q) - sp_.pre(s.q);
    const NVec pDp = sp_.np() ? NVec(sp_.Mdp * dp / h) : NVec(NVec::Zero(sp_.nd()));
    const NVec base = p_ + f - pDp;
    const NVec qd0 = sp_.dyn(s.q);
    auto delta = [&](const NVec& lam) { return NVec(h * sp_.Mdd_ldlt.solve(NVec(base + mu0.transpose() * lam))); };
    auto residual = [&](const NVec& lam) {
      const NVec dd = delta(lam);
      NVec qc = next.q;
      sp_.setDyn(qc, qd0 + dd);
      qc = midpoint_ ? NVec(0.5 * (s.q + qc)) : NVec(s.q);
      NMat mu;
      m.constraints(qc, mu);
      NVec full = NVec::Zero(m.dim());
      sp_.setDyn(full, dd);
      for (int i = 0; i < sp_.np(); ++i) full(sp_.p[Split::idx(i)]) = dp(i);
      return NVec(mu * full / h);
    };
    StepReport rep;
    // Max norms by lpNorm<Infinity>, which is 0 for an empty vector: with no constraints
    // (k = 0, e.g. Elroy's beanie, docs/models.md) lambda and the residual are empty, and
    // maxCoeff() of an empty vector reads uninitialised memory.
    const double scale = std::max(1e-300, NVec(sp_.Mdd_ldlt.solve(base)).lpNorm<Eigen::Infinity>());
    NVec lam = lambda_;
    NVec r = residual(lam);
    rep.residual = r.lpNorm<Eigen::Infinity>() / scale;
    const int nc = static_cast<int>(lam.size());
    int stalled = 0;  // iterations in a row without a smaller residual: round-off reached
    while (rep.residual > settings_.tolerance && rep.iterations < settings_.maxIterations && stalled < 3) {
      const double before = rep.residual;
      NMat J(nc, nc);
      const double eps = 1e-7 * std::max({1.0, lam.lpNorm<Eigen::Infinity>(), base.lpNorm<Eigen::Infinity>()});
      for (int j = 0; j < nc; ++j) {
        NVec lp = lam, lm = lam;
        lp(j) += eps;
        lm(j) -= eps;
        J.col(j) = (residual(lp) - residual(lm)) / (2.0 * eps);
      }
      lam -= J.fullPivLu().solve(r);
      r = residual(lam);
      rep.residual = r.lpNorm<Eigen::Infinity>() / scale;
      ++rep.iterations;
      stalled = rep.residual < before ? 0 : stalled + 1;
    }
    rep.converged = std::isfinite(rep.residual) && newtonConverged(rep.residual, settings_.tolerance);
    lambda_ = lam;
    const NVec dd = delta(lam);
    p_ = sp_.Mdd * dd / h + pDp + f;
    sp_.setDyn(next.q, qd0 + dd);
    sp_.setReportedVelocity(m, p_, NVec(dd / h), NVec(dp / h), next);
    s = next;
    return rep;
  }

 private:
  bool midpoint_;
  NhIntegratorSettings settings_;
  Split sp_;
  NVec p_, lambda_;
};

}  // namespace

std::optional<ReflectStart> reflectStartNamed(const std::string& name) {
  if (name == "half-impulse-energy") return ReflectStart::HalfImpulseEnergy;
  if (name == "half-impulse") return ReflectStart::HalfImpulse;
  if (name == "tangent") return ReflectStart::Tangent;
  return std::nullopt;
}

std::unique_ptr<NhIntegrator> makeNhReflect(ReflectStart start) { return std::make_unique<NhReflect>(start); }
std::unique_ptr<NhIntegrator> makeNhRattle() { return std::make_unique<NhRattle>(); }
std::unique_ptr<NhIntegrator> makeNhDla(bool midpoint, const NhIntegratorSettings& s) {
  return std::make_unique<NhDla>(midpoint, s);
}

}  // namespace lieride
