#pragma once
// The boat of Kobilarov et al. 4.3.2 (docs/models.md section 3): a rigid body with a hull mesh,
// gravity, buoyancy rho_w g V_sub at the centroid of the submerged volume, the hydrodynamic
// patch forces of Eq. 15, wind drag on the part above water, and two thrusters.
//
// Eq. 15, with f_h(r) = -E (rdot - R^T eta(x + R r)) - P n and rdot = v + w x r:
//   (tau; f)_hydro = (1/A) int_wet (r x f_h; f_h) dA,   A = wetted area,
// integrated per wet triangle with the edge-midpoint rule (exact for the quadratic r x E(w x r)
// term), eta sampled at the hull vertices and interpolated linearly over each wet piece. Because of the 1/A, E is the damping matrix
// of the whole boat (N s/m): in steady straight motion the drag is exactly -E v.
// Wind: each dry patch (area vector a, centroid c) with relative air velocity
// u = R^T w_wind - (v + w x c) facing it feels 1/2 rho_a C_d max(0, -a.u) u (projected-area
// drag along the relative wind).
// Thrusters at c_r, c_l push along body +x: (c_i x (u_i,0,0); (u_i,0,0)), u_i clamped to
// [min_thrust, max_thrust].
#include <cstdint>
#include <memory>
#include <vector>

#include "lieride/model/boat_contact.hpp"
#include "lieride/model/hull.hpp"
#include "lieride/model/hull_clip.hpp"
#include "lieride/model/se3_body.hpp"
#include "lieride/model/water.hpp"

namespace lieride {

struct WindParams {
  double speed = 0.0;                   // m/s
  Vec2 direction = Vec2(1.0, 0.0);      // direction the wind blows towards (world x, y)
  double airDensity = 1.225;            // kg/m^3
  double dragCoefficient = 1.0;         // C_d on the projected dry area
  Vec3 velocity() const {
    const Vec2 d = direction.stableNormalized() * speed;  // stable: [1e160, 1e160] overflowed to a calm
    return Vec3(d.x(), d.y(), 0.0);
  }
};

struct ThrusterParams {
  Vec3 right = Vec3(-2.0, -0.6, -0.45);  // c_r, body frame (y points to port/left)
  Vec3 left = Vec3(-2.0, 0.6, -0.45);    // c_l
  double maxThrust = 500.0;              // N, per thruster
  double minThrust = -250.0;             // N (reverse)
};

struct BoatParams {
  double mass = 800.0;
  HullMesh hull;                 // body coordinates, origin at the centre of mass
  Mat3 damping = Vec3(300.0, 1500.0, 3000.0).asDiagonal();  // E, body frame, N s/m
  double pressure = 0.0;         // P, Pa
  WaterParams water;
  WindParams wind;
  ThrusterParams thrusters;
  std::vector<BoxObstacle> obstacles;  // solid boxes (none by default: open water)
  ContactParams contact;               // the hull vertices' spring against them
};

// Input channels, in this order.
enum BoatChannel { kThrustRight = 0, kThrustLeft = 1 };

// A wetted patch for drawing and diagnostics (body frame).
struct WetPatch {
  Vec3 center;
  Vec3 normal;   // outward
  double area;
};

class BoatForces final : public Se3ForceModel {
 public:
  // Throws std::invalid_argument if a parameter is out of range (E not symmetric positive
  // semidefinite, thrust limits inverted, bad water) and HullError for a bad hull.
  explicit BoatForces(BoatParams p);

  Vec6 wrench(double t, const SE3& g, const Vec6& xi, const InputVec& u) const override;
  bool dependsOnVelocity() const override { return true; }
  // Gravity m g z plus the hydrostatic potential -rho_w g int_sub (z - level) dV of still
  // water at the mean level (waves and currents do work, so E is not conserved with them).
  double potentialEnergy(const SE3& g) const override;
  bool conservativeWithoutInputs() const override;
  std::unique_ptr<Se3ForceModel> clone() const override { return std::make_unique<BoatForces>(*this); }

  const BoatParams& params() const { return p_; }
  const HullMesh& hull() const { return p_.hull; }
  const WaterSurface& water() const { return water_; }

  // The submerged part at (t, g) against the actual surface.
  SubmergedIntegrals submerged(double t, const SE3& g) const;
  // The wetted patches at (t, g) (allocates; for drawing and tests).
  std::vector<WetPatch> wettedPatches(double t, const SE3& g) const;
  // Individual wrench terms (body frame), for tests and diagnostics.
  Vec6 hydrostaticWrench(double t, const SE3& g) const;     // gravity + buoyancy
  Vec6 hydrodynamicWrench(double t, const SE3& g, const Vec6& xi) const;
  Vec6 windWrench(double t, const SE3& g, const Vec6& xi) const;
  Vec6 thrustWrench(const InputVec& u) const;
  Vec6 contactWrench(const SE3& g, const Vec6& xi) const;  // obstacles (boat_contact.hpp)
  // Height of the body origin at which the hull floats in still water with orientation q
  // (bisection on V_sub = m / rho_w); NaN if the whole hull displaces less than m.
  double equilibriumHeight(const Quat& q) const;

 private:
  struct Geometry;
  const Geometry& geometry(double t, const SE3& g) const;

  BoatParams p_;
  WaterSurface water_;
  Mat3 dampingHat_[3][3];  // hat(e_k) E hat(e_l): int hat(r) E hat(r) = sum Q_kl H_kl
  std::uint64_t id_;
};

}  // namespace lieride
