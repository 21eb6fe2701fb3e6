// The scene catalogue and the render-side interpolation on the group.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/control_rate.hpp"
#include "core/interpolate.hpp"
#include "core/work_meter.hpp"
#include "pilot.hpp"
#include "lieride/sim/scenario.hpp"
#include "scenes.hpp"

using namespace lieride;
using namespace lieride::gui;

TEST_CASE("scenes: every scene in the menu loads, the helicopter comes first", "[scenes]") {
  const auto scenes = listScenes();
  REQUIRE(scenes.size() >= 2);
  CHECK(scenes.front().name == "helicopter free flight");
  for (const auto& s : scenes) {
    INFO(s.name);
    LoadedScene l = loadScene(s);
    REQUIRE_FALSE(l.slots.empty());
    CHECK(l.slots.size() == l.offsets.size());
    CHECK(l.slots.size() == (s.compare.empty() ? 1u : s.compare.size()));
  }
}

TEST_CASE("scenes: side-by-side copies of a scripted scene stay scripted", "[scenes]") {
  // Add copy on the parking scene ticked Manual control on every copy: the scripted manoeuvre
  // stopped and the cars stood still. A scene without inputs (large steps) stays piloted.
  const auto scenes = listScenes();
  const SceneEntry* parking = findScene(scenes, "car-parallel-parking", nullptr);
  REQUIRE(parking != nullptr);
  SceneEntry e = *parking;
  e.compare = {"lie-nh", "rk4"};
  LoadedScene l = loadScene(e);
  REQUIRE(l.slots.size() == 2);
  CHECK(l.scripted);
  CHECK(l.duration > 0.0);
  for (const auto& slot : l.slots) CHECK_FALSE(slot.manual);
  const SceneEntry* steps = findScene(scenes, "large-steps", nullptr);
  REQUIRE(steps != nullptr);
  LoadedScene free = loadScene(*steps);
  CHECK_FALSE(free.scripted);
  CHECK(free.slots.front().manual);
}

