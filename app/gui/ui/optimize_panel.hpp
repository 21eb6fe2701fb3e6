#pragma once
// The Optimize panel (docs/app.md, "Optimize"): pick a DMOC problem (assets/problems/*.toml of
// the current vehicle kind, or the current scene's own), edit its goal, obstacles and waypoints
// numerically, solve on the OptimizeWorker thread, watch each iterate as a ghost trajectory
// coloured by its constraint violation per knot, cancel, and Play the optimal controls through
// the physics thread. ImGui and plain mesh data only (no GL): it runs headless in the tests.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "optimize_worker.hpp"
#include "render/camera.hpp"
#include "scenes.hpp"
#include "ui/optimize_geometry.hpp"
#include "ui/app_state.hpp"

namespace lieride::gui {

class OptimizePanel {
 public:
  // Lists the DMOC problems in `problemsDir` (default: assetsDir()/problems).
  explicit OptimizePanel(std::string problemsDir = {});
  ~OptimizePanel();  // removes the folder Play wrote into
  OptimizePanel(const OptimizePanel&) = delete;
  OptimizePanel& operator=(const OptimizePanel&) = delete;

  // The sidebar section.
  void draw(AppState& app, const PhysicsFrame& f);
  // A scene was loaded: its vehicle kind filters the list; a scene with a problem (the scene
  // menu's "optimal ..." entries) selects it and solves. A Play scene keeps the panel as it is.
  // `scenery`: a take's problem file, drawn around it (obstacles, goal, waypoints), not solved.
  void sceneLoaded(const SceneEntry& entry, const std::string& vehicle, const std::string& scenery = {});
  // Per frame, before drawing: pauses a Play at the end of the optimised horizon.
  void update(AppState& app, const PhysicsFrame& f);
  // True once after a problem scene loaded: the sidebar opens the section.
  bool takeOpenRequest() {
    const bool r = openRequest_;
    openRequest_ = false;
    return r;
  }
  // A problem scene opens on an orbit view wide enough for the start and the goal (the chase
  // camera would hide the manoeuvre); `mode` is AppState::cameraMode. Only right after such a
  // scene or its Play loaded; false otherwise.
  bool overview(CameraRig& cam, int& mode);
  // While the problem's scene waits for Play: the middle of its start and goal, for the orbit
  // camera to centre on (the vehicle at the start put the goal off screen).
  std::optional<Vec3> overviewFocus() const;
  // The points the overview's orbit distance is fitted to (the app knows the free part of the
  // view): the start, the rings (goal, obstacles, waypoints) and the newest iterate's knots.
  // Non-empty for the first frames after overview() (the panels' layout settles) and once more
  // when the first solution arrives (growOnly: the camera backs off if the motion needs it,
  // never comes closer), unless the user moved the camera or dragged a ring before (cameraMoved()).
  struct Fit {
    std::vector<Vec3> points;
    bool growOnly = false;
  };
  Fit takeFit();
  std::pair<Vec3, Vec3> startAndGoal() const;  // the scenario's initial position, the goal's
  void cameraMoved() {
    fitFrames_ = 0;
    fitOnSolve_ = false;
    cameraMoved_ = true;
  }
  // The window changed size: the overview is framed again unless the user moved the camera
  // (at 800 x 600 the canyon showed a slice of wall after a resize).
  void viewResized() {
    if (!cameraMoved_ && waitingForPlay()) fitFrames_ = std::max(fitFrames_, 2);
  }
  // Drag in the 3-D view (called once per frame after ImGui's NewFrame, before the camera
  // update): a left press on a handle (the goal, an obstacle's centre, a waypoint; drawn as
  // rings) drags it on the horizontal plane through it, editing the problem as the numeric
  // fields do. `viewProj` is the matrix the picture on screen was drawn with; `view` the
  // window's size in ImGui units. Returns true while it owns the left drag (no orbiting).
  bool mouse(const glm::mat4& viewProj, glm::vec2 view);
  // The scene to load, once: Play's (the replay scenario written beside its controls), or the
  // problem's own scene when a problem was picked that is not the current scene's (its start,
  // obstacles and goal belong to that world, not to the one on screen).
  std::optional<SceneEntry> takeSceneRequest();
  // The overlay for the newest snapshot (rebuilt when it or the problem changed).
  const OptimizeOverlayMesh& overlay();
  std::uint64_t overlayVersion() const { return overlayVersion_; }

