// The helicopter (docs/models.md section 2; Kobilarov et al. 4.3.1). Mode 2 sticks: left stick
// collective around hover (up/down) and yaw (left/right), right stick cyclic pitch (up/down)
// and roll (left/right). With the flight assist on, the sticks command attitude, yaw rate and
// climb rate and a PD law with rate damping computes the inputs from the current state, so a
// newcomer can hover and land; with it off the sticks map directly onto u_c, u_psi, gamma_p,
// gamma_r. Mass, inertia, hub height, tail arm and skids are the model's own (HelicopterParams),
// hover and the input limits the engine descriptor's (trim u_c = m g).
#include <cmath>

#include "lieride/model/helicopter.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

const vec3 kRed(0.82f, 0.20f, 0.12f), kDark(0.12f, 0.12f, 0.14f), kGrey(0.55f, 0.56f, 0.58f);
const vec3 kGlass(0.10f, 0.16f, 0.26f), kYellow(0.95f, 0.72f, 0.15f);
constexpr float kPi = 3.14159265f;

MeshData body(const HelicopterParams& p) {
  MeshData m;
  const auto hub = static_cast<float>(p.hubHeight), arm = static_cast<float>(p.tailArm);
  m.append(sphere(1.0f, 32, 16, kRed), T(0.02f, 0, 0) * S(0.36f, 0.15f, 0.17f));
  m.append(sphere(1.0f, 24, 12, kGlass), T(0.17f, 0, 0.04f) * S(0.2f, 0.125f, 0.12f));
  m.append(cylinder(0.055f, 0.022f, arm - 0.12f, 16, kRed), T(-0.2f, 0, 0.03f) * Ry(-kPi / 2));
  m.append(box({0.14f, 0.012f, 0.18f}, kRed), T(-arm - 0.03f, 0, 0.1f) * Ry(-0.3f));
  m.append(box({0.08f, 0.3f, 0.01f}, kRed), T(-arm + 0.08f, 0, 0.03f));
  m.append(cylinder(0.02f, 0.02f, hub - 0.14f, 12, kGrey), T(0, 0, 0.14f));  // mast to the hub
  // Skids at the model's contact points: x = +-length/2, y = +-track/2, z = -depth.
  const auto len = static_cast<float>(p.skidLength), track = static_cast<float>(p.skidTrack);
  const auto depth = static_cast<float>(p.skidDepth) - 0.012f;
  for (float y : {-0.5f * track, 0.5f * track}) {
    m.append(cylinder(0.012f, 0.012f, len + 0.08f, 10, kDark), T(0.5f * len + 0.04f, y * 0.56f, -depth) * Ry(-kPi / 2));
    for (float x : {-0.12f, 0.15f})
      m.append(cylinder(0.01f, 0.01f, 0.16f, 8, kDark), T(x, y * 0.39f, -depth - 0.01f) * Rx(y > 0 ? -0.5f : 0.5f));
  }
  return m;
}

MeshData rotor() {
  MeshData m;
  m.append(cylinder(0.035f, 0.035f, 0.03f, 16, kGrey), T(0, 0, -0.015f));
  for (float s : {1.0f, -1.0f}) {
    m.append(box({0.78f, 0.055f, 0.008f}, kDark), T(s * 0.41f, 0, 0) * Rx(s * 0.06f));
    m.append(box({0.06f, 0.056f, 0.009f}, kYellow), T(s * 0.77f, 0, 0));  // tip marks show the spin
  }
  return m;
}

MeshData tailRotor() {
  MeshData m;
  m.append(cylinder(0.015f, 0.015f, 0.03f, 10, kGrey), Rx(-kPi / 2) * T(0, 0, -0.015f));
  for (float s : {1.0f, -1.0f}) m.append(box({0.02f, 0.006f, 0.16f}, kDark), T(0, 0, s * 0.085f));
  return m;
}

const HelicopterParams& paramsOf(const Simulation& sim) {
  return dynamic_cast<const HelicopterForces&>(dynamic_cast<const Se3Simulation&>(sim).forceModel()).params();
}

