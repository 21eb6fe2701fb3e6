// `lieride bench snakeboard`: net displacement and rotation per gait cycle for the drive,
// rotate and parking gaits (docs/models.md section 5), by integrator and step, against a fine RK4
// reference, with the constraint residual and the momentum error; and the cost of one
// snakeboard step (sinusoidal rotor and steering torques) for every integrator.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench_suite.hpp"
#include "planar_bench_util.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using namespace planar;

struct Gait {
  std::string name;
  double aPsi, fPsi, aPhi, fPhi;
  int mainAxis;  // 0 forward, 1 sideways, 2 turn: the motion the gait is for
};

std::string gaitToml(const Gait& g) {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"snakeboard\"\n[integrator]\ndt = 0.01\n[controls]\npsi = { amplitude = " << g.aPsi
    << ", frequency = " << g.fPsi << " }\nphi = { amplitude = " << g.aPhi << ", frequency = " << g.fPhi << " }\n";
  return s.str();
}

const char* const kTorques =
    "[vehicle]\ntype = \"snakeboard\"\n[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n[integrator]\n"
    "dt = 0.01\n[controls]\nrotor_torque = { amplitude = 2.0, frequency = 0.5 }\n"
    "steer_torque = { amplitude = 0.05, frequency = 0.5, phase = 1.5707963267948966 }\n";

struct Net {
  Vec3 perCycle;  // forward, sideways, turn per cycle (start frame)
  double stepRes = 0.0, momentum = 0.0;
  bool ok = true;
};

Net runGait(const Gait& g, const std::string& integ, double h, int cycles, double period) {
  auto sim = load(gaitToml(g), with(integ, h));
  const SE2 g0 = sim->model().pose(sim->state());
  Net n;
  const long steps = stepsFor(cycles * period, h);
  for (long k = 0; k < steps; ++k) {
    sim->step();
    n.stepRes = std::max(n.stepRes, sim->stepConstraint());
  }
  n.ok = sim->status() == RunStatus::Ok;
  const SE2 rel = g0.inverse() * sim->model().pose(sim->state());
  n.perCycle = Vec3(rel.x, rel.y, rel.theta) / cycles;
  n.momentum = sim->momentum();
  return n;
}

