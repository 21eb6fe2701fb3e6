// Snakeboard, docs/models.md section 5. See the header for the derived connection and momentum.
#include "lieride/model/snakeboard.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

SnakeboardModel::SnakeboardModel(const SnakeboardParams& p) : p_(p) {
  const double ml2 = p.mass * p.halfWheelbase * p.halfWheelbase;
  M_ = NMat::Zero(5, 5);
  M_(kTheta, kTheta) = ml2;
  M_(kX, kX) = p.mass;
  M_(kY, kY) = p.mass;
  M_(kTheta, kPsi) = M_(kPsi, kTheta) = p.rotorInertia;
  M_(kPsi, kPsi) = p.rotorInertia;
  M_(kPhi, kPhi) = 2.0 * p.axleInertia;
}

void SnakeboardModel::constraints(const NVec& q, NMat& mu) const {
  const double th = q(kTheta), phi = q(kPhi), lc = p_.halfWheelbase * std::cos(phi);
  mu = NMat::Zero(2, 5);
  mu(0, kX) = -std::sin(th + phi);
  mu(0, kY) = std::cos(th + phi);
  mu(0, kTheta) = -lc;
  mu(1, kX) = -std::sin(th - phi);
  mu(1, kY) = std::cos(th - phi);
  mu(1, kTheta) = lc;
}

void SnakeboardModel::force(const NVec&, const InputVec& inputs, NVec& F) const {
  F.setZero(5);
  if (prescribedShape_) return;
  F(kPsi) = inputs(kRotorTorque);
  F(kPhi) = inputs(kSteerTorque);
}

void SnakeboardModel::configure(const ControlSet& c) {
  prescribedShape_ = !(c.signal(kPsiSignal).identicallyZero() && c.signal(kPhiSignal).identicallyZero());
}

void SnakeboardModel::advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const {
  if (!prescribedShape_) return;
  const double t1 = t0 + h;
  s.q(kPsi) = c.value(kPsiSignal, t1);
  s.q(kPhi) = c.value(kPhiSignal, t1);
  s.qdot(kPsi) = c.signal(kPsiSignal).rate(t1);
  s.qdot(kPhi) = c.signal(kPhiSignal).rate(t1);
}

void SnakeboardModel::prescribedRates(double t, const NVec&, const ControlSet& c, NVec& qdot) const {
  if (!prescribedShape_) return;
  qdot(kPsi) = c.signal(kPsiSignal).rate(t);
  qdot(kPhi) = c.signal(kPhiSignal).rate(t);
}

double SnakeboardModel::speedFromMomentum(double phi, double psiDot, double p) const {
  return (p_.rotorInertia * std::sin(2.0 * phi) * psiDot - p) / (2.0 * p_.mass * p_.halfWheelbase);
}

double SnakeboardModel::momentumFrom(double phi, double psiDot, double w) const {
  return -2.0 * p_.mass * p_.halfWheelbase * w + p_.rotorInertia * std::sin(2.0 * phi) * psiDot;
}

NhState SnakeboardModel::stateFrom(const SE2& g, double psi, double phi, double psiDot, double phiDot,
                                   double p) const {
  const double w = speedFromMomentum(phi, psiDot, p);
  NhState s;
  s.q.resize(5);
  s.q << g.theta, g.x, g.y, psi, phi;
  s.qdot.resize(5);
  s.qdot << -std::tan(phi) / p_.halfWheelbase * w, w * std::cos(g.theta), w * std::sin(g.theta), psiDot, phiDot;
  return s;
}

NVec SnakeboardModel::toReduced(double t, const NhState& s, const ControlSet& c) const {
  const double th = s.q(kTheta), phi = s.q(kPhi);
  NVec qd = s.qdot;
  NVec q = s.q;
  if (prescribedShape_) {
    q(kPsi) = c.value(kPsiSignal, t);
    q(kPhi) = c.value(kPhiSignal, t);
    prescribedRates(t, q, c, qd);
  }
  NMat S = NMat::Zero(5, prescribedShape_ ? 1 : 3);
  S(kTheta, 0) = -std::tan(phi) / p_.halfWheelbase;
  S(kX, 0) = std::cos(th);
  S(kY, 0) = std::sin(th);
  double w, psiDot = qd(kPsi), phiDot = qd(kPhi);
  if (prescribedShape_) {
    NVec free = qd;
    free(kPsi) = 0.0;
    free(kPhi) = 0.0;
    // M-orthogonal projection of the free velocities onto the rolling direction.
    const NVec Sv = S.col(0);
    w = Sv.dot(M_ * free) / Sv.dot(M_ * Sv);
  } else {
    S(kPsi, 1) = 1.0;
    S(kPhi, 2) = 1.0;
    const NVec v = nh::projectVelocity(M_, S, qd);
    w = v(0);
    psiDot = v(1);
    phiDot = v(2);
  }
  NVec y(8);
  y << th, s.q(kX), s.q(kY), q(kPsi), phi, psiDot, phiDot, momentumFrom(phi, psiDot, w);
  return y;
}

