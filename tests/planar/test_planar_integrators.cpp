// Properties of the nonholonomic integrators: constraints by construction, energy and
// momentum behaviour, frozen-shape circles, handover, Newton reporting, convergence orders.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <sstream>

#include "planar_test_util.hpp"

using namespace lieride;

namespace {

std::string carToml(const std::string& integ, double dt, const std::string& extra = "") {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"car\"\n[initial]\nheading = 0.2\nshape = [0.0, 0.1]\nshape_velocity = [20.0, 0.0]\n"
    << "[integrator]\nname = \"" << integ << "\"\ndt = " << dt << "\n" << extra << "[controls]\n"
    << "steer_rate = { amplitude = 0.3, frequency = 0.25, phase = 1.5707963267948966 }\n"
    << "drive_torque = { amplitude = 400.0, frequency = 0.1 }\n";
  return s.str();
}

std::string snakeboardToml(const std::string& integ, double dt, const std::string& controls) {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"snakeboard\"\n[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n"
    << "[integrator]\nname = \"" << integ << "\"\ndt = " << dt << "\n[controls]\n" << controls;
  return s.str();
}

const char* kSnakeTorques =
    "rotor_torque = { amplitude = 2.0, frequency = 0.5 }\nsteer_torque = { amplitude = 0.05, frequency = 0.5 }\n";

std::string sleighToml(const std::string& integ, double dt, const std::string& extra = "") {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 2.0\nlinear_velocity = [0.5, 0.0]\n"
    << "[integrator]\nname = \"" << integ << "\"\ndt = " << dt << "\n" << extra;
  return s.str();
}

Vec3 finalPose(const std::string& toml, double T) {
  auto sim = planar_test::load(toml);
  REQUIRE(planar_test::runFor(*sim, T));
  const SE2 g = sim->model().pose(sim->state());
  return {g.theta, g.x, g.y};
}

}  // namespace

TEST_CASE("lie-nh keeps the car's constraints by construction, rk4 does not", "[planar]") {
  auto lie = planar_test::load(carToml("lie-nh", 0.01));
  auto rk4 = planar_test::load(carToml("rk4", 0.01));
  double worstLie = 0.0, worstRk4 = 0.0;
  for (int k = 0; k < 6000; ++k) {
    lie->step();
    rk4->step();
    worstLie = std::max(worstLie, lie->stepConstraint());
    worstRk4 = std::max(worstRk4, rk4->stepConstraint());
    // The run CSV's constraint column (velocity level) holds to 1e-12 at every step; the step
    // residual (average velocity of the stored poses) holds up to the rounding of the stored
    // positions, ulp(|x|) / h.
    REQUIRE(lie->constraintResidual() < 1e-12);
    const NhState& s = lie->state();
    const double roundoff = 8.0 * std::numeric_limits<double>::epsilon() * s.q.head(4).cwiseAbs().maxCoeff() / 0.01;
    REQUIRE(lie->stepConstraint() < 1e-12 + roundoff);
  }
  INFO("largest step residual: lie-nh " << worstLie << ", rk4 " << worstRk4);
  CHECK(worstRk4 > 1e3 * worstLie);
}

TEST_CASE("car without drive torque: energy conserved by the model, bounded under lie-nh", "[planar]") {
  const std::string noDrive = "[vehicle]\ntype = \"car\"\n[initial]\nshape = [0.0, 0.0]\nshape_velocity = [20.0, 0.0]\n"
                              "[integrator]\nname = \"NAME\"\ndt = 0.01\n[controls]\n"
                              "steer_rate = { amplitude = 0.3, frequency = 0.1, phase = 1.5707963267948966 }\n";
  auto make = [&](const std::string& name) {
    std::string t = noDrive;
    t.replace(t.find("NAME"), 4, name);
    return planar_test::load(t);
  };
  auto lie = make("lie-nh");
  const double E0 = lie->energy();
  const long n = 100000;
  double firstMax = 0.0, lastMax = 0.0;
  for (long k = 1; k <= n; ++k) {
    lie->step();
    REQUIRE(lie->status() == RunStatus::Ok);
    const double err = std::abs(lie->energy() - E0) / E0;
    if (k <= n / 10) firstMax = std::max(firstMax, err);
    if (k > n - n / 10) lastMax = std::max(lastMax, err);
  }
  INFO("relative energy error: first tenth " << firstMax << ", last tenth " << lastMax);
  CHECK(firstMax < 1e-3);
  CHECK(lastMax < 2.0 * firstMax + 1e-14);  // bounded, no drift
  // The continuous model conserves it exactly: rk4 at a small step agrees to its accuracy.
  auto rk4 = make("rk4");
  rk4->setTimeStep(0.002);
  REQUIRE(planar_test::runFor(*rk4, 20.0));
  CHECK(std::abs(rk4->energy() - E0) / E0 < 1e-9);
}

