#include "lieride/sim/se3_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride {

namespace {
std::vector<std::string> applicable(const Se3VehicleSpec& spec) {
  return spec.integrators.empty() ? se3IntegratorNames() : spec.integrators;
}
}  // namespace

Se3Simulation::Se3Simulation(Se3VehicleSpec spec, const IntegratorSettings& settings, const Se3State& initial)
    : SimulationOf(initial, applicable(spec), spec.channels, settings), spec_(std::move(spec)),
      solver_{settings.tolerance, settings.maxIterations} {
  setIntegrator(firstIntegrator(settings));
}

Se3Simulation::Se3Simulation(const Se3Simulation& o)
    : SimulationOf(o), spec_(o.spec_), solver_(o.solver_), integrator_(o.integrator_->clone()) {}

Vec6 Se3Simulation::discreteVelocity() const {
  // The diverged row shows the failed step's state; its xi_* repeat that row's velocity (they
  // showed the last good row's).
  if (diverged()) return spec_.inertia.velocity(rowState().mu);
  return integrator_->discreteVelocity(dynamics(), time(), timeStep(), state_);
}

double Se3Simulation::energyOf(const Se3State& s, const Vec6& xi) const {
  return spec_.inertia.kineticEnergy(xi) + spec_.forces->potentialEnergy(s.g);
}

Vec3 Se3Simulation::spatialLinearMomentum() const { return state_.g.q * state_.mu.tail<3>(); }

Vec3 Se3Simulation::spatialAngularMomentum() const {
  return state_.g.q * state_.mu.head<3>() + state_.g.x.cross(spatialLinearMomentum());
}

StepReport Se3Simulation::advance(double t, double h) { return integrator_->step(dynamics(), t, h, state_); }

StepHealth Se3Simulation::health(bool needEnergy) const {
  const bool finite = state_.g.q.coeffs().allFinite() && state_.g.x.allFinite() && state_.mu.allFinite();
  const Vec6 xi = finite ? velocity() : Vec6::Constant(NAN);
  const double speed = std::max(xi.head<3>().norm(), xi.tail<3>().norm());
  // Energy is only an invariant (and only needed) in a conservative run.
  StepHealth h{finite && xi.allFinite(), 0.0, finite ? speed : INFINITY, 0.0};
  if (needEnergy || !finite) {
    const double kinetic = spec_.inertia.kineticEnergy(xi), potential = spec_.forces->potentialEnergy(state_.g);
    h.energy = kinetic + potential;
    h.energyScale = std::abs(kinetic) + std::abs(potential);
  }
  return h;
}

void Se3Simulation::stateWords(std::vector<double>& w) const {
  const Se3State& s = state_;
  w.insert(w.end(), {time(), timeStep(), clockBase(), static_cast<double>(stepsSinceBase()), s.g.x.x(), s.g.x.y(),
                     s.g.x.z(), s.g.q.w(), s.g.q.x(), s.g.q.y(), s.g.q.z()});
  for (int i = 0; i < 6; ++i) w.push_back(s.mu(i));
}

Snapshot Se3Simulation::snapshot() const {
  const Se3State& s = state_;
  Snapshot snap;
  snap.vehicle = spec_.type;
  snap.integrator = integratorName();
  snap.t = time();
  snap.h = timeStep();
  snap.orientation = s.g.q;
  snap.position = s.g.x;
  // The state at t, as in the run CSV: the velocity and energy of the momentum at t
  // (I^{-1} mu), which every integrator shares and which a switch hands over unchanged.
  snap.bodyVelocity = spec_.inertia.velocity(s.mu);
  const InputVec u = controls().values(snap.t);
  snap.inputs.assign(u.data(), u.data() + u.size());
  snap.energy = energyOf(s, snap.bodyVelocity);
  const Vec3 p = s.g.q * s.mu.tail<3>();
  snap.momentum = std::hypot(p.norm(), (s.g.q * s.mu.head<3>() + s.g.x.cross(p)).norm());
  snap.power = powerOf(s, snap.bodyVelocity, snap.t, u);
  snap.solver = lastReport();
  snap.status = status();
  snap.statusMessage = statusMessage();
  return snap;
}

double Se3Simulation::power() const {
  const double t = time();
  return powerOf(state_, spec_.inertia.velocity(state_.mu), t, controls().values(t));
}

double Se3Simulation::powerOf(const Se3State& s, const Vec6& xi, double t, const InputVec& u) const {
  // dE/dt = xi . (ad*_xi I xi + w) + dV/dt = xi . w + dV/dt (the gyroscopic term does no work);
  // the conservative part of w cancels dV/dt, what remains is the non-conservative power.
  // dV/dt along g(s) = g exp(s xi) by a central difference.
  const double e = 1e-6 / std::max(1.0, xi.lpNorm<Eigen::Infinity>());
  const double dV = (spec_.forces->potentialEnergy(s.g * se3::exp(e * xi)) -
                     spec_.forces->potentialEnergy(s.g * se3::exp(-e * xi))) / (2.0 * e);
  return xi.dot(spec_.forces->wrench(t, s.g, xi, u)) + dV;
}

Se3State readSe3Initial(TableReader& initial, const Se3Inertia& inertia) {
  const auto p = initial.numbers("position", {0.0, 0.0, 0.0});
  const auto q = initial.numbers("orientation", {1.0, 0.0, 0.0, 0.0});
  const auto w = initial.numbers("angular_velocity", {0.0, 0.0, 0.0});
  const auto v = initial.numbers("linear_velocity", {0.0, 0.0, 0.0});
  Quat quat(q[0], q[1], q[2], q[3]);
  const double n = quat.norm();
  if (!(n > 0.0) || std::abs(n - 1.0) > 1e-6)
    initial.fail("orientation", "a unit quaternion [w, x, y, z] (norm 1 within 1e-6)");
  quat.normalize();
  Se3State s;
  s.g = SE3{quat, Vec3(p[0], p[1], p[2])};
  s.mu = inertia.momentum(se3::join(Vec3(w[0], w[1], w[2]), Vec3(v[0], v[1], v[2])));
  return s;
}

}  // namespace lieride
