// The panels' windows in a window that changes size: the plots window kept inside a shrunken
// viewport and following a growing one until moved, the docked layout of the starting window,
// the sidebar's width given back when the window grows again.
#include <imgui.h>

#include <catch2/catch.hpp>

#include "physics_thread.hpp"
#include "imgui_headless.hpp"
#include "ui/panels.hpp"

using namespace lieride;
using namespace lieride::gui;
using lieride::gui::testing::ImGuiHeadless;

namespace {

// A frame with one helicopter run by lie-cay, for the windows' layout.
PhysicsFrame helicopterFrame() {
  PhysicsFrame f;
  SimView v;
  v.curr.vehicle = "helicopter";
  v.curr.integrator = "lie-cay";
  f.sims.push_back(v);
  return f;
}

// The panels of a helicopter scene laid out for a window of w x h, `frames` frames (ImGui applies
// a window's size constraints a frame late).
struct PanelsAt {
  ImGuiHeadless gui;
  AppState app;
  PhysicsFrame f = helicopterFrame();
  PanelsAt() {
    app.plots.resize(1);
    app.vehicle = "helicopter";
  }
  void layout(float w, float h, int frames) {
    ImGui::GetIO().DisplaySize = ImVec2(w, h);
    for (int k = 0; k < frames; ++k) gui.frame([&] { drawPanels(app, f); });
  }
};
}  // namespace

TEST_CASE("window: the plots window comes back inside a shrunken viewport", "[app][window]") {
  ImGuiHeadless gui;
  AppState app;
  app.plots.resize(1);
  app.vehicle = "helicopter";
  const PhysicsFrame f = helicopterFrame();
  gui.frame([&] { drawPanels(app, f); });
  ImGui::GetIO().DisplaySize = ImVec2(800, 500);
  for (int k = 0; k < 3; ++k) gui.frame([&] { drawPanels(app, f); });
  bool inside = false;
  float left = 0;
  gui.frame([&] {
    drawPanels(app, f);
    ImGui::Begin("Plots");
    const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    inside = p.x >= 0 && p.y >= 0 && p.x + s.x <= 800.5f && p.y + s.y <= 500.5f;
    left = p.x;
    ImGui::End();
  });
  CHECK(inside);
  // Neither window has a background of its own: plots over the sidebar would mix both texts.
  REQUIRE(app.viewLeft > 0);
  CHECK(left >= app.viewLeft - 0.5f);
}

TEST_CASE("window: the sidebar comes back to its width when a shrunken window grows again", "[app][window]") {
  // A window shrunk to 480 x 360 clamps the sidebar to 260 px a frame later; that clamp was
  // taken for the user's drag and saved, and at 760 x 540 again the sidebar stayed 260 px wide,
  // its Add copy button cut off.
  PanelsAt p;
  AppState& app = p.app;
  auto sidebarAt = [&](float w, float h) {
    p.layout(w, h, 4);
    return app.viewLeft;
  };
  const float wide = sidebarAt(760, 540);
  CHECK(wide == Approx(360));
  CHECK(sidebarAt(480, 360) < 300);  // narrowed to fit
  CHECK(sidebarAt(760, 540) == Approx(wide));
  CHECK(app.settings.sidebarWidth == 0.0f);  // nothing saved: the user never dragged it
}

TEST_CASE("window: the plots window follows a growing window until the user moves it", "[app][window]") {
  PanelsAt p;
  AppState& app = p.app;
  ImGuiHeadless& gui = p.gui;
  const PhysicsFrame& f = p.f;
  auto plotsAt = [&](float w, float h) {
    p.layout(w, h, 3);
    return app.plotsRect;
  };
  const auto small = plotsAt(1280, 720);
  CHECK(small[3] == Approx(720 - 8));
  const auto big = plotsAt(1920, 1080);
  CHECK(big[0] == Approx(small[0]));         // right of the sidebar
  CHECK(big[2] == Approx(1920 - 8));         // the whole width, not its first 904 px
  CHECK(big[3] == Approx(1080 - 8));         // along the bottom, not floating mid-view
  gui.frame([&] {
    drawPanels(app, f);
    ImGui::SetWindowPos("Plots", ImVec2(big[0], 100));  // the user drags it up
  });
  const auto dragged = plotsAt(1920, 1080);  // the frames after the drag: it stays where it was put
  CHECK(dragged[1] == Approx(100));
  const auto moved = plotsAt(1600, 900);     // and no longer follows the window's size
  CHECK(moved[1] == Approx(100));
  CHECK_FALSE(app.settings.plotsDocked);      // remembered for the next start
  CHECK(app.settingsDirty);
}

TEST_CASE("window: a docked plots window is laid out for the window it starts in", "[app][window]") {
  // imgui.ini keeps the last session's rectangle (here one of an 800x500 window); docked, the
  // Plots window takes the layout of the window the app starts in instead.
  ImGuiHeadless gui;
  AppState app;
  app.plots.resize(1);
  PhysicsFrame f;
  SimView v;
  v.curr.vehicle = "rigid-body";
  v.curr.integrator = "lie-cay";
  f.sims.push_back(v);
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  gui.frame([&] {
    ImGui::SetNextWindowPos(ImVec2(368, 292));
    ImGui::SetNextWindowSize(ImVec2(416, 200));
    ImGui::Begin("Plots");  // as imgui.ini restores it
    ImGui::End();
  });
  REQUIRE(app.settings.plotsDocked);
  for (int k = 0; k < 2; ++k) gui.frame([&] { drawPanels(app, f); });
  CHECK(app.plotsRect[2] == Approx(1280 - 8));
  CHECK(app.plotsRect[3] == Approx(720 - 8));
}
