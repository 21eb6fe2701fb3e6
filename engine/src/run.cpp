#include "lieride/sim/run.hpp"

#include "lieride/sim/run_csv.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace lieride {

// t_k = k h to 15 significant digits (3 x 0.1 is 0.30000000000000004 in binary, which would
// read as passing --duration 0.3).
void writeCsvTime(std::ostream& out, double t) {
  if (!std::isfinite(t)) return writeCsvNumber(out, t);
  if (t == 0.0) t = 0.0;
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, t, std::chars_format::general, 15);
  out.write(buf, r.ptr - buf);
}

void writeCsvCells(std::ostream& out, const std::vector<double>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out << ',';
    if (i == 0) writeCsvTime(out, values[i]);
    else writeCsvNumber(out, values[i]);
  }
}

const char* planRowStatus(const std::vector<double>& row, std::initializer_list<double> more) {
  const auto finite = [](double v) { return std::isfinite(v); };
  return std::all_of(row.begin(), row.end(), finite) && std::all_of(more.begin(), more.end(), finite) ? "ok" : "diverged";
}

void writeCsvNumber(std::ostream& out, double v) {
  if (std::isnan(v)) {  // a diverged row: "nan", never "-nan"
    out << "nan";
    return;
  }
  if (v == 0.0) v = 0.0;  // "0", never "-0"
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
  out.write(buf, r.ptr - buf);
}

double stepCount(double duration, double h) {
  // Whole steps only; 1e-12 relative absorbs the rounding of decimal dt and duration.
  return std::floor(duration / h * (1.0 + 1e-12));
}

long stepsFor(double duration, double h) {
  const double n = stepCount(duration, h);
  if (!(n >= 0.0 && n < 9e18))
    throw std::overflow_error("duration / dt = " + std::to_string(n) + " steps cannot be counted");
  return static_cast<long>(n);
}

void writeCsvHeader(const Simulation& sim, std::ostream& out) {
  const auto cols = runCsvColumns(sim);
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
}

std::size_t statusColumn(const Simulation& sim) {
  const auto cols = runCsvColumns(sim);
  return static_cast<std::size_t>(std::find(cols.begin(), cols.end(), "status") - cols.begin());
}

void writeCsvRow(const Simulation& sim, std::ostream& out) { writeCsvRow(sim, out, statusColumn(sim)); }

void writeCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex) {
  writeCheckedCsvRow(sim, out, statusIndex);
}

std::optional<std::size_t> writeCheckedCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex) {
  static thread_local std::vector<double> values;
  values.clear();
  runCsvRow(sim, values);
  // Never `ok` beside a non-finite value (docs/formats.md section 3).
  std::optional<std::size_t> nonFinite;
  for (std::size_t i = 0; i < values.size() && !nonFinite; ++i)
    if (i != statusIndex && !std::isfinite(values[i])) nonFinite = i;
  const RunStatus status = nonFinite ? RunStatus::Diverged : sim.status();
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out << ',';
    if (i == statusIndex) out << toString(status);
    else if (i == 0) writeCsvTime(out, values[i]);  // t, the first column of every layout
    else writeCsvNumber(out, values[i]);
  }
  out << '\n';
  return nonFinite;
}

RunOutcome runToCsv(Simulation& sim, double duration, int every, std::ostream& out) {
  RunOutcome o;
  writeCsvHeader(sim, out);
  const auto columns = runCsvColumns(sim);
  const std::size_t status = statusColumn(sim);  // column layout is fixed for a run
  // A written row with a non-finite value ends the run as diverged, the t = 0 row included.
  auto writeRow = [&]() {
    const auto bad = writeCheckedCsvRow(sim, out, status);
    if (!bad || sim.status() != RunStatus::Ok) return true;
    o.status = RunStatus::Diverged;
    std::ostringstream msg;
    msg.precision(6);
    msg << "diverged at t = " << sim.time() << ": non-finite " << columns[*bad] << " in the CSV row";
    o.message = msg.str();
    return false;
  };
  if (!writeRow()) return o;
  const long n = stepsFor(duration, sim.timeStep());
  for (long k = 1; k <= n; ++k) {
    const StepReport r = sim.step();
    o.steps = k;
    o.maxSolverIterations = std::max(o.maxSolverIterations, r.iterations);
    o.maxSolverResidual = std::max(o.maxSolverResidual, r.residual);
    if (sim.status() != RunStatus::Ok) {
      writeCsvRow(sim, out, status);
      o.status = sim.status();
      o.message = sim.statusMessage();
      return o;
    }
    if (k % every == 0 && !writeRow()) return o;
  }
  return o;
}

RunOutcome run(Simulation& sim, double duration) {
  RunOutcome o;
  const long n = stepsFor(duration, sim.timeStep());
  for (long k = 1; k <= n; ++k) {
    const StepReport r = sim.step();
    o.steps = k;
    o.maxSolverIterations = std::max(o.maxSolverIterations, r.iterations);
    o.maxSolverResidual = std::max(o.maxSolverResidual, r.residual);
    if (sim.status() != RunStatus::Ok) {
      o.status = sim.status();
      o.message = sim.statusMessage();
      return o;
    }
  }
  return o;
}

}  // namespace lieride
