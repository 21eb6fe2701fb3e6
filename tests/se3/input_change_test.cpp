// Inputs changed between steps, as a pilot or a take changes them: a step opens with the inputs
// set at its start, whatever the last step closed with. The energy balance E - E(0) - W (W the
// trapezoid rule over each step with that step's inputs at both ends, as the app meters it)
// then converges at second order (the trapezoid rule's), not at O(h) from (h/2) Delta P per
// change, which the variational schemes showed while they opened a step with the force the last
// one closed with (0.22, 0.11, 0.054 J at h = 0.01, 0.005, 0.0025 s on the app's free flight with
// one collective step).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "se3_test_support.hpp"

namespace lieride::test {
namespace {

// A helicopter climbing and sinking: the collective switched between 60 N and 40 N every
// 0.25 s (16 changes over 4 s), the other channels held at zero, no drag, no ground.
double worstBalance(const std::string& integrator, double h) {
  ScenarioOverrides o;
  o.integrator = integrator;
  o.dt = h;
  Scenario s = scenarioFrom("[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 50.0]\n"
                            "angular_velocity = [0.2, -0.1, 0.3]\nlinear_velocity = [1.0, 0.5, 0.0]\n",
                            o);
  Simulation& sim = *s.simulation;
  ControlSet& c = sim.controls();
  const auto collective = static_cast<std::size_t>(c.find("collective"));
  sim.start();
  const double e0 = sim.snapshot().energy;
  double work = 0.0, worst = 0.0;
  const int steps = static_cast<int>(std::lround(4.0 / h)), perSwitch = static_cast<int>(std::lround(0.25 / h));
  for (int k = 0; k < steps; ++k) {
    c.setConstant(collective, (k / perSwitch) % 2 == 0 ? 60.0 : 40.0);
    const double t0 = sim.time(), p0 = sim.power();
    sim.step();
    REQUIRE(sim.status() == RunStatus::Ok);
    work += 0.5 * (sim.time() - t0) * (p0 + sim.power());
    worst = std::max(worst, std::abs(sim.snapshot().energy - e0 - work));
  }
  return worst;
}

}  // namespace

TEST_CASE("se3: inputs changed between steps: the energy balance converges at order 2 or more", "[se3][energy]") {
  for (const char* integrator :
       {"lie-cay-tln", "lie-exp-tln", "lie-cay", "lie-exp", "lie-cay-tln4", "lie-newmark", "rk2", "rk2-implicit", "rk4"}) {
    const double coarse = worstBalance(integrator, 0.01), fine = worstBalance(integrator, 0.005);
    INFO(integrator << ": worst |E - E(0) - W| " << coarse << " J at h = 0.01, " << fine << " J at h = 0.005");
    // W's trapezoid rule is second order, so no scheme shows more than 2 here (rk4 and
    // lie-cay-tln4 included). rk2-implicit (implicit midpoint) stays near 1e-7 J, its Newton
    // tolerance on an energy of about 2.5e3 J: below 1e-6 J there is no order to measure.
    if (fine > 1e-6) CHECK(std::log2(coarse / fine) > 1.8);
    CHECK(fine < 2e-3);
  }
}

TEST_CASE("se3: setting an input to the value it holds keeps the control set's generation", "[se3][controls]") {
  ControlSet c({"a", "b"});
  const auto g0 = c.generation();
  c.setConstant(0, 0.0);
  CHECK(c.generation() == g0);
  c.setConstant(0, 1.5);
  const auto g1 = c.generation();
  CHECK(g1 != g0);
  c.setConstant(0, 1.5);
  CHECK(c.generation() == g1);
  const ControlSet copy(c);
  CHECK(copy.generation() == g1);
  c.set(1, std::make_unique<ConstantSignal>(2.0));
  CHECK(c.generation() != g1);
  CHECK(copy.generation() == g1);
}

}  // namespace lieride::test
