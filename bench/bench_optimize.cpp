// `lieride bench optimize [--quick]`: every shipped DMOC problem (assets/problems,
// docs/formats.md section 4) by DMOC and, for the car, the helicopter, the boat and the
// snakeboard, by the conventional baseline (trapezoidal collocation in coordinates,
// collocation.hpp) on the same IPOPT with the same guess and Hessian option. Per problem and
// method: cold solve from the default guess, warm re-solve after a small goal edit (the goal
// position moved 0.1 m along x, started from the cold solution's primal and dual values),
// iterations, the largest constraint violation, the replay error of the optimal controls run
// through the simulator, and where the CPU time went (our callbacks against IPOPT). Then the
// success rate of both methods over random start poses for car-parallel-park and
// boat-docking (100 each; 5 with --quick).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <optional>
#include <memory>
#include <random>
#include <sstream>

#include "bench_suite.hpp"
#include "lieride/optimize/dmoc.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using namespace lieride::opt;

// --quick caps the collocation solves (DMOC's need at most about 320 iterations, warm
// snakeboard-reorient; the helicopters' collocation does not converge in 1000 and would take
// minutes). Random starts: a start not solved within kStartIterations counts as failed (solved
// docking starts took 12-42 iterations, parking starts up to 198).
constexpr int kQuickCollocationIterations = 150;
constexpr int kStartIterations = 300;

struct Timed {
  SolveResult result;
  double wall = 1e30, cpu = 1e30;
};

// Best wall and process CPU time of `repeats` solves (one, when it does not converge: the
// time of a failure says little, and a 1000-iteration failure takes a minute here).
Timed timedSolve(const std::function<SolveResult()>& solve, int repeats) {
  Timed t;
  for (int i = 0; i < repeats && (i == 0 || t.result.status == SolveStatus::Solved); ++i) {
    const auto w0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    SolveResult r = solve();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    t.wall = std::min(t.wall, wall);
    t.cpu = std::min(t.cpu, cpu);
    t.result = std::move(r);
  }
  return t;
}

Timed timedSolve(const Nlp& nlp, const SolveOptions& o, int repeats) {
  return timedSolve([&] { return solveNlp(nlp, o); }, repeats);
}

std::string ms(double seconds) { return formatNumber(1e3 * seconds); }

Problem movedGoal(const Problem& p) {
  Problem edited = p;
  if (edited.goal.position) edited.goal.position = Vec2(edited.goal.position->x() + 0.1, edited.goal.position->y());
  if (edited.goal.position3) edited.goal.position3 = *edited.goal.position3 + Vec3(0.1, 0.0, 0.0);
  return edited;
}

// The second small edit, for a goal with a heading: the heading turned by 0.05 rad (about 3
// degrees). For a turn in place (snakeboard-reorient: the board rolls about 0.09 m out and
// back) this is the small edit; moving its goal 0.1 m more than doubles the motion.
constexpr double kHeadingEdit = 0.05;
std::optional<Problem> turnedGoal(const Problem& p) {
  if (!p.goal.heading) return std::nullopt;
  Problem edited = p;
  edited.goal.heading = *p.goal.heading + kHeadingEdit;
  return edited;
}

struct Method {
  const char* name;
  std::function<std::unique_ptr<Nlp>(const DmocSession&)> make;  // null: the session's own DMOC
};

// Whether the car at rest at `start` satisfies the problem's own obstacle constraints (the
// smooth conservative outlines of CarDmoc): every knot's pose set to the start, knot 1's rows.
bool clearStart(const Problem& p, const CarParams& params, const CarStart& start) {
  const CarDmoc car(p, params, start);
  std::vector<double> x;
  car.initialGuess(x);
  const int n = car.knots();
  for (int k = 0; k <= n; ++k) {
    x[static_cast<std::size_t>(CarDmoc::var(k, CarDmoc::kTheta))] = start.theta;
    x[static_cast<std::size_t>(CarDmoc::var(k, CarDmoc::kX))] = start.x;
    x[static_cast<std::size_t>(CarDmoc::var(k, CarDmoc::kY))] = start.y;
  }
  std::vector<double> g(static_cast<std::size_t>(car.numConstraints()));
  car.constraints(x.data(), g.data(), nullptr);
  const int first = CarDmoc::kDynamicsRows * n;  // obstacle rows, knot by knot from knot 1
  const int perKnot = (car.numConstraints() - first - (p.goal.speed ? 1 : 0)) / n;
  for (int i = first; i < first + perKnot; ++i)
    if (g[static_cast<std::size_t>(i)] < 0.0) return false;
  return true;
}

