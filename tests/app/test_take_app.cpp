// Takes in the app (docs/app.md, "Takes"): Record in the physics thread writes a take whose
// headless replay ends in the state hash Stop reported; a take on a timeline seeks by
// re-simulating at most one checkpoint interval of steps and lands on the straight replay's
// state; overdub, trim, ghost copies and the exports (run CSV, glTF) replay the same run.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "take_app_util.hpp"
#include "take_export.hpp"
#include "take_timeline.hpp"

using namespace take_app_test;

TEST_CASE("app takes: Record in the physics thread, the written take replays to Stop's hash", "[take]") {
  const fs::path dir = scratch("app-record");
  for (const std::string name : {"helicopter-flight", "car-slalom", "boat-harbour"}) {
    const SceneEntry entry = sceneEntry(name);
    LoadedScene loaded = loadScene(entry);
    const auto integrators = loaded.slots.front().sim->applicableIntegrators();
    const double h0 = loaded.slots.front().sim->timeStep();
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    // The h and integrator in use before Record carry into the take (its opening events).
    Command h = Command::make(CommandKind::SetTimeStep);
    h.value[0] = 0.5 * h0;
    d.send(h);
    d.steps(40);
    d.axes(0.2f, 0.5f, -0.1f, 0.3f);
    d.send(Command::make(CommandKind::RecordStart));
    d.steps(120);
    d.axes(-0.4f, 0.1f, 0.6f, -0.2f);
    h.value[0] = h0;
    d.send(h);
    d.steps(100);
    Command integ = Command::make(CommandKind::SetIntegrator);
    integ.setName(integrators.back());
    d.send(integ);
    d.steps(80);
    d.send(Command::make(CommandKind::Reset));
    d.axes(0.7f, -0.3f, 0.0f, 0.5f);
    d.steps(60);
    const RecordedTake r = d.stop();
    d.steps(10);  // after Stop: not in the take
    physics.stop();
    INFO(name);
    REQUIRE(r.recorder);
    CHECK(r.recorder->steps() == 360);
    CHECK_FALSE(r.inexact);
    const std::string file = writeTake(*r.recorder, sceneSource(entry), dir.string(), name + "-take");
    long steps = 0;
    CHECK(replayHash(file, &steps) == r.hash);
    CHECK(steps == 360);
    CHECK(r.hash != physics.stateHash(0));  // the 10 steps after Stop moved it on
  }
}

TEST_CASE("app takes: a seek re-simulates at most one checkpoint interval and lands on the straight replay", "[take]") {
  // 64 s of the snakeboard's scripted gait: a take of stepsFor(64, h) steps without events.
  Scenario sc = loadScenario(scene("snakeboard-drive"), {std::nullopt, std::nullopt, 64.0});
  const double h = sc.settings.dt;
  Take take;
  take.steps = stepsFor(64.0, h);
  const double interval = 2.0;
  TakeTimeline tl(sc.simulation->clone(), take, interval);
  CHECK(tl.endStep() == take.steps);
  CHECK(tl.checkpointCount() >= 32);
  const long bound = static_cast<long>(std::ceil(interval / h)) + 1;
  // The state after `n` steps of a straight replay.
  auto straight = [&](long n) {
    TakePlayer p(sc.simulation->clone(), take);
    for (long k = 0; k < n; ++k) p.step();
    return stateHash(p.simulation());
  };
  const long to60 = tl.seek(60.0);
  INFO("seek to 60 s re-simulated " << to60 << " steps (h = " << h << " s)");
  CHECK(to60 <= bound);
  CHECK(tl.clock() >= 60.0 - 1e-9);
  CHECK(tl.clock() < 60.0 + h);
  const long at60 = tl.stepsTaken();
  CHECK(stateHash(tl.simulation()) == straight(at60));
  // Back, forward again, and a sweep: every seek within the bound, the same state each time.
  CHECK(tl.seek(10.0) <= bound);
  CHECK(stateHash(tl.simulation()) == straight(tl.stepsTaken()));
  CHECK(tl.seek(60.0) <= bound);
  CHECK(tl.stepsTaken() == at60);
  CHECK(stateHash(tl.simulation()) == straight(at60));
  long worst = 0;
  for (double t = 63.3; t > 0; t -= 1.7) worst = std::max(worst, tl.seek(t));
  CHECK(worst <= bound);
  CHECK(worst > 0);
}

