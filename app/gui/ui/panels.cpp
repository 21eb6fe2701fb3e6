#include "ui/panels.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <array>
#include <cstdio>
#include <vector>
#include <string>
#include <functional>
#include <cstdlib>

#include "lieride/sim/registry.hpp"
#include "pilot.hpp"

namespace lieride::gui {

// A time step from a slider (dragged, or typed after Ctrl+click) to three significant digits:
// a drag lands on h = 0.00985 s, not 0.009853 (shown, remembered and recorded as typed, the
// same in the panel and the caption), and a typed 0.005 is the double nearest 0.005, not
// float 0.005's 0.00499999988. Clamped to [1e-4, 1] s.
double roundedStep(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", std::clamp(static_cast<double>(value), 1e-4, 1.0));
  return std::strtod(text, nullptr);
}

std::string divergenceReason(const std::string& message) {
  const std::string prefix = "diverged at t = ";
  const std::size_t colon = message.find(": ");
  if (message.rfind(prefix, 0) != 0 || colon == std::string::npos) return message;
  return "in the step to t = " + message.substr(prefix.size(), colon - prefix.size()) + " s: " + message.substr(colon + 2);
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && text && *text) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

const char* integratorSummary(const std::string& n) {
  if (n == "lie-exp") return "Variational Lie group (exp map, exact dexp^-1): momentum exact, energy bounded, 2nd order; a Newton solve per step (~2.5 us).";
  if (n == "lie-cay") return "Variational Lie group (Cayley map): momentum exact, energy bounded, 2nd order; a cheap Newton solve per step (~1.2 us).";
  if (n == "lie-exp-tln") return "Variational Lie group (exp, trapezoidal C_TLN): energy bounded, momentum drifts, 2nd order; Newton per step.";
  if (n == "lie-cay-tln") return "Variational Lie group (Cayley, C_TLN, Appendix A): momentum exact, energy bounded, 2nd order; explicit for free bodies (~0.5 us).";
  if (n == "rk4") return "Classical Runge-Kutta: conserves nothing exactly, energy drifts at large h, 4th order; 4 force evaluations (~0.6 us).";
  if (n == "rk2") return "Explicit midpoint: conserves nothing, 2nd order; 2 force evaluations, unstable at large h.";
  if (n == "rk2-implicit") return "Implicit midpoint on the dynamics: conserves nothing exactly, 2nd order; a Newton solve per step.";
  if (n == "euler") return "Explicit Euler: conserves nothing, gains energy, 1st order; 1 force evaluation. The baseline that fails first.";
  if (n == "lie-newmark") return "Krysl-Endres Lie-Newmark on SE(3): on the group, no momentum guarantee, 2nd order; a Newton solve per step.";
  if (n == "lie-nh") return "Nonholonomic Lie group integrator (Kobilarov et al. Eqs. 16-17): constraints exact, nonholonomic momentum well behaved, 2nd order; explicit for car and snakeboard.";
  if (n == "lie-nh-general") return "The general implicit form of Eqs. 16-17: constraints exact, 2nd order; a Newton solve per step.";
  if (n == "nh-reflect") return "Ferraro et al. reflection scheme: constraints exact, 2nd order; explicit (a projection per step).";
  if (n == "nh-rattle") return "Ferraro et al. nonholonomic RATTLE: constraints exact, 2nd order; a linear solve per step.";
  if (n == "dla") return "Discrete Lagrange-d'Alembert (Cortes-Martinez): discrete constraints exact, 2nd order; Newton on the multipliers.";
  return "";
}

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
  // A scene from outside the menu (a file opened, a description, a problem's optimal controls):
  // its own name.
  const std::string& fileLabel = app.sceneName;
  const char* current = app.sceneIndex >= 0 && app.sceneIndex < static_cast<int>(app.scenes.size())
                            ? app.scenes[static_cast<std::size_t>(app.sceneIndex)].name.c_str()
                            : fileLabel.c_str();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##scene", current, ImGuiComboFlags_HeightLargest)) {  // every scene without scrolling
    for (int i = 0; i < static_cast<int>(app.scenes.size()); ++i) {
      const auto& s = app.scenes[static_cast<std::size_t>(i)];
      std::string label = s.name + (s.compare.empty() ? "" : "  (side by side)");
      if (ImGui::Selectable(label.c_str(), i == app.sceneIndex)) {
        app.requestScene = i;
        app.openPath.clear();  // the path field named the file opened before
      }
    }
    ImGui::EndCombo();
  }
  tooltip("Every scenario in assets/scenes plus the app's own scenes. Open any scenario TOML below.");
  // Open scene: a path field (Enter loads) and the recent files.
  {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%s", app.openPath.c_str());
    ImGui::SetNextItemWidth(-66);
    if (ImGui::InputTextWithHint("##open", "scenario, take or vehicle .toml", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue))
      app.requestOpen = buf;
    app.openPath = buf;
    tooltip("Path of a scenario, a take or a vehicle description TOML (docs/formats.md; a description opens its\n"
            "vehicle at rest, driven from the Controls panel); Enter or Open loads it.");
    ImGui::SameLine();
    if (ImGui::Button("Open", ImVec2(58, 0)) && !app.openPath.empty()) app.requestOpen = app.openPath;
    if (!app.settings.recentFiles.empty()) {
      ImGui::SetNextItemWidth(-1);
      if (ImGui::BeginCombo("##recent", "recent files")) {
        for (const auto& r : app.settings.recentFiles)
          if (ImGui::Selectable(r.c_str())) app.requestOpen = r;
        ImGui::EndCombo();
      }
    }
  }
  if (!app.sceneError.empty()) textWrappedColored(ImVec4(1, 0.4f, 0.35f, 1), app.sceneError);
  ImGui::Text("Vehicle: %s", app.view ? app.view->title().c_str() : app.vehicle.c_str());
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - 50);
  if (ImGui::Button("Reset", ImVec2(58, 0))) app.resetScene();
  tooltip("Back to the scene's start, with its own h and integrator (Backspace).");
  // Transport: pause, step, speed.
  if (ImGui::Button(f.paused ? "  Run  " : "Pause")) app.runOrPause(f.paused);
  ImGui::SameLine();
  ImGui::BeginDisabled(!f.paused);
  if (ImGui::Button("Step")) app.command(CommandKind::Step);
  ImGui::EndDisabled();
  ImGui::SameLine();
  float speed = static_cast<float>(app.settings.speed);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##speed", &speed, 0.1f, 4.0f, "speed %.2fx", ImGuiSliderFlags_Logarithmic)) {
    app.settings.speed = speed;
    app.settingsDirty = true;
    Command c = Command::make(CommandKind::SetSpeed);
    c.value[0] = speed;
    app.send(c);
  }
  const bool behind = f.stats.measured && f.stats.achievedSpeed < 0.9 * f.speed && !f.paused;
  const ImVec4 colour = f.paused ? ImVec4(0.75f, 0.75f, 0.75f, 1) : behind ? ImVec4(1, 0.7f, 0.3f, 1) : ImVec4(0.7f, 0.9f, 0.7f, 1);
  textWrappedColored(colour, realTimeText(f));  // wraps in a narrow sidebar ("/ 4.00 request" was cut)
  tooltip("Simulated seconds per wall-clock second, achieved (the clock the picture follows) and requested. "
          "Orange when the physics cannot keep up.");

  if (ImGui::Checkbox("Trajectory trails", &app.settings.showTrails)) app.settingsDirty = true;
  ImGui::SameLine();
  ImGui::Checkbox("Plots", &app.showPlots);
  const char* cams[] = {"chase", "orbit", "free"};
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##camera", &app.cameraMode, cams, 3)) {
    app.settings.cameraPerScene[app.sceneName] = app.cameraMode;
    app.settingsDirty = true;
  }
  tooltip("Chase follows the vehicle; orbit: drag to turn, wheel to zoom (remembered per scene); free: drag to look, wheel to move.");
}

