// Vehicles from a description (Ostrowski's reduced equations): the shipped descriptions
// against the hand-written models, closed forms of the derived connection, the exact
// kinematics of the two-wheeled robot, Elroy's beanie's counter-rotation and momentum
// (rejections: test_description_errors.cpp).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/scenario.hpp"
#include "reduced_test_util.hpp"

using namespace lieride;
using namespace lieride::reduced_test;

namespace {

// Largest difference of coordinates and coordinate velocities over the run.
double maxDifference(PlanarSimulation& a, PlanarSimulation& b, double duration) {
  const long steps = std::lround(duration / a.timeStep());
  double worst = 0.0;
  for (long k = 0; k < steps; ++k) {
    a.step();
    b.step();
    worst = std::max({worst, (a.state().q - b.state().q).cwiseAbs().maxCoeff(),
                      (a.state().qdot - b.state().qdot).cwiseAbs().maxCoeff()});
  }
  REQUIRE(a.status() == RunStatus::Ok);
  REQUIRE(b.status() == RunStatus::Ok);
  return worst;
}

// Newton solves (lie-nh-general) to 1e-15 relative: both models then stop at the same root.
const char* const kSnakeTorques =
    "[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n[integrator]\nname = \"INTEG\"\ndt = 0.01\ntolerance = 1e-15\n"
    "[controls]\nrotor_torque = { amplitude = 2.0, frequency = 0.5 }\n"
    "steer_torque = { amplitude = 0.05, frequency = 0.5, phase = 1.5707963267948966 }\n";
const char* const kSnakeGait =
    "[integrator]\nname = \"INTEG\"\ndt = 0.01\ntolerance = 1e-15\n[controls]\npsi = { amplitude = 1.0, frequency = 0.5 }\n"
    "phi = { amplitude = 0.4, frequency = 0.5 }\n";
const char* const kCar =
    "[initial]\nlinear_velocity = [3.0, 0.0]\nshape = [0.0, 0.1]\nSHAPEVEL[integrator]\nname = \"INTEG\"\ndt = 0.01\ntolerance = 1e-15\n"
    "[controls]\ndrive_torque = { amplitude = 300.0, frequency = 0.3 }\nsteer_rate = { amplitude = 0.5, frequency = 0.2 }\n";

std::string with(std::string s, const std::string& key, const std::string& value) {
  const auto at = s.find(key);
  if (at != std::string::npos) s.replace(at, key.size(), value);
  return s;
}

}  // namespace

// lie-nh: the explicit update of Kobilarov et al. 5.2.2 (hand-written) against the description's
// Newton form of the same discrete equations.
TEST_CASE("the snakeboard description reproduces the hand-written snakeboard over 10 s", "[reduced]") {
  for (const char* integ : {"lie-nh", "lie-nh-general", "rk4", "nh-reflect", "dla"}) {
    for (const char* body : {kSnakeTorques, kSnakeGait}) {
      INFO(integ << "\n" << body);
      auto a = load(hand("snakeboard", with(body, "INTEG", integ)));
      auto b = load(described("snakeboard", with(body, "INTEG", integ)));
      CHECK(maxDifference(*a, *b, 10.0) < 1e-10);
      // The momentum column too, sign included: Ostrowski's Eq. 49 for both (the description
      // once wrote -p, its constraint rows in the other order).
      CHECK(std::abs(a->momentum()) > 1.0);
      CHECK(std::abs(a->momentum() - b->momentum()) < 1e-8 * std::abs(a->momentum()));
    }
  }
}

TEST_CASE("the car description reproduces the hand-written car over 10 s", "[reduced]") {
  // The hand-written car takes the wheel rate from linear_velocity; the description from shape_velocity.
  std::ostringstream rate;
  rate.precision(17);
  rate << 3.0 / 0.33;
  const std::string shapeVel = "shape_velocity = [" + rate.str() + ", 0.0]\n";
  for (const char* integ : {"lie-nh-general", "rk4", "nh-rattle"}) {
    INFO(integ);
    const std::string body = with(kCar, "INTEG", integ);
    auto a = load(hand("car", with(body, "SHAPEVEL", "")));
    auto b = load(described("car", with(body, "SHAPEVEL", shapeVel)));
    CHECK(maxDifference(*a, *b, 10.0) < 1e-10);
  }
}

