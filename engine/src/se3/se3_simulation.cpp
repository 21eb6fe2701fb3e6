#include "lieride/sim/se3_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride {

Se3Simulation::Se3Simulation(Se3VehicleSpec spec, const IntegratorSettings& settings, const Se3State& initial)
    : spec_(std::move(spec)), solver_{settings.tolerance, settings.maxIterations}, controls_(spec_.channels),
      state_(initial), lastGood_(initial) {
  if (spec_.integrators.empty()) spec_.integrators = se3IntegratorNames();
  setTimeStep(settings.dt);
  setIntegrator(settings.name.empty() ? spec_.integrators.front() : settings.name);
  monitor_.divergeSpeed = settings.divergeSpeed;
}

Se3Simulation::Se3Simulation(const Se3Simulation& o)
    : spec_(o.spec_), solver_(o.solver_), integrator_(o.integrator_->clone()), controls_(o.controls_),
      state_(o.state_), lastGood_(o.lastGood_), failed_(o.failed_), failedT_(o.failedT_), t_(o.t_), h_(o.h_), tBase_(o.tBase_),
      stepsSinceBase_(o.stepsSinceBase_), monitor_(o.monitor_), monitorArmed_(o.monitorArmed_),
      status_(o.status_), message_(o.message_), last_(o.last_) {}

void Se3Simulation::setIntegrator(const std::string& name) {
  if (std::find(spec_.integrators.begin(), spec_.integrators.end(), name) == spec_.integrators.end())
    throw std::invalid_argument("integrator '" + name + "' does not apply to vehicle '" + spec_.type + "'");
  integrator_ = makeSe3Integrator(name, solver_);
  if (status_ != RunStatus::Ok) {
    // Resume with the new integrator from the last good state, where step() left the state
    // and the clock when the failed step was undone.
    status_ = RunStatus::Ok;
    message_.clear();
    last_ = StepReport{};
    monitorArmed_ = false;
  }
}

void Se3Simulation::setTimeStep(double h) {
  if (!std::isfinite(h) || !(h > 0.0)) throw std::invalid_argument("time step must be finite and > 0");
  tBase_ = t_;
  stepsSinceBase_ = 0;
  h_ = h;
}

Vec6 Se3Simulation::discreteVelocity() const {
  if (status_ != RunStatus::Ok) return velocity();
  return integrator_->discreteVelocity(dynamics(), t_, h_, state_);
}

double Se3Simulation::energyOf(const Se3State& s, const Vec6& xi) const {
  return spec_.inertia.kineticEnergy(xi) + spec_.forces->potentialEnergy(s.g);
}

Vec3 Se3Simulation::spatialLinearMomentum() const { return state_.g.q * state_.mu.tail<3>(); }

Vec3 Se3Simulation::spatialAngularMomentum() const {
  return state_.g.q * state_.mu.head<3>() + state_.g.x.cross(spatialLinearMomentum());
}

StepReport Se3Simulation::step() {
  if (status_ != RunStatus::Ok) return last_;
  if (!monitorArmed_) {
    monitor_.conservative = spec_.forces->conservativeWithoutInputs() && controls_.identicallyZero();
    monitor_.initialEnergy = energy();
    monitorArmed_ = true;
  } else if (monitor_.conservative && !controls_.identicallyZero()) {
    monitor_.conservative = false;  // inputs were applied: energy is no longer an invariant
  }
  lastGood_ = state_;
  last_ = integrator_->step(dynamics(), t_, h_, state_);
  ++stepsSinceBase_;
  t_ = tBase_ + static_cast<double>(stepsSinceBase_) * h_;

  const bool finite = state_.g.q.coeffs().allFinite() && state_.g.x.allFinite() && state_.mu.allFinite();
  const Vec6 xi = finite ? velocity() : Vec6::Constant(NAN);
  const double speed = std::max(xi.head<3>().norm(), xi.tail<3>().norm());
  // Energy is only an invariant (and only needed here) in a conservative run.
  const double energy = monitor_.conservative || !finite ? energyOf(state_, xi) : 0.0;
  if (auto msg = monitor_.check(finite && xi.allFinite(), energy, finite ? speed : INFINITY, last_, t_)) {
    // As every Simulation (simulation.hpp): the state stays at the last good step.
    status_ = RunStatus::Diverged;
    message_ = *msg;
    failed_ = state_;
    failedT_ = t_;
    state_ = lastGood_;
    --stepsSinceBase_;
    t_ = tBase_ + static_cast<double>(stepsSinceBase_) * h_;
  }
  return last_;
}