TEST_CASE("app takes: overdub carries a replayed take on under the pilot, its take replays to Stop's hash", "[take]") {
  const fs::path dir = scratch("app-overdub");
  // A take recorded in the app to start from.
  const SceneEntry live = sceneEntry("helicopter-flight");
  std::string first;
  {
    LoadedScene loaded = loadScene(live);
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    d.axes(0.1f, 0.6f, 0.2f, -0.1f);
    d.send(Command::make(CommandKind::RecordStart));
    d.steps(300);
    first = writeTake(*d.stop().recorder, sceneSource(live), dir.string(), "first");
    physics.stop();
  }
  const SceneEntry take = takeEntry("first", first, {{"rk4", 0.0}});
  LoadedScene loaded = loadScene(take);
  REQUIRE(loaded.slots.size() == 2);
  CHECK(loaded.slots[1].label == "ghost rk4");
  PhysicsThread physics(std::move(loaded.slots), paused());
  physics.start();
  Driver d{physics};
  d.steps(120);
  d.axes(-0.5f, 0.2f, 0.4f, 0.3f);
  d.send(Command::make(CommandKind::Overdub));
  d.steps(150);
  const RecordedTake r = d.stop();
  physics.stop();
  REQUIRE(r.recorder);
  CHECK(r.overdub);
  CHECK(r.recorder->steps() == 270);
  const std::string file = writeTake(*r.recorder, sceneSource(take), dir.string(), "overdub");
  CHECK(replayHash(file) == r.hash);
  CHECK(r.hash != replayHash(first));
  // The ghost copy ran the take with rk4 throughout.
  CHECK(physics.stateHash(1) != physics.stateHash(0));
}

TEST_CASE("app takes: trim end, save a scenario as a take, run CSV and glTF of a copy", "[take]") {
  const fs::path dir = scratch("app-trim-export");
  const std::string take = (fs::path(LIERIDE_SOURCE_DIR) / "assets" / "takes" / "helicopter-flight-take.toml").string();
  // Trim at 2600 steps: past a change of h, an integrator switch and back.
  trimTake(take, 0, 2600, (dir / "trimmed.toml").string());
  long steps = 0;
  const std::uint64_t trimmed = replayHash((dir / "trimmed.toml").string(), &steps);
  CHECK(steps == 2600);
  Scenario sc = loadScenario(take);
  TakeTimeline tl(std::move(sc.simulation), *sc.take);
  tl.seekStep(2600);
  tl.player().applyDueEvents();
  CHECK(trimmed == stateHash(tl.simulation()));
  // A plain scenario saved as a take (what the app does with the replay `lieride optimize`
  // writes): [take] steps = duration / h, no events, the same run.
  trimTake(scene("car-slalom"), 0, stepsFor(loadScenario(scene("car-slalom")).settings.duration, loadScenario(scene("car-slalom")).settings.dt),
           (dir / "slalom-take.toml").string());
  Scenario plain = loadScenario(scene("car-slalom"));
  Take whole;
  whole.steps = stepsFor(plain.settings.duration, plain.settings.dt);
  TakePlayer p(std::move(plain.simulation), whole);
  playTake(p, 1, nullptr);
  CHECK(replayHash((dir / "slalom-take.toml").string()) == stateHash(p.simulation()));
  // Run CSV: a row at t = 0 and every [output] every (4) steps of the 4000.
  CHECK(exportTakeCsv(take, {"", 0.0}, 0, (dir / "take.csv").string()) == 1001);
  CHECK(exportTakeCsv(take, {"rk4", 0.0}, 8, (dir / "ghost.csv").string()) == 501);
  std::ifstream csv(dir / "ghost.csv");
  std::string header;
  std::getline(csv, header);
  CHECK(header.rfind("t,", 0) == 0);
  // glTF: the 17.5 s take at 10 fps, 175 frames and the end.
  CHECK(exportTakeGlb(take, {"", 0.0}, 10.0, (dir / "take.glb").string()) == 176);
  std::ifstream glb(dir / "take.glb", std::ios::binary);
  char magic[4] = {};
  glb.read(magic, 4);
  CHECK(std::string(magic, 4) == "glTF");
}

