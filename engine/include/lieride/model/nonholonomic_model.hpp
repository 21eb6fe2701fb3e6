#pragma once
// Nonholonomic vehicles (docs/models.md sections 4-7) in a common coordinate form used by every
// nonholonomic integrator:
//   coordinates q in R^n, constant kinetic metric M (L = 1/2 qdot^T M qdot),
//   linear constraints mu(q) qdot = 0, generalized input forces F(q, inputs),
//   and some coordinates that are prescribed by inputs instead of dynamics (the car's
//   sigma follows the steering rate; a snakeboard gait prescribes psi and phi).
// Each model also carries its reduced continuous equations (for the RK baselines), its
// energy, nonholonomic momentum and constraint residuals. Planar models use the SE(2)
// convention of docs/models.md: q = (theta, x, y, shape...).
#include <memory>
#include <string>
#include <vector>

#include "lieride/control/controls.hpp"
#include "lieride/lie/se2.hpp"
#include "lieride/lie/types.hpp"

namespace lieride {

class LieNhVehicle;
class NhIntegrator;
struct NhIntegratorSettings;

// Heap-free dynamic vectors/matrices (at most 8 coordinates).
using NVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 8, 1>;
using NMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 8, 8>;

// Continuous state: coordinates and coordinate velocities.
struct NhState {
  NVec q;
  NVec qdot;
};

class NhModel {
 public:
  virtual ~NhModel() = default;
  virtual std::unique_ptr<NhModel> clone() const = 0;

  virtual std::string type() const = 0;
  virtual std::vector<std::string> channels() const = 0;
  virtual int dim() const = 0;
  virtual int numConstraints() const = 0;
  // Constant kinetic metric in model coordinates.
  virtual const NMat& mass() const = 0;
  // mu(q), numConstraints() x dim(); each row a residual in m/s or rad/s (docs/models.md).
  virtual void constraints(const NVec& q, NMat& mu) const = 0;
  // Generalized input force (zero rows on prescribed coordinates).
  virtual void force(const NVec& q, const InputVec& inputs, NVec& F) const;

  // Prescribed coordinates. Decided once the controls are known (configure()).
  virtual void configure(const ControlSet&) {}
  virtual bool prescribed(int) const { return false; }
  // Sets the prescribed coordinates of s (values and rates) at time t1 = t0 + h, given
  // their values at t0 in s. Discrete integrators advance them with this.
  virtual void advancePrescribed(double /*t0*/, double /*h*/, const ControlSet&, NhState&) const {}
  // The prescribed rates at time t (into qdot).
  virtual void prescribedRates(double /*t*/, const NVec& /*q*/, const ControlSet&, NVec& /*qdot*/) const {}

  // Reduced continuous equations y' = f(t, y) (Lagrange-d'Alembert, docs/models.md).
  virtual int reducedDim() const = 0;
  virtual NVec toReduced(double t, const NhState& s, const ControlSet& c) const = 0;
  virtual NhState fromReduced(double t, const NVec& y, const ControlSet& c) const = 0;
  virtual void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const = 0;
  // Called after each reduced step (clamps, prescribed coordinates).
  virtual void fixReduced(double /*t*/, NVec& /*y*/, const ControlSet&) const {}

  // Diagnostics.
  virtual double energy(const NhState& s) const;
  virtual double momentum(const NhState&) const { return 0.0; }
  // Largest |mu(q) qdot| (velocity-level constraint residual).
  double constraintResidual(const NhState& s) const;
  // Residual of the step a -> b of length h as a discrete motion: planar models take the
  // average body velocity log(g_a^-1 g_b)/h and the shape at the quadrature point
  // r_a + alpha (r_b - r_a). Default: mu(midpoint) (q_b - q_a)/h.
  virtual double stepResidual(const NhState& a, const NhState& b, double h, double alpha) const;

  // CSV layout (docs/formats.md section 3), excluding status and the extras.
  virtual std::vector<std::string> stateColumns() const = 0;
  virtual void stateRow(const NhState& s, std::vector<double>& out) const = 0;
  // Snapshot pieces.
  virtual SE2 pose(const NhState& s) const = 0;
  virtual Vec3 bodyVelocity(const NhState& s) const = 0;  // (omega, vx, vy)
  virtual std::vector<std::string> shapeNames() const { return {}; }
  virtual std::vector<double> shape(const NhState&) const { return {}; }
  virtual double maxSpeed(const NhState& s) const { return s.qdot.cwiseAbs().maxCoeff(); }
  // False for models whose coordinates are not an SE(2) pose and shape (the np-particle):
  // no pose, no nonholonomic momentum column.
  virtual bool onSE2() const { return true; }
  // The view the general lie-nh needs (integrate/nonholonomic_integrators.hpp), for models
  // that provide it themselves (null: none, or one of the hand-written views).
  virtual std::unique_ptr<LieNhVehicle> lieNhView() const;
  // A model's own lie-nh (Kobilarov et al. Eqs. 16-17), when it has one (null: none).
  virtual std::unique_ptr<NhIntegrator> lieNhIntegrator(const NhIntegratorSettings&) const;
};

// Helpers shared by the planar models.
namespace nh {
// Body velocity (omega, vx, vy) of the SE(2) pose (theta, x, y) = q(0..2).
Vec3 bodyFromCoordinates(const NVec& q, const NVec& qdot);
// M-orthogonal projection of qdot (rows of free coordinates) onto span S: returns v with
// S v closest to qdot in the metric M.
NVec projectVelocity(const NMat& M, const NMat& S, const NVec& qdot);
}  // namespace nh

}  // namespace lieride
