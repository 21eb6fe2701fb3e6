// The vehicle views (app/gui/views): one per kind, built from the constructed simulation. Every
// value a view uses comes from the engine (the model's parameters, the descriptor's channel
// ranges and trim), so changing a parameter in the scenario changes what the pilot commands.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "lieride/sim/registry.hpp"
#include "lieride/sim/scenario.hpp"
#include "pilot.hpp"
#include "scenes.hpp"
#include "views/vehicle_view.hpp"

using namespace lieride;
using namespace lieride::gui;

namespace {
Scenario scenario(const std::string& text) { return loadScenarioFromString(text, "view.toml", LIERIDE_SOURCE_DIR); }

double input(const Simulation& sim, const char* channel) {
  const int i = sim.controls().find(channel);
  REQUIRE(i >= 0);
  return sim.controls().value(static_cast<std::size_t>(i), sim.time());
}

VehiclePose poseOf(const Snapshot& s, const std::vector<std::string>& channels) {
  VehiclePose p;
  p.shapeNames = s.shapeNames;
  p.shape = s.shape;
  p.channels = channels;
  p.inputs = s.inputs;
  return p;
}
}  // namespace

TEST_CASE("views: every engine kind has a registered view and every registered view a kind", "[views]") {
  // The views register themselves (views/vehicle_view.hpp); a view file dropped by the linker
  // or a kind added without a view shows here, against the engine's registry.
  std::vector<std::string> kinds;
  for (const VehicleInfo& v : vehicleRegistry()) kinds.push_back(v.type);
  std::sort(kinds.begin(), kinds.end());
  CHECK(viewKinds() == kinds);
  CHECK(kinds.size() >= 9);
}

TEST_CASE("views: every scene's vehicle gets a view whose channels are its simulation's", "[views]") {
  int scenes = 0;
  for (const SceneEntry& e : listScenes()) {
    INFO(e.name);
    const LoadedScene l = loadScene(e);
    REQUIRE(l.view);
    const Simulation& sim = *l.slots.front().sim;
    const std::vector<std::string>& names = sim.controls().channels();
    REQUIRE(l.view->channels().size() == names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      CHECK(l.view->channels()[i].name == names[i]);
      const ChannelInfo& c = l.view->channels()[i];
      CHECK(c.min <= c.trim);
      CHECK(c.trim <= std::max(c.max, c.min));
    }
    REQUIRE_FALSE(l.view->meshes().empty());
    for (const MeshData& m : l.view->meshes()) CHECK_FALSE(m.vertices.empty());
    std::vector<PartPlacement> parts;
    l.view->place(poseOf(sim.snapshot(), names), parts);
    REQUIRE_FALSE(parts.empty());
    for (const PartPlacement& p : parts) {
      CHECK(p.mesh >= 0);
      CHECK(static_cast<std::size_t>(p.mesh) < l.view->meshes().size());
    }
    CHECK_FALSE(l.view->hud(sim.snapshot()).empty());
    CHECK_FALSE(l.view->help(true).empty());
    ++scenes;
  }
  CHECK(scenes >= 18);
}

TEST_CASE("views: the helicopter's neutral sticks give the engine's hover trim m g for its own mass", "[views]") {
  for (const double mass : {5.0, 7.25}) {
    Scenario sc = scenario("[vehicle]\ntype = \"helicopter\"\nmass = " + std::to_string(mass) + "\n");
    const auto view = makeView(*sc.simulation);
    view->pilot(PilotAxes{}, false, *sc.simulation, nullptr);
    CHECK(input(*sc.simulation, "collective") == mass * 9.81);
    // Full stick up in manual: 1.5 m g; the range is the descriptor's (up to 2.5 m g).
    PilotAxes up;
    up.ly = 1.0f;
    view->pilot(up, false, *sc.simulation, nullptr);
    CHECK(input(*sc.simulation, "collective") == Approx(1.5 * mass * 9.81).epsilon(1e-15));
    CHECK(view->channels()[0].max == Approx(2.5 * mass * 9.81).epsilon(1e-15));
  }
}

