#pragma once
// Headless runs: step a Simulation for a duration and write the run CSV (docs/formats.md 3).
#include <optional>
#include <ostream>
#include <initializer_list>
#include <string>
#include <vector>

#include "lieride/sim/simulation.hpp"

namespace lieride {

struct RunOutcome {
  RunStatus status = RunStatus::Ok;
  std::string message;
  long steps = 0;
  double maxSolverResidual = 0.0;
  int maxSolverIterations = 0;
};

// Number of whole steps of size h in `duration`, in floating point (may exceed any integer
// type): a last partial step is not taken, so a run never passes its duration
// (docs/formats.md, "Limits"). Decimal rounding is absorbed: 1.0 / 0.1 counts 10.
// One CSV cell: the shortest form that reads back exactly, "0" for -0 and "nan" for any NaN
// (docs/formats.md section 3). Every CSV lieride writes uses it.
void writeCsvNumber(std::ostream& out, double v);
// The t column: 15 significant digits, so that k h for a decimal h reads as written (0.3,
// not 0.30000000000000004).
void writeCsvTime(std::ostream& out, double t);
// Comma-separated cells, t first (writeCsvTime) then numbers (writeCsvNumber); no newline.
void writeCsvCells(std::ostream& out, const std::vector<double>& values);
// The status cell of a row written from a plan rather than a run (`lieride optimize`'s
// trajectory.csv): "ok", or "diverged" when a value of the row is not finite. A writer stops
// after such a row, as `lieride sim` stops after its diverged row: `ok` never stands beside
// inf or nan.
const char* planRowStatus(const std::vector<double>& row, std::initializer_list<double> more = {});

double stepCount(double duration, double h);
// The same as an integer; throws std::overflow_error when it does not fit.
long stepsFor(double duration, double h);

void writeCsvHeader(const Simulation& sim, std::ostream& out);
// Index of the `status` column (runCsvRow gives one value per column; the status slot holds 0 and
// the writer prints the status text there).
std::size_t statusColumn(const Simulation& sim);
void writeCsvRow(const Simulation& sim, std::ostream& out);
void writeCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex);
// The same, writing `diverged` instead of `ok` when a value is not finite; returns the index of
// the first non-finite column, if any.
std::optional<std::size_t> writeCheckedCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex);

// Steps sim for `duration`, writing the t = 0 row and then every `every`-th step. On
// divergence the diverged row is written with status `diverged` and the run stops.
RunOutcome runToCsv(Simulation& sim, double duration, int every, std::ostream& out);
// The same without output.
RunOutcome run(Simulation& sim, double duration);

}  // namespace lieride
