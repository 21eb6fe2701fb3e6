#pragma once
// Solid obstacles for the boat (docs/boat.md, "Obstacles"): world-frame boxes (a pier, a quay,
// harbour walls) pushing on the hull vertices with a stiff damped spring. A hull vertex at
// world point P inside a box, at depth d below the nearest face (outward normal n), feels
//   F = max(0, k d - c (Pdot . n)) n,    Pdot = R (v + w x r),
// applied at the vertex; the conservative part derives from V = sum 1/2 k d^2 (added to the
// boat's potential energy). The contact pushes, never pulls.
#include <string>
#include <vector>

#include "lieride/lie/se3.hpp"

namespace lieride {

struct BoxObstacle {
  std::string name;
  Vec3 center = Vec3::Zero();  // world frame, m
  Vec3 size = Vec3::Ones();    // extent along the box's own x, y, z (yaw about world z), m
  double yaw = 0.0;            // rad
};

struct ContactParams {
  // Defaults: the default boat (800 kg, box 4 x 1.6 x 1) with two vertices of a corner in
  // contact has omega = 21 rad/s and damping ratio 0.4, so the explicit force evaluation of
  // the schemes is stable for h up to about 0.09 s (docs/boat.md, "Obstacles").
  double stiffness = 5.0e4;  // k, N/m per hull vertex in contact
  double damping = 2.0e3;    // c, N s/m per hull vertex (acting on the normal velocity)
};

// Penetration of world point p into box b: true with depth > 0 and the outward unit normal
// (world frame) of the nearest face if p is strictly inside.
bool boxPenetration(const BoxObstacle& b, const Vec3& p, double& depth, Vec3& normal);

// Body wrench (tau; f) of the contacts of the hull vertices (body frame, about the origin) at
// pose g and body velocity xi, and its potential sum 1/2 k d^2. Allocates nothing.
Vec6 obstacleWrench(const std::vector<Vec3>& hullVertices, const std::vector<BoxObstacle>& obstacles,
                    const ContactParams& contact, const SE3& g, const Vec6& xi);
double obstaclePotential(const std::vector<Vec3>& hullVertices, const std::vector<BoxObstacle>& obstacles,
                         const ContactParams& contact, const SE3& g);

}  // namespace lieride
