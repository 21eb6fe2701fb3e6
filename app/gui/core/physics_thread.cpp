#include "physics_thread.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "control_rate.hpp"
#include "lieride/sim/state_hash.hpp"

namespace lieride::gui {

double steadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

namespace {
bool finiteSnapshot(const Snapshot& s) {
  if (!s.position.allFinite() || !s.orientation.coeffs().allFinite() || !s.bodyVelocity.allFinite())
    return false;
  for (double x : s.shape)
    if (!std::isfinite(x)) return false;
  return true;
}
}  // namespace

PhysicsThread::PhysicsThread(std::vector<SimSlot> sims, PhysicsOptions options) : opt_(options) {
  vehicles_.reserve(sims.size());
  for (auto& slot : sims) {
    const Simulation& first = slot.take ? slot.take->simulation() : *slot.sim;
    auto initial = first.clone();
    Pilot pilot = slot.view ? Pilot(slot.view) : Pilot(first);
    if (slot.take) slot.manual = false;  // the take's inputs drive it (until an overdub)
    Vehicle v{std::move(slot), std::move(initial), std::move(pilot), {}, {}, false, 0, {}, -1e300, {}};
    v.curr = v.sim().snapshot();
    v.prev = v.curr;
    vehicles_.push_back(std::move(v));
  }
  paused_ = opt_.startPaused;
  assist_ = opt_.assist;
  speed_ = opt_.speed;
  if (!vehicles_.empty()) h_ = vehicles_.front().sim().timeStep();
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    auto& v = vehicles_[i];
    if (v.slot.manual) v.pilot.apply(axes_, assist_, v.sim(), &v.curr);
    v.curr = v.sim().snapshot();  // with the pilot's inputs (their power counts from t = 0)
    v.prev = v.curr;
    pushSample(static_cast<int>(i), v.curr);
  }
  startLive();
  // The reader starts from a complete frame even before the thread runs.
  publish(steadySeconds());
  frames_.update();
}

PhysicsThread::~PhysicsThread() { stop(); }

void PhysicsThread::start() {
  if (thread_.joinable()) return;
  quit_.store(false);
  resync(steadySeconds());
  thread_ = std::thread([this] { run(); });
}

void PhysicsThread::stop() {
  quit_.store(true);
  if (thread_.joinable()) thread_.join();
}

std::uint64_t PhysicsThread::stateHash(std::size_t vehicle) const {
  return lieride::stateHash(vehicles_.at(vehicle).sim());
}

double PhysicsThread::leadTime() const {
  // The clock follows the live copy furthest behind (side-by-side copies may each have their
  // own h); with one h for all they share one time.
  double t = INFINITY;
  for (const auto& v : vehicles_)
    if (!v.frozen) t = std::min(t, v.sim().time());
  if (std::isfinite(t)) return t;
  // All diverged: the time of the last good state on screen (not the failed step's end).
  return vehicles_.empty() ? 0.0 : vehicles_.front().curr.t;
}

void PhysicsThread::setIntegrator(int index, Vehicle& v, const std::string& name, bool mark) {
  Simulation& sim = v.sim();
  if (sim.integratorName() == name && !v.frozen) return;
  const bool record = index == 0;
  try {
    sim.setIntegrator(name);  // after a divergence: resumes from the last good state
  } catch (const std::exception&) {
    return;
  }
  if (record) {
    if (recorder_) recorder_->integrator(name);
    if (live_) live_->integrator(name);
  }
  const bool resumed = v.frozen;
  v.frozen = false;
  v.divergedMessage.clear();
  // Take effect at once (also while paused): the published state names the new integrator.
  v.curr = sim.snapshot();
  v.prev = v.curr;
  v.lastSampleT = -1e300;
  if (mark || resumed) marker(index, v.curr.t, resumed ? name + " (resumed)" : name);
  pushSample(index, v.curr);
  if (autoPaused_ && paused_) {
    paused_ = false;
    autoPaused_ = false;
    resync(steadySeconds());
  }
}

