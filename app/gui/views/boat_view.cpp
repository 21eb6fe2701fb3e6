// The boat (docs/models.md section 3; docs/boat.md): right trigger / left stick throttle, right
// stick differential thrust. What is drawn is the simulated hull itself (the box of the
// defaults or the OBJ mesh [vehicle.hull] names), antifouling below z = 0, with a deck
// house on top and the thrusters where the model puts them; thrust limits are the model's.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lieride/model/boat.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

const vec3 kWhite(0.92f, 0.92f, 0.90f), kRed(0.7f, 0.14f, 0.1f);
const vec3 kGlass(0.10f, 0.16f, 0.26f), kDark(0.12f, 0.12f, 0.14f);
constexpr float kPi = 3.14159265f;

glm::vec3 toGlm(const Vec3& v) { return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())}; }

// The part of a polygon on one side of the plane z = level (Sutherland-Hodgman).
std::vector<vec3> clipZ(const std::vector<vec3>& poly, float level, bool below) {
  std::vector<vec3> out;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const vec3 &a = poly[i], &b = poly[(i + 1) % poly.size()];
    const bool ina = below ? a.z <= level : a.z >= level, inb = below ? b.z <= level : b.z >= level;
    if (ina) out.push_back(a);
    if (ina != inb) out.push_back(a + (b - a) * ((level - a.z) / (b.z - a.z)));
  }
  return out;
}

// The hull's triangles with flat normals, cut at the body's z = 0 (the waterline at rest, near
// enough): antifouling red below, white above.
MeshData hullMesh(const HullMesh& h) {
  MeshData m;
  for (const auto& t : h.triangles) {
    const std::vector<vec3> tri = {toGlm(h.vertices[static_cast<std::size_t>(t[0])]), toGlm(h.vertices[static_cast<std::size_t>(t[1])]),
                                   toGlm(h.vertices[static_cast<std::size_t>(t[2])])};
    const vec3 n = glm::normalize(glm::cross(tri[1] - tri[0], tri[2] - tri[0]));
    for (const bool below : {true, false}) {
      const std::vector<vec3> part = clipZ(tri, 0.0f, below);
      if (part.size() < 3) continue;
      const auto base = static_cast<unsigned>(m.vertices.size());
      for (const vec3& p : part) m.vertices.push_back({p, n, below ? kRed : kWhite});
      for (unsigned k = 1; k + 1 < part.size(); ++k) m.indices.insert(m.indices.end(), {base, base + k, base + k + 1});
    }
  }
  return m;
}

const BoatParams& paramsOf(const Simulation& sim) {
  return dynamic_cast<const BoatForces&>(dynamic_cast<const Se3Simulation&>(sim).forceModel()).params();
}

class BoatView final : public VehicleView {
 public:
  explicit BoatView(const Simulation& sim)
      : VehicleView(sim), right_(channel("thrust_right")), left_(channel("thrust_left")) {
    const BoatParams& p = paramsOf(sim);
    Vec3 lo = Vec3::Constant(1e300), hi = Vec3::Constant(-1e300);
    for (const Vec3& v : p.hull.vertices) {
      lo = lo.cwiseMin(v);
      hi = hi.cwiseMax(v);
    }
    const auto L = static_cast<float>(hi.x() - lo.x()), B = static_cast<float>(hi.y() - lo.y());
    const vec3 mid = 0.5f * (toGlm(lo) + toGlm(hi));
    const auto top = static_cast<float>(hi.z());
    MeshData m = hullMesh(p.hull);
    m.append(box({0.32f * L, 0.7f * B, 0.55f}, kWhite), T(mid.x + 0.05f * L, mid.y, top + 0.27f));  // deck house
    m.append(box({0.33f * L, 0.71f * B, 0.18f}, kGlass), T(mid.x + 0.05f * L, mid.y, top + 0.36f));
    for (const auto& c : {p.thrusters.right, p.thrusters.left})
      m.append(cylinder(0.09f, 0.07f, 0.35f, 14, kDark), T(static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z())) * Ry(kPi / 2));
    addMesh(std::move(m));
    traits_.size = L + 2.5f;
    traits_.focusHeight = 0.6f;
    traits_.pilotOverScript = true;
    // The steady wind and current the model applies (docking fights them): said in the HUD,
    // which otherwise showed no trace of either. Directions as the headings: ccw from +x.
    const Vec3 wind = p.wind.velocity();
    const Vec2 current = p.water.current;
    auto towards = [](double x, double y) { return std::atan2(y, x) * 180.0 / kPi; };
    if (p.wind.speed > 0.0 && p.wind.dragCoefficient > 0.0)
      weather_ += format("wind %.1f m/s towards %.0f deg", p.wind.speed, towards(wind.x(), wind.y()));
    if (current.norm() > 0.0)
      weather_ += (weather_.empty() ? "" : "   ") + format("current %.2f m/s towards %.0f deg", current.norm(), towards(current.x(), current.y()));
  }

  void pilot(const PilotAxes& a, bool, Simulation& sim, const Snapshot*) const override {
    // Turning left (stick left) pushes harder on the right thruster; each thruster runs from
    // its reverse limit (stick back) through zero to its forward limit.
    const double throttle = clampd(a.rt - a.lt + a.ly + a.ry, -1.0, 1.0);
    const double turn = clampd(a.rx + a.lx, -1.0, 1.0);
    set(sim, right_, scaled(right_, throttle - 0.7 * turn));
    set(sim, left_, scaled(left_, throttle + 0.7 * turn));
  }

  HelpLines help(bool) const override {
    const ChannelInfo& r = channels_[static_cast<std::size_t>(right_)];
    return {{"Right trigger / left stick up  (W)", format("throttle, both thrusters, up to %.4g N each", r.max)},
            {"Left trigger / left stick down  (S)", format("reverse, up to %.4g N", -r.min)},
            {"Right stick left/right  (A/D)", "differential thrust (turn)"}};
  }

  std::vector<std::string> hud(const Snapshot& s) const override {
    const Vec3 vw = worldVelocity(s);
    auto input = [&](int i) { return i >= 0 && static_cast<std::size_t>(i) < s.inputs.size() ? s.inputs[static_cast<std::size_t>(i)] : NAN; };
    std::vector<std::string> lines = {format("speed %.2f m/s   heading %.0f deg ccw from +x", std::hypot(vw.x(), vw.y()), headingDeg(s)),
                                      format("thrust right %.0f N   left %.0f N", input(right_), input(left_))};
    if (!weather_.empty()) lines.push_back(weather_);
    return lines;
  }

 private:
  int right_, left_;
  std::string weather_;  // the wind and current, if any
};

std::unique_ptr<VehicleView> makeBoatView(const Simulation& sim) { return std::make_unique<BoatView>(sim); }
const ViewRegistration kBoatView{{"boat"}, makeBoatView};

}  // namespace

}  // namespace lieride::gui
