// The Optimize panel headless (ImGui with no renderer): the problem list by vehicle kind, the
// overlay of a problem's obstacles and goal, the one-click problem scenes, and Play: the
// replay scene it asks for, run through the simulator, retraces the solved ghost.
#include <imgui.h>
#include <imgui_internal.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <glm/gtc/matrix_transform.hpp>

#include "lieride/optimize/problem.hpp"
#include "ui/optimize_geometry.hpp"
#include "ui/optimize_panel.hpp"
#include "imgui_headless.hpp"
#include "ui/panels.hpp"

using namespace lieride;
using namespace lieride::gui;
using lieride::gui::testing::ImGuiHeadless;

namespace {
const std::string kProblems = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/";


bool finished(const OptimizeSnapshot& s) { return s.request > 0 && s.phase != OptimizeSnapshot::Phase::Solving; }

// An 800 x 800 view looking straight down (orthographic) on `centre`, `across` metres wide:
// the ground point (x, y) is at screen() and frame() feeds the panel one mouse state.
struct TopDownView {
  OptimizePanel& panel;
  glm::vec2 centre;
  float across;
  glm::mat4 vp() const {
    const float r = 0.5f * across;
    return glm::ortho(-r, r, -r, r, 1.0f, 400.0f) *
           glm::lookAt(glm::vec3(centre, 200.0f), glm::vec3(centre, 0.0f), glm::vec3(0, 1, 0));
  }
  ImVec2 screen(double x, double y) const {
    const double scale = 800.0 / across;
    return ImVec2(static_cast<float>(400 + scale * (x - centre.x)), static_cast<float>(400 - scale * (y - centre.y)));
  }
  bool frame(ImVec2 pos, bool down) const {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(800, 800);
    io.MousePos = pos;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    const bool owned = panel.mouse(vp(), glm::vec2(800, 800));
    ImGui::Render();
    return owned;
  }
};
}  // namespace

TEST_CASE("optimize panel: problems of the scene's vehicle, obstacles and goal drawn", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  int cars = 0;
  for (const auto& p : panel.problems()) cars += p.vehicle == "car";
  CHECK(cars >= 2);  // parking and tunnel
  // The scene menu's entry opens its problem, starts paused and scripted, and solves.
  const SceneEntry scene = problemScene("optimal parking", kProblems + "car-parallel-park.toml");
  CHECK(sceneProblem(scene) == kProblems + "car-parallel-park.toml");
  CHECK_FALSE(sceneIsReplay(scene));
  const LoadedScene loaded = loadScene(scene);
  CHECK(loaded.scripted);
  panel.sceneLoaded(scene, loaded.vehicle);
  REQUIRE(panel.problem());
  CHECK(panel.problem()->obstacles.size() == 3);
  panel.cancel();  // the overlay without waiting for the solve
  const OptimizeOverlayMesh& a = panel.overlay();
  CHECK(!a.solid.vertices.empty());  // two parked cars and the kerb
  CHECK(!a.marks.vertices.empty());  // the goal outline
  // An edit moves what is drawn: the first parked car 1 m along x.
  const float before = a.solid.vertices.front().position.x;
  const auto version = panel.overlayVersion();
  panel.editableProblem()->obstacles[0].center.x() += 1.0;
  panel.edited();
  panel.cancel();
  const OptimizeOverlayMesh& b = panel.overlay();
  CHECK(panel.overlayVersion() > version);
  CHECK(b.solid.vertices.front().position.x == Approx(before + 1.0f));
  // The same scene loaded again (a copy added, the menu entry chosen again) keeps the edit.
  panel.sceneLoaded(scene, loaded.vehicle);
  CHECK(panel.problem()->obstacles[0].center.x() == Approx(-2.25 + 1.0));
  panel.cancel();
  // The section draws headless.
  ImGuiHeadless gui;
  AppState app;
  app.optimize = &panel;
  app.vehicle = "car";
  CHECK(gui.frame([&] { drawPanels(app, PhysicsFrame{}); }) > 500);
}