bool PhysicsThread::anyAlive() const {
  return std::any_of(vehicles_.begin(), vehicles_.end(), [](const Vehicle& v) { return !v.frozen; });
}

void PhysicsThread::resync(double now) {
  syncWall_ = now;
  syncSim_ = leadTime();
  restartWindow(now);
}

// A new measuring window from the clock now: the real-time factor reads "measuring" until it
// ends, not the last window's figure (4.00 achieved / 0.12 requested after a reset at 0.12x).
void PhysicsThread::restartWindow(double now) {
  windowWall_ = now;
  windowSim_ = syncSim_;
  windowClock_ = syncSim_;
  windowSteps_ = 0;
  windowCost_ = 0;
  windowMax_ = 0;
  stats_.measured = false;
}

void PhysicsThread::marker(int sim, double t, const std::string& text) {
  PlotSample s;
  s.kind = SampleKind::Marker;
  s.sim = static_cast<std::uint8_t>(sim);
  s.t = t;
  s.h = h_;
  std::snprintf(s.label.data(), s.label.size(), "%s", text.c_str());
  samples_.push(s);
}

void PhysicsThread::pushSample(int sim, const Snapshot& snap) {
  PlotSample s;
  s.sim = static_cast<std::uint8_t>(sim);
  s.t = snap.t;
  s.energy = snap.energy;
  s.momentum = snap.momentum;
  s.constraint = snap.constraint;
  s.residual = snap.solver.residual;
  s.iterations = snap.solver.iterations;
  s.h = snap.h;
  s.work = vehicles_[static_cast<std::size_t>(sim)].work.work();
  s.extraCount = static_cast<std::uint8_t>(std::min(snap.extras.size(), s.extras.size()));
  std::copy_n(snap.extras.begin(), s.extraCount, s.extras.begin());
  std::snprintf(s.integrator.data(), s.integrator.size(), "%s", snap.integrator.c_str());
  samples_.push(s);
  vehicles_[static_cast<std::size_t>(sim)].lastSampleT = snap.t;
}

