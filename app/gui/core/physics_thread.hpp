#pragma once
// The physics thread (docs/architecture.md; MuJoCo simulate's loop without its global mutex):
// it owns the simulations and steps them at the fixed step h while simulation time lags
// wall time x speed, caps each burst, re-synchronises the clock when it falls far behind
// instead of spiralling, freezes a vehicle that diverged (and pauses when all have).
// Commands arrive through a lock-free queue; immutable frames leave through a triple buffer,
// plot samples through a second queue. Nothing here touches SDL or GL.
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "frame.hpp"
#include "lieride/sim/take_recorder.hpp"
#include "pilot.hpp"
#include "spsc_queue.hpp"
#include "take_timeline.hpp"
#include "triple_buffer.hpp"
#include "work_meter.hpp"

namespace lieride::gui {

struct SimSlot {
  std::unique_ptr<Simulation> sim;  // null when `take` drives the vehicle
  std::string label;
  bool manual = true;  // pilot drives it from the start
  std::shared_ptr<const VehicleView> view;  // its kind's view (the pilot's mapping); null: built from sim
  std::unique_ptr<TakeTimeline> take = nullptr;  // a take replays it (docs/app.md, "Takes")
};

// A recording the physics thread finished (Stop, a full recorder), for the UI to write out.
struct RecordedTake {
  std::unique_ptr<TakeRecorder> recorder;
  std::uint64_t hash = 0;  // the recorded vehicle's final state (lieride/sim/state_hash.hpp)
  bool overdub = false;    // carries on a replayed take (its scenario is that take's)
  bool inexact = false;    // a live change a take cannot hold (gait edit, manual switch) was made
  bool live = false;       // the live run so far (LiveTake), not a Record/Stop
};

struct PhysicsOptions {
  double speed = 1.0;
  bool startPaused = false;
  bool assist = true;
  int maxBurstSteps = 5000;         // per loop iteration
  double maxBurstSeconds = 0.010;   // wall time per loop iteration
  double maxLagSeconds = 0.25;      // wall-time lag beyond which the clock re-syncs
  double sampleInterval = 1.0 / 200.0;  // simulation seconds between plot samples
};

class PhysicsThread {
 public:
  PhysicsThread(std::vector<SimSlot> sims, PhysicsOptions options = {});
  ~PhysicsThread();
  PhysicsThread(const PhysicsThread&) = delete;
  PhysicsThread& operator=(const PhysicsThread&) = delete;

  void start();
  void stop();
  bool running() const { return thread_.joinable(); }

  // UI side. send() returns false if the queue is full (the command is dropped).
  bool send(const Command& c) { return commands_.push(c); }
  // Render side: refresh and read the newest frame (valid after start()).
  bool poll() { return frames_.update(); }
  const PhysicsFrame& frame() const { return frames_.front(); }
  SpscQueue<PlotSample, 16384>& samples() { return samples_; }
  // Only while the thread is stopped: the hash of each vehicle's exact state
  // (lieride/sim/state_hash.hpp), the same that `lieride sim` prints for a replayed take.
  std::size_t vehicleCount() const { return vehicles_.size(); }
  std::uint64_t stateHash(std::size_t vehicle) const;
  // UI side: a recording that ended since the last call (each one once).
  std::optional<RecordedTake> takeRecorded();

 private:
  struct Vehicle {
    Simulation& sim() { return slot.take ? slot.take->simulation() : *slot.sim; }
    const Simulation& sim() const { return slot.take ? slot.take->simulation() : *slot.sim; }
    SimSlot slot;
    std::unique_ptr<Simulation> initial;
    Pilot pilot;
    Snapshot prev, curr;
    bool frozen = false;
    double divergedAt = 0;
    std::string divergedMessage;
    double lastSampleT = -1e300;
    WorkMeter work;  // W of the energy balance, metered over every step (work_meter.hpp)
  };

  void run();
  void handle(const Command& c);
  double leadTime() const;
  bool anyAlive() const;
  void stepAll(double target, bool forceSnapshot);
  void stepVehicle(Vehicle& v, bool wantSnapshot);
  void resync(double now);
  void publish(double now);
  void marker(int sim, double t, const std::string& text);
  void pushSample(int sim, const Snapshot& s);
  void resetAll();
  void setIntegrator(int index, Vehicle& v, const std::string& name, bool mark = true);
  // Takes (physics_thread_takes.cpp): recording, overdub, seeking.
  void startRecording(double maxSeconds);
  void startOverdub(double maxSeconds);
  void finishRecording();
  void startLive();
  void handOverLive();
  void seekTakes(double t);
  void restartView(std::size_t index, SampleKind kind = SampleKind::Reset);
  void restartWindow(double now);  // the statistics' measuring window

  std::vector<Vehicle> vehicles_;
  PhysicsOptions opt_;
  SpscQueue<Command, 1024> commands_;
  SpscQueue<PlotSample, 16384> samples_;
  TripleBuffer<PhysicsFrame> frames_;
  std::thread thread_;
  std::atomic<bool> quit_{false};

  // Physics-thread state.
  PilotAxes axes_;
  bool paused_ = false, assist_ = true;
  bool autoPaused_ = false;  // paused because every vehicle diverged
  int pendingSteps_ = 0;
  double speed_ = 1.0, h_ = 0.01;
  double syncWall_ = 0, syncSim_ = 0;
  std::uint64_t sequence_ = 0;
  std::uint32_t resets_ = 0;
  PhysicsStats stats_;
  double windowWall_ = 0, windowSim_ = 0, windowCost_ = 0, windowMax_ = 0;
  double windowClock_ = 0;  // the paced clock min(lead, target) at the window's start
  long windowSteps_ = 0;

  // Takes.
  std::unique_ptr<TakeRecorder> recorder_;  // vehicle 0's live run being recorded
  bool recordOverdub_ = false, recordInexact_ = false;
  // The live run of vehicle 1 since the scene loaded or Record restarted it, always recorded
  // (allocation-free per step) so that its run CSV and glTF can be exported without a Record.
  std::unique_ptr<TakeRecorder> live_;
  bool liveInexact_ = false;
  std::string takeMessage_;
  long lastSeekSteps_ = 0;
  std::mutex recordedMutex_;
  std::vector<RecordedTake> recorded_;  // finished, not yet collected (oldest first)
};

}  // namespace lieride::gui
