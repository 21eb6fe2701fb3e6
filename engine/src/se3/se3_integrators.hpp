#pragma once
// Private declarations of the SE(3) integrators (engine/src/se3). Public entry point:
// makeSe3Integrator() in lieride/integrate/se3_integrator.hpp.
#include <array>
#include <cstdint>

#include "lieride/integrate/se3_integrator.hpp"

namespace lieride::detail {

// Kobilarov et al. Eqs. 9-10 with alpha = 1 (symplectic Euler quadrature), written in
// position-momentum form: with pi_k^- = C^T(-h xi_{k-1}) I xi_{k-1}, Eq. 10 reads
//   C^T(h xi_k) I xi_k = pi_k^- + h f_k,   g_{k+1} = g_k tau(h xi_k)  (Eq. 9).
// The momentum at t_k is mu_k = pi_k^- + h f_k / 2 (the mean of the left and right discrete
// momenta), which is how the state is handed to and from other integrators.
enum class LieVariant {
  Exp,     // tau = exp, B = dexp, C = exact dexp^{-1} (closed form; Eq. 14 truncates it)
  Cay,     // tau = true SE(3) Cayley, C = C_cay of Eq. 14 (docs/models.md errata)
  ExpTLN,  // tau = exp, C = C_TLN (not momentum-exact)
  CayTLN,  // tau = cay with Eq. 13's B_cay, C = C_TLN (Appendix A's pairing)
};

class LieVariationalSe3 final : public Se3Integrator {
 public:
  LieVariationalSe3(LieVariant v, SolverSettings s) : variant_(v), solver_(s) {}
  std::string name() const override;
  StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) override;
  std::unique_ptr<Se3Integrator> clone() const override { return std::make_unique<LieVariationalSe3>(*this); }
  Vec6 discreteVelocity(const Se3Dynamics& d, double t, double h, const Se3State& s) override;

  // The same step in kick-flow-kick form, for compositions (LieComposition4Se3): from (g, mu)
  // with f0 = f(t, g, I^{-1} mu) given in `force`, pi^+ = mu + h f0 / 2, solve Eq. 10 for xi,
  // g <- g tau(h xi) (Eq. 9), pi^- = C^T(-h xi) I xi, and the closing half kick
  // mu = pi^- + h f(tEnd, g, I^{-1} mu) / 2 solved implicitly (fixed point to the tolerance), so
  // that the map is symmetric (its adjoint is itself) also for velocity-dependent wrenches;
  // `force` then holds f(tEnd, g, I^{-1} mu). h may be negative. xi: in, a guess for Newton
  // (used where it fits better than the default; non-finite for none); out, the solved xi.
  // predicted: Newton's first guess when finite (an extrapolation), unless its relative
  // residual exceeds 1e-3; then the better of xi and a fixed-point pass.
  StepReport kickFlowKick(const Se3Dynamics& d, double tEnd, double h, SE3& g, Vec6& mu, Vec6& force, Vec6& xi,
                          const Vec6& predicted) const;