class HelicopterView final : public VehicleView {
 public:
  explicit HelicopterView(const Simulation& sim)
      : VehicleView(sim), p_(paramsOf(sim)), collective_(channel("collective")), tail_(channel("tail")),
        pitch_(channel("cyclic_pitch")), roll_(channel("cyclic_roll")) {
    traits_.size = 2.0f;
    traits_.pilotOverScript = true;  // the scenario's collective is the hover trim
    traits_.hasAssist = true;
    // The optimal canyon flight slips sideways through the bends (nose 3-4 deg off x while the
    // path turns 39 deg): along the nose the chase camera looked into the canyon's wall.
    traits_.chaseAlongTrack = true;
    hover_ = collective_ >= 0 ? channels_[static_cast<std::size_t>(collective_)].trim : p_.mass * p_.gravity;
    body_ = addMesh(body(p_));
    rotor_ = addMesh(rotor());
    disc_ = addMesh(disc(0.8f, 48, vec3(0.2f, 0.2f, 0.22f)));
    tailRotor_ = addMesh(tailRotor());
  }

  bool needsState(bool assist) const override { return assist; }

  void pilot(const PilotAxes& a, bool assist, Simulation& sim, const Snapshot* s) const override {
    if (!assist || s == nullptr) {
      set(sim, collective_, hover_ * (1.0 + 0.5 * a.ly));
      set(sim, tail_, -0.025 * hover_ * a.lx);
      set(sim, pitch_, 0.12 * a.ry);
      set(sim, roll_, 0.12 * a.rx);
      return;
    }
    assisted(a, sim, *s);
  }

  HelpLines help(bool assist) const override {
    if (assist)
      return {{"Left stick up/down  (W/S)", "climb rate, +/-3 m/s; descent eases to a touchdown on the skids"},
              {"Left stick left/right  (A/D)", "yaw rate, +/-90 deg/s: left (A) turns the nose left"},
              {"Right stick up/down  (I/K, arrows)", "pitch angle, +/-25 deg: up (I) noses down and flies forward"},
              {"Right stick left/right  (J/L, arrows)", "roll angle, +/-25 deg: right (L) banks and slides right"}};
    return {{"Left stick up/down  (W/S)", format("collective u_c = m g (1 +/- 0.5), hover %.4g N", hover_)},
            {"Left stick left/right  (A/D)", "tail rotor u_psi: left (A) yaws the nose left"},
            {"Right stick up/down  (I/K, arrows)", "cyclic pitch gamma_p, +/-0.12 rad: up (I) tilts the rotor forward"},
            {"Right stick left/right  (J/L, arrows)", "cyclic roll gamma_r, +/-0.12 rad: right (L) tilts it right"}};
  }

  std::string stepWarning(bool assist, double h) const override {
    // Shown before the first split step (e.g. h raised while paused); the physics thread then
    // reports the split itself (app/gui/core/control_rate.hpp).
    if (!assist || h <= 0.01) return {};
    return "Flight assist at large h: the assist reads the state at 100 Hz, so each step of this h runs as "
           "sub-steps of 10 ms with the assist re-applied. Turn the assist off to run the integrator itself at h.";
  }

  void place(const VehiclePose& p, std::vector<PartPlacement>& out) const override {
    const glm::mat4& W = p.world;
    out.push_back({body_, W});
    // The rotor plane tilts with the cyclic: thrust b = Ry(gamma_p) Rx(gamma_r) e_z (docs/models.md 2).
    const auto gp = static_cast<float>(inputOf(p, "cyclic_pitch"));
    const auto gr = static_cast<float>(inputOf(p, "cyclic_roll"));
    const glm::mat4 hub = W * T(0, 0, static_cast<float>(p_.hubHeight)) * Ry(gp) * Rx(gr);
    out.push_back({rotor_, hub * Rz(static_cast<float>(p.phase))});
    if (p.rate > 5.0) out.push_back({disc_, hub, 0.16f, false});
    const float arm = static_cast<float>(p_.tailArm);
    out.push_back({tailRotor_, W * T(-arm - 0.05f, 0.035f, 0.08f) * Ry(static_cast<float>(5.3 * p.phase))});
  }

  // The rotor turns at 70 rad/s in hover, in proportion to sqrt(thrust).
  double animationRate(const VehiclePose& p) const override {
    return 70.0 * std::sqrt(std::max(0.0, inputOf(p, "collective", hover_)) / hover_);
  }

