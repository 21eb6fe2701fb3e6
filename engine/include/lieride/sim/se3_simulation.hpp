#pragma once
// Simulation of any SE(3) vehicle (rigid body, helicopter, boat): a force model, the
// integrator chosen by name, inputs, divergence detection and the 3-D run CSV.
#include <memory>
#include <string>

#include "lieride/integrate/se3_integrator.hpp"
#include "lieride/sim/divergence.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

struct Se3VehicleSpec {
  std::string type;
  Se3Inertia inertia;
  std::shared_ptr<const Se3ForceModel> forces;  // immutable, shared between clones
  std::vector<std::string> channels;
  std::vector<std::string> integrators;  // applicable names (default: all SE(3) integrators)
};

class Se3Simulation final : public Simulation {
 public:
  Se3Simulation(Se3VehicleSpec spec, const IntegratorSettings& settings, const Se3State& initial);
  Se3Simulation(const Se3Simulation& other);

  std::string vehicleType() const override { return spec_.type; }
  std::string integratorName() const override { return integrator_->name(); }
  std::vector<std::string> applicableIntegrators() const override { return spec_.integrators; }
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
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<Se3Simulation>(*this); }

  const Se3State& state() const { return state_; }
  const Se3Inertia& inertia() const { return spec_.inertia; }
  const Se3ForceModel& forceModel() const { return *spec_.forces; }
  // The state at t: body velocity I^{-1} mu (for a variational integrator the discrete Legendre
  // transform of its momentum, docs/integrators.md) and its energy. The run CSV's wx..vz and
  // energy columns and the app's snapshots both report these.
  Vec6 velocity() const { return spec_.inertia.velocity(state_.mu); }
  double energy() const { return energyOf(state_, velocity()); }
  // The discrete velocity of the coming step (the CSV's extra xi_* columns): the average
  // velocity xi_k over [t, t + h] for the variational integrators, else velocity()
  // (see Se3Integrator::discreteVelocity).
  Vec6 discreteVelocity() const;
  Vec3 spatialLinearMomentum() const;
  Vec3 spatialAngularMomentum() const;

 private:
  double energyOf(const Se3State& s, const Vec6& xi) const;
  double powerOf(const Se3State& s, const Vec6& xi, double t, const InputVec& u) const;
  Se3Dynamics dynamics() const { return {spec_.inertia, spec_.forces.get(), &controls_}; }

  Se3VehicleSpec spec_;
  SolverSettings solver_;
  std::unique_ptr<Se3Integrator> integrator_;
  ControlSet controls_;
  Se3State state_, lastGood_;
  // The step that failed the divergence check, for the run CSV's diverged row (its state and
  // time, docs/formats.md section 3); the simulation itself stays at lastGood_.
  Se3State failed_;
  double failedT_ = 0.0;
  double t_ = 0.0, h_ = 0.01;
  double tBase_ = 0.0;   // t = tBase_ + stepsSinceBase_ * h (exact sample times)
  long stepsSinceBase_ = 0;
  DivergenceMonitor monitor_;
  bool monitorArmed_ = false;
  RunStatus status_ = RunStatus::Ok;
  std::string message_;
  StepReport last_;
};

// Reads [initial] position, orientation (w,x,y,z), angular_velocity, linear_velocity.
Se3State readSe3Initial(TableReader& initial, const Se3Inertia& inertia);

}  // namespace lieride
