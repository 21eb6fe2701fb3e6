#include "lieride/sim/simulation_core.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "lieride/sim/scenario.hpp"

namespace lieride {

void checkTimeStep(double h) {
  if (!std::isfinite(h) || !(h > 0.0)) throw std::invalid_argument("time step must be finite and > 0");
}

SimulationCore::SimulationCore(std::vector<std::string> integrators, std::vector<std::string> channels,
                               const IntegratorSettings& settings)
    : integrators_(std::move(integrators)), controls_(std::move(channels)) {
  if (integrators_.empty()) throw std::invalid_argument("a vehicle needs at least one integrator");
  checkTimeStep(settings.dt);
  h_ = settings.dt;
  monitor_.divergeSpeed = settings.divergeSpeed;
}

std::string SimulationCore::firstIntegrator(const IntegratorSettings& settings) const {
  return settings.name.empty() ? integrators_.front() : settings.name;
}

void SimulationCore::setIntegrator(const std::string& name) {
  if (std::find(integrators_.begin(), integrators_.end(), name) == integrators_.end())
    throw std::invalid_argument("integrator '" + name + "' does not apply to vehicle '" + vehicleType() + "'");
  useIntegrator(name);
  integrator_ = name;
  if (status_ != RunStatus::Ok) {
    // The failed step was undone: the run resumes, with the new integrator, from the last good
    // state, and the energy bound is centred on that state's energy.
    status_ = RunStatus::Ok;
    message_.clear();
    last_ = StepReport{};
    if (started_) armMonitor();
  }
}

void SimulationCore::setTimeStep(double h) {
  checkTimeStep(h);
  tBase_ = t_;
  steps_ = 0;
  h_ = h;
  timeStepChanged();
}

void SimulationCore::armMonitor() {
  monitor_.conservative = conservativeWithoutInputs() && controls_.identicallyZero();
  monitor_.initialEnergy = energy();
}

void SimulationCore::start() {
  if (started_) return;
  started_ = true;
  onStart();
  armMonitor();
}

StepReport SimulationCore::step() {
  start();
  if (status_ != RunStatus::Ok) return last_;
  // Inputs were applied: the energy is no longer an invariant.
  if (monitor_.conservative && !controls_.identicallyZero()) monitor_.conservative = false;
  const double tNext = stepTime(1.0);
  keepLastGood();
  last_ = advance(t_, h_);
  const StepHealth s = health(monitor_.conservative);
  if (auto msg = monitor_.check(s.finite, s.energy, s.maxSpeed, last_, tNext, s.energyScale)) {
    // As simulation.hpp promises: the state stays at the last good step, t where it was.
    status_ = RunStatus::Diverged;
    message_ = *msg;
    failedT_ = tNext;
    undoStep();
    return last_;
  }
  ++steps_;
  t_ = tNext;
  stepAccepted();
  return last_;
}

}  // namespace lieride
