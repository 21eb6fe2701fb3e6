// `lieride bench car`: Kobilarov et al. Fig. 5. Fifty one-minute car runs with sinusoidal
// drive torque and steering over a range of initial conditions; pose error at t = 60 s
// against a fine RK4 reference and CPU time per run, for lie-nh, rk2, rk4 and nh-reflect over
// a sweep of step counts; the constraint residuals of each; the energy drift with zero drive
// torque over 1e5 steps; and the cost of one car step for every integrator (bare
// NhIntegrator::step and Simulation::step), with the ratio lie-nh / rk2 from the same run.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "bench_suite.hpp"
#include "planar_bench_util.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using namespace planar;

struct CarRun {
  double heading, sigma0, psiDot0, A, fA, phA, B, fB, phB;
};

std::string carToml(const CarRun& r) {
  std::ostringstream s;
  s.precision(17);
  s << "[vehicle]\ntype = \"car\"\n[initial]\nheading = " << r.heading << "\nshape = [0.0, " << r.sigma0
    << "]\nshape_velocity = [" << r.psiDot0 << ", 0.0]\n[integrator]\nname = \"lie-nh\"\ndt = 0.01\nduration = 60.0\n"
    << "[controls]\ndrive_torque = { amplitude = " << r.A << ", frequency = " << r.fA << ", phase = " << r.phA
    << " }\nsteer_rate = { amplitude = " << r.B << ", frequency = " << r.fB << ", phase = " << r.phB << " }\n";
  return s.str();
}

// Initial conditions and inputs over a wide range; the steering stays below its limit
// (|sigma| <= 0.15 + 2 * 0.25 < tan 0.6) so that every run is smooth.
std::vector<CarRun> makeRuns(int n) {
  std::mt19937 rng(2010);
  auto U = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  std::vector<CarRun> runs;
  for (int i = 0; i < n; ++i) {
    CarRun r;
    r.heading = U(-M_PI, M_PI);
    r.sigma0 = U(-0.15, 0.15);
    r.psiDot0 = U(0.0, 30.0);
    r.A = U(0.0, 800.0);
    r.fA = U(0.05, 0.3);
    r.phA = U(0.0, 2.0 * M_PI);
    r.fB = U(0.1, 0.5);
    r.B = U(0.05, 0.25) * 2.0 * M_PI * r.fB;
    r.phB = U(0.0, 2.0 * M_PI);
    runs.push_back(r);
  }
  return runs;
}

struct Cell {
  double errSum = 0.0, errMax = 0.0, cpuSum = 0.0, stepRes = 0.0, velRes = 0.0;
  int runs = 0, diverged = 0;
};

