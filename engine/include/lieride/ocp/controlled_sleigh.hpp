#pragma once
// The controlled Chaplygin sleigh as a vehicle (type "sleigh-controlled"): the paper's a = 0
// model of Anahory Simoes et al. VI.B (docs/models.md section 8), inputs u1 (force along the
// blade, z2' = u1) and u2 (torque, z1' = u2), state (x, y, theta, z1, z2) with
// x' = cos(theta) z2 / m, y' = sin(theta) z2 / m, theta' = z1 / J.
// The clock, inputs and divergence handling are SimulationCore's.
// Integrators: "retraction-midpoint" (the state half of the paper's midpoint scheme, with the
// inputs sampled at the step midpoint; it replays `lieride optimize` solutions exactly) and
// "rk4". Run CSV (docs/formats.md section 3): t,x,y,theta,omega,vx,vy,energy,momentum,
// constraint,iters,status, then the extras u1,u2 (inputs at t) and phi_d (Eq. (9) of the
// last step).
// Costate mode (`[initial] costate = [p_x, p_y, p_theta, p_1, p_2]`): the inputs are the
// Pontryagin controls u1 = p_2, u2 = p_1 of the costates integrated alongside the state, the
// whole PMP Hamiltonian system stepped by the same scheme (docs/retraction.md); after
// `[initial] costate_until` (s) the inputs are zero. The CSV adds p_x,p_y,p_theta,p_1,p_2,H and
// the snapshot carries them as extras for the app's plots.
#include <array>

#include "lieride/ocp/sleigh_ocp.hpp"
#include "lieride/sim/simulation_core.hpp"

namespace lieride::ocp {

struct SleighRunState {
  std::array<double, 5> q{};        // x, y, theta, z1, z2
  std::array<double, 5> costate{};  // p_x, p_y, p_theta, p_1, p_2 (costate mode)
};

class ControlledSleighSimulation final : public SimulationOf<SleighRunState> {
 public:
  // state = (x, y, theta, z1, z2).
  ControlledSleighSimulation(const SleighOcpParams& p, const std::array<double, 5>& state,
                             const IntegratorSettings& settings);

  std::string vehicleType() const override { return "sleigh-controlled"; }
  static std::vector<std::string> integrators() { return {"retraction-midpoint", "rk4"}; }
  Snapshot snapshot() const override;
  void stateWords(std::vector<double>& words) const override;
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<ControlledSleighSimulation>(*this); }

  const SleighOcpParams& params() const { return p_; }
  double energy() const override { return energyOf(state_); }
  double energyOf(const SleighRunState& s) const;  // 1/2 (z2^2 / m + z1^2 / J)
  // Costate mode: the initial costates (p_x, p_y, p_theta, p_1, p_2) and when the PMP flow ends.
  void setCostates(const std::array<double, 5>& p, double until);
  bool costateMode() const { return pmp_; }
  // The inputs (u1, u2) at t: the [controls], or in costate mode u1 = p_2, u2 = p_1 of s while
  // the PMP flow runs and zero after it.
  std::array<double, 2> inputsAt(const SleighRunState& s, double t) const;
  // The PMP Hamiltonian of s (docs/retraction.md).
  double hamiltonian(const SleighRunState& s) const;
  // The discrete blade constraint (Eq. (9)) of the step that gave rowState(); 0 before a step.
  double phiD() const;

 private:
  StepReport advance(double t, double h) override;
  StepHealth health(bool needEnergy) const override;
  bool conservativeWithoutInputs() const override { return !pmp_; }
  void useIntegrator(const std::string&) override {}
  void stepAccepted() override { havePrev_ = true; }
  std::array<double, 5> rate(const std::array<double, 5>& s, double u1, double u2) const;
  StepReport stepPmp(double h);

  SleighOcpParams p_;
  bool havePrev_ = false;
  bool pmp_ = false;
  double pmpUntil_ = 0.0;
};

}  // namespace lieride::ocp
