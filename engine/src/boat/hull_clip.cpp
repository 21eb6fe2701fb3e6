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
      mesh, depth.data(), nullptr,
      [&](const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) { out.addWet(zhat, areaVector(a, b, c), a, b, c); },
      [](const ClipVertex&, const ClipVertex&, const ClipVertex&) {});
  return out;
}

}  // namespace lieride
