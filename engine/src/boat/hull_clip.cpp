#include "lieride/model/hull_clip.hpp"

#include <vector>

namespace lieride {

SubmergedIntegrals submergedInStillWater(const HullMesh& mesh, const Quat& q, const Vec3& x, double level) {
  thread_local std::vector<double> depth;  // grows to the largest hull once per thread
  if (depth.size() < mesh.vertices.size()) depth.resize(mesh.vertices.size());
  const Mat3 R = q.toRotationMatrix();
  const Vec3 zhat = R.row(2).transpose();
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
    depth[i] = level - (x.z() + zhat.dot(mesh.vertices[i]));
  SubmergedIntegrals out;
  clipHull(
      mesh, depth.data(),
      [&](const Vec3& a, const Vec3& b, const Vec3& c, double da, double db, double dc) {
        out.addWet(zhat, a, b, c, da, db, dc);
      },
      [](const Vec3&, const Vec3&, const Vec3&, double, double, double) {});
  return out;
}

}  // namespace lieride