TEST_CASE("derived connections match the closed forms", "[reduced]") {
  SECTION("snakeboard: the nonholonomic connection of docs/models.md section 5") {
    auto sim = load(described("snakeboard", "[initial]\nshape = [0.0, 0.3]\n"));
    const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
    const double mass = 70.0, l = 0.35, Jr = 3.0;
    for (double phi : {-1.0, -0.3, 0.0, 0.2, 0.9}) {
      NVec r(2);
      r << 0.7, phi;
      const ReducedFrame f = m.frame(r);
      CHECK(f.A(0, 0) == Approx(Jr * std::sin(phi) * std::sin(phi) / (mass * l * l)).margin(1e-14));
      CHECK(f.A(1, 0) == Approx(-Jr * std::sin(2.0 * phi) / (2.0 * mass * l)).margin(1e-14));
      CHECK(std::abs(f.A(2, 0)) < 1e-14);
      CHECK(f.A.col(1).cwiseAbs().maxCoeff() < 1e-14);
      // E spans the rolling direction (-tan(phi)/l, 1, 0).
      CHECK(f.E(0, 0) / f.E(1, 0) == Approx(-std::tan(phi) / l).margin(1e-12));
    }
  }
  SECTION("Elroy's beanie: locked inertia and mechanical connection (Ostrowski Example 4.4)") {
    auto sim = load(described("elroys-beanie", ""));
    const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
    NVec r(1);
    r << 0.4;
    const ReducedFrame f = m.frame(r);
    CHECK(f.I(0, 0) == Approx(0.7));
    CHECK(f.I(1, 1) == Approx(2.0));
    CHECK(f.A(0, 0) == Approx(0.2 / 0.7).epsilon(1e-14));
    CHECK(std::abs(f.A(1, 0)) + std::abs(f.A(2, 0)) < 1e-15);
  }
  SECTION("two-wheeled robot: kinematic connection (Ostrowski Example 5.3)") {
    auto sim = load(described("two-wheeled-robot", ""));
    const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
    const ReducedFrame f = m.frame(NVec::Zero(2));
    const double rho = 0.1, w = 0.25;
    CHECK(f.A(0, 0) == Approx(-rho / (2 * w)));
    CHECK(f.A(0, 1) == Approx(rho / (2 * w)));
    CHECK(f.A(1, 0) == Approx(-rho / 2));
    CHECK(f.A(1, 1) == Approx(-rho / 2));
    CHECK(f.A.row(2).cwiseAbs().maxCoeff() < 1e-15);
  }
}

TEST_CASE("two-wheeled robot: reduced equations of Ostrowski Example 3.6", "[reduced]") {
  // (J_w + m rho^2/4 + J rho^2/(4 w^2)) phi1_dd + (m rho^2/4 - J rho^2/(4 w^2)) phi2_dd = tau_1, and symmetrically.
  auto sim = load(described("two-wheeled-robot", "[initial]\nshape_velocity = [3.0, -1.0]\n[controls]\n"
                                                 "torque_1 = 0.3\ntorque_2 = -0.7\n"));
  const auto& m = sim->model();
  const NVec y = m.toReduced(0.0, sim->state(), sim->controls());
  NVec ydot;
  m.reducedRate(0.0, y, sim->controls(), ydot);
  const double mass = 10.0, J = 0.5, Jw = 0.02, rho = 0.1, w = 0.25;
  const double a = Jw + mass * rho * rho / 4 + J * rho * rho / (4 * w * w), b = mass * rho * rho / 4 - J * rho * rho / (4 * w * w);
  CHECK(a * ydot(5) + b * ydot(6) == Approx(0.3).epsilon(1e-12));
  CHECK(b * ydot(5) + a * ydot(6) == Approx(-0.7).epsilon(1e-12));
}

