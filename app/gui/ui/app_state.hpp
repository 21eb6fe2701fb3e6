#pragma once
// State shared by the panels, the HUD and the main loop. No GL: the panels are exercised
// headless (an ImGui frame per panel with no renderer).
#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "commands.hpp"
#include "frame.hpp"
#include "scenes.hpp"
#include "ui/plot.hpp"
#include "ui/take_ui.hpp"

namespace lieride::gui {

// What AppState::restoredText says of an assist switched off in the last session.
inline constexpr const char* kAssistOffNote = "flight assist off";

class OptimizePanel;  // ui/optimize_panel.hpp

struct InputSettings {
  float deadZone = 0.12f;   // radial, fraction of full deflection
  float expo = 0.35f;       // 0 linear .. 1 cubic
  bool invertLeftY = false, invertRightY = false;
  bool assist = true;       // helicopter flight assist
};

struct Settings {
  InputSettings input;
  std::map<std::string, int> cameraPerScene;  // CameraMode by scene name
  struct Orbit {
    float yaw = 0, pitch = 0, distance = 0;
  };
  std::map<std::string, Orbit> orbitPerScene;           // orbit camera by scene name
  std::map<std::string, double> stepPerScene;           // h by scene name
  std::map<std::string, std::string> integratorPerScene;  // integrator by scene name
  std::array<bool, 5> plotLog{false, true, false, true, false};
  std::vector<std::string> recentFiles;  // scenario files opened (newest first, at most 8)
  std::vector<std::string> recentTakes;  // takes recorded or opened (newest first, at most 8)
  float historySeconds = 20.0f;
  double speed = 1.0;
  bool showTrails = true;
  bool plotsDocked = true;  // the Plots window is where the layout puts it: it follows the window's size
  // The sidebar's width as the user last dragged it (0: the default); a window too narrow for
  // it narrows the sidebar without forgetting it.
  float sidebarWidth = 0.0f;
  std::string lastScene;
  bool load(const std::string& path);
  bool save(const std::string& path) const;
};

// One stretch of a vehicle's history run by one integrator: the legend keeps its label and
// colour after a switch (the first point repeats the previous stretch's last, so lines join).
struct PlotSegment {
  std::string integrator;
  TimeSeries energy, balance, momentum, constraint, iterations, residual;
};

// History of one vehicle's diagnostics for the live plots.
struct PlotHistory {
  std::vector<PlotSegment> segments;
  std::vector<TimeSeries> extras;  // Snapshot::extras by index (names from the frame's snapshot)
  std::vector<PlotMarker> markers;
  double e0 = 0;
  bool haveE0 = false;
  double energyScale = 0;  // largest |E| seen (J): sets the balance plot's floor and span
  void add(const PlotSample& s);
  void clear();
  void seekTo(double t);  // SampleKind::Seek
  void trim(double before);
  // The energy balance E(t) - E(0) - W(t): zero for the exact solution, whatever the inputs do.
  double balance(const PlotSample& s) const { return s.energy - e0 - s.work; }
};

struct GaitControl {  // a scripted sinusoid the Controls panel can edit (snakeboard gaits, parking)
  int channel = 0;
  std::string name;
  double amplitude = 0, frequency = 0, phase = 0, offset = 0;
};

struct FrameTimes {
  std::vector<double> ms;  // ring of recent frame times
  std::size_t next = 0;
  void add(double v);
  double percentile(double p) const;
};

struct ScreenLabel {  // a vehicle's name drawn over it (side-by-side scenes)
  float x = 0, y = 0;
  std::string text;
  bool diverged = false;
};

struct AppState {
  std::vector<SceneEntry> scenes;
  int sceneIndex = 0;
  std::string sceneName, vehicle, sceneError;
  std::shared_ptr<const VehicleView> view;  // the current vehicle's kind (views/vehicle_view.hpp)
  std::vector<Vec3> offsets;
  std::vector<GaitControl> gaits;
  bool scripted = false;
  // A scripted scene pauses once at its scenario's duration, where `lieride sim` stops: the
  // sinusoids run on, and the parking manoeuvre, repeated, drove the car over the kerb. Reset
  // (or a new scene) re-arms it; Space runs on.
  double scriptEnd = 0;            // the scenario's duration (s); 0: never pause
  bool pausedAtScriptEnd = false;  // paused there (the read-out says why)
  // True once, on the frame the scripted run reaches scriptEnd (running, not under Manual
  // control, not a take): the caller pauses.
  bool reachedScriptEnd(const PhysicsFrame& f);
  Settings settings;
  std::vector<PlotHistory> plots;
  std::vector<TimeSeries> deviation;  // per copy: |x_i - x_1| (m), side-by-side scenes
  std::string caption;                // one line over the 3-D view: what to look for
  std::string restoredNote;           // "h = 1 s, rk4": this scene's h / integrator from the last session (empty: its own)
  bool restoredAssistOff = false;     // the flight assist is off from the last session
  // The line under the integrator: restoredNote, and kAssistOffNote where restoredAssistOff.
  std::string restoredText() const {
    if (!restoredAssistOff) return restoredNote;
    return restoredNote.empty() ? std::string(kAssistOffNote) : restoredNote + ", " + kAssistOffNote;
  }
  PlotState deviationState;
  // Default-constructed, then set: GCC 12 at -O2 left elements 3 and 4 of `std::array<PlotState,
  // 5> p{}` zeroed instead of applying PlotState's member initialisers (autofit off on a fixed
  // 1e0..1e1 log axis: the "empty constraint plot").
  std::array<PlotState, 3> extraPlotStates;  // costates, H, phi_d (vehicles with extras)
  std::array<PlotState, 5> plotStates = [] {
    std::array<PlotState, 5> p;
    for (auto& s : p) s = PlotState();
    p[1].logY = p[3].logY = true;  // energy balance, constraint residual
    return p;
  }();
  FrameTimes frameTimes;
  double renderTime = 0;  // interpolated simulation time on screen
  std::vector<ScreenLabel> labels;
  float pixelRatio = 1.0f;  // drawable pixels per ImGui unit (HiDPI)
  float viewLeft = 0, viewBottom = 0;  // the 3-D view's free area: right of the sidebar, above the plots (ImGui units; 0 = none)
  std::array<float, 4> plotsRect{};    // the Plots window: x0, y0, x1, y1 (ImGui units; empty = none); the 3-D view skips it
  std::array<float, 4> hudRect{};  // the vehicle read-out's plate this frame (x0, y0, x1, y1; empty: none)
  float recordBadgeBottom = 0;     // the REC / "take saved" line's lower edge last frame (0: none); badges go below it
  std::array<float, 2> layoutSize{};   // the viewport size the panels were last laid out for
  float sidebarShown = 0.0f;           // the sidebar's width last frame (a change alone: a drag)
  bool takeWasPlaying = false;         // a take played last frame (the sidebar scrolls up when one starts)
  // The sidebar's and the Plots window's colour (RGB; alpha 0 = no panels): they draw no
  // background of their own, the window is cleared to it (render/renderer.hpp, backdrop).
  std::array<float, 4> panelColor{};

