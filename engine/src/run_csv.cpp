#include "lieride/sim/run_csv.hpp"

#include <stdexcept>

#include "lieride/ocp/controlled_sleigh.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/se3_simulation.hpp"

namespace lieride {
namespace {

std::vector<std::string> se3Columns(const Se3Simulation& sim) {
  std::vector<std::string> c{"t", "x", "y", "z", "qw", "qx", "qy", "qz", "wx", "wy", "wz", "vx", "vy", "vz"};
  for (const auto& ch : sim.controls().channels()) c.push_back(ch);
  for (const char* s : {"energy", "px", "py", "pz", "Lx", "Ly", "Lz", "iters", "status", "residual"}) c.emplace_back(s);
  for (const char* s : {"xi_wx", "xi_wy", "xi_wz", "xi_vx", "xi_vy", "xi_vz"}) c.emplace_back(s);
  return c;
}

// Every row is the state at t_k: pose g_k, velocity I^{-1} mu_k (mu_k the discrete Legendre
// transform of a variational integrator), the energy of that state and the spatial momentum of
// mu_k, as in the snapshot; then the discrete velocity xi_k.
void se3Row(const Se3Simulation& sim, std::vector<double>& v) {
  const Se3State& s = sim.rowState();
  const double t = sim.rowTime();
  const Vec6 xi = sim.inertia().velocity(s.mu);
  v.insert(v.end(), {t, s.g.x.x(), s.g.x.y(), s.g.x.z(), s.g.q.w(), s.g.q.x(), s.g.q.y(), s.g.q.z()});
  for (int i = 0; i < 6; ++i) v.push_back(xi(i));
  const InputVec u = sim.controls().values(t);
  for (Eigen::Index i = 0; i < u.size(); ++i) v.push_back(u(i));
  v.push_back(sim.energyOf(s, xi));
  const Vec3 p = s.g.q * s.mu.tail<3>();
  const Vec3 L = s.g.q * s.mu.head<3>() + s.g.x.cross(p);
  v.insert(v.end(), {p.x(), p.y(), p.z(), L.x(), L.y(), L.z()});
  v.push_back(sim.lastReport().iterations);
  v.push_back(0.0);  // status
  v.push_back(sim.lastReport().residual);
  const Vec6 xiK = sim.discreteVelocity();
  for (int i = 0; i < 6; ++i) v.push_back(xiK(i));
}

// Extra columns after `status`: `residual` (the step's solver residual) and `step_constraint`
// (the last step's residual as a discrete motion, NhModel::stepResidual).
std::vector<std::string> planarColumns(const PlanarSimulation& sim) {
  std::vector<std::string> cols = sim.model().stateColumns();
  cols.push_back("energy");
  if (sim.model().onSE2()) cols.push_back("momentum");
  for (const char* c : {"constraint", "iters", "status", "residual", "step_constraint"}) cols.push_back(c);
  return cols;
}

void planarRow(const PlanarSimulation& sim, std::vector<double>& values) {
  const NhModel& m = sim.model();
  const NhState& s = sim.rowState();
  values.push_back(sim.rowTime());
  m.stateRow(s, values);
  values.push_back(m.energy(s));
  if (m.onSE2()) values.push_back(m.momentum(s));
  values.push_back(m.constraintResidual(s));
  values.push_back(static_cast<double>(sim.lastReport().iterations));
  values.push_back(0.0);  // status
  values.push_back(sim.lastReport().residual);
  values.push_back(sim.stepConstraint());
}

std::vector<std::string> sleighColumns(const ocp::ControlledSleighSimulation& sim) {
  std::vector<std::string> c = {"t", "x", "y", "theta", "omega", "vx", "vy", "energy", "momentum", "constraint",
                                "iters", "status", "u1", "u2", "phi_d"};
  if (sim.costateMode())
    for (const char* n : {"p_x", "p_y", "p_theta", "p_1", "p_2", "H"}) c.emplace_back(n);
  return c;
}

void sleighRow(const ocp::ControlledSleighSimulation& sim, std::vector<double>& values) {
  const ocp::SleighRunState& s = sim.rowState();
  const double t = sim.rowTime();
  const auto u = sim.inputsAt(s, t);
  const auto& q = s.q;
  const auto& p = sim.params();
  // The velocity lies in D by construction: the blade residual x' sin - y' cos is zero.
  for (double v : {t, q[0], q[1], q[2], q[3] / p.inertia, q[4] / p.mass, 0.0, sim.energyOf(s), 0.0, 0.0, 0.0, 0.0,
                   u[0], u[1], sim.phiD()})
    values.push_back(v);
  if (sim.costateMode()) {
    values.insert(values.end(), s.costate.begin(), s.costate.end());
    values.push_back(sim.hamiltonian(s));
  }
}

[[noreturn]] void noLayout(const Simulation& sim) {
  throw std::invalid_argument("vehicle '" + sim.vehicleType() + "' has no run CSV layout (lieride/sim/run_csv.hpp)");
}

}  // namespace

std::vector<std::string> runCsvColumns(const Simulation& sim) {
  if (const auto* se3 = dynamic_cast<const Se3Simulation*>(&sim)) return se3Columns(*se3);
  if (const auto* planar = dynamic_cast<const PlanarSimulation*>(&sim)) return planarColumns(*planar);
  if (const auto* sleigh = dynamic_cast<const ocp::ControlledSleighSimulation*>(&sim)) return sleighColumns(*sleigh);
  noLayout(sim);
}

void runCsvRow(const Simulation& sim, std::vector<double>& values) {
  if (const auto* se3 = dynamic_cast<const Se3Simulation*>(&sim)) return se3Row(*se3, values);
  if (const auto* planar = dynamic_cast<const PlanarSimulation*>(&sim)) return planarRow(*planar, values);
  if (const auto* sleigh = dynamic_cast<const ocp::ControlledSleighSimulation*>(&sim))
    return sleighRow(*sleigh, values);
  noLayout(sim);
}

}  // namespace lieride
