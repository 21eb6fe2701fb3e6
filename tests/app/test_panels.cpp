// Every panel runs headless: an ImGui frame per panel with no renderer, over a frame with two
// vehicles (one diverged), plot histories with markers and a NaN, and the banner raised.
#include <imgui.h>
#include <imgui_internal.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "lieride/sim/scenario.hpp"
#include "imgui_headless.hpp"
#include "ui/panels.hpp"
#include "ui/takes_panel.hpp"

using namespace lieride;
using namespace lieride::gui;
using lieride::gui::testing::ImGuiHeadless;

namespace {
PhysicsFrame sampleFrame() {
  PhysicsFrame f;
  f.h = 0.1;
  f.speed = 1.0;
  for (int i = 0; i < 2; ++i) {
    SimView v;
    v.label = i == 0 ? "lie-cay" : "rk4";
    v.integrators = {"lie-cay", "rk4", "lie-exp"};
    v.channels = {"collective", "tail", "cyclic_pitch", "cyclic_roll"};
    v.curr.vehicle = "helicopter";
    v.curr.integrator = v.label;
    v.curr.t = 3.0;
    v.curr.h = 0.1;
    v.curr.inputs = {49.05, 0, 0.01, -0.02};
    v.curr.energy = 10.0;
    v.prev = v.curr;
    v.prev.t = 2.9;
    v.frozen = i == 1;
    v.divergedAt = 2.5;
    f.sims.push_back(v);
  }
  f.stats.physicsRate = 1000;
  f.stats.achievedSpeed = 0.98;
  f.stats.measured = true;
  return f;
}

// The app showing a helicopter scene: its vehicle, view (help, assist, large-h warning) and name.
void showHelicopter(AppState& app, const char* scene) {
  static const Scenario heli = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n", "h.toml", ".");
  app.vehicle = "helicopter";
  app.view = makeView(*heli.simulation);
  app.sceneName = scene;
}
// The height of the Plots window's content for one vehicle's view (800 x 700 window: two
// columns of cells, each at least 110 high), with a few seconds of samples plotted.
float plotsContentHeight(std::shared_ptr<const VehicleView> view) {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  app.plots.resize(1);
  for (int k = 0; k < 50; ++k) {
    PlotSample s;
    s.t = 0.02 * k;
    s.energy = 10.0;
    s.constraint = 1e-3 * k;
    app.plots[0].add(s);
  }
  app.renderTime = 1.0;
  PhysicsFrame f = sampleFrame();
  f.sims.pop_back();
  app.view = std::move(view);
  float bottom = 0;
  gui.frame([&] {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(700, 700));
    ImGui::Begin("plots");
    const float top = ImGui::GetCursorScreenPos().y;
    plotsPanel(app, f);
    bottom = ImGui::GetCurrentWindow()->DC.CursorMaxPos.y - top;
    ImGui::End();
  });
  return bottom;
}

}  // namespace

TEST_CASE("panels: each panel draws headless without a renderer", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  std::vector<Command> sent;
  app.send = [&](const Command& c) { sent.push_back(c); };
  showHelicopter(app, "large steps");
  app.scenes = {{"large steps", "", "", {"lie-cay", "rk4"}, ""}};
  app.gaits = {{0, "collective", 1.0, 0.5, 0.0, 49.0}};
  app.plots.resize(2);
  for (int k = 0; k < 200; ++k) {
    PlotSample s;
    s.t = 0.01 * k;
    s.energy = k == 100 ? NAN : 10.0 + 1e-6 * k;  // NaN breaks the line
    s.momentum = 1.0;
    s.constraint = k % 2 ? 0.0 : 1e-12;           // zeros clamp to the log floor
    app.plots[0].add(s);
    app.plots[1].add(s);
  }
  PlotSample m;
  m.kind = SampleKind::Marker;
  m.t = 1.0;
  std::snprintf(m.label.data(), m.label.size(), "h = 0.1 s");
  app.plots[0].add(m);
  app.renderTime = 2.0;
  app.disconnectedBanner = true;
  app.showHelp = true;
  const PhysicsFrame f = sampleFrame();
  using Panel = void (*)(AppState&, const PhysicsFrame&);
  for (Panel p : {scenePanel, integratorPanel, controlsPanel, diagnosticsPanel, plotsPanel}) {
    const int vertices = gui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(900, 600));
      ImGui::Begin("panel");
      p(app, f);
      ImGui::End();
    });
    CHECK(vertices > 100);
  }
  CHECK(gui.frame([&] { drawPanels(app, f); drawHud(app, f); drawHelp(app); }) > 1000);
  CHECK(app.viewLeft > 0);  // the sidebar reports the area it covers
  CHECK(app.plots[0].markers.size() == 1);
}

