// nh-reflect's period-2 constraint-violating mode on the Chaplygin sleigh (docs/nonholonomic.md,
// "Known behaviour"): its seed order per start (measured by halving h), its growth law
// exp(kappa x forward distance) with kappa = m a / (J + m a^2), the later loss of the trajectory
// with the half-impulse start, and the Period2Monitor that drives the app's warning badge.
#include <catch2/catch.hpp>
#include <cmath>
#include <deque>
#include <sstream>

#include "planar_test_util.hpp"

using namespace lieride;

namespace {

// Ferraro et al. Fig. 6 (the `lieride bench sleigh` setting): m = J = 1, a = 0.2, backwards start.
std::string fig6(const std::string& integ, double h, const std::string& start = "half-impulse") {
  std::ostringstream s;
  s << "[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 0.589\nlinear_velocity = [-2.4, 0.0]\n"
    << "[integrator]\nname = \"" << integ << "\"\ndt = " << h << "\n";
  if (integ == "nh-reflect") s << "start = \"" << start << "\"\n";
  return s.str();
}

// The alternating part of the normal velocity mu(q_k) qdot_k: |fourth difference| / 16, computed
// here from the states (independently of Period2Monitor).
struct Alternating {
  std::deque<double> r;
  double add(const PlanarSimulation& sim) {
    NMat mu;
    sim.model().constraints(sim.state().q, mu);
    r.push_back((mu * sim.state().qdot)(0));
    if (r.size() > 5) r.pop_front();
    if (r.size() < 5) return NAN;
    return std::abs(r[0] - 4 * r[1] + 6 * r[2] - 4 * r[3] + r[4]) / 16.0;
  }
};

// Mean alternating amplitude over [t - 0.5, t + 0.5] (the mode changes little within a second).
double amplitudeAt(PlanarSimulation& sim, Alternating& alt, double t) {
  double sum = 0.0;
  int n = 0;
  while (sim.time() < t + 0.5 - 1e-9) {
    sim.step();
    const double a = alt.add(sim);
    if (sim.time() > t - 0.5 - 1e-9 && std::isfinite(a)) {
      sum += a;
      ++n;
    }
  }
  REQUIRE(n > 0);
  return sum / n;
}

}  // namespace

TEST_CASE("nh-reflect seeds the period-2 mode at O(h^3) from the half-impulse starts, O(h) from Eq. 12", "[planar][reflect]") {
  for (const char* start : {"half-impulse-energy", "half-impulse", "tangent"}) {
    std::vector<double> seeds;
    for (double h : {0.1, 0.05, 0.025}) {
      auto sim = planar_test::load(fig6("nh-reflect", h, start));
      Alternating alt;
      seeds.push_back(amplitudeAt(*sim, alt, 2.0));
    }
    const double order1 = std::log2(seeds[0] / seeds[1]), order2 = std::log2(seeds[1] / seeds[2]);
    INFO(start << ": amplitude at t = 2 " << seeds[0] << ", " << seeds[1] << ", " << seeds[2] << "; orders " << order1
               << ", " << order2);
    const double expected = std::string(start) == "tangent" ? 1.0 : 3.0;
    CHECK(std::abs(order1 - expected) < 0.25);
    CHECK(std::abs(order2 - expected) < 0.25);
  }
}

TEST_CASE("the period-2 mode grows as exp(kappa x forward distance)", "[planar][reflect]") {
  const double m = 1.0, J = 1.0, a = 0.2, kappa = m * a / (J + m * a * a), h = 0.05;
  // Forward distance between t = 10 and t = 22 from an accurate run (blade-frame vx). From
  // t = 10 on the mode stands far above the O(h^4) part of a smooth residual in the fourth
  // difference (at t = 2 the half-impulse seed, 7e-7 m/s at h = 0.05, does not).
  auto ref = planar_test::load(fig6("rk4", h / 10));
  double distance = 0.0;
  while (ref->time() < 22.0 - 1e-9) {
    const double before = ref->model().bodyVelocity(ref->state())(1);
    ref->step();
    const double after = ref->model().bodyVelocity(ref->state())(1);
    if (ref->time() > 10.0 + 1e-9) distance += 0.5 * (before + after) * ref->timeStep();
  }
  const double predicted = std::exp(kappa * distance);
  auto sim = planar_test::load(fig6("nh-reflect", h));
  Alternating alt;
  const double a10 = amplitudeAt(*sim, alt, 10.0);
  const double a22 = amplitudeAt(*sim, alt, 22.0);
  INFO("kappa " << kappa << ", distance " << distance << " m, growth x" << a22 / a10 << ", predicted x" << predicted);
  CHECK(predicted > 50.0);  // the setting: a large growth, so the law is tested, not noise
  CHECK(a22 / a10 == Approx(predicted).epsilon(0.03));
}

