#include "ui/panels.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <array>
#include <cstdio>

#include "lieride/sim/registry.hpp"
#include "pilot.hpp"

namespace lieride::gui {

double sliderToStep(float x) { return std::pow(10.0, -4.0 + 4.0 * std::clamp(static_cast<double>(x), 0.0, 1.0)); }
float stepToSlider(double h) { return static_cast<float>((std::log10(std::clamp(h, 1e-4, 1.0)) + 4.0) / 4.0); }

namespace {
std::string integratorDescription(const std::string& vehicle, const std::string& integrator) {
  if (const VehicleInfo* v = findVehicle(vehicle))
    for (const IntegratorInfo& i : v->integrators)
      if (i.name == integrator) return i.description;
  return {};
}

void sectionHint(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.64f, 0.7f, 1.0f));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}
}  // namespace

void scenePanel(AppState& app, const PhysicsFrame& f) {
  const char* current = app.sceneIndex >= 0 && app.sceneIndex < static_cast<int>(app.scenes.size())
                            ? app.scenes[static_cast<std::size_t>(app.sceneIndex)].name.c_str() : "(none)";
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##scene", current)) {
    for (int i = 0; i < static_cast<int>(app.scenes.size()); ++i) {
      const auto& s = app.scenes[static_cast<std::size_t>(i)];
      std::string label = s.name + (s.compare.empty() ? "" : "  (side by side)");
      if (ImGui::Selectable(label.c_str(), i == app.sceneIndex)) app.requestScene = i;
    }
    ImGui::EndCombo();
  }
  if (!app.sceneError.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", app.sceneError.c_str());
  ImGui::Text("Vehicle: %s", app.vehicle.c_str());
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - 50);
  if (ImGui::Button("Reset", ImVec2(58, 0))) app.command(CommandKind::Reset);
  // Transport: pause, step, speed.
  if (ImGui::Button(f.paused ? "  Run  " : "Pause")) app.command(CommandKind::TogglePause);
  ImGui::SameLine();
  ImGui::BeginDisabled(!f.paused);
  if (ImGui::Button("Step")) app.command(CommandKind::Step);
  ImGui::EndDisabled();
  ImGui::SameLine();
  float speed = static_cast<float>(app.settings.speed);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##speed", &speed, 0.1f, 4.0f, "speed %.2fx", ImGuiSliderFlags_Logarithmic)) {
    app.settings.speed = speed;
    Command c = Command::make(CommandKind::SetSpeed);
    c.value[0] = speed;
    app.send(c);
  }
  const bool behind = f.stats.achievedSpeed < 0.9 * f.speed && !f.paused;
  ImGui::TextColored(behind ? ImVec4(1, 0.7f, 0.3f, 1) : ImVec4(0.7f, 0.9f, 0.7f, 1),
                     "real-time factor %.2f achieved / %.2f requested", f.paused ? 0.0 : f.stats.achievedSpeed, f.speed);
  ImGui::Checkbox("Trajectory trails", &app.settings.showTrails);
  ImGui::SameLine();
  ImGui::Checkbox("Plots", &app.showPlots);
  const char* cams[] = {"chase", "orbit", "free"};
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##camera", &app.cameraMode, cams, 3)) app.settings.cameraPerScene[app.sceneName] = app.cameraMode;
}