TEST_CASE("two-wheeled robot: prescribed wheel motions give the kinematics exactly", "[reduced]") {
  const double rho = 0.1, w = 0.25, amp = 2.0;
  SECTION("equal wheel motions drive straight") {
    auto sim = load(described("two-wheeled-robot", "[integrator]\nname = \"lie-nh\"\ndt = 0.01\n[controls]\n"
                                                   "wheel_1 = { amplitude = 2.0, frequency = 0.3 }\n"
                                                   "wheel_2 = { amplitude = 2.0, frequency = 0.3 }\n"));
    for (int k = 0; k < 1000; ++k) {
      sim->step();
      const NVec& q = sim->state().q;
      const double phi = amp * std::sin(2.0 * M_PI * 0.3 * sim->time());
      REQUIRE(std::abs(q(0)) < 1e-13);
      REQUIRE(std::abs(q(2)) < 1e-13);
      REQUIRE(std::abs(q(1) - rho * phi) < 1e-12);
    }
  }
  SECTION("opposite wheel motions spin in place") {
    auto sim = load(described("two-wheeled-robot", "[integrator]\nname = \"lie-nh\"\ndt = 0.01\n[controls]\n"
                                                   "wheel_1 = { amplitude = 2.0, frequency = 0.3 }\n"
                                                   "wheel_2 = { amplitude = -2.0, frequency = 0.3 }\n"));
    for (int k = 0; k < 1000; ++k) {
      sim->step();
      const NVec& q = sim->state().q;
      const double phi = amp * std::sin(2.0 * M_PI * 0.3 * sim->time());
      REQUIRE(std::abs(q(1)) < 1e-13);
      REQUIRE(std::abs(q(2)) < 1e-13);
      REQUIRE(std::abs(q(0) - rho / w * phi) < 1e-12);
    }
  }
  SECTION("equal wheel torques from rest drive straight") {
    for (const char* integ : {"lie-nh", "rk4"}) {
      auto sim = load(described("two-wheeled-robot", std::string("[integrator]\nname = \"") + integ +
                                                         "\"\ndt = 0.01\n[controls]\ntorque_1 = 0.2\ntorque_2 = 0.2\n"));
      for (int k = 0; k < 500; ++k) sim->step();
      const NVec& q = sim->state().q;
      CHECK(std::abs(q(0)) < 1e-14);
      CHECK(std::abs(q(2)) < 1e-14);
      CHECK(q(1) > 0.1);
      // Constant acceleration (J_w + m rho^2/4 + J rho^2/(4 w^2) + m rho^2/4 - J rho^2/(4 w^2)) phi_dd = tau:
      const double acc = 0.2 / (0.02 + 10.0 * rho * rho / 2.0);
      CHECK(q(1) == Approx(rho * 0.5 * acc * 25.0).epsilon(1e-10));
    }
  }
}

TEST_CASE("Elroy's beanie: counter-rotation and conserved spatial momentum", "[reduced]") {
  const double J1 = 0.5, J2 = 0.2;
  SECTION("from rest the body turns by -J2/(J1+J2) of the beanie's turn") {
    for (const char* tangent : {"tln", "dexp"}) {
      auto sim = load(described("elroys-beanie", std::string("[initial]\nshape = [3.0]\n[integrator]\nname = \"lie-nh\"\n") +
                                                     "tangent = \"" + tangent + "\"\n[controls]\n" +
                                                     "beanie = { amplitude = 3.0, frequency = 0.25, phase = 1.5707963267948966 }\n"));
      for (int k = 0; k < 2000; ++k) {
        sim->step();
        const NVec& q = sim->state().q;
        REQUIRE(std::abs(q(0) + J2 / (J1 + J2) * (q(3) - 3.0)) < 1e-13);
        REQUIRE(std::abs(q(1)) + std::abs(q(2)) < 1e-13);
      }
    }
  }
  SECTION("drifting and spinning under a beanie torque: spatial momentum to round-off") {
    auto sim = load(described("elroys-beanie", "[initial]\nlinear_velocity = [0.3, -0.1]\nangular_velocity = 0.8\n"
                                               "shape_velocity = [-2.0]\n[integrator]\nname = \"lie-nh\"\ntangent = \"dexp\"\n"
                                               "[controls]\nbeanie_torque = { amplitude = 0.3, frequency = 0.4 }\n"));
    const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
    const Vec3 L0 = m.spatialMomentum(sim->state());
    double worst = 0.0;
    for (int k = 0; k < 2000; ++k) {
      sim->step();
      worst = std::max(worst, (m.spatialMomentum(sim->state()) - L0).cwiseAbs().maxCoeff());
    }
    CHECK(worst < 1e-12);
  }
}