void PhysicsThread::stepVehicle(Vehicle& v, bool wantSnapshot) {
  // The take's events (a reset replaces v.sim()) and inputs. A recorded reset starts the energy
  // balance again, as the reset it replays did: W = 0 and E(0) from the restarted state.
  if (v.slot.take && v.slot.take->player().prepareStep()) {
    restartView(static_cast<std::size_t>(&v - vehicles_.data()));
    ++resets_;  // the app clears trails and deviation histories
  }
  const bool needsState = v.slot.manual && v.pilot.needsState(assist_);
  Simulation& live = v.sim();
  // The pilot's feedback at its fixed control rate (control_rate.hpp): a step of h longer than
  // the control period is taken as sub-steps with the pilot re-applied. A take records them as
  // they are: a `substeps` event where their number changes and one input row per sub-step
  // (TakePlayer makes the same setTimeStep calls around each group).
  const int substeps = v.slot.manual && !v.slot.take ? controlSubsteps(v.pilot, assist_, live.timeStep()) : 1;
  if (v.slot.manual && substeps == 1) v.pilot.apply(axes_, assist_, live, needsState ? &v.curr : nullptr);
  // Recording: the inputs vehicle 0 receives at each (sub-)step (no allocation); full: the take
  // ends.
  const bool recorded = &v == vehicles_.data();
  auto record = [&] {
    if (!recorded) return;
    if (recorder_ && !recorder_->beforeStep(live.controls(), live.time())) finishRecording();
    if (live_) live_->beforeStep(live.controls(), live.time());  // full: the live run's take ends there
  };
  if (recorded) {
    if (recorder_ && !recorder_->substeps(substeps)) recordInexact_ = true;  // no room for the event
    if (live_ && !live_->substeps(substeps)) liveInexact_ = true;
    if (substeps == 1) record();
  }
  // The step cost (Diagnostics) times the integrator's steps alone, not the work meter's power.
  double cost = 0;
  auto timedStep = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    if (v.slot.take) v.slot.take->step();  // its inputs are set (prepareStep above)
    else live.step();
    cost += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  auto meteredStep = [&] { v.work.step(live, timedStep); };
  auto recordedSubstep = [&] {  // stepWithPilot calls it after the pilot set this sub-step's inputs
    record();
    meteredStep();
  };
  bool threw = false;
  std::string what;
  try {
    if (substeps > 1) stepWithPilot(live, v.pilot, axes_, assist_, v.curr, recordedSubstep);
    else meteredStep();
  } catch (const std::exception& e) {
    threw = true;
    what = e.what();
  }
  const Simulation& sim = live;
  windowCost_ += cost;
  windowMax_ = std::max(windowMax_, cost);
  const int index = static_cast<int>(&v - vehicles_.data());
  Snapshot snap;
  const bool diverged = threw || sim.status() == RunStatus::Diverged;
  if (!diverged) {
    const double t = sim.time();
    const bool sampleDue = t - v.lastSampleT >= opt_.sampleInterval * 0.999;
    if (!(wantSnapshot || sampleDue || needsState)) return;
    snap = sim.snapshot();
    if (finiteSnapshot(snap)) {
      const bool consecutive = std::abs(v.curr.t + sim.timeStep() - snap.t) <= 1e-9 * std::max(1.0, std::abs(snap.t));
      v.prev = consecutive ? std::move(v.curr) : snap;
      v.curr = std::move(snap);
      if (sampleDue) pushSample(index, v.curr);
      return;
    }
    what = "non-finite state";
  }
  // Divergence: freeze at the last good state the engine kept (or the last one we drew).
  // One divergence time everywhere: that of the last good state, which stays on screen.
  v.frozen = true;
  v.divergedMessage = threw || !what.empty() ? what : sim.statusMessage();
  Snapshot good = sim.snapshot();
  if (finiteSnapshot(good)) v.curr = std::move(good);
  v.divergedAt = v.curr.t;
  v.curr.status = RunStatus::Diverged;
  v.prev = v.curr;
  marker(index, v.curr.t, "diverged");
}

void PhysicsThread::stepAll(double target, bool forceSnapshot) {
  bool takes = false, allTakesOver = true;
  for (auto& v : vehicles_) {
    if (v.frozen) continue;
    const bool take = v.slot.take != nullptr;
    takes = takes || take;
    if (take && v.slot.take->finished()) continue;  // its take is over: hold its last state
    allTakesOver = allTakesOver && !take;
    const double t = v.sim().time();
    const double h = v.sim().timeStep();
    if (!forceSnapshot && t >= target) continue;  // a copy with a larger h waits for the others
    // Snapshot the state the renderer interpolates from (the step before the burst ends).
    stepVehicle(v, forceSnapshot || t + 2.0 * h >= target);
  }
  // The take pauses at its end once every copy has played its own steps of it: a ghost with a
  // larger h still had its last step to take when the take finished, and took it or not
  // depending on the frame's clock (its final state differed from lieride sim --dt's).
  if (takes && allTakesOver && !paused_) paused_ = autoPaused_ = true;
  ++windowSteps_;
  ++stats_.totalSteps;
}

void PhysicsThread::resetAll() {
  // The scene as it was loaded: its own h and integrator (not the ones that diverged).
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    auto& v = vehicles_[i];
    if (v.slot.take) v.slot.take->seekStep(0);  // a take restarts from its start (its in-point)
    else v.slot.sim = v.initial->clone();
    if (i == 0) h_ = v.sim().timeStep();
    v.frozen = false;
    v.divergedMessage.clear();
    v.curr = v.sim().snapshot();
    if (v.slot.manual) v.pilot.apply(axes_, assist_, v.sim(), &v.curr);
    v.curr = v.sim().snapshot();
    v.prev = v.curr;
    v.work.reset();
    PlotSample r;
    r.kind = SampleKind::Reset;
    r.sim = static_cast<std::uint8_t>(i);
    samples_.push(r);
    pushSample(static_cast<int>(i), v.curr);
  }
  if (autoPaused_) paused_ = autoPaused_ = false;
  ++resets_;
}

