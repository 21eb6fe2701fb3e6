#include "lieride/sim/planar_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride {

PlanarSimulation::PlanarSimulation(std::unique_ptr<NhModel> model, const IntegratorSettings& settings,
                                   const NhIntegratorSettings& nh, const NhState& initial,
                                   std::vector<std::string> integrators)
    : model_(std::move(model)), nh_(nh), integrators_(std::move(integrators)), controls_(model_->channels()),
      state_(initial), h_(settings.dt) {
  monitor_.divergeSpeed = settings.divergeSpeed;
  nh_.tolerance = settings.tolerance;
  nh_.maxIterations = settings.maxIterations;
  name_ = settings.name.empty() ? integrators_.front() : settings.name;
  integrator_ = makeNhIntegrator(name_, *model_, nh_);
}

PlanarSimulation::PlanarSimulation(const PlanarSimulation& o)
    : model_(o.model_->clone()), nh_(o.nh_), integrators_(o.integrators_), name_(o.name_),
      integrator_(o.integrator_->clone()), controls_(o.controls_), state_(o.state_), prev_(o.prev_), failed_(o.failed_), failedT_(o.failedT_),
      havePrev_(o.havePrev_), prevH_(o.prevH_), t_(o.t_), h_(o.h_), tBase_(o.tBase_),
      stepsSinceBase_(o.stepsSinceBase_), monitor_(o.monitor_), period2_(o.period2_), started_(o.started_),
      status_(o.status_), message_(o.message_), last_(o.last_) {}

// Controls are loaded after the builder returns: the input mode (e.g. snakeboard gaits), the
// prescribed coordinates and the energy check are fixed here (loadScenario calls it), before
// the first step or row.
void PlanarSimulation::start() {
  if (started_) return;
  started_ = true;
  model_->configure(controls_);
  model_->advancePrescribed(t_, 0.0, controls_, state_);
  // Prescribed shape values replace the [initial] ones: project back onto the constraints.
  state_ = model_->fromReduced(t_, model_->toReduced(t_, state_, controls_), controls_);
  monitor_.conservative = controls_.identicallyZero();
  monitor_.initialEnergy = model_->energy(state_);
  integrator_->reset(*model_, controls_, t_, h_, state_);
}

void PlanarSimulation::setIntegrator(const std::string& name) {
  if (std::find(integrators_.begin(), integrators_.end(), name) == integrators_.end())
    throw std::invalid_argument("integrator '" + name + "' does not apply to vehicle '" + model_->type() + "'");
  auto next = makeNhIntegrator(name, *model_, nh_);
  if (started_) next->reset(*model_, controls_, t_, h_, state_);
  integrator_ = std::move(next);
  name_ = name;
  if (status_ != RunStatus::Ok) {
    // The failed step was already undone: resume from the last good state.
    status_ = RunStatus::Ok;
    message_.clear();
    last_ = StepReport{};
    monitor_.conservative = false;
  }
  period2_.restart();
}

void PlanarSimulation::setTimeStep(double h) {
  if (!std::isfinite(h) || !(h > 0.0)) throw std::invalid_argument("time step must be finite and > 0");
  tBase_ = t_;
  stepsSinceBase_ = 0;
  h_ = h;
  if (started_) integrator_->reset(*model_, controls_, t_, h_, state_);
  period2_.restart();
}

StepReport PlanarSimulation::step() {
  start();
  if (status_ != RunStatus::Ok) return last_;
  if (monitor_.conservative && !controls_.identicallyZero()) monitor_.conservative = false;
  prev_ = state_;
  const StepReport r = integrator_->step(*model_, controls_, t_, h_, state_);
  last_ = r;
  const bool finite = state_.q.allFinite() && state_.qdot.allFinite();
  const double e = model_->energy(state_);
  const double tNext = tBase_ + static_cast<double>(stepsSinceBase_ + 1) * h_;
  if (auto msg = monitor_.check(finite, e, finite ? model_->maxSpeed(state_) : 0.0, r, tNext)) {
    status_ = RunStatus::Diverged;
    message_ = *msg;
    failed_ = state_;
    failedT_ = tNext;
    state_ = prev_;
    return r;
  }
  ++stepsSinceBase_;
  t_ = tNext;
  NMat mu;
  model_->constraints(state_.q, mu);
  period2_.add(mu * state_.qdot, model_->maxSpeed(state_));
  havePrev_ = true;
  prevH_ = h_;
  return r;
}

double PlanarSimulation::stepConstraint() const {
  if (!havePrev_) return 0.0;
  return model_->stepResidual(prev_, state_, prevH_, integrator_->alpha());
}

std::vector<std::string> PlanarSimulation::csvColumns() const {
  std::vector<std::string> cols = model_->stateColumns();
  cols.push_back("energy");
  if (model_->onSE2()) cols.push_back("momentum");
  for (const char* c : {"constraint", "iters", "status", "residual", "step_constraint"}) cols.push_back(c);
  return cols;
}

void PlanarSimulation::csvRow(std::vector<double>& values) const {
  // The diverged row shows the step that failed (docs/formats.md section 3).
  const bool diverged = status_ == RunStatus::Diverged;
  const NhState& s = diverged ? failed_ : state_;
  values.push_back(diverged ? failedT_ : t_);
  model_->stateRow(s, values);
  values.push_back(model_->energy(s));
  if (model_->onSE2()) values.push_back(model_->momentum(s));
  values.push_back(model_->constraintResidual(s));
  values.push_back(static_cast<double>(last_.iterations));
  values.push_back(0.0);  // status (printed by the writer)
  values.push_back(last_.residual);
  values.push_back(stepConstraint());
}

void PlanarSimulation::stateWords(std::vector<double>& w) const {
  w.insert(w.end(), {t_, h_, tBase_, static_cast<double>(stepsSinceBase_), havePrev_ ? prevH_ : 0.0});
  w.insert(w.end(), state_.q.data(), state_.q.data() + state_.q.size());
  w.insert(w.end(), state_.qdot.data(), state_.qdot.data() + state_.qdot.size());
}

Snapshot PlanarSimulation::snapshot() const {
  Snapshot s;
  s.vehicle = model_->type();
  s.integrator = name_;
  s.t = t_;
  s.h = h_;
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
  const InputVec in = controls_.values(t_);
  for (int i = 0; i < in.size(); ++i) s.inputs.push_back(in(i));
  s.energy = model_->energy(state_);
  s.momentum = model_->momentum(state_);
  s.constraint = model_->constraintResidual(state_);
  // dE/dt along the exact reduced flow (central difference): the power of the inputs.
  {
    const NVec y = model_->toReduced(t_, state_, controls_);
    NVec ydot(y.size());
    model_->reducedRate(t_, y, controls_, ydot);
    const double e = 1e-6 / std::max(1.0, ydot.lpNorm<Eigen::Infinity>());
    const NVec yp = y + e * ydot, ym = y - e * ydot;
    s.power = (model_->energy(model_->fromReduced(t_ + e, yp, controls_)) -
               model_->energy(model_->fromReduced(t_ - e, ym, controls_))) / (2.0 * e);
  }
  s.period2 = period2_.value();
  s.period2Growing = period2_.growing();
  s.solver = last_;
  s.status = status_;
  s.statusMessage = message_;
  return s;
}

}  // namespace lieride
