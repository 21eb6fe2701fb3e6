#pragma once
// Integrators for the PMP Hamiltonian system (Anahory Simoes et al., sections V-VI;
// docs/retraction.md): the symplectic schemes of Proposition 2 built on the cotangent lift of
// R_d with parameter delta (delta = 1/2: the paper's retraction midpoint scheme of VI.C),
// compositions (Stormer-Verlet = delta 0 then delta 1, and its position form delta 1 then
// delta 0; a 4th-order triple jump of the midpoint scheme), and the paper's comparison methods RK2, RK4 and the 2-stage Gauss-Legendre RK.
#include <stdexcept>
#include <string>
#include <vector>

#include "lieride/ocp/pmp_system.hpp"

namespace lieride::ocp {

enum class OcpMethod {
  RetractionMidpoint,  // delta = 1/2, order 2, symplectic
  StormerVerlet,       // delta = 0 (h/2) then delta = 1 (h/2), order 2, symplectic (momentum half steps)
  StormerVerletPosition,  // delta = 1 (h/2) then delta = 0 (h/2): R_0 o R_1 (position half steps)
  TripleJump,          // Yoshida/Suzuki triple jump of the midpoint scheme, order 4, symplectic
  Rk2,                 // explicit midpoint RK, order 2
  Rk4,                 // classical RK, order 4
  GaussLegendre2,      // 2-stage Gauss-Legendre RK, order 4, symplectic
};

const std::vector<OcpMethod>& allOcpMethods();
std::string methodName(OcpMethod m);   // e.g. "retraction-midpoint"
bool methodIsSymplectic(OcpMethod m);  // and implicit: the ones with an analytic step Jacobian
int methodOrder(OcpMethod m);

// Newton settings for the implicit schemes: converged when the residual's max-norm is below
// tolerance * (1 + |xi0|_inf).
struct NewtonSettings {
  double tolerance = 1e-14;
  int maxIterations = 20;
};

// What one step's Newton solves did (summed over the sub-steps of a composition).
struct OcpStepReport {
  int iterations = 0;
  double residual = 0.0;  // largest final residual (max-norm) of any sub-step
  bool converged = true;
};

// One step xi0 -> xi1 of size h. If jacobian is not null the step's Jacobian d xi1 / d xi0 is
// returned too (implicit symplectic methods only: the implicit function theorem on the Newton
// system; std::invalid_argument for the explicit RK methods).
OcpStepReport ocpStep(const HamiltonianSystem& sys, OcpMethod m, double h, const PVec& xi0, PVec& xi1,
                      PMat* jacobian = nullptr, const NewtonSettings& newton = {});

// The symplectic scheme of Proposition 2 for the cotangent lift of R_d with parameter delta:
//   xi1 - xi0 = h X_H(x_b, p_b),  x_b = (1 - delta) x0 + delta x1,  p_b = delta p0 + (1 - delta) p1.
OcpStepReport deltaStep(const HamiltonianSystem& sys, double delta, double h, const PVec& xi0, PVec& xi1,
                        PMat* jacobian = nullptr, const NewtonSettings& newton = {});

// Thrown by integrate() when a Newton solve does not converge.
class NewtonFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// n steps from xi0; returns the n + 1 states. Throws NewtonFailure naming the step.
std::vector<PVec> integrate(const HamiltonianSystem& sys, OcpMethod m, double h, long n, const PVec& xi0,
                            OcpStepReport* total = nullptr);

}  // namespace lieride::ocp