void integratorPanel(AppState& app, const PhysicsFrame& f) {
  if (f.sims.empty()) return;
  for (std::size_t i = 0; i < f.sims.size(); ++i) {
    const auto& s = f.sims[i];
    ImGui::PushID(static_cast<int>(i));
    if (f.sims.size() > 1) ImGui::TextColored(ImVec4(0.95f, 0.8f, 0.45f, 1), "%s", s.label.c_str());
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##integrator", s.curr.integrator.c_str())) {
      for (const auto& name : s.integrators) {
        if (ImGui::Selectable(name.c_str(), name == s.curr.integrator)) {
          Command c = Command::make(CommandKind::SetIntegrator);
          c.target = static_cast<int>(i);
          c.setName(name);
          app.send(c);
        }
        // The registry's description (as `lieride list` prints it) as the tooltip.
        if (ImGui::IsItemHovered())
          if (const std::string d = integratorDescription(s.curr.vehicle, name); !d.empty())
            ImGui::SetTooltip("%s", d.c_str());
      }
      ImGui::EndCombo();
    }
    if (s.frozen) {
      ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "diverged at t = %.3f s", s.divergedAt);
      if (!s.divergedMessage.empty()) sectionHint(s.divergedMessage.c_str());
    }
    ImGui::PopID();
  }
  float x = stepToSlider(f.h);
  char label[48];
  std::snprintf(label, sizeof label, "h = %.4g s", f.h);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##h", &x, 0.0f, 1.0f, label)) {
    Command c = Command::make(CommandKind::SetTimeStep);
    c.value[0] = sliderToStep(x);
    app.send(c);
  }
  if (f.sims.size() > 1) sectionHint("Both copies share the time step.");
  if (f.sims.front().curr.integrator == "lie-nh") {
    float alpha = static_cast<float>(app.alpha);
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##alpha", &alpha, 0.0f, 1.0f, "alpha = %.2f (restarts)");
    if (ImGui::IsItemDeactivatedAfterEdit()) app.requestAlpha = alpha;
  }
  const auto& s = f.sims.front().curr;
  ImGui::Text("solver: %d iterations, residual %.2e", s.solver.iterations, s.solver.residual);
  if (!s.solver.converged) ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "last solve did not converge");
}

void controlsPanel(AppState& app, const PhysicsFrame& f) {
  if (app.gamepadConnected)
    ImGui::TextColored(ImVec4(0.55f, 0.9f, 0.55f, 1), "Gamepad: %s", app.gamepadName.c_str());
  else
    ImGui::TextColored(ImVec4(0.75f, 0.75f, 0.75f, 1), "Gamepad: none (keyboard active)");
  if (!f.sims.empty() && !f.sims.front().channels.empty()) {
    bool manual = f.sims.front().manual;
    if (ImGui::Checkbox("Manual control", &manual)) {
      Command c = Command::make(CommandKind::SetManual);
      c.flag = manual;
      app.send(c);
    }
    if (!manual) {
      ImGui::SameLine();
      ImGui::TextDisabled("(scripted inputs)");
    }
  }
  if (app.vehicle == "helicopter") {
    if (ImGui::Checkbox("Flight assist (attitude hold + rate damping)", &app.settings.input.assist)) {
      Command c = Command::make(CommandKind::SetAssist);
      c.flag = app.settings.input.assist;
      app.send(c);
    }
  }
  if (ImGui::BeginTable("mapping", 1, ImGuiTableFlags_RowBg)) {
    for (const auto& [input, effect] : Pilot::describe(app.vehicle, app.settings.input.assist)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(0.96f, 0.7f, 0.3f, 1), "%s", input.c_str());
      ImGui::Indent(12);
      ImGui::TextWrapped("%s", effect.c_str());
      ImGui::Unindent(12);
    }
    ImGui::EndTable();
  }
  ImGui::SliderFloat("Dead zone", &app.settings.input.deadZone, 0.0f, 0.5f, "%.2f");
  ImGui::SliderFloat("Expo", &app.settings.input.expo, 0.0f, 1.0f, "%.2f");
  ImGui::Checkbox("Invert left Y", &app.settings.input.invertLeftY);
  ImGui::SameLine();
  ImGui::Checkbox("Invert right Y", &app.settings.input.invertRightY);
  // Live stick positions.
  const PilotAxes& a = app.axes;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float r = 28.0f;
  for (int k = 0; k < 2; ++k) {
    const ImVec2 c(p.x + r + 4 + static_cast<float>(k) * (2 * r + 20), p.y + r + 2);
    dl->AddCircleFilled(c, r, IM_COL32(40, 44, 54, 255));
    dl->AddCircle(c, r * app.settings.input.deadZone, IM_COL32(120, 120, 120, 160));
    const float x = k == 0 ? a.lx : a.rx, y = k == 0 ? a.ly : a.ry;
    dl->AddCircleFilled(ImVec2(c.x + x * r, c.y - y * r), 5.0f, IM_COL32(250, 180, 60, 255));
  }
  for (int k = 0; k < 2; ++k) {
    const float v = k == 0 ? a.lt : a.rt;
    const ImVec2 b0(p.x + 4 * r + 50 + static_cast<float>(k) * 18, p.y + 2);
    dl->AddRectFilled(b0, ImVec2(b0.x + 10, b0.y + 2 * r), IM_COL32(40, 44, 54, 255));
    dl->AddRectFilled(ImVec2(b0.x, b0.y + 2 * r * (1 - v)), ImVec2(b0.x + 10, b0.y + 2 * r), IM_COL32(250, 180, 60, 255));
  }
  ImGui::Dummy(ImVec2(4 * r + 90, 2 * r + 6));
  if (!app.gaits.empty() && !f.sims.empty() && !f.sims.front().manual) {
    ImGui::Separator();
    ImGui::TextDisabled("Scripted inputs (sinusoids)");
    for (auto& g : app.gaits) {
      ImGui::PushID(g.channel);
      ImGui::TextUnformatted(g.name.c_str());
      const double amax = 2.0 * std::max(1.0, std::abs(g.amplitude)), zero = 0.0, fmax = 2.0, pmin = -3.1416, pmax = 3.1416;
      // Applied on release, and the run restarts from the scenario's initial state so the
      // prescribed shape starts consistent with the new gait.
      bool changed = false;
      ImGui::SliderScalar("amplitude", ImGuiDataType_Double, &g.amplitude, &zero, &amax, "%.3f");
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      ImGui::SliderScalar("frequency (Hz)", ImGuiDataType_Double, &g.frequency, &zero, &fmax, "%.3f");
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      ImGui::SliderScalar("phase (rad)", ImGuiDataType_Double, &g.phase, &pmin, &pmax, "%.2f");
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      if (changed) {
        Command c = Command::make(CommandKind::SetSinusoid);
        c.channel = g.channel;
        c.value = {g.amplitude, g.frequency, g.phase, g.offset};
        app.send(c);
        app.command(CommandKind::Reset);
      }
      ImGui::PopID();
    }
  }
  if (!f.sims.empty() && !f.sims.front().channels.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("Inputs applied");
    const auto& s = f.sims.front();
    for (std::size_t i = 0; i < s.channels.size() && i < s.curr.inputs.size(); ++i)
      ImGui::Text("%-14s %10.4g", s.channels[i].c_str(), s.curr.inputs[i]);
  }
}