TEST_CASE("np-particle: nh-reflect conserves energy to 1e-12 over 1e5 steps, dla does not", "[planar]") {
  auto make = [](const std::string& integ, const std::string& extra = "") {
    return planar_test::load("[vehicle]\ntype = \"np-particle\"\n[initial]\nposition = [0.0, 0.5, 0.0]\n"
                             "velocity = [1.0, 0.05, 0.5]\n[integrator]\nname = \"" + integ + "\"\ndt = 0.01\n" + extra);
  };
  auto reflect = make("nh-reflect"), half = make("nh-reflect", "start = \"half-impulse\"\n"),
       tangent = make("nh-reflect", "start = \"tangent\"\n"), dla = make("dla");
  const double E0 = reflect->energy();
  half->step();
  dla->step();
  // The unscaled half-impulse start adds the normal part (h/2) M^-1 mu^T lambda0 to the first
  // discrete velocity: the conserved level is E0 + O(h^2). The default rescales that velocity
  // to the start's energy and conserves E0 itself, as does Eq. 12's tangent start.
  const double H1 = half->energy(), D1 = dla->energy();
  double worstReflect = 0.0, worstHalf = 0.0, worstTangent = 0.0, worstDla = 0.0;
  for (int k = 0; k < 100000; ++k) {
    reflect->step();
    tangent->step();
    if (k > 0) {
      half->step();
      dla->step();
    }
    worstReflect = std::max(worstReflect, std::abs(reflect->energy() - E0) / E0);
    worstHalf = std::max(worstHalf, std::abs(half->energy() - H1) / E0);
    worstTangent = std::max(worstTangent, std::abs(tangent->energy() - E0) / E0);
    worstDla = std::max(worstDla, std::abs(dla->energy() - D1) / E0);
  }
  REQUIRE(dla->status() == RunStatus::Ok);
  INFO("relative energy change: nh-reflect " << worstReflect << ", unscaled half impulse after the first step "
       << worstHalf << " (level offset " << (H1 - E0) / E0 << "), tangent start " << worstTangent << ", dla "
       << worstDla);
  CHECK(worstReflect < 1e-12);
  CHECK(worstHalf < 1e-12);
  CHECK(worstTangent < 1e-12);
  CHECK(H1 > E0);
  CHECK((H1 - E0) / E0 < 1e-6);
  CHECK(worstDla > 1e-9);
  CHECK(worstDla > 1e4 * worstReflect);
}

TEST_CASE("snakeboard with frozen shape: momentum constant, circle of radius l / tan(phi)", "[planar]") {
  for (const char* integ : {"lie-nh", "lie-nh-general", "rk4"}) {
    auto sim = planar_test::load("[vehicle]\ntype = \"snakeboard\"\n[initial]\nheading = 0.7\nposition = [1.0, 2.0]\n"
                                 "linear_velocity = [1.5, 0.0]\nshape = [0.0, 0.3]\n[integrator]\nname = \"" +
                                 std::string(integ) + "\"\ndt = 0.01\n");
    const double l = 0.35, phi = 0.3, R = l / std::tan(phi);
    const double p0 = sim->momentum();
    const SE2 g0 = sim->model().pose(sim->state());
    const double theta0 = sim->state().q(0), vx = 1.5;
    // The constraints give omega = -tan(phi) vx / l: with phi > 0 the board turns clockwise,
    // about the centre at R to the right of the heading.
    const double omega = -std::tan(phi) * vx / l;
    CHECK(sim->model().bodyVelocity(sim->state())(0) == Approx(omega).epsilon(1e-12));
    const Vec2 centre = Vec2(g0.x, g0.y) + R * Vec2(std::sin(g0.theta), -std::cos(g0.theta));
    double worstR = 0.0, worstP = 0.0;
    for (int k = 0; k < 2000; ++k) {
      sim->step();
      const SE2 g = sim->model().pose(sim->state());
      worstR = std::max(worstR, std::abs((Vec2(g.x, g.y) - centre).norm() - R));
      worstP = std::max(worstP, std::abs(sim->momentum() - p0));
    }
    INFO(integ << ": radius error " << worstR << ", momentum error " << worstP);
    CHECK(worstR < 1e-8 * R);
    // Clockwise: the heading has turned by omega t (2000 steps of 0.01 s).
    CHECK(sim->state().q(0) - theta0 == Approx(omega * 20.0).epsilon(1e-6));
    CHECK(worstP < 1e-10 * std::abs(p0));
    CHECK(sim->state().q(4) == Approx(phi).epsilon(1e-14));
  }
}

