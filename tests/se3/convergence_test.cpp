// Order of convergence, measured by halving h on a smooth helicopter run with time-varying
// controls. Reference: rk4 at a step 40x finer than the finest.
#include <catch2/catch.hpp>
#include <cmath>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

namespace {

double measuredOrder(const std::string& integrator, double h, const std::string& toml = helicopterFlightToml()) {
  const double T = 2.0;
  const SE3 ref = finalPose(toml, "rk4", h / 160.0, T);
  const double e1 = poseError(finalPose(toml, integrator, h, T), ref);
  const double e2 = poseError(finalPose(toml, integrator, h / 2.0, T), ref);
  const double e3 = poseError(finalPose(toml, integrator, h / 4.0, T), ref);
  const double order = std::log2(e2 / e3);
  INFO(integrator << ": errors " << e1 << " " << e2 << " " << e3 << ", orders " << std::log2(e1 / e2) << " "
                  << order);
  CHECK(std::log2(e1 / e2) == Approx(order).margin(0.3));  // in the asymptotic range
  return order;
}

}  // namespace

TEST_CASE("variational Lie group integrators are second order", "[se3][order]") {
  for (const char* name : {"lie-exp", "lie-cay", "lie-exp-tln", "lie-cay-tln"}) {
    CAPTURE(name);
    CHECK(measuredOrder(name, 0.02) == Approx(2.0).margin(0.3));
  }
}

TEST_CASE("Runge-Kutta baselines have their classical orders", "[se3][order]") {
  CHECK(measuredOrder("rk4", 0.08) == Approx(4.0).margin(0.3));
  CHECK(measuredOrder("rk2", 0.02) == Approx(2.0).margin(0.3));
  CHECK(measuredOrder("rk2-implicit", 0.02) == Approx(2.0).margin(0.3));
  CHECK(measuredOrder("lie-newmark", 0.02) == Approx(2.0).margin(0.3));
  CHECK(measuredOrder("euler", 0.005) == Approx(1.0).margin(0.3));
}

// Suzuki's 5-stage composition raises the symmetric second-order lie-cay-tln to order 4. The
// damped run checks that the velocity-dependent wrench keeps each substep symmetric (an
// asymmetric closing kick would leave order 3).
TEST_CASE("lie-cay-tln4 is fourth order, also with velocity-dependent forces", "[se3][order][tln4]") {
  CHECK(measuredOrder("lie-cay-tln4", 0.08) == Approx(4.0).margin(0.3));
  std::string damped = helicopterFlightToml();
  const std::string type = "type = \"helicopter\"\n";
  damped.replace(damped.find(type), type.size(), type + "linear_damping = 0.8\nangular_damping = 0.3\n");
  CHECK(measuredOrder("lie-cay-tln4", 0.08, damped) == Approx(4.0).margin(0.3));
  CHECK(measuredOrder("lie-cay-tln", 0.02, damped) == Approx(2.0).margin(0.3));
}
