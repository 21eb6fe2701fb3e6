// `lieride bench boat`: the cost of one boat step against the number of hull
// triangles (box hulls with 12, 192 and 2028 triangles) for lie-cay-tln and rk4, in calm
// water and in waves; and the accuracy of the floating, drift and top-speed checks for every
// SE(3) integrator. Output: boat_cost.csv, boat_accuracy.csv, summary.md, boat_cost.png.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bench_suite.hpp"
#include "lieride/integrate/se3_integrator.hpp"
#include "lieride/sim/scenario.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using Clock = std::chrono::steady_clock;

double envOr(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atof(v) : fallback;
}

// A boat turning under sinusoidal differential thrust (it heels, pitches and yaws, so the
// waterline moves across the hull every step).
std::string costScenario(int subdivisions, bool waves, const std::string& integrator) {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"boat\"\n[vehicle.hull]\nsubdivisions = " << subdivisions << "\n";
  if (waves)
    s << "[vehicle.waves.swell]\namplitude = 0.3\nwavelength = 40.0\ndirection = [1.0, 0.3]\n"
      << "[vehicle.waves.chop]\namplitude = 0.08\nwavelength = 7.0\ndirection = [0.2, 1.0]\nphase = 1.0\n"
      << "[vehicle.wind]\nspeed = 8.0\ndirection = [0.0, 1.0]\n";
  s << "[integrator]\nname = \"" << integrator << "\"\ndt = 0.01\n[controls]\n"
    << "thrust_right = { amplitude = 200.0, frequency = 0.1, offset = 300.0 }\n"
    << "thrust_left = { amplitude = -200.0, frequency = 0.1, offset = 300.0 }\n";
  return s.str();
}

struct CostRow {
  std::string integrator;
  bool waves = false;
  std::size_t triangles = 0;
  double usPerStep = INFINITY;
  std::string status = "ok";
};

struct AccuracyRow {
  std::string integrator;
  double h = 0.01;
  double floatErr = NAN, driftErr = NAN, speedErr = NAN;  // NaN: the run diverged
};

std::unique_ptr<Simulation> load(const std::string& text) {
  return std::move(loadScenarioFromString(text, "bench boat", ".").simulation);
}

void advance(Simulation& s, double seconds) {
  const long n = std::lround(seconds / s.timeStep());
  for (long k = 0; k < n; ++k) s.step();
}

// The three checks of docs/boat.md, as relative errors against their closed forms.
AccuracyRow accuracy(const std::string& integ, double h) {
  AccuracyRow r;
  r.integrator = integ;
  r.h = h;
  const std::string head = "[vehicle]\ntype = \"boat\"\n";
  const std::string tail = "[integrator]\nname = \"" + integ + "\"\ndt = " + std::to_string(h) + "\n";
  const auto ok = [](const Simulation& s) { return s.status() == RunStatus::Ok; };
  {  // Float: dropped 8 cm above its draft, 20 s later the draft is m / (rho L B) = 0.125.
    auto s = load(head + "[initial]\nposition = [0.0, 0.0, 0.455]\n" + tail);
    advance(*s, 20.0);
    if (ok(*s)) r.floatErr = std::abs((0.5 - s->snapshot().position.z()) / 0.125 - 1.0);
  }
  {  // Drift: current (0.5, 0.2) m/s, no air drag; 40 s later the boat moves with it.
    auto s = load(head + "[vehicle.water]\ncurrent = [0.5, 0.2]\n[vehicle.wind]\ndrag_coefficient = 0.0\n" + tail);
    advance(*s, 40.0);
    const auto snap = s->snapshot();
    const Vec3 v = snap.orientation * Vec3(snap.bodyVelocity.tail<3>());
    if (ok(*s)) r.driftErr = (v.head<2>() - Vec2(0.5, 0.2)).norm() / std::hypot(0.5, 0.2);
  }
  {  // Top speed: 2 x 400 N against E_xx v + 1/2 rho_a C_d A_front v^2.
    auto s = load(head + tail + "[controls]\nthrust_right = 400.0\nthrust_left = 400.0\n");
    advance(*s, 40.0);
    const double k = 0.5 * 1.225 * 1.6 * (1.0 - 0.125), E = 300.0;
    const double v = (-E + std::sqrt(E * E + 8.0 * k * 400.0)) / (2.0 * k);
    if (ok(*s)) r.speedErr = std::abs(s->snapshot().bodyVelocity(3) / v - 1.0);
  }
  return r;
}