TEST_CASE("panels: a long scene error wraps inside the sidebar instead of running off it", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  app.sceneName = "boat docking";
  app.sceneError = "/a/long/path/to/some/folder/of/scenarios/car-parallel-park.toml: table [problem]: an optimal control "
                   "problem (docs/formats.md section 4), not a scenario";
  const PhysicsFrame f = sampleFrame();
  float right = 0, edge = 0;
  gui.frame([&] {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(360, 720));
    ImGui::Begin("sidebar");
    scenePanel(app, f);
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    right = w->DC.CursorMaxPos.x;
    edge = w->WorkRect.Max.x;
    ImGui::End();
  });
  CHECK(right <= edge + 1.0f);
}

TEST_CASE("panels: the large-h notes wrap inside the sidebar instead of running off it", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  showHelicopter(app, "helicopter free flight");
  PhysicsFrame f = sampleFrame();
  f.sims.resize(1);
  f.sims[0].frozen = false;
  f.sims[0].manual = true;
  f.assist = true;
  f.h = f.sims[0].curr.h = 1.0;
  auto overhang = [&](int substeps) {
    f.stats.controlSubsteps = substeps;  // 100: the 100 Hz note; 1: the view's own large-h note
    float right = 0, edge = 0;
    const int vertices = gui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(360, 720));
      ImGui::Begin("sidebar");
      integratorPanel(app, f);
      const ImGuiWindow* w = ImGui::GetCurrentWindow();
      right = w->DC.CursorMaxPos.x;
      edge = w->WorkRect.Max.x;
      ImGui::End();
    });
    CHECK(vertices > 0);
    return right - edge;
  };
  REQUIRE_FALSE(app.view->stepWarning(true, 1.0).empty());  // the helicopter warns at h = 1 s
  CHECK(overhang(100) <= 1.0f);
  CHECK(overhang(1) <= 1.0f);
}

TEST_CASE("panels: the large-h assist note shows only while the assist flies a vehicle", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  showHelicopter(app, "optimal helicopter landing (play)");
  PhysicsFrame f = sampleFrame();
  f.h = f.sims[0].curr.h = f.sims[1].curr.h = 0.1;  // large h: the note's condition
  auto vertices = [&](bool assist, bool manual) {
    f.assist = assist;
    for (auto& v : f.sims) v.manual = manual;
    return gui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(900, 600));
      ImGui::Begin("panel");
      integratorPanel(app, f);
      ImGui::End();
    });
  };
  const int replayAssistOn = vertices(true, false), replayAssistOff = vertices(false, false);
  const int pilotAssistOn = vertices(true, true), pilotAssistOff = vertices(false, true);
  f.assist = true;
  CHECK(assistFlying(f));
  for (auto& v : f.sims) v.manual = false;
  CHECK_FALSE(assistFlying(f));
  CHECK(replayAssistOn == replayAssistOff);  // a replay: recorded inputs fly it, no note
  CHECK(pilotAssistOff == replayAssistOff);
  CHECK(pilotAssistOn > pilotAssistOff + 200);  // the note's glyphs
}

TEST_CASE("panels: a divergence reason names the failed step, not a second divergence time", "[panels]") {
  // The badge and the panel say "diverged at t = 39.500 s" (the last good state, on screen).
  CHECK(divergenceReason("diverged at t = 40: energy 66.7582 left the bound around E0 = 4.50875") ==
        "in the step to t = 40 s: energy 66.7582 left the bound around E0 = 4.50875");
  CHECK(divergenceReason("diverged at t = 1.5: non-finite state") == "in the step to t = 1.5 s: non-finite state");
  CHECK(divergenceReason("non-finite state") == "non-finite state");  // the app's own reasons pass through
}

