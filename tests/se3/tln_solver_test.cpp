// The C_TLN momentum equation (Kobilarov et al. Eq. 10 with C_TLN, docs/integrators.md
// "Newton"): lie-cay-tln and lie-cay-tln4 run Newton on its rotation row alone and solve the
// translation row in closed form. Checked here against the whole equation written directly from
// C_TLN = I - ad/2, and by the Newton iteration counts that a correct Jacobian and a good
// first guess give.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

TEST_CASE("lie-cay-tln's discrete velocity satisfies both rows of Eq. 10 with C_TLN to round-off",
          "[se3][tln-solver]") {
  for (const double h : {0.01, 0.1, 0.5}) {
    for (const char* omega : {"[0.4, 2.0, -0.7]", "[3.0, -1.0, 2.5]"}) {
      ScenarioOverrides o;
      o.integrator = "lie-cay-tln";
      o.dt = h;
      Scenario sc = scenarioFrom(rigidBodyToml(omega, "[1.0, 0.3, -0.2]"), o);
      Se3Simulation& sim = se3Sim(sc);
      for (int k = 0; k < 3; ++k) {
        // Free body: no wrench, so pi^+ = mu at the step's start (docs/integrators.md).
        const Vec6 piPlus = sim.state().mu;
        const Vec6 xi = sim.discreteVelocity();
        const Vec6 mu = sim.inertia().momentum(xi);
        // C_TLN(h xi)^T I xi = I xi - (1/2) ad*_{h xi} (I xi), written from the definition.
        const Vec6 residual = mu - 0.5 * se3::adTranspose(h * xi, mu) - piPlus;
        const double relative = residual.lpNorm<Eigen::Infinity>() / piPlus.lpNorm<Eigen::Infinity>();
        INFO("h = " << h << ", omega0 = " << omega << ", step " << k << ": relative residual " << relative);
        CHECK(relative < 1e-14);
        sim.step();
        REQUIRE(sim.status() == RunStatus::Ok);
      }
    }
  }
}

TEST_CASE("Newton on the C_TLN rotation row converges quadratically from a good guess", "[se3][tln-solver][tln4]") {
  // With the exact Jacobian, Newton from lie-cay-tln's fixed-point guess (error O(h^2)) or
  // lie-cay-tln4's cubic extrapolation (O(h^4)) reaches the 1e-12 tolerance in one or two steps,
  // plus the polishing chord step: at most three iterations per solve. A wrong Jacobian
  // converges linearly and needs several more.
  for (const auto& [name, solvesPerStep] : {std::pair<const char*, int>{"lie-cay-tln", 1}, {"lie-cay-tln4", 5}}) {
    ScenarioOverrides o;
    o.integrator = name;
    o.dt = 0.05;
    Scenario sc = scenarioFrom(rigidBodyToml("[0.4, 2.0, -0.7]", "[1.0, 0.3, -0.2]"), o);
    Se3Simulation& sim = se3Sim(sc);
    for (int k = 0; k < 4; ++k) sim.step();  // lie-cay-tln4's predictor history fills up
    int worst = 0;
    for (long k = 0; k < 1000; ++k) {
      worst = std::max(worst, sim.step().iterations);
      REQUIRE(sim.status() == RunStatus::Ok);
    }
    INFO(name << ": at most " << worst << " Newton iterations per step");
    CHECK(worst <= 3 * solvesPerStep);
  }
}