TEST_CASE("general Newton lie-nh equals the explicit car and snakeboard updates", "[planar]") {
  auto a = planar_test::load(carToml("lie-nh", 0.02, "alpha = 0.3\n"));
  auto b = planar_test::load(carToml("lie-nh-general", 0.02, "alpha = 0.3\n"));
  REQUIRE(planar_test::runFor(*a, 10.0));
  REQUIRE(planar_test::runFor(*b, 10.0));
  CHECK((a->state().q - b->state().q).cwiseAbs().maxCoeff() < 1e-9);
  // (sigma_dot differs by design: the explicit form reports the step's discrete steering rate.)
  CHECK((a->state().qdot - b->state().qdot).head(4).cwiseAbs().maxCoeff() < 1e-9);
  CHECK(b->lastReport().iterations >= 1);
  auto c = planar_test::load(snakeboardToml("lie-nh", 0.01, kSnakeTorques));
  auto d = planar_test::load(snakeboardToml("lie-nh-general", 0.01, kSnakeTorques));
  REQUIRE(planar_test::runFor(*c, 10.0));
  REQUIRE(planar_test::runFor(*d, 10.0));
  CHECK((c->state().q - d->state().q).cwiseAbs().maxCoeff() < 1e-9);
  CHECK(std::abs(c->momentum() - d->momentum()) < 1e-9);
}

TEST_CASE("a changed h mid-run continues the same motion", "[planar]") {
  // The car for 2 s at h1, then 2 s at h2, against the continuous motion. A restart that
  // handed over a wrong state (an O(h) momentum error at the switch) would show as a lower
  // order: halving both steps must divide the error by 2^order of the integrator.
  const Vec3 ref = finalPose(carToml("rk4", 0.0005), 4.0);
  auto switched = [&](const std::string& integ, double h1, double h2) {
    auto sim = planar_test::load(carToml(integ, h1));
    REQUIRE(planar_test::runFor(*sim, 2.0));
    sim->setTimeStep(h2);
    REQUIRE(planar_test::runFor(*sim, 2.0));
    CHECK(sim->time() == Approx(4.0).margin(1e-9));
    CHECK(sim->timeStep() == h2);
    const SE2 g = sim->model().pose(sim->state());
    return (Vec3(g.theta, g.x, g.y) - ref).norm();
  };
  for (const auto& [integ, order] : {std::pair{"lie-nh", 2.0}, std::pair{"lie-nh-general", 2.0}, std::pair{"nh-reflect", 2.0},
                                     std::pair{"dla", 2.0}, std::pair{"rk2", 2.0}, std::pair{"rk4", 4.0}}) {
    for (const auto& [h1, h2] : {std::pair{0.04, 0.02}, std::pair{0.02, 0.04}}) {
      const double e1 = switched(integ, h1, h2), e2 = switched(integ, h1 / 2, h2 / 2);
      INFO(integ << " h " << h1 << " -> " << h2 << ": errors " << e1 << ", " << e2 << " (halved), order "
                 << std::log2(e1 / e2));
      CHECK(std::abs(std::log2(e1 / e2) - order) < 0.35);
    }
  }
}

TEST_CASE("switching integrator mid-run continues the same motion", "[planar]") {
  // A real switch: lie-nh then rk4 stays as close to pure rk4 as pure lie-nh is.
  auto rk4 = planar_test::load(carToml("rk4", 0.01));
  auto lie = planar_test::load(carToml("lie-nh", 0.01));
  auto sw = planar_test::load(carToml("lie-nh", 0.01));
  double dSwitch = 0.0;
  for (int k = 0; k < 400; ++k) {
    if (k == 200) {
      sw->setIntegrator("rk4");
      dSwitch = (sw->state().q - rk4->state().q).head(3).norm();
    }
    rk4->step();
    lie->step();
    sw->step();
  }
  const double dLie = (lie->state().q - rk4->state().q).head(3).norm();
  const double dSw = (sw->state().q - rk4->state().q).head(3).norm();
  INFO("lie-nh vs rk4 " << dLie << ", at the switch " << dSwitch << ", switched vs rk4 " << dSw);
  CHECK(dSw < 10.0 * dSwitch + 1e-12);  // only the difference at the switch propagates
  CHECK(dSw < 1e-3);
  CHECK(sw->integratorName() == "rk4");
}

