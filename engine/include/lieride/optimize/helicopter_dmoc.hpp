#pragma once
// DMOC transcription of the helicopter (docs/models.md section 2) whose equality constraints
// are the exact updates of the simulator's lie-cay-tln integrator (Kobilarov et al. Eqs. 9-10
// with tau = cay, B = Eq. 13's B_cay and C = C_TLN; engine/src/se3/lie_variational.cpp), the
// forced discrete Euler-Poincare equations
//   C_TLN(h xi_k)^T I xi_k - C_TLN(-h xi_k-1)^T I xi_k-1 = h f_k     (k >= 1)
//   C_TLN(h xi_0)^T I xi_0 = mu_0 + h/2 f_0                           (mu_0: the [initial] momentum)
//   g_k+1 = g_k (cay(h w_k), B_cay(h w_k) h v_k),
// with C_TLN(y)^T mu = mu - ad_y^T mu / 2 and f_k the wrench at (g_k, u(t_k)): gravity plus the
// control wrench F(gamma) u. The controls are read at the knots t_k, where the simulator reads
// them. Variables, knot k = 0..N: quaternion (w, x, y, z), position, controls (collective, tail,
// cyclic_pitch, cyclic_roll); step k = 0..N-1: xi_k = (w, v) (the discrete average velocity).
// Obstacles (boxes: canyon walls) keep a sphere of radius [body] radius around the centre of
// mass out at every knot k >= 1: one smooth conservative row per knot and box (obstacleValue).
#include <string>
#include <vector>

#include "lieride/lie/se3.hpp"
#include "lieride/model/helicopter.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::opt {

struct HelicopterTrajectory {
  std::vector<double> t;
  std::vector<SE3> g;                      // knots 0..N
  std::vector<Vec6> xi;                    // steps 0..N-1
  std::vector<std::vector<double>> inputs;  // knots 0..N, channel order
};

// The SE(3) DMOC variables shared by the helicopter and the boat: per knot a unit quaternion
// (w, x, y, z), the position, the inputs (knotVars - 7 of them) and, before the last knot, the
// step's xi (6); knot k starts at (knotVars + 6) k. N = n steps of h.
HelicopterTrajectory se3Trajectory(const std::vector<double>& x, int n, double h, int knotVars);

class HelicopterDmoc final : public Nlp {
 public:
  enum { kQw = 0, kQx, kQy, kQz, kX, kY, kZ, kUc, kUpsi, kGp, kGr, kKnotVars };
  static constexpr int kStride = kKnotVars + 6;
  static constexpr int kStepRows = 13;

  HelicopterDmoc(const Problem& problem, const HelicopterParams& params, const Vec6& inertia, const SE3& g0,
                 const Vec6& mu0);

  // With [problem] free_time the step h is one more variable, the last.
  int numVariables() const override { return kStride * n_ + kKnotVars + (free_ ? 1 : 0); }
  int numConstraints() const override { return numConstraints_; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
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
  // The step: the problem's horizon / N, or with free time the initial guess's.
  double timeStep() const { return h_; }
  double timeStep(const double* x) const { return free_ ? x[stepVariable()] : h_; }
  double timeStep(const std::vector<double>& x) const { return timeStep(x.data()); }
  static int var(int k, int which) { return kStride * k + which; }
  static int xiVar(int k, int i) { return kStride * k + kKnotVars + i; }
  HelicopterTrajectory trajectory(const std::vector<double>& x) const;
  // A start for this problem from a solution (primal and dual) of the same problem on a
  // coarser mesh (same horizon; coarse.knots() divides knots()): each coarse step's xi held
  // over its r fine steps, the poses between coarse knots by the fine step's own update
  // (Eq. 9), the controls piecewise linear; the multipliers of the step rows (O(1) in h)
  // interpolated, those of per-knot rows and bounds (O(h): they balance per-knot terms
  // h L(u_k)) divided by r, the goal's kept.
  WarmStart refine(const HelicopterDmoc& coarse, const WarmStart& s) const;
  // Smooth clearance of a sphere of radius r at p from box o: >= 0 means the sphere does not
  // touch the box (metres near the surface); gradient in p into grad when non-null.
  static double obstacleValue(const Obstacle& o, double r, const Vec3& p, Vec3* grad);
  // Exact depth of that sphere in the box (> 0: overlapping), for messages.
  static double obstacleDepth(const Obstacle& o, double r, const Vec3& p);

 private:
  // Body wrench at a knot and its derivatives in (q, u).
  Vec6 wrench(const double* x, int k, Eigen::Matrix<double, 6, 4>* dq, Eigen::Matrix<double, 6, 4>* du) const;
  // Path length, hazard and soft waypoints (helicopter_dmoc_cost.cpp): their sum at step h;
  // with grad, their gradient added to it and their derivative in h to *dh.
  double shapingCost(const double* x, double h, double* grad, double* dh) const;
  // The default guess's flight through the knot positions P, trimmed (initialGuess).
  void trimGuess(const std::vector<Vec3>& P, std::vector<double>& x) const;

  Problem problem_;
  HelicopterParams params_;
  Vec6 Id_, mu0_;
  SE3 g0_;
  int n_;
  double h_;
  // Rows: kStepRows per step, the goal velocity (6), the goal attitude (3), the obstacles.
  int numConstraints_ = 0, goalRow0_ = 0, attitudeRow0_ = 0, obstacleRow0_ = 0;
  bool velocityGoal_ = false, attitudeGoal_ = false, free_ = false;
  bool attitudeAsBounds_ = false;  // a heading that is a multiple of pi: the attitude rows are bounds
  std::vector<double> effort_, smooth_, hover_;
};

}  // namespace lieride::opt