std::vector<std::string> Se3Simulation::csvColumns() const {
  std::vector<std::string> c{"t", "x", "y", "z", "qw", "qx", "qy", "qz", "wx", "wy", "wz", "vx", "vy", "vz"};
  for (const auto& ch : controls_.channels()) c.push_back(ch);
  for (const char* s : {"energy", "px", "py", "pz", "Lx", "Ly", "Lz", "iters", "status", "residual"}) c.emplace_back(s);
  for (const char* s : {"xi_wx", "xi_wy", "xi_wz", "xi_vx", "xi_vy", "xi_vz"}) c.emplace_back(s);
  return c;
}

// Every row is the state at t_k (docs/formats.md section 3): pose g_k, velocity I^{-1} mu_k
// (mu_k the discrete Legendre transform of a variational integrator), the energy of that state
// and the spatial momentum of mu_k, as in snapshot(); then the discrete velocity xi_k.
void Se3Simulation::csvRow(std::vector<double>& v) const {
  // The diverged row shows the step that failed (docs/formats.md section 3).
  const bool diverged = status_ == RunStatus::Diverged;
  const Se3State& s = diverged ? failed_ : state_;
  const double t = diverged ? failedT_ : t_;
  const Vec6 xi = spec_.inertia.velocity(s.mu);
  v.insert(v.end(), {t, s.g.x.x(), s.g.x.y(), s.g.x.z(), s.g.q.w(), s.g.q.x(), s.g.q.y(), s.g.q.z()});
  for (int i = 0; i < 6; ++i) v.push_back(xi(i));
  const InputVec u = controls_.values(t);
  for (Eigen::Index i = 0; i < u.size(); ++i) v.push_back(u(i));
  v.push_back(energyOf(s, xi));
  const Vec3 p = s.g.q * s.mu.tail<3>();
  const Vec3 L = s.g.q * s.mu.head<3>() + s.g.x.cross(p);
  v.insert(v.end(), {p.x(), p.y(), p.z(), L.x(), L.y(), L.z()});
  v.push_back(last_.iterations);
  v.push_back(0.0);  // status (text, written by the CSV writer)
  v.push_back(last_.residual);
  const Vec6 xiK = discreteVelocity();
  for (int i = 0; i < 6; ++i) v.push_back(xiK(i));
}

void Se3Simulation::stateWords(std::vector<double>& w) const {
  const Se3State& s = state_;
  w.insert(w.end(), {t_, h_, tBase_, static_cast<double>(stepsSinceBase_), s.g.x.x(), s.g.x.y(), s.g.x.z(),
                     s.g.q.w(), s.g.q.x(), s.g.q.y(), s.g.q.z()});
  for (int i = 0; i < 6; ++i) w.push_back(s.mu(i));
}

Snapshot Se3Simulation::snapshot() const {
  const Se3State& s = state_;
  Snapshot snap;
  snap.vehicle = spec_.type;
  snap.integrator = integrator_->name();
  snap.t = t_;
  snap.h = h_;
  snap.orientation = s.g.q;
  snap.position = s.g.x;
  // The state at t, as in the run CSV: the velocity and energy of the momentum at t
  // (I^{-1} mu), which every integrator shares and which a switch hands over unchanged.
  snap.bodyVelocity = spec_.inertia.velocity(s.mu);
  const InputVec u = controls_.values(snap.t);
  snap.inputs.assign(u.data(), u.data() + u.size());
  snap.energy = energyOf(s, snap.bodyVelocity);
  const Vec3 p = s.g.q * s.mu.tail<3>();
  snap.momentum = std::hypot(p.norm(), (s.g.q * s.mu.head<3>() + s.g.x.cross(p)).norm());
  snap.power = powerOf(s, snap.bodyVelocity, snap.t, u);
  snap.solver = last_;
  snap.status = status_;
  snap.statusMessage = message_;
  return snap;
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
