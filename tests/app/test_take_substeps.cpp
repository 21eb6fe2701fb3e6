// Takes with the step changed under them (docs/formats.md section 6): recorded while the
// pilot's feedback sub-steps a large h (a `substeps` event, a row per sub-step), overdubbed
// inside a group of sub-steps, and replayed by a ghost with its own h (re-cut in time).
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <iterator>

#include "take_app_util.hpp"
#include "take_timeline.hpp"

using namespace take_app_test;

TEST_CASE("app takes: a take recorded while the pilot sub-steps a large h replays to Stop's hash", "[take]") {
  // Above the 10 ms control period the pilot's feedback (the helicopter's flight assist, the
  // car's steering servo) takes each step of h as n sub-steps of h / n with the pilot
  // re-applied. The take records a `substeps` event where n changes and one input row per
  // sub-step; the replay makes the same setTimeStep calls around each group. Before, it held one
  // row per step of h and replayed to another state (said only as "its replay will differ").
  const fs::path dir = scratch("app-record-substeps");
  SceneEntry car;  // driven by hand (the slalom scene's car follows its script)
  car.name = "car";
  car.text = "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [8.0, 0.0]\n[integrator]\nname = \"lie-nh\"\ndt = 0.01\n";
  for (const std::string name : {"helicopter-flight", "car"}) {
    const SceneEntry entry = name == "car" ? car : sceneEntry(name);
    LoadedScene loaded = loadScene(entry);
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    Command h = Command::make(CommandKind::SetTimeStep);
    h.value[0] = 0.02;  // 2 sub-steps
    d.send(h);
    d.axes(0.2f, 0.5f, -0.1f, 0.3f);
    d.send(Command::make(CommandKind::RecordStart));
    d.steps(30);
    d.axes(-0.4f, 0.1f, 0.6f, -0.2f);
    h.value[0] = 0.035;  // 4 sub-steps of 8.75 ms
    d.send(h);
    d.steps(20);
    h.value[0] = 0.005;  // whole steps again
    d.send(h);
    d.steps(25);
    d.send(Command::make(CommandKind::Reset));  // the scene's own h
    h.value[0] = 0.03;
    d.send(h);
    d.axes(0.7f, -0.3f, 0.0f, 0.5f);
    d.steps(15);
    const RecordedTake r = d.stop();
    physics.stop();
    INFO(name);
    REQUIRE(r.recorder);
    CHECK_FALSE(r.inexact);
    // 30 x 2 + 20 x 4 + 25 + 15 x 3 recorded (sub-)steps.
    CHECK(r.recorder->steps() == 30 * 2 + 20 * 4 + 25 + 15 * 3);
    const std::string file = writeTake(*r.recorder, sceneSource(entry), dir.string(), name + "-substeps");
    long steps = 0;
    CHECK(replayHash(file, &steps) == r.hash);
    CHECK(steps == r.recorder->steps());
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("substeps = 4") != std::string::npos);
    CHECK(text.find("substeps = 1") != std::string::npos);
    // A seek into the middle of a group (checkpoints every 0.05 s: some fall inside groups)
    // lands on the straight replay's state.
    for (const long target : {61L, 63L, 139L, 171L}) {
      Scenario a = loadScenario(file);
      TakeTimeline tl(std::move(a.simulation), *a.take, 0.05);
      tl.seekStep(r.recorder->steps());
      tl.seekStep(target);
      Scenario b = loadScenario(file);
      Take first = *b.take;
      first.steps = target;
      TakePlayer straight(std::move(b.simulation), first);
      while (!straight.finished()) straight.step();
      INFO("seek to step " << target);
      CHECK(stateHash(tl.simulation()) == stateHash(straight.simulation()));
      tl.seekStep(r.recorder->steps());
      tl.player().applyDueEvents();
      CHECK(stateHash(tl.simulation()) == r.hash);
    }
  }
}

