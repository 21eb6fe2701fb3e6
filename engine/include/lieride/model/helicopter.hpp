#pragma once
// Simple helicopter (Kobilarov et al. 4.3.1; docs/models.md section 2): a rigid body with gravity,
// the control wrench F(gamma) u and optional body damping (a flight assist).
#include "lieride/model/se3_body.hpp"

namespace lieride {

struct HelicopterParams {
  double mass = 5.0;
  Vec3 inertia = Vec3(0.15, 0.25, 0.20);
  double hubHeight = 0.25;       // d_t
  double tailArm = 0.9;          // d_r
  double linearDamping = 0.0;    // c_v: f = -c_v v
  double angularDamping = 0.0;   // c_w: tau = -c_w w
  double gravity = 9.81;
};

// Input channels, in this order: collective u_c (N), tail u_psi (N), cyclic_pitch gamma_p
// (rad), cyclic_roll gamma_r (rad).
enum HelicopterChannel { kCollective = 0, kTail = 1, kCyclicPitch = 2, kCyclicRoll = 3 };

class HelicopterForces final : public Se3ForceModel {
 public:
  explicit HelicopterForces(HelicopterParams p) : p_(p) {}
  Vec6 wrench(double t, const SE3& g, const Vec6& xi, const InputVec& u) const override;
  bool dependsOnVelocity() const override { return p_.linearDamping != 0.0 || p_.angularDamping != 0.0; }
  double potentialEnergy(const SE3& g) const override { return p_.mass * p_.gravity * g.x.z(); }
  bool conservativeWithoutInputs() const override { return !dependsOnVelocity(); }
  std::unique_ptr<Se3ForceModel> clone() const override { return std::make_unique<HelicopterForces>(*this); }
  const HelicopterParams& params() const { return p_; }

  // F(gamma) u: tau = (d_t sin gr uc, d_t sin gp cos gr uc, d_r upsi),
  //             f = (sin gp cos gr uc, -sin gr uc - upsi, cos gp cos gr uc).
  static Vec6 controlWrench(const HelicopterParams& p, double uc, double upsi, double gp, double gr);

 private:
  HelicopterParams p_;
};

}  // namespace lieride
