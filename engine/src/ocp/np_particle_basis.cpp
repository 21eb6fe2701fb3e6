// Adapted basis of the nonholonomic particle (Ferraro et al. Example 1): e1 = (1, 0, y), e2 = (0, 1, 0).
#include "lieride/ocp/np_particle_basis.hpp"

namespace lieride::ocp {

void NpParticleBasis::rho(const PVec& q, PMat& r) const {
  r = PMat::Zero(3, 2);
  r(0, 0) = 1.0;
  r(2, 0) = q(1);
  r(1, 1) = 1.0;
}

void NpParticleBasis::rhoDerivative(const PVec&, int i, PMat& dr) const {
  dr = PMat::Zero(3, 2);
  if (i == 1) dr(2, 0) = 1.0;
}

void NpParticleBasis::rhoSecondDerivative(const PVec&, int, int, PMat& ddr) const { ddr = PMat::Zero(3, 2); }

void NpParticleBasis::metric(const PVec&, PMat& G) const { G = PMat::Identity(3, 3); }

}  // namespace lieride::ocp