// A uniformly random start of car-parallel-park, at rest: the rear axle anywhere in a
// 4 m x 1.5 m patch of the driving lane beside the front parked car, heading within
// +-0.15 rad of the kerb's direction; drawn again while the car there would touch an
// obstacle (near y = 3 a turned car reaches into the front parked car: no motion can start
// there, and both methods rightly report it infeasible). `redraws` counts those.
CarStart randomParkingStart(const Problem& p, const CarParams& params, const CarStart& base, std::mt19937& rng,
                            int& redraws) {
  std::uniform_real_distribution<double> x(6.5, 10.5), y(3.0, 4.5), heading(-0.15, 0.15);
  CarStart s = base;
  for (;;) {
    s.x = x(rng);
    s.y = y(rng);
    s.theta = heading(rng);
    if (clearStart(p, params, s)) return s;
    ++redraws;
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// A uniformly random start of boat-docking: at rest, floating level at the problem's start
// height (its draft), the centre of mass anywhere in a 4 m x 4 m patch of open water around
// the problem's start (x [6, 10] m, y [-2, 2] m: 15-20 m from the berth), heading uniform in
// [-0.5, 0.5] rad. Nothing to redraw: the docking problem has no obstacles.
SE3 randomDockingStart(const SE3& base, std::mt19937& rng) {
  std::uniform_real_distribution<double> x(6.0, 10.0), y(-2.0, 2.0), heading(-0.5, 0.5);
  SE3 g = base;
  g.x = Vec3(x(rng), y(rng), base.x.z());
  g.q = Quat(Eigen::AngleAxisd(heading(rng), Vec3::UnitZ()));
  return g;
}

// One method's row of a success-rate table, and its runs to the CSV.
struct StartRun {
  std::string start;  // the start's coordinates, CSV fields
  SolveResult result;
  double cpu = 0.0;
};

std::vector<std::string> successRow(const std::string& method, const std::vector<StartRun>& runs, std::ostream& csv) {
  int solved = 0;
  std::vector<double> iterations, cpu;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const StartRun& r = runs[i];
    const bool ok = r.result.status == SolveStatus::Solved;
    solved += ok ? 1 : 0;
    if (ok) {
      iterations.push_back(r.result.iterations);
      cpu.push_back(r.cpu);
    }
    csv << i << ',' << r.start << ',' << method << ',' << toString(r.result.status) << ',' << r.result.iterations << ','
        << r.cpu << ',' << r.result.maxViolation << '\n';
  }
  const int n = static_cast<int>(runs.size());
  return {method, std::to_string(solved) + " / " + std::to_string(n), formatNumber(100.0 * solved / std::max(n, 1), 3) + " %",
          formatNumber(median(iterations)), ms(median(cpu))};
}

SolveOptions startOptions(const DmocSession& s) {
  SolveOptions o = s.defaultOptions();
  o.maxIterations = kStartIterations;
  return o;
}

std::string coordinates(double x, double y, double heading) {
  std::ostringstream o;
  o << x << ',' << y << ',' << heading;
  return o.str();
}

int runOptimizeSuite(const std::string& outDir, std::ostream& log) {
  const bool quick = std::getenv("LIERIDE_BENCH_QUICK") != nullptr;
  const int repeats = quick ? 1 : 5;
  const int starts = quick ? 5 : 100;
  const std::string dir = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/";
  const std::vector<Method> methods = {
      {"DMOC", nullptr}, {"trapezoidal collocation", [](const DmocSession& s) { return s.collocation(); }}};
  std::vector<std::vector<std::string>> rows;
  std::ofstream csv(outDir + "/optimize.csv");
  csv << "problem,knots,method,hessian,status,iterations,cpu_s,wall_s,warm_status,warm_iterations,warm_cpu_s,"
         "warm_wall_s,cost,max_violation,replay_error_m,callbacks_cpu_s,jacobian_cpu_s,hessian_cpu_s,"
         "warm_heading_status,warm_heading_iterations,warm_heading_cpu_s\n";
  int failures = 0;
  for (const char* name :
       {"car-parallel-park", "car-tunnel", "helicopter-canyon", "helicopter-landing", "boat-docking", "snakeboard-reorient",
        "sleigh-parallel-shift-dmoc", "sleigh-u-turn-dmoc"}) {
    const Problem p = loadProblem(dir + name + ".toml");
    const DmocSession cold(p), warmSession(movedGoal(p));
    const std::optional<Problem> turned = turnedGoal(p);
    const std::unique_ptr<DmocSession> turnedSession = turned ? std::make_unique<DmocSession>(*turned) : nullptr;
    const SolveOptions o = cold.defaultOptions();  // the problem's [problem] hessian, for both methods
    const std::string hessian = o.hessian == SolveOptions::Hessian::Lbfgs ? "L-BFGS" : "FD of exact gradient";
    for (const Method& m : methods) {
      const std::unique_ptr<Nlp> ownCold = m.make ? m.make(cold) : nullptr;
      const std::unique_ptr<Nlp> ownWarm = m.make ? m.make(warmSession) : nullptr;
      if (m.make && !ownCold) continue;  // no baseline for this vehicle
      const Nlp& coldNlp = ownCold ? *ownCold : cold.nlp();
      const Nlp& warmNlp = ownWarm ? *ownWarm : warmSession.nlp();
      SolveOptions om = o;
      if (quick && m.make) om.maxIterations = kQuickCollocationIterations;
      // DMOC's cold solve as `lieride optimize` runs it (coarse-to-fine where the problem asks).
      const Timed c = m.make ? timedSolve(coldNlp, om, repeats) : timedSolve([&] { return cold.solve(om); }, repeats);
      SolveOptions ow = om;
      ow.warm = &c.result.solution;
      const Timed w = timedSolve(warmNlp, ow, repeats);
      std::optional<Timed> wh;
      if (turnedSession) {
        const std::unique_ptr<Nlp> ownTurned = m.make ? m.make(*turnedSession) : nullptr;
        wh = timedSolve(ownTurned ? *ownTurned : turnedSession->nlp(), ow, repeats);
        if (!m.make && wh->result.status != SolveStatus::Solved) ++failures;
      }
      const SolveResult& r = c.result;
      const double replay = cold.replayError(r.solution.x);
      if (!m.make && (r.status != SolveStatus::Solved || w.result.status != SolveStatus::Solved)) ++failures;
      const SolveProfile& pr = r.profile;
      const double callbacks = pr.functions + pr.jacobian + pr.hessian;
      const std::string status = std::string(toString(r.status)) +
                                 (w.result.status == r.status ? "" : std::string(" / warm ") + toString(w.result.status));
      rows.push_back({name, std::to_string(p.knots), m.name, status, std::to_string(r.iterations), ms(c.cpu),
                      ms(c.wall), std::to_string(w.result.iterations), ms(w.cpu), ms(w.wall),
                      formatNumber(r.maxViolation, 2), formatNumber(replay, 2),
                      formatNumber(100.0 * callbacks / std::max(pr.total, 1e-12), 2) + " %",
                      wh ? std::to_string(wh->result.iterations) +
                               (wh->result.status == SolveStatus::Solved ? "" : std::string(" ") + toString(wh->result.status))
                         : "-",
                      wh ? ms(wh->cpu) : "-"});
      csv << name << ',' << p.knots << ',' << m.name << ',' << hessian << ',' << toString(r.status) << ','
          << r.iterations << ',' << c.cpu << ',' << c.wall << ',' << toString(w.result.status) << ','
          << w.result.iterations << ',' << w.cpu << ',' << w.wall << ',' << r.cost << ',' << r.maxViolation << ','
          << replay << ',' << callbacks << ',' << pr.jacobian << ',' << pr.hessian << ',';
      if (wh) csv << toString(wh->result.status) << ',' << wh->result.iterations << ',' << wh->cpu << '\n';
      else csv << ",,\n";
    }
  }

  // Success rates over random starts, the same starts (seed 2026) for both methods.
  const Problem park = loadProblem(dir + "car-parallel-park.toml");
  const DmocSession parkSession(park);
  std::ofstream parkCsv(outDir + "/parking_starts.csv");
  parkCsv << "start,x,y,heading,method,status,iterations,cpu_s,max_violation\n";
  std::vector<std::vector<std::string>> parkRows;
  int redraws = 0;
  for (int method = 0; method < 2; ++method) {
    std::mt19937 rng(2026);
    redraws = 0;
    std::vector<StartRun> runs;
    for (int i = 0; i < starts; ++i) {
      const CarStart st = randomParkingStart(park, parkSession.carParams(), parkSession.carStart(), rng, redraws);
      std::unique_ptr<Nlp> nlp;
      if (method == 0) nlp = std::make_unique<CarDmoc>(park, parkSession.carParams(), st);
      else nlp = std::make_unique<CarCollocation>(park, parkSession.carParams(), st);
      const Timed t = timedSolve(*nlp, startOptions(parkSession), 1);
      runs.push_back({coordinates(st.x, st.y, st.theta), t.result, t.cpu});
    }
    parkRows.push_back(successRow(methods[static_cast<std::size_t>(method)].name, runs, parkCsv));
  }
  const Problem dock = loadProblem(dir + "boat-docking.toml");
  const DmocSession dockSession(dock);
  const BoatDmoc& boat = dockSession.boat();
  std::ofstream dockCsv(outDir + "/docking_starts.csv");
  dockCsv << "start,x,y,heading,method,status,iterations,cpu_s,max_violation\n";
  std::vector<std::vector<std::string>> dockRows;
  for (int method = 0; method < 2; ++method) {
    std::mt19937 rng(2026);
    std::vector<StartRun> runs;
    for (int i = 0; i < starts; ++i) {
      const SE3 g = randomDockingStart(boat.startPose(), rng);
      const Vec6 rest = Vec6::Zero();
      std::unique_ptr<Nlp> nlp;
      if (method == 0) nlp = std::make_unique<BoatDmoc>(dock, boat.params(), boat.inertia(), g, rest);
      else nlp = std::make_unique<BoatCollocation>(dock, boat.params(), boat.inertia(), g, rest);
      const Timed t = timedSolve(*nlp, startOptions(dockSession), 1);
      runs.push_back({coordinates(g.x.x(), g.x.y(), 2.0 * std::atan2(g.q.z(), g.q.w())), t.result, t.cpu});
    }
    dockRows.push_back(successRow(methods[static_cast<std::size_t>(method)].name, runs, dockCsv));
  }

  std::ostringstream md;
  md << "# DMOC and the collocation baseline\n\nGenerated by `lieride bench optimize`" << (quick ? " --quick" : "")
     << ". IPOPT (MUMPS), exact sparse constraint Jacobians (DMOC: analytic; collocation: automatic differentiation), "
        "the problem's [problem] hessian for both methods, the same default guess. Times are the best of "
     << repeats
     << " solves (one when it does not converge): process CPU and wall clock (ms)"
     << (quick ? "; the collocation solves capped at " + std::to_string(kQuickCollocationIterations) + " iterations" : "")
     << ". Warm: the goal moved 0.1 m along x, started from the cold "
        "solution's primal and dual values; warm (heading): the goal's heading turned by 0.05 rad instead, where the "
        "goal has a heading (for a turn in place the small edit: the snakeboard rolls only about 0.09 m out and back). Replay error: the largest distance between the optimised positions and "
        "those of the simulator stepping the optimal controls (m). Callbacks: the share of the cold solve's CPU time "
        "spent in our function, Jacobian and Hessian evaluations (the rest is IPOPT, mostly MUMPS). The suite fails "
        "when a DMOC solve fails.\n\n"
     << markdownTable({"problem", "knots", "method", "status", "iterations", "cold CPU ms", "cold wall ms",
                       "warm iterations", "warm CPU ms", "warm wall ms", "max violation", "replay error (m)",
                       "callbacks", "warm (heading) iterations", "warm (heading) CPU ms"},
                      rows)
     << "\n## Success rate: car-parallel-park from " << starts
     << " random starts\n\nAt rest, rear axle uniform in x [6.5, 10.5] m, y [3.0, 4.5] m, heading uniform in "
        "[-0.15, 0.15] rad (seed 2026, the same starts for both methods), drawn again where the car would already "
        "touch an obstacle ("
     << redraws
     << " redraws: there no motion can start); solved = IPOPT converged within "
     << kStartIterations << " iterations and every constraint holds to 1e-8. "
        "Medians over the solved starts.\n\n"
     << markdownTable({"method", "solved", "success rate", "median iterations", "median CPU ms"}, parkRows)
     << "\n## Success rate: boat-docking from " << starts
     << " random starts\n\nAt rest, floating level at the problem's start height, centre of mass uniform in x [6, 10] m, "
        "y [-2, 2] m (15-20 m from the berth), heading uniform in [-0.5, 0.5] rad (seed 2026, the same starts for both "
        "methods); solved as above. Medians over the solved starts.\n\n"
     << markdownTable({"method", "solved", "success rate", "median iterations", "median CPU ms"}, dockRows)
     << "\nData: optimize.csv, parking_starts.csv, docking_starts.csv.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  return failures ? 1 : 0;
}

}  // namespace

void addOptimizeSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"optimize",
                    "DMOC against trapezoidal collocation: cold and warm solve times, iterations, violation, replay "
                    "error; parking and docking success rates over random starts",
                    runOptimizeSuite});
}

}  // namespace lieride::bench
