// The compact per-vehicle read-out at the bottom of the 3-D view: what a pilot or driver needs
// at a glance, as the vehicle's view writes it (VehicleView::hud).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/optimize_panel.hpp"
#include "ui/panels.hpp"

namespace lieride::gui {

std::string scriptedHint(const PhysicsFrame& f) {
  if (f.sims.empty() || f.sims.front().channels.empty() || f.sims.front().manual || f.take.playing) return "";
  return "scripted: tick Manual control (Controls) to drive";
}

// The scripted hint, or where the scene's script cannot be taken over (a snakeboard gait): the
// gait sliders instead of a Manual control that is greyed out.
static std::string scriptedHintFor(const AppState& app, const PhysicsFrame& f) {
  std::string hint = scriptedHint(f);
  if (hint.empty() || !app.view) return hint;
  std::vector<std::string> scripted;
  for (const auto& g : app.gaits) scripted.push_back(g.name);
  return app.view->manualUnavailable(scripted).empty() ? hint : "scripted gait: change it in the Controls panel";
}

void drawVehicleHud(AppState& app, const PhysicsFrame& f) {
  if (f.sims.empty() || !app.view) return;
  std::vector<std::string> lines = app.view->hud(f.sims.front().curr);
  // Side by side the read-out is copy 1's (the chase camera follows it): said, in its colour.
  const bool named = f.sims.size() > 1 && !lines.empty();
  if (named) lines.insert(lines.begin(), copyLegend(f, 0, f.sims.front().curr.integrator) + ":");
  char end[128] = "";
  if (app.pausedAtScriptEnd && f.paused)
    std::snprintf(end, sizeof end, "end of the scripted run (%.3g s): Space runs on, Backspace replays", app.scriptEnd);
  // A problem scene before Play: its inputs are zero until the optimal controls play.
  const bool problemScene = app.optimize && app.optimize->waitingForPlay();
  const bool optimalPlay = app.optimize && app.optimize->playing();
  // Run on past the plan's end, the vehicle runs open loop: not the optimal controls. The
  // helicopter's last inputs held drift it off its pad and down (nothing corrects it), the
  // car's zero inputs leave it at rest.
  char pastPlan[200] = "";
  if (optimalPlay && app.optimize->atPlanEnd(f))
    std::snprintf(pastPlan, sizeof pastPlan, "end of the plan (%.3g s): Space or Backspace plays it again", app.optimize->playHorizon());
  else if (optimalPlay && f.sims.front().curr.t > app.optimize->playHorizon() + 1e-9)
    std::snprintf(pastPlan, sizeof pastPlan, "past the plan's end (%.3g s): %s; Backspace replays the plan",
                  app.optimize->playHorizon(),
                  app.optimize->pastEndHolds() ? "the inputs hold their last values, open loop (nothing corrects a drift)"
                                               : "the inputs are zero from there on");
  const std::string hint = end[0]          ? std::string(end)
                           : problemScene && app.optimize->solved()
                               ? std::string("solved: Play (Optimize panel, or Space) runs the optimal controls")
                           : problemScene ? std::string("Optimize panel: Solve, then Play (or Space) runs the optimal "
                                                        "controls; until then the inputs are zero")
                           : pastPlan[0]  ? std::string(pastPlan)
                           : optimalPlay  ? std::string("the optimal controls, run by the physics (Optimize panel)")
                                          : scriptedHintFor(app, f);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float w = 0;
  for (const auto& t : lines) w = std::max(w, ImGui::CalcTextSize(t.c_str()).x);
  // The hint wraps to at most about half the 3-D view (at least the read-out's width): in a small
  // window one long line covered half the view.
  const std::size_t readout = lines.size();
  if (!hint.empty()) {
    const float room = std::max(w, 0.45f * (vp->WorkSize.x - app.viewLeft));
    for (const std::string& l : wrapAtSpaces(hint, room))
      lines.push_back(l);
  }
  if (lines.empty()) return;
  ImDrawList* fg = ImGui::GetBackgroundDrawList();  // behind every window: tooltips and popups cover it
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  for (std::size_t i = readout; i < lines.size(); ++i) w = std::max(w, ImGui::CalcTextSize(lines[i].c_str()).x);
  const float bottom = app.viewBottom > 0 ? app.viewBottom - 10 : vp->WorkPos.y + vp->WorkSize.y - 30;
  const ImVec2 p(vp->WorkPos.x + app.viewLeft + 14, bottom - lh * static_cast<float>(lines.size()));
  fg->AddRectFilled(ImVec2(p.x - 8, p.y - 6), ImVec2(p.x + w + 8, bottom + 2), IM_COL32(16, 18, 22, 190), 6);
  app.hudRect = {p.x - 8, p.y - 6, p.x + w + 8, bottom + 2};
  for (std::size_t i = 0; i < lines.size(); ++i)
    fg->AddText(ImVec2(p.x, p.y + lh * static_cast<float>(i)),
                i >= readout ? IM_COL32(255, 200, 90, 255) : named && i == 0 ? copyColor(0) : IM_COL32(230, 232, 238, 255),
                lines[i].c_str());
}

}  // namespace lieride::gui
