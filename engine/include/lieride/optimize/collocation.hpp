#pragma once
// The conventional baseline beside DMOC (docs/optimize.md, "Baseline: trapezoidal
// collocation"): the same problems (variables, bounds, cost, obstacles, goal, guess) but with
// the dynamics rows written as trapezoidal collocation of the continuous equations of motion
// in coordinates,
//   z_k+1 - z_k - h/2 (f(z_k, u_k) + f(z_k+1, u_k+1)) = 0,
// instead of the update equations of the simulator's integrator. The controls are read where
// the simulator reads them (the car's per step, the helicopter's at the knots), so the replay
// through `lieride sim` runs the same controls; it does not reproduce the optimised poses,
// because the simulator does not integrate by the trapezoidal rule. The per-step Jacobian
// blocks are exact, by forward-mode automatic differentiation (Eigen's AutoDiffScalar).
#include <string>
#include <utility>
#include <vector>

#include "lieride/optimize/car_dmoc.hpp"
#include "lieride/optimize/helicopter_dmoc.hpp"

namespace lieride::opt {

// The car of docs/models.md section 4 in angle coordinates z = (theta, x, y, sigma, P), with
// P = p / a the scaled wheel momentum (the reduced equation of models.md section 4):
//   theta' = (rho / l) sigma psi',  (x, y)' = rho psi' (cos, sin) theta,  sigma' = s,
//   P' = F + beta sigma s psi',     psi' = P / (1 + beta sigma^2).
// Same variables as CarDmoc (its layout and indices); per step the drive torque F_k and the
// steering rate s_k are held (the simulator reads them at t_k + h/2), and the wheel-rate
// variable u_k is the trapezoidal mean of psi' (psi advances by h u_k). Six rows per step, as
// CarDmoc: sigma, u, P, theta, x, y.
class CarCollocation final : public Nlp {
 public:
  CarCollocation(const Problem& problem, const CarParams& params, const CarStart& start);

  int numVariables() const override { return dmoc_.numVariables(); }
  int numConstraints() const override { return dmoc_.numConstraints(); }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override {
    dmoc_.bounds(xl, xu, gl, gu);
  }
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override { return dmoc_.cost(x); }
  void costGradient(const double* x, double* grad) const override { dmoc_.costGradient(x, grad); }
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override { dmoc_.costHessianPattern(pairs); }

  // The DMOC transcription whose variables, bounds, cost, obstacles and goal this shares.
  const CarDmoc& dmoc() const { return dmoc_; }

 private:
  CarDmoc dmoc_;
  double beta_, kappa_, rho_;
};

// The helicopter of docs/models.md section 2 in quaternion coordinates: per knot the
// quaternion q, the position x, the controls u and the body velocity xi = (w, v),
//   q' = q (0, w) / 2,  x' = R(q) v,  I xi' = ad_xi^T (I xi) + f(q, u),
// with R(q) the rotation formula of a unit quaternion applied to q as it is (the trapezoidal
// rule does not keep |q| = 1). Variables: those of HelicopterDmoc (same indices) with xi at
// every knot 0..N (6 more at the end); xi_0 is the initial velocity (fixed). 13 rows per step,
// as HelicopterDmoc (momentum 6, attitude 4, position 3); the goal velocity bounds xi_N.
class HelicopterCollocation final : public Nlp {
 public:
  HelicopterCollocation(const Problem& problem, const HelicopterParams& params, const Vec6& inertia, const SE3& g0,
                        const Vec6& mu0);

  int numVariables() const override { return dmoc_.numVariables() + 6; }
  int numConstraints() const override { return dmoc_.numConstraints(); }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override { return dmoc_.cost(x); }
  void costGradient(const double* x, double* grad) const override;
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override { dmoc_.costHessianPattern(pairs); }

  const HelicopterDmoc& dmoc() const { return dmoc_; }

 private:
  HelicopterDmoc dmoc_;
  HelicopterParams params_;
  Vec6 Id_, xi0_;
  int n_;
  double h_;
};

}  // namespace lieride::opt
