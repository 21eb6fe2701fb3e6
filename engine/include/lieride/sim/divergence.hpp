#pragma once
// Divergence detection shared by every Simulation (docs/architecture.md, Engine): a non-finite
// state; in a run with no inputs and no damping, |E - E0| > 10 max(|E0|, 1e-9) and
// |E - E0| > S / 2, S = T + |V| the size of the energy's parts (the change is no round-off of
// parts that are large while they cancel, as for a body falling from rest at V = 0: E0 = 0);
// any speed above diverge_speed; or a solver that did not converge.
#include <optional>
#include <string>

#include "lieride/sim/simulation.hpp"

namespace lieride {

struct DivergenceMonitor {
  double divergeSpeed = 1e4;
  bool conservative = false;  // no inputs and no damping: energy must stay bounded
  double initialEnergy = 0.0;

  // A message describing the divergence, or nothing when the step is acceptable.
  // energyScale: T + |V| of the state (0 where a simulation does not split its energy).
  std::optional<std::string> check(bool stateFinite, double energy, double maxSpeed,
                                   const StepReport& solver, double t, double energyScale = 0.0) const;
};

}  // namespace lieride