TEST_CASE("views: the helicopter's sticks move it the way the Controls panel says", "[views]") {
  // Controls panel: right stick up (I) noses down and flies forward, right (L) banks right, left
  // stick left (A) turns the nose left; with the flight assist and without. 10 m up, no skids.
  for (const bool assist : {true, false}) {
    CAPTURE(assist);
    auto fly = [&](const PilotAxes& a) {
      Scenario sc = scenario("[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 10.0]\n[integrator]\ndt = 0.005\n");
      const auto view = makeView(*sc.simulation);
      for (int k = 0; k < 120; ++k) {  // 0.6 s
        const Snapshot s = sc.simulation->snapshot();
        view->pilot(a, assist, *sc.simulation, &s);
        sc.simulation->step();
      }
      return sc.simulation->snapshot();
    };
    PilotAxes forward, right, left;
    forward.ry = 1.0f;
    right.rx = 1.0f;
    left.lx = -1.0f;
    const Snapshot f = fly(forward), r = fly(right), l = fly(left);
    const Mat3 Rf = f.orientation.toRotationMatrix(), Rr = r.orientation.toRotationMatrix();
    CHECK(Rf(2, 0) < -0.02);               // the nose (body x) points below the horizon
    CHECK(worldVelocity(f).x() > 0.05);     // and it moves forward (+x, heading 0)
    CHECK(Rr(2, 1) > 0.02);                // the left side (body y) rises: banked right
    CHECK(worldVelocity(r).y() < -0.05);    // and it slides right (-y)
    CHECK(headingDeg(l) > 2.0);             // the nose turned left (counter-clockwise from above)
    const auto help = makeView(*scenario("[vehicle]\ntype = \"helicopter\"\n").simulation)->help(assist);
    REQUIRE(help.size() == 4);
    CHECK(help[2].second.find("up (I)") != std::string::npos);
    CHECK(help[3].second.find("right (L)") != std::string::npos);
    CHECK(help[1].second.find("left (A)") != std::string::npos);
  }
}

TEST_CASE("views: the boat's throttle runs each thruster between the scenario's thrust limits", "[views]") {
  Scenario sc = scenario("[vehicle]\ntype = \"boat\"\n[vehicle.thrusters]\nmax_thrust = 321.0\nmin_thrust = -123.0\n");
  const auto view = makeView(*sc.simulation);
  PilotAxes a;
  a.rt = 1.0f;
  view->pilot(a, false, *sc.simulation, nullptr);
  CHECK(input(*sc.simulation, "thrust_right") == 321.0);
  CHECK(input(*sc.simulation, "thrust_left") == 321.0);
  a = PilotAxes{};
  a.lt = 1.0f;
  view->pilot(a, false, *sc.simulation, nullptr);
  CHECK(input(*sc.simulation, "thrust_right") == -123.0);
  // The drawn hull is the simulated one (the default 4 m box hull; the thrusters sit at its
  // transom, the deck house amidships), so the drawing spans the hull's length.
  float lo = 1e9f, hi = -1e9f;
  for (const Vertex& v : view->meshes().front().vertices) {
    lo = std::min(lo, v.position.x);
    hi = std::max(hi, v.position.x);
  }
  CHECK(lo == Approx(-2.0f));
  CHECK(hi == Approx(2.0f));
}

TEST_CASE("views: the car steers up to 0.9 of its own steering limit", "[views]") {
  Scenario sc = scenario("[vehicle]\ntype = \"car\"\nmax_steer = 0.3\n");
  const auto view = makeView(*sc.simulation);
  PilotAxes left;
  left.lx = -1.0f;
  const Snapshot s = sc.simulation->snapshot();
  view->pilot(left, false, *sc.simulation, &s);
  CHECK(input(*sc.simulation, "steer_rate") == Approx(4.0 * std::tan(0.9 * 0.3)).epsilon(1e-15));
}

TEST_CASE("views: a description vehicle is driven through the generic channel mapping", "[views]") {
  Scenario sc = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/two-wheeled-robot.toml\"\n");
  const auto view = makeView(*sc.simulation);
  // Ranged channels in order on A/D (left stick x), W/S (left stick y); the prescribed wheel
  // positions have no range and stay as the scenario set them.
  PilotAxes a;
  a.lx = 1.0f;
  a.ly = -0.5f;
  view->pilot(a, false, *sc.simulation, nullptr);
  CHECK(input(*sc.simulation, "torque_1") == 1.0);
  CHECK(input(*sc.simulation, "torque_2") == -0.5);
  CHECK(input(*sc.simulation, "wheel_1") == 0.0);
  CHECK(view->title().find("two-wheeled-robot") != std::string::npos);  // the description's name
  const HelpLines help = view->help(false);
  REQUIRE(help.size() == 2);
  CHECK(help[0].first == genericAxisName(0));
  CHECK(help[1].second.find("torque_2") == 0);
}