TEST_CASE("the half-impulse start keeps nh-reflect on the trajectory twice as long as Eq. 12's", "[planar][reflect]") {
  const double h = 0.1;
  auto ref = planar_test::load(fig6("rk4", h / 100));
  auto onset = [&](const std::string& start) {
    auto sim = planar_test::load(fig6("nh-reflect", h, start));
    auto r = ref->clone();
    auto& rp = dynamic_cast<PlanarSimulation&>(*r);
    while (sim->time() < 60.0 - 1e-9) {
      sim->step();
      for (int j = 0; j < 100; ++j) rp.step();
      const SE2 g = sim->model().pose(sim->state()), gr = rp.model().pose(rp.state());
      if (Vec3(g.theta - gr.theta, g.x - gr.x, g.y - gr.y).norm() > 1.0) return sim->time();
    }
    return 60.0;
  };
  const double tangent = onset("tangent"), half = onset("half-impulse"), kept = onset("half-impulse-energy");
  INFO("pose error > 1 m from t = " << tangent << " s (Eq. 12 start), " << half << " s (half impulse), " << kept
                                    << " s (half impulse at the start's energy)");
  CHECK(tangent < 20.0);
  CHECK(half > 28.0);
  CHECK(half - tangent > 10.0);
  CHECK(kept - tangent > 10.0);
}

TEST_CASE("Period2Monitor flags nh-reflect's mode before the trajectory is lost, and nothing else", "[planar][reflect]") {
  for (const char* start : {"half-impulse-energy", "half-impulse", "tangent"}) {
    auto sim = planar_test::load(fig6("nh-reflect", 0.1, start));
    double flagged = -1.0;
    while (sim->time() < 30.0 - 1e-9 && flagged < 0.0) {
      sim->step();
      if (sim->snapshot().period2Growing) flagged = sim->time();
    }
    INFO(start << ": flagged at t = " << flagged);
    CHECK(flagged > 1.0);
    CHECK(flagged < 15.0);
    // Switching h restarts the integrator (from the state projected onto the constraints) and
    // the monitor.
    sim->setTimeStep(0.05);
    CHECK_FALSE(sim->snapshot().period2Growing);
    CHECK(sim->snapshot().period2 == 0.0);
  }
  // The car with nh-reflect: the constraint distribution turns with theta and sigma.
  auto car = planar_test::load(
      "[vehicle]\ntype = \"car\"\n[initial]\nheading = 0.2\nshape = [0.0, 0.1]\nshape_velocity = [20.0, 0.0]\n"
      "[integrator]\nname = \"nh-reflect\"\ndt = 0.01\n[controls]\nsteer_rate = { amplitude = 0.3, frequency = 0.25 }\n");
  bool carFlagged = false;
  while (car->time() < 60.0 - 1e-9 && car->status() == RunStatus::Ok && !carFlagged) {
    car->step();
    carFlagged = car->snapshot().period2Growing;
  }
  INFO("car flagged at t = " << car->time());
  CHECK(carFlagged);
  // Methods without the mode stay quiet on the same runs.
  for (const char* integ : {"lie-nh", "dla", "rk4"}) {
    auto s = planar_test::load(fig6(integ, 0.1));
    double worst = 0.0, worstVelocity = 0.0;
    while (s->time() < 60.0 - 1e-9) {
      s->step();
      worst = std::max(worst, s->period2().value());
      worstVelocity = std::max(worstVelocity, s->period2Velocity().value());
    }
    INFO(integ << ": largest relative alternating residual " << worst << ", velocity " << worstVelocity);
    CHECK_FALSE(s->snapshot().period2Growing);
    CHECK(worst < Period2Monitor::kFloor);
    CHECK(worstVelocity < Period2Monitor::kFloor);
  }
}

// nh-rattle keeps the constraints exactly (its residual monitor stays at round-off), but as a
// volume-preserving map it must expand what the sleigh contracts too: its period-2 mode lives in
// the velocities, seeded at O(h^4), growing as exp(kappa x forward distance) like nh-reflect's.
TEST_CASE("nh-rattle's period-2 mode is in the velocities, seeded at O(h^4), and the monitor flags it", "[planar][reflect]") {
  std::vector<double> seeds;
  for (double h : {0.1, 0.05}) {
    auto sim = planar_test::load(fig6("nh-rattle", h));
    while (sim->time() < 10.0 - 1e-9) sim->step();
    seeds.push_back(sim->period2Velocity().value());
  }
  const double order = std::log2(seeds[0] / seeds[1]);
  INFO("alternating part of the velocities at t = 10: " << seeds[0] << ", " << seeds[1] << " (order " << order << ")");
  CHECK(std::abs(order - 4.0) < 0.3);

  auto ref = planar_test::load(fig6("rk4", 0.001));
  auto sim = planar_test::load(fig6("nh-rattle", 0.1));
  double flagged = -1.0, lost = -1.0, worstResidual = 0.0;
  while (sim->time() < 80.0 - 1e-9 && lost < 0.0) {
    sim->step();
    for (int j = 0; j < 100; ++j) ref->step();
    worstResidual = std::max(worstResidual, sim->period2().value());
    if (flagged < 0.0 && sim->snapshot().period2Growing) flagged = sim->time();
    const SE2 g = sim->model().pose(sim->state()), gr = ref->model().pose(ref->state());
    if (Vec3(g.theta - gr.theta, g.x - gr.x, g.y - gr.y).norm() > 1.0) lost = sim->time();
  }
  INFO("nh-rattle: flagged at t = " << flagged << ", pose error past 1 m at t = " << lost
                                    << ", largest alternating constraint residual " << worstResidual);
  CHECK(worstResidual < 1e-12);
  CHECK(lost > 0.0);
  CHECK(flagged > 5.0);
  CHECK(flagged < lost - 5.0);
}