TEST_CASE("app takes: an optimal trajectory (lieride optimize's replay) saved as a take replays and exports the same", "[take]") {
  const fs::path dir = scratch("app-optimal");
  const std::string problem = (fs::path(LIERIDE_SOURCE_DIR) / "assets" / "problems" / "car-tunnel.toml").string();
  const std::string cmd = std::string("'") + LIERIDE_EXE + "' optimize '" + problem + "' --out '" + (dir / "opt").string() + "' --quiet";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const std::string replay = (dir / "opt" / "replay.toml").string();
  Scenario sc = loadScenario(replay);
  CHECK_FALSE(sc.take);
  Take whole;
  whole.steps = stepsFor(sc.settings.duration, sc.settings.dt);
  TakePlayer straight(sc.simulation->clone(), whole);
  playTake(straight, 1, nullptr);
  // Saved as a take elsewhere, it keeps a copy of its controls beside it: the Optimize panel's
  // Play reads them from a temporary folder that goes with the app, and a take saved from it
  // stopped opening then. The folder removed, the take still replays.
  fs::create_directories(dir / "saved");
  trimTake(replay, 0, whole.steps, (dir / "saved" / "optimal-take.toml").string());
  CHECK(fs::is_regular_file(dir / "saved" / "optimal-take-controls.csv"));
  fs::remove_all(dir / "opt");
  long steps = 0;
  CHECK(replayHash((dir / "saved" / "optimal-take.toml").string(), &steps) == stateHash(straight.simulation()));
  CHECK(steps == whole.steps);
  // Opened as it is, on a timeline, the app's replay ends in the same state.
  TakeTimeline tl(std::move(sc.simulation), whole);
  tl.seekStep(tl.endStep());
  CHECK(stateHash(tl.simulation()) == stateHash(straight.simulation()));
  CHECK(exportTakeCsv((dir / "saved" / "optimal-take.toml").string(), {"", 0.0}, 1, (dir / "optimal.csv").string()) == whole.steps + 1);
  CHECK(exportTakeGlb((dir / "saved" / "optimal-take.toml").string(), {"", 0.0}, 30.0, (dir / "optimal.glb").string()) > 1);
}

TEST_CASE("app takes: the live run is always recorded, its take (for the CSV/glTF export) replays to the live hash", "[take]") {
  const fs::path dir = scratch("app-live");
  const SceneEntry entry = sceneEntry("car-slalom");
  LoadedScene loaded = loadScene(entry);
  const double h0 = loaded.slots.front().sim->timeStep();
  PhysicsThread physics(std::move(loaded.slots), paused());
  physics.start();
  Driver d{physics};
  Command h = Command::make(CommandKind::SetTimeStep);
  h.value[0] = 0.5 * h0;
  d.send(h);  // as the app's per-scene h after loading
  d.axes(0.3f, 0.8f, 0.0f, 0.0f);
  d.steps(150);
  d.send(Command::make(CommandKind::Reset));
  d.axes(-0.6f, 0.4f, 0.0f, 0.0f);
  d.steps(90);
  d.send(Command::make(CommandKind::LiveTake));
  RecordedTake r = d.stop();  // RecordStop with nothing recording: only the live take arrives
  CHECK(r.live);
  REQUIRE(r.recorder);
  CHECK(r.recorder->steps() == 240);
  const std::string file = writeTake(*r.recorder, sceneSource(entry), dir.string(), "live");
  CHECK(replayHash(file) == r.hash);
  CHECK(exportTakeCsv(file, {"", 0.0}, 1, (dir / "live.csv").string()) == 241);
  // Record restarts the live take with the run.
  d.send(Command::make(CommandKind::RecordStart));
  d.steps(30);
  d.send(Command::make(CommandKind::LiveTake));
  RecordedTake l = d.stop();
  physics.stop();
  const RecordedTake* live = l.live ? &l : nullptr;
  std::optional<RecordedTake> other = physics.takeRecorded();
  REQUIRE(other);
  if (!live) live = &*other;
  CHECK(live->recorder->steps() == 30);
}

