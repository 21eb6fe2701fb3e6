// lie-nh, the explicit updates of Kobilarov et al. 5.2.1 (car) and 5.2.2 (snakeboard), in
// position-momentum form (tau = exp; these equal the general form with C_TLN, see
// lie_nh_general.cpp). The memory is the momentum arriving at t_k from the previous step; a
// reset takes it from the continuous state, so switches continue the same motion.
#include <algorithm>
#include <cmath>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/car.hpp"
#include "lieride/model/snakeboard.hpp"

namespace lieride {
namespace {

// sin and cos of a small angle: Taylor series to x^13 / x^12 for |x| < 0.1 (truncation
// below 1e-22 relative), libm otherwise. The car's half step angle h omega / 2 is small.
inline void smallSinCos(double x, double& s, double& c) {
  if (std::abs(x) >= 0.1) {
    s = std::sin(x);
    c = std::cos(x);
    return;
  }
  const double x2 = x * x;
  s = x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0 * (1.0 - x2 / 110.0 * (1.0 - x2 / 156.0))))));
  c = 1.0 - x2 / 2.0 * (1.0 - x2 / 12.0 * (1.0 - x2 / 30.0 * (1.0 - x2 / 56.0 * (1.0 - x2 / 90.0 * (1.0 - x2 / 132.0)))));
}
// sin(x)/x for the chord length, from sin(x) (series below 1e-4).
inline double sincFrom(double x, double sx) { return std::abs(x) < 1e-4 ? 1.0 - x * x / 6.0 : sx / x; }

// Car, 5.2.1:
//   (a + b sigma_k sigma_k+alpha) u_k = (a + b sigma_k sigma_k-1+alpha) u_k-1
//                                     + h (alpha f_k-1+alpha + (1 - alpha) f_k+alpha),
//   a = I + rho^2 m, b = rho^2 K / l^2; v_k = rho u_k, omega_k = (rho/l) sigma_k+alpha u_k;
//   g_k+1 = g_k exp(h (omega_k, v_k, 0)) (the chord form of the paper's x, y update).
// Memory p+ = (a + b sigma_k sigma_k-1+alpha) u_k-1 + h alpha f_k-1+alpha; the continuous
// wheel rate at t_k is p+ / (a + b sigma_k^2).
class LieNhCar final : public NhIntegrator {
 public:
  explicit LieNhCar(double alpha) : alpha_(alpha) {}
  std::string name() const override { return "lie-nh"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<LieNhCar>(*this); }
  double alpha() const override { return alpha_; }

  void reset(const NhModel& m, const ControlSet&, double, double, const NhState& s) override {
    const auto& car = static_cast<const CarModel&>(m);
    pplus_ = car.momentum(s);
    thetaCached_ = std::nan("");
  }

  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const auto& car = static_cast<const CarModel&>(m);
    const CarParams& p = car.params();
    const double a = car.a(), b = car.b();
    const double sig0 = s.q(CarModel::kSigma);
    const double sig1 = std::clamp(sig0 + h * c.value(CarModel::kSteerRate, t + 0.5 * h), -car.sigmaMax(), car.sigmaMax());
    const double uSigma = (sig1 - sig0) / h;
    const double sigA = sig0 + alpha_ * h * uSigma;
    const double fA = c.value(CarModel::kDriveTorque, t + alpha_ * h);
    const double u = (pplus_ + h * (1.0 - alpha_) * fA) / (a + b * sig0 * sigA);
    const double v = p.wheelRadius * u, w = p.wheelRadius / p.wheelbase * sigA * u;
    const double half = 0.5 * h * w;
    double sh, ch;
    smallSinCos(half, sh, ch);
    const double chord = h * v * sincFrom(half, sh);
    // cos/sin of theta_k: carried over from the previous step (rotations by the series
    // sin/cos of the half angles, no libm call), re-synchronised with libm every 64 steps
    // and whenever theta was changed from outside.
    if (!(s.q(CarModel::kTheta) == thetaCached_) || ++sinceSync_ >= 64) {
      thetaCached_ = s.q(CarModel::kTheta);
      cTh_ = std::cos(thetaCached_);
      sTh_ = std::sin(thetaCached_);
      sinceSync_ = 0;
    }
    const double cm = cTh_ * ch - sTh_ * sh, sm = sTh_ * ch + cTh_ * sh;
    s.q(CarModel::kX) += chord * cm;
    s.q(CarModel::kY) += chord * sm;
    s.q(CarModel::kTheta) += h * w;
    s.q(CarModel::kPsi) += h * u;
    s.q(CarModel::kSigma) = sig1;
    pplus_ = (a + b * sig1 * sigA) * u + h * alpha_ * fA;
    // Continuous state at t_k+1 (cos/sin of theta_k+1 by rotating the midpoint angle).
    const double psiDot = pplus_ / (a + b * sig1 * sig1);
    const double c1 = cm * ch - sm * sh, s1 = sm * ch + cm * sh;
    cTh_ = c1;
    sTh_ = s1;
    thetaCached_ = s.q(CarModel::kTheta);
    const double v1 = p.wheelRadius * psiDot;
    s.qdot(CarModel::kTheta) = p.wheelRadius / p.wheelbase * sig1 * psiDot;
    s.qdot(CarModel::kX) = v1 * c1;
    s.qdot(CarModel::kY) = v1 * s1;
    s.qdot(CarModel::kPsi) = psiDot;
    // The steering rate at t_k+1, as every other integrator reports it (the row is the state at
    // its time; the step's own discrete rate (sigma_k+1 - sigma_k) / h is the input at the
    // midpoint, 3e-3 off u(t_k+1) on a sinusoid at h = 0.02).
    s.qdot(CarModel::kSigma) = car.steerRate(sig1, c.value(CarModel::kSteerRate, t + h));
    return {};
  }

 private:
  double alpha_;
  double pplus_ = 0.0;
  double thetaCached_ = std::nan(""), cTh_ = 1.0, sTh_ = 0.0;
  int sinceSync_ = 0;
};

