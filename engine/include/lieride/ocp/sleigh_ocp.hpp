#pragma once
// The controlled Chaplygin sleigh of Anahory Simoes et al., section VI (docs/models.md section 8):
// q = (x, y, theta), adapted basis X1 = (1/J) d/dtheta, X2 = (cos(theta)/m) d/dx +
// (sin(theta)/m) d/dy, D-coordinates (z1, z2) with v = z1 X1 + z2 X2, controlled equations
// z1' = u2 (torque), z2' = u1 (force): the paper's a = 0 model.
#include "lieride/ocp/pmp_system.hpp"

namespace lieride::ocp {

struct SleighOcpParams {
  double mass = 1.0;     // m
  double inertia = 1.0;  // J
};

class SleighBasis final : public AdaptedBasis {
 public:
  explicit SleighBasis(const SleighOcpParams& p = {}) : p_(p) {}
  const SleighOcpParams& params() const { return p_; }
  int baseDim() const override { return 3; }
  int rank() const override { return 2; }
  void rho(const PVec& q, PMat& r) const override;
  void rhoDerivative(const PVec& q, int i, PMat& dr) const override;
  void rhoSecondDerivative(const PVec& q, int i, int l, PMat& ddr) const override;
  void metric(const PVec& q, PMat& G) const override;  // diag(m, m, J)

 private:
  SleighOcpParams p_;
};

// The same PMP system as AdaptedBasisPmp(SleighBasis), written out (the paper's H of VI.B and
// its derivatives in closed form): the fast path for the solver and the benchmark.
class SleighPmp final : public HamiltonianSystem {
 public:
  explicit SleighPmp(const SleighOcpParams& p = {}) : p_(p) {}
  const SleighOcpParams& params() const { return p_; }
  int configDim() const override { return 5; }
  double hamiltonian(const PVec& xi) const override;
  void gradient(const PVec& xi, PVec& g) const override;
  void hessian(const PVec& xi, PMat& Hxx) const override;

 private:
  SleighOcpParams p_;
};

// Indices into xi = (x, y, theta, z1, z2, p_x, p_y, p_theta, p_1, p_2).
enum SleighIndex { kX = 0, kY, kTheta, kZ1, kZ2, kPx, kPy, kPtheta, kP1, kP2 };

// The paper's run: (1, 1, pi, 0.05, 0.05, 0, 1, 0, 0, 0), T = 20, h = 0.005.
PVec paperInitialState();
// Eq. (9): phi_d = (x1 - x0) sin(theta_mid) - (y1 - y0) cos(theta_mid).
double discreteConstraint(const PVec& a, const PVec& b);
// The paper's control names from the costates: u1 = z2' = p_2 (force), u2 = z1' = p_1 (torque).
struct SleighControls {
  double u1 = 0.0, u2 = 0.0;
};
SleighControls sleighControls(const PVec& xi);

}  // namespace lieride::ocp
