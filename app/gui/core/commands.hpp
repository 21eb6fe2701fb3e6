#pragma once
// What the UI and input threads tell the physics thread (through SpscQueue<Command>), and
// what the physics thread sends back besides snapshots (PlotSample, through SpscQueue).
// Plain fixed-size values: copying one never allocates.
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

namespace lieride::gui {

// Normalised pilot axes after dead zone, expo and invert: sticks in [-1, 1] (up and right
// positive), triggers in [0, 1]. The keyboard produces the same axes.
struct PilotAxes {
  float lx = 0, ly = 0, rx = 0, ry = 0, lt = 0, rt = 0;
  bool operator==(const PilotAxes&) const = default;
};

enum class CommandKind : std::uint8_t {
  Pilot,         // axes
  SetManual,     // target sim, flag: pilot drives it (true) or its scripted signals (false)
  SetAssist,     // flag: helicopter flight assist (attitude hold + rate damping)
  SetIntegrator, // target sim (-1 all), name; flag: quiet (the starting integrator: no marker)
  SetTimeStep,   // value[0] = h, all sims; flag: quiet (a slider drag in progress: no marker);
                 // value[1] > 0: the h the change started from (the marker reads "h a -> b")
  SetSpeed,      // value[0] = wall-clock speed factor
  SetPaused,     // flag
  TogglePause,
  Step,          // one step while paused
  Reset,
  SetSinusoid,   // target, channel, value = amplitude, frequency, phase, offset
  SetConstant,   // target, channel, value[0]
  RecordStart,   // record vehicle 0 from a reset (value[0]: the longest take, seconds)
  RecordStop,    // end the recording (or overdub) and hand it to the UI
  Overdub,       // vehicle 0 replays a take: the pilot takes over here, recording on (value[0] as RecordStart)
  Seek,          // take copies: go to take clock value[0] (s), re-simulating from checkpoints
  LiveTake,      // hand a copy of the live run's background take to the UI (exports)
};

struct Command {
  CommandKind kind = CommandKind::Pilot;
  int target = -1;
  int channel = -1;
  bool flag = false;
  std::array<double, 4> value{};
  PilotAxes axes;
  std::array<char, 32> name{};

  void setName(const std::string& s) {
    name.fill('\0');
    std::memcpy(name.data(), s.data(), s.size() < name.size() - 1 ? s.size() : name.size() - 1);
  }
  std::string nameString() const { return std::string(name.data()); }

  static Command make(CommandKind k) {
    Command c;
    c.kind = k;
    return c;
  }
  // The h a run starts with (lieride app --dt): quiet, since the starting h is no change and
  // gets no "h a -> b" marker at t = 0.
  static Command startingTimeStep(double h) {
    Command c = make(CommandKind::SetTimeStep);
    c.value[0] = h;
    c.flag = true;
    return c;
  }
  // The integrator a run starts with (lieride app --integrator, the scene's remembered one): quiet too.
  static Command startingIntegrator(const std::string& name) {
    Command c = make(CommandKind::SetIntegrator);
    c.setName(name);
    c.flag = true;
    return c;
  }
};

// Reset: the history restarts (a new run). Seek: the take timeline moved to t; the history
// before t is kept, what lies beyond it dropped, the energy balance restarts at t.
enum class SampleKind : std::uint8_t { Sample, Marker, Reset, Seek };

// One point of the live plots (decimated to a few hundred per simulated second), or a marker
// where h or the integrator changed, or "the history restarts here" after a reset.
struct PlotSample {
  SampleKind kind = SampleKind::Sample;
  std::uint8_t sim = 0;
  double t = 0, energy = 0, momentum = 0, constraint = 0, residual = 0, h = 0;
  double work = 0;  // W(t): the inputs' and non-conservative forces' work since t = 0 (J)
  int iterations = 0;
  // The vehicle's own diagnostics (Snapshot::extras, e.g. the sleigh's costates): no allocation.
  std::array<double, 8> extras{};
  std::uint8_t extraCount = 0;
  std::array<char, 40> label{};
  std::array<char, 24> integrator{};  // which integrator produced this sample (legend segments)
};

}  // namespace lieride::gui
