// Boat against box obstacles: a stiff damped spring at each hull vertex (boat_contact.hpp).
#include "lieride/model/boat_contact.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

namespace {
// Largest distance of a hull vertex from the body origin: a box farther than this plus its
// own half-diagonal from the origin cannot touch the hull.
double hullRadius(const std::vector<Vec3>& vertices) {
  double r = 0.0;
  for (const Vec3& v : vertices) r = std::max(r, v.norm());
  return r;
}

bool mayTouch(const BoxObstacle& b, const Vec3& origin, double radius) {
  return (origin - b.center).norm() <= radius + 0.5 * b.size.norm();
}
}  // namespace

bool boxPenetration(const BoxObstacle& b, const Vec3& p, double& depth, Vec3& normal) {
  const double c = std::cos(b.yaw), s = std::sin(b.yaw);
  const Vec3 d = p - b.center;
  const Vec3 q(c * d.x() + s * d.y(), -s * d.x() + c * d.y(), d.z());  // box frame
  int axis = -1;
  depth = INFINITY;
  for (int i = 0; i < 3; ++i) {
    const double gap = 0.5 * b.size(i) - std::abs(q(i));
    if (!(gap > 0.0)) return false;
    if (gap < depth) {
      depth = gap;
      axis = i;
    }
  }
  Vec3 local = Vec3::Zero();
  local(axis) = q(axis) >= 0.0 ? 1.0 : -1.0;
  normal = Vec3(c * local.x() - s * local.y(), s * local.x() + c * local.y(), local.z());
  return true;
}

Vec6 obstacleWrench(const std::vector<Vec3>& hullVertices, const std::vector<BoxObstacle>& obstacles,
                    const ContactParams& contact, const SE3& g, const Vec6& xi) {
  Vec6 w = Vec6::Zero();
  if (obstacles.empty()) return w;
  const double radius = hullRadius(hullVertices);
  const Mat3 R = g.q.toRotationMatrix();
  const Vec3 omega = xi.head<3>(), v = xi.tail<3>();
  for (const BoxObstacle& b : obstacles) {
    if (!mayTouch(b, g.x, radius)) continue;
    for (const Vec3& r : hullVertices) {
      double depth;
      Vec3 n;
      if (!boxPenetration(b, R * r + g.x, depth, n)) continue;
      const double outwardSpeed = (R * (v + omega.cross(r))).dot(n);  // < 0: entering further
      const double push = std::max(0.0, contact.stiffness * depth - contact.damping * outwardSpeed);
      const Vec3 f = R.transpose() * (push * n);
      w.head<3>() += r.cross(f);
      w.tail<3>() += f;
    }
  }
  return w;
}

double obstaclePotential(const std::vector<Vec3>& hullVertices, const std::vector<BoxObstacle>& obstacles,
                         const ContactParams& contact, const SE3& g) {
  if (obstacles.empty()) return 0.0;
  const double radius = hullRadius(hullVertices);
  const Mat3 R = g.q.toRotationMatrix();
  double V = 0.0;
  for (const BoxObstacle& b : obstacles) {
    if (!mayTouch(b, g.x, radius)) continue;
    for (const Vec3& r : hullVertices) {
      double depth;
      Vec3 n;
      if (boxPenetration(b, R * r + g.x, depth, n)) V += 0.5 * contact.stiffness * depth * depth;
    }
  }
  return V;
}

}  // namespace lieride
