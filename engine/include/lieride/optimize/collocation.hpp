#pragma once
// The conventional baseline beside DMOC (docs/optimize.md, "Baseline: trapezoidal
// collocation"): the same problems (variables, bounds, cost, obstacles, goal, guess) but with
// the dynamics rows written as trapezoidal collocation of the continuous equations of motion
// in coordinates,
//   z_k+1 - z_k - h/2 (f(z_k, u_k) + f(z_k+1, u_k+1)) = 0,
// instead of the update equations of the simulator's integrator. The controls are read where
// the simulator reads them (the car's and the snakeboard's per step, the helicopter's and the
// boat's at the knots), so the replay
// through `lieride sim` runs the same controls; it does not reproduce the optimised poses,
// because the simulator does not integrate by the trapezoidal rule. The per-step Jacobian
// blocks are exact, by forward-mode automatic differentiation (Eigen's AutoDiffScalar).
#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lieride/optimize/boat_dmoc.hpp"
#include "lieride/optimize/car_dmoc.hpp"
#include "lieride/optimize/helicopter_dmoc.hpp"
#include "lieride/optimize/snakeboard_dmoc.hpp"

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

// What the SE(3) collocations (helicopter, boat) share: the DMOC's variables at the same
// indices, with the body velocity xi at every knot 0..N where the DMOC keeps its step velocity
// xi_k (Dmoc::xiVar; 6 more variables at the end for xi_N), xi_0 fixed to the initial velocity;
// the DMOC's rows count, bounds, cost and guess (the last step's velocity read as xi_N).
template <class Dmoc>
class Se3Collocation : public Nlp {
 public:
  int numVariables() const override { return dmoc_.numVariables() + 6; }
  int numConstraints() const override { return dmoc_.numConstraints(); }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override {
    dmoc_.bounds(xl, xu, gl, gu);
    xl.resize(static_cast<std::size_t>(numVariables()), -1e19);
    xu.resize(static_cast<std::size_t>(numVariables()), 1e19);
    for (int i = 0; i < 6; ++i) {
      const auto j = static_cast<std::size_t>(Dmoc::xiVar(0, i));
      xl[j] = xu[j] = xi0_(i);
    }
  }
  void initialGuess(std::vector<double>& x) const override {
    dmoc_.initialGuess(x);
    x.resize(static_cast<std::size_t>(numVariables()));
    for (int i = 0; i < 6; ++i) {
      x[static_cast<std::size_t>(Dmoc::xiVar(n_, i))] = x[static_cast<std::size_t>(Dmoc::xiVar(n_ - 1, i))];
      x[static_cast<std::size_t>(Dmoc::xiVar(0, i))] = xi0_(i);
    }
  }
  double cost(const double* x) const override { return dmoc_.cost(x); }
  void costGradient(const double* x, double* grad) const override {
    dmoc_.costGradient(x, grad);
    std::fill(grad + dmoc_.numVariables(), grad + numVariables(), 0.0);
  }
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override { dmoc_.costHessianPattern(pairs); }
  // The trapezoidal step rows (momentum 6, attitude 4, position 3 per step); the rest are the DMOC's.
  std::string describe(int row, const double* x, double violation) const override {
    constexpr int rows = Dmoc::kStepRows;
    if (row >= rows * n_) return dmoc_.describe(row, x, violation);
    const int i = row % rows;
    const char* what = i < 6 ? "momentum (trapezoidal)" : i < 10 ? "quaternion (trapezoidal)" : "position (trapezoidal)";
    char buf[160];
    std::snprintf(buf, sizeof buf, "step %d: collocation of the %s off by %.3g", row / rows, what, violation);
    return buf;
  }

  const Dmoc& dmoc() const { return dmoc_; }

 protected:
  template <class Params>
  Se3Collocation(const Problem& problem, const Params& params, const Vec6& inertia, const SE3& g0, const Vec6& mu0)
      : dmoc_(problem, params, inertia, g0, mu0),
        Id_(inertia),
        xi0_(mu0.cwiseQuotient(inertia)),
        n_(problem.knots),
        h_(problem.timeStep()) {}

  Dmoc dmoc_;
  Vec6 Id_, xi0_;
  int n_;
  double h_;
};

// The helicopter of docs/models.md section 2 in quaternion coordinates: per knot the
// quaternion q, the position x, the controls u and the body velocity xi = (w, v),
//   q' = q (0, w) / 2,  x' = R(q) v,  I xi' = ad_xi^T (I xi) + f(q, u),
// with R(q) the rotation formula of a unit quaternion applied to q as it is (the trapezoidal
// rule does not keep |q| = 1). Variables: those of HelicopterDmoc (same indices) with xi at
// every knot 0..N (6 more at the end); xi_0 is the initial velocity (fixed). 13 rows per step,
// as HelicopterDmoc (momentum 6, attitude 4, position 3); the goal velocity bounds xi_N; the
// obstacle rows are HelicopterDmoc's (they read positions only).
class HelicopterCollocation final : public Se3Collocation<HelicopterDmoc> {
 public:
  HelicopterCollocation(const Problem& problem, const HelicopterParams& params, const Vec6& inertia, const SE3& g0,
                        const Vec6& mu0);

