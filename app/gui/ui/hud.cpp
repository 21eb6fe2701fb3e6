// HUD: status line, divergence badges with reset, the controller-disconnected banner,
// labels over side-by-side vehicles, the F1 shortcut overlay, and the app's ImGui style.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include "ui/panels.hpp"

namespace lieride::gui {

void applyStyle(float scale) {
  ImGuiStyle& s = ImGui::GetStyle();
  ImGui::StyleColorsDark();
  s.WindowRounding = 6;
  s.FrameRounding = 4;
  s.GrabRounding = 3;
  s.GrabMinSize = 6;  // a slim grab: the slider's value is written across it
  s.PopupRounding = 4;
  s.ScrollbarRounding = 6;
  s.WindowBorderSize = 0;
  s.FramePadding = ImVec2(7, 4);
  s.ItemSpacing = ImVec2(8, 6);
  s.WindowPadding = ImVec2(10, 10);
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.095f, 0.105f, 0.125f, 0.94f);
  // Opaque popups (combo lists, menus): at the default 0.94 the panel's text beneath read
  // through a list of integrator names, the sidebar having no background of its own.
  c[ImGuiCol_PopupBg] = ImVec4(0.08f, 0.085f, 0.10f, 1.0f);
  c[ImGuiCol_TitleBg] = ImVec4(0.10f, 0.11f, 0.13f, 1);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.13f, 0.15f, 0.19f, 1);
  c[ImGuiCol_Header] = ImVec4(0.18f, 0.22f, 0.30f, 1);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.30f, 0.42f, 1);
  c[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.36f, 0.50f, 1);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.21f, 0.24f, 0.30f, 1);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.29f, 0.37f, 1);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.30f, 0.46f, 1);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.27f, 0.40f, 0.60f, 1);
  c[ImGuiCol_ButtonActive] = ImVec4(0.32f, 0.47f, 0.70f, 1);
  c[ImGuiCol_SliderGrab] = ImVec4(0.96f, 0.66f, 0.22f, 0.7f);  // the value stays readable over it
  c[ImGuiCol_SliderGrabActive] = ImVec4(1.0f, 0.75f, 0.35f, 1);
  c[ImGuiCol_CheckMark] = ImVec4(0.96f, 0.66f, 0.22f, 1);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.03f);
  s.ScaleAllSizes(scale);
}

CaptionBox captionBox(const AppState& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float x0 = vp->WorkPos.x + app.viewLeft, x1 = vp->WorkPos.x + vp->WorkSize.x;
  const float wrap = std::max(120.0f, x1 - x0 - 40);
  const ImVec2 ts = ImGui::CalcTextSize(app.caption.c_str(), nullptr, false, wrap);
  return {ImVec2(0.5f * (x0 + x1) - 0.5f * ts.x, vp->WorkPos.y + 44), ts, wrap};
}

std::vector<ImVec2> placeLabels(const std::vector<ScreenLabel>& labels, float top, float left, float right) {
  struct Box {
    float x0, y0, x1, y1;
  };
  std::vector<Box> placed;
  std::vector<ImVec2> at;
  for (const ScreenLabel& l : labels) {
    const ImVec2 ts = ImGui::CalcTextSize(l.text.c_str());
    // A vehicle outside [left, right] gets no label (far off), one inside keeps its box inside
    // (a copy near the edge had its label cut there).
    if (l.x < left || l.x > right) {
      at.push_back(ImVec2(-1e9f, -1e9f));  // left of every view: not drawn
      continue;
    }
    ImVec2 p(l.x - ts.x * 0.5f, std::max(l.y - ts.y, top));
    if (right - left > ts.x + 16) p.x = std::clamp(p.x, left + 8, right - ts.x - 8);
    // The drawn box is the text plus 8 px each side and 4 px above and below; 2 px between boxes.
    // The test for "covers b" and the move below b use the same float, b.y1 + 6: tested as
    // p.y - 4 < b.y1 + 2 after p.y = b.y1 + 2 + 4, rounding could still find it covering by one
    // ulp and the loop never ended. Now a move sets p.y to exactly the bound it was tested
    // against, and p.y only grows, so each placed box moves the label at most once.
    for (bool moved = true; moved;) {
      moved = false;
      for (const Box& b : placed) {
        const float below = b.y1 + 6;  // 2 px gap, then the label box's 4 px above its text
        if (p.x - 8 < b.x1 && p.x + ts.x + 8 > b.x0 && p.y < below && p.y + ts.y + 6 > b.y0) {
          p.y = below;
          moved = true;
        }
      }
    }
    placed.push_back({p.x - 8, p.y - 4, p.x + ts.x + 8, p.y + ts.y + 4});
    at.push_back(p);
  }
  return at;
}

