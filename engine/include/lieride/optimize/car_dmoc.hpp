#pragma once
// DMOC transcription of the car (docs/models.md section 4) whose equality constraints are the
// exact updates of the simulator's lie-nh integrator (Kobilarov et al. Eqs. 16-17, the explicit
// car form of 5.2.1; engine/src/planar/lie_nh_explicit.cpp), so the optimal controls replayed
// by `lieride sim` reproduce the optimal poses to round-off.
//
// Variables, knot k = 0..N: pose (theta, x, y), sigma = tan(phi), the scaled momentum
// P = p+ / a arriving at t_k; step k = 0..N-1: wheel rate u_k, scaled torque F_k = f_k / a,
// steering rate s_k (a = I + m rho^2, beta = b / a; alpha = 1/2). Per step, with
// sigma_a = sigma_k + alpha h s_k, w = (rho / l) sigma_a u_k, phi = h w / 2:
//   sigma_k+1 = sigma_k + h s_k
//   (1 + beta sigma_k sigma_a) u_k = P_k + h (1 - alpha) F_k
//   P_k+1 = (1 + beta sigma_k+1 sigma_a) u_k + h alpha F_k
//   theta_k+1 = theta_k + h w
//   (x, y)_k+1 = (x, y)_k + h rho u_k sinc(phi) (cos, sin)(theta_k + phi)     [g exp(h xi)]
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "lieride/model/car.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"

namespace lieride::opt {

struct CarStart {
  double theta = 0, x = 0, y = 0, psi = 0, sigma = 0;
  double momentum = 0;  // p+ = (a + b sigma^2) psi_dot (CarModel::momentum)
  double sigmaDot = 0;
};

// The solution as the simulator sees it.
struct CarTrajectory {
  std::vector<double> t, theta, x, y, psi, sigma, psiDot, sigmaDot;  // knots 0..N
  std::vector<double> driveTorque, steerRate;                          // steps 0..N-1
};

class CarDmoc final : public Nlp {
 public:
  static constexpr int kKnotVars = 5;
  static constexpr int kStride = 8;  // knot variables + step variables (u, F, s)
  enum { kTheta = 0, kX, kY, kSigma, kP, kU, kF, kS };
  static constexpr int kDynamicsRows = 6;
  static constexpr std::array<const char*, 4> kCornerNames = {"rear-left", "rear-right", "front-left", "front-right"};

  CarDmoc(const Problem& problem, const CarParams& params, const CarStart& start);

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

  int knots() const { return n_; }
  bool freeTime() const { return free_; }
  int stepVariable() const { return kStride * n_ + kKnotVars; }  // h, when free
  double timeStep(const double* x) const { return free_ ? x[stepVariable()] : h_; }
  double timeStep(const std::vector<double>& x) const { return timeStep(x.data()); }
  static int var(int k, int which) { return kStride * k + which; }
  CarTrajectory trajectory(const std::vector<double>& x) const;
  // Decision variables that reproduce a trajectory (from its controls and poses).
  std::vector<double> fromTrajectory(const CarTrajectory& tr) const;
  // Body corner c (kCornerNames order) in the body frame of the rear-axle midpoint.
  // Circle obstacles instead keep their centre outside the body rectangle grown by the radius.
  Vec2 corner(int c) const;
  // The first obstacle the body overlaps at its start pose (exact: rectangle against box,
  // circle or wall), or -1. The rows keep the body's corners out of boxes, so a box smaller
  // than the car sitting under it at the start was never seen (docs/optimize.md).
  int obstacleAtStart() const;

 private:
  // Rows of obstacle j per knot: 4 body corners for boxes and walls; 1 for a circle (its
  // centre outside the body inflated by the radius).
  int obstacleRows(int j) const;
  // The obstacle rows of knot k >= 1 in row order: f(row within the knot, clearance (m near
  // the surface, >= 0 outside), its derivatives in theta_k, x_k, y_k).
  template <class F>
  void forEachClearance(const double* x, int k, F&& f) const {
    const double th = x[var(k, kTheta)], ct = std::cos(th), st = std::sin(th);
    const Vec2 base(x[var(k, kX)], x[var(k, kY)]);
    for (std::size_t j = 0; j < problem_.obstacles.size(); ++j) {
      const Obstacle& o = problem_.obstacles[j];
      const int r0 = obstacleOffset_[j];
      if (o.kind == Obstacle::Kind::Circle) {
        Vec3 grad = Vec3::Zero();
        const double c = circleValue(o, th, base, &grad);
        f(r0, c, grad(0), grad(1), grad(2));
        continue;
      }
      for (int c = 0; c < 4; ++c) {
        const Vec2 b = corner(c);
        const Vec2 p = base + Vec2(ct * b.x() - st * b.y(), st * b.x() + ct * b.y());
        const Vec2 dpdth(-st * b.x() - ct * b.y(), ct * b.x() - st * b.y());
        Vec2 grad = Vec2::Zero();
        const double v = obstacleValue(o, p, &grad);
        f(r0 + c, v, grad.dot(dpdth), grad.x(), grad.y());
      }
    }
  }
  // Path length, hazard and soft waypoints (car_dmoc_cost.cpp): their sum; with grad, their
  // gradient added to it and their derivative in h to *dh.
  double shapingCost(const double* x, double h, double* grad, double* dh) const;
  double obstacleValue(const Obstacle& o, const Vec2& p, Vec2* grad) const;
  double circleValue(const Obstacle& o, double theta, const Vec2& rear, Vec3* grad) const;
  // Exact penetration depth (> 0 inside), for messages.
  double depth(const Obstacle& o, const Vec2& p) const;
  double circleDepth(const Obstacle& o, double theta, const Vec2& rear) const;

  Problem problem_;
  CarParams params_;
  CarStart start_;
  int n_;
  double h_, alpha_ = 0.5, a_, beta_, kappa_, rho_;
  int numConstraints_ = 0;
  int obstacleRow0_ = 0, goalRow0_ = 0, rowsPerKnot_ = 0;
  std::vector<int> obstacleOffset_;
  bool speedGoal_ = false, free_ = false;
  double wTorque_ = 0, wSteerRate_ = 0, wSmoothTorque_ = 0, wSmoothSteer_ = 0;
};

}  // namespace lieride::opt