std::string realTimeText(const PhysicsFrame& f) {
  if (f.paused) return "paused";
  char text[80];
  // The first window (at least half a second, 2.5 h at a large h) has not ended: no figure yet,
  // rather than an orange "0.00 achieved" at every start.
  if (!f.stats.measured) {
    std::snprintf(text, sizeof text, "real-time factor: measuring / %.2f requested", f.speed);
    return text;
  }
  std::snprintf(text, sizeof text, "real-time factor %.2f achieved / %.2f requested", f.stats.achievedSpeed, f.speed);
  return text;
}

std::string copyLegend(const PhysicsFrame& f, std::size_t i, const std::string& integrator) {
  if (f.take.playing && i < f.sims.size()) {
    if (i == 0) return "take (" + integrator + ")";
    // A ghost's label is "ghost NAME" or "ghost NAME, h = S s" (take_scene.cpp): keep its h.
    const std::string& label = f.sims[i].label;
    const auto comma = label.find(',');
    return "ghost (" + integrator + (comma == std::string::npos ? "" : label.substr(comma)) + ")";
  }
  if (f.sims.size() > 1) return "copy " + std::to_string(i + 1) + ": " + integrator;
  return integrator;
}

bool hasConstraints(const VehicleView* view) {
  return view && view->traits().nonholonomic && view->traits().constrained;
}

