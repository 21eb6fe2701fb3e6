#pragma once
// What a take file holds besides its scenario (docs/formats.md section 6): [take] steps, the
// per-step inputs and the [[events]]. Played by TakePlayer (lieride/sim/take.hpp).
#include <string>
#include <vector>

namespace lieride {

enum class TakeEventKind { TimeStep, Integrator, Reset, Substeps };

// The most sub-steps a step may be split into (the app's control rate, 100 Hz, at its largest
// h, 1 s, makes 100).
inline constexpr int kMaxTakeSubsteps = 1000;

struct TakeEvent {
  long step = 0;        // applied after `step` steps of the take, before step `step` + 1
  double t = 0.0;       // take clock when it was recorded (for people; not used)
  TakeEventKind kind = TakeEventKind::Reset;
  double dt = 0.0;          // TimeStep
  std::string integrator;   // Integrator
  // Substeps: from here each step of the h in force is taken as `substeps` steps of h / n, as
  // the app's pilot feedback does at large h (app/gui/core/control_rate.hpp): setTimeStep(h / n),
  // n steps (each a take step with its own input row), setTimeStep(h). 1 ends it.
  int substeps = 1;
};

struct Take {
  long steps = 0;                 // physics steps of the whole take, resets included
  // [take] start: the in-point (a trimmed start). The first `start` steps are replayed (a take
  // always starts from its scenario's initial state) but not shown: the run CSV, the glTF and
  // video and the app's timeline begin after them, their clocks at 0 there.
  long start = 0;
  std::vector<TakeEvent> events;  // step never decreases; same-step events apply in file order
  // [take] inputs: per-step inputs (a live pilot's), row k = the constants set before step k
  // + 1 (setConstant, as the app's pilot does), row-major: steps x inputChannels.size().
  std::vector<std::string> inputChannels;
  std::vector<double> stepInputs;
  // [take] scenery: the DMOC problem file whose obstacles, goal and waypoints the app draws
  // around the take (a take of an optimal Play); resolved against the take's folder. Nothing
  // else reads it: lieride sim, export and render run the take without it.
  std::string scenery;
};

}  // namespace lieride