 private:
  // Initial guess (predicted when it fits; else the better of xi, when finite, and a
  // fixed-point pass) and Newton for C^T(h xi) I xi = pi^+ (Eq. 10).
  StepReport solveMomentum(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi, const Vec6& predicted) const;
  // C_TLN (lie-cay-tln, lie-exp-tln): Eq. 10, C_TLN^T(h xi) I xi = pi^+, splits into the rotation
  // row J w + (h/2) w x (J w) = pi_w, which does not involve v, and the translation row
  // m (I + (h/2) hat(w)) v = pi_v, linear in v. Newton runs on w alone with the 3x3 Jacobian
  // J + (h/2)(hat(w) J - hat(J w)) inverted in closed form; v then follows in closed form.
  bool tln() const { return variant_ == LieVariant::ExpTLN || variant_ == LieVariant::CayTLN; }
  struct TlnJacobian {
    TlnJacobian() = default;
    TlnJacobian(const Vec6& Id, double h, const Vec3& w);
    Vec3 solve(const Vec3& residual) const { return Ainv * residual; }
    bool valid = false;
    Mat3 Ainv = Mat3::Zero();
  };
  // v = (I + (h/2) hat(w))^{-1} pi_v / m: the translation row of C_TLN, exactly.
  static Vec3 tlnTranslation(double m, double h, const Vec3& w, const Vec3& piV);
  // mu = pi^- + h f(t, g, I^{-1} mu) / 2 by fixed-point iteration; adds to report.
  Vec6 closingKick(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h, Vec6& force,
                   StepReport& report) const;
  // Solves C^T(h xi) I xi = pi^+ for the state s (Eq. 10); cached in ahead_ so that step()
  // and discreteVelocity() solve once per step.
  void solveAhead(const Se3Dynamics& d, double t, double h, const Se3State& s);
  // Newton to the tolerance (for C_TLN on the rotation row, then v in closed form), then one
  // polishing iteration: UnlessRoundOff skips it when the residual is already <= 1e-15 and
  // keeps the better iterate; AlwaysUnchecked (C_TLN, for compositions) always takes it as a
  // chord step, without evaluating its residual.
  enum class Polish { UnlessRoundOff, AlwaysUnchecked };
  StepReport newton(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi, Vec6 residual, double norm,
                    Polish polish) const;
  StepReport newtonTln(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi, Vec3 residual, double norm,
                       Polish polish) const;
  // Newton direction J^{-1} residual for the Jacobian of Eq. 10 at xi (lie-exp, lie-cay).
  Vec6 newtonDirection(const Vec6& Id, double h, const Vec6& xi, const Vec6& residual) const;
  // Relative residual of Eq. 10 at xi (for C_TLN: of its rotation row; the translation row is
  // solved exactly after Newton, and residual's translation part is zero).
  double residualNorm(const Vec6& Id, double h, const Vec6& piPlus, const Vec6& xi, Vec6& residual) const;
  SE3 update(const Vec6& hxi) const;
  Vec6 cTransposeTimes(const Vec6& y, const Vec6& mu) const;      // C(y)^T mu
  Mat6 cTransposeTimesJacobian(const Vec6& y, const Vec6& mu) const;  // d/dy [C(y)^T mu]
  Mat6 cTranspose(const Vec6& y) const;
  // f at t_k for a velocity-dependent wrench: at the estimate pi^- + h f0 / 2 (one pass), or,
  // where that pass does not contract (stiff friction or damping), at the solution of
  // mu = pi^- + h f(mu) / 2 by stiffKick; adds to report.
  Vec6 forceAt(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h, StepReport& report) const;
  // Newton on mu = pi^- + h f(t, g, I^{-1} mu) / 2 from mu (the wrench's Jacobian in mu by
  // forward differences): the trapezoidal kick solved implicitly, stable for any damping rate.
  // Returns mu, the wrench there in force; adds iterations and residual to report.
  Vec6 stiffKick(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h, Vec6 mu, Vec6& force,
                 StepReport& report) const;

  struct Continuation {  // what the previous step left, to continue bit-identically
    bool valid = false;
    double h = 0.0;
    SE3 g;
    Vec6 mu, piMinus, force;
    std::uint64_t inputs = 0;  // ControlSet::generation() the force was evaluated with
  };
  struct Ahead {  // the solved step for one (state, h, inputs)
    bool valid = false;
    double h = 0.0;
    SE3 g;
    Vec6 mu, xi;
    StepReport report;
    std::uint64_t inputs = 0;
  };
  LieVariant variant_;
  SolverSettings solver_;
  Continuation next_;
  Ahead ahead_;
};