  void constraints(const double* x, double* g, JacobianSink* jac) const override;

 private:
  HelicopterParams params_;
  int goalRows_;  // 6 with a goal velocity, else 0 (then HelicopterDmoc's obstacle rows)
};

// The boat of docs/models.md section 3 in quaternion coordinates: per knot the quaternion q,
// the position x, the thrusts u (read at the knots, as the simulator reads them) and the body
// velocity xi = (w, v),
//   q' = q (0, w) / 2,  x' = R(q) v,  I xi' = ad_xi^T (I xi) + F(q, z, xi, u),
// with F the simulator's wrench (boat_wrench.hpp: gravity, buoyancy and Eq. 15's patch forces
// on the hull clipped by the still water plane, the current, wind drag, the thrusters) and R the
// rotation of q / |q| (the trapezoidal rule does not keep |q| = 1; the forces see the attitude q
// stands for). Variables: those of BoatDmoc (same indices) with xi at every knot 0..N (6 more at
// the end); xi_0 is the initial velocity (fixed). 13 rows per step, as BoatDmoc (momentum 6,
// divided by the inertia as there; attitude 4; position 3); at_rest bounds xi_N, a goal heading
// the bow of q_N as in BoatDmoc.
class BoatCollocation final : public Se3Collocation<BoatDmoc> {
 public:
  BoatCollocation(const Problem& problem, const BoatParams& params, const Vec6& inertia, const SE3& g0,
                  const Vec6& mu0);

  void constraints(const double* x, double* g, JacobianSink* jac) const override;

 private:
  BoatParams params_;
  std::optional<double> heading_;
  bool atRest_;
};

// The snakeboard of docs/models.md section 5 by its reduced continuous equations in
// q = (theta, x, y, psi, phi) with the momenta p (Ostrowski Eq. 49), pi_psi = J_r (omega +
// psi') and pi_phi = 2 J_w phi' (docs/nonholonomic.md):
//   psi' = (pi_psi / J_r - tan(phi) p / (2 m l^2)) / (1 - J_r sin^2(phi) / (m l^2)),
//   phi' = pi_phi / (2 J_w),  vx = (J_r sin(2 phi) psi' - p) / (2 m l),
//   theta' = -tan(phi) vx / l,  (x, y)' = vx (cos, sin) theta,
//   p' = -tan(phi) phi' p + 2 J_r cos^2(phi) phi' psi',  pi_psi' = tau_psi,  pi_phi' = tau_phi.
// Same variables as SnakeboardDmoc (its layout and indices) with the knot's memory slots read
// as (p, m vx, pi_psi, pi_phi): m vx is an algebraic variable (its row, at knot k+1, is the vx
// formula above) that the pose rates use. The torques are held over the step (the simulator
// reads them at t_k + h/2). Nine rows per step, as SnakeboardDmoc: eight trapezoidal rows and
// the algebraic one (in the m vx slot's place). at_rest bounds the four slots at t_N to 0.
class SnakeboardCollocation final : public Nlp {
 public:
  // start: SnakeboardDmoc's knot 0 (lie-nh's memory), converted to this layout.
  SnakeboardCollocation(const Problem& problem, const SnakeboardParams& params, const std::array<double, 9>& start);

  int numVariables() const override { return dmoc_.numVariables(); }
  int numConstraints() const override { return dmoc_.numConstraints(); }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override;
  void initialGuess(std::vector<double>& x) const override;
  double cost(const double* x) const override { return dmoc_.cost(x); }
  void costGradient(const double* x, double* grad) const override { dmoc_.costGradient(x, grad); }
  void constraints(const double* x, double* g, JacobianSink* jac) const override;
  std::string describe(int constraint, const double* x, double violation) const override;
  void costHessianPattern(std::vector<std::pair<int, int>>& pairs) const override { dmoc_.costHessianPattern(pairs); }

  const SnakeboardDmoc& dmoc() const { return dmoc_; }
  // The collocation variables of a continuous state: pose, shape, (w, psi', phi') velocities.
  std::array<double, 9> knotFromVelocities(const std::array<double, 5>& q, double w, double psiDot,
                                           double phiDot) const;

 private:
  SnakeboardDmoc dmoc_;
  SnakeboardParams params_;
  std::array<double, 9> start_;
  int n_;
  double h_;
};

}  // namespace lieride::opt