// dla with no constraints (k = 0): the Newton solve on lambda has no unknowns, so every step
// reports no iteration and a zero residual, two runs agree bit for bit, and the discrete
// momentum M (q_k+1 - q_k)/h is kept exactly: the counter-rotation and the spatial momentum
// hold to round-off (docs/models.md, Ostrowski Example 4.4).
TEST_CASE("Elroy's beanie under dla: deterministic, counter-rotation and spatial momentum", "[reduced]") {
  const double J1 = 0.5, J2 = 0.2;
  SECTION("two runs of 1 s agree bit for bit; the body turns by -J2/(J1+J2) of the beanie's turn") {
    const std::string body = "[initial]\nshape = [3.0]\nlinear_velocity = [0.2, 0.0]\n[integrator]\nname = \"dla\"\ndt = 0.01\n[controls]\n"
                             "beanie = { amplitude = 3.0, frequency = 0.25, phase = 1.5707963267948966 }\n";
    auto a = load(described("elroys-beanie", body));
    auto b = load(described("elroys-beanie", body));
    for (int k = 0; k < 100; ++k) {
      for (auto* sim : {a.get(), b.get()}) {
        const StepReport rep = sim->step();
        REQUIRE(rep.iterations == 0);
        REQUIRE(rep.residual == 0.0);
      }
      REQUIRE(a->status() == RunStatus::Ok);
      REQUIRE(b->status() == RunStatus::Ok);
      REQUIRE(a->state().q == b->state().q);
      REQUIRE(a->state().qdot == b->state().qdot);
      const NVec& q = a->state().q;
      REQUIRE(std::abs(q(0) + J2 / (J1 + J2) * (q(3) - 3.0)) < 1e-13);
      REQUIRE(std::abs(q(2)) < 1e-15);
    }
    CHECK(a->state().q(1) == Approx(0.2).epsilon(1e-12));  // drifted 0.2 m/s for 1 s
  }
  SECTION("drifting and spinning under a beanie torque: spatial momentum to round-off") {
    auto sim = load(described("elroys-beanie", "[initial]\nlinear_velocity = [0.3, -0.1]\nangular_velocity = 0.8\n"
                                               "shape_velocity = [-2.0]\n[integrator]\nname = \"dla\"\ndt = 0.01\n"
                                               "[controls]\nbeanie_torque = { amplitude = 0.3, frequency = 0.4 }\n"));
    const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
    const Vec3 L0 = m.spatialMomentum(sim->state());
    double worst = 0.0;
    for (int k = 0; k < 100; ++k) {
      REQUIRE(sim->step().iterations == 0);
      REQUIRE(sim->status() == RunStatus::Ok);
      worst = std::max(worst, (m.spatialMomentum(sim->state()) - L0).cwiseAbs().maxCoeff());
    }
    CHECK(worst < 1e-12);
  }
}

