// CSV, Markdown and PNG output of `lieride bench rigid-body`.
#include "rigid_body_report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "plot.hpp"

namespace lieride::bench::rigid_body {
namespace {

struct Cell {
  long steps = 0;
  double h = 0.0;
  int runs = 0, blowups = 0;
  double meanPos = NAN, meanRot = NAN, maxPos = NAN, maxRot = NAN;
  double meanCpu = NAN, meanIters = NAN;
  double maxEnergyDrift = NAN, maxPDrift = NAN, maxLDrift = NAN;
  std::string firstReason;
};

double nanMax(double a, double b) { return std::isnan(a) ? b : (std::isnan(b) ? a : std::max(a, b)); }

// Mean over the runs that did not blow up (all runs when none did).
Cell aggregate(const std::vector<const RunRow*>& rs) {
  Cell c;
  double pos = 0, rot = 0, cpu = 0, it = 0;
  int ok = 0;
  for (const RunRow* r : rs) {
    c.steps = r->steps;
    c.h = r->h;
    ++c.runs;
    if (r->result.blewUp) {
      ++c.blowups;
      if (c.firstReason.empty()) c.firstReason = "run " + std::to_string(r->run) + ", " + r->result.reason;
      continue;
    }
    ++ok;
    pos += r->posErr;
    rot += r->rotErr;
    cpu += r->result.cpuSeconds;
    it += r->result.meanIterations;
    c.maxPos = nanMax(c.maxPos, r->posErr);
    c.maxRot = nanMax(c.maxRot, r->rotErr);
    c.maxEnergyDrift = nanMax(c.maxEnergyDrift, r->energyDrift);
    c.maxPDrift = nanMax(c.maxPDrift, r->pDrift);
    c.maxLDrift = nanMax(c.maxLDrift, r->lDrift);
  }
  if (ok > 0) {
    c.meanPos = pos / ok;
    c.meanRot = rot / ok;
    c.meanCpu = cpu / ok;
    c.meanIters = it / ok;
  }
  return c;
}

// Least-squares slope of -log(err) against log(n) over the finest (up to) three clean cells.
// Errors below `floor` (round-off, truth resolution) are not used.
double observedOrder(const std::vector<Cell>& cells, double Cell::*field, double floor) {
  std::vector<std::pair<double, double>> pts;
  for (auto it = cells.rbegin(); it != cells.rend() && pts.size() < 3; ++it) {
    const double e = (*it).*field;
    if (it->blowups > 0 || !(e > floor) || !std::isfinite(e)) break;
    pts.emplace_back(std::log(static_cast<double>(it->steps)), std::log(e));
  }
  if (pts.size() < 2) return NAN;
  double mx = 0, my = 0;
  for (auto& p : pts) mx += p.first, my += p.second;
  mx /= static_cast<double>(pts.size());
  my /= static_cast<double>(pts.size());
  double sxy = 0, sxx = 0;
  for (auto& p : pts) sxy += (p.first - mx) * (p.second - my), sxx += (p.first - mx) * (p.first - mx);
  return -sxy / sxx;
}

// Work-precision: the CPU time a method needs for a mean error `target`, interpolated
// log-log between the two clean cells that bracket it. `bound` is set when even the coarsest
// clean cell is more accurate (its CPU time is then an upper bound). NaN: never reached.
double cpuForAccuracy(const std::vector<Cell>& cells, double Cell::*field, double target, bool& bound) {
  bound = false;
  const Cell* prev = nullptr;
  for (const Cell& c : cells) {
    const double e = c.*field;
    if (c.blowups > 0 || !std::isfinite(e) || !std::isfinite(c.meanCpu)) {
      prev = nullptr;
      continue;
    }
    if (e <= target) {
      if (prev == nullptr) {
        bound = true;
        return c.meanCpu;
      }
      const double pe = (*prev).*field;
      const double w = std::log(pe / target) / std::log(pe / e);
      return std::exp(std::log(prev->meanCpu) + w * (std::log(c.meanCpu) - std::log(prev->meanCpu)));
    }
    prev = &c;
  }
  return NAN;
}

std::string cellText(const Cell& c, double value, int runs) {
  if (c.blowups > 0) return "blow-up " + std::to_string(c.blowups) + "/" + std::to_string(runs);
  return formatNumber(value, 3);
}

std::string hText(double h) {
  std::ostringstream s;
  s << formatNumber(h, 3) << " s";
  return s.str();
}

}  // namespace

void writeRigidBodyReport(const std::string& outDir, const SweepConfig& cfg, const std::vector<TruthRow>& truth,
                          const std::vector<MethodInfo>& methods, const std::vector<RunRow>& rows,
                          std::ostream& log) {
  // Per-run CSV.
  {
    std::ofstream f(outDir + "/runs.csv");
    f.precision(10);
    f << "method,peer,steps,h,run,status,pos_err,rot_err,cpu_s,mean_iters,energy_drift,p_drift,L_drift,reason\n";
    for (const RunRow& r : rows)
      f << r.method << ',' << (r.peer ? 1 : 0) << ',' << r.steps << ',' << r.h << ',' << r.run << ','
        << (r.result.blewUp ? "blow-up" : "ok") << ',' << r.posErr << ',' << r.rotErr << ',' << r.result.cpuSeconds
        << ',' << r.result.meanIterations << ',' << r.energyDrift << ',' << r.pDrift << ',' << r.lDrift << ",\""
        << r.result.reason << "\"\n";
  }
  {
    std::ofstream f(outDir + "/truth.csv");
    f.precision(10);
    f << "run,mass,J1,J2,J3,qw,qx,qy,qz,x0,y0,z0,wx,wy,wz,vx,vy,vz,truth_pos_diff,truth_rot_diff,"
         "pos_vs_closed_form\n";
    for (const TruthRow& t : truth) {
      const Case& c = t.c;
      f << t.run << ',' << c.mass << ',' << c.inertia.x() << ',' << c.inertia.y() << ',' << c.inertia.z() << ','
        << c.q0.w() << ',' << c.q0.x() << ',' << c.q0.y() << ',' << c.q0.z() << ',' << c.x0.x() << ','
        << c.x0.y() << ',' << c.x0.z() << ',' << c.omega0.x() << ',' << c.omega0.y() << ',' << c.omega0.z()
        << ',' << c.v0.x() << ',' << c.v0.y() << ',' << c.v0.z() << ',' << t.posDiff << ',' << t.rotDiff << ','
        << t.exactPos << '\n';
    }
  }

  // Aggregate per method and step count.
  std::map<std::string, std::vector<Cell>> cells;
  for (const MethodInfo& m : methods) {
    for (long n : cfg.stepCounts) {
      std::vector<const RunRow*> rs;
      for (const RunRow& r : rows)
        if (r.method == m.name && r.steps == n) rs.push_back(&r);
      if (!rs.empty()) cells[m.name].push_back(aggregate(rs));
    }
  }
  {
    std::ofstream f(outDir + "/summary.csv");
    f.precision(10);
    f << "method,peer,steps,h,runs,blowups,mean_pos_err,mean_rot_err,max_pos_err,max_rot_err,mean_cpu_s,"
         "mean_iters,max_energy_drift,max_p_drift,max_L_drift\n";
    for (const MethodInfo& m : methods)
      for (const Cell& c : cells[m.name])
        f << m.name << ',' << (m.peer ? 1 : 0) << ',' << c.steps << ',' << c.h << ',' << c.runs << ',' << c.blowups
          << ',' << c.meanPos << ',' << c.meanRot << ',' << c.maxPos << ',' << c.maxRot << ',' << c.meanCpu << ','
          << c.meanIters << ',' << c.maxEnergyDrift << ',' << c.maxPDrift << ',' << c.maxLDrift << '\n';
  }

  // Plots: blow-up cells are left out (the paper's dashes); peers dashed.
  // The peers' position errors are round-off (exact translation by construction, see Notes):
  // they are left out of the position plots.
  auto series = [&](double Cell::*xf, double Cell::*yf, bool xIsSteps) {
    const bool position = yf == &Cell::meanPos;
    std::vector<Series> out;
    for (const MethodInfo& m : methods) {
      if (position && m.peer) continue;
      Series s{m.name, {}, {}, m.peer};
      for (const Cell& c : cells[m.name]) {
        s.x.push_back(xIsSteps ? static_cast<double>(c.steps) : c.*xf);
        s.y.push_back(c.blowups > 0 ? NAN : c.*yf);
      }
      out.push_back(s);
    }
    return out;
  };
  const std::string runsText = std::to_string(cfg.runs) + " runs";
  writeLinePlot(outDir + "/position_error_vs_steps.png",
                {"Free rigid body, 240 s: position error (mean of " + runsText + "; peers exact, not shown)", "steps over 240 s",
                 "final position error (m)", true, true},
                series(nullptr, &Cell::meanPos, true));
  writeLinePlot(outDir + "/rotation_error_vs_steps.png",
                {"Free rigid body, 240 s: rotation error (mean of " + runsText + ")", "steps over 240 s",
                 "final rotation error (rad, geodesic)", true, true},
                series(nullptr, &Cell::meanRot, true));
  writeLinePlot(outDir + "/position_error_vs_cpu.png",
                {"Free rigid body: position error vs CPU time (peers exact, not shown)", "CPU time per 240 s run (s)",
                 "final position error (m)", true, true},
                series(&Cell::meanCpu, &Cell::meanPos, false));
  writeLinePlot(outDir + "/rotation_error_vs_cpu.png",
                {"Free rigid body: rotation error vs CPU time", "CPU time per 240 s run (s)",
                 "final rotation error (rad)", true, true},
                series(&Cell::meanCpu, &Cell::meanRot, false));

  // Markdown.
  std::ostringstream md;
  md << "# Free rigid body: Kobilarov, Crane & Desbrun 2009, Fig. 4\n\n"
     << "Generated by `lieride bench rigid-body`. " << cfg.runs << " free rigid bodies (docs/models.md section 1, "
     << "no wrench), each run for " << cfg.duration << " s from its own initial condition; seed " << cfg.seed
     << " (splitmix64). Distributions: mass m uniform in [0.5, 2] kg; principal inertia J1, J2, J3 each "
     << "uniform in [1, 3] kg m^2, unsorted, redrawn until the triangle inequality holds; orientation uniform "
     << "on SO(3); position uniform in [-1, 1]^3 m; body angular velocity uniform direction, |omega0| uniform in "
     << "[0.5, 3] rad/s; body linear velocity uniform direction, |v0| uniform in [0, 2] m/s. Inputs per run: "
     << "`truth.csv`.\n\n"
     << "Errors are taken at t = " << cfg.duration << " s against the ground truth: position |x - x_true| (m) "
     << "and rotation as the geodesic angle of R_true^T R (rad), averaged over the runs. CPU time is the thread "
     << "CPU time of the stepping loop of one " << cfg.duration << " s run (a per-step blow-up check included).\n\n"
     << "A run **blows up** when at any step the state is non-finite, an implicit solver reports no convergence, "
     << "|E - E0| > 10 max(|E0|, 1e-9), |omega| or |v| exceeds 1e4, or its final position error exceeds "
     << cfg.positionErrorBound << " m (the divergence rule of docs/formats.md section 3 plus an error bound). A cell with "
     << "any blow-up reads `blow-up k/" << cfg.runs << "` and is left out of the plots (the paper's dashes); "
     << "`summary.csv` keeps the mean over the surviving runs.\n\n";

  double maxPosDiff = 0, maxRotDiff = 0, maxExact = 0;
  for (const TruthRow& t : truth) {
    maxPosDiff = std::max(maxPosDiff, t.posDiff);
    maxRotDiff = std::max(maxRotDiff, t.rotDiff);
    maxExact = std::max(maxExact, t.exactPos);
  }
  md << "## Ground truth\n\nPosition: the closed form x(T) = x0 + R0 v0 T (a free body's spatial momentum "
     << "p = m R v is conserved). Rotation: classical RK4 on (q, x, omega, v) implemented in the bench itself "
     << "(independent of lieride's integrators), quaternion normalized every step, " << 2 * cfg.truthSteps
     << " steps (h = " << formatNumber(cfg.duration / static_cast<double>(2 * cfg.truthSteps), 3)
     << " s). Convergence check: against the same RK4 at " << cfg.truthSteps << " steps the largest "
     << "difference over the runs is " << formatNumber(maxRotDiff, 2) << " rad in rotation ("
     << formatNumber(maxPosDiff, 2) << " m in position), and the RK4 truth's position differs from the closed "
     << "form by at most " << formatNumber(maxExact, 2) << " m. Rotation errors below about 10x "
     << formatNumber(maxRotDiff, 2) << " rad are not resolved.\n\n";

  const double rotFloor = std::max(10.0 * maxRotDiff, 1e-12);
  std::vector<std::string> header{"method"};
  for (long n : cfg.stepCounts)
    header.push_back(std::to_string(n) + " (h " + hText(cfg.duration / static_cast<double>(n)) + ")");
  header.push_back("order");
  auto table = [&](double Cell::*field, bool order, double floor) {
    std::vector<std::vector<std::string>> body;
    for (const MethodInfo& m : methods) {
      std::vector<std::string> row{m.peer ? m.name + " (peer)" : m.name};
      const auto& cs = cells[m.name];
      for (long n : cfg.stepCounts) {
        auto it = std::find_if(cs.begin(), cs.end(), [n](const Cell& c) { return c.steps == n; });
        row.push_back(it == cs.end() ? "skipped" : cellText(*it, (*it).*field, cfg.runs));
      }
      const double p = observedOrder(cs, field, floor);
      row.push_back(!order ? "" : (std::isnan(p) ? "n/a" : formatNumber(p, 2)));
      body.push_back(row);
    }
    return markdownTable(header, body);
  };
  md << "## Position error at t = " << cfg.duration << " s (m), mean over runs\n\n"
     << "Column: number of steps over " << cfg.duration << " s (time step). `order`: slope of log error vs "
     << "log steps over the finest three clean step counts with errors above the resolution (1e-8 m, "
     << formatNumber(rotFloor, 2) << " rad); n/a when fewer than two qualify.\n\n"
     << table(&Cell::meanPos, true, 1e-8) << "\n## Rotation error at t = " << cfg.duration << " s (rad), mean over runs\n\n"
     << table(&Cell::meanRot, true, rotFloor) << "\n## CPU time per " << cfg.duration << " s run (s), mean over runs\n\n"
     << table(&Cell::meanCpu, false, 0.0) << "\n## Solver iterations per step, mean (implicit integrators)\n\n"
     << table(&Cell::meanIters, false, 0.0) << "\n";

  // lie-cay-tln4 against rk4 (and lie-cay-tln) at equal accuracy.
  {
    const char* names[] = {"lie-cay-tln4", "rk4", "lie-cay-tln"};
    std::ofstream f(outDir + "/work_precision.csv");
    f.precision(8);
    f << "error,accuracy,method,cpu_s,upper_bound\n";
    md << "## Work-precision: lie-cay-tln4 vs rk4\n\nCPU time per " << cfg.duration << " s run needed for a given "
       << "mean final error, interpolated log-log between the measured step counts (`<=`: even the coarsest "
       << "clean step count is that accurate, so its CPU time is an upper bound; `-`: not reached). "
       << "`rk4 / tln4` > 1: lie-cay-tln4 is ahead. Data: `work_precision.csv`.\n\n";
    std::vector<std::vector<std::string>> body;
    for (const auto& [label, field] : {std::pair{"position (m)", &Cell::meanPos}, std::pair{"rotation (rad)", &Cell::meanRot}}) {
      for (double acc = 1e-1; acc >= 0.99e-6; acc /= 10.0) {
        std::vector<std::string> row{label, formatNumber(acc, 1)};
        double cpu[3];
        bool bound[3];
        for (int i = 0; i < 3; ++i) {
          cpu[i] = cpuForAccuracy(cells[names[i]], field, acc, bound[i]);
          row.push_back(std::isnan(cpu[i]) ? "-" : (bound[i] ? "<= " : "") + formatNumber(cpu[i], 3));
          f << (field == &Cell::meanPos ? "position" : "rotation") << ',' << acc << ',' << names[i] << ','
            << cpu[i] << ',' << (bound[i] ? 1 : 0) << '\n';
        }
        row.push_back(std::isnan(cpu[0]) || std::isnan(cpu[1]) ? "-" : formatNumber(cpu[1] / cpu[0], 3));
        body.push_back(row);
      }
    }
    md << markdownTable({"error", "accuracy", "lie-cay-tln4 CPU (s)", "rk4 CPU (s)", "lie-cay-tln CPU (s)",
                         "rk4 / tln4"},
                        body)
       << "\n";
  }

  md << "## Conservation (runs without blow-up)\n\nLargest drift over the runs between the initial and the "
     << "final state, at the coarsest and the finest step count without blow-up: energy |E_N - E_0| / E_0; "
     << "spatial linear momentum p = m R v as |p_N - p_0| / sqrt(2 m E_0); spatial angular momentum "
     << "L = R J omega + x X p as |L_N - L_0| / sqrt(2 max(J) E_0) (momenta scaled by the largest the energy "
     << "allows, since |p_0| can be near 0). "
     << "(The L drift of a scheme that does not conserve p is dominated by x X (p_N - p_0), x growing to "
     << "hundreds of metres.)\n\n";
  {
    std::vector<std::vector<std::string>> body;
    for (const MethodInfo& m : methods) {
      const auto& cs = cells[m.name];
      auto first = std::find_if(cs.begin(), cs.end(), [](const Cell& c) { return c.blowups == 0; });
      auto last = std::find_if(cs.rbegin(), cs.rend(), [](const Cell& c) { return c.blowups == 0; });
      const std::string label = m.peer ? m.name + " (peer)" : m.name;
      if (first == cs.end()) {
        body.push_back({label, "all blew up", "", "", "", "", "", "", ""});
        continue;
      }
      body.push_back({label, std::to_string(first->steps), formatNumber(first->maxEnergyDrift, 2),
                      formatNumber(first->maxPDrift, 2), formatNumber(first->maxLDrift, 2),
                      std::to_string(last->steps), formatNumber(last->maxEnergyDrift, 2),
                      formatNumber(last->maxPDrift, 2), formatNumber(last->maxLDrift, 2)});
    }
    md << markdownTable({"method", "coarsest clean n", "E drift", "p drift", "L drift", "finest n", "E drift",
                         "p drift", "L drift"},
                        body)
       << "\n";
  }

  md << "## Blow-ups (first reason per cell)\n\n";
  bool any = false;
  for (const MethodInfo& m : methods)
    for (const Cell& c : cells[m.name])
      if (c.blowups > 0) {
        md << "- " << m.name << ", " << c.steps << " steps: " << c.blowups << "/" << c.runs << " runs; "
           << c.firstReason << "\n";
        any = true;
      }
  if (!any) md << "None.\n";

  md << "\n## Methods\n\n";
  for (const MethodInfo& m : methods) md << "- `" << m.name << "`: " << m.description << "\n";
  md << "\n## Notes\n\n";
  bool skippedAny = false;
  for (const MethodInfo& m : methods)
    if (!m.skipped.empty()) {
      md << "- " << m.name << ": step counts";
      for (long n : m.skipped) md << ' ' << n;
      md << " skipped (time budget: a step count runs only while twice the previous one's total CPU time "
         << "stays under " << cfg.budgetSeconds << " s).\n";
      skippedAny = true;
    }
  if (!skippedAny) md << "- No step count was skipped by the time budget.\n";
  md << "- The peers store the world-frame linear velocity, which stays constant for a free body, so their "
     << "translation is exact up to round-off by construction; their rotation column is the one to compare. "
     << "Both are first-order semi-implicit Euler schemes (velocity, then pose). Bullet caps the rotation per "
     << "step at pi/4 (btTransformUtil::integrateTransform); without the gyroscopic term it keeps the world "
     << "angular velocity constant, i.e. it integrates the wrong dynamics for a non-spherical body.\n"
     << "- lieride's lie-* integrators carry the body momentum mu at the step times; the errors compare poses "
     << "only (docs/models.md conventions).\n";
  md << "- Plots: `position_error_vs_steps.png`, `rotation_error_vs_steps.png`, `position_error_vs_cpu.png`, "
     << "`rotation_error_vs_cpu.png` (peers dashed, and left out of the position plots; blow-up cells left out). Data: `runs.csv` (every run), "
     << "`summary.csv` (per method and step count), `truth.csv` (inputs and truth checks).\n";

  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
}

}  // namespace lieride::bench::rigid_body