TEST_CASE("scenes: a problem file typed into Open becomes its problem's scene", "[scenes]") {
  // It was loaded as a scenario and refused (a [problem] table); now it opens as the menu's
  // "optimal parking" does: the problem's start, the Optimize panel's problem named.
  const std::string file = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/car-tunnel.toml";
  CHECK(isDmocProblemFile(file));
  CHECK_FALSE(isDmocProblemFile(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn.toml"));  // pmp
  CHECK_FALSE(isDmocProblemFile(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/car-slalom.toml"));
  SceneEntry entry;
  const SceneEntry* found = findScene(listScenes(), file, &entry);
  REQUIRE(found == &entry);
  CHECK_FALSE(sceneProblem(entry).empty());
  CHECK_FALSE(sceneIsReplay(entry));
  LoadedScene l = loadScene(entry);
  REQUIRE(l.slots.size() == 1u);
  CHECK(l.slots.front().sim->vehicleType() == "car");
  CHECK(l.slots.front().sim->integratorName() == "lie-nh");
}

TEST_CASE("scenes: large steps puts lie-cay and rk4 side by side on the same motion", "[scenes]") {
  const auto scenes = listScenes();
  const SceneEntry* e = findScene(scenes, "large-steps", nullptr);
  REQUIRE(e != nullptr);
  LoadedScene l = loadScene(*e);
  REQUIRE(l.slots.size() == 2);
  CHECK(l.slots[0].sim->integratorName() == "lie-cay");
  CHECK(l.slots[1].sim->integratorName() == "rk4");
  CHECK(l.slots[0].sim->timeStep() == l.slots[1].sim->timeStep());
  const Snapshot a = l.slots[0].sim->snapshot(), b = l.slots[1].sim->snapshot();
  CHECK(a.position == b.position);
  CHECK(a.orientation.coeffs() == b.orientation.coeffs());
  CHECK((l.offsets[0] - l.offsets[1]).norm() > 1.0);  // drawn apart
}

TEST_CASE("scenes: unknown names are not found, file paths are", "[scenes]") {
  const auto scenes = listScenes();
  SceneEntry file;
  CHECK(findScene(scenes, "no such scene", &file) == nullptr);
  const std::string path = std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/helicopter-hover.toml";
  const SceneEntry* e = findScene(scenes, path, &file);
  REQUIRE(e != nullptr);
  CHECK_FALSE(loadScene(*e).slots.empty());
}

TEST_CASE("scenes: interpolation follows the geodesic between consecutive states", "[scenes]") {
  Snapshot a, b;
  a.t = 1.0;
  b.t = 1.2;
  a.position = Vec3(0, 0, 0);
  b.position = Vec3(2, 0, 0);
  a.orientation = Quat::Identity();
  b.orientation = Quat(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()));
  a.shape = {0.0};
  b.shape = {1.0};
  const InterpolatedPose m = interpolate(a, b, 1.1);
  CHECK(m.position.x() == Approx(1.0));
  CHECK(m.shape[0] == Approx(0.5));
  // Halfway on SO(3): a rotation of pi/4 about the same axis, still unit.
  const Eigen::AngleAxisd aa(m.orientation);
  CHECK(aa.angle() == Approx(M_PI / 4));
  CHECK(aa.axis().z() == Approx(1.0));
  CHECK(m.orientation.norm() == Approx(1.0));
  // Outside the interval: clamped to the ends, never extrapolated.
  CHECK(interpolate(a, b, 5.0).position.x() == Approx(2.0));
  CHECK(interpolate(a, b, 0.0).position.x() == Approx(0.0));
  // A non-finite state is flagged so the renderer can keep the last good pose.
  b.position.x() = NAN;
  CHECK_FALSE(interpolate(a, b, 1.1).finite);
}

TEST_CASE("scenes: lie-nh's alpha is changed by restarting from the edited scenario", "[scenes]") {
  const auto scenes = listScenes();
  const SceneEntry* e = findScene(scenes, "car parallel parking", nullptr);
  REQUIRE(e != nullptr);
  // A fallback no scene uses: the scene leaves alpha to the default, but states its dt.
  CHECK(integratorNumber(*e, "alpha", -7.0) == -7.0);
  CHECK(integratorNumber(*e, "dt", -7.0) == 0.01);
  const SceneEntry edited = withIntegratorNumber(*e, "alpha", 0.3);
  CHECK(integratorNumber(edited, "alpha", -7.0) == 0.3);
  CHECK(integratorNumber(edited, "dt", -7.0) == 0.01);  // the rest of the scenario is kept
  LoadedScene restarted = loadScene(edited);
  LoadedScene original = loadScene(*e);
  REQUIRE(restarted.slots.size() == 1);
  REQUIRE(original.slots.size() == 1);
  CHECK(restarted.vehicle == "car");
  // The restarted run integrates with alpha = 0.3: step for step the run of the engine's own
  // loader given alpha = 0.3, and not the default alpha = 0.5 run.
  Scenario direct = loadScenarioFromString(withIntegratorNumber(*e, "alpha", 0.3).text, "direct.toml", assetsDir());
  Simulation& a = *restarted.slots[0].sim;
  Simulation& b = *original.slots[0].sim;
  for (int k = 0; k < 300; ++k) {
    a.step();
    b.step();
    direct.simulation->step();
  }
  CHECK(a.snapshot().position == direct.simulation->snapshot().position);
  CHECK((a.snapshot().position - b.snapshot().position).norm() > 1e-6);
}

TEST_CASE("scenes: the flight assist hovers hands-off and lands the helicopter on its skids", "[scenes]") {
  const auto scenes = listScenes();
  const SceneEntry* e = findScene(scenes, "helicopter hover", nullptr);
  REQUIRE(e != nullptr);
  LoadedScene l = loadScene(*e);
  Simulation& sim = *l.slots[0].sim;
  const Pilot pilot(sim);
  Snapshot s = sim.snapshot();
  const double z0 = s.position.z();
  auto fly = [&](const PilotAxes& axes, double seconds, double& zmin) {
    const int steps = static_cast<int>(seconds / sim.timeStep());
    for (int k = 0; k < steps; ++k) {
      pilot.apply(axes, true, sim, &s);
      sim.step();
      s = sim.snapshot();
      zmin = std::min(zmin, s.position.z());
    }
  };
  double zmin = 1e9;
  fly(PilotAxes{}, 3.0, zmin);  // sticks centred: hover in place
  CHECK(std::abs(s.position.z() - z0) < 0.01);
  CHECK(s.position.head<2>().norm() < 0.01);
  PilotAxes down;
  down.ly = -1.0f;               // full down: descend at 3 m/s, easing into a touchdown
  fly(down, 12.0, zmin);
  CHECK(s.position.z() == Approx(0.28).margin(0.03));
  CHECK(zmin > 0.2);             // never through the ground
  const Vec3 v = s.orientation * s.bodyVelocity.tail<3>();
  CHECK(std::abs(v.z()) < 0.05);
}

namespace {
double rollOf(const Snapshot& s) {
  const Mat3 R = s.orientation.normalized().toRotationMatrix();
  return std::atan2(R(2, 1), R(2, 2));
}
}  // namespace

TEST_CASE("scenes: at h = 1 s the flight assist runs at its 100 Hz control rate and stays stable", "[scenes][pilot]") {
  const auto scenes = listScenes();
  const SceneEntry* e = findScene(scenes, "helicopter hover", nullptr);
  REQUIRE(e != nullptr);
  LoadedScene fixedRate = loadScene(*e), perStep = loadScene(*e);
  Simulation& sim = *fixedRate.slots[0].sim;
  Simulation& old = *perStep.slots[0].sim;
  const Pilot pilot(fixedRate.slots[0].view);
  CHECK(controlSubsteps(pilot, true, 1.0) == 100);
  CHECK(controlSubsteps(pilot, true, 0.25) == 25);
  CHECK(controlSubsteps(pilot, true, 0.01) == 1);
  CHECK(controlSubsteps(pilot, false, 1.0) == 1);  // no feedback: the integrator runs at h
  sim.setTimeStep(1.0);
  old.setTimeStep(1.0);
  const double z0 = sim.snapshot().position.z();
  // Roll right at 0.4 of full stick (10 degrees) for 4 s, then let go for 16 s.
  PilotAxes roll;
  roll.rx = 0.4f;
  Snapshot s = sim.snapshot(), o = old.snapshot();
  double worstOldRoll = 0.0;
  for (int k = 0; k < 20; ++k) {
    const PilotAxes& axes = k < 4 ? roll : PilotAxes{};
    CHECK(stepWithPilot(sim, pilot, axes, true, s) == 100);
    s = sim.snapshot();
    if (old.status() == RunStatus::Ok) {  // the assist applied once per 1 s step, held over it
      pilot.apply(axes, true, old, &o);
      old.step();
      o = old.snapshot();
      if (old.status() == RunStatus::Ok) worstOldRoll = std::max(worstOldRoll, std::abs(rollOf(o)));
    }
    if (k == 3) CHECK(rollOf(s) == Approx(10.0 * M_PI / 180.0).margin(0.5 * M_PI / 180.0));
  }
  CHECK(sim.status() == RunStatus::Ok);
  CHECK(sim.timeStep() == 1.0);  // the user's h is kept
  CHECK(s.t == Approx(20.0).margin(1e-9));
  CHECK(std::abs(rollOf(s)) < 0.5 * M_PI / 180.0);  // level again after letting go
  CHECK(std::abs(s.position.z() - z0) < 0.5);
  // Held for a whole second the same law overshoots into a tumble or diverges.
  INFO("per-step assist: status " << toString(old.status()) << ", largest roll " << worstOldRoll);
  CHECK((old.status() != RunStatus::Ok || worstOldRoll > 1.0));
}

TEST_CASE("scenes: at h = 0.5 s the car's steering servo is sub-stepped and settles", "[scenes][pilot]") {
  // The servo steer_rate = 4 (want - sigma), clamped to 1.5 rad/s, held for a whole 0.5 s step
  // doubles the error with the opposite sign: between the steering limit (0.6 rad) and 0.48 rad
  // for ever, never at the commanded 0.54 rad; at 100 Hz it settles there.
  const SceneEntry e{"car", "", "[vehicle]\ntype = \"car\"\n[integrator]\nname = \"lie-nh\"\ndt = 0.5\n", {}, ""};
  LoadedScene fixedRate = loadScene(e), perStep = loadScene(e);
  Simulation& sim = *fixedRate.slots[0].sim;
  Simulation& old = *perStep.slots[0].sim;
  const Pilot pilot(fixedRate.slots[0].view);
  REQUIRE(controlSubsteps(pilot, true, 0.5) == 50);
  auto steering = [](const Simulation& s) { return std::atan(s.snapshot().shape[1]); };  // sigma = tan(angle)
  PilotAxes left;
  left.lx = -1.0f;
  double oldSpread = 0.0;
  for (int k = 0; k < 12; ++k) {
    stepWithPilot(sim, pilot, left, true, sim.snapshot());
    const Snapshot o = old.snapshot();
    pilot.apply(left, true, old, &o);
    old.step();
    if (k >= 8) oldSpread = std::max(oldSpread, std::abs(steering(old) - 0.9 * 0.6));
  }
  CHECK(sim.status() == RunStatus::Ok);
  CHECK(sim.timeStep() == 0.5);
  CHECK(steering(sim) == Approx(0.9 * 0.6).margin(0.01));  // 90 % of max_steer, to the left
  CHECK(oldSpread > 0.03);                                  // the per-step servo keeps swinging
  for (int k = 0; k < 12; ++k) stepWithPilot(sim, pilot, PilotAxes{}, true, sim.snapshot());
  CHECK(std::abs(steering(sim)) < 0.01);  // released: back to centre
}

TEST_CASE("scenes: inputs changed between steps add nothing to the energy balance E - E(0) - W", "[scenes][plots]") {
  // A key held and released: the car's drive torque 600 N m for 10 steps, 0 for 10, and so on,
  // set before each step as the pilot does. WorkMeter sums each step's work with that step's
  // torque at both ends, so what is left is the trapezoid rule's O(h^2) and rk4's error. The
  // power read after each step and paired with the next step's (the trapezoid over snapshots)
  // is off by about (h/2) Delta P at every switch.
  const SceneEntry e{"car", "", "[vehicle]\ntype = \"car\"\n[integrator]\nname = \"rk4\"\ndt = 0.01\n", {}, ""};
  LoadedScene scene = loadScene(e);
  Simulation& sim = *scene.slots[0].sim;
  const int drive = sim.controls().find("drive_torque");
  REQUIRE(drive >= 0);
  const double e0 = sim.snapshot().energy;
  WorkMeter meter;
  double snapshotWork = 0.0, lastP = 0.0;
  for (int k = 0; k < 200; ++k) {
    sim.controls().setConstant(static_cast<std::size_t>(drive), (k / 10) % 2 == 0 ? 600.0 : 0.0);
    if (k == 0) lastP = sim.power();
    const double t0 = sim.time();
    meter.step(sim, [&] { sim.step(); });
    const double p = sim.power();
    snapshotWork += 0.5 * (sim.time() - t0) * (lastP + p);
    lastP = p;
  }
  REQUIRE(sim.status() == RunStatus::Ok);
  const double gained = sim.snapshot().energy - e0, work = meter.work();
  INFO("energy gained " << gained << " J, W " << work << " J, W over snapshots " << snapshotWork << " J");
  REQUIRE(gained > 1e3);
  CHECK(std::abs(gained - work) < 1e-4 * gained);
  CHECK(std::abs(gained - snapshotWork) > 100.0 * std::abs(gained - work));
}

TEST_CASE("scenes: a take typed into the scene path field is known as a take", "[app][scenes]") {
  // The Scene panel's path field hands a take to the Takes panel's opener (its timeline and h),
  // not to the scenario loader, which ignores [take].
  const std::string assets = std::string(LIERIDE_SOURCE_DIR) + "/assets/";
  CHECK(isTakeFile(assets + "takes/helicopter-flight-take.toml"));
  CHECK_FALSE(isTakeFile(assets + "scenes/helicopter-flight.toml"));
  CHECK_FALSE(isTakeFile(assets + "no-such-file.toml"));
  CHECK_FALSE(isTakeFile(assets + "takes/helicopter-flight-inputs.csv"));  // not TOML
}

TEST_CASE("scenes: a problem file the menu opens is found as that menu entry", "[scenes]") {
  // A Play of optimal controls saves its problem file as the scene to reopen (its own name, a
  // temporary replay's, was not found at the next start: the helicopter opened instead).
  const auto scenes = listScenes();
  const SceneEntry* landing = findScene(scenes, "optimal helicopter landing", nullptr);
  REQUIRE(landing != nullptr);
  const SceneEntry* byFile = findScene(scenes, sceneProblem(*landing), nullptr);
  CHECK(byFile == landing);
  // Another spelling of the same path too.
  const std::string dotted = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/../problems/helicopter-landing.toml";
  CHECK(findScene(scenes, dotted, nullptr) == landing);
}