// Snakeboard, 5.2.2 with the connection derived from docs/models.md section 5:
//   e_1(r_k)^T (mu_k - mu_k-1) = 0,  dl/du_k+alpha - dl/du_k-1+alpha = h (alpha f + (1-alpha) f),
//   xi_k = w_k (-tan(phi_k+alpha)/l, 1, 0), mu = (m l^2 omega + J_r u_psi, m vx, m vy),
//   dl/du = (J_r (u_psi + omega), 2 J_w u_phi). Two linear equations give (w_k, u_psi_k).
class LieNhSnakeboard final : public NhIntegrator {
 public:
  explicit LieNhSnakeboard(double alpha) : alpha_(alpha) {}
  std::string name() const override { return "lie-nh"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<LieNhSnakeboard>(*this); }
  double alpha() const override { return alpha_; }

  void reset(const NhModel& m, const ControlSet&, double, double, const NhState& s) override {
    const auto& sb = static_cast<const SnakeboardModel&>(m);
    const SnakeboardParams& p = sb.params();
    const Vec3 xi = sb.bodyVelocity(s);
    const double psiDot = s.qdot(SnakeboardModel::kPsi);
    muPlus_ = Vec3(p.mass * p.halfWheelbase * p.halfWheelbase * xi(0) + p.rotorInertia * psiDot, p.mass * xi(1),
                   p.mass * xi(2));
    piPsi_ = p.rotorInertia * (psiDot + xi(0));
    piPhi_ = 2.0 * p.axleInertia * s.qdot(SnakeboardModel::kPhi);
  }

  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    const auto& sb = static_cast<const SnakeboardModel&>(m);
    const SnakeboardParams& p = sb.params();
    const double ml = p.mass * p.halfWheelbase, l = p.halfWheelbase, Jr = p.rotorInertia, Jw = p.axleInertia;
    const bool presc = sb.prescribedShape();
    const double psi0 = s.q(SnakeboardModel::kPsi), phi0 = s.q(SnakeboardModel::kPhi);
    NhState next = s;
    double tauPsi = 0.0, tauPhi = 0.0, uPsi = 0.0, uPhi = 0.0;
    if (presc) {
      sb.advancePrescribed(t, h, c, next);
      uPsi = (next.q(SnakeboardModel::kPsi) - psi0) / h;
      uPhi = (next.q(SnakeboardModel::kPhi) - phi0) / h;
    } else {
      const InputVec in = c.values(t + alpha_ * h);
      tauPsi = in(SnakeboardModel::kRotorTorque);
      tauPhi = in(SnakeboardModel::kSteerTorque);
      uPhi = (piPhi_ + h * (1.0 - alpha_) * tauPhi) / (2.0 * Jw);
    }
    const double tk = std::tan(phi0), ta = std::tan(phi0 + alpha_ * h * uPhi);
    const double R = -tk * muPlus_(0) / l + muPlus_(1);
    double w;
    if (presc) {
      w = (R + Jr * tk / l * uPsi) / (p.mass * (1.0 + tk * ta));
    } else {
      const double P = piPsi_ + h * (1.0 - alpha_) * tauPsi;
      w = (R + tk * P / l) / (p.mass * (1.0 + tk * ta) - Jr * tk * ta / (l * l));
      uPsi = P / Jr + ta * w / l;
    }
    const double omega = -ta * w / l;
    const SE2 g = sb.pose(s) * se2::exp(Vec3(h * omega, h * w, 0.0));
    muPlus_ = Vec3(ml * l * omega + Jr * uPsi, p.mass * w, 0.0);
    piPsi_ = Jr * (uPsi + omega) + h * alpha_ * tauPsi;
    piPhi_ = 2.0 * Jw * uPhi + h * alpha_ * tauPhi;
    double psi1 = psi0 + h * uPsi, phi1 = phi0 + h * uPhi, psiDot, phiDot;
    if (presc) {
      psi1 = next.q(SnakeboardModel::kPsi);
      phi1 = next.q(SnakeboardModel::kPhi);
      psiDot = next.qdot(SnakeboardModel::kPsi);
      phiDot = next.qdot(SnakeboardModel::kPhi);
    } else {
      phiDot = piPhi_ / (2.0 * Jw);
    }
    // Continuous velocities at t_k+1 from the memory (Legendre transform at phi_k+1).
    const double tn = std::tan(phi1);
    const double R1 = -tn * muPlus_(0) / l + muPlus_(1);
    double w1;
    if (presc) {
      w1 = (R1 + Jr * tn / l * psiDot) / (p.mass * (1.0 + tn * tn));
    } else {
      w1 = (R1 + tn * piPsi_ / l) / (p.mass * (1.0 + tn * tn) - Jr * tn * tn / (l * l));
      psiDot = piPsi_ / Jr + tn * w1 / l;
    }
    s = sb.stateFrom(g, psi1, phi1, psiDot, phiDot, sb.momentumFrom(phi1, psiDot, w1));
    return {};
  }

 private:
  double alpha_;
  Vec3 muPlus_ = Vec3::Zero();
  double piPsi_ = 0.0, piPhi_ = 0.0;
};

}  // namespace

std::unique_ptr<NhIntegrator> makeLieNhCar(double alpha) { return std::make_unique<LieNhCar>(alpha); }
std::unique_ptr<NhIntegrator> makeLieNhSnakeboard(double alpha) { return std::make_unique<LieNhSnakeboard>(alpha); }

}  // namespace lieride
