#pragma once
// Helpers for the SE(3) integrator battery: build simulations from inline scenarios.
#include <cmath>
#include <string>

#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"

namespace lieride::test {

inline Scenario scenarioFrom(const std::string& toml, const ScenarioOverrides& o = {}) {
  return loadScenarioFromString(toml, "inline.toml", ".", o);
}

inline Se3Simulation& se3Sim(Scenario& s) { return dynamic_cast<Se3Simulation&>(*s.simulation); }

// Rigid body of docs/models.md section 1 with the given initial velocities.
inline std::string rigidBodyToml(const std::string& omega, const std::string& v, const std::string& extra = "") {
  return "[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = " + omega +
         "\nlinear_velocity = " + v + "\nposition = [0.3, -0.2, 1.0]\n" + extra;
}

// The tumbling body most tests use (omega = (0.4, 2.0, -0.7), v = (1.0, 0.3, -0.2)) with this
// integrator and step.
inline Scenario tumblingBody(const std::string& integrator, double dt) {
  ScenarioOverrides o;
  o.integrator = integrator;
  o.dt = dt;
  return scenarioFrom(rigidBodyToml("[0.4, 2.0, -0.7]", "[1.0, 0.3, -0.2]"), o);
}

// A smooth, undamped helicopter run with time-varying controls (docs/models.md section 2): the
// defaults have no drag and no ground contact (the run passes below z = 0).
inline std::string helicopterFlightToml() {
  return R"(
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 2.0]
angular_velocity = [0.2, -0.1, 0.3]
linear_velocity = [0.5, 0.1, 0.0]
[controls]
collective = { offset = 50.0, amplitude = 3.0, frequency = 0.4 }
cyclic_pitch = { amplitude = 0.05, frequency = 0.5 }
cyclic_roll = { amplitude = 0.04, frequency = 0.3, phase = 0.7 }
tail = { amplitude = 0.3, frequency = 0.25 }
)";
}

// Pose distance: position error plus geodesic rotation angle.
inline double poseError(const SE3& a, const SE3& b) {
  const double dot = std::min(1.0, std::abs(a.q.dot(b.q)));
  return (a.x - b.x).norm() + 2.0 * std::acos(dot);
}

inline SE3 finalPose(const std::string& toml, const std::string& integrator, double dt, double duration) {
  ScenarioOverrides o;
  o.integrator = integrator;
  o.dt = dt;
  o.duration = duration;
  Scenario s = scenarioFrom(toml, o);
  run(*s.simulation, duration);
  return se3Sim(s).state().g;
}

}  // namespace lieride::test
