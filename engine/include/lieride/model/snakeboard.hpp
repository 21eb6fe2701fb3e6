#pragma once
// Snakeboard (docs/models.md section 5; Kobilarov et al. 5.2.2; Ostrowski Example 5.4).
// Coordinates q = (theta, x, y, psi, phi): board heading and centre, rotor angle, steering
// angle (back axle +phi, front axle -phi). Inputs: rotor_torque, steer_torque, or a
// prescribed shape (psi, phi channels: gaits). Any non-zero psi/phi channel switches the
// model to prescribed shape (both coordinates then follow their channels; a torque input is
// ignored in that mode).
//
// Derived here from L and the constraints of docs/models.md (the printed A(r) has typos):
//   body velocity xi = w (-tan(phi)/l, 1, 0)      (vy = 0, omega = -tan(phi) vx / l)
//   momentum p = <dl/dxi, e_1>, e_1 = 2 l cos^2(phi) (tan(phi)/l, -1, 0)
//              = -2 m l w + J_r sin(2 phi) psi_dot
//   connection A(r) = [[J_r sin^2(phi)/(m l^2), 0], [-J_r sin(2 phi)/(2 m l), 0], [0, 0]],
//   Omega = -p/(2 m l) (-tan(phi)/l, 1, 0), xi = Omega - A(r) u.
//   dp/dt = -tan(phi) phi_dot p + 2 J_r cos^2(phi) phi_dot psi_dot
//   J_r (omega_dot + psi_dd) = tau_psi,  2 J_w phi_dd = tau_phi.
#include "lieride/model/nonholonomic_model.hpp"

namespace lieride {

struct SnakeboardParams {
  double mass = 70.0;           // m
  double halfWheelbase = 0.35;  // l
  double rotorInertia = 3.0;    // J_r
  double axleInertia = 0.05;    // J_w
};

class SnakeboardModel final : public NhModel {
 public:
  enum { kTheta = 0, kX = 1, kY = 2, kPsi = 3, kPhi = 4 };
  enum Channel { kRotorTorque = 0, kSteerTorque = 1, kPsiSignal = 2, kPhiSignal = 3 };

  explicit SnakeboardModel(const SnakeboardParams& p = {});
  std::unique_ptr<NhModel> clone() const override { return std::make_unique<SnakeboardModel>(*this); }
  const SnakeboardParams& params() const { return p_; }

  std::string type() const override { return "snakeboard"; }
  std::vector<std::string> channels() const override { return {"rotor_torque", "steer_torque", "psi", "phi"}; }
  int dim() const override { return 5; }
  int numConstraints() const override { return 2; }
  const NMat& mass() const override { return M_; }
  void constraints(const NVec& q, NMat& mu) const override;
  void force(const NVec& q, const InputVec& inputs, NVec& F) const override;
  void configure(const ControlSet& c) override;
  void setPrescribedShape(bool on) { prescribedShape_ = on; }
  bool prescribedShape() const { return prescribedShape_; }
  bool prescribed(int i) const override { return prescribedShape_ && (i == kPsi || i == kPhi); }
  void advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const override;
  void prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const override;

  // Reduced state y = (theta, x, y, psi, phi, psi_dot, phi_dot, p).
  int reducedDim() const override { return 8; }
  NVec toReduced(double t, const NhState& s, const ControlSet& c) const override;
  NhState fromReduced(double t, const NVec& y, const ControlSet& c) const override;
  void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const override;
  void fixReduced(double t, NVec& y, const ControlSet& c) const override;

  // Continuous state from pose, shape, shape rates and the momentum p.
  NhState stateFrom(const SE2& g, double psi, double phi, double psiDot, double phiDot, double p) const;
  // Forward speed w = vx from p (and back).
  double speedFromMomentum(double phi, double psiDot, double p) const;
  double momentumFrom(double phi, double psiDot, double w) const;

  double momentum(const NhState& s) const override;
  double stepResidual(const NhState& a, const NhState& b, double h, double alpha) const override;
  std::vector<std::string> stateColumns() const override;
  void stateRow(const NhState& s, std::vector<double>& out) const override;
  SE2 pose(const NhState& s) const override { return {s.q(0), s.q(1), s.q(2)}; }
  Vec3 bodyVelocity(const NhState& s) const override { return nh::bodyFromCoordinates(s.q, s.qdot); }
  std::vector<std::string> shapeNames() const override { return {"psi", "phi"}; }
  std::vector<double> shape(const NhState& s) const override { return {s.q(3), s.q(4)}; }

 private:
  SnakeboardParams p_;
  NMat M_;
  bool prescribedShape_ = false;
};

}  // namespace lieride
