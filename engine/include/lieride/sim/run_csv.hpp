#pragma once
// The run CSV's columns and rows (docs/formats.md section 3), written from a simulation's
// public state accessors: the physics interface (Simulation) knows nothing of the CSV.
// The SE(3) vehicles, the nonholonomic ones (planar, np-particle and the vehicles from a
// description) and the controlled sleigh each have their layout here; the row of a diverged
// run is the step that failed, at its time (SimulationOf::rowState, SimulationCore::rowTime).
#include <string>
#include <vector>

#include "lieride/sim/simulation.hpp"

namespace lieride {

// The column names, `status` included. Throws std::invalid_argument for a Simulation of a
// kind with no run CSV layout.
std::vector<std::string> runCsvColumns(const Simulation& sim);
// Appends one value per column; the `status` slot holds 0 (the writer prints the status text).
void runCsvRow(const Simulation& sim, std::vector<double>& values);

}  // namespace lieride
