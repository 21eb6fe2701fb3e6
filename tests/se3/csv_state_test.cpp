// Every run CSV row is the state at t_k (docs/formats.md section 3): the velocity and energy
// columns agree with the app's snapshot of the same simulation, for every integrator; the
// extra xi_* columns hold a variational integrator's discrete velocity xi_k.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "lieride/sim/run_csv.hpp"
#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

namespace {

struct Row {
  std::vector<std::string> columns;
  std::vector<double> values;
  double operator[](const std::string& name) const {
    const auto it = std::find(columns.begin(), columns.end(), name);
    REQUIRE(it != columns.end());
    return values[static_cast<std::size_t>(it - columns.begin())];
  }
};

Row rowOf(const Simulation& sim) {
  Row r{runCsvColumns(sim), {}};
  runCsvRow(sim, r.values);
  REQUIRE(r.values.size() == r.columns.size());
  return r;
}

const char* const kVelocity[] = {"wx", "wy", "wz", "vx", "vy", "vz"};
const char* const kDiscrete[] = {"xi_wx", "xi_wy", "xi_wz", "xi_vx", "xi_vy", "xi_vz"};

}  // namespace

TEST_CASE("CSV rows and app snapshots report the same state at t", "[se3][csv]") {
  for (const auto& name : se3IntegratorNames()) {
    ScenarioOverrides o;
    o.integrator = name;
    o.dt = 0.02;
    Scenario sc = scenarioFrom(helicopterFlightToml(), o);
    Se3Simulation& sim = se3Sim(sc);
    for (int k = 0; k <= 60; ++k) {
      if (k > 0) sim.step();
      if (k % 20 != 0) continue;
      const Row row = rowOf(sim);
      const Snapshot snap = sim.snapshot();
      CAPTURE(name, k);
      CHECK(row["t"] == snap.t);
      CHECK(row["energy"] == snap.energy);
      const Vec6 xi = sim.discreteVelocity();
      for (int i = 0; i < 6; ++i) {
        CHECK(row[kVelocity[i]] == snap.bodyVelocity(i));
        CHECK(row[kDiscrete[i]] == xi(i));
      }
    }
  }
}

TEST_CASE("the t = 0 row holds the scenario's initial velocity and its energy", "[se3][csv]") {
  for (const char* name : {"lie-cay-tln", "lie-cay", "lie-exp", "rk4"}) {
    Scenario sc = tumblingBody(name, 0.1);
    const Row row = rowOf(*sc.simulation);
    const double w[] = {0.4, 2.0, -0.7, 1.0, 0.3, -0.2};
    CAPTURE(name);
    for (int i = 0; i < 6; ++i) CHECK(row[kVelocity[i]] == Approx(w[i]).epsilon(1e-15));
    // docs/models.md section 1 defaults: m = 1, J = (1, 2, 3); no potential.
    const double T = 0.5 * (1.0 * 0.16 + 2.0 * 4.0 + 3.0 * 0.49) + 0.5 * (1.0 + 0.09 + 0.04);
    CHECK(row["energy"] == Approx(T).epsilon(1e-14));
  }
}

TEST_CASE("xi_* columns: the discrete velocity xi_k advances g_k to g_k+1", "[se3][csv]") {
  // lie-exp: g_{k+1} = g_k exp(h xi_k) (Eq. 9), so xi_k is recovered from the next pose.
  Scenario sc = tumblingBody("lie-exp", 0.05);
  Se3Simulation& sim = se3Sim(sc);
  for (int k = 0; k < 10; ++k) sim.step();
  const Row row = rowOf(sim);
  const SE3 g0 = sim.state().g;
  sim.step();
  const Vec6 expected = se3::log(g0.inverse() * sim.state().g) / 0.05;
  for (int i = 0; i < 6; ++i) CHECK(row[kDiscrete[i]] == Approx(expected(i)).margin(1e-12));
  // ... and differs from the velocity at t_k by O(h): the two are not the same column.
  double gap = 0.0;
  for (int i = 0; i < 6; ++i) gap = std::max(gap, std::abs(row[kDiscrete[i]] - row[kVelocity[i]]));
  CHECK(gap > 1e-3);
}

TEST_CASE("a diverged row's xi_* repeat that row's velocity, not the last good row's", "[se3][csv]") {
  // rk2 at h = 0.5 s on a tumbling body leaves the energy bound within a few steps; its
  // diverged row showed the failed step's wx..vz beside the previous row's xi_*.
  Scenario sc = tumblingBody("rk2", 0.5);
  Se3Simulation& sim = se3Sim(sc);
  for (int k = 0; k < 2000 && sim.status() == RunStatus::Ok; ++k) sim.step();
  REQUIRE(sim.status() == RunStatus::Diverged);
  const Row row = rowOf(sim);
  bool differs = false;  // the failed state is not the last good one
  for (int i = 0; i < 6; ++i) {
    CHECK(row[kDiscrete[i]] == row[kVelocity[i]]);
    differs = differs || row[kVelocity[i]] != sim.velocity()(i);
  }
  CHECK(differs);
}
