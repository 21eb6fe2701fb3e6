#pragma once
// The independent reference of the collocation h^3 tests: a rigid-body scenario's simulator
// stepped a whole number of fine steps per knot, its states read at the knots.
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"

namespace lieride::opt::test {

// Calls visit(k, state, inertia diagonal) at knots k = 0 (the scenario's start) to knots, with
// stepsPerKnot simulator steps between consecutive knots.
template <class Visit>
void visitSe3Knots(Scenario& sc, int knots, int stepsPerKnot, Visit&& visit) {
  const auto& sim = dynamic_cast<const Se3Simulation&>(*sc.simulation);
  const Vec6 inertia = sim.inertia().diagonal();
  for (int k = 0; k <= knots; ++k) {
    if (k > 0)
      for (int i = 0; i < stepsPerKnot; ++i) sc.simulation->step();
    visit(k, sim.state(), inertia);
  }
}

}  // namespace lieride::opt::test