void diagnosticsPanel(AppState& app, const PhysicsFrame& f) {
  const auto& st = f.stats;
  ImGui::Text("physics rate    %8.0f steps/s", st.physicsRate);
  ImGui::Text("step cost       %8.2f us (max %.1f)", st.stepCostUs, st.stepCostMaxUs);
  ImGui::Text("real-time       %8.2f x (requested %.2f)", f.paused ? 0.0 : st.achievedSpeed, f.speed);
  ImGui::Text("frame time p50  %8.2f ms   p99 %.2f ms", app.frameTimes.percentile(0.5), app.frameTimes.percentile(0.99));
  ImGui::Text("clock re-syncs  %8d   capped bursts %d", st.resyncs, st.burstCapHits);
  ImGui::Text("steps           %8ld", st.totalSteps);
  if (!f.sims.empty()) {
    const auto& s = f.sims.front().curr;
    ImGui::Text("energy          %12.6g J", s.energy);
    ImGui::Text("momentum        %12.6g", s.momentum);
    ImGui::Text("constraint      %12.3e", s.constraint);
  }
}

void plotsPanel(AppState& app, const PhysicsFrame& f) {
  ImGui::SetNextItemWidth(200);
  ImGui::SliderFloat("history", &app.settings.historySeconds, 1.0f, 60.0f, "%.0f s");
  ImGui::SameLine();
  auto& st0 = app.plotStates[0];
  if (ImGui::Checkbox("autofit", &st0.autofit))
    for (auto& s : app.plotStates) s.autofit = st0.autofit;
  ImGui::SameLine();
  if (ImGui::Checkbox("legend", &st0.legend))
    for (auto& s : app.plotStates) s.legend = st0.legend;
  const double window = app.settings.historySeconds;
  const double tNow = app.renderTime;
  const ImU32 colors[] = {IM_COL32(90, 190, 255, 255), IM_COL32(255, 140, 70, 255), IM_COL32(140, 230, 120, 255)};
  struct Def { const char* title; const char* unit; TimeSeries PlotHistory::*member; bool log; };
  const bool planar = app.vehicle == "car" || app.vehicle == "snakeboard" || app.vehicle == "sleigh" || app.vehicle == "np-particle";
  const std::array<Def, 5> defs = {{{"energy", "J", &PlotHistory::energy, false},
                       {"relative energy error", "", &PlotHistory::relEnergyError, true},
                       {planar ? "nonholonomic momentum" : "|spatial momentum|", "", &PlotHistory::momentum, false},
                       {"constraint residual", "m/s", &PlotHistory::constraint, true},
                       {"solver iterations", "", &PlotHistory::iterations, false}}};
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = avail > 900 ? 3 : 2;
  const float w = (avail - static_cast<float>(columns - 1) * 8) / static_cast<float>(columns);
  const float h = std::max(110.0f, (ImGui::GetContentRegionAvail().y - 30) / 2.0f);
  for (int k = 0; k < 5; ++k) {
    if (k % columns != 0) ImGui::SameLine(0, 8);
    ImGui::BeginGroup();
    auto& ps = app.plotStates[static_cast<std::size_t>(k)];
    ImGui::TextUnformatted(defs[static_cast<std::size_t>(k)].title);
    ImGui::SameLine(w - 52);
    ImGui::PushID(k);
    ImGui::Checkbox("log", &ps.logY);
    std::vector<PlotLine> lines;
    std::vector<PlotMarker> markers;
    for (std::size_t i = 0; i < app.plots.size() && i < f.sims.size(); ++i) {
      const std::string name = f.sims.size() > 1 ? f.sims[i].label : f.sims[i].curr.integrator;
      lines.push_back({name, colors[i % 3], &(app.plots[i].*defs[static_cast<std::size_t>(k)].member)});
      markers.insert(markers.end(), app.plots[i].markers.begin(), app.plots[i].markers.end());
    }
    plotWidget(defs[static_cast<std::size_t>(k)].title, ImVec2(w, h), lines, markers, tNow, window, defs[static_cast<std::size_t>(k)].unit, ps);
    ImGui::PopID();
    ImGui::EndGroup();
  }
}

