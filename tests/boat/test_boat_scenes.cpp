// The boat scenes of assets/scenes run with every SE(3) integrator without diverging, and a
// boat run is deterministic: repeated, cloned mid-run or interleaved with another boat on
// the same thread (the per-thread clip cache must not leak between models), bit-identical.
#include <catch2/catch.hpp>

#include "boat_test_util.hpp"
#include "lieride/integrate/se3_integrator.hpp"

using namespace lieride;

namespace {
std::string scene(const std::string& name) { return std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/" + name + ".toml"; }
}  // namespace

TEST_CASE("the boat scenes run with every integrator", "[boat][scenes]") {
  for (const char* name : {"boat-harbour", "boat-open-water", "boat-docking"}) {
    for (const auto& integ : se3IntegratorNames()) {
      INFO(name << " with " << integ);
      ScenarioOverrides o;
      o.integrator = integ;
      o.duration = 10.0;
      Scenario sc = loadScenario(scene(name), o);
      const long steps = std::lround(sc.settings.duration / sc.settings.dt);
      for (long k = 0; k < steps; ++k) sc.simulation->step();
      CHECK(sc.simulation->status() == RunStatus::Ok);
      const auto s = sc.simulation->snapshot();
      CHECK(s.position.allFinite());
      CHECK(std::abs(s.position.z()) < 1.0);  // still afloat, not flung out of the water
    }
  }
}

TEST_CASE("boat runs are deterministic across repeats, clones and interleaving", "[boat][determinism]") {
  auto run = [](Simulation& s, int n) {
    for (int k = 0; k < n; ++k) s.step();
  };
  Scenario a = loadScenario(scene("boat-open-water"));
  Scenario b = loadScenario(scene("boat-open-water"));
  Scenario other = loadScenario(scene("boat-harbour"));
  run(*a.simulation, 300);
  auto clone = a.simulation->clone();
  for (int k = 0; k < 300; ++k) {  // b interleaved step by step with a different boat
    b.simulation->step();
    other.simulation->step();
  }
  run(*a.simulation, 300);
  run(*clone, 300);
  run(*b.simulation, 300);
  const auto sa = a.simulation->snapshot(), sb = b.simulation->snapshot(), sc = clone->snapshot();
  CHECK(sa.position == sb.position);
  CHECK(sa.position == sc.position);
  CHECK(sa.orientation.coeffs() == sb.orientation.coeffs());
  CHECK(sa.bodyVelocity == sc.bodyVelocity);
}