  // For tests and the scene menu.
  // `sceneryOf`: a take's scenery, which must be a problem for that vehicle kind (opt::loadScenery).
  bool select(const std::string& problemFile, const std::string& sceneryOf = {});
  const opt::Problem* problem() const { return problem_ ? &*problem_ : nullptr; }
  opt::Problem* editableProblem() { return problem_ ? &*problem_ : nullptr; }
  void edited();  // after changing editableProblem(): re-solve (warm) if auto re-solve is on
  void solve();
  void revert();  // the problem as its file has it (every edit undone), solved cold
  void cancel() { worker_.cancel(); }
  // Play (the button): writes controls.csv and replay.toml as `lieride optimize` does and asks
  // for that scene. False unless the newest solve of this problem is solved.
  bool play();
  // The scene is this panel's problem, not yet played: its vehicle waits for Play.
  bool waitingForPlay() const { return !sceneProblem_.empty() && !playing_; }
  bool playing() const { return playing_; }  // the optimal controls run (Play)
  double playHorizon() const { return playHorizon_; }  // the played plan's end (s)
  // Past the plan's end the inputs hold their last samples (the helicopter's and the boat's
  // plans end on a sample at T), else they are zero (controlsForPlay).
  bool pastEndHolds() const { return pastEndHolds_; }
  // Play paused at (or just past) the plan's end: Space and Run replay it from the start.
  bool atPlanEnd(const PhysicsFrame& f) const {
    return playing_ && f.paused && !f.sims.empty() && f.sims.front().curr.t >= playHorizon_ - 1e-9;
  }
  // The current problem is solved (its last solve, after the last edit): Play is ready.
  bool solved() const {
    const auto s = current();
    return s && s->phase == OptimizeSnapshot::Phase::Solved;
  }
  OptimizeWorker& worker() { return worker_; }
  struct Listed {
    std::string file, name, vehicle;
  };
  const std::vector<Listed>& problems() const { return problems_; }
  // The problem list's choice: this scene's own problem is selected in place; any other asks
  // for its own scene (takeSceneRequest), which selects and solves it when loaded.
  void pick(const Listed& problem);

 private:
  bool editProblem();  // the numeric editors; true when something changed
  Vec3 start_ = Vec3::Zero();                  // the problem's initial position (select())
  struct Handle {
    enum Kind { Goal, Obstacle, Waypoint } kind = Goal;
    std::size_t index = 0;
    Vec3 position = Vec3::Zero();
  };
  std::vector<Handle> handles() const;
  void moveHandle(const Handle& h, const Vec3& to);
  // The newest snapshot of a solve of the selected problem (null before its first solve).
  std::shared_ptr<const OptimizeSnapshot> current() const;

  std::vector<Listed> problems_;
  std::string vehicle_;        // of the scene on screen
  std::string sceneProblem_;   // the current scene's own problem file, if any
  int selected_ = -1;          // index into problems_
  std::optional<opt::Problem> problem_;  // the selected problem as edited
  OverlayHints hints_;                   // how its vehicle is drawn
  bool autoSolve_ = true;
  std::string error_;
  OptimizeWorker worker_;
  std::uint64_t minRequest_ = 0;  // the first solve of the selected problem
  std::uint64_t problemVersion_ = 0, builtFor_ = ~0ull, overlayVersion_ = 0;
  std::shared_ptr<const OptimizeSnapshot> builtSnap_;
  OptimizeOverlayMesh overlay_;
  std::optional<SceneEntry> sceneRequest_;
  bool playing_ = false, pausedAtEnd_ = false, openRequest_ = false, overviewRequest_ = false;
  bool pastEndHolds_ = false;
  std::uint32_t resetsSeen_ = 0;  // PhysicsFrame::resets at the last update()
  bool editedSincePlay_ = false;  // the problem changed after Play started: the vehicle runs the old solution
  bool sceneryOnly_ = false;      // the problem is a take's scenery: drawn, not solved or edited
  float statusHeight_ = 0.0f;     // the status box's height: the most this problem's solves have needed
  int fitFrames_ = 0;             // takeFit() frames left
  bool fitOnSolve_ = false;       // fit again to the first solution
  bool cameraMoved_ = false;      // since the overview was framed
  bool typedEdit_ = false;  // a field typed into, re-solved when it is left
  int hovered_ = -1, dragging_ = -1, builtHover_ = -1;
  Vec3 dragOffset_ = Vec3::Zero();
  mutable std::optional<Vec3> heldFocus_;  // overviewFocus() since the overview was framed
  double playHorizon_ = 0;
};

}  // namespace lieride::gui
