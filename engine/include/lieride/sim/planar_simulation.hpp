#pragma once
// Simulation of the nonholonomic vehicles (car, snakeboard, sleigh, np-particle):
// a model, an integrator chosen by name, inputs, divergence detection and the planar (or
// np-particle) run CSV of docs/formats.md section 3. Extra CSV columns after `status`:
// `residual` (the step's solver residual) and `step_constraint` (the last step's residual as
// a discrete motion, NhModel::stepResidual).
#include <memory>
#include <string>
#include <vector>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/sim/divergence.hpp"
#include "lieride/sim/period2_monitor.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

class PlanarSimulation final : public Simulation {
 public:
  PlanarSimulation(std::unique_ptr<NhModel> model, const IntegratorSettings& settings,
                   const NhIntegratorSettings& nh, const NhState& initial, std::vector<std::string> integrators);
  PlanarSimulation(const PlanarSimulation& other);

  std::string vehicleType() const override { return model_->type(); }
  std::string integratorName() const override { return name_; }
  std::vector<std::string> applicableIntegrators() const override { return integrators_; }
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
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<PlanarSimulation>(*this); }

  void start() override;
  const NhModel& model() const { return *model_; }
  const NhState& state() const { return state_; }
  double energy() const { return model().energy(state()); }
  double momentum() const { return model().momentum(state()); }
  double constraintResidual() const { return model().constraintResidual(state()); }
  // Residual of the last step as a discrete motion (0 before the first step).
  double stepConstraint() const;
  const StepReport& lastReport() const { return last_; }
  // The period-2 diagnostic of the running integrator (docs/nonholonomic.md, Known behaviour).
  const Period2Monitor& period2() const { return period2_; }

 private:
  std::unique_ptr<NhModel> model_;
  NhIntegratorSettings nh_;
  std::vector<std::string> integrators_;
  std::string name_;
  std::unique_ptr<NhIntegrator> integrator_;
  ControlSet controls_;
  NhState state_;
  NhState prev_;
  // The step that failed the divergence check, for the run CSV's diverged row (its state and
  // time, docs/formats.md section 3); the simulation itself stays at the last good step.
  NhState failed_;
  double failedT_ = 0.0;
  bool havePrev_ = false;
  double prevH_ = 0.0;
  double t_ = 0.0, h_ = 0.01, tBase_ = 0.0;
  long stepsSinceBase_ = 0;
  DivergenceMonitor monitor_;
  Period2Monitor period2_;
  bool started_ = false;
  RunStatus status_ = RunStatus::Ok;
  std::string message_;
  StepReport last_;
};

}  // namespace lieride
