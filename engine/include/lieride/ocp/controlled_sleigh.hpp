#pragma once
// The controlled Chaplygin sleigh as a vehicle (type "sleigh-controlled"): the paper's a = 0
// model of Anahory Simoes et al. VI.B (docs/models.md section 8), inputs u1 (force along the
// blade, z2' = u1) and u2 (torque, z1' = u2), state (x, y, theta, z1, z2) with
// x' = cos(theta) z2 / m, y' = sin(theta) z2 / m, theta' = z1 / J.
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
#include "lieride/sim/simulation.hpp"

namespace lieride::ocp {

class ControlledSleighSimulation final : public Simulation {
 public:
  // state = (x, y, theta, z1, z2).
  ControlledSleighSimulation(const SleighOcpParams& p, const std::array<double, 5>& state, const std::string& integrator,
                             double h, double divergeSpeed);

  std::string vehicleType() const override { return "sleigh-controlled"; }
  std::string integratorName() const override { return integrator_; }
  std::vector<std::string> applicableIntegrators() const override { return integrators(); }
  static std::vector<std::string> integrators() { return {"retraction-midpoint", "rk4"}; }
  void setIntegrator(const std::string& name) override;
  double timeStep() const override { return h_; }
  void setTimeStep(double h) override;
  double time() const override { return t_; }
  RunStatus status() const override { return status_; }
  std::string statusMessage() const override { return message_; }
  StepReport step() override;
  ControlSet& controls() override { return controls_; }
  const ControlSet& controls() const override { return controls_; }
  std::vector<std::string> csvColumns() const override;
  void csvRow(std::vector<double>& values) const override;
  Snapshot snapshot() const override;
  void stateWords(std::vector<double>& words) const override;
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<ControlledSleighSimulation>(*this); }

  const std::array<double, 5>& state() const { return s_; }
  const SleighOcpParams& params() const { return p_; }
  double energy() const;  // 1/2 (z2^2 / m + z1^2 / J)
  // Costate mode: the initial costates (p_x, p_y, p_theta, p_1, p_2) and when the PMP flow ends.
  void setCostates(const std::array<double, 5>& p, double until);

 private:
  std::array<double, 5> rate(const std::array<double, 5>& s, double u1, double u2) const;
  StepReport stepPmp(double tNext);
  double phiD() const;

  SleighOcpParams p_;
  std::array<double, 5> s_, prev_;
  std::string integrator_;
  ControlSet controls_{std::vector<std::string>{"u1", "u2"}};
  double t_ = 0.0, h_, tBase_ = 0.0, divergeSpeed_;
  long stepsSinceBase_ = 0;
  bool havePrev_ = false;
  bool pmp_ = false;
  StepReport last_;  // the last step's Newton report (costate mode)
  std::array<double, 5> costate_{};
  double pmpUntil_ = 0.0;
  RunStatus status_ = RunStatus::Ok;
  std::string message_;
};

}  // namespace lieride::ocp
