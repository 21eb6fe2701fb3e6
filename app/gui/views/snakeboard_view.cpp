// The snakeboard (docs/models.md section 5; Kobilarov et al. 5.2.2, Ostrowski Ex. 5.4): left
// stick rotor torque (the rider's twist psi), right stick steering torque (the axles' phi).
// Board, two axles steering with +/-phi, and a rider whose torso twists with psi; the half
// wheelbase is the model's, the torque limits the engine descriptor's ranges.
#include <algorithm>

#include "lieride/model/snakeboard.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

const vec3 kDark(0.12f, 0.12f, 0.14f), kGrey(0.55f, 0.56f, 0.58f), kYellow(0.95f, 0.72f, 0.15f), kTire(0.07f, 0.07f, 0.08f);
constexpr float kPi = 3.14159265f;

MeshData board(float l) {
  MeshData m;
  m.append(box({2.0f * l + 0.3f, 0.24f, 0.025f}, vec3(0.25f, 0.16f, 0.1f)), T(0, 0, 0.085f));
  m.append(box({0.34f, 0.245f, 0.006f}, kYellow), T(l, 0, 0.1f));   // front footplate
  m.append(box({0.34f, 0.245f, 0.006f}, kYellow), T(-l, 0, 0.1f));  // back footplate
  m.append(box({2.0f * l, 0.04f, 0.02f}, kDark), T(0, 0, 0.07f));    // spine
  return m;
}

MeshData truck() {
  MeshData m;
  m.append(box({0.06f, 0.26f, 0.03f}, kGrey), T(0, 0, 0.05f));
  for (float y : {-0.13f, 0.13f}) m.append(cylinder(0.035f, 0.035f, 0.03f, 14, kTire), T(0, y, 0.035f) * Rx(-kPi / 2) * T(0, 0, -0.015f));
  return m;
}

MeshData riderLegs(float l) {
  MeshData m;
  const vec3 jeans(0.18f, 0.25f, 0.42f);
  for (float x : {-l, l}) {
    m.append(box({0.22f, 0.1f, 0.06f}, kDark), T(x, 0, 0.13f));  // shoe
    const float lean = x > 0 ? -0.33f : 0.33f;
    m.append(cylinder(0.06f, 0.07f, 0.92f, 12, jeans), T(x, 0, 0.14f) * Ry(lean));
  }
  m.append(box({0.36f, 0.24f, 0.16f}, jeans), T(0, 0, 1.02f));  // hips
  return m;
}

MeshData riderTorso() {
  MeshData m;
  const vec3 shirt(0.86f, 0.36f, 0.12f), skin(0.86f, 0.68f, 0.55f);
  // Snakeboarders stand sideways: shoulders along the board (x), facing +y.
  m.append(box({0.42f, 0.24f, 0.56f}, shirt), T(0, 0, 1.36f));
  m.append(sphere(0.11f, 16, 10, skin), T(0, 0, 1.78f));
  m.append(sphere(0.115f, 16, 8, kDark), T(-0.01f, 0, 1.81f) * S(1.0f, 1.0f, 0.7f));  // hair
  for (float s : {-1.0f, 1.0f}) {  // arms held out along the board: their swing shows the twist psi
    m.append(cylinder(0.045f, 0.04f, 0.6f, 10, shirt), T(s * 0.22f, 0, 1.58f) * Ry(s * 1.9f));
    m.append(sphere(0.05f, 10, 6, skin), T(s * 0.78f, 0, 1.38f));
  }
  m.append(sphere(0.03f, 8, 6, kDark), T(0.03f, 0.1f, 1.8f));  // eyes: which way the rider faces
  m.append(sphere(0.03f, 8, 6, kDark), T(-0.03f, 0.1f, 1.8f));
  return m;
}

class SnakeboardView final : public VehicleView {
 public:
  explicit SnakeboardView(const Simulation& sim)
      : VehicleView(sim),
        l_(static_cast<float>(dynamic_cast<const SnakeboardModel&>(dynamic_cast<const PlanarSimulation&>(sim).model()).params().halfWheelbase)),
        rotor_(channel("rotor_torque")),
        steer_(channel("steer_torque")) {
    traits_.size = 2.0f * l_ + 2.7f;
    traits_.focusHeight = 0.9f;
    traits_.nonholonomic = true;
    board_ = addMesh(board(l_));
    truck_ = addMesh(truck());
    legs_ = addMesh(riderLegs(l_));
    torso_ = addMesh(riderTorso());
  }

  void pilot(const PilotAxes& a, bool, Simulation& sim, const Snapshot*) const override {
    set(sim, rotor_, scaled(rotor_, a.lx + a.ly));
    set(sim, steer_, scaled(steer_, a.rx + a.ry));
  }

  std::string manualUnavailable(const std::vector<std::string>& scripted) const override {
    const bool gait = std::find(scripted.begin(), scripted.end(), "psi") != scripted.end() ||
                      std::find(scripted.begin(), scripted.end(), "phi") != scripted.end();
    return gait ? "This scene's gait prescribes the rotor and wheel angles (psi, phi), so the torques the sticks "
                  "set would do nothing: change the gait with the sliders below. A snakeboard driven by torque "
                  "is the description assets/vehicles/snakeboard.toml (type its path into Open)."
                : "";
  }

  HelpLines help(bool) const override {
    return {{"Left stick left/right  (A/D)", format("rotor torque tau_psi (twist), +/-%.4g N m", channels_[static_cast<std::size_t>(rotor_)].max)},
            {"Right stick left/right  (J/L)", format("steering torque tau_phi, +/-%.4g N m", channels_[static_cast<std::size_t>(steer_)].max)}};
  }

  void place(const VehiclePose& p, std::vector<PartPlacement>& out) const override {
    const glm::mat4& W = p.world;
    const auto psi = static_cast<float>(shapeOf(p, "psi"));
    const auto phi = static_cast<float>(shapeOf(p, "phi"));
    out.push_back({board_, W});
    out.push_back({truck_, W * T(-l_, 0, 0) * Rz(phi)});  // back axle +phi
    out.push_back({truck_, W * T(l_, 0, 0) * Rz(-phi)});  // front axle -phi
    out.push_back({legs_, W});
    out.push_back({torso_, W * Rz(psi)});
  }

  std::vector<std::string> hud(const Snapshot& s) const override {
    return {format("speed %.2f m/s   heading %.0f deg ccw from +x", std::hypot(s.bodyVelocity(3), s.bodyVelocity(4)), headingDeg(s)),
            format("rotor psi %+.0f deg   wheels phi %+.0f deg", shapeOf(s, "psi", NAN) * 180.0 / M_PI, shapeOf(s, "phi", NAN) * 180.0 / M_PI)};
  }

 private:
  float l_;
  int rotor_, steer_;
  int board_ = 0, truck_ = 0, legs_ = 0, torso_ = 0;
};

std::unique_ptr<VehicleView> makeSnakeboardView(const Simulation& sim) { return std::make_unique<SnakeboardView>(sim); }
const ViewRegistration kSnakeboardView{{"snakeboard"}, makeSnakeboardView};

}  // namespace

}  // namespace lieride::gui
