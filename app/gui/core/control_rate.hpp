#pragma once
// The pilot's feedback at a fixed control rate, independent of h. The flight assist (a PD law
// on attitude, natural frequency 6 rad/s) and the car's steering servo read the state and set
// the inputs, which the step then holds constant: applied once per step of h = 1 s that is a
// 1 Hz sampled controller, and the closed loop goes unstable whatever the integrator. So while
// the pilot needs the state and h exceeds kControlPeriod, a step of h is taken as
// n = ceil(h / kControlPeriod) sub-steps of h / n, the pilot re-applied before each from the
// state the previous one left: the physics then runs at h / n too (docs/app.md says so, and the
// app shows it). Without feedback (assist off, boat, snakeboard) a step is one step of h. A
// take records the sub-steps (a `substeps` event, a row each) and TakePlayer repeats the calls.
#include <functional>

#include "lieride/sim/simulation.hpp"
#include "pilot.hpp"

namespace lieride::gui {

constexpr double kControlPeriod = 0.01;  // s: the pilot's feedback at 100 Hz

// Sub-steps a step of h needs for the pilot's feedback (1: none needed).
int controlSubsteps(const Pilot& pilot, bool assist, double h);

// One step of the simulation's h with the pilot applied at the control rate; `current` is the
// state at the start of the step (read by the pilot before the first sub-step; later ones read
// the state the previous sub-step left). Stops early if a sub-step diverges; h is restored in
// any case. Returns the number of sub-steps taken. `stepOnce`, if given, takes each (sub-)step
// in place of sim.step() (the physics thread meters its work and times it).
int stepWithPilot(Simulation& sim, const Pilot& pilot, const PilotAxes& axes, bool assist, const Snapshot& current,
                  const std::function<void()>& stepOnce = {});

}  // namespace lieride::gui
