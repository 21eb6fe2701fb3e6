#pragma once
// The immutable picture the physics thread publishes through the triple buffer: for every
// vehicle the two latest consecutive states (so the renderer can interpolate between them on
// the group), the wall-clock <-> simulation-time mapping, and the thread's statistics.
#include <cstdint>
#include <string>
#include <vector>

#include "lieride/sim/simulation.hpp"

namespace lieride::gui {

struct SimView {
  Snapshot prev;  // state at t_k (equal to curr when there is no consecutive pair)
  Snapshot curr;  // state at t_k+1
  std::string label;
  std::vector<std::string> integrators;  // applicable
  std::vector<std::string> channels;
  bool manual = true;   // pilot drives the inputs (else the scenario's scripted signals)
  bool frozen = false;  // diverged: held at its last good state
  double divergedAt = 0;
  std::string divergedMessage;
};

struct PhysicsStats {
  double physicsRate = 0;      // steps per wall-clock second (per vehicle)
  double achievedSpeed = 0;    // d(sim time)/d(wall time) over the last half second
  bool measured = false;       // a first window has ended: until then the two above read 0
  double stepCostUs = 0;       // mean wall time of one step of all vehicles
  double stepCostMaxUs = 0;    // worst step in the last window
  long totalSteps = 0;
  int resyncs = 0;             // times the clock was re-synchronised instead of catching up
  int burstCapHits = 0;
  int controlSubsteps = 1;     // > 1: each step of h taken as this many sub-steps for the pilot's feedback
};

// Recording and take playback (docs/app.md, "Takes").
struct TakeStatus {
  bool recording = false;
  bool overdub = false;
  long recordedSteps = 0;
  bool inexact = false;      // a change the take cannot hold was made while recording
  bool playing = false;      // vehicle 0 replays a take
  bool ended = false;        // ... and has reached its end
  double clock = 0, duration = 0;  // take clock of vehicle 0 and the take's length (s)
  long step = 0, endStep = 0;      // steps of the take replayed, and in all
  long startStep = 0;              // its in-point ([take] start) ...
  double startClock = 0;           // ... and the take clock there
  long lastSeekSteps = 0;    // steps the last seek re-simulated (largest over the copies)
  std::string message;       // why the last take command did nothing
};

struct PhysicsFrame {
  std::uint64_t sequence = 0;
  std::vector<SimView> sims;
  double syncWall = 0;  // seconds on the steady clock
  double syncSim = 0;   // simulation time at syncWall
  double speed = 1;
  double h = 0.01;
  bool paused = false;
  bool assist = true;
  std::uint32_t resets = 0;
  PhysicsStats stats;
  TakeStatus take;

  // Simulation time the renderer should show at wall time `wall`.
  double targetTime(double wall) const {
    return paused ? syncSim : syncSim + (wall - syncWall) * speed;
  }
};

double steadySeconds();

}  // namespace lieride::gui
