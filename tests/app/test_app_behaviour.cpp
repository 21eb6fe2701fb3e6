// What a new user met in the app, each as a check: plots that tell the truth (log axis with a
// floor, iterations, one h marker per change, legend segments per integrator, the energy balance,
// autofit span), controls that respond (integrator switch while paused and after a divergence,
// one divergence time, reset to the scene's h and integrator), the car's steering centring,
// settings saved and read back (the windows' layout: test_app_window.cpp).
#include <imgui.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <thread>

#include "lieride/sim/scenario.hpp"
#include "pilot.hpp"
#include "render/camera.hpp"
#include "physics_thread.hpp"
#include "scenes.hpp"
#include "imgui_headless.hpp"
#include "ui/panels.hpp"

using namespace lieride;
using namespace lieride::gui;
using lieride::gui::testing::ImGuiHeadless;

namespace {

PlotSample sample(double t, const char* integrator) {
  PlotSample s;
  s.t = t;
  s.energy = 1546.984667301;
  std::snprintf(s.integrator.data(), s.integrator.size(), "%s", integrator);
  return s;
}

// Waits (bounded) for the physics thread to publish a frame satisfying `pred`.
bool waitFor(PhysicsThread& p, const std::function<bool(const PhysicsFrame&)>& pred) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < end) {
    p.poll();
    if (pred(p.frame())) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

std::vector<SimSlot> sceneSlots(const std::string& toml) {
  SceneEntry e{"test", "", toml, {}, ""};
  return std::move(loadScene(e).slots);
}

const char* kLargeStepsEuler = R"(name = "t"
[vehicle]
type = "rigid-body"
[initial]
angular_velocity = [0.05, 4.0, 0.05]
[integrator]
name = "euler"
dt = 0.5
duration = 1e9
)";
}  // namespace

TEST_CASE("plots: a log plot of tiny and zero residuals shows them above its floor", "[app][plots]") {
  ImGuiHeadless gui;
  PlotHistory h;
  for (int k = 0; k < 100; ++k) {
    PlotSample s = sample(0.01 * k, "lie-nh");
    s.constraint = k % 2 ? 4e-16 : 0.0;
    s.iterations = 4;
    h.add(s);
  }
  PlotState log;
  log.logY = true;
  PlotState lin;
  lin.minSpan = 2.0;
  gui.frame([&] {
    ImGui::Begin("p");
    plotWidget("c", ImVec2(400, 150), {{"lie-nh", IM_COL32_WHITE, &h.segments[0].constraint}}, {}, 1.0, 2.0, "m/s", log);
    plotWidget("i", ImVec2(400, 150), {{"lie-nh", IM_COL32_WHITE, &h.segments[0].iterations}}, {}, 1.0, 2.0, "", lin);
    ImGui::End();
  });
  // log10(4e-16) = -15.4 and the floor 1e-16 = -16 are inside the axis, not a default 1e0..1e1.
  CHECK(log.shownLo <= -16.0);
  CHECK(log.shownHi >= std::log10(4e-16));
  CHECK(log.shownHi < -14.0);
  // The iterations plot shows 4 within its minimum span, not a +-1e-9 axis around 0.
  CHECK(lin.shownLo < 4.0);
  CHECK(lin.shownHi > 4.0);
  CHECK(lin.shownHi - lin.shownLo >= 2.0);
}

TEST_CASE("plots: autofit keeps a minimum span relative to the value", "[app][plots]") {
  PlotState st;
  const auto [lo, hi] = fitRange(1546.984667301, 1546.984667302, st);
  CHECK(hi - lo >= 1e-3 * 1546.98);  // a flat energy stays a flat line, ticks in whole joules
  CHECK(lo < 1546.98);
  CHECK(hi > 1546.99);
  st.logY = true;
  const auto [llo, lhi] = fitRange(-15.0, -15.0, st);
  CHECK(lhi - llo >= 1.0);  // at least a decade
}

TEST_CASE("plots: a count (solver iterations) never shows an axis below 0", "[app][plots]") {
  PlotState st;
  st.minSpan = 2.0;
  st.nonNegative = true;
  const auto [lo, hi] = fitRange(0.0, 0.0, st);  // no iterations (an explicit scheme): 0 to 2, not -1 to 1
  CHECK(lo == 0.0);
  CHECK(hi >= 2.0);
  const auto [lo4, hi4] = fitRange(3.0, 9.0, st);  // away from 0: padded as any plot
  CHECK(lo4 < 3.0);
  CHECK(lo4 > 0.0);
  CHECK(hi4 > 9.0);
  st.nonNegative = false;
  CHECK(fitRange(0.0, 0.0, st).first < 0.0);
}

