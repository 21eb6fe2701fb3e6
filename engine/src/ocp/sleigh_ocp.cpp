// The controlled Chaplygin sleigh of Anahory Simoes et al. section VI (docs/models.md section 8).
#include "lieride/ocp/sleigh_ocp.hpp"

#include <cmath>

namespace lieride::ocp {

// Columns: A = 1 (z1) is X1 = (0, 0, 1/J); A = 2 (z2) is X2 = (cos/m, sin/m, 0).
void SleighBasis::rho(const PVec& q, PMat& r) const {
  const double c = std::cos(q(2)), s = std::sin(q(2));
  r = PMat::Zero(3, 2);
  r(2, 0) = 1.0 / p_.inertia;
  r(0, 1) = c / p_.mass;
  r(1, 1) = s / p_.mass;
}

void SleighBasis::rhoDerivative(const PVec& q, int i, PMat& dr) const {
  dr = PMat::Zero(3, 2);
  if (i != 2) return;
  dr(0, 1) = -std::sin(q(2)) / p_.mass;
  dr(1, 1) = std::cos(q(2)) / p_.mass;
}

void SleighBasis::rhoSecondDerivative(const PVec& q, int i, int l, PMat& ddr) const {
  ddr = PMat::Zero(3, 2);
  if (i != 2 || l != 2) return;
  ddr(0, 1) = -std::cos(q(2)) / p_.mass;
  ddr(1, 1) = -std::sin(q(2)) / p_.mass;
}

void SleighBasis::metric(const PVec&, PMat& G) const {
  G = PMat::Zero(3, 3);
  G(0, 0) = G(1, 1) = p_.mass;
  G(2, 2) = p_.inertia;
}

// H = 1/2 (p_1^2 + p_2^2) + p_theta z1 / J + (p_x cos(theta) + p_y sin(theta)) z2 / m.
double SleighPmp::hamiltonian(const PVec& xi) const {
  const double c = std::cos(xi(kTheta)), s = std::sin(xi(kTheta));
  return 0.5 * (xi(kP1) * xi(kP1) + xi(kP2) * xi(kP2)) + xi(kPtheta) * xi(kZ1) / p_.inertia +
         (xi(kPx) * c + xi(kPy) * s) * xi(kZ2) / p_.mass;
}

void SleighPmp::gradient(const PVec& xi, PVec& g) const {
  const double c = std::cos(xi(kTheta)), s = std::sin(xi(kTheta)), m = p_.mass, J = p_.inertia;
  g = PVec::Zero(10);
  g(kTheta) = (-xi(kPx) * s + xi(kPy) * c) * xi(kZ2) / m;
  g(kZ1) = xi(kPtheta) / J;
  g(kZ2) = (xi(kPx) * c + xi(kPy) * s) / m;
  g(kPx) = c * xi(kZ2) / m;
  g(kPy) = s * xi(kZ2) / m;
  g(kPtheta) = xi(kZ1) / J;
  g(kP1) = xi(kP1);
  g(kP2) = xi(kP2);
}

void SleighPmp::hessian(const PVec& xi, PMat& hess) const {
  const double c = std::cos(xi(kTheta)), s = std::sin(xi(kTheta)), m = p_.mass, J = p_.inertia;
  hess = PMat::Zero(10, 10);
  auto set = [&](int i, int j, double v) { hess(i, j) = hess(j, i) = v; };
  set(kTheta, kTheta, -(xi(kPx) * c + xi(kPy) * s) * xi(kZ2) / m);
  set(kTheta, kZ2, (-xi(kPx) * s + xi(kPy) * c) / m);
  set(kTheta, kPx, -s * xi(kZ2) / m);
  set(kTheta, kPy, c * xi(kZ2) / m);
  set(kZ1, kPtheta, 1.0 / J);
  set(kZ2, kPx, c / m);
  set(kZ2, kPy, s / m);
  set(kP1, kP1, 1.0);
  set(kP2, kP2, 1.0);
}

PVec paperInitialState() {
  PVec xi(10);
  xi << 1.0, 1.0, M_PI, 0.05, 0.05, 0.0, 1.0, 0.0, 0.0, 0.0;
  return xi;
}

double discreteConstraint(const PVec& a, const PVec& b) {
  const double th = 0.5 * (a(kTheta) + b(kTheta));
  return (b(kX) - a(kX)) * std::sin(th) - (b(kY) - a(kY)) * std::cos(th);
}

SleighControls sleighControls(const PVec& xi) { return {xi(kP2), xi(kP1)}; }

}  // namespace lieride::ocp