TEST_CASE("docs/formats.md section 5: the example scenario and description run as written", "[reduced][docs]") {
  namespace fs = std::filesystem;
  std::ifstream in(std::string(LIERIDE_SOURCE_DIR) + "/docs/formats.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const std::size_t from = text.find("## 5. Vehicle descriptions"), to = text.find("## 6.", from);
  REQUIRE(from != std::string::npos);
  std::vector<std::string> blocks;
  for (std::size_t at = text.find("```toml\n", from); at < to; at = text.find("```toml\n", at)) {
    at += 8;
    const std::size_t end = text.find("```", at);
    blocks.push_back(text.substr(at, end - at));
    at = end + 3;
  }
  REQUIRE(blocks.size() == 2);  // the scenario, then the description
  const fs::path dir = fs::temp_directory_path() / ("lieride-docs-example-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string scenario = blocks[0];
  const std::string named = "assets/vehicles/two-wheeled-robot.toml";
  REQUIRE(scenario.find(named) != std::string::npos);
  scenario.replace(scenario.find(named), named.size(), "robot.toml");
  std::ofstream(dir / "robot.toml") << blocks[1];
  std::ofstream(dir / "scene.toml") << scenario;
  // The optional initial body velocity, commented out, is the one the constraints fix.
  std::string withVelocity = scenario;
  for (const std::string key : {"# linear_velocity", "# angular_velocity"}) {
    REQUIRE(withVelocity.find(key) != std::string::npos);
    withVelocity.erase(withVelocity.find(key), 2);
  }
  std::ofstream(dir / "scene-velocity.toml") << withVelocity;
  Scenario a = loadScenario((dir / "scene.toml").string());
  Scenario b = loadScenario((dir / "scene-velocity.toml").string());
  for (int k = 0; k < 100; ++k) a.simulation->step(), b.simulation->step();
  CHECK(a.simulation->status() == RunStatus::Ok);
  std::vector<double> wa, wb;
  a.simulation->stateWords(wa);
  b.simulation->stateWords(wb);
  CHECK(wa == wb);
  fs::remove_all(dir);
}

TEST_CASE("the robot and beanie scenes run", "[reduced][scenes]") {
  for (const char* name : {"two-wheeled-robot", "elroys-beanie"}) {
    INFO(name);
    Scenario sc = loadScenario(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/" + name + ".toml");
    for (int k = 0; k < 2000; ++k) sc.simulation->step();
    CHECK(sc.simulation->status() == RunStatus::Ok);
  }
}

TEST_CASE("shape-dependent inertia and a potential: energy and spatial momentum under rk4", "[reduced]") {
  // A body (m1, J1) with a mass m2 sliding on its x axis at s, held by a spring k (V = k s^2 / 2):
  // the point moves with (vx + s_dot, vy + omega s). No constraints, no inputs: the energy and the
  // spatial momentum are invariants of the exact flow, so RK4 keeps them to its O(h^4) error.
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("lieride-reduced-slider-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "slider.toml") << R"(name = "slider"
[parameters]
m1 = 2.0
J1 = 0.3
m2 = 0.5
k = 4.0
[[shape]]
name = "s"
[kinetic]
matrix = [["J1 + m2*s^2", 0, "m2*s", 0], [0, "m1 + m2", 0, "m2"], ["m2*s", 0, "m1 + m2", 0], [0, "m2", 0, "m2"]]
potential = "k*s^2/2"
)";
  std::ofstream(dir / "scene.toml") << "[vehicle]\ntype = \"reduced\"\ndescription = \"slider.toml\"\n"
                                       "[initial]\nshape = [0.3]\nshape_velocity = [0.5]\nlinear_velocity = [0.2, -0.1]\n"
                                       "angular_velocity = 1.5\n[integrator]\nname = \"rk4\"\ndt = 0.001\n";
  auto sim = load(slurpFile(dir / "scene.toml"), dir.string());
  const auto& m = dynamic_cast<const ReducedModel&>(sim->model());
  CHECK_FALSE(m.description().constantInertia);
  const double E0 = m.energy(sim->state());
  const Vec3 L0 = m.spatialMomentum(sim->state());
  double dE = 0.0, dL = 0.0, sMax = 0.0;
  for (int k = 0; k < 5000; ++k) {
    sim->step();
    dE = std::max(dE, std::abs(m.energy(sim->state()) - E0));
    dL = std::max(dL, (m.spatialMomentum(sim->state()) - L0).cwiseAbs().maxCoeff());
    sMax = std::max(sMax, std::abs(sim->state().q(3)));
  }
  CHECK(sMax > 0.3);   // the slider does move
  CHECK(dE < 1e-10 * std::abs(E0));
  CHECK(dL < 1e-10);
  // lie-nh needs a constant mass-inertia matrix: not offered here.
  CHECK_THROWS_AS(load(slurpFile(dir / "scene.toml") + "", dir.string(), "lie-nh"), ScenarioError);
  fs::remove_all(dir);
}

TEST_CASE("lie-nh with Newton through the shape derivatives: the snakeboard in (chi = psi + phi, phi)", "[reduced]") {
  // The same Lagrangian in the shape coordinates (chi, phi), psi = chi - phi: M' = T^T M T couples
  // phi to omega and chi, so phi is a Newton unknown the constraints depend on (the general path,
  // with dE/dr and dA/dr from the symbolic derivatives), while the shipped description solves phi
  // in closed form with a fixed frame. lie-nh's discrete equations are invariant under a linear
  // change of shape coordinates, so both give the same motion; exact Jacobians make every Newton
  // solve converge quadratically from the cubic extrapolation of the last four solutions (one or
  // two updates; a Jacobian without the shape derivatives would converge linearly, O(h) per update).
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("lieride-reduced-chi-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "snakeboard-chi.toml") << R"toml(name = "snakeboard-chi"
[parameters]
m = 70.0
l = 0.35
J_r = 3.0
J_w = 0.05
[[shape]]
name = "chi"
[[shape]]
name = "phi"
min = -1.2
max = 1.2
[kinetic]
matrix = [
  ["m*l^2", 0, 0, "J_r", "-J_r"],
  [0, "m", 0, 0, 0],
  [0, 0, "m", 0, 0],
  ["J_r", 0, 0, "J_r", "-J_r"],
  ["-J_r", 0, 0, "-J_r", "J_r + 2*J_w"],
]
[constraints]
rows = [
  ["-l*cos(phi)", "-sin(phi)", "cos(phi)", 0, 0],
  ["l*cos(phi)", "sin(phi)", "cos(phi)", 0, 0],
]
)toml";
  const std::string common = "[integrator]\nname = \"lie-nh\"\ndt = 0.01\n";
  auto a = load(described("snakeboard", "[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n"
                                        "shape_velocity = [2.0, 0.1]\n" + common));
  auto b = load("[vehicle]\ntype = \"reduced\"\ndescription = \"snakeboard-chi.toml\"\n[initial]\n"
                "linear_velocity = [0.5, 0.0]\nshape = [0.1, 0.1]\nshape_velocity = [2.1, 0.1]\n" + common,
                dir.string());
  double worst = 0.0;
  int maxIterations = 0;
  for (int k = 0; k < 500; ++k) {
    a->step();
    b->step();
    if (k >= 4) maxIterations = std::max(maxIterations, b->lastReport().iterations);  // the cubic guess
    const NhState& sa = a->state();
    const NhState& sb = b->state();
    for (int i = 0; i < 3; ++i)
      worst = std::max({worst, std::abs(sa.q(i) - sb.q(i)), std::abs(sa.qdot(i) - sb.qdot(i))});
    worst = std::max({worst, std::abs(sa.q(4) - sb.q(4)), std::abs(sa.qdot(4) - sb.qdot(4)),
                      std::abs(sa.q(3) - (sb.q(3) - sb.q(4))), std::abs(sa.qdot(3) - (sb.qdot(3) - sb.qdot(4)))});
  }
  REQUIRE(a->status() == RunStatus::Ok);
  REQUIRE(b->status() == RunStatus::Ok);
  CHECK(std::abs(a->state().q(4) - 0.1) > 0.1);  // the steering does move
  CHECK(worst < 1e-10);
  CHECK(maxIterations <= 2);
  fs::remove_all(dir);
}
