// SimulationCore (lieride/sim/simulation_core.hpp) is the one clock, h and integrator check,
// status and divergence handling under every vehicle: the same behaviour for an SE(3) vehicle
// (rigid body), a nonholonomic one (sleigh) and the controlled sleigh.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/simulation_core.hpp"

using namespace lieride;

namespace {

struct Kind {
  const char* name;
  const char* diverging;  // a scenario that diverges within a few hundred steps
  const char* steady;     // one that does not
  const char* otherIntegrator;
  const char* foreignIntegrator;  // another kind's integrator
};

const Kind kKinds[] = {
    {"rigid-body",
     "[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = [1.0, 2.0, 3.0]\n"
     "[integrator]\nname = \"rk4\"\ndt = 1.0\n",
     "[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = [0.1, 0.5, 0.05]\n"
     "[integrator]\nname = \"lie-cay-tln\"\ndt = 0.1\n",
     "lie-cay", "lie-nh"},
    {"sleigh",
     "[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 30.0\nlinear_velocity = [1.0, 0.0]\n"
     "[integrator]\nname = \"euler\"\ndt = 0.5\ndiverge_speed = 100.0\n",
     "[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 1.0\nlinear_velocity = [1.0, 0.0]\n"
     "[integrator]\nname = \"lie-nh\"\ndt = 0.1\n",
     "rk4", "lie-cay-tln"},
    // A constant force: z2 = m vx grows by h u1 per step until vx passes diverge_speed.
    {"sleigh-controlled",
     "[vehicle]\ntype = \"sleigh-controlled\"\n[controls]\nu1 = 1.0\n[integrator]\nname = \"rk4\"\ndt = 0.1\n"
     "diverge_speed = 2.0\n",
     "[vehicle]\ntype = \"sleigh-controlled\"\n[initial]\nangular_velocity = 0.3\nlinear_velocity = [1.0, 0.0]\n"
     "[integrator]\nname = \"retraction-midpoint\"\ndt = 0.1\n",
     "rk4", "lie-nh"},
};

std::vector<double> words(const Simulation& sim) {
  std::vector<double> w;
  sim.stateWords(w);
  return w;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(double)) != 0) return false;
  return true;
}

}  // namespace

TEST_CASE("a diverged step leaves state and t at the last good step, for every kind", "[sim][core]") {
  for (const Kind& k : kKinds) {
    INFO(k.name);
    Scenario sc = loadScenarioFromString(k.diverging, "div.toml", ".");
    Simulation& sim = *sc.simulation;
    REQUIRE(sim.vehicleType() == k.name);
    std::vector<double> good;
    double tGood = 0.0;
    int steps = 0;
    while (sim.status() == RunStatus::Ok && steps < 1000) {
      good = words(sim);
      tGood = sim.time();
      sim.step();
      ++steps;
    }
    REQUIRE(sim.status() == RunStatus::Diverged);
    REQUIRE(steps > 1);  // a good step came first
    // The state the next step would start from (pose, velocity or momentum, t, h, clock) is
    // bit for bit the last good one.
    CHECK(sameBits(words(sim), good));
    CHECK(sim.time() == tGood);
    CHECK(sim.snapshot().t == tGood);
    const std::string message = sim.statusMessage();
    CHECK(message.rfind("diverged at t = ", 0) == 0);
    // The run CSV's diverged row is the failed step, one h later (docs/formats.md section 3).
    std::vector<double> row;
    runCsvRow(sim, row);
    CHECK(row.at(0) == Approx(tGood + sim.timeStep()).epsilon(1e-15));
    // Stepping a diverged simulation does nothing.
    sim.step();
    sim.step();
    CHECK(sim.status() == RunStatus::Diverged);
    CHECK(sim.statusMessage() == message);
    CHECK(sameBits(words(sim), good));
    std::vector<double> again;
    runCsvRow(sim, again);
    CHECK(sameBits(again, row));
  }
}

TEST_CASE("another integrator resumes a diverged run from the last good step, for every kind", "[sim][core]") {
  for (const Kind& k : kKinds) {
    INFO(k.name);
    Scenario sc = loadScenarioFromString(k.diverging, "div.toml", ".");
    Simulation& sim = *sc.simulation;
    for (int n = 0; sim.status() == RunStatus::Ok && n < 1000; ++n) sim.step();
    REQUIRE(sim.status() == RunStatus::Diverged);
    const double t = sim.time();
    // What drove the run away is taken off: the inputs, and a step too large for the scheme.
    for (std::size_t c = 0; c < sim.controls().channels().size(); ++c) sim.controls().setConstant(c, 0.0);
    sim.setTimeStep(1e-3);
    CHECK(sim.status() == RunStatus::Diverged);  // a new h alone does not resume
    sim.setIntegrator(k.otherIntegrator);
    CHECK(sim.status() == RunStatus::Ok);
    CHECK(sim.statusMessage().empty());
    CHECK(sim.time() == t);
    CHECK(sim.snapshot().solver.iterations == 0);  // no report of the undone step
    sim.step();
    CHECK(sim.time() == Approx(t + sim.timeStep()).epsilon(1e-15));
  }
}

TEST_CASE("the clock shows t = t_base + n h exactly, across a change of h", "[sim][core]") {
  for (const Kind& k : kKinds) {
    INFO(k.name);
    Scenario sc = loadScenarioFromString(k.steady, "steady.toml", ".");
    Simulation& sim = *sc.simulation;
    const auto& core = dynamic_cast<const SimulationCore&>(sim);
    const double h = sim.timeStep();  // 0.1: not a binary fraction
    double summed = 0.0;
    for (int n = 0; n < 1000; ++n) {
      sim.step();
      summed += h;
    }
    REQUIRE(sim.status() == RunStatus::Ok);
    CHECK(sim.time() == 1000.0 * h);
    // The property has teeth: adding h a thousand times drifts from n h.
    CHECK(std::abs(summed - 1000.0 * h) > 1e-13);
    const double t1 = sim.time();
    sim.setTimeStep(0.03);
    for (int n = 0; n < 777; ++n) sim.step();
    REQUIRE(sim.status() == RunStatus::Ok);
    CHECK(core.clockBase() == t1);
    CHECK(core.stepsSinceBase() == 777);
    CHECK(sim.time() == t1 + 777.0 * 0.03);
    CHECK(sim.snapshot().t == sim.time());
  }
}

TEST_CASE("a bad h or integrator is refused with one message and changes nothing", "[sim][core]") {
  const double inf = std::numeric_limits<double>::infinity();
  for (const Kind& k : kKinds) {
    INFO(k.name);
    Scenario sc = loadScenarioFromString(k.steady, "steady.toml", ".");
    Simulation& sim = *sc.simulation;
    for (int n = 0; n < 5; ++n) sim.step();
    const std::vector<double> before = words(sim);
    const std::string integrator = sim.integratorName();
    for (double h : {0.0, -0.01, -0.0, std::nan(""), inf, -inf}) {
      INFO("h = " << h);
      CHECK_THROWS_WITH(sim.setTimeStep(h), "time step must be finite and > 0");
    }
    // A name of no integrator, and the name of another kind's integrator.
    for (const char* name : {"no-such-integrator", k.foreignIntegrator}) {
      INFO(name);
      CHECK_THROWS_WITH(sim.setIntegrator(name), std::string("integrator '") + name + "' does not apply to vehicle '" +
                                                     sim.vehicleType() + "'");
    }
    CHECK(sim.integratorName() == integrator);
    CHECK(sim.status() == RunStatus::Ok);
    CHECK(sameBits(words(sim), before));
  }
}
