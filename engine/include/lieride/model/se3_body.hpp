#pragma once
// A rigid body on SE(3) pushed by a force model (Kobilarov et al. Sec. 4, Eqs. 7-8):
//   J dw/dt = (J w) x w + tau,   m dv/dt = (m v) x w + f,   dR/dt = R hat(w), dx/dt = R v.
// The body momentum is mu = I xi = (J w, m v); the wrench is (tau; f) in the body frame.
#include <memory>

#include "lieride/control/controls.hpp"
#include "lieride/lie/se3.hpp"

namespace lieride {

struct Se3Inertia {
  double mass = 1.0;
  Vec3 principal = Vec3(1.0, 2.0, 3.0);  // J1, J2, J3

  Vec6 diagonal() const { return se3::join(principal, Vec3::Constant(mass)); }
  Vec6 momentum(const Vec6& xi) const { return diagonal().cwiseProduct(xi); }
  Vec6 velocity(const Vec6& mu) const { return mu.cwiseQuotient(diagonal()); }
  double kineticEnergy(const Vec6& xi) const { return 0.5 * xi.dot(momentum(xi)); }
};

// External and control wrench of a vehicle. Implementations: free body (none), helicopter
// (gravity + F(gamma) u + optional damping), boat (hydrostatics, hydrodynamics, wind, thrust).
class Se3ForceModel {
 public:
  virtual ~Se3ForceModel() = default;
  // Body wrench (tau; f) at time t, pose g, body velocity xi, inputs u (channel order).
  virtual Vec6 wrench(double t, const SE3& g, const Vec6& xi, const InputVec& u) const = 0;
  // Whether wrench() depends on xi (damping, drag); integrators then treat it implicitly.
  virtual bool dependsOnVelocity() const = 0;
  // Potential energy V(g) of the conservative part (gravity, buoyancy), so E = T + V.
  virtual double potentialEnergy(const SE3& g) const = 0;
  // True if, with all inputs zero, the model conserves E (no damping/drag/waves).
  virtual bool conservativeWithoutInputs() const = 0;
  virtual std::unique_ptr<Se3ForceModel> clone() const = 0;
};

class NoForces final : public Se3ForceModel {
 public:
  Vec6 wrench(double, const SE3&, const Vec6&, const InputVec&) const override { return Vec6::Zero(); }
  bool dependsOnVelocity() const override { return false; }
  double potentialEnergy(const SE3&) const override { return 0.0; }
  bool conservativeWithoutInputs() const override { return true; }
  std::unique_ptr<Se3ForceModel> clone() const override { return std::make_unique<NoForces>(); }
};

// Dynamics bundle the SE(3) integrators evaluate: inertia, wrench and inputs.
struct Se3Dynamics {
  Se3Inertia inertia;
  const Se3ForceModel* forces = nullptr;
  const ControlSet* controls = nullptr;

  Vec6 wrench(double t, const SE3& g, const Vec6& xi) const {
    return forces->wrench(t, g, xi, controls->values(t));
  }
  // d xi/dt = I^{-1} (ad_xi^T I xi + wrench)  (Eq. 8)
  Vec6 acceleration(double t, const SE3& g, const Vec6& xi) const;
  // d(acceleration)/d xi: analytic for the gyroscopic part, central differences for a
  // velocity-dependent wrench.
  Mat6 accelerationJacobian(double t, const SE3& g, const Vec6& xi) const;
};

}  // namespace lieride
