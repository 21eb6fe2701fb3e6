#pragma once
// Helpers shared by the boat tests: build a boat from a scenario string and record a run.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "lieride/sim/scenario.hpp"

namespace boattest {

using lieride::Quat;
using lieride::Vec3;

struct Trace {
  std::vector<double> t, roll, pitch, yaw;
  std::vector<Vec3> x, vBody, vWorld, w;
};

inline std::unique_ptr<lieride::Simulation> boat(const std::string& vehicle, const std::string& initial = "",
                                                 const std::string& integrator = "lie-cay-tln", double dt = 0.01,
                                                 const std::string& controls = "") {
  const std::string text = "[vehicle]\ntype = \"boat\"\n" + vehicle + "\n[initial]\n" + initial +
                           "\n[integrator]\nname = \"" + integrator + "\"\ndt = " + std::to_string(dt) +
                           "\n[controls]\n" + controls + "\n";
  return std::move(lieride::loadScenarioFromString(text, "test.toml", LIERIDE_SOURCE_DIR).simulation);
}

// Roll-pitch-yaw (x-y-z fixed axes: R = Rz(yaw) Ry(pitch) Rx(roll)).
inline Vec3 rollPitchYaw(const Quat& q) {
  const auto R = q.toRotationMatrix();
  return Vec3(std::atan2(R(2, 1), R(2, 2)), std::asin(-std::max(-1.0, std::min(1.0, R(2, 0)))),
              std::atan2(R(1, 0), R(0, 0)));
}

inline Trace run(lieride::Simulation& sim, double duration) {
  Trace tr;
  const long steps = std::lround(duration / sim.timeStep());
  for (long k = 0; k <= steps; ++k) {
    if (k > 0) sim.step();
    const auto s = sim.snapshot();
    const Vec3 rpy = rollPitchYaw(s.orientation);
    tr.t.push_back(s.t);
    tr.roll.push_back(rpy.x());
    tr.pitch.push_back(rpy.y());
    tr.yaw.push_back(rpy.z());
    tr.x.push_back(s.position);
    tr.w.push_back(s.bodyVelocity.head<3>());
    tr.vBody.push_back(s.bodyVelocity.tail<3>());
    tr.vWorld.push_back(s.orientation * Vec3(s.bodyVelocity.tail<3>()));
  }
  return tr;
}

// Largest |y - ref| over samples with t in [t0, t1].
inline double peak(const std::vector<double>& t, const std::vector<double>& y, double ref, double t0, double t1) {
  double m = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] >= t0 && t[i] <= t1) m = std::max(m, std::abs(y[i] - ref));
  return m;
}

}  // namespace boattest
