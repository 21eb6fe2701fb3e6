// The generic view of a vehicle from a description (docs/formats.md section 5, vehicle descriptions):
// the boxes, cylinders (axis along body z) and wheels (axle along body y) its [[parts]] name,
// each turned about z by a shape variable (`turn`) or spinning on its axle (`spin`); driven
// through the generic channel mapping (VehicleView::pilot: the ranged channels on the sticks
// and A/D, W/S, J/L, I/K); HUD lines for its shape variables and inputs.
#include <algorithm>
#include <cmath>

#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

const vec3 kPalette[] = {{0.85f, 0.45f, 0.12f}, {0.14f, 0.34f, 0.72f}, {0.2f, 0.62f, 0.3f}, {0.82f, 0.20f, 0.12f},
                         {0.95f, 0.72f, 0.15f}, {0.55f, 0.3f, 0.7f}};

float at(const std::vector<double>& v, std::size_t i) { return i < v.size() ? static_cast<float>(v[i]) : 0.0f; }

MeshData partMesh(const ReducedPart& p, const vec3& color) {
  const float a = at(p.size, 0), b = at(p.size, 1), c = at(p.size, 2);
  if (p.kind == "wheel") return wheelMesh(a, b);
  MeshData m;
  if (p.kind == "cylinder") {
    m.append(cylinder(a, a, b, 32, color), T(0, 0, -0.5f * b));
    // A stripe across the top shows the part turning.
    m.append(box({1.6f * a, 0.12f * a, 0.01f}, vec3(0.95f)), T(0.1f * a, 0, 0.5f * b + 0.005f));
  } else {
    m.append(box({a, b, c}, color), glm::mat4(1.0f));
    m.append(box({0.12f * a, 0.6f * b, 0.01f}, vec3(0.95f)), T(0.38f * a, 0, 0.5f * c + 0.005f));  // the front
  }
  return m;
}

const ReducedDescription& descriptionOf(const Simulation& sim) {
  return dynamic_cast<const ReducedModel&>(dynamic_cast<const PlanarSimulation&>(sim).model()).description();
}

// The unit of the momentum read-out p = (E^T dl/dxi)_0 (docs/formats.md section 5), with mu =
// dl/dxi in (kg m^2/s, kg m/s, kg m/s) and each constraint row a velocity (its omega entry a
// length, its vx, vy entries pure numbers, as the shipped descriptions write them): no
// constraints, E = identity and p = mu_omega; two, E = w1 x w2 = (number, length, length);
// one, E = e_a x w, (0, w_y, -w_x)-like for a = omega (kg m/s), else with a length.
// "" when no symmetry direction is left (three constraints: no momentum).
std::string momentumUnit(const ReducedDescription& d) {
  if (d.numConstraints >= 3) return "";
  if (d.numConstraints == 1 && d.kernelAxes[0] == 0) return "kg m/s";
  return "kg m^2/s";
}

// The momentum as the HUD prints it: round-off of a zero momentum (-1.4e-15 when the beanie
// spins up from rest) shows as 0. The threshold is relative: 1e-12 of the momentum's scale
// 2 E / |xi| (mu . xi is twice the body's kinetic energy, so |mu| is of that order), so a
// small momentum of a slow vehicle still shows. At rest (xi = 0) the value is shown as is.
double shownMomentum(const Snapshot& s) {
  const double speed = std::sqrt(s.bodyVelocity(2) * s.bodyVelocity(2) + s.bodyVelocity(3) * s.bodyVelocity(3) +
                                 s.bodyVelocity(4) * s.bodyVelocity(4));  // |(omega, vx, vy)|
  if (!(speed > 0.0) || !std::isfinite(s.energy)) return s.momentum;
  return std::abs(s.momentum) < 1e-12 * 2.0 * std::abs(s.energy) / speed ? 0.0 : s.momentum;
}

