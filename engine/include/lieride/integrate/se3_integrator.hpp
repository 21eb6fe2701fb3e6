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
  // The discrete velocity of the step that starts at state s and time t: the run CSV's extra
  // columns xi_wx..xi_vz (docs/formats.md section 3). A variational integrator's xi_k is the
  // average velocity over [t_k, t_k + h] (docs/models.md, Conventions): it solves the coming
  // step's momentum equation ahead, and the next step() reuses that solution. The other schemes
  // (and the composition lie-cay-tln4, which has no single discrete velocity) give the velocity
  // at t, I^{-1} mu. The state at t itself (CSV columns wx..vz, energy) is always (g, I^{-1} mu).
  virtual Vec6 discreteVelocity(const Se3Dynamics& d, double /*t*/, double /*h*/, const Se3State& s) {
    return d.inertia.velocity(s.mu);
  }
};

// Names: lie-exp, lie-cay, lie-exp-tln, lie-cay-tln, lie-cay-tln4, euler, rk2, rk2-implicit, rk4, lie-newmark.
std::vector<std::string> se3IntegratorNames();
std::string se3IntegratorDescription(const std::string& name);
// Throws std::invalid_argument for an unknown name.
std::unique_ptr<Se3Integrator> makeSe3Integrator(const std::string& name, const SolverSettings& s);

}  // namespace lieride
