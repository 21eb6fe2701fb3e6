// The Plots window: energy, energy balance, momentum, constraint residual and solver
// iterations per vehicle and integrator stretch, the vehicle's own diagnostics, the copies'
// deviation, one shared legend (docs/app.md "Panels").
#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "ui/panels.hpp"
#include "ui/plot.hpp"

namespace lieride::gui {

void plotsPanel(AppState& app, const PhysicsFrame& f) {
  // The header's checkboxes go on the next line where the window is too narrow for them (an
  // 800 px wide app window cut "legend" at the Plots window's edge).
  auto sameLineIfFits = [](const char* checkboxLabel) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(checkboxLabel).x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
  };
  ImGui::SetNextItemWidth(200);
  if (ImGui::SliderFloat("history", &app.settings.historySeconds, 1.0f, 60.0f, "%.0f s")) app.settingsDirty = true;
  sameLineIfFits("autofit");
  auto& st0 = app.plotStates[0];
  if (ImGui::Checkbox("autofit", &st0.autofit))
    for (auto& s : app.plotStates) s.autofit = st0.autofit;
  tooltip("Fit the y axis to the visible data (never closer than 0.1 % of the value). Off: keep the current range.");
  sameLineIfFits("legend");
  if (ImGui::Checkbox("legend", &st0.legend))
    for (auto& s : app.plotStates) s.legend = st0.legend;
  const double window = app.settings.historySeconds;
  const double tNow = app.renderTime;
  struct Def { const char* title; const char* logTitle; const char* unit; TimeSeries PlotSegment::*member; const char* help; };
  const bool planar = app.view && app.view->traits().nonholonomic;
  const bool constrained = hasConstraints(app.view.get());
  const bool momentum = hasMomentumPlot(app.view.get());
  const std::array<Def, 5> defs = {{
      {"energy E", "energy E", "J", &PlotSegment::energy, "Kinetic plus potential energy of the state at t (gravity, buoyancy, the skids' springs)."},
      {"energy balance E - E(0) - W", "|E - E(0) - W|", "J", &PlotSegment::balance,
       "E(t) - E(0) - W(t), W the work of the inputs and of drag, friction and waves (integrated alongside). "
       "Zero for the exact motion, so what is plotted is the integrator's energy error, driven or not."},
      {planar ? "nonholonomic momentum" : "|spatial momentum|", nullptr, "", &PlotSegment::momentum,
       planar ? "The momentum along the symmetry the constraints leave (docs/nonholonomic.md): it evolves by the momentum equation."
              : "|(p, L)| of the spatial momentum: conserved by a free body, changed by forces and inputs."},
      {"constraint residual", nullptr, "m/s", &PlotSegment::constraint,
       "Largest violation of the velocity constraints (no-slip wheels, skates)."},
      {"solver iterations", nullptr, "", &PlotSegment::iterations,
       "Newton iterations of the implicit step (0 for explicit schemes and for a step with nothing to solve)."}}};
  // Every vehicle's integrator stretches: one name and colour each. Copies wear their trail's
  // colour; earlier integrators of a copy a pale tint of it (dimmed by transparency, "copy 2:
  // rk2" and "copy 2: rk4" read as the same blue).
  auto stretchColor = [&](std::size_t i, std::size_t j) {
    const auto& segs = app.plots[i].segments;
    const bool copies = f.sims.size() > 1;
    ImU32 color = copies ? copyColor(i) : seriesColor(i, segs[j].integrator, f.sims[i].integrators);
    if (copies && j + 1 < segs.size()) {
      auto pale = [&](unsigned shift) {
        const unsigned c = (color >> shift) & 0xFFu;
        return ((c + 2u * 255u) / 3u) << shift;
      };
      color = pale(IM_COL32_R_SHIFT) | pale(IM_COL32_G_SHIFT) | pale(IM_COL32_B_SHIFT) | (200u << IM_COL32_A_SHIFT);
    }
    return color;
  };
  // One legend above the plots while there is more than one curve: the same entries in each
  // short plot covered half of it (two rows of four names at the default window size). A click
  // hides or shows that curve in every plot.
  std::vector<std::pair<std::string, ImU32>> entries;
  for (std::size_t i = 0; i < app.plots.size() && i < f.sims.size(); ++i)
    for (std::size_t j = 0; j < app.plots[i].segments.size(); ++j) {
      const std::string name = copyLegend(f, i, app.plots[i].segments[j].integrator);
      if (std::none_of(entries.begin(), entries.end(), [&](const auto& e) { return e.first == name; }))
        entries.emplace_back(name, stretchColor(i, j));
    }
  const bool shared = st0.legend && entries.size() > 1;
  for (std::size_t k = 0; k < 5; ++k) app.plotStates[k].legendAbove = shared;
  if (shared) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (std::size_t e = 0; e < entries.size(); ++e) {
      const auto& [name, color] = entries[e];
      const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
      const ImVec2 size(ts.x + 24, ts.y + 2);
      if (e > 0) {
        ImGui::SameLine(0, 10);
        if (ImGui::GetCursorScreenPos().x + size.x > right) ImGui::NewLine();
      }
      ImGui::PushID(static_cast<int>(e));
      const bool hidden = app.plotStates[0].isHidden(name);
      if (ImGui::InvisibleButton("##legend", size)) {
        for (std::size_t k = 0; k < 5; ++k) {
          auto& h = app.plotStates[k].hidden;
          if (hidden) h.erase(std::remove(h.begin(), h.end(), name), h.end());
          else if (std::find(h.begin(), h.end(), name) == h.end()) h.push_back(name);
        }
      }
      const ImVec2 p = ImGui::GetItemRectMin();
      if (ImGui::IsItemHovered()) dl->AddRectFilled(p, ImGui::GetItemRectMax(), IM_COL32(60, 66, 80, 230), 3.0f);
      dl->AddRectFilled(ImVec2(p.x + 2, p.y + size.y * 0.5f - 2), ImVec2(p.x + 16, p.y + size.y * 0.5f + 2),
                        hidden ? IM_COL32(110, 110, 110, 255) : color);
      dl->AddText(ImVec2(p.x + 20, p.y + 1), hidden ? IM_COL32(120, 120, 120, 255) : IM_COL32(225, 228, 235, 255), name.c_str());
      ImGui::PopID();
    }
    tooltip("Click a name to hide or show its curve in every plot.");
  }
  const float avail = ImGui::GetContentRegionAvail().x;
  // Three columns from 760 px: at 1280 x 720 the five plots then fit two rows (the third row of
  // two columns needed scrolling).
  const int columns = avail > 760 ? 3 : 2;
  const float w = (avail - static_cast<float>(columns - 1) * 8) / static_cast<float>(columns);
  // Two rows of cells fit the window, each plot under its title line (the default 1280 x 720
  // window cut the second row in half with a 110 px floor); below 80 px the window scrolls.
  const float titleLine = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  const float h = std::max(80.0f, (ImGui::GetContentRegionAvail().y - 2.0f * titleLine - 6.0f) / 2.0f);
  double scale = 1.0;
  for (const auto& p : app.plots) scale = std::max(scale, p.energyScale);
  // Cells fill the rows left to right; a vehicle's own diagnostics come first.
  int drawn = 0;
  // The vehicle's own diagnostics: the controlled sleigh's costates, H and phi_d (docs/retraction.md).
  if (!f.sims.empty() && !app.plots.empty() && !f.sims[0].curr.extraNames.empty()) {
    const auto& names = f.sims[0].curr.extraNames;
    const auto& series = app.plots[0].extras;
    struct ExtraPlot { const char* title; const char* unit; const char* help; bool (*takes)(const std::string&); };
    static const ExtraPlot extraPlots[] = {
        {"costates p", "", "The Pontryagin costates carried with the state: the inputs are u1 = p_2, u2 = p_1.",
         [](const std::string& n) { return n.rfind("p_", 0) == 0; }},
        {"Hamiltonian H", "", "The PMP Hamiltonian 1/2 (p_1^2 + p_2^2) + p_theta z1 / J + (p_x cos + p_y sin) z2 / m: a symplectic scheme keeps it bounded.",
         [](const std::string& n) { return n == "H"; }},
        {"discrete constraint phi_d", "m", "Eq. (9) of the step: (x_k+1 - x_k) sin(theta_mid) - (y_k+1 - y_k) cos(theta_mid); the retraction midpoint keeps it at round-off.",
         [](const std::string& n) { return n == "phi_d"; }}};
    static const ImU32 palette[] = {IM_COL32(255, 140, 26, 255), IM_COL32(51, 191, 255, 255), IM_COL32(153, 255, 102, 255),
                                    IM_COL32(235, 110, 200, 255), IM_COL32(250, 215, 90, 255)};
    for (std::size_t k = 0; k < 3; ++k) {
      std::vector<PlotLine> lines;
      for (std::size_t i = 0; i < names.size() && i < series.size(); ++i)
        if (extraPlots[k].takes(names[i])) lines.push_back({names[i], palette[lines.size() % 5], &series[i]});
      if (lines.empty()) continue;
      if (drawn % columns != 0) ImGui::SameLine(0, 8);
      ++drawn;
      ImGui::BeginGroup();
      ImGui::TextUnformatted(extraPlots[k].title);
      tooltip(extraPlots[k].help);
      ImGui::PushID(100 + static_cast<int>(k));
      auto& ps = app.extraPlotStates[k];
      ps.minSpan = 1e-9;
      plotWidget(extraPlots[k].title, ImVec2(w, h), lines, {}, tNow, window, extraPlots[k].unit, ps);
      ImGui::PopID();
      ImGui::EndGroup();
    }
  }
  for (int k = 0; k < 5; ++k) {
    const auto& def = defs[static_cast<std::size_t>(k)];
    if (def.member == &PlotSegment::constraint && !constrained) continue;  // no constraint: no plot of a residual of 0
    if (def.member == &PlotSegment::momentum && !momentum) continue;       // no symmetry left: no momentum to plot
    if (drawn % columns != 0) ImGui::SameLine(0, 8);
    ++drawn;
    ImGui::BeginGroup();
    auto& ps = app.plotStates[static_cast<std::size_t>(k)];
    const char* title = ps.logY && def.logTitle ? def.logTitle : def.title;
    ImGui::TextUnformatted(title);
    tooltip(def.help);
    // At the plot's right edge, or after the title where the plot is narrower than both.
    ImGui::SameLine(std::max(w - 52, ImGui::CalcTextSize(title).x + 10));
    ImGui::PushID(k);
    if (ImGui::Checkbox("log", &ps.logY)) {
      app.settings.plotLog[static_cast<std::size_t>(k)] = ps.logY;
      app.settingsDirty = true;
    }
    // Spans and floors in proportion to the energy: round-off of a 1500 J state is 1e-13 J.
    if (k == 0 || k == 1) {
      ps.minSpan = 1e-9 * scale;
      ps.floor = 1e-16 * scale;
    } else if (k == 4) {
      ps.minSpan = 2.0;
    }
    // Counts and magnitudes: the axis starts at 0 (a flat 0 read -1 to 1, or -5e-10 to 5e-10).
    ps.nonNegative = k == 4 || (k == 2 && !planar) || k == 3;
    std::vector<PlotLine> lines;
    std::vector<PlotMarker> markers;
    for (std::size_t i = 0; i < app.plots.size() && i < f.sims.size(); ++i) {
      const auto& segs = app.plots[i].segments;
      for (std::size_t j = 0; j < segs.size(); ++j) {
        const auto& g = segs[j];
        // A diverged copy's last stretch is left out of autofit (the others still frame it).
        const bool fit = !f.sims[i].frozen || j + 1 < segs.size();
        lines.push_back({copyLegend(f, i, g.integrator), stretchColor(i, j), &(g.*def.member), fit});
      }
      markers.insert(markers.end(), app.plots[i].markers.begin(), app.plots[i].markers.end());
    }
    plotWidget(def.title, ImVec2(w, h), lines, markers, tNow, window, def.unit, ps);
    ImGui::PopID();
    ImGui::EndGroup();
  }
  if (f.sims.size() > 1 && app.deviation.size() == f.sims.size()) {
    // Deviation between copies: same start, same h, so this is the integrators' disagreement.
    if (drawn % columns != 0) ImGui::SameLine(0, 8);
    ImGui::BeginGroup();
    ImGui::TextUnformatted(f.take.playing ? "deviation from the take" : "deviation from copy 1");
    tooltip("|x_i(t) - x_1(t)|: distance between each copy and the first, at the same simulated time.");
    std::vector<PlotLine> lines;
    for (std::size_t i = 1; i < f.sims.size(); ++i)
      lines.push_back({copyLegend(f, i, f.sims[i].curr.integrator), copyColor(i), &app.deviation[i]});
    app.deviationState.minSpan = 1e-6;
    plotWidget("deviation", ImVec2(w, h), lines, {}, tNow, window, "m", app.deviationState);
    ImGui::EndGroup();
  }
}

}  // namespace lieride::gui