void PhysicsThread::handle(const Command& c) {
  auto forTargets = [&](auto&& fn) {
    for (std::size_t i = 0; i < vehicles_.size(); ++i)
      if (c.target < 0 || c.target == static_cast<int>(i)) fn(static_cast<int>(i), vehicles_[i]);
  };
  switch (c.kind) {
    case CommandKind::Pilot:
      axes_ = c.axes;
      break;
    case CommandKind::SetManual:
      forTargets([&](int, Vehicle& v) {
        if (v.slot.take) return;  // a take's inputs drive it (Overdub hands it to the pilot)
        if (&v == &vehicles_.front()) recordInexact_ = liveInexact_ = true;
        v.slot.manual = c.flag;
        if (!c.flag) v.sim().controls() = v.initial->controls();  // scripted signals back
      });
      break;
    case CommandKind::SetAssist:
      assist_ = c.flag;
      break;
    case CommandKind::SetIntegrator:
      forTargets([&](int i, Vehicle& v) { setIntegrator(i, v, c.nameString(), !c.flag); });
      break;
    case CommandKind::SetTimeStep: {
      const double h = c.value[0];
      if (!(std::isfinite(h) && h > 0) || vehicles_.empty()) break;
      // target -1: every copy; otherwise that copy alone (h_ is the first copy's h).
      Vehicle& first = vehicles_[static_cast<std::size_t>(std::max(c.target, 0)) % vehicles_.size()];
      const double current = first.sim().timeStep();
      const double from = c.value[1] > 0 ? c.value[1] : current;
      if (c.target <= 0) h_ = h;
      // One marker per change: a slider drag sends quiet updates and one final "from -> to".
      char text[40];
      std::snprintf(text, sizeof text, "h %.3g -> %.3g s", from, h);
      const bool markIt = !c.flag && from != h;
      forTargets([&](int i, Vehicle& v) {
        try {
          if (v.sim().timeStep() != h) {
            v.sim().setTimeStep(h);
            if (recorder_ && i == 0) recorder_->timeStep(h);
            if (live_ && i == 0) live_->timeStep(h);
          }
          if (markIt) marker(i, v.curr.t, text);
          v.curr.h = h;
          // A diverged copy resumes from its last good state at the new h once the change is
          // made (a drag's release, a typed value): lowering h and pressing Space did nothing
          // while only an integrator pick resumed it.
          if (v.frozen && !c.flag) setIntegrator(i, v, v.sim().integratorName(), true);
        } catch (const std::exception&) {
        }
      });
      // The rate and step cost of the old h are not this one's: "measuring" until a window at
      // the new h ends (it read 5000 steps/s for 5 s after a move from 1e-4 to 1 s).
      if (!c.flag && from != h) {
        const double now = steadySeconds();
        restartWindow(now);
        windowClock_ = std::min(leadTime(), syncSim_ + (now - syncWall_) * speed_);  // the clock from here
        windowSim_ = leadTime();
      }
      break;
    }
    case CommandKind::SetSpeed:
      if (std::isfinite(c.value[0]) && c.value[0] > 0) {
        const double now = steadySeconds();
        syncSim_ = std::min(syncSim_ + (now - syncWall_) * speed_, leadTime());
        syncWall_ = now;
        speed_ = std::clamp(c.value[0], 0.01, 16.0);
        restartWindow(now);
      }
      break;
    case CommandKind::SetPaused:
    case CommandKind::TogglePause: {
      const bool p = c.kind == CommandKind::SetPaused ? c.flag : !paused_;
      if (p != paused_) {
        paused_ = p;
        autoPaused_ = false;
        resync(steadySeconds());
      }
      break;
    }
    case CommandKind::Step:
      if (paused_) ++pendingSteps_;
      break;
    case CommandKind::Reset:
      resetAll();
      if (recorder_) recorder_->reset(h_);  // the scene's own h, restored by resetAll
      if (live_) live_->reset();
      resync(steadySeconds());
      break;
    case CommandKind::RecordStart:
      startRecording(c.value[0]);
      break;
    case CommandKind::Overdub:
      startOverdub(c.value[0]);
      break;
    case CommandKind::RecordStop:
      finishRecording();
      break;
    case CommandKind::LiveTake:
      handOverLive();
      break;
    case CommandKind::Seek:
      seekTakes(c.value[0]);
      break;
    case CommandKind::SetSinusoid:
    case CommandKind::SetConstant:
      forTargets([&](int, Vehicle& v) {
        auto& set = v.sim().controls();
        if (c.channel < 0 || static_cast<std::size_t>(c.channel) >= set.size()) return;
        const auto ch = static_cast<std::size_t>(c.channel);
        if (&v == vehicles_.data()) recordInexact_ = liveInexact_ = true;  // a take holds no gait edits
        if (c.kind == CommandKind::SetConstant) {
          set.setConstant(ch, c.value[0]);
        } else {
          set.set(ch, std::make_unique<SinusoidSignal>(
                          SinusoidParams{c.value[0], c.value[1], c.value[2], c.value[3]}));
        }
        // The reset state keeps the edited gait.
        auto& init = v.initial->controls();
        if (ch < init.size()) init.set(ch, set.signal(ch).clone());
      });
      break;
  }
}