void drawHud(AppState& app, const PhysicsFrame& f) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* fg = ImGui::GetBackgroundDrawList();  // behind every window: tooltips and popups cover it
  // Status line, top right.
  {
    char line[256];
    const auto& s = f.sims.empty() ? Snapshot{} : f.sims.front().curr;
    std::snprintf(line, sizeof line, "%s   t = %.2f s   %s   h = %.3g s%s   %.2gx%s", app.sceneName.c_str(), app.renderTime,
                  f.sims.size() > 1 ? "side by side" : s.integrator.c_str(), f.h,
                  app.restoredNote.empty() ? "" : " (last session's)", f.speed, f.paused ? "   PAUSED" : "");
    ImVec2 ts = ImGui::CalcTextSize(line);
    // A narrow 3-D view (an 800 px window) cut the line's start off: the scene's name goes first.
    if (ts.x > vp->WorkSize.x - app.viewLeft - 48) {
      std::snprintf(line, sizeof line, "t = %.2f s   %s   h = %.3g s   %.2gx%s", app.renderTime,
                    f.sims.size() > 1 ? "side by side" : s.integrator.c_str(), f.h, f.speed, f.paused ? "   PAUSED" : "");
      ts = ImGui::CalcTextSize(line);
    }
    const ImVec2 p(vp->WorkPos.x + vp->WorkSize.x - ts.x - 24, vp->WorkPos.y + 10);
    fg->AddRectFilled(ImVec2(p.x - 10, p.y - 5), ImVec2(p.x + ts.x + 10, p.y + ts.y + 5), IM_COL32(16, 18, 22, 200), 6);
    fg->AddText(p, f.paused ? IM_COL32(255, 200, 90, 255) : IM_COL32(230, 232, 238, 255), line);
  }
  // Divergence badges with a reset button; an amber warning while a period-2 mode
  // grows (nh-reflect, nh-rattle; docs/nonholonomic.md "Known behaviour").
  // Below the status line, and below the caption where there is one: at 48 px the first badge
  // covered the right end of the large-steps caption.
  float y = vp->WorkPos.y + 48;
  if (!app.caption.empty()) {
    const CaptionBox c = captionBox(app);
    y = std::max(vp->WorkPos.y + 80, c.pos.y + c.size.y + 15);
  }
  // And below the REC / "take saved" line (drawn after this, so its last frame's edge).
  if (app.recordBadgeBottom > 0) y = std::max(y, app.recordBadgeBottom + 8);
  for (std::size_t i = 0; i < f.sims.size(); ++i) {
    const bool period2 = !f.sims[i].frozen && f.sims[i].curr.period2Growing;
    if (!f.sims[i].frozen && !period2) continue;
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 16, y), ImGuiCond_Always, ImVec2(1, 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, period2 ? ImVec4(0.75f, 0.45f, 0.05f, 0.95f) : ImVec4(0.62f, 0.08f, 0.08f, 0.95f));
    char name[32];
    std::snprintf(name, sizeof name, "##diverged%zu", i);
    if (ImGui::Begin(name, nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav)) {
      // Which copy (side by side, two copies may run the same integrator), as the legends say.
      const std::string who = copyLegend(f, i, f.sims[i].curr.integrator);
      const bool grounded = !(app.view && app.view->traits().freeBody);  // a free body has no ground
      if (period2)
        ImGui::Text("%s: step-to-step (period-2) oscillation growing (%.1e of the speed); change h or the integrator to restart",
                    who.c_str(), f.sims[i].curr.period2);
      else if (grounded && f.sims[i].curr.position.z() < -0.2)  // the frozen last good state cannot be seen
        ImGui::Text("%s diverged at t = %.3f s (its last good state is %.1f m below the ground or water surface)",
                    who.c_str(), f.sims[i].divergedAt, -f.sims[i].curr.position.z());
      else
        ImGui::Text("%s diverged at t = %.3f s", who.c_str(), f.sims[i].divergedAt);
      ImGui::SameLine();
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::SmallButton("Reset")) app.resetScene();
      ImGui::PopID();
      y += ImGui::GetWindowHeight() + 6;
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
  // Labels over vehicles, below the status line, the caption and the badges.
  const std::vector<ImVec2> labelAt =
      placeLabels(app.labels, y, vp->WorkPos.x + app.viewLeft, vp->WorkPos.x + vp->WorkSize.x);
  const std::array<float, 4>& panel = app.plotsRect;
  for (std::size_t i = 0; i < app.labels.size(); ++i) {
    const ScreenLabel& l = app.labels[i];
    const ImVec2 ts = ImGui::CalcTextSize(l.text.c_str()), p = labelAt[i];
    // Not over the panels, which draw no background of their own (nor is the vehicle drawn there).
    const bool overPlots = panel[2] > panel[0] && p.x - 8 < panel[2] && p.x + ts.x + 8 > panel[0] &&
                           p.y - 4 < panel[3] && p.y + ts.y + 4 > panel[1];
    // Nor over the vehicle read-out (its plate from the last frame: it is laid out below).
    const std::array<float, 4>& hud = app.hudRect;
    const bool overHud = hud[2] > hud[0] && p.x - 8 < hud[2] && p.x + ts.x + 8 > hud[0] && p.y - 4 < hud[3] &&
                         p.y + ts.y + 4 > hud[1];
    if (p.x - 8 < app.viewLeft || overPlots || overHud) continue;
    fg->AddRectFilled(ImVec2(p.x - 8, p.y - 4), ImVec2(p.x + ts.x + 8, p.y + ts.y + 4),
                      l.diverged ? IM_COL32(170, 30, 30, 230) : IM_COL32(20, 24, 30, 210), 5);
    fg->AddText(p, IM_COL32(245, 245, 245, 255), l.text.c_str());
  }
  // Controller disconnected banner.
  if (app.disconnectedBanner) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + 0.5f * (app.viewLeft + vp->WorkSize.x), vp->WorkPos.y + 60), ImGuiCond_Always, ImVec2(0.5f, 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.85f, 0.45f, 0.05f, 0.95f));
    if (ImGui::Begin("##banner", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
      ImGui::TextUnformatted("Controller disconnected: inputs neutral, simulation paused. The keyboard still works.");
      ImGui::SameLine();
      if (ImGui::SmallButton("Dismiss")) app.disconnectedBanner = false;
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
  app.hudRect = {};
  if (!app.showHelp) drawVehicleHud(app, f);  // not behind the translucent shortcut overlay
  drawNotices(app, f);
  drawHint(app, "F1 shortcuts   Tab panels   Ctrl+Q quit");
}

// The keyboard hint, bottom right; above the Plots window where that covers the corner.
void drawHint(const AppState& app, const char* hint) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* fg = ImGui::GetBackgroundDrawList();
  const ImVec2 ts = ImGui::CalcTextSize(hint);
  ImVec2 at(vp->WorkPos.x + vp->WorkSize.x - ts.x - 12, vp->WorkPos.y + vp->WorkSize.y - ts.y - 8);
  const std::array<float, 4>& pr = app.plotsRect;
  if (pr[2] > pr[0] && at.x < pr[2] && at.x + ts.x > pr[0] && at.y < pr[3] && at.y + ts.y > pr[1])
    at.y = std::max(vp->WorkPos.y, pr[1] - ts.y - 6);
  // In a narrow view the vehicle read-out reaches the hint's corner: the read-out wins (F1 and
  // Tab still work; the hint is back once there is room).
  const std::array<float, 4>& hr = app.hudRect;
  if (hr[2] > hr[0] && at.x - 6 < hr[2] && at.x + ts.x + 6 > hr[0] && at.y - 2 < hr[3] && at.y + ts.y + 2 > hr[1]) return;
  // On a dark plate like the other HUD texts: bare, its faint white vanished over the sky, the
  // haze at the horizon and the landing pad.
  fg->AddRectFilled(ImVec2(at.x - 6, at.y - 2), ImVec2(at.x + ts.x + 6, at.y + ts.y + 2), IM_COL32(16, 18, 22, 150), 4);
  fg->AddText(at, IM_COL32(230, 232, 238, 190), hint);
}