TEST_CASE("views: a description's parts are drawn where it puts them, turned and spun by the shape", "[views]") {
  Scenario sc = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/snakeboard.toml\"\n");
  const auto view = makeView(*sc.simulation);
  REQUIRE(view->meshes().size() == 4);  // board, rotor, back and front axles
  VehiclePose p;
  p.shapeNames = {"psi", "phi"};
  p.shape = {0.7, 0.3};
  std::vector<PartPlacement> parts;
  view->place(p, parts);
  REQUIRE(parts.size() == 4);
  auto turn = [](const PartPlacement& q) { return std::atan2(q.model[0][1], q.model[0][0]); };
  CHECK(turn(parts[0]) == Approx(0.0).margin(1e-7));
  CHECK(turn(parts[1]) == Approx(0.7).epsilon(1e-6));   // the rotor turns with psi
  CHECK(turn(parts[2]) == Approx(0.3).epsilon(1e-6));   // back axle +phi
  CHECK(turn(parts[3]) == Approx(-0.3).epsilon(1e-6));  // front axle -phi (turn = "-phi")
  CHECK(parts[3].model[3][0] == Approx(0.35f));
  // The robot's wheels spin about their axles with the wheel angles.
  Scenario robot = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/two-wheeled-robot.toml\"\n");
  const auto rv = makeView(*robot.simulation);
  VehiclePose q;
  q.shapeNames = {"phi1", "phi2"};
  q.shape = {0.4, -1.1};
  parts.clear();
  rv->place(q, parts);
  REQUIRE(parts.size() == 3);
  auto spin = [](const PartPlacement& w) { return std::atan2(-w.model[0][2], w.model[0][0]); };  // about y
  CHECK(spin(parts[1]) == Approx(0.4).epsilon(1e-6));
  CHECK(spin(parts[2]) == Approx(-1.1).epsilon(1e-6));
  CHECK(parts[2].model[3][1] == Approx(0.25f));
}

TEST_CASE("views: the physics thread's pilot is the view's", "[views]") {
  Scenario sc = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/elroys-beanie.toml\"\n");
  const Pilot pilot(*sc.simulation);
  PilotAxes a;
  a.lx = 0.5f;
  pilot.apply(a, true, *sc.simulation, nullptr);
  CHECK(input(*sc.simulation, "beanie_torque") == 0.25);  // half of the description's range [-0.5, 0.5]
  CHECK_FALSE(pilot.needsState(true));
  CHECK(pilot.view().traits().nonholonomic);
}

TEST_CASE("views: HUD numbers that round to zero print without a minus sign", "[views]") {
  CHECK(format("heading %.0f deg", -0.3) == "heading 0 deg");
  CHECK(format("heading %.0f deg", -0.0) == "heading 0 deg");
  CHECK(format("collective %.1f N   tail %.2f N", 49.1, -0.004) == "collective 49.1 N   tail 0.00 N");
  CHECK(format("heading %.0f deg", -12.4) == "heading -12 deg");
  CHECK(format("tail %.2f N  %g", -0.006, -1e-5) == "tail -0.01 N  -1e-05");
  CHECK(format("%.1e", -2.0e-30) == "-2.0e-30");
}

TEST_CASE("views: a description vehicle's HUD momentum has a unit and shows round-off as 0", "[views]") {
  // docs/formats.md section 5: momentum = (E^T dl/dxi)_0; for Elroy's beanie (no constraints)
  // the body's angular momentum, kg m^2/s.
  Scenario sc = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/elroys-beanie.toml\"\n");
  const auto view = makeView(*sc.simulation);
  Snapshot s = sc.simulation->snapshot();
  s.bodyVelocity.setZero();
  s.bodyVelocity(2) = 0.5;
  s.bodyVelocity(3) = 1.0;
  s.energy = 2.0;  // momentum scale 2 E / |xi| = 3.6
  auto momentumLine = [&](double p) {
    s.momentum = p;
    for (const auto& line : view->hud(s))
      if (line.find("momentum") != std::string::npos) return line;
    return std::string("no momentum line");
  };
  CHECK_THAT(momentumLine(-1.372e-15), Catch::EndsWith("momentum 0 kg m^2/s"));
  CHECK_THAT(momentumLine(3.5e-9), Catch::EndsWith("momentum 3.5e-09 kg m^2/s"));  // small but real
  CHECK_THAT(momentumLine(-0.25), Catch::EndsWith("momentum -0.25 kg m^2/s"));
  // The snakeboard's momentum along E = w1 x w2 is also in kg m^2/s (docs/models.md: -2 m l vx + ...).
  Scenario snake = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/snakeboard.toml\"\n");
  Snapshot b = snake.simulation->snapshot();
  b.momentum = 1.5;
  bool unit = false;
  for (const auto& line : makeView(*snake.simulation)->hud(b)) unit = unit || line.find("momentum 1.5 kg m^2/s") != std::string::npos;
  CHECK(unit);
  // The fully constrained robot has no symmetry direction left: no momentum line.
  Scenario robot = scenario("[vehicle]\ntype = \"reduced\"\ndescription = \"assets/vehicles/two-wheeled-robot.toml\"\n");
  for (const auto& line : makeView(*robot.simulation)->hud(robot.simulation->snapshot()))
    CHECK(line.find("momentum") == std::string::npos);
}
