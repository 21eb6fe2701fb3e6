#include "control_rate.hpp"

#include <cmath>

namespace lieride::gui {

int controlSubsteps(const Pilot& pilot, bool assist, double h) {
  if (!pilot.needsState(assist) || !(h > kControlPeriod * (1.0 + 1e-9))) return 1;
  return static_cast<int>(std::ceil(h / kControlPeriod - 1e-9));
}

int stepWithPilot(Simulation& sim, const Pilot& pilot, const PilotAxes& axes, bool assist, const Snapshot& current,
                  const std::function<void()>& stepOnce) {
  auto step = [&] {
    if (stepOnce) stepOnce();
    else sim.step();
  };
  const double h = sim.timeStep();
  const int n = controlSubsteps(pilot, assist, h);
  if (n == 1) {
    pilot.apply(axes, assist, sim, pilot.needsState(assist) ? &current : nullptr);
    step();
    return 1;
  }
  struct RestoreStep {  // h comes back also when a step throws
    Simulation& sim;
    double h;
    ~RestoreStep() { sim.setTimeStep(h); }
  } restore{sim, h};
  sim.setTimeStep(h / n);
  Snapshot state;
  for (int taken = 1;; ++taken) {
    pilot.apply(axes, assist, sim, taken == 1 ? &current : &state);
    step();
    if (taken == n || sim.status() != RunStatus::Ok) return taken;
    state = sim.snapshot();
  }
}

}  // namespace lieride::gui
