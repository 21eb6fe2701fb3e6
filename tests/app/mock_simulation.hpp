#pragma once
// A one-dimensional oscillator behind the Simulation interface, so the physics-thread tests
// need no particular vehicle. x'' = -x; "symplectic-euler" stays bounded for h < 2,
// "euler" gains energy by (1 + h^2) per step and is reported diverged beyond |x| = 1e6.
#include "lieride/sim/simulation.hpp"

namespace lieride::test {

class OscillatorSimulation final : public Simulation {
 public:
  explicit OscillatorSimulation(double h = 0.001);
  std::string vehicleType() const override { return "oscillator"; }
  std::string integratorName() const override { return integrator_; }
  std::vector<std::string> applicableIntegrators() const override { return {"symplectic-euler", "euler"}; }
  void setIntegrator(const std::string& name) override;
  double timeStep() const override { return h_; }
  void setTimeStep(double h) override;
  double time() const override { return t_; }
  RunStatus status() const override { return status_; }
  std::string statusMessage() const override { return status_ == RunStatus::Ok ? "" : "diverged"; }
  StepReport step() override;
  ControlSet& controls() override { return controls_; }
  const ControlSet& controls() const override { return controls_; }
  void stateWords(std::vector<double>& words) const override { words.insert(words.end(), {t_, x_, v_}); }
  Snapshot snapshot() const override;
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<OscillatorSimulation>(*this); }

  double x() const { return x_; }
  long steps() const { return steps_; }

 private:
  std::string integrator_ = "symplectic-euler";
  ControlSet controls_{std::vector<std::string>{"force"}};
  double h_, t_ = 0, x_ = 1, v_ = 0;
  long steps_ = 0;
  RunStatus status_ = RunStatus::Ok;
};

}  // namespace lieride::test