TEST_CASE("optimize panel: a problem picked from another scene opens with its own scene", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  auto listed = [&](const std::string& stem) {
    for (const auto& p : panel.problems())
      if (p.file == kProblems + stem + ".toml") return p;
    FAIL("not listed: " << stem);
    return OptimizePanel::Listed{};
  };
  // In the free-driving car scene (no problem of its own) the tunnel's obstacles and start do
  // not belong to the world on screen: picking it asks for the tunnel's own scene.
  const SceneEntry car{"car", "", "[vehicle]\ntype = \"car\"\n", {}, ""};
  panel.sceneLoaded(car, "car");
  panel.pick(listed("car-tunnel"));
  CHECK(panel.problem() == nullptr);  // nothing selected in the wrong world
  const auto request = panel.takeSceneRequest();
  REQUIRE(request);
  CHECK(sceneProblem(*request) == kProblems + "car-tunnel.toml");
  CHECK_FALSE(panel.takeSceneRequest());  // once
  const LoadedScene loaded = loadScene(*request);
  REQUIRE_FALSE(loaded.slots.empty());
  panel.sceneLoaded(*request, loaded.vehicle);  // loading it selects and solves the problem
  REQUIRE(panel.problem());
  CHECK(panel.problem()->file == kProblems + "car-tunnel.toml");
  panel.cancel();
  // In that scene the same problem is picked in place (its edits kept, no scene reload).
  panel.editableProblem()->obstacles[0].center.x() += 0.5;
  const double moved = panel.problem()->obstacles[0].center.x();
  panel.pick(listed("car-tunnel"));
  CHECK_FALSE(panel.takeSceneRequest());
  REQUIRE(panel.problem());
  CHECK(panel.problem()->obstacles[0].center.x() == moved);
  panel.cancel();
  // Back to the free-driving scene (the same vehicle kind): the tunnel, its overlay and its
  // solution are not drawn in that world.
  panel.sceneLoaded(car, "car");
  CHECK(panel.problem() == nullptr);
  CHECK(panel.overlay().solid.vertices.empty());
  CHECK(panel.overlay().marks.vertices.empty());
}

TEST_CASE("optimize panel: a take's scenery is drawn, not solved, and opening its problem solves it", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  const std::string file = kProblems + "car-parallel-park.toml";
  // A take of the optimal parking's Play: its parked cars and kerb drawn, nothing solved.
  SceneEntry take{"take", "", "[vehicle]\ntype = \"car\"\n", {}, ""};
  take.take = true;
  panel.sceneLoaded(take, "car", file);
  REQUIRE(panel.problem());
  CHECK(panel.problem()->file == file);
  CHECK(panel.worker().snapshot()->request == 0);  // no solve asked for
  CHECK_FALSE(panel.overlay().solid.vertices.empty());
  // "Open the problem": the problem's own scene, which solves it (the same file as the
  // scenery's: before, it was taken for the open problem with edits to keep, and nothing ran).
  panel.sceneLoaded(problemScene("car parallel park", file), "car");
  CHECK(panel.worker().waitFor(finished)->phase == OptimizeSnapshot::Phase::Solved);
  CHECK(panel.solved());
}

TEST_CASE("optimize panel: Run (Space) in a problem's scene is Play once solved, and runs nothing before",
          "[panels][optimize]") {
  // The scene's solve is held inside its first iteration while Run is pressed.
  std::mutex m;
  std::condition_variable cv;
  bool reached = false, released = false;
  OptimizePanel panel(kProblems);  // after what its worker's hook uses: destroyed first
  panel.worker().setIterationHook([&](const OptimizeSnapshot&) {
    std::unique_lock<std::mutex> lock(m);
    reached = true;
    cv.notify_all();
    cv.wait(lock, [&] { return released; });
  });
  const std::string file = kProblems + "sleigh-u-turn-dmoc.toml";
  panel.sceneLoaded(problemScene("sleigh", file), "sleigh-controlled");
  REQUIRE(panel.waitingForPlay());
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return reached; });
  }
  AppState app;
  app.optimize = &panel;
  std::vector<CommandKind> sent;
  app.send = [&](const Command& c) { sent.push_back(c.kind); };
  app.runOrPause(true);  // unsolved: neither the zero-input scene runs nor Play starts
  CHECK(sent.empty());
  CHECK_FALSE(panel.takeSceneRequest());
  {
    std::lock_guard<std::mutex> lock(m);
    released = true;
  }
  cv.notify_all();
  REQUIRE(panel.worker().waitFor(finished)->phase == OptimizeSnapshot::Phase::Solved);
  app.runOrPause(true);  // solved: Run is Play
  CHECK(sent.empty());
  const auto entry = panel.takeSceneRequest();
  REQUIRE(entry);
  CHECK(sceneIsReplay(*entry));
  // Running (not paused), and in any scene that is not waiting for Play: the usual toggle.
  app.runOrPause(false);
  REQUIRE(sent.size() == 1);
  CHECK(sent.front() == CommandKind::TogglePause);
  // A take paused at its end plays again from its start (Play there did nothing); elsewhere
  // on its timeline Play runs on from where it is.
  TakeStatus take;
  take.playing = true;
  take.step = take.endStep = 4000;
  take.startClock = 0.5;
  std::vector<Command> commands;
  app.send = [&](const Command& c) { commands.push_back(c); };
  app.optimize = nullptr;
  app.runOrPause(true, &take);
  REQUIRE(commands.size() == 2);
  CHECK(commands[0].kind == CommandKind::Seek);
  CHECK(commands[0].value[0] == 0.5);
  CHECK(commands[1].kind == CommandKind::TogglePause);
  commands.clear();
  take.step = 1200;
  app.runOrPause(true, &take);
  REQUIRE(commands.size() == 1);
  CHECK(commands[0].kind == CommandKind::TogglePause);
}