bool hasMomentumPlot(const VehicleView* view) {
  return !view || !view->traits().nonholonomic || view->traits().hasMomentum;
}

bool assistFlying(const PhysicsFrame& f) {
  return f.assist && std::any_of(f.sims.begin(), f.sims.end(), [](const SimView& v) { return v.manual; });
}

void integratorPanel(AppState& app, const PhysicsFrame& f) {
  if (f.sims.empty()) return;
  for (std::size_t i = 0; i < f.sims.size(); ++i) {
    const auto& s = f.sims[i];
    ImGui::PushID(static_cast<int>(i));
    if (f.sims.size() > 1) {
      const ImVec4 c = ImGui::ColorConvertU32ToFloat4(copyColor(i));
      ImGui::TextColored(c, "%s, h = %.3g s", copyLegend(f, i, s.curr.integrator).c_str(), s.curr.h);
    }
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##integrator", s.curr.integrator.c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const auto& name : s.integrators) {
        if (ImGui::Selectable(name.c_str(), name == s.curr.integrator)) {
          Command c = Command::make(CommandKind::SetIntegrator);
          c.target = static_cast<int>(i);
          c.setName(name);
          app.send(c);
          if (i == 0 && f.sims.size() == 1) {
            app.settings.integratorPerScene[app.sceneName] = name;
            app.settingsDirty = true;
          }
        }
        // One line (what it conserves, its order, its cost), then the registry's description
        // as `lieride list` prints it (with the coupled schemes' speed-dependent inertia).
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
          std::string text = integratorSummary(name);
          if (const std::string d = integratorDescription(s.curr.vehicle, name); !d.empty())
            text += (text.empty() ? "" : "\n\n") + d;
          tooltip(text.c_str());
        }
      }
      ImGui::EndCombo();
    }
    tooltip(integratorSummary(s.curr.integrator));
    if (s.frozen) {
      ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "diverged at t = %.3f s", s.divergedAt);
      if (!s.divergedMessage.empty()) sectionHint(divergenceReason(s.divergedMessage).c_str());
      sectionHint("Pick another integrator to continue from the last good state (at a large h, lower h first: "
                  "a structure-preserving scheme can fail there too), or Reset.");
    }
    ImGui::PopID();
  }
  // h applies live while dragging (quietly); the release sends one "h from -> to" marker.
  // A logarithmic slider over h itself, so that a value typed after Ctrl+click is h.
  auto x = static_cast<float>(f.h);
  ImGui::SetNextItemWidth(-1);
  const bool moved = ImGui::SliderFloat("##h", &x, 1e-4f, 1.0f, "h = %.3g s", ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemActivated()) app.hDragFrom = f.h;
  if (moved) {
    Command c = Command::make(CommandKind::SetTimeStep);
    c.value[0] = roundedStep(x);
    c.flag = true;  // quiet
    app.send(c);
  }
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    Command c = Command::make(CommandKind::SetTimeStep);
    c.value[0] = roundedStep(x);
    c.value[1] = app.hDragFrom;
    app.send(c);
    app.settings.stepPerScene[app.sceneName] = c.value[0];
    app.settingsDirty = true;
  }
  tooltip("The fixed time step h of every integrator (log scale, 1e-4 to 1 s; keys [ and ]; Ctrl+click to type h in s). "
          "Symplectic Lie group integrators stay bounded at large h where Runge-Kutta drifts or diverges.");
  if (f.sims.size() > 1) sectionHint("This slider sets h for every copy; a copy added with its own h keeps it until then.");
  if (f.stats.controlSubsteps > 1) {
    char note[400];
    std::snprintf(note, sizeof note,
                  "Pilot feedback at 100 Hz: each step of h = %.3g s runs as %d sub-steps of %.3g s. The flight "
                  "assist (or the car's steering servo) reads the state and holds its inputs over a step; held "
                  "for a long h that sampled loop goes unstable with ANY integrator. Turn the assist off to run "
                  "the integrator itself at h.",
                  f.h, f.stats.controlSubsteps, f.h / f.stats.controlSubsteps);
    textWrappedColored(ImVec4(1, 0.75f, 0.35f, 1), note);  // wraps: TextColored ran off the sidebar
  } else if (const std::string w = app.view ? app.view->stepWarning(assistFlying(f), f.h) : std::string(); !w.empty()) {
    textWrappedColored(ImVec4(1, 0.75f, 0.35f, 1), w);
  }
  if (!f.sims.empty() && f.sims.size() < 3 && !app.scenes.empty()) {
    // Side by side: a copy of this scene run by another integrator, drawn next to it. Its
    // own row's label: unlabelled, the list read as a second choice of this run's integrator.
    ImGui::TextDisabled("Compare with a copy:");
    ImGui::SetNextItemWidth(150);
    const auto& names = f.sims.front().integrators;
    if (app.copyIntegrator.empty() || std::find(names.begin(), names.end(), app.copyIntegrator) == names.end())
      for (const auto& n : names)
        if (n != f.sims.front().curr.integrator) { app.copyIntegrator = n; break; }
    if (ImGui::BeginCombo("##copy", app.copyIntegrator.c_str())) {
      for (const auto& n : names) {
        if (ImGui::Selectable(n.c_str(), n == app.copyIntegrator)) app.copyIntegrator = n;
        tooltip(integratorSummary(n));
      }
      ImGui::EndCombo();
    }
    tooltip("The integrator of the copy to add (this run keeps its own).");
    ImGui::SameLine();
    // Until its own slider is moved the copy's h follows the h in use ([ and ] too); 0 pending:
    // the take's own h (ghost copy).
    if ((app.copyStep <= 0 || !app.copyStepChosen) && app.requestCopy < 0) app.copyStep = f.h;
    auto cx = static_cast<float>(app.copyStep);
    ImGui::SetNextItemWidth(80);
    if (ImGui::SliderFloat("##copyh", &cx, 1e-4f, 1.0f, "h %.3g", ImGuiSliderFlags_Logarithmic)) {
      app.copyStep = roundedStep(cx);
      app.copyStepChosen = true;
    }
    tooltip("The new copy's own time step (log scale; Ctrl+click to type h in s).");
    ImGui::SameLine();
    if (ImGui::Button("Add copy")) app.requestCopy = 1;
    tooltip("Restart the scene with a second (or third) copy run by this integrator, side by side: labelled, "
            "own trail colour, overlaid plots and a deviation plot.");
  }
  if (f.sims.front().curr.integrator == "lie-nh") {
    float alpha = static_cast<float>(app.alpha);
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##alpha", &alpha, 0.0f, 1.0f, "lie-nh alpha = %.2f (restarts)");
    if (ImGui::IsItemDeactivatedAfterEdit()) app.requestAlpha = alpha;
    tooltip("lie-nh's alpha ([integrator] alpha, docs/nonholonomic.md): the constraints of a step hold at the "
            "shape r_k + alpha (r_k+1 - r_k); 0.5 is the midpoint. A change restarts the scene.");
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
  std::vector<std::string> scripted;
  for (const auto& g : app.gaits) scripted.push_back(g.name);
  const std::string unavailable = app.view && !f.take.playing ? app.view->manualUnavailable(scripted) : "";
  if (!unavailable.empty() && !f.sims.empty() && !f.sims.front().manual) {
    ImGui::BeginDisabled();
    bool off = false;
    ImGui::Checkbox("Manual control", &off);
    ImGui::EndDisabled();
    sectionHint(unavailable.c_str());
  } else if (!f.sims.empty() && !f.sims.front().channels.empty()) {
    bool manual = f.sims.front().manual;
    if (ImGui::Checkbox("Manual control", &manual)) {
      Command c = Command::make(CommandKind::SetManual);
      c.flag = manual;
      app.send(c);
      // Paused at the end of the script: taking over runs on (the keys seemed dead until Space).
      if (manual && app.pausedAtScriptEnd && f.paused) {
        app.pausedAtScriptEnd = false;
        app.command(CommandKind::TogglePause);
      }
    }
    if (!manual) {
      ImGui::SameLine();
      ImGui::TextDisabled("(scripted inputs)");
    }
  }
  if (app.view && app.view->traits().hasAssist) {
    if (ImGui::Checkbox("Flight assist (attitude hold + rate damping)", &app.settings.input.assist)) {
      Command c = Command::make(CommandKind::SetAssist);
      c.flag = app.settings.input.assist;
      app.send(c);
      app.settingsDirty = true;
    }
    tooltip("On: sticks command attitude, yaw rate and climb rate, and a PD law flies (and lands) the helicopter. "
            "Off: sticks drive collective, tail and rotor tilt directly; land on the skids yourself.");
  }
  if (!f.sims.empty() && f.sims.front().channels.empty()) {
    ImGui::TextDisabled("This vehicle has no inputs.");  // no sticks to shape (the free rigid body)
    return;
  }
  if (ImGui::BeginTable("mapping", 1, ImGuiTableFlags_RowBg)) {
    const HelpLines help = app.view ? app.view->help(app.settings.input.assist) : HelpLines{};
    for (const auto& [input, effect] : help) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(0.96f, 0.7f, 0.3f, 1), "%s", input.c_str());
      ImGui::Indent(12);
      ImGui::TextWrapped("%s", effect.c_str());
      ImGui::Unindent(12);
    }
    ImGui::EndTable();
  }
  if (ImGui::SliderFloat("Dead zone", &app.settings.input.deadZone, 0.0f, 0.5f, "%.2f")) app.settingsDirty = true;
  tooltip("Radial dead zone of the gamepad sticks (fraction of full deflection).");
  if (ImGui::SliderFloat("Expo", &app.settings.input.expo, 0.0f, 1.0f, "%.2f")) app.settingsDirty = true;
  tooltip("0: linear sticks; 1: cubic (fine control near centre).");
  if (ImGui::Checkbox("Invert left Y", &app.settings.input.invertLeftY)) app.settingsDirty = true;
  ImGui::SameLine();
  if (ImGui::Checkbox("Invert right Y", &app.settings.input.invertRightY)) app.settingsDirty = true;
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
  // Not under a take: its recorded inputs drive it, the sinusoids would change nothing it plays.
  if (!app.gaits.empty() && !f.sims.empty() && !f.sims.front().manual && !f.take.playing) {
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
      ImGui::SliderScalar("frequency", ImGuiDataType_Double, &g.frequency, &zero, &fmax, "%.3f Hz");  // the unit inside: "frequency (Hz)" was cut at the sidebar edge
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      ImGui::SliderScalar("phase", ImGuiDataType_Double, &g.phase, &pmin, &pmax, "%.2f rad");
      changed |= ImGui::IsItemDeactivatedAfterEdit();
      if (changed) {
        Command c = Command::make(CommandKind::SetSinusoid);
        c.channel = g.channel;
        c.value = {g.amplitude, g.frequency, g.phase, g.offset};
        app.send(c);
        app.resetScene();
      }
      ImGui::PopID();
    }
  }
  if (!f.sims.empty() && !f.sims.front().channels.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("Inputs applied");
    const auto& s = f.sims.front();
    for (std::size_t i = 0; i < s.channels.size() && i < s.curr.inputs.size(); ++i) {
      // A take's or a cosine's round-off zero (-3.7e-34) reads 0, as the HUD shows it.
      const double u = std::abs(s.curr.inputs[i]) < 1e-12 ? 0.0 : s.curr.inputs[i];
      ImGui::Text("%-14s %10.4g", s.channels[i].c_str(), u);
    }
  }
}