TEST_CASE("panels: popups are opaque over the background-less sidebar", "[panels]") {
  ImGuiHeadless gui;
  applyStyle(1.0f);
  // A combo list opens over the sidebar's own text: any transparency mixes the two.
  CHECK(ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w == 1.0f);
}

TEST_CASE("hud: the HUD draws behind windows, so tooltips and popups cover it", "[panels]") {
  // On ImGui's foreground list the vehicle read-out (next to the sidebar) hid the middle of
  // the sidebar's tooltips.
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  showHelicopter(app, "helicopter free flight");
  app.caption = "a caption";
  app.lastScreenshot = "/tmp/shot.png";
  app.screenshotShownAt = 0;
  app.labels = {{700, 300, "copy 1: lie-cay", false}};
  PhysicsFrame f = sampleFrame();
  int foreground = -1, background = 0;
  gui.frame([&] {
    drawHud(app, f);
    foreground = ImGui::GetForegroundDrawList()->VtxBuffer.Size;
    background = ImGui::GetBackgroundDrawList()->VtxBuffer.Size;
  });
  CHECK(foreground == 0);
  CHECK(background > 500);  // status line, label, vehicle read-out, caption, notice, hint
}

TEST_CASE("hud: the caption fits the view right of the sidebar, and a divergence badge sits below it", "[panels]") {
  // large steps with an rk2 copy: the red "rk2 diverged" badge (top right, 48 px down) covered
  // the caption's right end, and at 1024 px the caption ran under the sidebar and off the window.
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  showHelicopter(app, "large steps");
  app.caption = "Same body, same large h: lie-cay keeps the energy bounded, rk4 spins down (pick rk2 to see a divergence).";
  app.viewLeft = 360;
  const PhysicsFrame f = sampleFrame();  // its second copy diverged
  REQUIRE(f.sims[1].frozen);
  for (const ImVec2 display : {ImVec2(1280, 720), ImVec2(1024, 600), ImVec2(800, 600)}) {
    ImGui::GetIO().DisplaySize = display;
    CAPTURE(display.x);
    for (int i = 0; i < 2; ++i)  // an auto-resized window is measured, hidden, first
      gui.frame([&] {
        drawHud(app, f);
        drawNotices(app, f);
        const CaptionBox c = captionBox(app);
        CHECK(c.pos.x - 10 >= app.viewLeft);  // its plate: 10 px around the text
        CHECK(c.pos.x + c.size.x + 10 <= display.x);
        const ImGuiWindow* badge = ImGui::FindWindowByName("##diverged1");
        REQUIRE(badge != nullptr);
        if (i == 1) CHECK(badge->Pos.y >= c.pos.y + c.size.y + 5);
      });
  }
}

TEST_CASE("hud: with the panels hidden (Tab) a hint still says how to bring them back", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  const PhysicsFrame f = sampleFrame();
  for (const bool shown : {true, false}) {
    app.showUi = shown;
    int drawn = -1;
    gui.frame([&] {
      drawNotices(app, f);  // no caption, no screenshot notice: only the hint, if any
      drawn = ImGui::GetBackgroundDrawList()->VtxBuffer.Size;
    });
    CAPTURE(shown);
    // Shown, the panels' own hint (drawHud) says it; hidden, drawNotices is all that is drawn.
    CHECK((drawn > 0) == !shown);
  }
}

TEST_CASE("takes panel: the timeline never reads past the take's end", "[app][take]") {
  // A take of 1109 steps of h = 0.005 s: its clock, a sum of steps, ends within round-off of
  // 5.545 s, on either side of the duration's own rounding.
  const double h = 0.005, duration = 1109 * h;
  double clock = 0;
  for (int k = 0; k < 1109; ++k) clock += h;
  for (double t : {clock, duration, duration + 1e-12, std::nextafter(duration, 10.0), 0.0, 2.0}) {
    double shown = 0, end = 0;
    REQUIRE(std::sscanf(timelineLabel(t, duration).c_str(), "%lf / %lf s", &shown, &end) == 2);
    CAPTURE(t, timelineLabel(t, duration));
    CHECK(shown <= end);
  }
  CHECK(timelineLabel(duration + 1e-12, duration) == timelineLabel(duration, duration));
}