TEST_CASE("Newton solves report iterations and never fail silently", "[planar]") {
  auto sim = planar_test::load(sleighToml("dla", 0.05));
  const StepReport r = sim->step();
  CHECK(r.iterations >= 1);
  CHECK(r.converged);
  CHECK(r.residual <= 1e-12);
  auto lie = planar_test::load(sleighToml("lie-nh", 0.05));
  const StepReport rl = lie->step();
  CHECK(rl.iterations >= 1);
  CHECK(rl.converged);
  auto starved = planar_test::load(sleighToml("dla", 0.05, "max_iterations = 1\ntolerance = 1e-16\n"));
  planar_test::runFor(*starved, 1.0);
  CHECK(starved->status() == RunStatus::Diverged);
  CHECK(starved->statusMessage().find("did not converge") != std::string::npos);
}

TEST_CASE("the sleigh takes lie-nh-general, which is its lie-nh (the general Newton form)", "[planar]") {
  // docs/nonholonomic.md: the sleigh has no explicit update, so lie-nh is the general form.
  auto general = planar_test::load(sleighToml("lie-nh-general", 0.05));
  auto lie = planar_test::load(sleighToml("lie-nh", 0.05));
  REQUIRE(general->integratorName() == "lie-nh-general");
  for (int k = 0; k < 40; ++k) {
    general->step();
    lie->step();
  }
  REQUIRE(general->status() == RunStatus::Ok);
  const Snapshot a = general->snapshot(), b = lie->snapshot();
  CHECK(a.position == b.position);
  CHECK(a.bodyVelocity == b.bodyVelocity);
  CHECK(a.orientation.coeffs() == b.orientation.coeffs());
}

TEST_CASE("measured convergence orders", "[planar][order]") {
  struct Case {
    std::string label;
    std::function<std::string(const std::string&, double)> toml;
    std::string integ;
    double h, T, order;
  };
  auto car = [](const std::string& i, double h) { return carToml(i, h); };
  auto snake = [](const std::string& i, double h) { return snakeboardToml(i, h, kSnakeTorques); };
  auto sleigh = [](const std::string& i, double h) { return sleighToml(i, h); };
  const std::vector<Case> cases = {
      {"car", car, "lie-nh", 0.02, 4.0, 2.0},      {"car", car, "rk2", 0.02, 4.0, 2.0},
      {"car", car, "rk4", 0.08, 4.0, 4.0},         {"car", car, "euler", 0.01, 4.0, 1.0},
      {"car", car, "nh-reflect", 0.02, 4.0, 2.0},  {"car", car, "dla", 0.02, 4.0, 2.0},
      {"snakeboard", snake, "lie-nh", 0.02, 4.0, 2.0}, {"snakeboard", snake, "rk4", 0.08, 4.0, 4.0},
      {"snakeboard", snake, "nh-rattle", 0.02, 4.0, 2.0}, {"sleigh", sleigh, "lie-nh", 0.04, 4.0, 2.0},
      {"sleigh", sleigh, "nh-reflect", 0.04, 4.0, 2.0}, {"sleigh", sleigh, "dla", 0.04, 4.0, 2.0},
  };
  for (const auto& c : cases) {
    const Vec3 ref = finalPose(c.toml("rk4", 0.0005), c.T);
    const double e1 = (finalPose(c.toml(c.integ, c.h), c.T) - ref).norm();
    const double e2 = (finalPose(c.toml(c.integ, c.h / 2), c.T) - ref).norm();
    const double order = std::log2(e1 / e2);
    INFO(c.label << " " << c.integ << ": errors " << e1 << ", " << e2 << ", order " << order);
    CHECK(std::abs(order - c.order) < 0.3);
  }
}

TEST_CASE("clones continue bit-identically (determinism)", "[planar]") {
  for (const char* integ : {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle", "dla", "rk4"}) {
    auto a = planar_test::load(snakeboardToml(integ, 0.01, kSnakeTorques));
    for (int k = 0; k < 100; ++k) a->step();
    auto bSim = a->clone();
    auto& b = dynamic_cast<PlanarSimulation&>(*bSim);
    auto fresh = planar_test::load(snakeboardToml(integ, 0.01, kSnakeTorques));
    for (int k = 0; k < 200; ++k) {
      if (k < 100) fresh->step();
      else {
        fresh->step();
        a->step();
        b.step();
      }
    }
    INFO(integ);
    CHECK(a->state().q == b.state().q);
    CHECK(a->state().qdot == b.state().qdot);
    CHECK(a->state().q == fresh->state().q);
  }
}
