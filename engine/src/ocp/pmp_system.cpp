// The PMP Hamiltonian of a fully actuated nonholonomic OCP in adapted coordinates
// (Anahory Simoes et al. Eq. (6) with the cost (8); docs/retraction.md).
#include "lieride/ocp/pmp_system.hpp"

namespace lieride::ocp {

void HamiltonianSystem::vectorField(const PVec& xi, PVec& f) const {
  const int d = configDim();
  PVec g;
  gradient(xi, g);
  f.resize(2 * d);
  f.head(d) = g.tail(d);
  f.tail(d) = -g.head(d);
}

void HamiltonianSystem::vectorFieldJacobian(const PVec& xi, PMat& df) const {
  const int d = configDim();
  PMat hess;
  hessian(xi, hess);
  df.resize(2 * d, 2 * d);
  df.topRows(d) = hess.bottomRows(d);
  df.bottomRows(d) = -hess.topRows(d);
}

double AdaptedBasisPmp::hamiltonian(const PVec& xi) const {
  const int n = basis_.baseDim(), k = basis_.rank(), d = n + k;
  PMat r;
  basis_.rho(xi.head(n), r);
  const PVec py = xi.segment(d + n, k);
  return 0.5 * py.squaredNorm() + xi.segment(d, n).dot(r * xi.segment(n, k));
}

void AdaptedBasisPmp::gradient(const PVec& xi, PVec& g) const {
  const int n = basis_.baseDim(), k = basis_.rank(), d = n + k;
  const PVec q = xi.head(n), y = xi.segment(n, k), pq = xi.segment(d, n), py = xi.segment(d + n, k);
  PMat r, dr;
  basis_.rho(q, r);
  g.resize(2 * d);
  for (int i = 0; i < n; ++i) {
    basis_.rhoDerivative(q, i, dr);
    g(i) = pq.dot(dr * y);  // dH/dq^i = p_j (d rho_A^j / dq^i) y^A
  }
  g.segment(n, k) = r.transpose() * pq;  // dH/dy^A = p_j rho_A^j
  g.segment(d, n) = r * y;               // dH/dp_j = rho_A^j y^A
  g.segment(d + n, k) = py;              // dH/dp_A = p_A
}

void AdaptedBasisPmp::hessian(const PVec& xi, PMat& hess) const {
  const int n = basis_.baseDim(), k = basis_.rank(), d = n + k;
  const PVec q = xi.head(n), y = xi.segment(n, k), pq = xi.segment(d, n);
  PMat r, dr, ddr;
  basis_.rho(q, r);
  hess = PMat::Zero(2 * d, 2 * d);
  for (int i = 0; i < n; ++i) {
    basis_.rhoDerivative(q, i, dr);
    for (int l = 0; l < n; ++l) {
      basis_.rhoSecondDerivative(q, i, l, ddr);
      hess(i, l) = pq.dot(ddr * y);
    }
    const PVec qy = dr.transpose() * pq;  // d2H / dq^i dy^A
    const PVec qp = dr * y;               // d2H / dq^i dp_j
    for (int a = 0; a < k; ++a) hess(i, n + a) = hess(n + a, i) = qy(a);
    for (int j = 0; j < n; ++j) hess(i, d + j) = hess(d + j, i) = qp(j);
  }
  for (int a = 0; a < k; ++a) {
    for (int j = 0; j < n; ++j) hess(n + a, d + j) = hess(d + j, n + a) = r(j, a);  // d2H / dy^A dp_j
    hess(d + n + a, d + n + a) = 1.0;                                                // d2H / dp_A^2
  }
}

PVec AdaptedBasisPmp::controls(const PVec& xi) const {
  const int n = basis_.baseDim(), k = basis_.rank();
  return xi.segment(2 * n + k, k);
}

}  // namespace lieride::ocp
