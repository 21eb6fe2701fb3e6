// The controlled sleigh vehicle (docs/models.md section 8; Anahory Simoes et al. VI.B).
#include "lieride/ocp/controlled_sleigh.hpp"

#include "lieride/ocp/schemes.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride::ocp {

ControlledSleighSimulation::ControlledSleighSimulation(const SleighOcpParams& p, const std::array<double, 5>& state,
                                                       const IntegratorSettings& settings)
    : SimulationOf(SleighRunState{state, {}}, integrators(), {"u1", "u2"}, settings), p_(p) {
  setIntegrator(firstIntegrator(settings));
}

std::array<double, 5> ControlledSleighSimulation::rate(const std::array<double, 5>& s, double u1, double u2) const {
  return {std::cos(s[2]) * s[4] / p_.mass, std::sin(s[2]) * s[4] / p_.mass, s[3] / p_.inertia, u2, u1};
}

void ControlledSleighSimulation::setCostates(const std::array<double, 5>& p, double until) {
  pmp_ = true;
  state_.costate = p;
  pmpUntil_ = until;
}

// One step of the PMP Hamiltonian system (state and costates) with the running scheme: the
// retraction midpoint (Anahory Simoes et al. VI.C) or rk4 (their comparison method).
StepReport ControlledSleighSimulation::stepPmp(double h) {
  const SleighPmp sys(p_);
  PVec xi0(10), xi1(10);
  for (std::size_t i = 0; i < 5; ++i) {
    xi0(static_cast<Eigen::Index>(i)) = state_.q[i];
    xi0(static_cast<Eigen::Index>(i + 5)) = state_.costate[i];
  }
  const OcpMethod m = integratorName() == "rk4" ? OcpMethod::Rk4 : OcpMethod::RetractionMidpoint;
  const OcpStepReport r = ocpStep(sys, m, h, xi0, xi1);
  for (std::size_t i = 0; i < 5; ++i) {
    state_.q[i] = xi1(static_cast<Eigen::Index>(i));
    state_.costate[i] = xi1(static_cast<Eigen::Index>(i + 5));
  }
  StepReport report;
  report.iterations = r.iterations;
  report.residual = r.residual;
  report.converged = r.converged;
  return report;
}

