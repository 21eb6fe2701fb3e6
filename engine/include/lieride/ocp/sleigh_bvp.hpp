#pragma once
// The sleigh OCP as a boundary-value problem (docs/retraction.md, "Solving the OCP"): from a
// given state (x, y, theta, z1, z2) reach the pose (x, y, theta) with z1 = z2 = 0 at time T with
// least 1/2 int |u|^2 dt. Multiple shooting on the PMP system discretised by the retraction
// midpoint scheme (Anahory Simoes et al. VI.C): unknowns are the initial costates and the full
// states at the segment starts; Newton with the analytic step Jacobians (sensitivities of the
// symplectic map) and a backtracking line search.
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "lieride/ocp/sleigh_ocp.hpp"

namespace lieride::ocp {

struct SleighBvpProblem {
  SleighOcpParams params;
  std::array<double, 5> start{};  // x, y, theta, z1, z2 at t = 0
  std::array<double, 3> goal{};   // x, y, theta at t = T (z1 = z2 = 0 there)
  double horizon = 20.0;          // T
  int segments = 20;
  int stepsPerSegment = 10;
  double tolerance = 1e-12;  // on the largest shooting residual (m, rad, costate units)
  int maxIterations = 50;
  double timeStep() const { return horizon / (segments * stepsPerSegment); }
};

struct BvpIterate {
  int iteration = 0;
  double cost = 0.0;       // 1/2 sum_k h |u_k|^2 of the current iterate
  double violation = 0.0;  // largest shooting residual (continuity and terminal)
  double seconds = 0.0;    // since the solve started
};

struct SleighBvpResult {
  bool solved = false;
  std::string failure;  // one line when not solved
  int iterations = 0;
  double cost = 0.0;
  double violation = 0.0;
  double terminalError = 0.0;  // largest |state(T) - goal| of the returned trajectory's segments
  double h = 0.0;
  std::vector<PVec> states;  // xi_k at t = k h, k = 0..segments * stepsPerSegment (per segment,
                             // integrated from its own start: continuous when solved)
  std::vector<BvpIterate> log;
  double seconds = 0.0;
};

SleighBvpResult solveSleighBvp(const SleighBvpProblem& problem,
                               const std::function<void(const BvpIterate&)>& progress = {});

// The controls of step k (t in [k h, (k + 1) h]) of the midpoint scheme: u = p_y at the
// step's base point, i.e. z1' = u2 = (p_1,k + p_1,k+1)/2, z2' = u1 = (p_2,k + p_2,k+1)/2.
SleighControls stepControls(const PVec& a, const PVec& b);

}  // namespace lieride::ocp
