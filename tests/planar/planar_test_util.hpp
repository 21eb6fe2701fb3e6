#pragma once
// Shared helpers of the planar tests: scenario building and an independent
// Lagrange-d'Alembert-with-multipliers reference integrator.
#include <functional>
#include <memory>
#include <string>

#include <Eigen/Dense>

#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/model/car.hpp"
#include "lieride/sim/scenario.hpp"

namespace planar_test {

using lieride::MatX;
using lieride::VecX;

inline std::unique_ptr<lieride::PlanarSimulation> load(const std::string& toml) {
  lieride::Scenario sc = lieride::loadScenarioFromString(toml, "test.toml", ".");
  auto* p = dynamic_cast<lieride::PlanarSimulation*>(sc.simulation.get());
  if (!p) throw std::runtime_error("not a planar simulation");
  sc.simulation.release();
  return std::unique_ptr<lieride::PlanarSimulation>(p);
}

// The full equations M(q) qdd + C(q, qd) = F(t, q) + mu(q)^T lambda with mu qdd + mudot qd = 0,
// solved for qdd with the multipliers (a saddle-point system), integrated by RK4.
struct MultiplierSystem {
  std::function<MatX(double t, const VecX& q)> M;
  std::function<VecX(double t, const VecX& q, const VecX& qd)> C;  // Coriolis/centrifugal
  std::function<VecX(double t, const VecX& q)> F;
  std::function<MatX(double t, const VecX& q)> mu;
  std::function<VecX(double t, const VecX& q, const VecX& qd)> mudotQd;  // (d mu/dt) qd

  VecX accel(double t, const VecX& q, const VecX& qd) const {
    const MatX Mq = M(t, q), A = mu(t, q);
    const long n = q.size(), m = A.rows();
    MatX K = MatX::Zero(n + m, n + m);
    K.topLeftCorner(n, n) = Mq;
    K.topRightCorner(n, m) = -A.transpose();
    K.bottomLeftCorner(m, n) = A;
    VecX rhs(n + m);
    rhs.head(n) = F(t, q) - C(t, q, qd);
    rhs.tail(m) = -mudotQd(t, q, qd);
    return K.fullPivLu().solve(rhs).head(n);
  }

  // RK4 of (q, qd) from t0 to t1 with n steps.
  void integrate(double t0, double t1, int n, VecX& q, VecX& qd) const {
    const double h = (t1 - t0) / n;
    for (int k = 0; k < n; ++k) {
      const double t = t0 + k * h;
      const VecX a1 = accel(t, q, qd);
      const VecX q2 = q + 0.5 * h * qd, v2 = qd + 0.5 * h * a1;
      const VecX a2 = accel(t + 0.5 * h, q2, v2);
      const VecX q3 = q + 0.5 * h * v2, v3 = qd + 0.5 * h * a2;
      const VecX a3 = accel(t + 0.5 * h, q3, v3);
      const VecX q4 = q + h * v3, v4 = qd + h * a3;
      const VecX a4 = accel(t + h, q4, v4);
      q += h / 6.0 * (qd + 2.0 * v2 + 2.0 * v3 + v4);
      qd += h / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
    }
  }
};

// Runs sim for `duration` and returns false on divergence.
inline bool runFor(lieride::Simulation& sim, double duration) {
  const long n = lieride::stepsFor(duration, sim.timeStep());
  for (long k = 0; k < n; ++k) {
    sim.step();
    if (sim.status() != lieride::RunStatus::Ok) return false;
  }
  return true;
}

}  // namespace planar_test