// lie-cay-tln4: Suzuki's (1990) symmetric five-stage fractal composition of lie-cay-tln in
// kick-flow-kick form, Phi_h = Phi_{p h} o Phi_{p h} o Phi_{(1-4p) h} o Phi_{p h} o Phi_{p h},
// p = 1 / (4 - 4^{1/3}) (Hairer, Lubich & Wanner, Sec. II.4 and V.3.2): order 4 because
// 4 p^3 + (1 - 4p)^3 = 0, with a far smaller error constant than the triple jump (substeps
// 0.41 h and -0.66 h instead of 1.35 h and -1.70 h). Each substep is a variational step, so
// the composition is symplectic and momentum-exact (discrete Noether, any sign of h); the base
// step is symmetric, so the composition is of order 4. The wrench at the end of a substep
// starts the next one (and the next step when it continues). Newton's first guess in substep i
// extrapolates (up to cubic) the velocities substep i solved for in the previous steps of the
// same h.
class LieComposition4Se3 final : public Se3Integrator {
 public:
  static constexpr int kStages = 5;
  static constexpr int kHistory = 4;  // steps of substep velocities kept for the predictor
  explicit LieComposition4Se3(SolverSettings s) : base_(LieVariant::CayTLN, s) {}
  std::string name() const override { return "lie-cay-tln4"; }
  StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) override;
  std::unique_ptr<Se3Integrator> clone() const override { return std::make_unique<LieComposition4Se3>(*this); }

 private:
  struct Continuation {  // what the previous steps left
    bool valid = false;
    double t = 0.0, h = 0.0;
    SE3 g;
    Vec6 mu, force, xi;  // xi: the last substep's velocity, a guess for the next
    std::uint64_t inputs = 0;  // ControlSet::generation() the force was evaluated with
    int history = 0;     // consecutive steps of this h recorded in substepXi (at most kHistory)
    int newest = 0;      // substepXi[newest]: the last step's; earlier ones at newest - k (mod kHistory)
    std::array<std::array<Vec6, kStages>, kHistory> substepXi;
  };
  LieVariationalSe3 base_;
  Continuation next_;
};

// Runge-Kutta on (q, x, omega, v) with quaternions renormalized after every stage and step
// (Kobilarov et al. Sec. 3.3): euler (order 1), rk2 (explicit midpoint), rk4.
class RungeKuttaSe3 final : public Se3Integrator {
 public:
  explicit RungeKuttaSe3(int order) : order_(order) {}
  std::string name() const override;
  StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) override;
  std::unique_ptr<Se3Integrator> clone() const override { return std::make_unique<RungeKuttaSe3>(*this); }

 private:
  int order_;
};

// Implicit midpoint on the dynamics (Newton on xi_{k+1}), explicit second-order quaternion
// reconstruction (Kobilarov et al. Sec. 3.3, "RK2i").
class ImplicitMidpointSe3 final : public Se3Integrator {
 public:
  explicit ImplicitMidpointSe3(SolverSettings s) : solver_(s) {}
  std::string name() const override { return "rk2-implicit"; }
  StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) override;
  std::unique_ptr<Se3Integrator> clone() const override { return std::make_unique<ImplicitMidpointSe3>(*this); }

 private:
  SolverSettings solver_;
};

// Krysl & Endres' Lie-Newmark (beta = 1/2 displacement, gamma = 1/2 trapezoidal velocity)
// extended to SE(3): Psi = h xi_n + h^2/2 a_n, g_{n+1} = g_n exp(Psi),
// xi_{n+1} = xi_n + h/2 (a_n + a_{n+1}) with a_{n+1} = a(g_{n+1}, xi_{n+1}) solved by Newton.
class LieNewmarkSe3 final : public Se3Integrator {
 public:
  explicit LieNewmarkSe3(SolverSettings s) : solver_(s) {}
  std::string name() const override { return "lie-newmark"; }
  StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) override;
  std::unique_ptr<Se3Integrator> clone() const override { return std::make_unique<LieNewmarkSe3>(*this); }

 private:
  struct Continuation {
    bool valid = false;
    SE3 g;
    Vec6 mu, acceleration;
    std::uint64_t inputs = 0;  // ControlSet::generation() the acceleration was evaluated with
  };
  SolverSettings solver_;
  Continuation next_;
};

// Bitwise equality of poses: a cached continuation applies only to the exact state it produced.
bool sameState(const SE3& a, const SE3& b);

}  // namespace lieride::detail
