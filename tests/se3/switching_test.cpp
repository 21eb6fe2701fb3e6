// Changing the integrator or h mid-run continues the same motion: the state (g, mu) is
// handed over through the momentum.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <string>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

namespace {

Vec6 spatialMomentum(const Se3Simulation& s) {
  return se3::join(s.spatialLinearMomentum(), s.spatialAngularMomentum());
}

}  // namespace

TEST_CASE("switching integrators mid-run keeps momentum and energy continuous", "[se3][switch]") {
  const double h = 0.01;
  ScenarioOverrides o;
  o.dt = h;
  for (const char* from : {"lie-cay", "lie-exp", "rk4", "lie-cay-tln", "lie-cay-tln4", "lie-newmark"}) {
    for (const char* to : {"rk4", "lie-cay", "lie-cay-tln", "lie-cay-tln4", "rk2-implicit", "lie-exp"}) {
      if (std::string(from) == to) continue;  // not a switch
      o.integrator = from;
      Scenario sc = scenarioFrom(rigidBodyToml("[0.4, 2.0, -0.7]", "[1.0, 0.3, -0.2]"), o);
      Se3Simulation& sim = se3Sim(sc);
      for (int k = 0; k < 200; ++k) sim.step();
      const Vec6 before = spatialMomentum(sim);
      const double eBefore = sim.energy();
      sim.setIntegrator(to);
      const Vec6 atSwitch = spatialMomentum(sim);
      const double eAfter = sim.energy();
      sim.step();
      CAPTURE(from, to);
      // The switch itself does not touch (g, mu): spatial momentum is identical.
      CHECK((atSwitch - before).norm() == 0.0);
      // The energy is that of the state at t (g, I^-1 mu), which the switch hands over unchanged.
      CHECK(eAfter == eBefore);
      CHECK(sim.status() == RunStatus::Ok);
      CHECK(sim.integratorName() == to);
    }
  }
}

TEST_CASE("a switch of integrator and h mid-run continues the same motion", "[se3][switch]") {
  // Helicopter flight with time-varying controls: 2 s with one (integrator, h), then 2 s with
  // another. The switched run stays as close to the continuous motion (rk4 at h = 1e-4) as
  // the worse of its two legs run alone: only the state at the switch is handed over.
  const std::string toml = helicopterFlightToml();
  const SE3 ref = finalPose(toml, "rk4", 1e-4, 4.0);
  struct Leg {
    const char* integrator;
    double h;
  };
  const std::pair<Leg, Leg> cases[] = {{{"lie-cay-tln", 0.01}, {"rk4", 0.02}},
                                       {{"rk4", 0.02}, {"lie-cay-tln", 0.005}},
                                       {{"lie-exp", 0.004}, {"lie-cay", 0.01}},
                                       {{"lie-cay-tln", 0.01}, {"lie-cay-tln", 0.0025}}};
  for (const auto& [a, b] : cases) {
    ScenarioOverrides o;
    o.integrator = a.integrator;
    o.dt = a.h;
    Scenario sc = scenarioFrom(toml, o);
    Se3Simulation& sim = se3Sim(sc);
    run(sim, 2.0);
    sim.setIntegrator(b.integrator);
    sim.setTimeStep(b.h);
    run(sim, 2.0);
    CAPTURE(a.integrator, a.h, b.integrator, b.h);
    REQUIRE(sim.status() == RunStatus::Ok);
    CHECK(sim.time() == Approx(4.0).margin(1e-9));
    CHECK(sim.timeStep() == b.h);
    const double eSwitched = poseError(sim.state().g, ref);
    const double eA = poseError(finalPose(toml, a.integrator, a.h, 4.0), ref);
    const double eB = poseError(finalPose(toml, b.integrator, b.h, 4.0), ref);
    CAPTURE(eSwitched, eA, eB);
    CHECK(eSwitched < 1.5 * std::max(eA, eB));
    CHECK(eSwitched > 0.0);
  }
}

TEST_CASE("changing h mid-run conserves the free body's momentum exactly", "[se3][switch]") {
  ScenarioOverrides o;
  o.integrator = "lie-cay";
  o.dt = 0.01;
  Scenario sc = scenarioFrom(rigidBodyToml("[0.4, 2.0, -0.7]", "[1.0, 0.3, -0.2]"), o);
  Se3Simulation& sim = se3Sim(sc);
  const Vec6 m0 = spatialMomentum(sim);
  for (double h : {0.01, 0.05, 0.002, 0.2, 0.01}) {
    sim.setTimeStep(h);
    for (int k = 0; k < 100; ++k) sim.step();
  }
  CHECK((spatialMomentum(sim) - m0).norm() / m0.norm() < 1e-12);
  CHECK_THROWS(sim.setTimeStep(0.0));
  CHECK_THROWS(sim.setTimeStep(std::nan("")));
  CHECK_THROWS(sim.setIntegrator("no-such"));
}

TEST_CASE("a run is replayable bit for bit, and clones run independently", "[se3][determinism]") {
  for (const char* name : {"lie-cay-tln", "lie-cay-tln4"}) {
    CAPTURE(name);
    ScenarioOverrides o;
    o.integrator = name;
    o.dt = 0.005;
    Scenario a = scenarioFrom(helicopterFlightToml(), o);
    Scenario b = scenarioFrom(helicopterFlightToml(), o);
    for (int k = 0; k < 500; ++k) a.simulation->step();
    auto clone = a.simulation->clone();
    for (int k = 0; k < 500; ++k) {
      a.simulation->step();
      clone->step();
    }
    for (int k = 0; k < 1000; ++k) b.simulation->step();
    const auto& sa = se3Sim(a).state();
    const auto& sb = se3Sim(b).state();
    const auto& sc = dynamic_cast<Se3Simulation&>(*clone).state();
    CHECK(sa.g.q.coeffs() == sb.g.q.coeffs());
    CHECK(sa.g.x == sb.g.x);
    CHECK(sa.mu == sb.mu);
    CHECK(sc.g.x == sa.g.x);
    CHECK(sc.mu == sa.mu);
  }
}

TEST_CASE("every integrator keeps the rotation on SO(3) to round-off", "[se3][group]") {
  for (const auto& name : se3IntegratorNames()) {
    ScenarioOverrides o;
    o.integrator = name;
    o.dt = 0.01;
    Scenario sc = scenarioFrom(rigidBodyToml("[0.4, 2.0, -0.7]", "[1.0, 0.3, -0.2]"), o);
    run(*sc.simulation, 100.0);
    const Mat3 R = se3Sim(sc).state().g.rotation();
    CAPTURE(name);
    CHECK((R.transpose() * R - Mat3::Identity()).norm() < 1e-14);
    CHECK(R.determinant() == Approx(1.0).margin(1e-14));
  }
}