TEST_CASE("optimize panel: Play runs the optimal controls and the simulation retraces the ghost", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  const std::string file = kProblems + "sleigh-u-turn-dmoc.toml";
  panel.sceneLoaded(problemScene("sleigh", file), "sleigh-controlled");
  REQUIRE(panel.problem());
  const auto s = panel.worker().waitFor(finished);
  REQUIRE(s->phase == OptimizeSnapshot::Phase::Solved);
  REQUIRE(panel.play());
  const auto entry = panel.takeSceneRequest();
  REQUIRE(entry);
  CHECK(sceneIsReplay(*entry));
  CHECK(sceneProblem(*entry) == file);
  LoadedScene replay = loadScene(*entry);
  REQUIRE(replay.slots.size() == 1);
  CHECK_FALSE(replay.slots.front().manual);  // the optimal controls drive it, not the pilot
  Simulation& sim = *replay.slots.front().sim;
  double worst = 0.0;
  for (std::size_t k = 0; k < s->knots.size(); ++k) {
    if (k > 0) sim.step();
    const Vec3 p = sim.snapshot().position;
    worst = std::max(worst, std::hypot(p.x() - s->knots[k].position.x(), p.y() - s->knots[k].position.y()));
  }
  CHECK(worst <= 1e-8);  // DMOC: the same integrator and h reproduce the optimised poses
  // Past the horizon the inputs are zero: the sleigh stays at rest at its goal.
  const Vec3 end = sim.snapshot().position;
  for (int k = 0; k < 5; ++k) sim.step();
  CHECK((sim.snapshot().position - end).norm() < 1e-12);
  // The panel keeps its problem and solution while the replay plays.
  panel.sceneLoaded(*entry, replay.vehicle);
  CHECK(panel.problem());
  CHECK(panel.worker().snapshot()->phase == OptimizeSnapshot::Phase::Solved);
}

TEST_CASE("optimize panel: a drag in the view moves the goal to the ground point under the mouse", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  REQUIRE(panel.select(kProblems + "car-parallel-park.toml"));
  ImGuiHeadless gui;
  // Looking straight down over the origin, 20 m across: screen (u, v) shows the ground point
  // ((u - 400) / 40, (400 - v) / 40).
  const TopDownView view{panel, glm::vec2(0.0f), 20.0f};
  auto screen = [&](double x, double y) { return view.screen(x, y); };
  auto frame = [&](ImVec2 pos, bool down) { return view.frame(pos, down); };
  const Vec2 goal = *panel.problem()->goal.position;
  const auto version = panel.overlayVersion();
  CHECK_FALSE(frame(screen(goal.x(), goal.y()), false));        // hovering: the camera keeps the mouse
  panel.overlay();
  CHECK(panel.overlayVersion() > version);                        // the hovered ring is highlighted
  CHECK(frame(screen(goal.x() + 0.05, goal.y()), true));          // press on the ring: the drag starts
  CHECK(frame(screen(goal.x() + 1.05, goal.y() - 0.5), true));    // 1 m along x, 0.5 m towards the kerb
  CHECK(panel.problem()->goal.position->x() == Approx(goal.x() + 1.0).margin(1e-4));
  CHECK(panel.problem()->goal.position->y() == Approx(goal.y() - 0.5).margin(1e-4));
  CHECK_FALSE(frame(screen(goal.x() + 1.05, goal.y() - 0.5), false));  // released
  // A press away from every handle leaves the drag to the camera.
  CHECK_FALSE(frame(screen(-8.0, 8.0), false));
  CHECK_FALSE(frame(screen(-8.0, 8.0), true));
  panel.cancel();
}