void drawNotices(AppState& app, const PhysicsFrame& f) {
  (void)f;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* fg = ImGui::GetBackgroundDrawList();  // behind every window: tooltips and popups cover it
  const float x0 = vp->WorkPos.x + app.viewLeft, x1 = vp->WorkPos.x + vp->WorkSize.x;
  // With the panels hidden (Tab) the hint says how to bring them back.
  if (!app.showUi) drawHint(app, "Tab panels   F1 shortcuts");
  // Caption: what to look for (side-by-side scenes), centred over the free part of the view and
  // wrapped to its width (at 1024 px the large-steps caption ran under the sidebar and off the
  // window's right edge).
  if (!app.caption.empty()) {
    const CaptionBox c = captionBox(app);
    const ImVec2 p = c.pos, ts = c.size;
    fg->AddRectFilled(ImVec2(p.x - 10, p.y - 5), ImVec2(p.x + ts.x + 10, p.y + ts.y + 5), IM_COL32(16, 18, 22, 190), 6);
    fg->AddText(ImGui::GetFont(), ImGui::GetFontSize(), p, IM_COL32(250, 220, 150, 255), app.caption.c_str(), nullptr, c.wrap);
  }
  // F12: where the screenshot went, for four seconds.
  if (!app.lastScreenshot.empty() && app.screenshotShownAt >= 0 && ImGui::GetTime() - app.screenshotShownAt < 4.0) {
    const std::string text = (app.lastScreenshot.rfind("could not", 0) == 0 ? "" : "Screenshot saved: ") + app.lastScreenshot;
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    const ImVec2 p(0.5f * (x0 + x1) - 0.5f * ts.x, vp->WorkPos.y + vp->WorkSize.y * 0.5f);
    fg->AddRectFilled(ImVec2(p.x - 12, p.y - 8), ImVec2(p.x + ts.x + 12, p.y + ts.y + 8), IM_COL32(20, 90, 40, 230), 6);
    fg->AddText(p, IM_COL32(245, 245, 245, 255), text.c_str());
  }
}