TEST_CASE("panels: the plots window's content fits a narrow Plots window", "[panels]") {
  // 416 px: the docked Plots window of an 800 px wide app window; "legend" ran past its edge.
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  app.vehicle = "helicopter";
  app.plots.resize(1);
  const PhysicsFrame f = sampleFrame();
  for (float width : {416.0f, 904.0f}) {
    float right = 0, edge = 0;
    gui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(width, 300));
      ImGui::Begin("Plots");
      plotsPanel(app, f);
      const ImGuiWindow* w = ImGui::GetCurrentWindow();
      right = w->DC.CursorMaxPos.x;
      edge = w->WorkRect.Max.x;
      ImGui::End();
    });
    CAPTURE(width, right, edge);
    CHECK(right <= edge + 1.0f);
  }
}

TEST_CASE("panels: plot history computes the energy balance and restarts on reset", "[panels]") {
  PlotHistory p;
  PlotSample s;
  s.energy = 4.0;
  p.add(s);
  s.t = 1.0;
  s.energy = 5.0;
  s.work = 0.75;  // the inputs did 0.75 J: 0.25 J is the integrator's
  p.add(s);
  REQUIRE(p.segments.size() == 1);
  REQUIRE(p.segments[0].balance.y.size() == 2);
  CHECK(p.segments[0].balance.y[0] == 0.0);
  CHECK(p.segments[0].balance.y[1] == Approx(0.25));
  PlotSample r;
  r.kind = SampleKind::Reset;
  p.add(r);
  CHECK(p.segments.empty());
  CHECK_FALSE(p.haveE0);
}

TEST_CASE("takes panel: idle, recording and playing a take draw headless, R records, stops, overdubs", "[app][take]") {
  ImGuiHeadless ui;
  AppState app;
  PhysicsFrame f = sampleFrame();
  CHECK(ui.frame([&] { takesPanel(app, f); }) > 0);
  toggleRecord(app, f);
  CHECK(app.takes.record);
  app.takes.record = false;
  f.take.recording = true;
  f.take.recordedSteps = 1234;
  f.take.inexact = true;
  CHECK(ui.frame([&] { takesPanel(app, f); }) > 0);
  ui.frame([&] { drawRecordBadge(app, f); });  // an auto-resized window is measured, hidden, first
  CHECK(ui.frame([&] { drawRecordBadge(app, f); }) > 0);
  // The badge (and the "take saved" path after Stop) stays right of the sidebar.
  app.viewLeft = 360;
  f.take.recording = false;
  app.takes.lastTake = "/a/long/path/to/takes/helicopter-free-flight-20261126-172136.toml";
  for (int i = 0; i < 2; ++i)
    ui.frame([&] {
      drawRecordBadge(app, f);
      const ImGuiWindow* w = ImGui::FindWindowByName("##recbadge");
      REQUIRE(w != nullptr);
      if (i == 1) CHECK(w->Pos.x >= app.viewLeft);
    });
  app.takes.lastTake.clear();
  app.viewLeft = 0;
  f.take.recording = true;
  toggleRecord(app, f);
  CHECK(app.takes.stop);
  app.takes.stop = false;
  // A take playing: timeline, ghost and export rows, one per copy.
  f.take = TakeStatus{};
  f.take.playing = true;
  f.take.clock = 4.0;
  f.take.duration = 17.5;
  f.take.step = 800;
  f.take.endStep = 4000;
  app.takes.lastTake = "/tmp/x.toml";
  app.takes.notice = "saved /tmp/x.toml";
  CHECK(ui.frame([&] { takesPanel(app, f); }) > 0);
  toggleRecord(app, f);
  CHECK(app.takes.overdub);
  CHECK_FALSE(app.takes.record);
  // The recent takes list survives a restart (settings.ini).
  app.settings.recentTakes = {"/tmp/a take.toml", "/tmp/b.toml"};
  CHECK(ui.frame([&] { takesPanel(app, f); }) > 0);
  const std::string ini = (std::filesystem::temp_directory_path() / "lieride-takes-settings-test.ini").string();
  REQUIRE(app.settings.save(ini));
  Settings back;
  REQUIRE(back.load(ini));
  std::remove(ini.c_str());
  CHECK(back.recentTakes == app.settings.recentTakes);
}

