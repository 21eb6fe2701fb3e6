#pragma once
// Simulation of the nonholonomic vehicles (car, snakeboard, sleigh, np-particle):
// a model and an integrator chosen by name; the clock, inputs and divergence handling are
// SimulationCore's. The planar (or np-particle) run CSV of docs/formats.md section 3 is written
// from its accessors by lieride/sim/run_csv.hpp.
#include <memory>
#include <string>
#include <vector>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/sim/period2_monitor.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/simulation_core.hpp"

namespace lieride {

class PlanarSimulation final : public SimulationOf<NhState> {
 public:
  PlanarSimulation(std::unique_ptr<NhModel> model, const IntegratorSettings& settings,
                   const NhIntegratorSettings& nh, const NhState& initial, std::vector<std::string> integrators);
  PlanarSimulation(const PlanarSimulation& other);

  std::string vehicleType() const override { return model_->type(); }
  Snapshot snapshot() const override;
  double power() const override;
  void stateWords(std::vector<double>& words) const override;
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<PlanarSimulation>(*this); }

  const NhModel& model() const { return *model_; }
  double energy() const override { return model().energy(state()); }
  double momentum() const { return model().momentum(state()); }
  double constraintResidual() const { return model().constraintResidual(state()); }
  // Residual of the last step as a discrete motion (0 before the first step).
  double stepConstraint() const;
  // The period-2 diagnostics of the running integrator (docs/nonholonomic.md, Known
  // behaviour): in the constraint residual (nh-reflect's mode) and in the velocities
  // (nh-rattle's, which keeps the constraints). The snapshot reports the larger.
  const Period2Monitor& period2() const { return period2_; }
  const Period2Monitor& period2Velocity() const { return period2Velocity_; }

 private:
  StepReport advance(double t, double h) override;
  StepHealth health(bool needEnergy) const override;
  void useIntegrator(const std::string& name) override;
  void onStart() override;
  void timeStepChanged() override;
  void stepAccepted() override;

  std::unique_ptr<NhModel> model_;
  NhIntegratorSettings nh_;
  std::unique_ptr<NhIntegrator> integrator_;
  bool havePrev_ = false;
  double prevH_ = 0.0;
  // The constraint residual's alternating part also counts when it is large from the start
  // (nh-reflect at h = 0.2 on car-slalom: 10 % of the speed within a second, never 10x its
  // first envelope). The velocities' is left to growth: a smooth motion's tenth difference at
  // a large h is not small.
  Period2Monitor period2_{4, Period2Monitor::kLarge};
  Period2Monitor period2Velocity_{10};
};

}  // namespace lieride
