#pragma once
// One view per vehicle kind (docs/app.md, "Vehicle views"): how the pilot's sticks and keys
// drive the kind's channels, the meshes drawn and how they move with the state, the camera's
// framing, the HUD read-out and the help text. A view is built from the constructed Simulation
// (its model's parameters, and the channels' units, ranges and trim from the engine's
// VehicleInfo::describeChannels), never from the scenario TOML. Each view file registers its
// view for the kinds it draws with a ViewRegistration, the only place of the app that names a
// kind; makeView() looks the kind up (views/view_registry.cpp).
// No SDL, GL or ImGui here: meshes are MeshData, uploaded and drawn by render/.
#include <glm/glm.hpp>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/commands.hpp"
#include "lieride/sim/registry.hpp"
#include "lieride/sim/simulation.hpp"
#include "views/primitives.hpp"

namespace lieride::gui {

// What is drawn of one vehicle this frame (already interpolated).
struct VehiclePose {
  glm::mat4 world{1.0f};  // body -> world, including the scene's side-by-side offset
  std::vector<std::string> shapeNames;
  std::vector<double> shape;
  std::vector<std::string> channels;
  std::vector<double> inputs;
  double phase = 0.0;  // the view's animation (a rotor's angle, rad), advanced by animationRate
  double rate = 0.0;   // that rate this frame (rad/s; 0 while paused)
};

// One of the view's meshes placed in the world.
struct PartPlacement {
  int mesh = 0;  // index into VehicleView::meshes()
  glm::mat4 model{1.0f};
  float alpha = 1.0f;
  bool shadow = true;
};

struct ViewTraits {
  float size = 2.2f;             // extent for the camera's framing and the blob shadow (m)
  float focusHeight = 0.0f;      // height above the body origin the cameras look at (m)
  bool freeBody = false;         // floats in space: no ground, a fixed chase heading, lifted off the floor
  bool nonholonomic = false;     // Snapshot::momentum is the nonholonomic momentum (docs/nonholonomic.md)
  bool constrained = true;       // with nonholonomic: it has velocity constraints (a description may have none)
  bool hasMomentum = true;       // with nonholonomic: a symmetry direction the constraints leave (none with three)
  bool pilotOverScript = false;  // the pilot flies it even when the scenario gives inputs (they are its trim)
  bool hasAssist = false;        // a flight assist the Controls panel switches
  bool chaseAlongTrack = false;  // the chase camera looks along the horizontal motion, not the nose (an aircraft flying sideways)
};

using HelpLines = std::vector<std::pair<std::string, std::string>>;

class VehicleView {
 public:
  explicit VehicleView(const Simulation& sim);
  virtual ~VehicleView() = default;
  VehicleView(const VehicleView&) = delete;
  VehicleView& operator=(const VehicleView&) = delete;

  const ViewTraits& traits() const { return traits_; }
  // What the Scene panel calls the vehicle: its kind (and a description's name).
  const std::string& title() const { return title_; }
  // The simulation's channels with units, pilot ranges and trim (engine descriptor).
  const std::vector<ChannelInfo>& channels() const { return channels_; }

  // Writes constant signals into the channels the pilot drives, once per physics step. The
  // default is the generic mapping: the channels that have a range, in order, on the left
  // stick's x and y, then the right stick's x and y (keys A/D, W/S, J/L, I/K), each from its
  // trim to its limits. `state` may be null (then the inputs must not depend on it).
  virtual void pilot(const PilotAxes& a, bool assist, Simulation& sim, const Snapshot* state) const;
  // Whether pilot() needs the current state each step (a feedback law).
  virtual bool needsState(bool /*assist*/) const { return false; }
  // The mapping as (input, effect) rows for the Controls panel.
  virtual HelpLines help(bool assist) const;
  // Why Manual control cannot drive this vehicle while the scene scripts `scriptedChannels`
  // (the snakeboard's gait prescribes its shape, so its torques would do nothing), or "".
  virtual std::string manualUnavailable(const std::vector<std::string>& scriptedChannels) const {
    (void)scriptedChannels;
    return "";
  }
  // A caution for the integrator panel at this h (empty: none).
  virtual std::string stepWarning(bool /*assist*/, double /*h*/) const { return {}; }

  const std::vector<MeshData>& meshes() const { return meshes_; }
  virtual void place(const VehiclePose& p, std::vector<PartPlacement>& out) const;
  // Rate of the view's animation (rad/s) at this pose: the helicopter's rotor.
  virtual double animationRate(const VehiclePose& /*p*/) const { return 0.0; }

  // The compact read-out at the bottom of the 3-D view.
  virtual std::vector<std::string> hud(const Snapshot& s) const;
  // Height of the lowest ground contact point (the helicopter's skids), if the kind has one.
  virtual std::optional<double> lowestContact(const Snapshot& /*s*/) const { return std::nullopt; }

 protected:
  int addMesh(MeshData m);
  int channel(const char* name) const;  // index into channels(), -1 if absent
  // Writes a constant into channel `index` (ignored for -1 and non-finite values).
  void set(Simulation& sim, int index, double value) const;
  // trim + a (limit - trim), a in [-1, 1]: the channel's range around its trim.
  double scaled(int index, double a) const;

  ViewTraits traits_;
  std::string title_;
  std::vector<ChannelInfo> channels_;
  std::vector<MeshData> meshes_;
};

// Registers a view for vehicle kinds, at namespace scope at the end of the view's file:
//   const ViewRegistration kMyView{{"my-kind"}, makeMyView};
// The app's core library is linked whole (app/gui/core/CMakeLists.txt), so the linker keeps
// these otherwise unreferenced objects. A kind registered twice throws std::logic_error.
class ViewRegistration {
 public:
  using Make = std::unique_ptr<VehicleView> (*)(const Simulation&);
  ViewRegistration(std::initializer_list<const char*> kinds, Make make);
};

// The kinds that have a registered view, sorted by name (tests/app/test_views.cpp: exactly
// the engine's registered kinds).
std::vector<std::string> viewKinds();

// The view of this simulation's kind (a generic marker view for a kind without one).
std::shared_ptr<const VehicleView> makeView(const Simulation& sim);

// Helpers shared by the views.
double clampd(double v, double lo, double hi);
double shapeOf(const Snapshot& s, const char* name, double fallback = 0.0);
double shapeOf(const VehiclePose& p, const char* name, double fallback = 0.0);
double inputOf(const VehiclePose& p, const char* name, double fallback = 0.0);
double headingDeg(const Snapshot& s);
Vec3 worldVelocity(const Snapshot& s);
std::string format(const char* fmt, double a, double b = 0.0);
// A wheel with its axle along y, centred at the origin (spokes show the rolling).
MeshData wheelMesh(float radius, float width);
// The stick and key that drives the generic mapping's k-th channel.
const char* genericAxisName(std::size_t k);

}  // namespace lieride::gui