TEST_CASE("panels: a take's plot legends name its copies as the 3-D labels do", "[panels][take]") {
  PhysicsFrame f = sampleFrame();
  f.sims[0].label = "take";
  f.sims[1].label = "ghost rk4, h = 0.05 s";
  f.take.playing = true;
  CHECK(copyLegend(f, 0, "lie-cay-tln") == "take (lie-cay-tln)");
  CHECK(copyLegend(f, 1, "rk4") == "ghost (rk4, h = 0.05 s)");
  f.sims[1].label = "ghost rk4";
  CHECK(copyLegend(f, 1, "rk4") == "ghost (rk4)");
  f.take.playing = false;  // a live scene with a side-by-side copy
  CHECK(copyLegend(f, 1, "rk4") == "copy 2: rk4");
  f.sims.pop_back();
  CHECK(copyLegend(f, 0, "rk4") == "rk4");
}

TEST_CASE("panels: while paused the real-time line says paused, not a factor of 0", "[panels]") {
  PhysicsFrame f = sampleFrame();
  f.stats.achievedSpeed = 0.0;
  f.stats.measured = false;
  f.paused = true;
  CHECK(realTimeText(f) == "paused");
  f.paused = false;
  // Before the first measuring window ends (0.5 s, 1.25 s at h = 0.5 s) there is no figure.
  CHECK(realTimeText(f).find("measuring") != std::string::npos);
  CHECK(realTimeText(f).find("0.00") == std::string::npos);
  f.stats.measured = true;
  f.stats.achievedSpeed = 0.98;
  CHECK(realTimeText(f).find("0.98 achieved") != std::string::npos);
}

TEST_CASE("panels: only vehicles with velocity constraints get a constraint-residual plot", "[panels]") {
  const Scenario heli = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n", "h.toml", ".");
  const Scenario body = loadScenarioFromString("[vehicle]\ntype = \"rigid-body\"\n", "b.toml", ".");
  const Scenario sleigh = loadScenarioFromString("[vehicle]\ntype = \"sleigh\"\n", "s.toml", ".");
  CHECK_FALSE(hasConstraints(makeView(*heli.simulation).get()));
  CHECK_FALSE(hasConstraints(makeView(*body.simulation).get()));
  CHECK(hasConstraints(makeView(*sleigh.simulation).get()));
  // Description vehicles: the two-wheeled robot has constraint rows, Elroy's beanie none.
  const std::string scenes = std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/";
  CHECK(hasConstraints(makeView(*loadScenario(scenes + "two-wheeled-robot.toml").simulation).get()));
  CHECK_FALSE(hasConstraints(makeView(*loadScenario(scenes + "elroys-beanie.toml").simulation).get()));
  // The Plots panel draws one cell fewer for the helicopter than for the car's constraint:
  // two columns at this width, five cells take three rows, four take two.
  const Scenario car = loadScenarioFromString("[vehicle]\ntype = \"car\"\n", "c.toml", ".");
  const float withPlot = plotsContentHeight(makeView(*car.simulation));
  const float without = plotsContentHeight(makeView(*heli.simulation));
  CHECK(without < withPlot - 100.0f);  // a whole row of cells (each at least 110 high) fewer
}