int runSnakeboardSuite(const std::string& outDirArg, std::ostream& log) {
  const std::string outDir = outDirArg.empty() ? "out/bench/snakeboard" : outDirArg;
  std::filesystem::create_directories(outDir);
  const bool quick = quickMode();
  const std::vector<Gait> gaits = {{"drive", 1.0, 0.5, 0.4, 0.5, 0},
                                   {"rotate", 1.0, 1.0, 0.4, 0.5, 2},
                                   {"parking", 2.0, 0.5, 0.8, 1.0, 1}};
  const double period = 2.0;  // every gait repeats after 2 s
  const int cycles = 5;
  const std::vector<std::string> integs = {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle", "dla", "rk2", "rk4"};
  const std::vector<double> steps = quick ? std::vector<double>{0.04, 0.01} : std::vector<double>{0.04, 0.02, 0.01, 0.005};
  const char* axisName[] = {"forward", "sideways", "turn"};

  std::ofstream csv(outDir + "/snakeboard_gaits.csv");
  csv.precision(10);
  csv << "gait,integrator,h,forward_per_cycle,sideways_per_cycle,turn_per_cycle,main_rel_error,max_step_residual,"
         "momentum_error,status\n";
  std::vector<std::vector<std::string>> rows;
  for (const Gait& g : gaits) {
    const Net ref = runGait(g, "rk4", quick ? 1e-3 : 2.5e-4, cycles, period);
    rows.push_back({g.name, "reference rk4", quick ? "0.001" : "0.00025", formatNumber(ref.perCycle(0), 4),
                    formatNumber(ref.perCycle(1), 4), formatNumber(ref.perCycle(2), 4), "", "", ""});
    std::vector<Series> series;
    for (const auto& integ : integs) {
      Series s{integ, {}, {}, false};
      for (double h : steps) {
        const Net n = runGait(g, integ, h, cycles, period);
        const double relErr = std::abs(n.perCycle(g.mainAxis) - ref.perCycle(g.mainAxis)) / std::abs(ref.perCycle(g.mainAxis));
        const double pErr = std::abs(n.momentum - ref.momentum);
        csv << g.name << ',' << integ << ',' << h << ',' << n.perCycle(0) << ',' << n.perCycle(1) << ','
            << n.perCycle(2) << ',' << relErr << ',' << n.stepRes << ',' << pErr << ',' << (n.ok ? "ok" : "diverged")
            << '\n';
        rows.push_back({g.name, integ, formatNumber(h), formatNumber(n.perCycle(0), 4), formatNumber(n.perCycle(1), 4),
                        formatNumber(n.perCycle(2), 4), formatNumber(relErr), formatNumber(n.stepRes),
                        formatNumber(pErr)});
        s.x.push_back(h);
        s.y.push_back(relErr);
      }
      series.push_back(s);
    }
    writeLinePlot(outDir + "/snakeboard_" + g.name + ".png",
                  {"Snakeboard " + g.name + " gait: error of the " + axisName[g.mainAxis] + " motion per cycle", "h (s)",
                   "relative error vs reference", true, true},
                  series);
  }

  double sink = 0.0;
  const auto costs = measureStepCosts(kTorques, integs, quick ? 20000 : 200000, quick ? 2 : 7, sink);
  const StepCost* rk2 = nullptr;
  const StepCost* lie = nullptr;
  for (const auto& c : costs) {
    if (c.name == "rk2") rk2 = &c;
    if (c.name == "lie-nh") lie = &c;
  }
  std::vector<std::vector<std::string>> cRows;
  std::ofstream ccsv(outDir + "/snakeboard_step_cost.csv");
  ccsv << "integrator,bare_ns,sim_ns,bare_ratio_to_rk2,mean_iters,status\n";
  for (const auto& c : costs) {
    cRows.push_back({c.name, formatNumber(c.bareNs), formatNumber(c.simNs), formatNumber(c.bareNs / rk2->bareNs),
                     formatNumber(c.meanIters), c.ok ? "ok" : "failed"});
    ccsv << c.name << ',' << c.bareNs << ',' << c.simNs << ',' << c.bareNs / rk2->bareNs << ',' << c.meanIters << ','
         << (c.ok ? "ok" : "failed") << '\n';
  }

  // The same torque-driven run with the description assets/vehicles/snakeboard.toml (type = "reduced").
  std::string described = kTorques;
  described.replace(described.find("type = \"snakeboard\""), std::string("type = \"snakeboard\"").size(),
                    "type = \"reduced\"\ndescription = \"" + std::string(LIERIDE_SOURCE_DIR) + "/assets/vehicles/snakeboard.toml\"");
  const std::vector<std::string> dIntegs = {"lie-nh", "lie-nh-general", "rk4"};
  const auto dCosts = measureStepCosts(described, dIntegs, quick ? 20000 : 200000, quick ? 2 : 7, sink);
  std::vector<std::vector<std::string>> dRows;
  std::ofstream dcsv(outDir + "/snakeboard_description_step_cost.csv");
  dcsv << "integrator,hand_bare_ns,description_bare_ns,ratio,description_sim_ns,description_mean_iters\n";
  for (const auto& d : dCosts) {
    const auto h = std::find_if(costs.begin(), costs.end(), [&](const StepCost& c) { return c.name == d.name; });
    dRows.push_back({d.name, formatNumber(h->bareNs), formatNumber(d.bareNs), formatNumber(d.bareNs / h->bareNs),
                     formatNumber(d.simNs), formatNumber(d.meanIters), d.ok ? "ok" : "failed"});
    dcsv << d.name << ',' << h->bareNs << ',' << d.bareNs << ',' << d.bareNs / h->bareNs << ',' << d.simNs << ','
         << d.meanIters << '\n';
  }

  std::ostringstream md;
  md << "# Snakeboard gaits\n\nGenerated by `lieride bench snakeboard`" << (quick ? " (LIERIDE_BENCH_QUICK)" : "")
     << ". Prescribed shape psi = a_psi sin(2 pi f_psi t), phi = a_phi sin(2 pi f_phi t), from rest, " << cycles
     << " cycles of " << period << " s. Net motion per cycle in the start frame (m, m, rad). "
     << "drive: a = (1, 0.4), f = (0.5, 0.5) Hz; rotate: a = (1, 0.4), f = (1, 0.5) Hz; parking: a = (2, 0.8), "
     << "f = (0.5, 1) Hz. `main rel. error`: error of the gait's own motion (drive: forward, rotate: turn, parking: "
     << "sideways) against the RK4 reference; step residual: the average body velocity of each step against both "
     << "wheel constraints at the quadrature point (m/s); momentum error: |p - p_ref| at the end (kg m^2/s).\n\n";
  md << markdownTable({"gait", "integrator", "h", "forward/cycle", "sideways/cycle", "turn/cycle", "main rel. error",
                       "max step residual", "momentum error"},
                      rows);
  md << "\n## Cost of one snakeboard step (sinusoidal rotor and steering torques)\n\n"
     << markdownTable({"integrator", "bare ns", "sim ns", "bare / rk2", "iterations", "status"}, cRows);
  if (lie && rk2)
    md << "\n- lie-nh / rk2 per step: **" << formatNumber(lie->bareNs / rk2->bareNs) << "** bare ("
       << formatNumber(lie->simNs / rk2->simNs) << " through Simulation::step).\n";
  md << "\n## The description snakeboard (assets/vehicles/snakeboard.toml) beside the hand-written one\n\n"
     << "Same run; `lie-nh` is the explicit update of Kobilarov et al. 5.2.2 for the hand-written model and the "
     << "general Newton form for the description.\n\n"
     << markdownTable({"integrator", "hand-written bare ns", "description bare ns", "description / hand-written",
                       "description sim ns", "iterations", "status"},
                      dRows);
  md << "\nData: snakeboard_gaits.csv, snakeboard_step_cost.csv; plots: snakeboard_{drive,rotate,parking}.png.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  if (sink == 1.2345) log << "";
  return 0;
}

}  // namespace

void addSnakeboardSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"snakeboard", "snakeboard gaits: net motion per cycle by integrator and step; step costs",
                    runSnakeboardSuite});
}

}  // namespace lieride::bench