class DescriptionView final : public VehicleView {
 public:
  explicit DescriptionView(const Simulation& sim)
      : VehicleView(sim),
        parts_(descriptionOf(sim).parts),
        shape_(descriptionOf(sim).shape),
        momentumUnit_(momentumUnit(descriptionOf(sim))) {
    title_ = descriptionOf(sim).name + " (from a vehicle description)";
    traits_.nonholonomic = true;
    traits_.constrained = descriptionOf(sim).numConstraints > 0;  // Elroy's beanie has none
    traits_.hasMomentum = !momentumUnit_.empty();                   // the two-wheeled robot has none
    float reach = 0.3f, top = 0.3f;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const ReducedPart& p = parts_[i];
      addMesh(partMesh(p, kPalette[i % (sizeof kPalette / sizeof kPalette[0])]));
      const float half = 0.5f * std::max({at(p.size, 0), at(p.size, 1), at(p.size, 2)});
      reach = std::max(reach, std::hypot(at(p.at, 0), at(p.at, 1)) + (p.kind == "box" ? half : at(p.size, 0)));
      top = std::max(top, at(p.at, 2));
    }
    if (parts_.empty()) addMesh(sphere(0.3f, 24, 12, vec3(0.55f, 0.56f, 0.58f)));
    traits_.size = 1.6f * reach + 0.6f;
    traits_.focusHeight = 0.5f * top;
  }

  void place(const VehiclePose& pose, std::vector<PartPlacement>& out) const override {
    if (parts_.empty()) return VehicleView::place(pose, out);
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const ReducedPart& p = parts_[i];
      glm::mat4 M = pose.world * T(at(p.at, 0), at(p.at, 1), at(p.at, 2));
      if (p.turn >= 0) M = M * Rz(static_cast<float>(p.turnScale * shape(pose, p.turn)));
      if (p.spin >= 0) M = M * Ry(static_cast<float>(shape(pose, p.spin)));
      out.push_back({static_cast<int>(i), M});
    }
  }

  std::vector<std::string> hud(const Snapshot& s) const override {
    std::vector<std::string> l;
    l.push_back(format("speed %.2f m/s   heading %.0f deg ccw from +x", std::hypot(s.bodyVelocity(3), s.bodyVelocity(4)), headingDeg(s)));
    std::string turn = format("turn rate %+.2f rad/s", s.bodyVelocity(2));
    if (!momentumUnit_.empty())
      turn += format("   momentum %.4g ", shownMomentum(s)) + momentumUnit_;
    l.push_back(turn);
    for (std::size_t i = 0; i < s.shapeNames.size() && i < s.shape.size(); ++i)
      l.push_back(s.shapeNames[i] + format(" %+.3f", s.shape[i]) + (i < shape_.size() && !shape_[i].unit.empty() ? " " + shape_[i].unit : ""));
    // A channel that sets a shape variable carries its name: the shape line above already
    // shows the value (it read "psi -31.661 rad ... psi +0 rad" twice over).
    auto isShapeName = [&](const std::string& name) {
      return std::find(s.shapeNames.begin(), s.shapeNames.end(), name) != s.shapeNames.end();
    };
    for (std::size_t i = 0; i < channels_.size() && i < s.inputs.size(); ++i)
      if (channels_[i].min < channels_[i].max && !isShapeName(channels_[i].name))
        l.push_back(channels_[i].name + format(" %+.3g ", s.inputs[i]) + channels_[i].unit);
    return l;
  }

 private:
  static double shape(const VehiclePose& pose, int index) {
    const auto i = static_cast<std::size_t>(index);
    return i < pose.shape.size() && std::isfinite(pose.shape[i]) ? pose.shape[i] : 0.0;
  }

  std::vector<ReducedPart> parts_;
  std::vector<ReducedShapeVariable> shape_;  // names, ranges and units of the shape variables
  std::string momentumUnit_;                 // "" without a symmetry direction (no momentum)
};

std::unique_ptr<VehicleView> makeDescriptionView(const Simulation& sim) { return std::make_unique<DescriptionView>(sim); }
const ViewRegistration kDescriptionView{{"reduced"}, makeDescriptionView};

}  // namespace

}  // namespace lieride::gui