  // Input and status.
  bool gamepadConnected = false;
  std::string gamepadName;
  bool disconnectedBanner = false;
  PilotAxes axes;
  bool wantKeyboard = false, wantMouse = false;

  // UI toggles and requests the main loop acts on.
  bool showHelp = false, showUi = true, showPlots = true;
  int cameraMode = 0;
  int requestScene = -1;
  double alpha = 0.5;          // lie-nh quadrature point of the current scene
  double requestAlpha = -1;    // >= 0: reload the scene with this alpha
  bool requestScreenshot = false;
  std::string lastScreenshot;
  double screenshotShownAt = -1;  // ImGui time the "saved ..." notice appeared
  bool settingsDirty = false;     // saved by the main loop when set
  bool requestQuit = false;
  std::string openPath;           // the Open scene path field
  std::string requestOpen;        // a scenario file to load
  int requestCopy = -1;           // add a side-by-side copy with integrator index (see scenePanel)
  std::string copyIntegrator;
  double copyStep = 0;            // the new copy's own h (0: the h in use)
  bool copyStepChosen = false;    // the copy's h slider was moved: it no longer follows the h in use
  double hDragFrom = 0;           // h when the slider drag began (for the one marker on release)
  TakeUi takes;                   // recording, take playback, exports (takes_panel.hpp)
  std::function<void(const Command&)> send = [](const Command&) {};
  OptimizePanel* optimize = nullptr;  // the Optimize panel (owned by the App; none in panel tests)

  void command(CommandKind k) { send(Command::make(k)); }
  // Run/Pause (the button, Space) with the run `paused` now. In a problem's scene before Play
  // the vehicle has no inputs (the helicopter fell through the ground): there Run is the Optimize
  // panel's Play once the problem is solved, and nothing runs before (the HUD says Solve first).
  // `take`: the frame's take status; a take paused at its end plays again from its start (a
  // media player's Play: pressed there, it did nothing).
  // `frame`: where given, a Play paused at its plan's end replays the plan (a media player's
  // Play; open loop past the end a helicopter fell through the replay's groundless world).
  void runOrPause(bool paused, const TakeStatus* take = nullptr, const PhysicsFrame* frame = nullptr);
  // Reset (the button, Backspace, a divergence badge, a gait edit): back to the scene's start
  // with its own h and integrator, which are then also the ones remembered for the scene.
  // The user chose this scene's h / integrator now: remembered for its next opening
  // (settings.ini), and no longer the last session's (restoredNote).
  void rememberStep(double h) {
    settings.stepPerScene[sceneName] = h;
    settingsDirty = true;
    restoredNote.clear();
  }
  void rememberIntegrator(const std::string& name) {
    settings.integratorPerScene[sceneName] = name;
    settingsDirty = true;
    restoredNote.clear();
  }
  // The + and - keys: the next speed of 0.1, 0.25, 0.5, 1, 2, 4 above or below `current`
  // (doubling from 0.1 never came back to 1x); the ends stay where they are.
  static double nextSpeed(double current, int direction);
  // Back to the scene's start (resetScene) and running: Backspace at a scripted run's end, and
  // Space or Run at an optimal Play's end.
  void replayFromStart() {
    resetScene();
    Command run = Command::make(CommandKind::SetPaused);
    run.flag = false;
    send(run);
  }
  void resetScene() {
    settingsDirty |= settings.stepPerScene.erase(sceneName) + settings.integratorPerScene.erase(sceneName) > 0;
    restoredNote.clear();
    restoredAssistOff = false;
    command(CommandKind::Reset);
  }
  // The assist switched in the Controls panel: the pilot's choice now, not the last session's.
  void forgetRestoredAssist() {
    restoredAssistOff = false;
  }
  // "Scene's own" beside restoredNote: resetScene, and the flight assist on again where the
  // note said it was off (Reset alone keeps the pilot's assist setting).
  void restoreSceneDefaults() {
    if (restoredAssistOff) {
      settings.input.assist = true;
      settingsDirty = true;
      Command c = Command::make(CommandKind::SetAssist);
      c.flag = true;
      send(c);
    }
    resetScene();
  }
};

}  // namespace lieride::gui
