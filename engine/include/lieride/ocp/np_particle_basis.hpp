#pragma once
// The adapted basis of the nonholonomic particle (Ferraro et al. Example 1, vehicle np-particle):
// Q = R^3 with q = (x, y, z), constraint z' = y x', D spanned by e1 = d/dx + y d/dz and
// e2 = d/dy, Euclidean metric. With AdaptedBasisPmp it gives the fully actuated OCP
// y' = u, cost 1/2 |u|^2 on this distribution: a second system for the generic schemes.
#include "lieride/ocp/pmp_system.hpp"

namespace lieride::ocp {

class NpParticleBasis final : public AdaptedBasis {
 public:
  int baseDim() const override { return 3; }
  int rank() const override { return 2; }
  void rho(const PVec& q, PMat& r) const override;
  void rhoDerivative(const PVec& q, int i, PMat& dr) const override;
  void rhoSecondDerivative(const PVec& q, int i, int l, PMat& ddr) const override;
  void metric(const PVec& q, PMat& G) const override;
};

}  // namespace lieride::ocp
