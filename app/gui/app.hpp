#pragma once
// One running scene: its physics thread, renderer, camera, trails and plot histories, and
// what happens every frame (take the newest snapshots, interpolate, draw).
#include <array>
#include <memory>
#include <string>

#include "core/interpolate.hpp"
#include "core/video_job.hpp"
#include "physics_thread.hpp"
#include "render/optimize_overlay.hpp"
#include "render/renderer.hpp"
#include "ui/app_state.hpp"
#include "ui/optimize_panel.hpp"

namespace lieride::gui {

class App {
 public:
  explicit App(AppState& state) : st_(state) { st_.optimize = &optimize_; }
  // Batch runs (--frames) ignore the h and integrator remembered per scene.
  void useSceneDefaults(bool on) { batchDefaults_ = on; }
  // No state-hash lines when the app closes (a usage error ran nothing: one line says so).
  void closeQuietly() { closeQuietly_ = true; }
  ~App();
  // Loads scene `index` of st_.scenes (or `entry` directly); on failure keeps the old one and
  // sets st_.sceneError. Returns whether it loaded.
  bool loadScene(int index, const SceneEntry* entry = nullptr, bool startPaused = false);
  // Restart the current scene with lie-nh's alpha changed (a scenario parameter).
  bool reloadWithAlpha(double alpha);
  // Restart the current scene with one more side-by-side copy run by `integrator`.
  // `h` > 0: that copy's own time step (the others keep the h in use).
  bool addCopy(const std::string& integrator, double h = 0);
  // Takes (app_takes.cpp, docs/app.md "Takes"): open a take file as a scene replaying it on a
  // timeline; per frame, act on the Takes panel's requests and write finished recordings.
  bool openTake(const std::string& path);
  void serviceTakes();
  const SceneEntry& currentEntry() const { return current_; }
  // Per frame: consume samples, interpolate, draw the 3-D view (drawable size w x h).
  void frame(double wallDt, int w, int h, const CameraInput& in);
  PhysicsThread* physics() { return physics_.get(); }
  const PhysicsFrame& latest() const { return physics_->frame(); }
  CameraRig& camera() { return cam_; }
  // Smoothness: per-frame motion of the first vehicle (metres + radians), as drawn
  // (interpolated) and as the newest snapshot alone would show it. Returns the coefficient
  // of variation (std / mean) of each; a jerky picture has a large one.
  std::pair<double, double> motionVariation() const;

 private:
  AppState& st_;
  OptimizePanel optimize_;
  std::unique_ptr<OptimizeOverlay> overlay_;
  std::unique_ptr<PhysicsThread> physics_;
  std::unique_ptr<Renderer> renderer_;
  CameraRig cam_;
  std::vector<Trail> trails_;
  std::vector<InterpolatedPose> lastGood_;
  std::vector<VehiclePose> poses_;
  double animPhase_ = 0, lastRenderT_ = 0;
  std::array<int, 2> lastWindow_{0, 0};  // the drawable size of the last frame
  std::uint64_t occludersVersion_ = ~0ull;
  std::vector<double> requestedSteps_;  // per copy: the h last sent to the physics thread (0: none yet)  // the Optimize overlay the camera's occluders are from
  std::uint32_t resets_ = 0;
  SceneEntry current_;
  bool batchDefaults_ = false;
  bool closeQuietly_ = false;
  VideoJob video_;  // Takes panel, Video: lieride render as a child process
  void startVideo(const std::string& take);
  struct Motion {
    InterpolatedPose lastDrawn, lastRaw;
    bool have = false;
    std::vector<double> drawn, raw;
  } motion_;
};

}  // namespace lieride::gui