TEST_CASE("app takes: a take's scenario drops [take] and [[events]] and finds its controls file from anywhere", "[take]") {
  const std::string text =
      "name = \"x\"\n[controls]\nfile = 'in puts.csv'  # sampled\n[take]\nsteps = 3\ninputs = \"s.csv\"\n"
      "[[events]]\nstep = 1\nreset = true\n[output]\nevery = 2\n";
  CHECK(takeScenarioText(text, "/base/dir") ==
        "name = \"x\"\n[controls]\nfile = '/base/dir/in puts.csv'  # sampled\n[output]\nevery = 2\n");
  CHECK(takeScenarioText("[controls]\nfile = \"/abs/c.csv\"\n", "/base") == "[controls]\nfile = \"/abs/c.csv\"\n");
  CHECK(takeScenarioText("[vehicle]\nfile = \"v.toml\"\n", "/base") == "[vehicle]\nfile = \"v.toml\"\n");  // [controls] only
}

TEST_CASE("app takes: a description vehicle's take names its description by absolute path and opens from anywhere", "[take]") {
  // The shipped scene names "assets/vehicles/..." relative to a folder above assets/scenes.
  const fs::path scenes = fs::path(LIERIDE_SOURCE_DIR) / "assets" / "scenes";
  const std::string abs = (fs::absolute(scenes).parent_path() / "vehicles" / "two-wheeled-robot.toml").lexically_normal().string();
  CHECK(takeScenarioText("[vehicle]\ndescription = \"assets/vehicles/two-wheeled-robot.toml\"  # robot\n", scenes.string()) ==
        "[vehicle]\ndescription = '" + abs + "'  # robot\n");
  CHECK(takeScenarioText("[vehicle]\ndescription = \"nowhere.toml\"\n", scenes.string()) ==
        "[vehicle]\ndescription = \"nowhere.toml\"\n");  // left for the loader to reject
  const fs::path dir = scratch("app-take-description");
  const fs::path scene = scenes / "two-wheeled-robot.toml";
  std::ifstream in(scene);
  std::stringstream text;
  text << in.rdbuf();
  std::ofstream(dir / "robot-take.toml") << takeScenarioText(text.str(), scenes.string());
  CHECK_NOTHROW(loadScenario((dir / "robot-take.toml").string()));
}

TEST_CASE("app takes: trim start sets the in-point, CSV, glTF and timeline begin there, the run is unchanged", "[take]") {
  const fs::path dir = scratch("app-trim-start");
  const std::string take = (fs::path(LIERIDE_SOURCE_DIR) / "assets" / "takes" / "helicopter-flight-take.toml").string();
  // In at step 1200 (5 s at h = 0.005 s, then 200 steps at 0.0025 s: 5.5 s), out at the end.
  const std::string trimmed = (dir / "in-1200.toml").string();
  trimTake(take, 1200, 4000, trimmed);
  long steps = 0;
  CHECK(replayHash(trimmed, &steps) == replayHash(take));
  CHECK(steps == 4000);
  auto lines = [](const std::string& csv) {
    std::ifstream in(csv);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
  };
  exportTakeCsv(take, {"", 0.0}, 1, (dir / "all.csv").string());
  exportTakeCsv(trimmed, {"", 0.0}, 1, (dir / "in.csv").string());
  const auto all = lines((dir / "all.csv").string()), in = lines((dir / "in.csv").string());
  REQUIRE(all.size() == 4002);  // header, t = 0, 4000 steps
  REQUIRE(in.size() == 4002 - 1200);
  CHECK(in[0] == all[0]);
  CHECK(in[1] == all[1 + 1200]);  // the in-point's row is the run's row after step 1200
  CHECK(in.back() == all.back());
  // glTF: keys from the in-point on its own clock: 12 s at 10 fps, both ends included.
  CHECK(exportTakeGlb(trimmed, {"", 0.0}, 10.0, (dir / "in.glb").string()) == 121);
  // The app's timeline opens at the in-point and seeks no earlier.
  Scenario sc = loadScenario(trimmed);
  REQUIRE(sc.take);
  CHECK(sc.take->start == 1200);
  TakeTimeline tl(std::move(sc.simulation), *sc.take);
  CHECK(tl.stepsTaken() == 1200);
  CHECK(tl.startClock() == Approx(5.5).epsilon(1e-12));
  tl.seek(0.0);
  CHECK(tl.stepsTaken() == 1200);
  // Trimming both ends of the trimmed take; a start past the end is refused.
  trimTake(trimmed, 1500, 3000, (dir / "in-out.toml").string());
  CHECK(loadScenario((dir / "in-out.toml").string()).take->start == 1500);
  CHECK_THROWS(trimTake(trimmed, 3000, 3000, (dir / "bad.toml").string()));
  std::string text = testing::readText(trimmed);
  text.replace(text.find("start = 1200"), 12, "start = 4001");
  CHECK_THROWS_WITH(loadScenarioFromString(text, "bad start", dir.string()), Catch::Contains("start"));
}