  std::vector<std::string> hud(const Snapshot& s) const override {
    const Vec3 vw = worldVelocity(s);
    const double skids = lowestContact(s).value_or(s.position.z());
    auto input = [&](int i) { return i >= 0 && static_cast<std::size_t>(i) < s.inputs.size() ? s.inputs[static_cast<std::size_t>(i)] : NAN; };
    std::vector<std::string> lines = {format("height %.2f m  (skids %.2f m)", s.position.z(), skids),
                                      format("speed %.2f m/s   climb %+.2f m/s", std::hypot(vw.x(), vw.y()), vw.z()),
                                      format("heading %.0f deg ccw from +x", headingDeg(s)),
                                      format("collective %.1f N   tail %.2f N", input(collective_), input(tail_))};
    // On its side on the ground: released sticks still mean hover thrust (m g), which now
    // pushes it along the ground; a new user took the slide for a bug.
    const double upright = (s.orientation.normalized() * Vec3::UnitZ()).z();
    if (upright < 0.5 && std::abs(skids) < 1.0)
      lines.push_back("tipped over: the rotor's hover thrust pushes it along the ground (Backspace resets)");
    return lines;
  }

  std::optional<double> lowestContact(const Snapshot& s) const override {
    double low = 1e300;
    for (const Vec3& r : HelicopterForces::skidPoints(p_)) low = std::min(low, (s.position + s.orientation * r).z());
    return low;
  }

 private:
  // Flight assist: sticks command roll/pitch angle (up to 25 deg), yaw rate (up to 90 deg/s)
  // and climb rate (up to 3 m/s); PD on attitude with rate damping sets the rotor tilt.
  void assisted(const PilotAxes& a, Simulation& sim, const Snapshot& s) const {
    const double m = p_.mass, g = p_.gravity;
    const Mat3 R = s.orientation.normalized().toRotationMatrix();
    const Vec3 w = s.bodyVelocity.head<3>();
    const Vec3 vWorld = R * s.bodyVelocity.tail<3>();
    const double roll = std::atan2(R(2, 1), R(2, 2));
    const double pitch = std::asin(clampd(-R(2, 0), -1.0, 1.0));
    const double maxTilt = 25.0 * M_PI / 180.0;
    const double rollCmd = maxTilt * a.rx, pitchCmd = maxTilt * a.ry;
    // The assist slows any descent to a touchdown with the skids at z = 0, so a newcomer can
    // land. Gain 0.6 1/s with the 2.5 1/s climb-rate loop below makes the approach critically damped.
    const double climbCmd = std::max(3.0 * a.ly, -0.6 * (s.position.z() - p_.skidDepth)), yawRateCmd = -M_PI / 2.0 * a.lx;
    const double tilt = std::max(0.3, std::cos(roll) * std::cos(pitch));
    const ChannelInfo& uc = channels_[static_cast<std::size_t>(collective_)];
    const double thrust = clampd(m * (g + 2.5 * (climbCmd - vWorld.z())) / tilt, uc.min, uc.max);
    const double kp = 36.0, kd = 12.0;  // critically damped, natural frequency 6 rad/s
    const Vec3 J = p_.inertia;
    const double tauX = J.x() * (kp * (rollCmd - roll) - kd * w.x());
    const double tauY = J.y() * (kp * (pitchCmd - pitch) - kd * w.y());
    const double tauZ = J.z() * 4.0 * (yawRateCmd - w.z());
    const double arm = p_.hubHeight * std::max(thrust, 0.2 * hover_);
    const ChannelInfo& tilts = channels_[static_cast<std::size_t>(roll_)];
    const double gr = std::asin(clampd(tauX / arm, tilts.min, tilts.max));
    const double gp = std::asin(clampd(tauY / (arm * std::cos(gr)), tilts.min, tilts.max));
    const ChannelInfo& tail = channels_[static_cast<std::size_t>(tail_)];
    set(sim, collective_, thrust);
    set(sim, tail_, clampd(tauZ / p_.tailArm, tail.min, tail.max));
    set(sim, pitch_, gp);
    set(sim, roll_, gr);
  }

  HelicopterParams p_;
  int collective_, tail_, pitch_, roll_;
  double hover_ = 0.0;
  int body_ = 0, rotor_ = 0, disc_ = 0, tailRotor_ = 0;
};

std::unique_ptr<VehicleView> makeHelicopterView(const Simulation& sim) { return std::make_unique<HelicopterView>(sim); }
const ViewRegistration kHelicopterView{{"helicopter"}, makeHelicopterView};

}  // namespace

}  // namespace lieride::gui