TEST_CASE("optimize panel: the orbit camera's focus holds while the goal is dragged and after the drop", "[panels][optimize]") {
  // The problem's scene waits for Play, and the orbit centres on the middle of start and goal.
  // Were that centre to follow the goal during a drag, the world would slide under the mouse
  // and carry the goal further each frame.
  OptimizePanel panel(kProblems);
  const SceneEntry scene = problemScene("optimal parking", kProblems + "car-parallel-park.toml");
  panel.sceneLoaded(scene, loadScene(scene).vehicle);
  panel.cancel();
  REQUIRE(panel.problem());
  ImGuiHeadless gui;
  const TopDownView view{panel, glm::vec2(0.0f), 20.0f};
  const Vec2 goal = *panel.problem()->goal.position;
  const auto before = panel.overviewFocus();
  REQUIRE(before);
  CHECK_FALSE(view.frame(view.screen(goal.x(), goal.y()), false));  // hover: the camera keeps the mouse
  (void)view.frame(view.screen(goal.x(), goal.y()), true);     // press: the drag starts
  CHECK(view.frame(view.screen(goal.x() + 2.0, goal.y()), true));
  CHECK(panel.problem()->goal.position->x() == Approx(goal.x() + 2.0).margin(1e-4));
  REQUIRE(panel.overviewFocus());
  CHECK((*panel.overviewFocus() - *before).norm() < 1e-12);  // held while dragging
  CHECK_FALSE(view.frame(view.screen(goal.x() + 2.0, goal.y()), false));  // released
  REQUIRE(panel.overviewFocus());
  // Still held after the drop: re-centring on the new middle made the goal jump away from the
  // cursor that had just put it there. The next overview (a problem's scene) frames it anew.
  CHECK((*panel.overviewFocus() - *before).norm() < 1e-12);
  panel.cancel();
}

TEST_CASE("optimize panel: the canyon's walls are drawn in 3-D and a dragged wall moves the helicopter's box",
          "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  REQUIRE(panel.select(kProblems + "helicopter-canyon.toml"));
  panel.cancel();
  const opt::Obstacle wall = panel.problem()->obstacles[0];  // left wall 1: centre (9.123, 5, 15), 30 m tall
  REQUIRE(wall.threeD);
  // Drawn where the solver has them: the walls' vertices reach their tops (z = 30 m) and
  // span the canyon from x = 0 to past x = 80 m (the 2-D fields, all 0, drew nothing).
  const OptimizeOverlayMesh& mesh = panel.overlay();
  float top = 0.0f, xmin = 1e9f, xmax = -1e9f;
  for (const auto& v : mesh.solid.vertices) {
    top = std::max(top, v.position.z);
    xmin = std::min(xmin, v.position.x);
    xmax = std::max(xmax, v.position.x);
  }
  CHECK(top == Approx(30.0f).margin(1e-3));
  CHECK(xmin <= 0.01f);
  CHECK(xmax >= 80.0f);
  // Its handle sits on the wall's top face, and a drag there moves the box across at its height.
  ImGuiHeadless gui;
  const TopDownView view{panel, glm::vec2(40.0f, 10.0f), 100.0f};  // over the canyon, 100 m across
  auto screen = [&](double x, double y) { return view.screen(x, y); };
  auto frame = [&](ImVec2 pos, bool down) { return view.frame(pos, down); };
  const Vec3 at = wall.center3;
  CHECK_FALSE(frame(screen(at.x(), at.y()), false));
  CHECK(frame(screen(at.x(), at.y()), true));
  CHECK(frame(screen(at.x() + 1.0, at.y() + 0.5), true));
  CHECK_FALSE(frame(screen(at.x() + 1.0, at.y() + 0.5), false));
  const opt::Obstacle& moved = panel.problem()->obstacles[0];
  CHECK(moved.center3.x() == Approx(at.x() + 1.0).margin(1e-3));
  CHECK(moved.center3.y() == Approx(at.y() + 0.5).margin(1e-3));
  CHECK(moved.center3.z() == at.z());
  CHECK(moved.halfSize3 == wall.halfSize3);
  panel.cancel();
}

