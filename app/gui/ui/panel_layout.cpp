// The panels' layout: the sidebar (Scene, Takes, Integrator, Optimize, Controls,
// Diagnostics) and the Plots window, drawn straight on the window's clear colour, kept
// inside the viewport; the 3-D view's free area they leave (AppState::viewLeft, plotsRect).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "ui/optimize_panel.hpp"
#include "ui/panels.hpp"
#include "ui/takes_panel.hpp"

namespace lieride::gui {

void keepInside(const ImGuiViewport* vp, float left) {
  // After a resize (or a drag off the edge) the current window comes back into the viewport,
  // right of x = `left` (the sidebar's edge: two windows without backgrounds must not overlap).
  ImVec2 size = ImGui::GetWindowSize(), pos = ImGui::GetWindowPos();
  const ImVec2 lo(std::clamp(left, vp->WorkPos.x, vp->WorkPos.x + vp->WorkSize.x * 0.5f), vp->WorkPos.y);
  const ImVec2 hi(vp->WorkPos.x + vp->WorkSize.x, vp->WorkPos.y + vp->WorkSize.y);
  const ImVec2 fit(std::min(size.x, hi.x - lo.x), std::min(size.y, vp->WorkSize.y));
  if (fit.x != size.x || fit.y != size.y) ImGui::SetWindowSize(fit);
  const ImVec2 clamped(std::clamp(pos.x, lo.x, std::max(lo.x, hi.x - fit.x)), std::clamp(pos.y, lo.y, std::max(lo.y, hi.y - fit.y)));
  if (clamped.x != pos.x || clamped.y != pos.y) ImGui::SetWindowPos(clamped);
}

// ImGui::Begin for a panel drawn straight on the window's clear colour (AppState::panelColor):
// no background of its own, square corners like the cleared area behind it.
static bool beginOnBackdrop(const char* name, bool* open, ImGuiWindowFlags flags = 0) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  const bool visible = ImGui::Begin(name, open, flags | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();
  return visible;
}

void drawPanels(AppState& app, const PhysicsFrame& f) {
  app.viewLeft = app.viewBottom = 0;
  app.plotsRect = {};
  app.panelColor = {};
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float sidebar = 360.0f * ImGui::GetIO().FontGlobalScale;
  // The width the user chose (or the default), narrowed to half a small window and given back
  // when the window grows again: a 640 px window left the sidebar at 320 px for good, saved
  // so in imgui.ini, its buttons cut ("Add c").
  const float preferred = app.settings.sidebarWidth > 0.0f ? app.settings.sidebarWidth : sidebar;
  const bool windowResized = app.layoutSize != std::array<float, 2>{vp->WorkSize.x, vp->WorkSize.y};
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(260, vp->WorkSize.y), ImVec2(vp->WorkSize.x * 0.5f, vp->WorkSize.y));
  if (windowResized) ImGui::SetNextWindowSize(ImVec2(preferred, vp->WorkSize.y), ImGuiCond_Always);
  // Opaque, the 3-D view is not drawn under it, and without a background of its own: the
  // window is cleared to its colour (a blended full-height rectangle costs a software
  // rasteriser more than the rest of the panel, docs/app.md "Frame cost under llvmpipe").
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  app.panelColor = {bg.x, bg.y, bg.z, 1.0f};
  if (beginOnBackdrop("lieride", nullptr, ImGuiWindowFlags_NoMove)) {
    // A take that starts playing moves the Takes section under Scene: scroll there, or a user
    // who opened it from the bottom of the sidebar sees it vanish.
    if (f.take.playing && !app.takeWasPlaying) ImGui::SetScrollY(0.0f);
    app.takeWasPlaying = f.take.playing;
    if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) scenePanel(app, f);
    // A take playing is the scene: its timeline right under it.
    if (f.take.playing && ImGui::CollapsingHeader("Takes", ImGuiTreeNodeFlags_DefaultOpen)) takesPanel(app, f);
    if (app.optimize) {
      if (app.optimize->takeOpenRequest()) ImGui::SetNextItemOpen(true);
      if (ImGui::CollapsingHeader("Optimize")) app.optimize->draw(app, f);
    }
    if (ImGui::CollapsingHeader("Integrator", ImGuiTreeNodeFlags_DefaultOpen)) integratorPanel(app, f);
    if (ImGui::CollapsingHeader("Controls", ImGuiTreeNodeFlags_DefaultOpen)) controlsPanel(app, f);
    // Takes (Record, the recent takes, CSV / glTF / video) before the long Diagnostics section:
    // at the bottom of the sidebar a new user did not find them.
    if (!f.take.playing && ImGui::CollapsingHeader("Takes", ImGuiTreeNodeFlags_DefaultOpen)) takesPanel(app, f);
    if (ImGui::CollapsingHeader("Diagnostics", ImGuiTreeNodeFlags_DefaultOpen)) diagnosticsPanel(app, f);
  }
  app.viewLeft = ImGui::IsWindowCollapsed() ? 0.0f : ImGui::GetWindowPos().x + ImGui::GetWindowSize().x;
  // A width that changed while the window did not, with the mouse button held: the user
  // dragged the sidebar's edge. (ImGui applies the size constraints a frame after a resize:
  // without the button check, a window shrunk to 480 px saved the clamped 260 px as the
  // user's width, and the sidebar stayed narrow when the window grew back.)
  const float width = ImGui::GetWindowSize().x;
  if (!windowResized && !ImGui::IsWindowCollapsed() && ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
      std::abs(width - app.sidebarShown) > 0.5f && app.sidebarShown > 0.0f) {
    app.settings.sidebarWidth = std::abs(width - sidebar) < 0.5f ? 0.0f : width;
    app.settingsDirty = true;
  }
  app.sidebarShown = width;
  ImGui::End();
  app.viewBottom = 0;
  if (app.showPlots) {
    // Along the bottom, right of the sidebar. While the user has not moved or resized it, it
    // follows the window's size (it floated mid-view, its first size, after the window grew).
    const float x = std::max(app.viewLeft, vp->WorkPos.x) + 8;
    const float height = std::min(300.0f, vp->WorkSize.y * 0.4f);
    const ImVec2 dockPos(x, vp->WorkPos.y + vp->WorkSize.y - height - 8), dockSize(vp->WorkPos.x + vp->WorkSize.x - 8 - x, height);
    // Only when the window's size changed (or at start): at other times the user may be dragging it away.
    const ImGuiCond cond = app.settings.plotsDocked && windowResized ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(dockPos, cond);
    ImGui::SetNextWindowSize(dockSize, cond);
    // Opaque and without a background of its own, like the sidebar: the 3-D view skips what
    // it covers (plotsRect), where the window's clear colour shows.
    if (beginOnBackdrop("Plots", &app.showPlots)) plotsPanel(app, f);
    keepInside(vp, app.viewLeft);
    if (!ImGui::IsWindowCollapsed()) app.viewBottom = ImGui::GetWindowPos().y;
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    auto near = [](float a, float b) { return std::abs(a - b) < 0.5f; };
    const bool docked = !ImGui::IsWindowCollapsed() && near(pos.x, dockPos.x) && near(pos.y, dockPos.y) &&
                        near(size.x, dockSize.x) && near(size.y, dockSize.y);
    if (docked != app.settings.plotsDocked) {  // remembered: the next start lays it out for its own window size
      app.settings.plotsDocked = docked;
      app.settingsDirty = true;
    }
    app.plotsRect = {pos.x, pos.y, pos.x + size.x, pos.y + size.y};
    ImGui::End();
  }
  app.layoutSize = {vp->WorkSize.x, vp->WorkSize.y};
}

}  // namespace lieride::gui