TEST_CASE("plots: the legend keeps each integrator's history after a switch", "[app][plots]") {
  PlotHistory h;
  for (int k = 0; k < 10; ++k) h.add(sample(0.1 * k, "lie-cay"));
  PlotSample m;
  m.kind = SampleKind::Marker;
  m.t = 1.0;
  std::snprintf(m.label.data(), m.label.size(), "rk4");
  h.add(m);
  for (int k = 10; k < 20; ++k) h.add(sample(0.1 * k, "rk4"));
  REQUIRE(h.segments.size() == 2);
  CHECK(h.segments[0].integrator == "lie-cay");
  CHECK(h.segments[0].energy.t.size() == 10);  // the history before the switch keeps its label
  CHECK(h.segments[1].integrator == "rk4");
  CHECK(h.segments[1].energy.t.front() == Approx(0.9));  // joined to the previous stretch
  const std::vector<std::string> names = {"lie-cay", "rk4"};
  CHECK(seriesColor(0, "lie-cay", names) != seriesColor(0, "rk4", names));
  CHECK(std::string(integratorSummary("lie-cay")).find("momentum") != std::string::npos);
}

TEST_CASE("plots: a seek back keeps a series up to the time clicked", "[app][plots]") {
  // The deviation plot went blank after a take's timeline was clicked back (the others keep
  // their curves up to there): trimAfter drops only what lies later.
  TimeSeries d;
  for (int k = 0; k <= 40; ++k) d.push(0.1 * k, 1e-6 * k);
  d.trimAfter(1.75);
  REQUIRE_FALSE(d.t.empty());
  CHECK(d.t.back() <= 1.75);
  CHECK(d.t.back() > 1.65);  // the sample at 1.7 s stays
  CHECK(d.t.size() == d.y.size());
  d.trimAfter(-1.0);
  CHECK(d.t.empty());
}

TEST_CASE("plots: an integrator replaced at the run's first instant leaves no legend entry", "[app][plots]") {
  // The scene's own integrator at t = 0, replaced there by the remembered one (or a recording's
  // restart): one stretch named after the second, not a zero-length one in the legend.
  PlotHistory h;
  h.add(sample(0.0, "lie-cay-tln"));
  h.add(sample(0.0, "rk4"));
  for (int k = 1; k < 5; ++k) h.add(sample(0.1 * k, "rk4"));
  REQUIRE(h.segments.size() == 1);
  CHECK(h.segments[0].integrator == "rk4");
  CHECK(h.segments[0].energy.t.size() == 6);
  // A switch after the first instant keeps both stretches.
  h.add(sample(0.5, "lie-cay-tln"));
  CHECK(h.segments.size() == 2);
  // The replacement's first sample a step later (euler at h = 1 s): still no entry for the
  // scene's integrator, whose only point was the start.
  PlotHistory late;
  late.add(sample(0.0, "lie-cay-tln"));
  for (int k = 1; k < 4; ++k) late.add(sample(1.0 * k, "euler"));
  REQUIRE(late.segments.size() == 1);
  CHECK(late.segments[0].integrator == "euler");
  CHECK(late.segments[0].energy.t.size() == 4);
  // But a first integrator that ran for a while keeps its entry.
  PlotHistory ran;
  ran.add(sample(0.0, "lie-cay-tln"));
  ran.add(sample(0.1, "lie-cay-tln"));
  ran.add(sample(0.2, "euler"));
  CHECK(ran.segments.size() == 2);
}

TEST_CASE("plots: the energy balance of a car starting at rest is finite and zero without error", "[app][plots]") {
  PlotHistory h;
  PlotSample s = sample(0.0, "lie-nh");
  s.energy = 0.0;  // at rest: a relative error would divide by zero
  h.add(s);
  s.t = 1.0;
  s.energy = 1200.0;
  s.work = 1200.0;  // all of it done by the drive torque
  h.add(s);
  CHECK(h.segments[0].balance.y.back() == 0.0);
}

