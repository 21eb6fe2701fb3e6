#include "lieride/sim/run.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace lieride {
namespace {

void writeNumber(std::ostream& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
  out.write(buf, r.ptr - buf);
}

}  // namespace

long stepsFor(double duration, double h) {
  return static_cast<long>(std::ceil(duration / h - 1e-9));
}

void writeCsvHeader(const Simulation& sim, std::ostream& out) {
  const auto cols = sim.csvColumns();
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
}

std::size_t statusColumn(const Simulation& sim) {
  const auto cols = sim.csvColumns();
  return static_cast<std::size_t>(std::find(cols.begin(), cols.end(), "status") - cols.begin());
}

void writeCsvRow(const Simulation& sim, std::ostream& out) { writeCsvRow(sim, out, statusColumn(sim)); }

void writeCsvRow(const Simulation& sim, std::ostream& out, std::size_t statusIndex) {
  static thread_local std::vector<double> values;
  values.clear();
  sim.csvRow(values);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out << ',';
    if (i == statusIndex) out << toString(sim.status());
    else writeNumber(out, values[i]);
  }
  out << '\n';
}

RunOutcome runToCsv(Simulation& sim, double duration, int every, std::ostream& out) {
  RunOutcome o;
  writeCsvHeader(sim, out);
  const std::size_t status = statusColumn(sim);  // column layout is fixed for a run
  writeCsvRow(sim, out, status);
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
    if (k % every == 0) writeCsvRow(sim, out, status);
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
