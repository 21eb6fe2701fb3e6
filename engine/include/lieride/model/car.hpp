#pragma once
// Car with simple dynamics (docs/models.md section 4; Kobilarov et al. 5.2.1).
// Coordinates q = (theta, x, y, psi, sigma): pose of the rear-axle midpoint, rear-wheel
// rolling angle psi, sigma = tan(steering angle). sigma is kinematic (d sigma/dt = steer_rate,
// saturated at tan(max_steer)); psi is driven by the rear-wheel torque.
// Inputs: drive_torque [f_psi], steer_rate [u_sigma].
#include "lieride/model/nonholonomic_model.hpp"

namespace lieride {

struct CarParams {
  double mass = 1500.0;        // m
  double wheelInertia = 3.0;   // I
  double yawInertia = 2500.0;  // K
  double wheelbase = 2.7;      // l
  double wheelRadius = 0.33;   // rho
  double maxSteer = 0.6;       // |phi| <= maxSteer (rad)
};

class CarModel final : public NhModel {
 public:
  enum { kTheta = 0, kX = 1, kY = 2, kPsi = 3, kSigma = 4 };
  enum Channel { kDriveTorque = 0, kSteerRate = 1 };

  explicit CarModel(const CarParams& p = {});
  std::unique_ptr<NhModel> clone() const override { return std::make_unique<CarModel>(*this); }
  const CarParams& params() const { return p_; }

  std::string type() const override { return "car"; }
  std::vector<std::string> channels() const override { return {"drive_torque", "steer_rate"}; }
  int dim() const override { return 5; }
  int numConstraints() const override { return 3; }
  const NMat& mass() const override { return M_; }
  void constraints(const NVec& q, NMat& mu) const override;
  void force(const NVec& q, const InputVec& inputs, NVec& F) const override;
  bool prescribed(int i) const override { return i == kSigma; }
  void advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const override;
  void prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const override;

  // Reduced state y = (theta, x, y, psi, sigma, psi_dot).
  int reducedDim() const override { return 6; }
  NVec toReduced(double t, const NhState& s, const ControlSet& c) const override;
  NhState fromReduced(double t, const NVec& y, const ControlSet& c) const override;
  void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const override;
  void fixReduced(double t, NVec& y, const ControlSet& c) const override;

  // The continuous state from pose, shape and wheel rate (constraints satisfied).
  NhState stateFrom(const SE2& g, double psi, double sigma, double psiDot, double sigmaDot) const;
  double sigmaMax() const { return sigmaMax_; }
  // Effective steering rate: zero when saturated and pushing outward.
  double steerRate(double sigma, double u) const;
  // Reduced inertia a + b sigma^2 of the psi equation: a = I + m rho^2, b = K rho^2 / l^2.
  double a() const { return a_; }
  double b() const { return b_; }

  double momentum(const NhState& s) const override;  // p_psi = (a + b sigma^2) psi_dot
  // 1/2 qdot^T M qdot with the diagonal M written out (called every step).
  double energy(const NhState& s) const override {
    const NVec& v = s.qdot;
    return 0.5 * (p_.yawInertia * v(kTheta) * v(kTheta) + p_.mass * (v(kX) * v(kX) + v(kY) * v(kY)) +
                  p_.wheelInertia * v(kPsi) * v(kPsi));
  }
  double stepResidual(const NhState& a, const NhState& b, double h, double alpha) const override;
  std::vector<std::string> stateColumns() const override;
  void stateRow(const NhState& s, std::vector<double>& out) const override;
  SE2 pose(const NhState& s) const override { return {s.q(0), s.q(1), s.q(2)}; }
  Vec3 bodyVelocity(const NhState& s) const override { return nh::bodyFromCoordinates(s.q, s.qdot); }
  std::vector<std::string> shapeNames() const override { return {"psi", "sigma"}; }
  std::vector<double> shape(const NhState& s) const override { return {s.q(3), s.q(4)}; }

 private:
  CarParams p_;
  NMat M_;
  double a_, b_, sigmaMax_;
};

}  // namespace lieride