TEST_CASE("physics: an h slider drag leaves one marker, from -> to", "[app][physics]") {
  PhysicsOptions o;
  o.startPaused = true;
  PhysicsThread p(sceneSlots(kLargeStepsEuler), o);
  p.start();
  for (double h : {0.4, 0.3, 0.2, 0.1}) {
    Command c = Command::make(CommandKind::SetTimeStep);
    c.value[0] = h;
    c.flag = true;  // quiet: a drag in progress
    p.send(c);
  }
  Command c = Command::make(CommandKind::SetTimeStep);
  c.value[0] = 0.1;
  c.value[1] = 0.5;  // released: where the drag started
  p.send(c);
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.h == 0.1; }));
  std::vector<std::string> markers;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (markers.empty() && std::chrono::steady_clock::now() < end) {
    while (auto s = p.samples().pop())
      if (s->kind == SampleKind::Marker) markers.emplace_back(s->label.data());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  p.stop();
  while (auto s = p.samples().pop())
    if (s->kind == SampleKind::Marker) markers.emplace_back(s->label.data());
  REQUIRE(markers.size() == 1);
  CHECK(markers[0] == "h 0.5 -> 0.1 s");
}

TEST_CASE("plots: h changes at one instant (a key pressed repeatedly while paused) make one marker", "[app][plots]") {
  PlotHistory h;
  auto mark = [&](double t, const char* label) {
    PlotSample m;
    m.kind = SampleKind::Marker;
    m.t = t;
    std::snprintf(m.label.data(), m.label.size(), "%s", label);
    h.add(m);
  };
  mark(1.0, "h 0.005 -> 0.01 s");
  mark(1.0, "h 0.01 -> 0.02 s");
  mark(1.0, "h 0.02 -> 0.04 s");
  REQUIRE(h.markers.size() == 1);
  CHECK(h.markers[0].label == "h 0.005 -> 0.04 s");
  mark(1.0, "rk4");                // an integrator switch at the same instant keeps its own marker
  mark(2.0, "h 0.04 -> 0.08 s");   // a later change too
  mark(2.0, "h 0.08 -> 0.04 s");   // and back where it started: no change left to mark
  REQUIRE(h.markers.size() == 2);
  CHECK(h.markers[1].label == "rk4");
  mark(3.0, "h 0.04 -> 0.02 s");
  REQUIRE(h.markers.size() == 3);
  CHECK(h.markers[2].t == 3.0);
}

TEST_CASE("physics: integrator switch shows at once while paused and revives a diverged run", "[app][physics]") {
  PhysicsOptions o;
  PhysicsThread p(sceneSlots(kLargeStepsEuler), o);
  p.start();
  // Euler at h = 0.5 diverges; everything diverged pauses the thread.
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.sims[0].frozen && f.paused; }));
  const double divergedAt = p.frame().sims[0].divergedAt;
  CHECK(p.frame().sims[0].curr.t == divergedAt);  // one divergence time: the state on screen
  Command c = Command::make(CommandKind::SetIntegrator);
  c.setName("lie-cay");
  p.send(c);
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.sims[0].curr.integrator == "lie-cay"; }));
  CHECK_FALSE(p.frame().sims[0].frozen);
  // Resumes from the last good state (the engine test checks the exact state; here the thread
  // may already have stepped on when we look).
  CHECK(p.frame().sims[0].curr.t >= divergedAt);
  // It runs on (the automatic pause ends with the divergence).
  REQUIRE(waitFor(p, [&](const PhysicsFrame& f) { return f.sims[0].curr.t > divergedAt + 1.0; }));
  // Paused: a switch is published at once, no step needed.
  Command pause = Command::make(CommandKind::SetPaused);
  pause.flag = true;
  p.send(pause);
  c.setName("rk4");
  p.send(c);
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.paused && f.sims[0].curr.integrator == "rk4"; }));
  // Reset: the scene's own h and integrator come back.
  Command h = Command::make(CommandKind::SetTimeStep);
  h.value[0] = 0.05;
  p.send(h);
  p.send(Command::make(CommandKind::Reset));
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.resets == 1; }));
  CHECK(p.frame().h == 0.5);
  CHECK(p.frame().sims[0].curr.integrator == "euler");
  CHECK(p.frame().sims[0].curr.t == 0.0);
  p.stop();
}