int runCarSuite(const std::string& outDirArg, std::ostream& log) {
  const std::string outDir = outDirArg.empty() ? "out/bench/car" : outDirArg;
  std::filesystem::create_directories(outDir);
  const bool quick = quickMode();
  const double T = 60.0;
  const auto runs = makeRuns(quick ? 4 : 50);
  const std::vector<long> counts = quick ? std::vector<long>{300, 1200, 4800}
                                         : std::vector<long>{300, 600, 1200, 2400, 4800, 9600, 19200};
  const std::vector<std::string> integs = {"lie-nh", "rk2", "rk4", "nh-reflect"};
  const long refSteps = quick ? 30000 : 120000;

  std::vector<std::vector<Cell>> cells(integs.size(), std::vector<Cell>(counts.size()));
  double sink = 0.0;
  for (const CarRun& run : runs) {
    const std::string toml = carToml(run);
    auto ref = load(toml, with("rk4", T / static_cast<double>(refSteps)));
    for (long k = 0; k < refSteps; ++k) ref->step();
    const Vec3 gRef = poseOf(*ref);
    for (std::size_t i = 0; i < integs.size(); ++i) {
      for (std::size_t j = 0; j < counts.size(); ++j) {
        Cell& c = cells[i][j];
        const double h = T / static_cast<double>(counts[j]);
        auto sim = load(toml, with(integs[i], h));
        const auto t0 = Clock::now();
        for (long k = 0; k < counts[j]; ++k) sim->step();
        const auto t1 = Clock::now();
        ++c.runs;
        if (sim->status() != RunStatus::Ok) {
          ++c.diverged;
          continue;
        }
        const Vec3 g = poseOf(*sim);
        const double err = std::abs(g(0) - gRef(0)) + std::hypot(g(1) - gRef(1), g(2) - gRef(2));
        c.errSum += err;
        c.errMax = std::max(c.errMax, err);
        c.cpuSum += std::chrono::duration<double, std::milli>(t1 - t0).count();
        // Residuals: a separate, untimed pass.
        auto diag = load(toml, with(integs[i], h));
        for (long k = 0; k < counts[j]; ++k) {
          diag->step();
          c.stepRes = std::max(c.stepRes, diag->stepConstraint());
          c.velRes = std::max(c.velRes, diag->constraintResidual());
        }
        sink += g(1);
      }
    }
  }

  std::ofstream csv(outDir + "/car_fig5.csv");
  csv.precision(8);
  csv << "integrator,steps,h,mean_pose_error,max_pose_error,mean_cpu_ms,max_step_residual,max_velocity_residual,"
         "runs,diverged\n";
  std::vector<Series> errSeries, cpuSeries;
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < integs.size(); ++i) {
    Series e{integs[i], {}, {}, false}, cp{integs[i], {}, {}, false};
    for (std::size_t j = 0; j < counts.size(); ++j) {
      const Cell& c = cells[i][j];
      const int ok = c.runs - c.diverged;
      const double meanErr = ok ? c.errSum / ok : NAN, meanCpu = ok ? c.cpuSum / ok : NAN;
      csv << integs[i] << ',' << counts[j] << ',' << T / static_cast<double>(counts[j]) << ',' << meanErr << ','
          << c.errMax << ',' << meanCpu << ',' << c.stepRes << ',' << c.velRes << ',' << c.runs << ','
          << c.diverged << '\n';
      e.x.push_back(static_cast<double>(counts[j]));
      e.y.push_back(meanErr);
      cp.x.push_back(meanCpu);
      cp.y.push_back(meanErr);
      rows.push_back({integs[i], std::to_string(counts[j]), formatNumber(meanErr), formatNumber(c.errMax),
                      formatNumber(meanCpu), formatNumber(c.stepRes), formatNumber(c.velRes),
                      std::to_string(c.diverged)});
    }
    errSeries.push_back(e);
    cpuSeries.push_back(cp);
  }
  writeLinePlot(outDir + "/car_fig5_error.png", {"Car (Fig. 5): pose error at t = 60 s", "steps per minute",
                                                  "mean pose error (rad + m)", true, true}, errSeries);
  writeLinePlot(outDir + "/car_fig5_cpu.png", {"Car (Fig. 5): error against CPU time", "mean CPU time per run (ms)",
                                                "mean pose error (rad + m)", true, true}, cpuSeries);

  // Energy with zero drive torque and sinusoidal steering: 1e5 steps at h = 0.01.
  const std::string slalom =
      "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [30.0, 0.0]\n[integrator]\ndt = 0.01\n[controls]\n"
      "steer_rate = { amplitude = 0.3, frequency = 0.1, phase = 1.5707963267948966 }\n";
  const long nE = quick ? 10000 : 100000;
  std::vector<Series> eSeries;
  std::vector<std::vector<std::string>> eRows;
  for (const char* integ : {"lie-nh", "nh-reflect", "dla", "rk2", "rk4"}) {
    auto sim = load(slalom, with(integ, 0.01));
    const double E0 = sim->energy();
    Series s{integ, {}, {}, false};
    double worst = 0.0, firstTenth = 0.0, lastTenth = 0.0;
    for (long k = 1; k <= nE; ++k) {
      sim->step();
      const double err = std::abs(sim->energy() - E0) / E0;
      worst = std::max(worst, err);
      if (k <= nE / 10) firstTenth = std::max(firstTenth, err);
      if (k > nE - nE / 10) lastTenth = std::max(lastTenth, err);
      if (k % 100 == 0) {
        s.x.push_back(sim->time());
        s.y.push_back(err);
      }
    }
    eSeries.push_back(s);
    eRows.push_back({integ, formatNumber(firstTenth), formatNumber(lastTenth), formatNumber(worst),
                     sim->status() == RunStatus::Ok ? "ok" : "diverged"});
  }
  writeLinePlot(outDir + "/car_energy.png", {"Car, zero drive torque: relative energy error", "t (s)",
                                             "|E - E0| / E0", false, true}, eSeries);

  // Cost of one step (sinusoidal torque and steering), integrators interleaved.
  const auto costs = measureStepCosts(carToml(runs.front()),
                                      {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle", "dla", "euler", "rk2", "rk4"},
                                      quick ? 20000 : 200000, quick ? 2 : 7, sink);
  // The same with constant inputs (no sinusoid evaluations), and the cost of one libm sin
  // on this machine for calibration.
  const std::string constantInputs =
      "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [20.0, 0.0]\n[integrator]\ndt = 0.01\n[controls]\n"
      "drive_torque = 50.0\nsteer_rate = 0.001\n";
  const auto constCosts = measureStepCosts(constantInputs, {"lie-nh", "rk2"}, quick ? 20000 : 200000, quick ? 2 : 7, sink);
  double sinNs = INFINITY;
  for (int rep = 0; rep < 5; ++rep) {
    double acc = 0.0, x = 0.1;
    const auto t0 = Clock::now();
    for (int i = 0; i < 2000000; ++i) {
      acc += std::sin(x);
      x += 1e-7;
    }
    const auto t1 = Clock::now();
    sink += acc;
    sinNs = std::min(sinNs, std::chrono::duration<double, std::nano>(t1 - t0).count() / 2e6);
  }
  const StepCost *lie = nullptr, *rk2 = nullptr;
  for (const auto& c : costs) {
    if (c.name == "lie-nh") lie = &c;
    if (c.name == "rk2") rk2 = &c;
  }
  std::vector<std::vector<std::string>> cRows;
  std::ofstream ccsv(outDir + "/car_step_cost.csv");
  ccsv << "integrator,bare_ns,sim_ns,bare_ratio_to_rk2,mean_iters,status\n";
  for (const auto& c : costs) {
    cRows.push_back({c.name, formatNumber(c.bareNs), formatNumber(1e3 / c.bareNs), formatNumber(c.simNs),
                     formatNumber(1e3 / c.simNs), formatNumber(c.bareNs / rk2->bareNs), formatNumber(c.meanIters),
                     c.ok ? "ok" : "failed"});
    ccsv << c.name << ',' << c.bareNs << ',' << c.simNs << ',' << c.bareNs / rk2->bareNs << ',' << c.meanIters << ','
         << (c.ok ? "ok" : "failed") << '\n';
  }

  std::ostringstream md;
  md << "# Car: Kobilarov et al. Fig. 5\n\nGenerated by `lieride bench car`" << (quick ? " (LIERIDE_BENCH_QUICK)" : "")
     << ". " << runs.size() << " runs of " << T << " s with random heading, steering, wheel speed (0-10 m/s) and "
     << "sinusoidal drive torque (0-800 N m) and steering rate; reference RK4 with " << refSteps
     << " steps. Pose error = |theta - theta_ref| + |(x, y) - (x, y)_ref| at t = 60 s. CPU: Simulation::step "
     << "loop per run. Residuals: `step` = average body velocity of each step against the constraints at the "
     << "quadrature point (m/s, rad/s; bounded below by the rounding of the stored positions, ~1e-13 |q| / h); "
     << "`velocity` = |mu(q) qdot| of the state.\n\n";
  md << markdownTable({"integrator", "steps/min", "mean error", "max error", "CPU ms/run", "max step residual",
                       "max velocity residual", "diverged"},
                      rows);
  md << "\n## Energy with zero drive torque (" << nE << " steps, h = 0.01)\n\n"
     << markdownTable({"integrator", "max rel. error, first tenth", "max rel. error, last tenth", "max", "status"}, eRows);
  md << "\n## Cost of one car step\n\n"
     << markdownTable({"integrator", "bare ns", "bare M steps/s", "sim ns", "sim M steps/s", "bare / rk2",
                       "iterations", "status"},
                      cRows);
  if (lie && rk2)
    md << "\n- lie-nh / rk2 per step, same run: **" << formatNumber(lie->bareNs / rk2->bareNs) << "** bare ("
       << formatNumber(lie->simNs / rk2->simNs) << " through Simulation::step); target <= 0.5: "
       << (lie->bareNs / rk2->bareNs <= 0.5 ? "met" : "**missed**") << ".\n- lie-nh car steps per second: **"
       << formatNumber(1e3 / lie->bareNs) << " M** bare (" << formatNumber(1e3 / lie->simNs)
       << " M through Simulation::step); target >= 10 M: " << (1e9 / lie->bareNs >= 1e7 ? "met" : "**missed**")
       << ".\n";
  md << "\nWith constant inputs (no sinusoid evaluations): lie-nh **" << formatNumber(constCosts[0].bareNs)
     << " ns** (" << formatNumber(1e3 / constCosts[0].bareNs) << " M steps/s), rk2 " << formatNumber(constCosts[1].bareNs)
     << " ns, ratio " << formatNumber(constCosts[0].bareNs / constCosts[1].bareNs) << ". One libm sin costs "
     << formatNumber(sinNs) << " ns on this machine in the same run (a sinusoidal-input lie-nh car step evaluates two "
     << "input sinusoids and no libm function for its pose update; rk2 evaluates four input sinusoids and three "
     << "sin/cos pairs).\n";
  md << "\nData: car_fig5.csv, car_step_cost.csv; plots: car_fig5_error.png, car_fig5_cpu.png, car_energy.png.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  if (sink == 1.2345) log << "";
  return 0;
}

}  // namespace

void addCarSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"car", "Kobilarov et al. Fig. 5: car error and CPU time, lie-nh vs rk2/rk4; step costs", runCarSuite});
}

}  // namespace lieride::bench
