// The built-in planar scenes: each loads and runs; parallel parking ends where it should;
// the snakeboard gaits produce their motions, the same under lie-nh and a fine reference.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "planar_test_util.hpp"

using namespace lieride;

namespace {

std::string scene(const std::string& name) { return std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/" + name + ".toml"; }

std::unique_ptr<Simulation> loadScene(const std::string& name, const ScenarioOverrides& o = {}) {
  Scenario sc = loadScenario(scene(name), o);
  return std::move(sc.simulation);
}

struct Motion {
  double forward, sideways, turn;
};

// Net motion in the start frame after `duration`.
Motion gaitMotion(const std::string& name, const ScenarioOverrides& o, double duration) {
  auto sim = loadScene(name, o);
  auto& p = dynamic_cast<PlanarSimulation&>(*sim);
  const SE2 g0 = p.model().pose(p.state());
  REQUIRE(planar_test::runFor(*sim, duration));
  const SE2 rel = g0.inverse() * p.model().pose(p.state());
  return {rel.x, rel.y, rel.theta};
}

}  // namespace

TEST_CASE("planar scenes load and run", "[planar][scenes]") {
  for (const char* name : {"car-parallel-parking", "car-slalom", "snakeboard-drive", "snakeboard-rotate",
                           "snakeboard-parking", "sleigh", "np-particle"}) {
    INFO(name);
    Scenario sc = loadScenario(scene(name));
    REQUIRE(sc.simulation);
    CHECK(planar_test::runFor(*sc.simulation, sc.settings.duration));
    CHECK(sc.simulation->status() == RunStatus::Ok);
  }
}

TEST_CASE("parallel parking ends parallel, one car width aside, within a car length", "[planar][scenes]") {
  for (const char* integ : {"lie-nh", "rk4"}) {
    ScenarioOverrides o;
    o.integrator = integ;
    Scenario sc = loadScenario(scene("car-parallel-parking"), o);
    auto& p = dynamic_cast<PlanarSimulation&>(*sc.simulation);
    const SE2 g0 = p.model().pose(p.state());
    REQUIRE(planar_test::runFor(p, sc.settings.duration));
    const SE2 rel = g0.inverse() * p.model().pose(p.state());
    INFO(integ << ": end (theta, x, y) = " << rel.theta << ", " << rel.x << ", " << rel.y);
    const double carWidth = 1.8, carLength = 4.5;
    CHECK(std::abs(rel.theta) < 0.02);
    CHECK(std::abs(std::abs(rel.y) - carWidth) < 0.3 * carWidth);
    CHECK(std::hypot(rel.x, rel.y) < carLength);
    CHECK(std::abs(p.state().qdot(CarModel::kPsi)) < 0.5);  // comes to rest, roughly
  }
}

TEST_CASE("snakeboard gaits: drive forward, rotate in place, park sideways", "[planar][scenes]") {
  const double T = 10.0;  // five periods of the slower shape signal
  ScenarioOverrides fine;
  fine.integrator = "rk4";
  fine.dt = 0.0005;
  const Motion drive = gaitMotion("snakeboard-drive", {}, T), driveRef = gaitMotion("snakeboard-drive", fine, T);
  const Motion rotate = gaitMotion("snakeboard-rotate", {}, T), rotateRef = gaitMotion("snakeboard-rotate", fine, T);
  const Motion park = gaitMotion("snakeboard-parking", {}, T), parkRef = gaitMotion("snakeboard-parking", fine, T);
  INFO("drive " << drive.forward << " " << drive.sideways << " " << drive.turn << " (ref " << driveRef.forward << " "
                << driveRef.sideways << " " << driveRef.turn << ")");
  INFO("rotate " << rotate.forward << " " << rotate.sideways << " " << rotate.turn << " (ref " << rotateRef.forward
                 << " " << rotateRef.sideways << " " << rotateRef.turn << ")");
  INFO("park " << park.forward << " " << park.sideways << " " << park.turn << " (ref " << parkRef.forward << " "
               << parkRef.sideways << " " << parkRef.turn << ")");
  auto agree = [](double a, double ref) { return a * ref > 0.0 && std::abs(a - ref) <= 0.05 * std::abs(ref); };
  // Drive: net travel along the start heading dominates, forwards (the chase camera follows
  // from behind; the scene used to drive the board backwards at it).
  CHECK(agree(drive.forward, driveRef.forward));
  CHECK(driveRef.forward > 0.0);
  CHECK(std::abs(driveRef.forward) > std::abs(driveRef.sideways));
  // Rotate: a heading change with little displacement (compared with the drive gait).
  CHECK(agree(rotate.turn, rotateRef.turn));
  CHECK(std::abs(rotateRef.turn) > 0.5);
  CHECK(std::hypot(rotateRef.forward, rotateRef.sideways) < 0.2 * std::abs(driveRef.forward));
  // Parking: sideways drift dominates, small compared with the drive gait.
  CHECK(agree(park.sideways, parkRef.sideways));
  CHECK(std::abs(parkRef.sideways) > std::abs(parkRef.forward));
  CHECK(std::abs(parkRef.sideways) < 0.2 * std::abs(driveRef.forward));
}

TEST_CASE("planar scenario errors name the key", "[planar][scenes]") {
  auto message = [](const std::string& toml) {
    try {
      loadScenarioFromString(toml, "bad.toml", ".");
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("[vehicle]\ntype = \"car\"\n[integrator]\nname = \"dla\"\nconstraint = \"mid\"\n")
            .find("integrator.constraint") != std::string::npos);
  CHECK(message("[vehicle]\ntype = \"car\"\n[integrator]\nalpha = 1.5\n").find("integrator.alpha") != std::string::npos);
  CHECK(message("[vehicle]\ntype = \"np-particle\"\n[integrator]\nname = \"lie-nh\"\n").find("does not apply") !=
        std::string::npos);
  CHECK(message("[vehicle]\ntype = \"car\"\nwheelbase = -1.0\n").find("vehicle.wheelbase") != std::string::npos);
  CHECK(message("[vehicle]\ntype = \"car\"\nwheel_base = 2.0\n").find("wheel_base") != std::string::npos);
  CHECK(message("[vehicle]\ntype = \"sleigh\"\n[initial]\nlinear_velocity = [1.0, 0.5]\n")
            .find("initial.linear_velocity") != std::string::npos);
  CHECK(message("[vehicle]\ntype = \"snakeboard\"\n[initial]\nshape = [0.0, 1.5]\n").find("initial.shape") !=
        std::string::npos);
  CHECK(message("[vehicle]\ntype = \"np-particle\"\n[initial]\nposition = [0.0, 1.0, 0.0]\nvelocity = [1.0, 0.0, 0.0]\n")
            .find("initial.velocity") != std::string::npos);
}

// The energy balance E - E(0) - W (W: the trapezoid rule over power() at the step ends, as the
// app's plot sums it) of a prescribed gait: the prescribing torques' work includes the rotor's
// and axles' kinetic energy, so what is left is lie-nh's O(h^2) error, not the 14.5 J swing of
// the rotor's energy it was while power() held the shape rates fixed.
TEST_CASE("snakeboard gaits: the energy balance E - E0 - W is lie-nh's error, of order 2 in h", "[planar][scenes]") {
  for (const char* name : {"snakeboard-drive", "snakeboard-rotate", "snakeboard-parking"}) {
    INFO(name);
    auto worstBalance = [&](double h) {
      ScenarioOverrides o;
      o.dt = h;
      auto sim = loadScene(name, o);
      const double e0 = sim->snapshot().energy;
      double work = 0.0, p0 = sim->power(), worst = 0.0;
      for (long k = 0, n = std::lround(4.0 / h); k < n; ++k) {
        sim->step();
        REQUIRE(sim->status() == RunStatus::Ok);
        const double p1 = sim->power();
        work += 0.5 * h * (p0 + p1);
        p0 = p1;
        worst = std::max(worst, std::abs(sim->snapshot().energy - e0 - work));
      }
      return std::make_pair(worst, e0);
    };
    const auto [coarse, e0] = worstBalance(0.01);
    const double fine = worstBalance(0.005).first;
    CHECK(coarse < 1e-2 * e0);
    CHECK(coarse / fine == Approx(4.0).epsilon(0.15));
  }
}

TEST_CASE("sleigh under lie-nh: energy to round-off per step, and a tolerance below round-off still converges", "[planar]") {
  // The Newton form's step ends with a polishing iteration: its momentum balance holds to
  // round-off, not merely to the tolerance (residuals of ~1e-12 a step added up to 4.9e-10 of
  // the energy over 30 s at h = 0.005). And a tolerance of 1e-16, which the docs allow, is met
  // as closely as doubles allow (the solve stalled at 2.2e-16 and the run ended as diverged).
  for (const char* tolerance : {"", "tolerance = 1e-16\n"}) {
    INFO(tolerance);
    ScenarioOverrides o;
    o.integrator = "lie-nh";
    o.dt = 0.005;
    Scenario sc = loadScenarioFromString(
        std::string("[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 2.0\nlinear_velocity = [0.5, 0.0]\n"
                    "[integrator]\nduration = 30.0\n") + tolerance,
        "sleigh.toml", ".", o);
    auto& sim = dynamic_cast<PlanarSimulation&>(*sc.simulation);
    const double e0 = sim.energy();
    double worst = 0.0;
    for (int k = 0; k < 6000; ++k) {
      sim.step();
      REQUIRE(sim.status() == RunStatus::Ok);
      worst = std::max(worst, std::abs(sim.energy() - e0));
    }
    CHECK(worst < 2e-11 * e0);
  }
}

TEST_CASE("snakeboard: a prescribed gait without [initial] shape starts in its shape, rolling at the given vx",
          "[planar][snakeboard]") {
  // The state was built at phi = 0 and projected onto phi(0)'s rolling direction at the start:
  // it rolled at cos^2(phi(0)) vx, and the omega that goes with phi(0) was refused.
  const std::string base =
      "[vehicle]\ntype = \"snakeboard\"\nmass = 60.0\nhalf_wheelbase = 0.4\nrotor_inertia = 2.0\naxle_inertia = 0.08\n"
      "[initial]\nposition = [0.5, -0.3]\nheading = 0.4\nlinear_velocity = [0.3, 0.0]\n";
  const std::string rest = "[integrator]\ndt = 0.01\nduration = 2.0\n[controls]\n"
                           "psi = { amplitude = 1.2, frequency = 0.6, phase = 0.4 }\n"
                           "phi = { amplitude = 0.5, frequency = 0.6, phase = 1.0, offset = 0.1 }\n";
  const double psi0 = 1.2 * std::sin(0.4), phi0 = 0.1 + 0.5 * std::sin(1.0), l = 0.4;
  Scenario implicitShape = loadScenarioFromString(base + rest, "gait.toml", ".");
  auto& sim = dynamic_cast<PlanarSimulation&>(*implicitShape.simulation);
  const Snapshot s0 = sim.snapshot();
  CHECK(s0.bodyVelocity(3) == Approx(0.3).epsilon(1e-12));                          // vx
  CHECK(s0.bodyVelocity(2) == Approx(-std::tan(phi0) * 0.3 / l).epsilon(1e-12));  // omega
  // The same run as with the shape written out (which always started right).
  char shape[128];
  std::snprintf(shape, sizeof shape, "shape = [%.17g, %.17g]\n", psi0, phi0);
  Scenario explicitShape = loadScenarioFromString(base + shape + rest, "gait.toml", ".");
  auto& other = dynamic_cast<PlanarSimulation&>(*explicitShape.simulation);
  for (int k = 0; k < 200; ++k) {
    sim.step();
    other.step();
  }
  for (int i = 0; i < 3; ++i) CHECK(sim.state().q(i) == Approx(other.state().q(i)).margin(1e-12));
  // The omega that goes with phi(0) is accepted, another refused naming the key.
  char omega[96];
  std::snprintf(omega, sizeof omega, "angular_velocity = %.17g\n", -std::tan(phi0) * 0.3 / l);
  CHECK_NOTHROW(loadScenarioFromString(base + omega + rest, "gait.toml", "."));
  CHECK_THROWS_WITH(loadScenarioFromString(base + "angular_velocity = 0.0\n" + rest, "gait.toml", "."),
                    Catch::Contains("angular_velocity"));
}
