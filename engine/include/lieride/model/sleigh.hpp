#pragma once
// Chaplygin sleigh (docs/models.md section 6; Ferraro et al. Example 3) and the nonholonomic
// particle (docs/models.md section 7; Ferraro et al. Example 1).
//
// The sleigh's integrator coordinates are q = (theta, x_C, y_C) with the centre of mass
// (x_C, y_C) = (x + a cos(theta), y + a sin(theta)): there the metric is constant,
// M = diag(J, m, m), and the blade constraint reads
//   sin(theta) x_C' - cos(theta) y_C' + a theta' = 0   (= x' sin(theta) - y' cos(theta)).
// Output (CSV, snapshots) is the blade contact point (x, y) of docs/models.md.
#include "lieride/model/nonholonomic_model.hpp"

namespace lieride {

struct SleighParams {
  double mass = 1.0;       // m
  double inertia = 1.0;    // J about the centre of mass
  double comOffset = 0.2;  // a
};

class SleighModel final : public NhModel {
 public:
  explicit SleighModel(const SleighParams& p = {});
  std::unique_ptr<NhModel> clone() const override { return std::make_unique<SleighModel>(*this); }
  const SleighParams& params() const { return p_; }

  std::string type() const override { return "sleigh"; }
  std::vector<std::string> channels() const override { return {}; }
  int dim() const override { return 3; }
  int numConstraints() const override { return 1; }
  const NMat& mass() const override { return M_; }
  void constraints(const NVec& q, NMat& mu) const override;

  // Reduced state y = (theta, x, y, omega, vx) of the contact point:
  // m vx' = m a omega^2, (J + m a^2) omega' = -m a vx omega.
  int reducedDim() const override { return 5; }
  NVec toReduced(double t, const NhState& s, const ControlSet& c) const override;
  NhState fromReduced(double t, const NVec& y, const ControlSet& c) const override;
  void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const override;

  NhState stateFrom(const SE2& contact, double omega, double vx) const;
  double stepResidual(const NhState& a, const NhState& b, double h, double alpha) const override;
  std::vector<std::string> stateColumns() const override;
  void stateRow(const NhState& s, std::vector<double>& out) const override;
  SE2 pose(const NhState& s) const override;          // contact point
  Vec3 bodyVelocity(const NhState& s) const override;  // of the contact point

 private:
  SleighParams p_;
  NMat M_;
};

class NpParticleModel final : public NhModel {
 public:
  NpParticleModel();
  std::unique_ptr<NhModel> clone() const override { return std::make_unique<NpParticleModel>(*this); }
  std::string type() const override { return "np-particle"; }
  bool onSE2() const override { return false; }
  std::vector<std::string> channels() const override { return {}; }
  int dim() const override { return 3; }
  int numConstraints() const override { return 1; }
  const NMat& mass() const override { return M_; }
  void constraints(const NVec& q, NMat& mu) const override;  // z' - y x' = 0

  // Reduced y = (x, y, z, x', y'): z' = y x', x'' = -y y' x' / (1 + y^2), y'' = 0.
  int reducedDim() const override { return 5; }
  NVec toReduced(double t, const NhState& s, const ControlSet& c) const override;
  NhState fromReduced(double t, const NVec& y, const ControlSet& c) const override;
  void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const override;

  std::vector<std::string> stateColumns() const override { return {"t", "x", "y", "z", "xdot", "ydot", "zdot"}; }
  void stateRow(const NhState& s, std::vector<double>& out) const override;
  SE2 pose(const NhState& s) const override { return {0.0, s.q(0), s.q(1)}; }
  Vec3 bodyVelocity(const NhState& s) const override { return {0.0, s.qdot(0), s.qdot(1)}; }

 private:
  NMat M_;
};

}  // namespace lieride