StepReport ControlledSleighSimulation::advance(double t, double h) {
  const double tMid = stepTime(0.5);
  const double tNext = stepTime(1.0);
  if (pmp_ && tNext <= pmpUntil_ + 1e-9 * h) return stepPmp(h);
  const bool pmpOver = pmp_;  // after costate_until: no inputs
  const std::array<double, 5> s = state_.q;
  std::array<double, 5>& next = state_.q;
  if (integratorName() == "retraction-midpoint") {
    // The paper's VI.C scheme restricted to the state: y1 - y0 = h u(t_mid),
    // q1 - q0 = h rho((q0 + q1) / 2) (y0 + y1) / 2. theta1 is explicit once z1 is known, then x, y.
    const double u1 = pmpOver ? 0.0 : controls().value(0, tMid), u2 = pmpOver ? 0.0 : controls().value(1, tMid);
    next[3] = s[3] + h * u2;
    next[4] = s[4] + h * u1;
    next[2] = s[2] + h * 0.5 * (s[3] + next[3]) / p_.inertia;
    const double th = 0.5 * (s[2] + next[2]), z2 = 0.5 * (s[4] + next[4]);
    next[0] = s[0] + h * std::cos(th) * z2 / p_.mass;
    next[1] = s[1] + h * std::sin(th) * z2 / p_.mass;
  } else {
    auto f = [&](double ti, const std::array<double, 5>& y) {
      return pmpOver ? rate(y, 0.0, 0.0) : rate(y, controls().value(0, ti), controls().value(1, ti));
    };
    auto axpy = [](const std::array<double, 5>& a, double c, const std::array<double, 5>& b) {
      std::array<double, 5> r{};
      for (std::size_t i = 0; i < 5; ++i) r[i] = a[i] + c * b[i];
      return r;
    };
    const auto k1 = f(t, s), k2 = f(tMid, axpy(s, 0.5 * h, k1)), k3 = f(tMid, axpy(s, 0.5 * h, k2)),
               k4 = f(tNext, axpy(s, h, k3));
    for (std::size_t i = 0; i < 5; ++i) next[i] = s[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  return {};
}

StepHealth ControlledSleighSimulation::health(bool) const {
  auto allFinite = [](const std::array<double, 5>& a) {
    return std::all_of(a.begin(), a.end(), [](double v) { return std::isfinite(v); });
  };
  const auto& q = state_.q;
  const bool finite = allFinite(q) && (!pmp_ || allFinite(state_.costate));
  return {finite, energy(), std::max(std::abs(q[4] / p_.mass), std::abs(q[3] / p_.inertia))};
}

double ControlledSleighSimulation::energyOf(const SleighRunState& s) const {
  return 0.5 * (s.q[4] * s.q[4] / p_.mass + s.q[3] * s.q[3] / p_.inertia);
}

double ControlledSleighSimulation::phiD() const {
  if (!havePrev_ && !diverged()) return 0.0;
  const auto& a = previousState().q;
  const auto& b = rowState().q;
  PVec qa(3), qb(3);
  qa << a[0], a[1], a[2];
  qb << b[0], b[1], b[2];
  return discreteConstraint(qa, qb);
}

std::array<double, 2> ControlledSleighSimulation::inputsAt(const SleighRunState& s, double t) const {
  // Up to and including costate_until (the last PMP row shows the controls it ended with, not
  // the zero that follows), with advance()'s tolerance on the step times.
  if (pmp_)
    return t <= pmpUntil_ + 1e-9 * timeStep() ? std::array<double, 2>{s.costate[4], s.costate[3]} : std::array<double, 2>{0.0, 0.0};
  return {controls().value(0, t), controls().value(1, t)};
}

double ControlledSleighSimulation::hamiltonian(const SleighRunState& s) const {
  PVec xi(10);
  for (std::size_t i = 0; i < 5; ++i) {
    xi(static_cast<Eigen::Index>(i)) = s.q[i];
    xi(static_cast<Eigen::Index>(i + 5)) = s.costate[i];
  }
  return SleighPmp(p_).hamiltonian(xi);
}

void ControlledSleighSimulation::stateWords(std::vector<double>& w) const {
  w.insert(w.end(), {time(), timeStep(), clockBase(), static_cast<double>(stepsSinceBase())});
  w.insert(w.end(), state_.q.begin(), state_.q.end());
  if (pmp_) w.insert(w.end(), state_.costate.begin(), state_.costate.end());
}

Snapshot ControlledSleighSimulation::snapshot() const {
  const auto& q = state_.q;
  Snapshot s;
  s.vehicle = vehicleType();
  s.integrator = integratorName();
  s.t = time();
  s.h = timeStep();
  s.orientation = Quat(Eigen::AngleAxisd(q[2], Vec3::UnitZ()));
  s.position = Vec3(q[0], q[1], 0.0);
  s.bodyVelocity << 0.0, 0.0, q[3] / p_.inertia, q[4] / p_.mass, 0.0, 0.0;
  const auto u = inputsAt(state_, s.t);
  s.inputs = {u[0], u[1]};
  s.energy = energy();
  if (pmp_) {
    s.extraNames = {"p_x", "p_y", "p_theta", "p_1", "p_2", "H", "phi_d"};
    s.extras.assign(state_.costate.begin(), state_.costate.end());
    s.extras.push_back(hamiltonian(state_));
    s.extras.push_back(phiD());
  }
  s.solver = lastReport();
  s.status = status();
  s.statusMessage = statusMessage();
  return s;
}

}  // namespace lieride::ocp
