#pragma once
// Divergence detection shared by every Simulation (docs/architecture.md, Engine): a non-finite
// state; in a run with no inputs and no damping, |E - E0| > 10 max(|E0|, 1e-9); any speed
// above diverge_speed; or a solver that did not converge.
#include <optional>
#include <string>

#include "lieride/sim/simulation.hpp"

namespace lieride {

struct DivergenceMonitor {
  double divergeSpeed = 1e4;
  bool conservative = false;  // no inputs and no damping: energy must stay bounded
  double initialEnergy = 0.0;

  // A message describing the divergence, or nothing when the step is acceptable.
  std::optional<std::string> check(bool stateFinite, double energy, double maxSpeed,
                                   const StepReport& solver, double t) const;
};

}  // namespace lieride
