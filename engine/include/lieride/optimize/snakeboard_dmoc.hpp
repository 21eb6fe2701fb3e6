#pragma once
// DMOC transcription of the snakeboard (docs/models.md section 5) whose equality constraints
// are the exact updates of the simulator's lie-nh integrator (Kobilarov et al. Eqs. 16-17 in
// the explicit snakeboard form of 5.2.2 with the corrected connection and momentum;
// engine/src/planar/lie_nh_explicit.cpp, LieNhSnakeboard), torque inputs read at the step
// midpoint t_k + h/2 (alpha = 1/2), so `lieride sim` of the replay reproduces the optimised
// poses to round-off.
//
// Variables, knot k = 0..N: pose (theta, x, y), shape (psi, phi) and the integrator's memory
// arriving at t_k: mu0 = m l^2 omega + J_r u_psi, mu1 = m w (the body momentum) and the shape
// momenta pi_psi, pi_phi; step k = 0..N-1: the torques tau_psi, tau_phi. Per step (l the half
// wheelbase, alpha = 1/2):
//   u_phi = (pi_phi + h alpha tau_phi) / (2 J_w)
//   t0 = tan(phi_k), ta = tan(phi_k + alpha h u_phi), P = pi_psi + h alpha tau_psi
//   w = (-t0 mu0 / l + mu1 + t0 P / l) / (m (1 + t0 ta) - J_r t0 ta / l^2)
//   u_psi = P / J_r + ta w / l,  omega = -ta w / l
//   g_k+1 = g_k exp(h (omega, w, 0)),  psi_k+1 = psi_k + h u_psi,  phi_k+1 = phi_k + h u_phi
//   mu_k+1 = (m l^2 omega + J_r u_psi, m w),  pi_psi = J_r (u_psi + omega) + h alpha tau_psi,
//   pi_phi = 2 J_w u_phi + h alpha tau_phi.
// The constraint rows are knot k+1's variables minus this map of knot k's and step k's; their
// Jacobian is exact, by forward-mode automatic differentiation (Eigen's AutoDiffScalar).
// Knot 0 is the scenario's [initial] state; [goal] at_rest = true puts the memory at t_N to 0
// (board, rotor and axles at rest).
#include <array>
#include <string>
#include <vector>

#include "lieride/model/snakeboard.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::opt {

struct SnakeboardTrajectory {
  std::vector<double> t;                     // knots 0..N
  std::vector<std::array<double, 9>> knot;   // (theta, x, y, psi, phi, mu0, mu1, pi_psi, pi_phi)
  std::vector<double> tauPsi, tauPhi;        // steps 0..N-1 (applied at t_k + h/2)
};

class SnakeboardDmoc final : public Nlp {
 public:
  enum { kTheta = 0, kX, kY, kPsi, kPhi, kMu0, kMu1, kPiPsi, kPiPhi, kKnotVars, kTauPsi = kKnotVars, kTauPhi, kStride };
  static constexpr int kStepRows = kKnotVars;

  // start: the memory of knot 0 as lie-nh's reset takes it from the [initial] state.
  SnakeboardDmoc(const Problem& problem, const SnakeboardParams& params, const std::array<double, 9>& start);

  // With [problem] free_time the step h is one more variable, the last.
  int numVariables() const override { return kStride * n_ + kKnotVars + (free_ ? 1 : 0); }
  int numConstraints() const override { return kStepRows * n_; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
  // The rotate gait, its rotor amplitude fitted to the goal heading, with the torques that
  // make lie-nh follow it (feasible for the dynamics; near the goal position and rest).
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override;
  void costGradient(const double* x, double* grad) const override;
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override;
  bool constraintHessianPattern(std::vector<std::pair<int, int>>& pairs) const override;

  int knots() const { return n_; }
  bool freeTime() const { return free_; }
  int stepVariable() const { return kStride * n_ + kKnotVars; }  // h, when free
  // The step: the problem's horizon / N, or with free time the solution's.
  double timeStep() const { return h_; }
  double timeStep(const double* x) const { return free_ ? x[stepVariable()] : h_; }
  double timeStep(const std::vector<double>& x) const { return timeStep(x.data()); }
  static int var(int k, int which) { return kStride * k + which; }
  SnakeboardTrajectory trajectory(const std::vector<double>& x) const;
  // The continuous velocities at a knot from its memory (the Legendre transform at phi_k that
  // the simulator applies after each step): (w, psi_dot, phi_dot).
  std::array<double, 3> velocities(const std::array<double, 9>& knot) const;
  // The rotate gait psi = a sin(2 w t), phi = b sin(w t) (1.5 steering periods, b = 0.9 of the
  // steering bound) rolled out by lie-nh from knot 0.
  std::vector<double> gaitGuess(double a) const;
  // The variables of the torques tau_k (steps 0..N-1) rolled out by lie-nh from knot 0: a
  // guess that meets every step row (`lieride optimize --guess`).
  std::vector<double> rollout(const std::vector<double>& tauPsi, const std::vector<double>& tauPhi) const;
  // The board and knot 0 (lie-nh's memory), for the collocation baseline (collocation.hpp).
  const SnakeboardParams& params() const { return params_; }
  const std::array<double, 9>& start() const { return start_; }

 private:
  Problem problem_;
  SnakeboardParams params_;
  std::array<double, 9> start_;
  int n_;
  double h_;
  bool free_ = false;
  double wTau_[2] = {0.0, 0.0}, wSmooth_[2] = {0.0, 0.0};
};

}  // namespace lieride::opt
