#pragma once
// DMOC transcription of the controlled Chaplygin sleigh ("sleigh-controlled", docs/models.md
// section 8; Anahory Simoes et al. VI.B-C) whose equality constraints are the exact updates of
// the simulator's retraction-midpoint integrator (engine/src/ocp/controlled_sleigh.cpp), with
// the controls u_k sampled at the step midpoint t_k + h/2 where that integrator reads them, so
// `lieride sim` of the replay reproduces the optimised poses to round-off.
//
// Variables, knot k = 0..N: (x, y, theta, z1, z2); step k = 0..N-1: (u1_k, u2_k). Per step,
// with theta_m = (theta_k + theta_k+1) / 2 and z2_m = (z2_k + z2_k+1) / 2:
//   z1_k+1 = z1_k + h u2_k                   (torque)
//   z2_k+1 = z2_k + h u1_k                   (force along the blade)
//   theta_k+1 = theta_k + h (z1_k + z1_k+1) / (2 J)
//   (x, y)_k+1 = (x, y)_k + h (cos, sin)(theta_m) z2_m / m
// Cost: 1/2 sum_k h |u_k|^2, the discretisation the PMP solver reports (solveSleighBvp).
// Knot 0 is the scenario's initial state, knot N the goal pose with z1 = z2 = 0 (exact).
//
// The KKT conditions of this program are the paper's discrete PMP (the midpoint scheme on the
// Hamiltonian of VI.B): the multiplier of step k's constraints is the costate at the step's
// midpoint, u_k = p_y,mid, so both methods solve the same discrete problem
// (docs/retraction.md, "The same problem by DMOC").
#include <array>
#include <string>
#include <vector>

#include "lieride/ocp/sleigh_ocp.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::opt {

struct SleighTrajectory {
  std::vector<double> t;                     // knots 0..N
  std::vector<std::array<double, 5>> state;  // (x, y, theta, z1, z2) at the knots
  std::vector<double> u1, u2;                // steps 0..N-1 (applied at t_k + h/2)
};

class SleighDmoc final : public Nlp {
 public:
  static constexpr int kKnotVars = 5;
  static constexpr int kStride = 7;  // knot variables + step variables (u1, u2)
  enum { kX = 0, kY, kTheta, kZ1, kZ2, kU1, kU2 };
  static constexpr int kStepRows = 5;

  SleighDmoc(const Problem& problem, const ocp::SleighOcpParams& params, const std::array<double, 5>& start);

  int numVariables() const override { return kStride * n_ + kKnotVars; }
  int numConstraints() const override { return kStepRows * n_; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
  // The PMP solver's default guess: the pose interpolated linearly from start to goal, the
  // speeds of that straight motion (z2 = m |dpos| / T, z1 = J dtheta / T), zero controls.
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override;
  void costGradient(const double* x, double* grad) const override;
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override;

  int knots() const { return n_; }
  double timeStep() const { return h_; }
  static int var(int k, int which) { return kStride * k + which; }
  SleighTrajectory trajectory(const std::vector<double>& x) const;
  // The variables of the controls u_k (steps 0..N-1) rolled out by the updates above from
  // knot 0: a guess that meets every step row (`lieride optimize --guess`).
  std::vector<double> rollout(const std::vector<double>& u1, const std::vector<double>& u2) const;

 private:
  Problem problem_;
  ocp::SleighOcpParams params_;
  std::array<double, 5> start_;
  int n_;
  double h_;
};

}  // namespace lieride::opt