int runSuite(const std::string& outDirArg, std::ostream& log) {
  const std::string outDir = outDirArg.empty() ? "out/bench/boat" : outDirArg;
  std::filesystem::create_directories(outDir);
  const bool quick = envOr("LIERIDE_BENCH_QUICK", 0.0) != 0.0;
  const int reps = quick ? 2 : 5;
  const std::vector<int> subdivisions = {1, 4, 13};  // 12, 192, 2028 triangles
  const std::vector<std::string> integrators = {"lie-cay-tln", "rk4"};

  std::vector<CostRow> rows;
  double sink = 0.0;
  for (bool waves : {false, true}) {
    for (int n : subdivisions) {
      const long steps = quick ? 200 : std::max(300L, 60000L / (n * n));
      for (const auto& integ : integrators) {
        CostRow row;
        row.integrator = integ;
        row.waves = waves;
        row.triangles = static_cast<std::size_t>(12 * n * n);
        for (int rep = 0; rep < reps; ++rep) {
          auto sim = load(costScenario(n, waves, integ));
          advance(*sim, 1.0);  // warm-up: caches and buffers sized
          const auto t0 = Clock::now();
          for (long k = 0; k < steps; ++k) sim->step();
          const auto t1 = Clock::now();
          sink += sim->snapshot().position.x();
          row.usPerStep = std::min(row.usPerStep, std::chrono::duration<double, std::micro>(t1 - t0).count() / static_cast<double>(steps));
          if (sim->status() != RunStatus::Ok) row.status = sim->statusMessage();
        }
        rows.push_back(row);
      }
    }
  }
  std::vector<AccuracyRow> acc;
  for (double h : {0.01, 0.1})
    for (const auto& name : se3IntegratorNames()) acc.push_back(accuracy(name, h));

  {
    std::ofstream f(outDir + "/boat_cost.csv");
    f << "integrator,water,triangles,us_per_step,status\n";
    for (const auto& r : rows)
      f << r.integrator << ',' << (r.waves ? "waves+wind" : "calm") << ',' << r.triangles << ',' << r.usPerStep << ','
        << r.status << '\n';
    std::ofstream a(outDir + "/boat_accuracy.csv");
    a.precision(6);
    a << "integrator,h,float_draft_rel_err,drift_speed_rel_err,top_speed_rel_err\n";
    for (const auto& r : acc)
      a << r.integrator << ',' << r.h << ',' << r.floatErr << ',' << r.driftErr << ',' << r.speedErr << '\n';
  }
  std::vector<Series> series;
  for (bool waves : {false, true})
    for (const auto& integ : integrators) {
      Series s;
      s.label = integ + (waves ? " (waves + wind)" : " (calm)");
      s.dashed = waves;
      for (const auto& r : rows)
        if (r.integrator == integ && r.waves == waves) {
          s.x.push_back(static_cast<double>(r.triangles));
          s.y.push_back(r.usPerStep);
        }
      series.push_back(s);
    }
  writeLinePlot(outDir + "/boat_cost.png", {"Boat: cost of one step vs hull triangles", "hull triangles",
                                            "microseconds per step (best of repetitions)", true, true},
                series, false);  // boat_cost.csv is the table above, not the plot's series

  std::ostringstream md;
  md << "# Boat: step cost and accuracy\n\nGenerated by `lieride bench boat`. Box hulls (4 x 1.6 x 1 m, 800 kg) "
     << "with 1, 4 and 13 subdivisions per face edge; the boat turns under sinusoidal differential thrust, "
     << "h = 0.01 s; `Simulation::step` (integrator + clip + divergence monitor), best of " << reps
     << " repetitions, one thread. `calm`: still water; `waves + wind`: two Gerstner waves and an 8 m/s wind.\n\n";
  std::vector<std::vector<std::string>> body;
  for (const auto& r : rows)
    body.push_back({r.integrator, r.waves ? "waves + wind" : "calm", std::to_string(r.triangles),
                    formatNumber(r.usPerStep, 3), r.status});
  md << markdownTable({"integrator", "water", "triangles", "us / step", "status"}, body);
  const auto defaultCost = [&](const std::string& integ) -> double {
    for (const auto& r : rows)
      if (r.integrator == integ && !r.waves && r.triangles == 12) return r.usPerStep;
    return NAN;
  };
  md << "\nTarget: <= 50 us per step with the default hull (12 triangles, calm): lie-cay-tln "
     << formatNumber(defaultCost("lie-cay-tln"), 3) << " us, rk4 " << formatNumber(defaultCost("rk4"), 3) << " us: "
     << (std::max(defaultCost("lie-cay-tln"), defaultCost("rk4")) <= 50.0 ? "met" : "**missed**") << ".\n\n";
  md << "## Accuracy of the checks (relative errors; `diverged`: the run stopped)\n\n"
     << "float: draft 20 s after an 8 cm drop vs m / (rho_w L B); drift: boat velocity 40 s into a (0.5, 0.2) m/s "
     << "current vs the current; top speed: body speed after 40 s at 2 x 400 N vs the root of "
     << "2u = E_xx v + 1/2 rho_a C_d A_front v^2.\n\n";
  body.clear();
  const auto cell = [](double e) { return std::isfinite(e) ? formatNumber(e, 3) : std::string("diverged"); };
  for (const auto& r : acc)
    body.push_back({r.integrator, formatNumber(r.h, 3), cell(r.floatErr), cell(r.driftErr), cell(r.speedErr)});
  md << markdownTable({"integrator", "h (s)", "float draft", "drift speed", "top speed"}, body);
  md << "\nData: `boat_cost.csv`, `boat_accuracy.csv`; plot: `boat_cost.png`.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  if (sink == 12345.6789) log << "";
  return 0;
}

}  // namespace

void addBoatSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"boat",
                    "boat step cost vs hull triangles (lie-cay-tln, rk4; calm and waves) and the accuracy of the "
                    "float, drift and top-speed checks",
                    runSuite});
}

}  // namespace lieride::bench