void PhysicsThread::publish(double now) {
  PhysicsFrame& f = frames_.back();
  f.sequence = ++sequence_;
  f.sims.resize(vehicles_.size());
  // The sub-steps the pilot's feedback asks for at the h now set (control_rate.hpp): right also
  // while paused, after a reset or an h change that no step has run with yet.
  stats_.controlSubsteps = 1;
  for (const auto& v : vehicles_)
    if (v.slot.manual && !v.slot.take)
      stats_.controlSubsteps = std::max(stats_.controlSubsteps, controlSubsteps(v.pilot, assist_, v.sim().timeStep()));
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const auto& v = vehicles_[i];
    auto& out = f.sims[i];
    out.prev = v.prev;
    out.curr = v.curr;
    if (out.label != v.slot.label) out.label = v.slot.label;
    if (out.integrators.empty()) out.integrators = v.sim().applicableIntegrators();
    if (out.channels.empty()) out.channels = v.sim().controls().channels();
    out.manual = v.slot.manual;
    out.frozen = v.frozen;
    out.divergedAt = v.divergedAt;
    out.divergedMessage = v.divergedMessage;
  }
  f.syncWall = syncWall_;
  f.syncSim = paused_ ? leadTime() : syncSim_;
  f.speed = speed_;
  // A take on its timeline steps with its own h, which its [[events]] change (a take from 5 to
  // 7.5 s at half the step showed the scene's h): the status line and the slider show that one.
  f.h = !vehicles_.empty() && vehicles_.front().slot.take ? vehicles_.front().sim().timeStep() : h_;
  f.paused = paused_;
  f.assist = assist_;
  f.resets = resets_;
  f.stats = stats_;
  TakeStatus& ts = f.take;
  ts.recording = recorder_ != nullptr;
  ts.overdub = recordOverdub_;
  ts.recordedSteps = recorder_ ? recorder_->steps() : 0;
  ts.inexact = recordInexact_;
  const Vehicle* first = vehicles_.empty() ? nullptr : &vehicles_.front();
  ts.playing = first && first->slot.take;
  ts.ended = ts.playing && first->slot.take->finished();
  ts.clock = ts.playing ? first->slot.take->clock() : 0.0;
  ts.duration = ts.playing ? first->slot.take->duration() : 0.0;
  ts.step = ts.playing ? first->slot.take->stepsTaken() : 0;
  ts.startStep = ts.playing ? first->slot.take->startStep() : 0;
  ts.startClock = ts.playing ? first->slot.take->startClock() : 0.0;
  ts.endStep = ts.playing ? first->slot.take->endStep() : 0;
  ts.lastSeekSteps = lastSeekSteps_;
  if (ts.message != takeMessage_) ts.message = takeMessage_;
  (void)now;
  frames_.publish();
}