TEST_CASE("pilot: the car's keyboard steering centres when the key is released", "[app][pilot]") {
  auto slots = sceneSlots("[vehicle]\ntype = \"car\"\n[integrator]\nname = \"lie-nh\"\ndt = 0.01\n");
  Simulation& sim = *slots[0].sim;
  Pilot pilot(sim);
  auto steering = [&] {
    const Snapshot s = sim.snapshot();
    return std::atan(s.shape[1]);  // (psi, sigma), sigma = tan(steering angle)
  };
  PilotAxes left;
  left.lx = -1.0f;
  for (int k = 0; k < 200; ++k) {
    const Snapshot s = sim.snapshot();
    pilot.apply(left, true, sim, &s);
    sim.step();
  }
  CHECK(steering() == Approx(0.9 * 0.6).margin(0.02));  // held: 90 % of max_steer, to the left
  for (int k = 0; k < 300; ++k) {
    const Snapshot s = sim.snapshot();
    pilot.apply(PilotAxes{}, true, sim, &s);
    sim.step();
  }
  CHECK(std::abs(steering()) < 0.01);  // released: back to centre
}

TEST_CASE("settings: every remembered choice survives a save and a load", "[app][settings]") {
  const auto dir = std::filesystem::temp_directory_path() / "lieride-settings-test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "settings.ini").string();
  Settings a;
  a.stepPerScene["helicopter free flight"] = 0.02;
  a.integratorPerScene["helicopter free flight"] = "rk4";
  a.orbitPerScene["boat docking"] = {1.5f, 0.4f, 22.0f};
  a.plotLog = {true, false, true, false, true};
  a.recentFiles = {"/tmp/my.toml"};
  a.input.assist = false;
  a.plotsDocked = false;
  REQUIRE(a.save(path));
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));  // written aside, then renamed
  Settings b;
  REQUIRE(b.load(path));
  CHECK(b.stepPerScene["helicopter free flight"] == Approx(0.02));
  CHECK(b.integratorPerScene["helicopter free flight"] == "rk4");
  CHECK(b.orbitPerScene["boat docking"].distance == Approx(22.0f));
  CHECK(b.plotLog == a.plotLog);
  CHECK(b.recentFiles == a.recentFiles);
  CHECK_FALSE(b.input.assist);
  CHECK_FALSE(b.plotsDocked);
  std::filesystem::remove_all(dir);
}

TEST_CASE("settings: values that are not finite numbers or names are ignored, never applied", "[app][settings]") {
  // A hostile round: dead_zone = nan crashed the Controls panel, speed = nan (written by a
  // script) froze every later session, orbit nan drew the sky only, "rk4 nan" was written back.
  const auto dir = std::filesystem::temp_directory_path() / "lieride-settings-hostile";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "settings.ini").string();
  std::ofstream(path) << "dead_zone = nan\nexpo = inf\nhistory_seconds = nan\nspeed = nan\nsidebar_width = -inf\n"
                         "h.a = nan\norbit.a = nan nan nan\norbit.b = 1e300 1e300 1e300\nintegrator.a = rk4 nan\n";
  Settings s;
  const Settings defaults;
  REQUIRE(s.load(path));
  CHECK(s.input.deadZone == defaults.input.deadZone);
  CHECK(s.input.expo == defaults.input.expo);
  CHECK(s.historySeconds == defaults.historySeconds);
  CHECK(s.speed == defaults.speed);
  CHECK(s.sidebarWidth == defaults.sidebarWidth);
  CHECK(s.stepPerScene.count("a") == 0);
  CHECK(s.orbitPerScene.count("a") == 0);
  CHECK(s.orbitPerScene.count("b") == 0);  // 1e300 overflows the float: not finite
  CHECK(s.integratorPerScene.count("a") == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("settings: Reset forgets the scene's remembered h and integrator", "[app][settings]") {
  // Reset goes back to the scene's own h and integrator; remembering the ones before it would
  // bring them back at the next start.
  AppState app;
  std::vector<Command> sent;
  app.send = [&](const Command& c) { sent.push_back(c); };
  app.sceneName = "helicopter free flight";
  app.settings.stepPerScene[app.sceneName] = 1.0;
  app.settings.integratorPerScene[app.sceneName] = "lie-cay-tln4";
  app.settings.stepPerScene["car slalom"] = 0.02;
  app.resetScene();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].kind == CommandKind::Reset);
  CHECK(app.settings.stepPerScene.count(app.sceneName) == 0);
  CHECK(app.settings.integratorPerScene.count(app.sceneName) == 0);
  CHECK(app.settings.stepPerScene.at("car slalom") == 0.02);  // other scenes keep theirs
  CHECK(app.settingsDirty);
}

