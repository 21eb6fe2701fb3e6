#pragma once
// DMOC transcription of the boat (docs/models.md section 3, docs/boat.md) whose equality
// constraints are the exact updates of the simulator's lie-cay-tln integrator (Kobilarov et
// al. Eqs. 9-10 with tau = cay, Eq. 13's B_cay and C = C_TLN; engine/src/se3/lie_variational.cpp)
// with the boat's velocity-dependent wrench F(g, xi, u) evaluated as the simulator does it:
//   pi-_k = C_TLN(-h xi_k-1)^T I xi_k-1,   f_k = F(g_k, I^-1 (pi-_k + h/2 F(g_k, I^-1 pi-_k, u_k)), u_k)
//   C_TLN(h xi_k)^T I xi_k = pi-_k + h f_k                 (k >= 1)
//   C_TLN(h xi_0)^T I xi_0 = mu_0 + h/2 F(g_0, I^-1 mu_0, u_0)   (mu_0: the [initial] momentum)
//   g_k+1 = g_k (cay(h w_k), B_cay(h w_k) h v_k).
// F is gravity, buoyancy and the hydrodynamic patch forces of Eq. 15 on the hull clipped by
// the (still) water plane, wind drag on the dry part, and the two thrusters. It is written once
// for any scalar type; the constraint Jacobian is exact by forward-mode automatic
// differentiation (Eigen's AutoDiffScalar) through the clipping (piecewise smooth in the pose).
// The momentum rows are divided by the inertia (velocity units). Variables, knot k = 0..N: quaternion (w, x, y, z), position, thrusts (right, left); step
// k = 0..N-1: xi_k = (w, v). The thrusts are read at the knots, where the simulator reads them.
#include <string>
#include <vector>

#include "lieride/model/boat.hpp"
#include "lieride/optimize/helicopter_dmoc.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::opt {

class BoatDmoc final : public Nlp {
 public:
  enum { kQw = 0, kQx, kQy, kQz, kX, kY, kZ, kUr, kUl, kKnotVars };
  static constexpr int kStride = kKnotVars + 6;
  static constexpr int kStepRows = 13;

  // The boat's forces must be for still water (no waves; a uniform current is fine).
  BoatDmoc(const Problem& problem, const BoatParams& params, const Vec6& inertia, const SE3& g0, const Vec6& mu0);

  // With [problem] free_time the step h is one more variable, the last.
  int numVariables() const override { return kStride * n_ + kKnotVars + (free_ ? 1 : 0); }
  int numConstraints() const override { return numConstraints_; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
  // An autopilot's run towards the goal through the transcription's own steps (dynamically
  // feasible; ends near the goal).
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override;
  void costGradient(const double* x, double* grad) const override;
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override;

  int knots() const { return n_; }
  bool freeTime() const { return free_; }
  int stepVariable() const { return kStride * n_ + kKnotVars; }  // h, when free
  // The step: the problem's horizon / N, or with free time the solution's.
  double timeStep() const { return h_; }
  double timeStep(const double* x) const { return free_ ? x[stepVariable()] : h_; }
  double timeStep(const std::vector<double>& x) const { return timeStep(x.data()); }
  static int var(int k, int which) { return kStride * k + which; }
  static int xiVar(int k, int i) { return kStride * k + kKnotVars + i; }
  // Knots and steps in the helicopter's layout: inputs = (thrust_right, thrust_left).
  HelicopterTrajectory trajectory(const std::vector<double>& x) const;
  // The boat's body wrench at pose g, body velocity xi and thrusts u by this transcription's
  // own (templated) code: equal to BoatForces::wrench in still water (tested).
  Vec6 wrench(const SE3& g, const Vec6& xi, double thrustRight, double thrustLeft) const;
  // The boat, its inertia and its start (pose, momentum), for the same problem from other
  // starts and for the collocation baseline (collocation.hpp).
  const BoatParams& params() const { return params_; }
  const Vec6& inertia() const { return Id_; }
  const SE3& startPose() const { return g0_; }
  const Vec6& startMomentum() const { return mu0_; }

 private:
  Problem problem_;
  BoatParams params_;
  Vec6 Id_, mu0_;
  SE3 g0_;
  int n_;
  double h_;
  int numConstraints_ = 0, goalRow0_ = 0, headingRow_ = -1;
  bool free_ = false;
  double effort_[2] = {0.0, 0.0}, smooth_[2] = {0.0, 0.0};
};

}  // namespace lieride::opt
