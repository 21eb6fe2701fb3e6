#include "lieride/sim/take.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "lieride/sim/run_csv.hpp"

namespace lieride {

void dropEvents(Take& take, bool integratorEvents, bool timeStepEvents) {
  std::erase_if(take.events, [&](const TakeEvent& e) {
    return (integratorEvents && e.kind == TakeEventKind::Integrator) ||
           (timeStepEvents && (e.kind == TakeEventKind::TimeStep || e.kind == TakeEventKind::Substeps));
  });
}

void retimeTake(Take& take, double fileH, double newH) {
  // The take clock is piecewise linear in the step count: h changes only at dt events and
  // resets. Segment i starts at step[i] with clock[i] and steps with h[i].
  struct Segment {
    long step;
    double clock, h;
  };
  std::vector<Segment> segments{{0, 0.0, fileH}};
  double outer = fileH;  // the h in force; a step is outer / n within sub-steps
  int n = 1;
  for (const TakeEvent& e : take.events) {
    if (e.kind == TakeEventKind::Integrator || e.step >= take.steps) continue;
    if (e.kind == TakeEventKind::TimeStep) outer = e.dt;
    else if (e.kind == TakeEventKind::Reset) outer = fileH;
    else n = e.substeps;
    const Segment& last = segments.back();
    const double h = outer / n;
    const double clock = last.clock + static_cast<double>(e.step - last.step) * last.h;
    if (e.step == last.step) segments.back().h = h;
    else segments.push_back({e.step, clock, h});
  }
  const auto clockOf = [&](long step) {
    const auto after = std::upper_bound(segments.begin(), segments.end(), step,
                                        [](long k, const Segment& s) { return k < s.step; });
    const Segment& s = *(after - 1);
    return s.clock + static_cast<double>(step - s.step) * s.h;
  };
  constexpr double kEps = 1e-9;  // relative to newH: a new step this close to a recorded one is on it
  const double newSteps = std::floor(clockOf(take.steps) / newH + kEps);
  const std::size_t channels = take.inputChannels.size();
  if (channels > 0 && newSteps * static_cast<double>(channels) > kMaxRetimedInputs) {
    char what[200];
    std::snprintf(what, sizeof what, "--dt %g re-cuts the take's per-step inputs into %.3g rows of %zu (more than %g values: use a larger --dt)",
                  newH, newSteps, channels, kMaxRetimedInputs);
    throw std::invalid_argument(what);
  }
  const long steps = static_cast<long>(std::min(newSteps, 9e18));
  const auto nearestStep = [&](long recorded) {
    const double at = clockOf(std::clamp(recorded, 0L, take.steps));
    return static_cast<long>(std::clamp(std::nearbyint(at / newH), 0.0, static_cast<double>(steps)));
  };
  dropEvents(take, false, true);
  for (TakeEvent& e : take.events) {
    e.step = nearestStep(e.step);
    e.t = static_cast<double>(e.step) * newH;
  }
  take.start = nearestStep(take.start);
  if (channels > 0) {
    std::vector<double> inputs(static_cast<std::size_t>(steps) * channels);
    long recorded = 0;  // the recorded step running when new step j starts
    for (long j = 0; j < steps; ++j) {
      const double at = (static_cast<double>(j) + kEps) * newH;
      while (recorded + 1 < take.steps && clockOf(recorded + 1) <= at) ++recorded;
      std::copy_n(take.stepInputs.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(recorded) * channels),
                  channels, inputs.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(j) * channels));
    }
    take.stepInputs = std::move(inputs);
  }
  take.steps = steps;
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
    case TakeEventKind::Substeps:  // recorded between whole steps of h: no group is open
      substeps_ = e.substeps;
      groupPos_ = 0;
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
  // A group of sub-steps makes the calls of the app's stepWithPilot (control_rate.cpp):
  // setTimeStep(h / n) before its first step, setTimeStep(h) after its last (or a divergence).
  const bool grouped = substeps_ > 1;
  if (grouped && groupPos_ == 0) {
    outerH_ = sim_->timeStep();
    sim_->setTimeStep(outerH_ / substeps_);
  }
  clock_ += sim_->timeStep();
  const StepReport r = sim_->step();
  ++taken_;
  if (grouped && (++groupPos_ == substeps_ || sim_->status() != RunStatus::Ok)) {
    sim_->setTimeStep(outerH_);
    groupPos_ = 0;
  }
  return r;
}

TakePlayer::NextInputsShown::NextInputsShown(TakePlayer& player) : player_(player) {
  if (player_.inputIndex_.empty() || player_.finished()) return;
  auto& controls = player_.sim_->controls();
  generation_ = controls.generation();
  for (const std::size_t i : player_.inputIndex_) held_.push_back(controls.signal(i).clone());
  player_.setStepInputs();
}

TakePlayer::NextInputsShown::~NextInputsShown() {
  if (held_.empty()) return;
  player_.sim_->controls().putBack(player_.inputIndex_, std::move(held_), generation_);
}

void TakePlayer::restore(const Checkpoint& c) {
  sim_ = c.sim->clone();
  taken_ = c.taken;
  next_ = c.next;
  h_ = c.h;
  clock_ = c.clock;
  substeps_ = c.substeps;
  groupPos_ = c.groupPos;
  outerH_ = c.outerH;
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
