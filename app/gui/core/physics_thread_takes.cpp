// The physics thread's takes (docs/app.md, "Takes"; docs/formats.md section 6): recording
// vehicle 0's live run with a TakeRecorder, overdubbing a replayed take, seeking the copies
// that replay takes. All of it runs on the physics thread, between steps.
#include <algorithm>
#include <cmath>

#include "lieride/sim/state_hash.hpp"
#include "physics_thread.hpp"

namespace lieride::gui {
namespace {
// The longest take a recorder holds: at most `maxSeconds` at the h in use, and two million
// steps (16 MB per recorded channel).
// `before`: steps of take already held (an overdub's replayed part).
long recorderSteps(double maxSeconds, long before, double h) {
  const double seconds = std::isfinite(maxSeconds) && maxSeconds > 0 ? maxSeconds : 600.0;
  return before + static_cast<long>(std::min(2.0e6, std::ceil(seconds / h)));
}

std::unique_ptr<TakeRecorder> recorderFor(const Simulation& sim, double maxSeconds, long before = 0) {
  const auto channels = TakeRecorder::constantChannels(sim.controls());
  std::vector<std::string> names;
  for (auto i : channels) names.push_back(sim.controls().channels()[i]);
  return std::make_unique<TakeRecorder>(std::move(names), channels, recorderSteps(maxSeconds, before, sim.timeStep()));
}
}  // namespace

std::optional<RecordedTake> PhysicsThread::takeRecorded() {
  std::lock_guard<std::mutex> lock(recordedMutex_);
  if (recorded_.empty()) return std::nullopt;
  std::optional<RecordedTake> out = std::move(recorded_.front());
  recorded_.erase(recorded_.begin());
  return out;
}

void PhysicsThread::startRecording(double maxSeconds) {
  takeMessage_.clear();
  if (vehicles_.empty() || recorder_) return;
  if (vehicles_.front().slot.take) {
    takeMessage_ = "a take is playing: Overdub records from a point of it";
    return;
  }
  // A recording starts at a reset (the take opens with it), keeping each copy's h and
  // integrator in use: the same setTimeStep, setIntegrator calls the take's opening events make.
  std::vector<std::pair<double, std::string>> inUse;
  for (const auto& v : vehicles_) inUse.emplace_back(v.sim().timeStep(), v.sim().integratorName());
  resetAll();
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    Vehicle& v = vehicles_[i];
    if (v.sim().timeStep() != inUse[i].first) v.sim().setTimeStep(inUse[i].first);
    v.curr.h = inUse[i].first;
    setIntegrator(static_cast<int>(i), v, inUse[i].second, false);  // the run's start: no switch marker at t = 0
  }
  h_ = inUse.front().first;
  recorder_ = recorderFor(vehicles_.front().sim(), maxSeconds);
  recorder_->start(h_, inUse.front().second);
  if (live_) live_->start(h_, inUse.front().second);  // the live run restarts here too
  liveInexact_ = false;
  recordOverdub_ = recordInexact_ = false;
  resync(steadySeconds());
}

void PhysicsThread::startOverdub(double maxSeconds) {
  takeMessage_.clear();
  if (vehicles_.empty() || recorder_) return;
  Vehicle& v = vehicles_.front();
  if (!v.slot.take) {
    takeMessage_ = "no take is playing: Record records the live run";
    return;
  }
  TakeTimeline& tl = *v.slot.take;
  // A group of sub-steps is played to its end first (its steps are the take's): handed over
  // inside one, the pilot's run kept the sub-step's h / n as its h (0.01 s for a take at 0.04).
  if (tl.player().inGroup()) {
    while (tl.player().inGroup() && !tl.finished()) tl.step();
    v.curr = tl.simulation().snapshot();
  }
  tl.player().applyDueEvents();  // the changes keyed to this step belong to the replayed part
  const Take take = tl.take();
  const long steps = tl.stepsTaken();
  const double clock = tl.clock();
  // The pilot takes the replayed simulation over where it stands.
  std::unique_ptr<Simulation> sim = tl.simulation().clone();
  v.pilot = v.slot.view ? Pilot(v.slot.view) : Pilot(*sim);
  v.pilot.apply(axes_, assist_, *sim, &v.curr);
  std::unique_ptr<TakeRecorder> rec = recorderFor(*sim, maxSeconds, steps);
  try {
    rec->continueFrom(take, steps, clock, sim->timeStep());
  } catch (const std::exception& e) {
    takeMessage_ = std::string("overdub: ") + e.what();
    return;
  }
  h_ = sim->timeStep();  // the h the take was running at: the status line and [ / ] go on from it
  v.slot.sim = std::move(sim);
  v.slot.take.reset();
  live_.reset();  // the overdub's own recorder holds this run
  v.slot.manual = true;
  v.frozen = false;
  recorder_ = std::move(rec);
  recordOverdub_ = true;
  recordInexact_ = false;
  if (paused_ && autoPaused_) paused_ = autoPaused_ = false;
  resync(steadySeconds());
}

void PhysicsThread::finishRecording() {
  if (!recorder_) return;
  RecordedTake r;
  r.hash = lieride::stateHash(vehicles_.front().sim());
  r.recorder = std::move(recorder_);
  r.overdub = recordOverdub_;
  r.inexact = recordInexact_;
  recordOverdub_ = recordInexact_ = false;
  std::lock_guard<std::mutex> lock(recordedMutex_);
  recorded_.push_back(std::move(r));
}

void PhysicsThread::startLive() {
  if (vehicles_.empty() || vehicles_.front().slot.take) return;  // a take's run is its file
  const Simulation& sim = vehicles_.front().sim();
  live_ = recorderFor(sim, 600.0);
  live_->start(sim.timeStep(), sim.integratorName());
  liveInexact_ = false;
}

void PhysicsThread::handOverLive() {
  if (!live_) return;
  RecordedTake r;
  r.hash = lieride::stateHash(vehicles_.front().sim());
  r.recorder = std::make_unique<TakeRecorder>(*live_);  // a copy: the live run goes on recording
  r.inexact = liveInexact_;
  r.live = true;
  std::lock_guard<std::mutex> lock(recordedMutex_);
  recorded_.push_back(std::move(r));
}

void PhysicsThread::restartView(std::size_t i, SampleKind kind) {
  Vehicle& v = vehicles_[i];
  v.frozen = v.sim().status() == RunStatus::Diverged;
  v.divergedMessage.clear();
  v.curr = v.sim().snapshot();
  v.prev = v.curr;
  v.work.reset();
  v.lastSampleT = -1e300;
  PlotSample r;
  r.kind = kind;
  r.sim = static_cast<std::uint8_t>(i);
  r.t = v.curr.t;
  samples_.push(r);
  pushSample(static_cast<int>(i), v.curr);
}

void PhysicsThread::seekTakes(double t) {
  lastSeekSteps_ = 0;
  bool any = false;
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    Vehicle& v = vehicles_[i];
    if (!v.slot.take) continue;
    lastSeekSteps_ = std::max(lastSeekSteps_, v.slot.take->seek(t));
    restartView(i, SampleKind::Seek);  // the plots keep their history before the new time
    any = true;
  }
  if (!any) return;
  if (!vehicles_.empty()) h_ = vehicles_.front().sim().timeStep();
  // A take paused at its end stays paused where the animator clicked, to be looked at; Play
  // goes on from there (a running take keeps running).
  autoPaused_ = false;
  ++resets_;  // the app clears trails and deviation histories
  resync(steadySeconds());
}

}  // namespace lieride::gui
