#pragma once
// Helpers shared by the nonholonomic benchmark suites (bench_car.cpp, bench_snakeboard.cpp,
// bench_nh_examples.cpp): scenario building, timing of integrator and simulation steps.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::bench::planar {

using Clock = std::chrono::steady_clock;

inline double threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e9 * static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec);
}

inline bool quickMode() {
  const char* v = std::getenv("LIERIDE_BENCH_QUICK");
  return v != nullptr && *v != '\0' && std::atof(v) != 0.0;
}

inline std::unique_ptr<PlanarSimulation> load(const std::string& toml, const ScenarioOverrides& o = {}) {
  Scenario sc = loadScenarioFromString(toml, "bench.toml", ".", o);
  auto* p = dynamic_cast<PlanarSimulation*>(sc.simulation.get());
  if (!p) throw std::runtime_error("bench: not a planar simulation");
  sc.simulation.release();
  return std::unique_ptr<PlanarSimulation>(p);
}

inline ScenarioOverrides with(const std::string& integ, double dt) {
  ScenarioOverrides o;
  o.integrator = integ;
  o.dt = dt;
  return o;
}

inline Vec3 poseOf(const PlanarSimulation& s) {
  const SE2 g = s.model().pose(s.state());
  return {g.theta, g.x, g.y};
}

struct StepCost {
  std::string name;
  double bareNs = INFINITY, simNs = INFINITY;
  double bareCpuNs = INFINITY;  // thread CPU time of the bare step (robust to a loaded machine)
  double meanIters = 0.0;
  bool ok = true;
};

// One timed configuration: a scenario and an integrator, reported under `name`.
struct StepCase {
  std::string name, toml, integrator;
};

// Best-of-reps cost per step of the bare NhIntegrator::step and of Simulation::step, all
// cases interleaved within each repetition (machine load affects them alike).
inline std::vector<StepCost> measureStepCases(const std::vector<StepCase>& cases, long steps, int reps, double& sink) {
  std::vector<StepCost> out;
  for (const auto& c : cases) out.push_back({c.name});
  for (int rep = 0; rep < reps; ++rep) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      StepCost& e = out[i];
      auto sim = load(cases[i].toml, with(cases[i].integrator, 0.01));
      const NhModel& model = sim->model();
      const ControlSet& controls = sim->controls();
      const double h = sim->timeStep();
      NhIntegratorSettings settings;
      auto integ = makeNhIntegrator(cases[i].integrator, model, settings);
      NhState s = sim->state();
      integ->reset(model, controls, 0.0, h, s);
      long iters = 0;
      const double c0 = threadCpuNs();
      const auto t0 = Clock::now();
      for (long k = 0; k < steps; ++k) iters += integ->step(model, controls, static_cast<double>(k) * h, h, s).iterations;
      const auto t1 = Clock::now();
      e.bareCpuNs = std::min(e.bareCpuNs, (threadCpuNs() - c0) / static_cast<double>(steps));
      sink += s.q(1);
      e.bareNs = std::min(e.bareNs, std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(steps));
      e.meanIters = static_cast<double>(iters) / static_cast<double>(steps);
      if (!s.q.allFinite()) e.ok = false;
      const auto t2 = Clock::now();
      for (long k = 0; k < steps; ++k) sim->step();
      const auto t3 = Clock::now();
      sink += sim->time();
      e.simNs = std::min(e.simNs, std::chrono::duration<double, std::nano>(t3 - t2).count() / static_cast<double>(steps));
      if (sim->status() != RunStatus::Ok) e.ok = false;
    }
  }
  return out;
}

// measureStepCases for every integrator in `names` on one scenario.
inline std::vector<StepCost> measureStepCosts(const std::string& toml, const std::vector<std::string>& names,
                                              long steps, int reps, double& sink) {
  std::vector<StepCase> cases;
  for (const auto& n : names) cases.push_back({n, toml, n});
  return measureStepCases(cases, steps, reps, sink);
}

}  // namespace lieride::bench::planar