TEST_CASE("panels: a nonholonomic vehicle whose constraints leave no symmetry gets no momentum plot", "[panels]") {
  const std::string scenes = std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/";
  const Scenario robot = loadScenario(scenes + "two-wheeled-robot.toml");      // three constraints: no momentum
  const Scenario beanie = loadScenario(scenes + "elroys-beanie.toml");         // none: its angular momentum
  const Scenario sleigh = loadScenarioFromString("[vehicle]\ntype = \"sleigh\"\n", "s.toml", ".");
  const Scenario particle = loadScenarioFromString("[vehicle]\ntype = \"np-particle\"\n", "p.toml", ".");
  const Scenario car = loadScenarioFromString("[vehicle]\ntype = \"car\"\n", "c.toml", ".");
  const Scenario heli = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n", "h.toml", ".");
  CHECK_FALSE(hasMomentumPlot(makeView(*robot.simulation).get()));
  CHECK(hasMomentumPlot(makeView(*beanie.simulation).get()));
  CHECK(hasMomentumPlot(makeView(*car.simulation).get()));
  CHECK(hasMomentumPlot(makeView(*heli.simulation).get()));  // |spatial momentum|
  CHECK(hasMomentumPlot(nullptr));
  // The sleigh's blade and the particle's constraint leave no momentum either: their models
  // report 0 at every step (the run CSV's momentum column), which the plot drew as a flat line.
  for (const Scenario* s : {&sleigh, &particle}) {
    CHECK_FALSE(hasMomentumPlot(makeView(*s->simulation).get()));
    auto sim = s->simulation->clone();
    for (int k = 0; k < 20; ++k) sim->step();
    CHECK(sim->snapshot().momentum == 0.0);
  }
  // The robot's Plots window has a cell fewer than the car's (constrained, with a momentum):
  // energy, balance, constraint and iterations fill two rows of two, not three.
  const float robotCells = plotsContentHeight(makeView(*robot.simulation));
  const float carCells = plotsContentHeight(makeView(*car.simulation));
  CHECK(robotCells < carCells - 100.0f);
}

TEST_CASE("panels: a vehicle without input channels gets one line, not stick widgets", "[panels]") {
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  const Scenario body = loadScenarioFromString("[vehicle]\ntype = \"rigid-body\"\n", "b.toml", ".");
  app.view = makeView(*body.simulation);
  PhysicsFrame f = sampleFrame();
  auto controls = [&] {
    float bottom = 0;
    const int vertices = gui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(400, 700));
      ImGui::Begin("controls");
      const float top = ImGui::GetCursorScreenPos().y;
      controlsPanel(app, f);
      bottom = ImGui::GetCurrentWindow()->DC.CursorMaxPos.y - top;
      ImGui::End();
    });
    return std::make_pair(vertices, bottom);
  };
  for (auto& v : f.sims) v.channels.clear();
  const auto none = controls();
  for (auto& v : f.sims) v.channels = {"torque_x"};
  const auto one = controls();
  CHECK(none.first > 0);
  // The sliders, the invert boxes and the two 56-pixel stick circles are gone: well over 100 px less.
  CHECK(none.second < one.second - 100.0f);
}

TEST_CASE("hud: a drivable vehicle on its scripted inputs shows how to drive it", "[panels]") {
  // Description scenes start scripted: W/A/S/D do nothing until Manual control is ticked.
  PhysicsFrame f = sampleFrame();
  f.sims[0].manual = false;
  CHECK(scriptedHint(f).find("Manual control") != std::string::npos);
  f.sims[0].manual = true;
  CHECK(scriptedHint(f).empty());  // the pilot drives
  f.sims[0].manual = false;
  f.take.playing = true;
  CHECK(scriptedHint(f).empty());  // a take replays: not the scene's script
  f.take.playing = false;
  f.sims[0].channels.clear();
  CHECK(scriptedHint(f).empty());  // nothing to drive
  // Drawn as one more HUD line under the vehicle read-out.
  ImGuiHeadless gui;
  AppState app;
  app.send = [](const Command&) {};
  showHelicopter(app, "helicopter");
  f = sampleFrame();
  auto drawn = [&](bool manual) {
    f.sims[0].manual = manual;
    int n = 0;
    gui.frame([&] {
      drawVehicleHud(app, f);
      n = ImGui::GetBackgroundDrawList()->VtxBuffer.Size;
    });
    return n;
  };
  CHECK(drawn(false) > drawn(true) + 4 * 30);  // the hint's glyphs, 4 vertices each
}
