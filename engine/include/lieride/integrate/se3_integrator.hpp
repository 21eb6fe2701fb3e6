#pragma once
// Integrators for a rigid body on SE(3). Every integrator advances the same state: the pose g
// and the body momentum mu = I xi at the step's time. Handing (g, mu) from one integrator to
// another, or changing h, continues the same motion (docs/architecture.md, Engine).
#include <memory>
#include <string>
#include <vector>

#include "lieride/model/se3_body.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

struct Se3State {
  SE3 g;
  Vec6 mu = Vec6::Zero();  // body momentum (J w, m v) at time t
};

struct SolverSettings {
  double tolerance = 1e-12;  // relative residual
  int maxIterations = 50;
};

class Se3Integrator {
 public:
  virtual ~Se3Integrator() = default;
  virtual std::string name() const = 0;
  // Advance s from t to t + h. The report says whether an implicit solve converged.
  virtual StepReport step(const Se3Dynamics& d, double t, double h, Se3State& s) = 0;
  virtual std::unique_ptr<Se3Integrator> clone() const = 0;
  // The body velocity reported for state s at time t (run CSV, energy, plots). Runge-Kutta
  // schemes report xi(t) = I^{-1} mu. A variational integrator reports its discrete velocity
  // xi_k, the average velocity over [t_k, t_k + h] (docs/models.md, Conventions): it solves the
  // coming step's momentum equation ahead, and the next step() reuses that solution.
  virtual Vec6 reportedVelocity(const Se3Dynamics& d, double /*t*/, double /*h*/, const Se3State& s) {
    return d.inertia.velocity(s.mu);
  }
};

// Names: lie-exp, lie-cay, lie-exp-tln, lie-cay-tln, euler, rk2, rk2-implicit, rk4, lie-newmark.
std::vector<std::string> se3IntegratorNames();
std::string se3IntegratorDescription(const std::string& name);
// Throws std::invalid_argument for an unknown name.
std::unique_ptr<Se3Integrator> makeSe3Integrator(const std::string& name, const SolverSettings& s);

}  // namespace lieride
