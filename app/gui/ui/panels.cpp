#include "ui/panels.hpp"
#include "ui/optimize_panel.hpp"
#include "ui/text_wrap.hpp"

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

// Wrapped at spaces (textWrappedColored): ImGui's wrap split "a speed of 5." from "48303e+08".
void sectionHint(const char* text) { textWrappedColored(ImVec4(0.6f, 0.64f, 0.7f, 1.0f), text); }
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
    if (ImGui::InputTextWithHint("##open", "scenario, take, vehicle, problem", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue))
      app.requestOpen = buf;
    app.openPath = buf;
    // Not over the error line under the field (the pointer is still on it after Enter).
    if (app.sceneError.empty() && !ImGui::IsItemActive())
      tooltip("Path of a scenario, a take, a vehicle description or a DMOC problem TOML (docs/formats.md; a\n"
              "description opens its vehicle at rest, driven from the Controls panel; a problem opens its scene\n"
              "and solves in the Optimize section); Enter or Open loads it.");
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
  // Wrapped short of the Reset button (a description's long title ran under it).
  const float resetAt = ImGui::GetContentRegionAvail().x - 50;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + resetAt - 8);
  ImGui::Text("Vehicle: %s", app.view ? app.view->title().c_str() : app.vehicle.c_str());
  ImGui::PopTextWrapPos();
  ImGui::SameLine(resetAt);
  if (ImGui::Button("Reset", ImVec2(58, 0))) app.resetScene();
  tooltip("Back to the scene's start, with its own h and integrator (Backspace).");
  // Transport: pause, step, speed.
  if (ImGui::Button(f.paused ? "  Run  " : "Pause")) app.runOrPause(f.paused, &f.take, &f);
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
          if (i == 0 && f.sims.size() == 1) app.rememberIntegrator(name);
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
    if (const std::string restored = app.restoredText(); i == 0 && !restored.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.96f, 0.66f, 0.22f, 1));
      ImGui::TextWrapped("%s: from your last session", restored.c_str());
      ImGui::PopStyleColor();
      // Beside the note where it fits, else under it (it was cut off at the sidebar's edge).
      const float button = ImGui::CalcTextSize("Scene's own").x + 2 * ImGui::GetStyle().FramePadding.x;
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < button) ImGui::NewLine();
      if (ImGui::SmallButton("Scene's own")) app.restoreSceneDefaults();
      tooltip("This scene's h and integrator as you last set them, and the flight assist where you switched it off "
              "(settings.ini). The button goes back to the scene's own and forgets them (Reset does too, but keeps "
              "the assist as it is).");
    }
    if (s.frozen) {
      ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "diverged at t = %.3f s", s.divergedAt);
      if (!s.divergedMessage.empty()) sectionHint(divergenceReason(s.divergedMessage).c_str());
      sectionHint("Lower h (it resumes from the last good state with the same integrator), or pick another "
                  "integrator to continue from there (at a large h a structure-preserving scheme can fail too). The "
                  "last good state is only the last finite one: at a large h the motion may have left the true one "
                  "well before (tipped over, racing); Reset starts over.");
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
    app.rememberStep(c.value[0]);
  }
  tooltip("The fixed time step h of every integrator (log scale, 1e-4 to 1 s; keys [ and ]; Ctrl+click to type h in s). "
          "Symplectic Lie group integrators stay bounded at large h where Runge-Kutta drifts or diverges.");
  if (f.sims.size() > 1) sectionHint("Moving this slider sets h for every copy (a copy added with its own h keeps it until the slider moves).");
  if (f.stats.controlSubsteps > 1) {
    char note[400];
    std::snprintf(note, sizeof note,
                  "Each step of h = %.3g s runs as %d sub-steps of %.3g s: the flight assist (or the car's "
                  "steering servo) held over a long h is unstable with ANY integrator. Turn it off to step the "
                  "integrator itself at h.",
                  f.h, f.stats.controlSubsteps, f.h / f.stats.controlSubsteps);
    textWrappedColored(ImVec4(1, 0.75f, 0.35f, 1), note);  // wraps: TextColored ran off the sidebar
  } else if (const std::string w = app.view ? app.view->stepWarning(assistFlying(f), f.h) : std::string(); !w.empty()) {
    textWrappedColored(ImVec4(1, 0.75f, 0.35f, 1), w);
  }
  // Large h in a single run of a vehicle lie-cay flies: the side-by-side demonstration is one
  // click away. Not in an Optimize problem's scenes, and the button says it leaves the scene
  // (it appeared for the sleigh and the optimal landing, and jumped away without a word).
  const bool lieCayApplies = !f.sims.empty() && std::find(f.sims.front().integrators.begin(), f.sims.front().integrators.end(),
                                                          "lie-cay") != f.sims.front().integrators.end();
  const bool optimizeScene = app.optimize && (app.optimize->waitingForPlay() || app.optimize->playing());
  if (f.h > 0.05 && f.sims.size() == 1 && lieCayApplies && !optimizeScene && app.sceneName != "large steps" &&
      !app.scenes.empty()) {
    if (ImGui::SmallButton("Open \"large steps\": lie-cay and rk4 side by side")) app.requestOpen = "large steps";
    tooltip("Leaves this scene for \"large steps\": the same tumbling body at h = 0.5 s under lie-cay (energy bounded) "
            "and rk4 (it loses energy: its drift slows, then its spin); switch a copy to rk2 and it diverges.");
  }
  if (!f.sims.empty() && f.sims.size() < 3 && !app.scenes.empty()) {
    // Side by side: a copy of this scene run by another integrator, drawn next to it. Its
    // own row's label: unlabelled, the list read as a second choice of this run's integrator.
    ImGui::TextDisabled("Compare with a copy:");
    ImGui::SetNextItemWidth(150);
    const auto& names = f.sims.front().integrators;
    if (app.copyIntegrator.empty() || std::find(names.begin(), names.end(), app.copyIntegrator) == names.end()) {
      // The first integrator no copy runs (a third copy defaulted to the second's).
      auto running = [&](const std::string& n) {
        return std::any_of(f.sims.begin(), f.sims.end(), [&](const SimView& v) { return v.curr.integrator == n; });
      };
      for (const auto& n : names)
        if (!running(n)) {
          app.copyIntegrator = n;
          break;
        }
      if (app.copyIntegrator.empty() && !names.empty()) app.copyIntegrator = names.front();
    }
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
  // "0 iterations, residual 0" read as a solver that never ran: an explicit scheme has none,
  // and lie-cay-tln's first guess often meets the tolerance already (its rotation row alone is
  // implicit; a climb without rotation solves exactly).
  if (s.solver.iterations > 0)
    ImGui::Text("solver: %d Newton iteration%s, residual %.2e", s.solver.iterations, s.solver.iterations == 1 ? "" : "s",
                s.solver.residual);
  else if (s.solver.residual > 0)
    ImGui::Text("solver: first guess within tolerance, residual %.2e", s.solver.residual);
  else
    ImGui::TextDisabled("solver: nothing to solve this step");
  tooltip("The implicit step's Newton solve at the last step: iterations and relative residual ([integrator] "
          "tolerance). Explicit schemes (euler, rk2, rk4) and a step whose first guess already solves it report 0.");
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
      app.forgetRestoredAssist();
    }
    tooltip("On: sticks command attitude, yaw rate and climb rate, and a PD law flies (and lands) the helicopter. "
            "Off: sticks drive collective, tail and rotor tilt directly; land on the skids yourself.");
  }
  if (!f.sims.empty() && f.sims.front().channels.empty()) {
    ImGui::TextDisabled("This vehicle has no inputs.");  // no sticks to shape (the free rigid body)
    return;
  }
  // Where the sticks would do nothing (a gait prescribes the snakeboard's shape), no key map or
  // sticks: the panel listed A/D and J/L torques beside the note that they change nothing.
  const bool sticksDoNothing = !unavailable.empty() && !f.sims.empty() && !f.sims.front().manual;
  if (!sticksDoNothing) {
    if (ImGui::BeginTable("mapping", 1, ImGuiTableFlags_RowBg)) {
      const HelpLines help = app.view ? app.view->help(app.settings.input.assist) : HelpLines{};
      for (const auto& [input, effect] : help) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(ImVec4(0.96f, 0.7f, 0.3f, 1), "%s", input.c_str());
        ImGui::Indent(12);
        textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_Text), effect);
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
  }
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
  // Rates below 10 steps/s (h = 1 s at 0.5x is 0.5 steps/s) keep their digits: "0 steps/s"
  // read as if the physics had stopped.
  if (f.paused) ImGui::TextUnformatted("physics rate    paused");
  else if (!st.measured) ImGui::TextUnformatted("physics rate    measuring");
  else ImGui::Text(st.physicsRate < 10 ? "physics rate    %8.2f steps/s" : "physics rate    %8.0f steps/s", st.physicsRate);
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
    const bool planar = app.view && app.view->traits().nonholonomic;
    if (!hasMomentumPlot(app.view.get())) ImGui::TextUnformatted("momentum        none (no symmetry the constraints leave)");
    else if (planar) ImGui::Text("nh momentum     %12.6g", s.momentum);
    else ImGui::Text("|(p, L)|        %12.6g", s.momentum);
    tooltip(planar ? "The nonholonomic momentum along the symmetry direction the constraints leave (docs/nonholonomic.md)."
                   : "The norm of the spatial momentum (p in kg m/s, L in kg m^2/s): conserved by a free body.");
    if (hasConstraints(app.view.get())) ImGui::Text("constraint      %12.3e m/s", s.constraint);
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


}  // namespace lieride::gui
