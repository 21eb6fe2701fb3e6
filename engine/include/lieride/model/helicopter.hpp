#pragma once
// Simple helicopter (Kobilarov et al. 4.3.1; docs/models.md section 2): a rigid body with gravity,
// the control wrench F(gamma) u, a small body drag, and skids that touch the ground z = 0
// (a stiff damped contact at four skid points with regularised Coulomb friction; docs/formats.md
// section 2). The contact force is zero while every skid point is above the ground, so free
// flight is the model of the paper plus drag.
#include <array>

#include "lieride/model/se3_body.hpp"

namespace lieride {

struct HelicopterParams {
  double mass = 5.0;
  Vec3 inertia = Vec3(0.15, 0.25, 0.20);
  double hubHeight = 0.25;       // d_t
  double tailArm = 0.9;          // d_r
  double linearDamping = 0.0;    // c_v: f = -c_v v (aerodynamic drag, N s/m); docs/models.md default 0
  double angularDamping = 0.0;   // c_w: tau = -c_w w (N m s); docs/models.md default 0
  double gravity = 9.81;
  // Skids: contact points (body frame) at x = +-skidLength/2, y = +-skidTrack/2, z = -skidDepth.
  double skidDepth = 0.28, skidLength = 0.7, skidTrack = 0.5;
  double contactStiffness = 0.0;  // k per skid point (N/m); 0 (default) = no ground, as in docs/models.md
  double contactDamping = 110.0;    // c per skid point (N s/m), acts only while in contact
  double friction = 0.6;            // Coulomb coefficient mu
  double frictionSlip = 0.2;        // m/s: friction reaches mu N at this sliding speed
  double contactSoftening = 0.002;  // m: the spring force grows smoothly over the first 2 mm
};

// Input channels, in this order: collective u_c (N), tail u_psi (N), cyclic_pitch gamma_p
// (rad), cyclic_roll gamma_r (rad).
enum HelicopterChannel { kCollective = 0, kTail = 1, kCyclicPitch = 2, kCyclicRoll = 3 };

class HelicopterForces final : public Se3ForceModel {
 public:
  explicit HelicopterForces(HelicopterParams p) : p_(p) {}
  Vec6 wrench(double t, const SE3& g, const Vec6& xi, const InputVec& u) const override;
  bool dependsOnVelocity() const override {
    return p_.linearDamping != 0.0 || p_.angularDamping != 0.0 || p_.contactStiffness > 0.0;
  }
  // m g z plus the elastic energy k d^2 / 2 of each skid point pressed d into the ground.
  double potentialEnergy(const SE3& g) const override;
  bool conservativeWithoutInputs() const override { return !dependsOnVelocity(); }
  std::unique_ptr<Se3ForceModel> clone() const override { return std::make_unique<HelicopterForces>(*this); }
  const HelicopterParams& params() const { return p_; }

  // F(gamma) u: tau = (d_t sin gr uc, d_t sin gp cos gr uc, d_r upsi),
  //             f = (sin gp cos gr uc, -sin gr uc - upsi, cos gp cos gr uc).
  static Vec6 controlWrench(const HelicopterParams& p, double uc, double upsi, double gp, double gr);
  // Body wrench of the ground: at each contact point r_i pressed d_i = -z_i > 0 into the ground,
  // normal force N_i = max(0, k s(d_i) + c ddot_i) with s(d) = d^2 / (2 e) below the softening
  // depth e and d - e/2 beyond (C1, so Newton-based integrators converge at touchdown), and
  // friction -mu N_i v_t / sqrt(|v_t|^2 + s^2) (v_t the point's horizontal velocity,
  // s = frictionSlip). Zero when every point is above z = 0.
  static Vec6 groundWrench(const HelicopterParams& p, const SE3& g, const Vec6& xi);
  // The four skid points in the body frame.
  static std::array<Vec3, 4> skidPoints(const HelicopterParams& p);
  // Every contact point: the skids, then nose, tail tip, mast top and the cabin's sides (so a
  // helicopter that tips over rests on its side or back instead of sinking).
  static std::array<Vec3, 9> contactPoints(const HelicopterParams& p);

 private:
  HelicopterParams p_;
};

}  // namespace lieride
