// The free rigid body (docs/models.md section 1): a uniform box whose principal moments have the
// ratios of the body's inertia, with coloured caps on each axis (x red, y green, z blue) that
// show the tumbling. It floats in space: no ground, a fixed chase heading.
#include <cmath>

#include "lieride/sim/se3_simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

// a^2 = 6 (J2 + J3 - J1) / m etc.: the box with these principal moments, scaled to 1.3 m.
MeshData inertiaBox(const Vec3& J) {
  Vec3 d(J.y() + J.z() - J.x(), J.x() + J.z() - J.y(), J.x() + J.y() - J.z());
  for (int i = 0; i < 3; ++i) d(i) = std::sqrt(std::max(d(i), 0.02 * J.maxCoeff()));
  d *= 1.3 / d.maxCoeff();
  const vec3 s(static_cast<float>(d.x()), static_cast<float>(d.y()), static_cast<float>(d.z()));
  MeshData m;
  m.append(box(s, vec3(0.85f, 0.83f, 0.78f)), glm::mat4(1.0f));
  m.append(box({0.01f, s.y * 0.8f, s.z * 0.8f}, vec3(0.85f, 0.2f, 0.15f)), T(0.5f * s.x + 0.004f, 0, 0));
  m.append(box({s.x * 0.8f, 0.01f, s.z * 0.8f}, vec3(0.2f, 0.7f, 0.25f)), T(0, 0.5f * s.y + 0.004f, 0));
  m.append(box({s.x * 0.8f, s.y * 0.8f, 0.01f}, vec3(0.2f, 0.35f, 0.85f)), T(0, 0, 0.5f * s.z + 0.004f));
  m.append(box({0.01f, s.y * 0.8f, s.z * 0.8f}, vec3(0.5f, 0.12f, 0.1f)), T(-0.5f * s.x - 0.004f, 0, 0));
  m.append(box({s.x * 0.8f, 0.01f, s.z * 0.8f}, vec3(0.12f, 0.4f, 0.15f)), T(0, -0.5f * s.y - 0.004f, 0));
  m.append(box({s.x * 0.8f, s.y * 0.8f, 0.01f}, vec3(0.12f, 0.2f, 0.5f)), T(0, 0, -0.5f * s.z - 0.004f));
  return m;
}

class RigidBodyView final : public VehicleView {
 public:
  explicit RigidBodyView(const Simulation& sim) : VehicleView(sim) {
    traits_.freeBody = true;
    addMesh(inertiaBox(dynamic_cast<const Se3Simulation&>(sim).inertia().principal));
  }
};

std::unique_ptr<VehicleView> makeRigidBodyView(const Simulation& sim) { return std::make_unique<RigidBodyView>(sim); }
const ViewRegistration kRigidBodyView{{"rigid-body"}, makeRigidBodyView};

}  // namespace

}  // namespace lieride::gui
