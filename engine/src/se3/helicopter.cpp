#include "lieride/model/helicopter.hpp"

#include <cmath>

namespace lieride {

Vec6 HelicopterForces::controlWrench(const HelicopterParams& p, double uc, double upsi, double gp, double gr) {
  const double sp = std::sin(gp), cp = std::cos(gp), sr = std::sin(gr), cr = std::cos(gr);
  Vec6 w;
  w << p.hubHeight * sr * uc, p.hubHeight * sp * cr * uc, p.tailArm * upsi,  //
      sp * cr * uc, -sr * uc - upsi, cp * cr * uc;
  return w;
}

Vec6 HelicopterForces::wrench(double, const SE3& g, const Vec6& xi, const InputVec& u) const {
  Vec6 w = Vec6::Zero();
  w.tail<3>() = g.q.conjugate() * Vec3(0.0, 0.0, -p_.mass * p_.gravity);  // R^T (0, 0, -m g)
  if (u.size() >= 4) w += controlWrench(p_, u(kCollective), u(kTail), u(kCyclicPitch), u(kCyclicRoll));
  w.head<3>() -= p_.angularDamping * xi.head<3>();
  w.tail<3>() -= p_.linearDamping * xi.tail<3>();
  return w;
}

}  // namespace lieride
