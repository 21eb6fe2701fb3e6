// The car (docs/models.md section 4; Kobilarov et al. 5.2.1): right trigger drive torque, left
// trigger brake (reverse when stopped), left stick steering angle, which the steering-rate
// input servoes the wheels to (they centre on release). Wheelbase, wheel radius and steering
// limit are the model's (CarParams); torque and rate limits the engine descriptor's ranges.
#include <cmath>

#include "lieride/model/car.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

const vec3 kBlue(0.14f, 0.34f, 0.72f), kGlass(0.10f, 0.16f, 0.26f), kWhite(0.92f, 0.92f, 0.90f);

// Reference point: rear-axle midpoint on the ground plane.
MeshData carBody(const CarParams& p) {
  MeshData m;
  const float l = static_cast<float>(p.wheelbase), r = static_cast<float>(p.wheelRadius);
  const float len = l + 1.6f, x0 = -0.8f;
  m.append(box({len, 1.76f, 0.55f}, kBlue), T(x0 + 0.5f * len, 0, r + 0.2f));
  m.append(box({0.52f * len, 1.5f, 0.5f}, kBlue), T(x0 + 0.45f * len, 0, r + 0.7f));
  m.append(box({0.5f * len, 1.52f, 0.36f}, kGlass), T(x0 + 0.45f * len, 0, r + 0.7f));  // windows band
  m.append(box({0.05f, 1.4f, 0.12f}, kWhite), T(x0 + len, 0, r + 0.28f));              // front lights bar
  m.append(box({0.05f, 1.5f, 0.1f}, vec3(0.8f, 0.05f, 0.05f)), T(x0, 0, r + 0.32f));  // rear lights
  return m;
}

const CarParams& paramsOf(const Simulation& sim) {
  return dynamic_cast<const CarModel&>(dynamic_cast<const PlanarSimulation&>(sim).model()).params();
}

class CarView final : public VehicleView {
 public:
  explicit CarView(const Simulation& sim)
      : VehicleView(sim), p_(paramsOf(sim)), drive_(channel("drive_torque")), steer_(channel("steer_rate")) {
    traits_.size = static_cast<float>(p_.wheelbase) + 2.8f;
    traits_.focusHeight = 0.8f;
    traits_.nonholonomic = true;
    body_ = addMesh(carBody(p_));
    wheel_ = addMesh(wheelMesh(static_cast<float>(p_.wheelRadius), 0.24f));
  }

  bool needsState(bool) const override { return true; }

  void pilot(const PilotAxes& a, bool, Simulation& sim, const Snapshot* s) const override {
    // Full drive torque at the rear wheels; the left trigger brakes against the rolling
    // direction and reverses (at 2/3 of the drive torque) once the car is (nearly) stopped.
    const ChannelInfo& d = channels_[static_cast<std::size_t>(drive_)];
    const double vx = s ? s->bodyVelocity(3) : 0.0;
    const double drive = clampd(a.rt + std::max(0.0f, a.ly) + std::max(0.0f, a.ry), 0.0, 1.0);
    const double brake = clampd(a.lt + std::max(0.0f, -a.ly) + std::max(0.0f, -a.ry), 0.0, 1.0);
    double torque = d.max * drive;
    if (brake > 0) torque += (vx > 0.3 ? d.min : -2.0 / 3.0 * d.max) * brake;
    set(sim, drive_, torque);
    // The stick commands a steering angle (stick left = turn left); the rate input servoes
    // sigma = tan(angle) to it, so released keys bring the wheels back to centre.
    const double sigma = s ? shapeOf(*s, "sigma") : 0.0;
    const double want = std::tan(0.9 * p_.maxSteer * clampd(-(a.lx + a.rx), -1.0, 1.0));
    const ChannelInfo& r = channels_[static_cast<std::size_t>(steer_)];
    set(sim, steer_, clampd(4.0 * (want - sigma), r.min, r.max));
  }

  HelpLines help(bool) const override {
    const ChannelInfo& d = channels_[static_cast<std::size_t>(drive_)];
    return {{"Right trigger  (W / Up)", format("drive torque f_psi, up to %.4g N m by hand (a scene's script may use more)", d.max)},
            {"Left trigger  (S / Down)", format("brake (%.4g N m), then reverse", -d.min)},
            {"Left stick left/right  (A/D)", format("steering angle up to %.0f deg (wheels centre on release)",
                                                    0.9 * p_.maxSteer * 180.0 / M_PI)}};
  }

  void place(const VehiclePose& p, std::vector<PartPlacement>& out) const override {
    const glm::mat4& W = p.world;
    out.push_back({body_, W});
    const auto psi = static_cast<float>(shapeOf(p, "psi"));
    const auto phi = static_cast<float>(std::atan(shapeOf(p, "sigma")));
    const auto l = static_cast<float>(p_.wheelbase), r = static_cast<float>(p_.wheelRadius);
    for (float y : {-0.78f, 0.78f}) {
      out.push_back({wheel_, W * T(0, y, r) * Ry(psi)});
      out.push_back({wheel_, W * T(l, y, r) * Rz(phi) * Ry(psi)});
    }
  }

  std::vector<std::string> hud(const Snapshot& s) const override {
    const double torque = drive_ >= 0 && static_cast<std::size_t>(drive_) < s.inputs.size() ? s.inputs[static_cast<std::size_t>(drive_)] : NAN;
    return {format("speed %.2f m/s   heading %.0f deg ccw from +x", s.bodyVelocity(3), headingDeg(s)),
            format("steering %+.1f deg", std::atan(shapeOf(s, "sigma", NAN)) * 180.0 / M_PI),  // sigma = tan(steering angle)
            format("drive torque %.0f N m", torque)};
  }

 private:
  CarParams p_;
  int drive_, steer_;
  int body_ = 0, wheel_ = 0;
};

std::unique_ptr<VehicleView> makeCarView(const Simulation& sim) { return std::make_unique<CarView>(sim); }
const ViewRegistration kCarView{{"car"}, makeCarView};

}  // namespace

}  // namespace lieride::gui