NhState SnakeboardModel::fromReduced(double, const NVec& y, const ControlSet&) const {
  return stateFrom({y(0), y(1), y(2)}, y(3), y(4), y(5), y(6), y(7));
}

void SnakeboardModel::reducedRate(double t, const NVec& y0, const ControlSet& c, NVec& ydot) const {
  NVec y = y0;
  if (prescribedShape_) {
    y(3) = c.value(kPsiSignal, t);
    y(4) = c.value(kPhiSignal, t);
    y(5) = c.signal(kPsiSignal).rate(t);
    y(6) = c.signal(kPhiSignal).rate(t);
  }
  const double th = y(0), phi = y(4), psiDot = y(5), phiDot = y(6), p = y(7);
  const double m = p_.mass, l = p_.halfWheelbase, Jr = p_.rotorInertia, ml2 = m * l * l;
  const double tn = std::tan(phi), c2 = std::cos(phi) * std::cos(phi), s2p = std::sin(2.0 * phi);
  const double w = speedFromMomentum(phi, psiDot, p);
  const double pDot = -tn * phiDot * p + 2.0 * Jr * c2 * phiDot * psiDot;
  ydot.resize(8);
  ydot(0) = -tn / l * w;
  ydot(1) = w * std::cos(th);
  ydot(2) = w * std::sin(th);
  ydot(3) = psiDot;
  ydot(4) = phiDot;
  ydot(7) = pDot;
  if (prescribedShape_) {
    ydot(5) = 0.0;
    ydot(6) = 0.0;
    return;
  }
  // omega = f(phi) (p - J_r sin(2 phi) psi_dot), f = tan(phi)/(2 m l^2); J_r(omega_dot + psi_dd) = tau.
  const double f = tn / (2.0 * ml2), fp = 1.0 / (2.0 * ml2 * c2);
  const double tauPsi = c.value(kRotorTorque, t), tauPhi = c.value(kSteerTorque, t);
  const double rest = fp * phiDot * (p - Jr * s2p * psiDot) + f * (pDot - 2.0 * Jr * std::cos(2.0 * phi) * phiDot * psiDot);
  ydot(5) = (tauPsi / Jr - rest) / (1.0 - f * Jr * s2p);
  ydot(6) = tauPhi / (2.0 * p_.axleInertia);
}

void SnakeboardModel::fixReduced(double t, NVec& y, const ControlSet& c) const {
  if (!prescribedShape_) return;
  y(3) = c.value(kPsiSignal, t);
  y(4) = c.value(kPhiSignal, t);
  y(5) = c.signal(kPsiSignal).rate(t);
  y(6) = c.signal(kPhiSignal).rate(t);
}

// Ostrowski Eq. 49 (docs/models.md): p = -2 m l cos^2(phi) vx + (m l^2 omega + J_r psi_dot) sin(2 phi).
double SnakeboardModel::momentum(const NhState& s) const {
  const Vec3 xi = bodyVelocity(s);
  const double phi = s.q(kPhi), l = p_.halfWheelbase, m = p_.mass;
  return -2.0 * m * l * std::cos(phi) * std::cos(phi) * xi(1) +
         (m * l * l * xi(0) + p_.rotorInertia * s.qdot(kPsi)) * std::sin(2.0 * phi);
}

double SnakeboardModel::stepResidual(const NhState& a, const NhState& b, double h, double alpha) const {
  const Vec3 xi = se2::log(pose(a).inverse() * pose(b)) / h;
  const double phi = a.q(kPhi) + alpha * (b.q(kPhi) - a.q(kPhi));
  const double sp = std::sin(phi), cp = std::cos(phi), l = p_.halfWheelbase;
  const double back = -sp * xi(1) + cp * xi(2) - l * cp * xi(0);
  const double front = sp * xi(1) + cp * xi(2) + l * cp * xi(0);
  return std::max(std::abs(back), std::abs(front));
}

std::vector<std::string> SnakeboardModel::stateColumns() const {
  return {"t", "x", "y", "theta", "omega", "vx", "vy", "psi", "phi", "psi_dot", "phi_dot"};
}

void SnakeboardModel::stateRow(const NhState& s, std::vector<double>& out) const {
  const Vec3 xi = bodyVelocity(s);
  for (double v : {s.q(kX), s.q(kY), s.q(kTheta), xi(0), xi(1), xi(2), s.q(kPsi), s.q(kPhi), s.qdot(kPsi),
                   s.qdot(kPhi)})
    out.push_back(v);
}

}  // namespace lieride