TEST_CASE("optimize panel: the lines of a failed and of a cancelled solve wrap inside the sidebar", "[panels][optimize]") {
  OptimizePanel panel(kProblems);
  REQUIRE(panel.select(kProblems + "car-parallel-park.toml"));
  panel.editableProblem()->goal.position = Vec2(-2.25, 1.1);  // the goal inside the rear parked car
  panel.solve();
  REQUIRE(panel.worker().waitFor(finished)->phase == OptimizeSnapshot::Phase::NotSolved);
  ImGuiHeadless gui;
  AppState app;
  app.optimize = &panel;
  app.vehicle = "car";
  // The sidebar's width at start (360 px); the line of the best iterate ran past its edge.
  auto overflow = [&] {
    float right = 0, edge = 0;
    gui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(360, 700));
      ImGui::Begin("Optimize");
      panel.draw(app, PhysicsFrame{});
      const ImGuiWindow* w = ImGui::GetCurrentWindow();
      right = w->DC.CursorMaxPos.x;
      edge = w->WorkRect.Max.x;
      ImGui::End();
    });
    CAPTURE(right, edge);
    return right - edge;
  };
  CHECK(overflow() <= 1.0f);
  // Cold again (about 40 iterations), cancelled once it iterates.
  REQUIRE(panel.select(kProblems + "car-parallel-park.toml"));
  panel.editableProblem()->goal.position = Vec2(-2.25, 1.1);
  const auto before = panel.worker().snapshot()->request;
  panel.solve();
  panel.worker().waitFor([&](const OptimizeSnapshot& s) {
    return s.request > before && (s.phase != OptimizeSnapshot::Phase::Solving || s.iteration > 0);
  });
  panel.cancel();
  const auto cancelled = panel.worker().waitFor(
      [&](const OptimizeSnapshot& s) { return s.request > before && s.phase != OptimizeSnapshot::Phase::Solving; });
  REQUIRE(cancelled->phase == OptimizeSnapshot::Phase::Cancelled);
  CHECK(overflow() <= 1.0f);
}

TEST_CASE("optimize overlay: every obstacle is translucent as drawn, whatever its yaw (a wall facing +y too)",
          "[panels][optimize]") {
  for (const std::string stem : {"car-parallel-park", "car-tunnel", "helicopter-canyon", "helicopter-landing", "boat-docking"}) {
    const opt::Problem p = opt::loadProblem(kProblems + stem + ".toml");
    OptimizeOverlayMesh mesh;
    buildOptimizeOverlay(p, overlayHints(p), nullptr, mesh);
    INFO(stem);
    // The flat shader reads alpha from normal.x: in (0, 1), nothing else in the normal.
    for (const auto& v : mesh.solid.vertices) {
      CHECK(v.normal.x > 0.0f);
      CHECK(v.normal.x < 1.0f);
      CHECK(v.normal.y == 0.0f);
      CHECK(v.normal.z == 0.0f);
    }
  }
  // The tunnel's two walls, at y = -3.5 (facing +y) and y = +3.5 (facing -y): each drawn as a
  // kerb on its blocked side, 0.3 m wide.
  const opt::Problem tunnel = opt::loadProblem(kProblems + "car-tunnel.toml");
  OptimizeOverlayMesh mesh;
  buildOptimizeOverlay(tunnel, overlayHints(tunnel), nullptr, mesh);
  int right = 0, left = 0;
  for (const auto& v : mesh.solid.vertices) {
    right += v.position.y <= -3.5f + 1e-4f && v.position.y >= -3.8f - 1e-4f && v.normal.x > 0.0f;
    left += v.position.y >= 3.5f - 1e-4f && v.position.y <= 3.8f + 1e-4f && v.normal.x > 0.0f;
  }
  CHECK(right >= 8);
  CHECK(left >= 8);
}