TEST_CASE("settings: Scene's own also turns back on an assist switched off in the last session", "[app][settings]") {
  // The assist is one setting for all scenes: off from the last session, the note said only
  // "h = 0.64 s, rk4" and Scene's own left the helicopter without it.
  AppState app;
  std::vector<Command> sent;
  app.send = [&](const Command& c) { sent.push_back(c); };
  app.sceneName = "helicopter free flight";
  app.settings.input.assist = false;
  app.restoredNote = "h = 0.64 s, rk4";
  app.restoredAssistOff = true;
  CHECK(app.restoredText() == std::string("h = 0.64 s, rk4, ") + kAssistOffNote);
  app.restoreSceneDefaults();
  REQUIRE(sent.size() == 2);
  CHECK(sent[0].kind == CommandKind::SetAssist);
  CHECK(sent[0].flag);
  CHECK(sent[1].kind == CommandKind::Reset);
  CHECK(app.settings.input.assist);
  CHECK(app.restoredText().empty());
  CHECK(app.settingsDirty);

  // Reset keeps the pilot's choice of assist.
  sent.clear();
  app.settings.input.assist = false;
  app.restoredAssistOff = false;
  app.resetScene();
  REQUIRE(sent.size() == 1);
  CHECK(!app.settings.input.assist);

  // Switching the assist in the Controls panel takes it out of the note, the rest stays.
  app.restoredNote = "h = 0.64 s";
  app.restoredAssistOff = true;
  app.forgetRestoredAssist();
  CHECK(app.restoredText() == "h = 0.64 s");
  CHECK(!app.restoredAssistOff);
  app.restoredNote.clear();
  app.restoredAssistOff = true;
  CHECK(app.restoredText() == kAssistOffNote);
  app.forgetRestoredAssist();
  CHECK(app.restoredText().empty());
}

TEST_CASE("plots: the constraint residual panel shows exact zeros and round-off", "[app][plots]") {
  ImGuiHeadless gui;
  AppState app;
  app.vehicle = "car";
  const Scenario car = loadScenarioFromString("[vehicle]\ntype = \"car\"\n", "c.toml", ".");
  app.view = makeView(*car.simulation);  // a vehicle with constraints: the residual is plotted
  app.plots.resize(1);
  for (int k = 0; k < 500; ++k) {
    PlotSample s = sample(0.01 * k, "lie-nh");
    s.constraint = k % 3 ? 0.0 : 6.7e-16;
    s.iterations = 0;
    app.plots[0].add(s);
  }
  app.renderTime = 5.0;
  PhysicsFrame f;
  SimView v;
  v.curr.vehicle = "car";
  v.curr.integrator = "lie-nh";
  v.integrators = {"lie-nh", "rk4"};
  f.sims.push_back(v);
  for (int k = 0; k < 2; ++k) gui.frame([&] { drawPanels(app, f); });
  const PlotState& c = app.plotStates[3];
  CAPTURE(c.shownLo, c.shownHi);
  CHECK(c.shownLo <= -16.0);  // the floor of the exact zeros
  CHECK(c.shownHi >= std::log10(6.7e-16));
  CHECK(c.shownHi < -13.0);
}

TEST_CASE("physics: side-by-side copies with their own h keep one clock", "[app][physics]") {
  const char* body = "name = \"b\"\n[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = [0.05, 4.0, 0.05]\n"
                     "[integrator]\nname = \"lie-cay\"\ndt = 0.1\nduration = 1e9\n";
  std::vector<SimSlot> slots = sceneSlots(body);
  auto second = sceneSlots(body);
  slots.push_back(std::move(second.front()));
  PhysicsThread p(std::move(slots), PhysicsOptions{});
  Command c = Command::make(CommandKind::SetTimeStep);
  c.target = 1;
  c.value[0] = 0.025;  // copy 2 alone: a quarter of copy 1's step
  c.flag = true;
  p.send(c);
  p.start();
  REQUIRE(waitFor(p, [](const PhysicsFrame& f) { return f.sims[0].curr.t > 1.0 && f.sims[1].curr.t > 1.0; }));
  p.stop();
  p.poll();
  const PhysicsFrame& f = p.frame();
  CHECK(f.sims[0].curr.h == 0.1);
  CHECK(f.sims[1].curr.h == 0.025);
  CHECK(f.h == 0.1);  // the first copy's h is the one shown
  // Both follow the same clock: never more than the larger step apart.
  CHECK(std::abs(f.sims[0].curr.t - f.sims[1].curr.t) <= 0.1 + 1e-9);
}

