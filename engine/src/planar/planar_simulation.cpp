#include "lieride/sim/planar_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride {

PlanarSimulation::PlanarSimulation(std::unique_ptr<NhModel> model, const IntegratorSettings& settings,
                                   const NhIntegratorSettings& nh, const NhState& initial,
                                   std::vector<std::string> integrators)
    : SimulationOf(initial, std::move(integrators), model->channels(), settings), model_(std::move(model)), nh_(nh) {
  nh_.tolerance = settings.tolerance;
  nh_.maxIterations = settings.maxIterations;
  setIntegrator(firstIntegrator(settings));
}

PlanarSimulation::PlanarSimulation(const PlanarSimulation& o)
    : SimulationOf(o), model_(o.model_->clone()), nh_(o.nh_), integrator_(o.integrator_->clone()),
      havePrev_(o.havePrev_), prevH_(o.prevH_), period2_(o.period2_),
      period2Velocity_(o.period2Velocity_) {}

// Controls are loaded after the builder returns: the input mode (e.g. snakeboard gaits), the
// prescribed coordinates are fixed here (loadScenario calls start()), before the first step or
// row; SimulationCore then arms the energy check on the projected state.
void PlanarSimulation::onStart() {
  model_->configure(controls());
  model_->advancePrescribed(time(), 0.0, controls(), state_);
  // Prescribed shape values replace the [initial] ones: project back onto the constraints.
  state_ = model_->fromReduced(time(), model_->toReduced(time(), state_, controls()), controls());
  integrator_->reset(*model_, controls(), time(), timeStep(), state_);
}

void PlanarSimulation::useIntegrator(const std::string& name) {
  auto next = makeNhIntegrator(name, *model_, nh_);
  if (started()) next->reset(*model_, controls(), time(), timeStep(), state_);
  integrator_ = std::move(next);
  period2_.restart();
  period2Velocity_.restart();
}

void PlanarSimulation::timeStepChanged() {
  if (started()) integrator_->reset(*model_, controls(), time(), timeStep(), state_);
  period2_.restart();
  period2Velocity_.restart();
}

StepReport PlanarSimulation::advance(double t, double h) {
  return integrator_->step(*model_, controls(), t, h, state_);
}

StepHealth PlanarSimulation::health(bool) const {
  const bool finite = state_.q.allFinite() && state_.qdot.allFinite();
  return {finite, model_->energy(state_), finite ? model_->maxSpeed(state_) : 0.0};
}

void PlanarSimulation::stepAccepted() {
  NMat mu;
  model_->constraints(state_.q, mu);
  const double speed = model_->maxSpeed(state_);
  period2_.add(mu * state_.qdot, speed);
  period2Velocity_.add(state_.qdot, speed);
  havePrev_ = true;
  prevH_ = timeStep();
}

double PlanarSimulation::stepConstraint() const {
  if (!havePrev_) return 0.0;
  return model_->stepResidual(previousState(), state_, prevH_, integrator_->alpha());
}

void PlanarSimulation::stateWords(std::vector<double>& w) const {
  w.insert(w.end(), {time(), timeStep(), clockBase(), static_cast<double>(stepsSinceBase()), havePrev_ ? prevH_ : 0.0});
  w.insert(w.end(), state_.q.data(), state_.q.data() + state_.q.size());
  w.insert(w.end(), state_.qdot.data(), state_.qdot.data() + state_.qdot.size());
}

// dE/dt along the exact reduced flow (central difference): the power of the inputs. A prescribed
// shape (the snakeboard's gaits) follows its signals at t -+ e (fixReduced): its rates are not
// integrated state, and the rotor's and axles' kinetic energy the prescribing torques put in
// and take out was missing (a 14.5 J swing per gait period of the drive gait's balance).
double PlanarSimulation::power() const {
  const double t = time();
  const NVec y = model_->toReduced(t, state_, controls());
  NVec ydot(y.size());
  model_->reducedRate(t, y, controls(), ydot);
  const double e = 1e-6 / std::max(1.0, ydot.lpNorm<Eigen::Infinity>());
  NVec yp = y + e * ydot, ym = y - e * ydot;
  model_->fixReduced(t + e, yp, controls());
  model_->fixReduced(t - e, ym, controls());
  return (model_->energy(model_->fromReduced(t + e, yp, controls())) -
          model_->energy(model_->fromReduced(t - e, ym, controls()))) / (2.0 * e);
}

Snapshot PlanarSimulation::snapshot() const {
  Snapshot s;
  s.vehicle = model_->type();
  s.integrator = integratorName();
  s.t = time();
  s.h = timeStep();
  if (!model_->onSE2()) {
    s.position = Vec3(state_.q(0), state_.q(1), state_.q(2));
    s.bodyVelocity.tail<3>() = Vec3(state_.qdot(0), state_.qdot(1), state_.qdot(2));
  } else {
    const SE2 g = model_->pose(state_);
    s.orientation = Quat(Eigen::AngleAxisd(g.theta, Vec3::UnitZ()));
    s.position = Vec3(g.x, g.y, 0.0);
    const Vec3 xi = model_->bodyVelocity(state_);
    s.bodyVelocity << 0.0, 0.0, xi(0), xi(1), xi(2), 0.0;
  }
  s.shapeNames = model_->shapeNames();
  s.shape = model_->shape(state_);
  const InputVec in = controls().values(s.t);
  for (int i = 0; i < in.size(); ++i) s.inputs.push_back(in(i));
  s.energy = model_->energy(state_);
  s.momentum = model_->momentum(state_);
  s.constraint = model_->constraintResidual(state_);
  s.power = power();
  s.period2 = std::max(period2_.value(), period2Velocity_.value());
  s.period2Growing = period2_.growing() || period2Velocity_.growing();
  s.solver = lastReport();
  s.status = status();
  s.statusMessage = statusMessage();
  return s;
}

}  // namespace lieride
