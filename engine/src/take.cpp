#include "lieride/sim/take.hpp"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "lieride/sim/run_csv.hpp"

namespace lieride {

void dropEvents(Take& take, bool integratorEvents, bool timeStepEvents) {
  std::erase_if(take.events, [&](const TakeEvent& e) {
    return (integratorEvents && e.kind == TakeEventKind::Integrator) || (timeStepEvents && e.kind == TakeEventKind::TimeStep);
  });
}

TakePlayer::TakePlayer(std::unique_ptr<Simulation> sim, const Take& take)
    : sim_(std::move(sim)), initial_(sim_->clone()), take_(take), h_(sim_->timeStep()) {
  for (const auto& name : take_.inputChannels) {
    const int i = sim_->controls().find(name);
    if (i < 0) throw std::invalid_argument("take input channel '" + name + "' is not one of the vehicle's");
    inputIndex_.push_back(static_cast<std::size_t>(i));
  }
}

// The pilot's call (app/gui/core/pilot.cpp, Pilot::set): a constant per channel before the step.
void TakePlayer::setStepInputs() {
  if (inputIndex_.empty()) return;
  const double* row = take_.stepInputs.data() + static_cast<std::size_t>(taken_) * inputIndex_.size();
  for (std::size_t c = 0; c < inputIndex_.size(); ++c) sim_->controls().setConstant(inputIndex_[c], row[c]);
}

// Each branch is the physics thread's handling of the same command (PhysicsThread::handle,
// resetAll), call for call: a different sequence of setTimeStep/setIntegrator calls restarts
// the integrators differently and the replay would no longer be bit-identical.
void TakePlayer::apply(const TakeEvent& e) {
  switch (e.kind) {
    case TakeEventKind::TimeStep:
      h_ = e.dt;
      if (sim_->timeStep() != e.dt) sim_->setTimeStep(e.dt);  // the thread skips an unchanged h
      return;
    case TakeEventKind::Integrator:
      if (sim_->integratorName() == e.integrator) return;
      sim_->setIntegrator(e.integrator);
      return;
    case TakeEventKind::Reset:
      // The scene as it was loaded: its own h and integrator.
      sim_ = initial_->clone();
      h_ = sim_->timeStep();
      (void)sim_->snapshot();  // the thread draws the restarted state at once
      return;
  }
}

bool TakePlayer::applyDueEvents() {
  bool reset = false;
  while (next_ < take_.events.size() && take_.events[next_].step <= taken_) {
    const TakeEvent& e = take_.events[next_++];
    apply(e);
    reset = reset || e.kind == TakeEventKind::Reset;
  }
  return reset;
}

bool TakePlayer::prepareStep() {
  const bool reset = applyDueEvents();
  setStepInputs();
  return reset;
}

StepReport TakePlayer::step() {
  prepareStep();
  clock_ += sim_->timeStep();
  const StepReport r = sim_->step();
  ++taken_;
  return r;
}

TakePlayer::NextInputsShown::NextInputsShown(TakePlayer& player) : player_(player) {
  if (player_.inputIndex_.empty() || player_.finished()) return;
  auto& controls = player_.sim_->controls();
  for (const std::size_t i : player_.inputIndex_) held_.push_back(controls.signal(i).clone());
  player_.setStepInputs();
}

TakePlayer::NextInputsShown::~NextInputsShown() {
  auto& controls = player_.sim_->controls();
  for (std::size_t c = 0; c < held_.size(); ++c) controls.set(player_.inputIndex_[c], std::move(held_[c]));
}

void TakePlayer::restore(const Checkpoint& c) {
  sim_ = c.sim->clone();
  taken_ = c.taken;
  next_ = c.next;
  h_ = c.h;
  clock_ = c.clock;
}

RunOutcome playTake(TakePlayer& player, int every, std::ostream* out) {
  RunOutcome o;
  std::size_t status = 0;
  std::vector<std::string> columns;
  if (out) {
    writeCsvHeader(player.simulation(), *out);
    columns = runCsvColumns(player.simulation());
    status = statusColumn(player.simulation());
  }
  auto writeRow = [&]() {
    if (!out) return true;
    std::optional<std::size_t> bad;
    {
      const TakePlayer::NextInputsShown shown(player);
      bad = writeCheckedCsvRow(player.simulation(), *out, status);
    }
    if (!bad || player.simulation().status() != RunStatus::Ok) return true;
    o.status = RunStatus::Diverged;
    std::ostringstream msg;
    msg.precision(6);
    msg << "diverged at t = " << player.simulation().time() << ": non-finite " << columns[*bad] << " in the CSV row";
    o.message = msg.str();
    return false;
  };
  // The in-point: the steps before [take] start are replayed, not written.
  while (player.stepsTaken() < player.take().start && !player.finished()) {
    player.step();
    o.steps = player.stepsTaken();
    if (player.simulation().status() != RunStatus::Ok) {
      o.status = player.simulation().status();
      o.message = player.simulation().statusMessage();
      return o;
    }
  }
  const long first = player.stepsTaken();  // its row is the original run's row at that step
  if (!writeRow()) return o;
  while (!player.finished()) {
    const StepReport r = player.step();
    o.steps = player.stepsTaken();
    o.maxSolverIterations = std::max(o.maxSolverIterations, r.iterations);
    o.maxSolverResidual = std::max(o.maxSolverResidual, r.residual);
    const Simulation& sim = player.simulation();
    if (sim.status() != RunStatus::Ok) {
      if (out) writeCsvRow(sim, *out, status);
      o.status = sim.status();
      o.message = sim.statusMessage();
      return o;
    }
    if ((o.steps - first) % every == 0 && !writeRow()) return o;
  }
  player.applyDueEvents();  // changes recorded at the very end (a final reset) belong to the take
  return o;
}

}  // namespace lieride