void drawHelp(AppState& app) {
  if (!app.showHelp) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the plots behind read through at 0.95
  if (ImGui::Begin("Shortcuts", &app.showHelp, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    std::vector<std::pair<std::string, std::string>> rows = {
        {"F1", "show / hide this overlay"},        {"F12", "save a screenshot (PNG)"},
        {"Space", "pause / run"},                  {"N", "single step (paused)"},
        {"Backspace", "reset the scene"},          {"R", "record a take / stop (overdub while a take plays)"},
        {"+ / -", "speed up / down: 0.1, 0.25, 0.5, 1, 2, 4x"},
        {"[ / ]", "time step h / 2, h x 2"},       {"C", "cycle camera: chase, orbit, free"},
        {"T", "trajectory trails on / off"},       {"P", "plots window on / off"},
        {"Tab", "hide / show all panels"},         {"Esc", "close this overlay"},
        {"Ctrl+Q", "quit (settings are saved as they change)"},
        {"Mouse drag / wheel", "orbit and zoom (orbit camera), look and move (free)"},
        {"Drag a ring", "Optimize: move the goal, a waypoint or an obstacle (it re-solves)"}};
    // The vehicle's own keys and sticks, as the Controls panel lists them (the helicopter's
    // collective and cyclic were listed on the sleigh, which has no inputs).
    if (app.view && app.view->channels().empty()) {
      rows.emplace_back("Vehicle", "this vehicle has no inputs");
    } else if (app.view) {
      for (const auto& line : app.view->help(app.settings.input.assist)) rows.push_back(line);
    } else {
      rows.insert(rows.end(), {{"W / S", "left stick up / down"}, {"A / D", "left stick left / right"},
                               {"Arrows or I J K L", "right stick"}});
    }
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {  // columns as wide as their text
      for (const auto& r : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(ImVec4(0.96f, 0.7f, 0.3f, 1), "%s", r.first.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.second.c_str());
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace lieride::gui
