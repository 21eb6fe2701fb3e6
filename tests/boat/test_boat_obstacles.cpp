// Box obstacles against the hull vertices (lieride/model/boat_contact.hpp): penetration depth
// and normal, the wrench against closed forms, its conservative part as -grad V, and the scenes'
// obstacles loaded from their TOMLs.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "boat_test_util.hpp"
#include "lieride/model/boat.hpp"
#include "lieride/sim/se3_simulation.hpp"

using namespace lieride;

namespace {
SE3 pose(const Vec3& x, double yaw = 0.0, double heel = 0.0) {
  SE3 g;
  g.q = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(heel, Vec3::UnitX()));
  g.x = x;
  return g;
}
}  // namespace

TEST_CASE("box penetration: depth below the nearest face and its outward normal", "[boat][obstacles]") {
  BoxObstacle b{"wall", Vec3(10.0, 5.0, 0.0), Vec3(4.0, 2.0, 6.0), 0.5};
  const Vec3 u(std::cos(0.5), std::sin(0.5), 0.0), w(-u.y(), u.x(), 0.0);
  double depth;
  Vec3 n;
  // 0.3 m inside the +x face (half length 2), well inside the others.
  REQUIRE(boxPenetration(b, b.center + 1.7 * u + 0.2 * w, depth, n));
  CHECK(depth == Approx(0.3).epsilon(1e-12));
  CHECK((n - u).norm() < 1e-12);
  // Nearest face: -y (half width 1), 0.1 m inside.
  REQUIRE(boxPenetration(b, b.center + 0.5 * u - 0.9 * w, depth, n));
  CHECK(depth == Approx(0.1).epsilon(1e-12));
  CHECK((n + w).norm() < 1e-12);
  CHECK_FALSE(boxPenetration(b, b.center + 2.01 * u, depth, n));
}

TEST_CASE("a boat's bow in a wall: four vertices pushed back by k d + c (approach speed)", "[boat][obstacles]") {
  const std::vector<Vec3> hull = makeBoxHull(4.0, 1.6, 1.0, 1).vertices;  // corners at (+-2, +-0.8, +-0.5)
  const std::vector<BoxObstacle> wall{{"wall", Vec3(12.0, 0.0, 0.0), Vec3(2.0, 40.0, 4.0), 0.0}};
  ContactParams c;
  const double d = 0.01;
  const SE3 g = pose(Vec3(9.0 + d, 0.3, 0.1));  // bow face at x = 11 + d, the wall's face at 11
  const Vec6 rest = obstacleWrench(hull, wall, c, g, Vec6::Zero());
  CHECK(rest.head<3>().norm() < 1e-9);  // symmetric: no torque
  CHECK(rest(3) == Approx(-4.0 * c.stiffness * d).epsilon(1e-12));
  CHECK(std::abs(rest(4)) + std::abs(rest(5)) < 1e-9);
  Vec6 xi = Vec6::Zero();
  xi(3) = 0.3;  // driving in at 0.3 m/s: damping adds, never pulls
  CHECK(obstacleWrench(hull, wall, c, g, xi)(3) == Approx(-4.0 * (c.stiffness * d + c.damping * 0.3)).epsilon(1e-12));
  xi(3) = -100.0;  // leaving fast: the damping would pull, the contact only stops pushing
  CHECK(obstacleWrench(hull, wall, c, g, xi).norm() == 0.0);
  CHECK(obstaclePotential(hull, wall, c, g) == Approx(4.0 * 0.5 * c.stiffness * d * d).epsilon(1e-12));
  CHECK(obstacleWrench(hull, wall, c, pose(Vec3(8.9, 0.0, 0.0)), Vec6::Zero()).norm() == 0.0);  // clear of it
}

TEST_CASE("the contact spring is conservative: f = -grad V at a heeled, yawed pose", "[boat][obstacles]") {
  const std::vector<Vec3> hull = makeBoxHull(4.0, 1.6, 1.0, 2).vertices;
  const std::vector<BoxObstacle> pier{{"pier", Vec3(3.0, 2.5, 0.2), Vec3(26.0, 3.0, 1.6), 0.5236}};
  ContactParams c;
  const SE3 g = pose(Vec3(2.0, 0.9, 0.3), 0.7, 0.05);
  REQUIRE(obstaclePotential(hull, pier, c, g) > 0.0);
  const Vec6 f = obstacleWrench(hull, pier, c, g, Vec6::Zero());
  // Body-frame wrench = -dV/d(eps) along g exp(eps): translations along body axes, rotations.
  for (int k = 0; k < 6; ++k) {
    const double e = 1e-7;
    Vec6 step = Vec6::Zero();
    step(k) = e;
    const double dV = (obstaclePotential(hull, pier, c, g * se3::exp(step)) -
                       obstaclePotential(hull, pier, c, g * se3::exp(-step))) / (2.0 * e);
    CAPTURE(k);
    CHECK(f(k) == Approx(-dV).epsilon(1e-5).margin(1e-3));
  }
}

TEST_CASE("the harbour scenes' piers and walls are solid obstacles of the boat", "[boat][obstacles]") {
  for (const auto& [scene, count] : {std::pair{"boat-docking", 1}, std::pair{"boat-harbour", 4}}) {
    Scenario sc = loadScenario(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/" + scene + ".toml");
    const auto& se3 = dynamic_cast<const Se3Simulation&>(*sc.simulation);
    const auto& boat = dynamic_cast<const BoatForces&>(se3.forceModel());
    CAPTURE(scene);
    CHECK(static_cast<int>(boat.params().obstacles.size()) == count);
  }
  // The docking pier's face runs through the berth point (24, 6) offset by the half beam and a
  // 0.2 m fender gap: a boat at the berth (yaw 30 degrees) touches nothing, 0.25 m closer it does.
  Scenario sc = loadScenario(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/boat-docking.toml");
  const auto& boat = dynamic_cast<const BoatForces&>(dynamic_cast<const Se3Simulation&>(*sc.simulation).forceModel());
  const Vec3 left(-std::sin(0.5236), std::cos(0.5236), 0.0);
  const SE3 berth = pose(Vec3(24.0, 6.0, 0.375), 0.5236);
  CHECK(boat.contactWrench(berth, Vec6::Zero()).norm() == 0.0);
  CHECK(boat.contactWrench(pose(berth.x + 0.25 * left, 0.5236), Vec6::Zero()).norm() > 0.0);
}
