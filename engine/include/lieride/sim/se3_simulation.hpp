#pragma once
// Simulation of any SE(3) vehicle (rigid body, helicopter, boat): a force model, the
// integrator chosen by name; the clock, inputs and divergence handling are SimulationCore's.
#include <memory>
#include <string>

#include "lieride/integrate/se3_integrator.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/simulation_core.hpp"

namespace lieride {

struct Se3VehicleSpec {
  std::string type;
  Se3Inertia inertia;
  std::shared_ptr<const Se3ForceModel> forces;  // immutable, shared between clones
  std::vector<std::string> channels;
  std::vector<std::string> integrators;  // applicable names (default: all SE(3) integrators)
};

class Se3Simulation final : public SimulationOf<Se3State> {
 public:
  Se3Simulation(Se3VehicleSpec spec, const IntegratorSettings& settings, const Se3State& initial);
  Se3Simulation(const Se3Simulation& other);

  std::string vehicleType() const override { return spec_.type; }
  Snapshot snapshot() const override;
  double power() const override;
  void stateWords(std::vector<double>& words) const override;
  std::unique_ptr<Simulation> clone() const override { return std::make_unique<Se3Simulation>(*this); }

  const Se3Inertia& inertia() const { return spec_.inertia; }
  const Se3ForceModel& forceModel() const { return *spec_.forces; }
  // The state at t: body velocity I^{-1} mu (for a variational integrator the discrete Legendre
  // transform of its momentum, docs/integrators.md) and its energy. The run CSV's wx..vz and
  // energy columns and the app's snapshots both report these.
  Vec6 velocity() const { return spec_.inertia.velocity(state_.mu); }
  double energy() const override { return energyOf(state_, velocity()); }
  // Kinetic energy of the body velocity xi plus the potential of the pose of s.
  double energyOf(const Se3State& s, const Vec6& xi) const;
  // The discrete velocity of the coming step (the CSV's extra xi_* columns): the average
  // velocity xi_k over [t, t + h] for the variational integrators, else velocity()
  // (see Se3Integrator::discreteVelocity).
  Vec6 discreteVelocity() const;
  Vec3 spatialLinearMomentum() const;
  Vec3 spatialAngularMomentum() const;

 private:
  StepReport advance(double t, double h) override;
  StepHealth health(bool needEnergy) const override;
  bool conservativeWithoutInputs() const override { return spec_.forces->conservativeWithoutInputs(); }
  void useIntegrator(const std::string& name) override { integrator_ = makeSe3Integrator(name, solver_); }
  double powerOf(const Se3State& s, const Vec6& xi, double t, const InputVec& u) const;
  Se3Dynamics dynamics() const { return {spec_.inertia, spec_.forces.get(), &controls()}; }

  Se3VehicleSpec spec_;
  SolverSettings solver_;
  std::unique_ptr<Se3Integrator> integrator_;
};

// Reads [initial] position, orientation (w,x,y,z), angular_velocity, linear_velocity.
Se3State readSe3Initial(TableReader& initial, const Se3Inertia& inertia);

}  // namespace lieride