TEST_CASE("scenes: a scripted scene pauses once at its scenario's duration", "[app][scenes]") {
  // car parallel parking stands in its slot at t = 8 s (its duration); running on, the sinusoids
  // repeated the manoeuvre and drove the car over the kerb onto the pavement.
  const std::vector<SceneEntry> scenes = listScenes();
  const SceneEntry* parking = findScene(scenes, "car parallel parking", nullptr);
  const SceneEntry* heli = findScene(scenes, "helicopter free flight", nullptr);
  REQUIRE(parking != nullptr);
  REQUIRE(heli != nullptr);
  const LoadedScene car = loadScene(*parking);
  CHECK(car.scripted);
  CHECK(car.duration == 8.0);
  CHECK_FALSE(loadScene(*heli).scripted);  // the pilot flies it: no end

  AppState app;
  app.scriptEnd = car.duration;
  PhysicsFrame f;
  f.sims.resize(1);
  f.sims[0].curr.t = 7.99;
  CHECK_FALSE(app.reachedScriptEnd(f));
  f.sims[0].manual = true;  // the driver took over: the script no longer drives it
  f.sims[0].curr.t = 8.0;
  CHECK_FALSE(app.reachedScriptEnd(f));
  f.sims[0].manual = false;
  f.paused = true;  // already paused: nothing to do
  CHECK_FALSE(app.reachedScriptEnd(f));
  f.paused = false;
  CHECK(app.reachedScriptEnd(f));
  CHECK(app.pausedAtScriptEnd);
  f.sims[0].curr.t = 9.0;  // Space ran on: once only
  CHECK_FALSE(app.reachedScriptEnd(f));
  app.pausedAtScriptEnd = false;  // Reset re-arms it
  f.sims[0].curr.t = 8.01;
  CHECK(app.reachedScriptEnd(f));
  app.scriptEnd = 0;  // not scripted
  app.pausedAtScriptEnd = false;
  CHECK_FALSE(app.reachedScriptEnd(f));
}

TEST_CASE("panels: the copy's h follows the h in use until its own slider is moved", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  app.scenes = {{"helicopter free flight", "", "", {}, ""}};  // the copy row needs a scene to copy
  PhysicsFrame f;
  f.speed = 1.0;
  SimView v;
  v.label = "lie-cay";
  v.integrators = {"lie-cay", "rk4"};
  v.curr.vehicle = "helicopter";
  v.curr.integrator = "lie-cay";
  v.prev = v.curr;
  f.sims.push_back(v);
  auto draw = [&](double h) {
    f.h = f.sims[0].curr.h = f.sims[0].prev.h = h;
    gui.frame([&] {
      ImGui::Begin("integrator");
      integratorPanel(app, f);
      ImGui::End();
    });
  };
  draw(0.005);
  CHECK(app.copyStep == 0.005);
  draw(0.02);  // ] twice
  CHECK(app.copyStep == 0.02);
  app.copyStep = 0.1;  // what the slider does when moved
  app.copyStepChosen = true;
  draw(0.04);
  CHECK(app.copyStep == 0.1);
}

TEST_CASE("app: the + and - keys step the speed along 0.1, 0.25, 0.5, 1, 2, 4x and come back to 1x", "[app]") {
  // Doubling from 0.1 gave 0.2, 0.4, 0.8, 1.6: 1x was out of reach of the keys.
  double s = 1.0;
  for (int i = 0; i < 6; ++i) s = AppState::nextSpeed(s, -1);
  CHECK(s == 0.1);
  const double up[] = {0.25, 0.5, 1.0, 2.0, 4.0, 4.0};
  for (const double want : up) {
    s = AppState::nextSpeed(s, +1);
    CHECK(s == want);
  }
  CHECK(AppState::nextSpeed(1.6, -1) == 1.0);  // a slider value in between: the ladder's next below
  CHECK(AppState::nextSpeed(1.6, +1) == 2.0);
  CHECK(AppState::nextSpeed(0.3, +1) == 0.5);
}