void PhysicsThread::run() {
  double lastStats = steadySeconds();
  while (!quit_.load(std::memory_order_acquire)) {
    bool dirty = false;
    while (auto c = commands_.pop()) {
      handle(*c);
      dirty = true;
    }
    double now = steadySeconds();
    if (!anyAlive() && !paused_) {
      paused_ = true;  // everything diverged: pause, keep the last good states on screen
      autoPaused_ = true;
      dirty = true;
    }
    if (paused_) {
      while (pendingSteps_ > 0 && anyAlive()) {
        --pendingSteps_;
        stepAll(leadTime(), true);
        dirty = true;
      }
      pendingSteps_ = 0;
      syncSim_ = leadTime();
      syncWall_ = now;
      if (dirty) publish(now);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    double target = syncSim_ + (now - syncWall_) * speed_;
    if (target - leadTime() > opt_.maxLagSeconds * speed_) {
      // Far behind (a slow integrator, a debugger stop): drop the backlog, do not spiral.
      ++stats_.resyncs;
      syncSim_ = leadTime();
      syncWall_ = now;
      target = syncSim_;
    }
    int n = 0;
    const double burstStart = now;
    while (leadTime() < target && anyAlive() && !paused_) {  // paused: a take ended
      stepAll(target, false);
      ++n;
      if (n >= opt_.maxBurstSteps || ((n & 7) == 0 && steadySeconds() - burstStart > opt_.maxBurstSeconds)) {
        ++stats_.burstCapHits;
        break;
      }
    }
    now = steadySeconds();
    if (now - lastStats >= std::max(0.5, 2.5 * h_ / speed_)) {  // a window spanning at least two steps
      const double dt = now - windowWall_;
      // The achieved real-time factor paces the clock the picture follows, min(lead, target):
      // at a large h the lead time advances in jumps of h, which alone would read as "behind".
      const double clock = std::min(leadTime(), syncSim_ + (now - syncWall_) * speed_);
      if (dt > 0) {
        stats_.physicsRate = static_cast<double>(windowSteps_) / dt;
        stats_.achievedSpeed = (clock - windowClock_) / dt;
        stats_.measured = true;
      }
      windowClock_ = clock;
      const std::size_t alive = static_cast<std::size_t>(
          std::count_if(vehicles_.begin(), vehicles_.end(), [](const Vehicle& v) { return !v.frozen; }));
      stats_.stepCostUs = windowSteps_ > 0 ? 1e6 * windowCost_ / static_cast<double>(windowSteps_) : 0.0;
      stats_.stepCostMaxUs = 1e6 * windowMax_ * static_cast<double>(std::max<std::size_t>(alive, 1));  // all vehicles
      windowWall_ = now;
      windowSim_ = leadTime();
      windowSteps_ = 0;
      windowCost_ = 0;
      windowMax_ = 0;
      lastStats = now;
      dirty = true;
    }
    if (n > 0 || dirty) publish(now);
    const double ahead = (leadTime() - (syncSim_ + (now - syncWall_) * speed_)) / speed_;
    if (ahead > 0) {
      const double sleep = std::clamp(ahead, 0.0002, 0.002);
      std::this_thread::sleep_for(std::chrono::duration<double>(sleep));
    }
  }
}

}  // namespace lieride::gui
