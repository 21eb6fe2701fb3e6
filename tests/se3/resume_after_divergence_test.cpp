// After a divergence, switching integrator resumes from the last good state (the app's
// "pick another integrator" after a red badge): the failed step is undone, time goes back to
// the last good step, and the new integrator carries on.
#include <catch2/catch.hpp>
#include <cmath>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

TEST_CASE("switching integrator after a divergence resumes from the last good state", "[se3][switching]") {
  ScenarioOverrides o;
  o.integrator = "euler";
  o.dt = 0.5;
  Scenario sc = scenarioFrom(rigidBodyToml("[0.1, 2.0, 0.05]", "[0.0, 0.0, 0.0]"), o);
  Simulation& sim = *sc.simulation;
  int steps = 0;
  while (sim.status() == RunStatus::Ok && steps < 10000) {
    sim.step();
    ++steps;
  }
  REQUIRE(sim.status() == RunStatus::Diverged);
  const Snapshot good = sim.snapshot();  // the last good state
  REQUIRE(good.position.allFinite());
  sim.setIntegrator("lie-cay");
  CHECK(sim.status() == RunStatus::Ok);
  CHECK(sim.time() == Approx(good.t));
  const Snapshot resumed = sim.snapshot();
  CHECK((resumed.position - good.position).norm() == 0.0);
  CHECK(resumed.integrator == "lie-cay");
  for (int k = 0; k < 100; ++k) sim.step();
  CHECK(sim.status() == RunStatus::Ok);
  CHECK(sim.time() == Approx(good.t + 50.0));
}