TEST_CASE("app takes: overdub inside a group of sub-steps plays the group out and keeps the take's h", "[take]") {
  const fs::path dir = scratch("app-overdub-substeps");
  SceneEntry car;
  car.name = "car";
  car.text = "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [8.0, 0.0]\n[integrator]\nname = \"lie-nh\"\ndt = 0.04\n";
  std::string first;
  {
    LoadedScene loaded = loadScene(car);
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    d.axes(0.3f, 0.8f, 0.0f, 0.0f);
    d.send(Command::make(CommandKind::RecordStart));
    d.steps(20);  // 20 steps of 0.04 s, each 4 sub-steps of the servo
    first = writeTake(*d.stop().recorder, sceneSource(car), dir.string(), "first");
    physics.stop();
  }
  const SceneEntry take = takeEntry("first", first);
  LoadedScene loaded = loadScene(take);
  PhysicsThread physics(std::move(loaded.slots), paused());
  physics.start();
  Driver d{physics};
  d.steps(6);  // a take step is a sub-step: 6 = one group and half of the next
  d.axes(-0.5f, 0.6f, 0.0f, 0.0f);
  d.send(Command::make(CommandKind::Overdub));
  d.steps(10);
  physics.poll();
  CHECK(physics.frame().h == Approx(0.04).epsilon(1e-12));  // not the sub-step's 0.01
  const RecordedTake r = d.stop();
  physics.stop();
  REQUIRE(r.recorder);
  CHECK(r.recorder->steps() == 8 + 10 * 4);  // the group played out, then 10 steps of 4
  const std::string file = writeTake(*r.recorder, sceneSource(take), dir.string(), "overdub");
  CHECK(replayHash(file) == r.hash);
}

TEST_CASE("app takes: a ghost with its own h plays the take re-cut in time and ends as lieride sim --dt does", "[take]") {
  const fs::path dir = scratch("app-ghost-own-h");
  const SceneEntry live = sceneEntry("helicopter-flight");
  std::string first;
  double h = 0;
  {
    LoadedScene loaded = loadScene(live);
    h = loaded.slots.front().sim->timeStep();
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    d.axes(0.1f, 0.6f, 0.2f, -0.1f);
    d.send(Command::make(CommandKind::RecordStart));
    d.steps(150);
    d.axes(-0.4f, 0.3f, 0.5f, 0.2f);
    d.steps(151);
    first = writeTake(*d.stop().recorder, sceneSource(live), dir.string(), "first");
    physics.stop();
  }
  const double length = 301.0 * h;  // the take clock at its end
  std::uint64_t previous = 0;
  for (const double ghostH : {0.0, h, 2.0 * h, 0.5 * h, 3.0 * h}) {
    INFO("ghost h " << ghostH << " (take h " << h << ")");
    // lieride sim TAKE --integrator rk4 [--dt ghostH]: the take re-cut into steps of ghostH.
    ScenarioOverrides o;
    o.integrator = "rk4";
    if (ghostH > 0) o.dt = ghostH;
    Scenario headless = loadScenario(first, o);
    REQUIRE(headless.take);
    dropEvents(*headless.take, true, true);  // as lieride sim does with --integrator and --dt
    if (ghostH > 0) CHECK(headless.take->steps == static_cast<long>(std::floor(length / ghostH + 1e-9)));
    TakePlayer player(std::move(headless.simulation), *headless.take);
    playTake(player, 1, nullptr);
    CHECK(player.simulation().integratorName() == "rk4");
    CHECK(player.simulation().time() <= length + 1e-9);
    CHECK(player.simulation().time() > length - std::max(ghostH, h));
    // h = the take's: the same run as no --dt; every other h a different one.
    if (ghostH == h) CHECK(stateHash(player.simulation()) == previous);
    else CHECK(stateHash(player.simulation()) != previous);
    previous = stateHash(player.simulation());
    // The app: the take beside its ghost, played in real time (16x) until it pauses at the end.
    LoadedScene loaded = loadScene(takeEntry("first", first, {{"rk4", ghostH}}));
    REQUIRE(loaded.slots.size() == 2);
    PhysicsOptions fast;
    fast.speed = 16.0;
    PhysicsThread physics(std::move(loaded.slots), fast);
    physics.start();
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!physics.frame().paused) {
      REQUIRE(std::chrono::steady_clock::now() < giveUp);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      physics.poll();
    }
    physics.stop();
    CHECK(physics.stateHash(0) == replayHash(first));
    CHECK(physics.stateHash(1) == stateHash(player.simulation()));
  }
}
