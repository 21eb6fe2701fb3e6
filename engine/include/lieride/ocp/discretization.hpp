#pragma once
// Discretization maps and their cotangent lifts (Anahory Simoes et al., Definition 4,
// Example 1-2, Fig. 1), and the nonholonomic discretization map R_{D,d} = (P x P) o R_d o T i_D
// of their Fig. 2 / Proposition 3 (docs/retraction.md).
#include <utility>

#include "lieride/ocp/pmp_system.hpp"

namespace lieride::ocp {

// R_d(x, v) = (x - delta v, x + (1 - delta) v) on R^d (delta in [0, 1]; delta = 1/2 is the
// midpoint map of Example 1).
std::pair<PVec, PVec> discretizationMap(double delta, const PVec& x, const PVec& v);

// Its cotangent lift on T*R^d:
//   R_d^{T*}(x, p, xdot, pdot) = (x - delta xdot, p - (1 - delta) pdot;
//                                 x + (1 - delta) xdot, p + delta pdot)
// (Example 2 for delta = 1/2). xi = (x, p), dxi = (xdot, pdot).
std::pair<PVec, PVec> cotangentLift(double delta, const PVec& xi, const PVec& dxi);
// Its inverse: the base point (x, p) = ((1 - delta) x0 + delta x1, delta p0 + (1 - delta) p1)
// and the tangent dxi = xi1 - xi0 of the pair (xi0, xi1).
std::pair<PVec, PVec> cotangentLiftInverse(double delta, const PVec& xi0, const PVec& xi1);

// R_{D,d}: a tangent vector (qdot, ydot) at the point (q, y) of D, with D's adapted basis, maps
// to two points of D: T i_D gives (q, v = rho(q) y; qdot, vdot = (d rho/dq . qdot) y + rho ydot),
// R_d^T = (q - delta qdot, v - delta vdot; q + (1 - delta) qdot, v + (1 - delta) vdot),
// and P projects each velocity G-orthogonally onto D at its base point:
// y' = (rho^T G rho)^{-1} rho^T G v. Returns ((q0, y0), (q1, y1)) each stacked as (q, y).
std::pair<PVec, PVec> nonholonomicDiscretization(const AdaptedBasis& basis, double delta, const PVec& q,
                                                 const PVec& y, const PVec& qdot, const PVec& ydot);

}  // namespace lieride::ocp
