#pragma once
// The ImGui panels: Scene, Integrator, Controls, Plots, Diagnostics; the HUD (status line,
// divergence badges, "controller disconnected" banner, vehicle labels) and the F1 overlay.
// ImGui only: they run headless in the tests.
#include <imgui.h>

#include <string>
#include <vector>

#include "frame.hpp"
#include "ui/app_state.hpp"
#include "ui/text_wrap.hpp"

namespace lieride::gui {

void applyStyle(float scale);
void scenePanel(AppState& app, const PhysicsFrame& f);
void integratorPanel(AppState& app, const PhysicsFrame& f);
void controlsPanel(AppState& app, const PhysicsFrame& f);
void diagnosticsPanel(AppState& app, const PhysicsFrame& f);
void plotsPanel(AppState& app, const PhysicsFrame& f);
// The left sidebar with the four panels as collapsing sections, and the plots window.
void drawPanels(AppState& app, const PhysicsFrame& f);
void drawHud(AppState& app, const PhysicsFrame& f);
// Where the labels over side-by-side vehicles go (their text's top-left corners): centred over
// their vehicles, no higher than top, each moved down below an earlier label it would cover.
std::vector<ImVec2> placeLabels(const std::vector<ScreenLabel>& labels, float top, float left = -1e9f, float right = 1e9f);
void drawHelp(AppState& app);
// Notices that stay when Tab hides the panels: the F12 screenshot path, the caption.
void drawNotices(AppState& app, const PhysicsFrame& f);
// The side-by-side caption's text box (top left and size) and wrap width: centred over the
// part of the view right of the sidebar, wrapped to fit it. The badges and labels start below it.
struct CaptionBox {
  ImVec2 pos, size;
  float wrap = 0;
};
CaptionBox captionBox(const AppState& app);
// The keyboard hint, bottom right (with the panels hidden, how to bring them back).
void drawHint(const AppState& app, const char* hint);
// The compact per-vehicle read-out (bottom left of the 3-D view), and below it, while a drivable
// vehicle runs its scripted inputs (keys do nothing), the hint scriptedHint(f) names.
void drawVehicleHud(AppState& app, const PhysicsFrame& f);
// "scripted: tick Manual control to drive" while vehicle 1 has input channels and its scripted
// signals drive it (not a take's replay); "" otherwise.
std::string scriptedHint(const PhysicsFrame& f);
// Moves/resizes the current ImGui window back inside the viewport, right of x = `left` (the
// sidebar's right edge; at most the viewport's middle).
void keepInside(const ImGuiViewport* vp, float left = 0);

// The engine's divergence message ("diverged at t = 40: energy ...") names the time of the step
// that failed; the panel's line above it gives the last good state's (the one on screen), so
// the reason says "in the step to t = 40 s: energy ...".
std::string divergenceReason(const std::string& message);
// A wrapped tooltip for the last item.
void tooltip(const char* text);
// A coloured line that wraps at the panel's edge (messages such as a path in an error run long).

// One colour per (copy, integrator): an integrator's stretches share it across switches.
ImU32 seriesColor(std::size_t sim, const std::string& integrator, const std::vector<std::string>& integrators);
// The colour of side-by-side copy i (its trail's colour).
ImU32 copyColor(std::size_t i);
// One line per integrator: what it conserves, its order, its cost (docs/integrators.md).
const char* integratorSummary(const std::string& name);

// Whether the flight assist flies a vehicle now: it is on and some copy is under the pilot
// (not a replay's or a take's recorded inputs, nor the scenario's scripted signals).
bool assistFlying(const PhysicsFrame& f);

// The plot legend of copy i run by `integrator`: the names of the 3-D labels, "take (lie-cay)" and
// "ghost (rk4)" while a take plays, else "copy 2: rk4" (or the integrator alone for one copy).
std::string copyLegend(const PhysicsFrame& f, std::size_t i, const std::string& integrator);
// Whether the vehicle has velocity constraints (the nonholonomic kinds): only then a constraint-residual plot.
bool hasConstraints(const VehicleView* view);
// Whether the Plots window shows a momentum: every vehicle but a nonholonomic one whose
// constraints leave no symmetry direction (three constraints on SE(2): no momentum).
bool hasMomentumPlot(const VehicleView* view);
// The real-time factor line of the Scene panel: "paused" while paused (no factor to achieve).
std::string realTimeText(const PhysicsFrame& f);

// The time-step sliders are ImGui log sliders over h itself (a value typed after Ctrl+click is
// h): their float value to h, three significant digits, the double nearest that decimal,
// clamped to [1e-4, 1] s.
double roundedStep(float value);

}  // namespace lieride::gui