void diagnosticsPanel(AppState& app, const PhysicsFrame& f) {
  const auto& st = f.stats;
  ImGui::Text("physics rate    %8.0f steps/s", st.physicsRate);
  ImGui::Text("step cost       %8.2f us (max %.1f)", st.stepCostUs, st.stepCostMaxUs);
  if (f.paused) ImGui::Text("real-time       paused (requested %.2f)", f.speed);
  else if (!st.measured) ImGui::Text("real-time       measuring (requested %.2f)", f.speed);
  else ImGui::Text("real-time       %8.2f x (requested %.2f)", st.achievedSpeed, f.speed);
  ImGui::Text("frame time p50  %8.2f ms   p99 %.2f ms", app.frameTimes.percentile(0.5), app.frameTimes.percentile(0.99));
  ImGui::Text("clock re-syncs  %8d   capped bursts %d", st.resyncs, st.burstCapHits);
  ImGui::Text("steps run       %8ld", st.totalSteps);
  tooltip("Physics steps taken since the app started, every vehicle and scene together (the run's own step "
          "count is its time over h).");
  if (!f.sims.empty()) {
    const auto& s = f.sims.front().curr;
    ImGui::Text("energy          %12.6g J", s.energy);
    ImGui::Text("momentum        %12.6g", s.momentum);
    if (hasConstraints(app.view.get())) ImGui::Text("constraint      %12.3e", s.constraint);
    else ImGui::TextUnformatted("constraint      none (no velocity constraints)");
  }
}