TEST_CASE("Period2Monitor: a key pressed and released (a jump in the inputs) is not a growing mode", "[planar][reflect]") {
  // The app's W, A and S keys on the car: the drive torque and steering rate jump. Each jump
  // is a kink in the velocities that passes through the tenth difference in 11 steps; before
  // the persistence rule it latched the badge for lie-nh at the first press.
  for (const char* integ : {"lie-nh", "rk4", "dla"}) {
    auto car = planar_test::load("[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [15.0, 0.0]\n[integrator]\nname = \"" +
                                 std::string(integ) + "\"\ndt = 0.01\n");
    const int drive = car->controls().find("drive_torque"), steer = car->controls().find("steer_rate");
    REQUIRE(drive >= 0);
    REQUIRE(steer >= 0);
    while (car->time() < 10.0 - 1e-9) {
      const double t = car->time();
      car->controls().setConstant(static_cast<std::size_t>(drive), t > 1.0 && t < 3.0 ? 600.0 : t > 5.0 && t < 5.3 ? -1500.0 : 0.0);
      car->controls().setConstant(static_cast<std::size_t>(steer), t > 3.5 && t < 4.5 ? 0.5 : t > 6.0 && t < 6.5 ? -0.8 : 0.0);
      car->step();
      INFO(integ << " at t = " << car->time() << ": " << car->snapshot().period2);
      REQUIRE_FALSE(car->snapshot().period2Growing);
    }
  }
}

TEST_CASE("Period2Monitor: the flag follows the mode, and clears once an alternating burst has died out", "[planar][reflect]") {
  // Keys pressed and released in turn while driving by hand can pass the test once; latched,
  // the app's badge stayed up beside "1.6e-17 of the speed". A growing mode stays flagged.
  Period2Monitor m(4);
  NVec r(3);
  bool flaggedDuringBurst = false;
  int k = 0;
  for (; k < 64; ++k) {  // a quiet start: the smallest envelope is round-off
    r << 1e-17, 0.0, 0.0;
    m.add(r, 1.0);
  }
  for (int i = 0; i < 60; ++i, ++k) {  // an alternating part of 1e-3 of the speed
    r << (k % 2 ? 1e-3 : -1e-3), 0.0, 0.0;
    m.add(r, 1.0);
    flaggedDuringBurst = flaggedDuringBurst || m.growing();
  }
  CHECK(flaggedDuringBurst);
  for (int i = 0; i < 40; ++i, ++k) {
    r << 1e-17 * (k % 2 ? 1 : -1), 0.0, 0.0;
    m.add(r, 1.0);
  }
  CHECK(m.value() < 1e-15);
  CHECK_FALSE(m.growing());
  for (int i = 0; i < 60; ++i, ++k) {  // a mode that grows: flagged, and it stays flagged
    r << std::pow(1.05, i) * 1e-4 * (k % 2 ? 1 : -1), 0.0, 0.0;
    m.add(r, 1.0);
  }
  CHECK(m.growing());
}

TEST_CASE("Period2Monitor: a constraint residual alternating at a large share of the speed from the start is flagged", "[planar][reflect]") {
  // nh-reflect on the slalom car at h = 0.2 and 0.5: the car slides sideways at up to 0.7 m/s
  // of its 10 m/s from the first second (smooth: the O(h) slip, shown by the constraint plot),
  // and from about t = 5 s the slip alternates step to step, reaching the size of the slip
  // itself. By growth alone the mode was flagged at t = 11.6 s at h = 0.2 and never at h = 0.5
  // (it is large before the monitor's first envelope is measured); at 1 % of the speed it is
  // flagged at 9.4 and 9.5 s. The others stay quiet at both steps.
  const std::string slalom = std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/car-slalom.toml";
  for (const double h : {0.2, 0.5}) {
    ScenarioOverrides o;
    o.dt = h;
    for (const char* integ : {"nh-reflect", "lie-nh", "dla", "rk4"}) {
      o.integrator = integ;
      Scenario sc = loadScenario(slalom, o);
      auto& sim = *sc.simulation;
      double flagged = -1.0, worst = 0.0;
      while (sim.time() < 20.0 - 1e-9 && sim.status() == RunStatus::Ok) {
        sim.step();
        const Snapshot s = sim.snapshot();
        if (flagged < 0.0 && s.period2Growing) flagged = s.t;
        worst = std::max(worst, s.period2);
      }
      INFO(integ << " at h = " << h << ": flagged at t = " << flagged << ", largest alternating part / speed " << worst);
      if (std::string(integ) == "nh-reflect") {
        CHECK(flagged > 0.0);
        CHECK(flagged < 10.0);
      } else {
        CHECK(flagged < 0.0);
      }
    }
  }
}
