#include "lieride/model/helicopter.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

Vec6 HelicopterForces::controlWrench(const HelicopterParams& p, double uc, double upsi, double gp, double gr) {
  const double sp = std::sin(gp), cp = std::cos(gp), sr = std::sin(gr), cr = std::cos(gr);
  Vec6 w;
  w << p.hubHeight * sr * uc, p.hubHeight * sp * cr * uc, p.tailArm * upsi,  //
      sp * cr * uc, -sr * uc - upsi, cp * cr * uc;
  return w;
}

std::array<Vec3, 4> HelicopterForces::skidPoints(const HelicopterParams& p) {
  const double a = 0.5 * p.skidLength, b = 0.5 * p.skidTrack, z = -p.skidDepth;
  return {Vec3(a, b, z), Vec3(-a, b, z), Vec3(a, -b, z), Vec3(-a, -b, z)};
}

std::array<Vec3, 9> HelicopterForces::contactPoints(const HelicopterParams& p) {
  const auto s = skidPoints(p);
  return {s[0], s[1], s[2], s[3], Vec3(0.45, 0.0, -0.05), Vec3(-p.tailArm - 0.1, 0.0, 0.12),
          Vec3(0.0, 0.0, p.hubHeight + 0.1), Vec3(0.0, 0.3, 0.05), Vec3(0.0, -0.3, 0.05)};
}

namespace {
// Spring deflection with a C1 start: d^2 / (2 e) for d < e, d - e / 2 beyond; its energy.
double softened(double d, double e) { return d < e ? d * d / (2.0 * e) : d - 0.5 * e; }
double softenedEnergy(double d, double e) { return d < e ? d * d * d / (6.0 * e) : e * e / 6.0 + 0.5 * (d - e) * (d - e) + 0.5 * e * (d - e); }
}  // namespace

Vec6 HelicopterForces::groundWrench(const HelicopterParams& p, const SE3& g, const Vec6& xi) {
  Vec6 w = Vec6::Zero();
  if (!(p.contactStiffness > 0.0)) return w;
  const Mat3 R = g.rotation();
  for (const Vec3& r : contactPoints(p)) {
    const Vec3 world = g.x + R * r;
    if (world.z() >= 0.0) continue;  // in the air: no force, free flight is unchanged
    const Vec3 vBody = xi.tail<3>() + xi.head<3>().cross(r);
    const Vec3 v = R * vBody;  // world velocity of the contact point
    const double d = -world.z();
    const double ramp = std::min(1.0, d / std::max(p.contactSoftening, 1e-12));
    const double normal = std::max(0.0, p.contactStiffness * softened(d, p.contactSoftening) - ramp * p.contactDamping * v.z());
    const Vec2 vt(v.x(), v.y());
    const Vec2 ft = -p.friction * normal * vt / std::sqrt(vt.squaredNorm() + p.frictionSlip * p.frictionSlip);
    const Vec3 fBody = R.transpose() * Vec3(ft.x(), ft.y(), normal);
    w.head<3>() += r.cross(fBody);
    w.tail<3>() += fBody;
  }
  return w;
}

double HelicopterForces::potentialEnergy(const SE3& g) const {
  double v = p_.mass * p_.gravity * g.x.z();
  if (p_.contactStiffness > 0.0)
    for (const Vec3& r : contactPoints(p_)) {
      const double d = -(g.x + g.q * r).z();
      if (d > 0.0) v += p_.contactStiffness * softenedEnergy(d, p_.contactSoftening);
    }
  return v;
}

Vec6 HelicopterForces::wrench(double, const SE3& g, const Vec6& xi, const InputVec& u) const {
  Vec6 w = groundWrench(p_, g, xi);
  w.tail<3>() += g.q.conjugate() * Vec3(0.0, 0.0, -p_.mass * p_.gravity);  // R^T (0, 0, -m g)
  if (u.size() >= 4) w += controlWrench(p_, u(kCollective), u(kTail), u(kCyclicPitch), u(kCyclicRoll));
  w.head<3>() -= p_.angularDamping * xi.head<3>();
  w.tail<3>() -= p_.linearDamping * xi.tail<3>();
  return w;
}

}  // namespace lieride