TEST_CASE("app takes: a recorded reset starts the replay's energy balance again (W = 0, E(0) of the restarted run)", "[take]") {
  const fs::path dir = scratch("app-reset-balance");
  const SceneEntry entry = sceneEntry("car-slalom");
  std::string file;
  {
    LoadedScene loaded = loadScene(entry);
    PhysicsThread physics(std::move(loaded.slots), paused());
    physics.start();
    Driver d{physics};
    Command manual = Command::make(CommandKind::SetManual);
    manual.flag = true;  // the pilot drives (the scene's own script would do little work)
    d.send(manual);
    d.send(Command::make(CommandKind::RecordStart));
    d.axes(0.2f, 0.9f, 0.0f, 0.0f);  // throttle: the drive torque does work
    d.steps(150);
    d.send(Command::make(CommandKind::Reset));
    d.axes(-0.3f, 0.7f, 0.0f, 0.0f);
    d.steps(90);
    const RecordedTake r = d.stop();
    physics.stop();
    REQUIRE(r.recorder);
    file = writeTake(*r.recorder, sceneSource(entry), dir.string(), "reset");
  }
  LoadedScene loaded = loadScene(takeEntry("reset-take", file));
  REQUIRE(loaded.slots.front().take);
  PhysicsOptions o = paused();
  o.sampleInterval = 0.0;  // a plot sample every step
  PhysicsThread physics(std::move(loaded.slots), o);
  physics.start();
  Driver d{physics};
  std::vector<PlotSample> samples;
  for (int chunk = 0; chunk < 24; ++chunk) {
    d.steps(10);
    while (auto s = physics.samples().pop()) samples.push_back(*s);
  }
  physics.stop();
  while (auto s = physics.samples().pop()) samples.push_back(*s);
  // The reset recorded after 150 steps: a Reset sample after samples of the first run (t > 0),
  // then the restarted state at t = 0 with W = 0.
  std::size_t reset = samples.size();
  double tBefore = 0;
  for (std::size_t i = 1; i + 1 < samples.size(); ++i)
    if (samples[i].kind == SampleKind::Reset && samples[i - 1].t > 0.0) {
      reset = i;
      tBefore = samples[i - 1].t;
    }
  REQUIRE(reset < samples.size());
  CHECK(tBefore > 1.0);
  const PlotSample& start = samples[reset + 1];
  CHECK(start.kind == SampleKind::Sample);
  CHECK(start.t == Approx(0.0).margin(1e-12));
  CHECK(start.work == 0.0);
  // After it the balance holds from the restarted run's own E(0): the drive's work, not the
  // first run's, accounts for the energy gained (to the integrator's error, well under 1 %).
  const PlotSample& end = samples.back();
  REQUIRE(end.kind == SampleKind::Sample);
  const double gained = end.energy - start.energy;
  CHECK(std::abs(end.work) > 1.0);
  CHECK(std::abs(gained - end.work) < 0.01 * std::abs(end.work));
}

TEST_CASE("app takes: a trim of a trim is named <take>-trim-<time>, not a name that grows each time", "[take]") {
  const fs::path dir = scratch("app-trim-names");
  const std::string first = freshStem(dir.string(), trimPrefix("helicopter-free-flight-20261205-223000"), ".toml");
  CHECK(first.rfind("helicopter-free-flight-trim-", 0) == 0);
  CHECK(first.size() == std::string("helicopter-free-flight-trim-20261205-223000").size());
  CHECK(trimPrefix(first) == "helicopter-free-flight-trim");
  CHECK(trimPrefix(first + "-3") == "helicopter-free-flight-trim");  // freshStem's -2, -3... too
  CHECK(trimPrefix("car-slalom-live-20261205-223000") == "car-slalom-live-trim");
  CHECK(trimPrefix("my-take") == "my-take-trim");  // a name the user gave keeps all of it
  CHECK(trimPrefix("20261205-223000") == "20261205-223000-trim");
}
