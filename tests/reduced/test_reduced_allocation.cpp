// The per-step path of the description vehicles allocates nothing: every global operator new
// of this test binary is counted, and lie-nh and rk4 steps of the shipped descriptions
// (free and prescribed shape variables, a kinematic connection, the unconstrained case) must
// leave the count unchanged once the first steps have run.
#include <catch2/catch.hpp>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <new>
#include <vector>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/scenario.hpp"

// GCC 12 at -O3 inlines these replacements into the new-expressions below and then reports
// the malloc/free pair as a mismatched new/delete: a false positive of replacing the global
// operator new (the pair is matched: both are these functions).
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

namespace {
std::atomic<long> gAllocations{0};
}  // namespace

void* operator new(std::size_t n) {
  ++gAllocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace lieride;

TEST_CASE("description vehicles step without allocating (lie-nh, rk4)", "[reduced]") {
  {  // the counter sees allocations
    const long before = gAllocations.load();
    auto probe = std::make_unique<std::vector<double>>(16, 1.0);
    REQUIRE(gAllocations.load() - before >= 2);
    CHECK((*probe)[15] == 1.0);
  }
  // A path object, not string + literal: GCC 12 warns (-Warray-bounds, a false positive) on
  // std::string + "..." when the source folder's name is short, e.g. a clone in /tmp/ci.
  std::string dir = (std::filesystem::path(LIERIDE_SOURCE_DIR) / "assets" / "vehicles").string();
  dir.push_back('/');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"snakeboard", "[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n[controls]\n"
                     "rotor_torque = { amplitude = 2.0, frequency = 0.5 }\nsteer_torque = { amplitude = 0.05, frequency = 0.5 }\n"},
      {"snakeboard", "[controls]\npsi = { amplitude = 1.0, frequency = 0.5 }\nphi = { amplitude = 0.4, frequency = 0.5 }\n"},
      {"car", "[initial]\nshape_velocity = [9.0, 0.0]\n[controls]\ndrive_torque = { amplitude = 300.0, frequency = 0.3 }\n"
              "steer_rate = { amplitude = 0.5, frequency = 0.2 }\n"},
      {"elroys-beanie", "[initial]\nangular_velocity = 0.8\nshape_velocity = [-2.0]\n[controls]\n"
                        "beanie_torque = { amplitude = 0.3, frequency = 0.4 }\n"},
  };
  for (const auto& [vehicle, body] : cases) {
    for (const char* integ : {"lie-nh", "rk4"}) {
      INFO(vehicle << " " << integ << "\n" << body);
      ScenarioOverrides o;
      o.integrator = integ;
      Scenario sc = loadScenarioFromString("[vehicle]\ntype = \"reduced\"\ndescription = \"" + dir + vehicle + ".toml\"\n" + body,
                                           "test.toml", ".", o);
      auto* sim = dynamic_cast<PlanarSimulation*>(sc.simulation.get());
      REQUIRE(sim);
      const NhModel& model = sim->model();
      auto stepper = makeNhIntegrator(integ, model, NhIntegratorSettings{});
      NhState s = sim->state();
      const double h = 0.01;
      stepper->reset(model, sim->controls(), 0.0, h, s);
      int k = 0;
      for (; k < 10; ++k) stepper->step(model, sim->controls(), k * h, h, s);  // scratch buffers grow here
      const long before = gAllocations.load();
      bool converged = true;
      for (; k < 300; ++k) converged = stepper->step(model, sim->controls(), k * h, h, s).converged && converged;
      CHECK(gAllocations.load() - before == 0);
      CHECK(converged);
      CHECK(s.q.allFinite());
    }
  }
}