void drawPanels(AppState& app, const PhysicsFrame& f) {
  app.viewLeft = app.viewBottom = 0;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float sidebar = 360.0f * ImGui::GetIO().FontGlobalScale;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(260, vp->WorkSize.y), ImVec2(vp->WorkSize.x * 0.5f, vp->WorkSize.y));
  ImGui::SetNextWindowSize(ImVec2(sidebar, vp->WorkSize.y), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the 3-D view is not drawn under it
  if (ImGui::Begin("lieride", nullptr, ImGuiWindowFlags_NoMove)) {
    if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) scenePanel(app, f);
    if (ImGui::CollapsingHeader("Integrator", ImGuiTreeNodeFlags_DefaultOpen)) integratorPanel(app, f);
    if (ImGui::CollapsingHeader("Controls", ImGuiTreeNodeFlags_DefaultOpen)) controlsPanel(app, f);
    if (ImGui::CollapsingHeader("Diagnostics", ImGuiTreeNodeFlags_DefaultOpen)) diagnosticsPanel(app, f);
  }
  app.viewLeft = ImGui::IsWindowCollapsed() ? 0.0f : ImGui::GetWindowPos().x + ImGui::GetWindowSize().x;
  ImGui::End();
  app.viewBottom = 0;
  if (app.showPlots) {
    const float x = vp->WorkPos.x + sidebar + 8;
    const float height = std::min(300.0f, vp->WorkSize.y * 0.4f);
    ImGui::SetNextWindowPos(ImVec2(x, vp->WorkPos.y + vp->WorkSize.y - height - 8), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - sidebar - 16, height), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.9f);
    if (ImGui::Begin("Plots", &app.showPlots)) plotsPanel(app, f);
    if (!ImGui::IsWindowCollapsed()) app.viewBottom = ImGui::GetWindowPos().y;
    ImGui::End();
  }
}

}  // namespace lieride::gui