ImU32 seriesColor(std::size_t sim, const std::string& integrator, const std::vector<std::string>& integrators) {
  static const ImU32 palette[] = {IM_COL32(90, 190, 255, 255), IM_COL32(255, 140, 70, 255), IM_COL32(140, 230, 120, 255),
                                  IM_COL32(235, 110, 200, 255), IM_COL32(250, 215, 90, 255), IM_COL32(160, 140, 255, 255),
                                  IM_COL32(90, 225, 210, 255), IM_COL32(240, 90, 90, 255), IM_COL32(200, 200, 200, 255)};
  const auto it = std::find(integrators.begin(), integrators.end(), integrator);
  const std::size_t k = it == integrators.end() ? integrators.size() : static_cast<std::size_t>(it - integrators.begin());
  return palette[(k + 3 * sim) % (sizeof palette / sizeof palette[0])];
}

ImU32 copyColor(std::size_t i) {
  static const ImU32 c[] = {IM_COL32(255, 140, 26, 255), IM_COL32(51, 191, 255, 255), IM_COL32(153, 255, 102, 255)};
  return c[i % 3];
}

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
  const int columns = avail > 900 ? 3 : 2;
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
        lines.push_back({copyLegend(f, i, g.integrator), stretchColor(i, j), &(g.*def.member)});
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
