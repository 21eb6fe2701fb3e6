#pragma once
// Headless runs: step a Simulation for a duration and write the run CSV (docs/formats.md 3).
#include <ostream>
#include <string>

#include "lieride/sim/simulation.hpp"

namespace lieride {

struct RunOutcome {
  RunStatus status = RunStatus::Ok;
  std::string message;
  long steps = 0;
  double maxSolverResidual = 0.0;
  int maxSolverIterations = 0;
};

// Number of steps of size h that cover `duration` (the last step ends at or after it).
long stepsFor(double duration, double h);

void writeCsvHeader(const Simulation& sim, std::ostream& out);
// Index of the `status` column (csvRow gives one value per column, a placeholder there).
std::size_t statusColumn(const Simulation& sim);
void writeCsvRow(const Simulation& sim, std::ostream& out);
void writeCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex);

// Steps sim for `duration`, writing the t = 0 row and then every `every`-th step. On
// divergence the diverged row is written with status `diverged` and the run stops.
RunOutcome runToCsv(Simulation& sim, double duration, int every, std::ostream& out);
// The same without output.
RunOutcome run(Simulation& sim, double duration);

}  // namespace lieride
