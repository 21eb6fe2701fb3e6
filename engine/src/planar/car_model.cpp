// Car with simple dynamics, docs/models.md section 4 (Kobilarov et al. 5.2.1).
#include "lieride/model/car.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

CarModel::CarModel(const CarParams& p) : p_(p) {
  M_ = NMat::Zero(5, 5);
  M_(kTheta, kTheta) = p.yawInertia;
  M_(kX, kX) = p.mass;
  M_(kY, kY) = p.mass;
  M_(kPsi, kPsi) = p.wheelInertia;
  a_ = p.wheelInertia + p.mass * p.wheelRadius * p.wheelRadius;
  b_ = p.yawInertia * p.wheelRadius * p.wheelRadius / (p.wheelbase * p.wheelbase);
  sigmaMax_ = std::tan(p.maxSteer);
}

// Rows: vy = 0; vx - rho psi_dot = 0; omega - (rho/l) sigma psi_dot = 0 (body frame).
void CarModel::constraints(const NVec& q, NMat& mu) const {
  const double c = std::cos(q(kTheta)), s = std::sin(q(kTheta));
  mu = NMat::Zero(3, 5);
  mu(0, kX) = -s;
  mu(0, kY) = c;
  mu(1, kX) = c;
  mu(1, kY) = s;
  mu(1, kPsi) = -p_.wheelRadius;
  mu(2, kTheta) = 1.0;
  mu(2, kPsi) = -p_.wheelRadius / p_.wheelbase * q(kSigma);
}

void CarModel::force(const NVec&, const InputVec& inputs, NVec& F) const {
  F.setZero(5);
  F(kPsi) = inputs(kDriveTorque);
}

double CarModel::steerRate(double sigma, double u) const {
  if ((sigma >= sigmaMax_ && u > 0.0) || (sigma <= -sigmaMax_ && u < 0.0)) return 0.0;
  return u;
}

// sigma follows the steering rate; over a step it is advanced with the midpoint rate
// (second order) and clamped at the steering limit.
void CarModel::advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const {
  const double u = c.value(kSteerRate, t0 + 0.5 * h);
  s.q(kSigma) = std::clamp(s.q(kSigma) + h * u, -sigmaMax_, sigmaMax_);
  s.qdot(kSigma) = steerRate(s.q(kSigma), c.value(kSteerRate, t0 + h));
}

void CarModel::prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const {
  qdot(kSigma) = steerRate(q(kSigma), c.value(kSteerRate, t));
}

NhState CarModel::stateFrom(const SE2& g, double psi, double sigma, double psiDot, double sigmaDot) const {
  NhState s;
  s.q.resize(5);
  s.q << g.theta, g.x, g.y, psi, sigma;
  const double v = p_.wheelRadius * psiDot;
  s.qdot.resize(5);
  s.qdot << p_.wheelRadius / p_.wheelbase * sigma * psiDot, v * std::cos(g.theta), v * std::sin(g.theta), psiDot,
      sigmaDot;
  return s;
}

// M-orthogonal projection of the free velocities onto the constraint direction
// d/d psi_dot = (rho sigma / l, rho cos, rho sin, 1, 0).
NVec CarModel::toReduced(double, const NhState& s, const ControlSet&) const {
  NMat S(5, 1);
  const double r = p_.wheelRadius;
  S << r * s.q(kSigma) / p_.wheelbase, r * std::cos(s.q(kTheta)), r * std::sin(s.q(kTheta)), 1.0, 0.0;
  NVec qd = s.qdot;
  qd(kSigma) = 0.0;
  const NVec v = nh::projectVelocity(M_, S, qd);
  NVec y(6);
  y << s.q(0), s.q(1), s.q(2), s.q(3), s.q(4), v(0);
  return y;
}

NhState CarModel::fromReduced(double t, const NVec& y, const ControlSet& c) const {
  return stateFrom({y(0), y(1), y(2)}, y(3), y(4), y(5), steerRate(y(4), c.value(kSteerRate, t)));
}

// (a + b sigma^2) psi_dd + b sigma sigma_dot psi_dot = f_psi (docs/models.md section 4).
void CarModel::reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const {
  const double sigma = y(4), psiDot = y(5);
  const double sd = steerRate(sigma, c.value(kSteerRate, t));
  const double v = p_.wheelRadius * psiDot;
  ydot.resize(6);
  ydot(0) = p_.wheelRadius / p_.wheelbase * sigma * psiDot;
  ydot(1) = v * std::cos(y(0));
  ydot(2) = v * std::sin(y(0));
  ydot(3) = psiDot;
  ydot(4) = sd;
  ydot(5) = (c.value(kDriveTorque, t) - b_ * sigma * sd * psiDot) / (a_ + b_ * sigma * sigma);
}

void CarModel::fixReduced(double, NVec& y, const ControlSet&) const { y(4) = std::clamp(y(4), -sigmaMax_, sigmaMax_); }

double CarModel::momentum(const NhState& s) const {
  return (a_ + b_ * s.q(kSigma) * s.q(kSigma)) * s.qdot(kPsi);
}

// Average body velocity of the step against the constraints at the quadrature point.
double CarModel::stepResidual(const NhState& a, const NhState& b, double h, double alpha) const {
  const Vec3 xi = se2::log(pose(a).inverse() * pose(b)) / h;
  const double u = (b.q(kPsi) - a.q(kPsi)) / h;
  const double sigma = a.q(kSigma) + alpha * (b.q(kSigma) - a.q(kSigma));
  const double r = p_.wheelRadius;
  return std::max({std::abs(xi(2)), std::abs(xi(1) - r * u), std::abs(xi(0) - r / p_.wheelbase * sigma * u)});
}

std::vector<std::string> CarModel::stateColumns() const {
  return {"t", "x", "y", "theta", "omega", "vx", "vy", "psi", "sigma", "psi_dot", "sigma_dot"};
}

void CarModel::stateRow(const NhState& s, std::vector<double>& out) const {
  const Vec3 xi = bodyVelocity(s);
  for (double v : {s.q(kX), s.q(kY), s.q(kTheta), xi(0), xi(1), xi(2), s.q(kPsi), s.q(kSigma), s.qdot(kPsi),
                   s.qdot(kSigma)})
    out.push_back(v);
}

}  // namespace lieride
