// Discretization maps, cotangent lifts and R_{D,d} (Anahory Simoes et al. Definition 4,
// Examples 1-2, Fig. 1-2, Proposition 3; docs/retraction.md).
#include "lieride/ocp/discretization.hpp"

#include <Eigen/LU>

namespace lieride::ocp {

std::pair<PVec, PVec> discretizationMap(double delta, const PVec& x, const PVec& v) {
  return {x - delta * v, x + (1.0 - delta) * v};
}

std::pair<PVec, PVec> cotangentLift(double delta, const PVec& xi, const PVec& dxi) {
  const long d = xi.size() / 2;
  PVec a = xi, b = xi;
  a.head(d) -= delta * dxi.head(d);
  a.tail(d) -= (1.0 - delta) * dxi.tail(d);
  b.head(d) += (1.0 - delta) * dxi.head(d);
  b.tail(d) += delta * dxi.tail(d);
  return {a, b};
}

std::pair<PVec, PVec> cotangentLiftInverse(double delta, const PVec& xi0, const PVec& xi1) {
  const long d = xi0.size() / 2;
  PVec base(xi0.size());
  base.head(d) = (1.0 - delta) * xi0.head(d) + delta * xi1.head(d);
  base.tail(d) = delta * xi0.tail(d) + (1.0 - delta) * xi1.tail(d);
  return {base, xi1 - xi0};
}

namespace {

// P at base point q: the D-coordinates of the G-orthogonal projection of v onto D_q.
PVec projectToD(const AdaptedBasis& basis, const PVec& q, const PVec& v) {
  PMat r, G;
  basis.rho(q, r);
  basis.metric(q, G);
  const PMat gram = r.transpose() * G * r;
  return gram.partialPivLu().solve(r.transpose() * G * v);
}

}  // namespace

std::pair<PVec, PVec> nonholonomicDiscretization(const AdaptedBasis& basis, double delta, const PVec& q,
                                                 const PVec& y, const PVec& qdot, const PVec& ydot) {
  const int n = basis.baseDim(), k = basis.rank();
  PMat r, dr;
  basis.rho(q, r);
  // T i_D: (q, y; qdot, ydot) -> (q, v; qdot, vdot).
  const PVec v = r * y;
  PVec vdot = r * ydot;
  for (int i = 0; i < n; ++i) {
    basis.rhoDerivative(q, i, dr);
    vdot += qdot(i) * (dr * y);
  }
  // R_d^T on TQ, then P x P.
  const PVec q0 = q - delta * qdot, q1 = q + (1.0 - delta) * qdot;
  const PVec v0 = v - delta * vdot, v1 = v + (1.0 - delta) * vdot;
  PVec a(n + k), b(n + k);
  a << q0, projectToD(basis, q0, v0);
  b << q1, projectToD(basis, q1, v1);
  return {a, b};
}

}  // namespace lieride::ocp
