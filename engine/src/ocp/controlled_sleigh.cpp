// The controlled sleigh vehicle (docs/models.md section 8; Anahory Simoes et al. VI.B).
#include "lieride/ocp/controlled_sleigh.hpp"

#include "lieride/ocp/schemes.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace lieride::ocp {

ControlledSleighSimulation::ControlledSleighSimulation(const SleighOcpParams& p, const std::array<double, 5>& state,
                                                       const std::string& integrator, double h, double divergeSpeed)
    : p_(p), s_(state), prev_(state), h_(h), divergeSpeed_(divergeSpeed) {
  setIntegrator(integrator.empty() ? integrators().front() : integrator);
}

void ControlledSleighSimulation::setIntegrator(const std::string& name) {
  const auto all = integrators();
  if (std::find(all.begin(), all.end(), name) == all.end())
    throw std::invalid_argument("integrator '" + name + "' does not apply to vehicle 'sleigh-controlled'");
  integrator_ = name;
}

void ControlledSleighSimulation::setTimeStep(double h) {
  if (!std::isfinite(h) || !(h > 0.0)) throw std::invalid_argument("time step must be finite and > 0");
  tBase_ = t_;
  stepsSinceBase_ = 0;
  h_ = h;
}

std::array<double, 5> ControlledSleighSimulation::rate(const std::array<double, 5>& s, double u1, double u2) const {
  return {std::cos(s[2]) * s[4] / p_.mass, std::sin(s[2]) * s[4] / p_.mass, s[3] / p_.inertia, u2, u1};
}

void ControlledSleighSimulation::setCostates(const std::array<double, 5>& p, double until) {
  pmp_ = true;
  costate_ = p;
  pmpUntil_ = until;
}

// One step of the PMP Hamiltonian system (state and costates) with the running scheme: the
// retraction midpoint (Anahory Simoes et al. VI.C) or rk4 (their comparison method).
StepReport ControlledSleighSimulation::stepPmp(double tNext) {
  const SleighPmp sys(p_);
  PVec xi0(10), xi1(10);
  for (std::size_t i = 0; i < 5; ++i) {
    xi0(static_cast<Eigen::Index>(i)) = s_[i];
    xi0(static_cast<Eigen::Index>(i + 5)) = costate_[i];
  }
  const OcpMethod m = integrator_ == "rk4" ? OcpMethod::Rk4 : OcpMethod::RetractionMidpoint;
  const OcpStepReport r = ocpStep(sys, m, h_, xi0, xi1);
  StepReport report;
  report.iterations = r.iterations;
  report.residual = r.residual;
  report.converged = r.converged;
  last_ = report;
  const bool finite = xi1.allFinite();
  const double speed = std::max(std::abs(xi1(kZ2) / p_.mass), std::abs(xi1(kZ1) / p_.inertia));
  if (!r.converged || !finite || speed > divergeSpeed_) {
    status_ = RunStatus::Diverged;
    std::ostringstream msg;
    msg << "t = " << tNext << ": "
        << (!r.converged ? "Newton did not converge (" + std::to_string(r.iterations) + " iterations)"
                         : finite ? "speed above diverge_speed" : "non-finite state");
    message_ = msg.str();
    return report;
  }
  prev_ = s_;
  for (std::size_t i = 0; i < 5; ++i) {
    s_[i] = xi1(static_cast<Eigen::Index>(i));
    costate_[i] = xi1(static_cast<Eigen::Index>(i + 5));
  }
  havePrev_ = true;
  ++stepsSinceBase_;
  t_ = tNext;
  return report;
}

StepReport ControlledSleighSimulation::step() {
  if (status_ != RunStatus::Ok) return {};
  const double tMid = tBase_ + (static_cast<double>(stepsSinceBase_) + 0.5) * h_;
  const double tNext = tBase_ + static_cast<double>(stepsSinceBase_ + 1) * h_;
  if (pmp_ && tNext <= pmpUntil_ + 1e-9 * h_) return stepPmp(tNext);
  const bool pmpOver = pmp_;  // after costate_until: no inputs
  std::array<double, 5> next = s_;
  if (integrator_ == "retraction-midpoint") {
    // The paper's VI.C scheme restricted to the state: y1 - y0 = h u(t_mid),
    // q1 - q0 = h rho((q0 + q1) / 2) (y0 + y1) / 2. theta1 is explicit once z1 is known, then x, y.
    const double u1 = pmpOver ? 0.0 : controls_.value(0, tMid), u2 = pmpOver ? 0.0 : controls_.value(1, tMid);
    next[3] = s_[3] + h_ * u2;
    next[4] = s_[4] + h_ * u1;
    next[2] = s_[2] + h_ * 0.5 * (s_[3] + next[3]) / p_.inertia;
    const double th = 0.5 * (s_[2] + next[2]), z2 = 0.5 * (s_[4] + next[4]);
    next[0] = s_[0] + h_ * std::cos(th) * z2 / p_.mass;
    next[1] = s_[1] + h_ * std::sin(th) * z2 / p_.mass;
  } else {
    const double t0 = tBase_ + static_cast<double>(stepsSinceBase_) * h_;
    auto f = [&](double t, const std::array<double, 5>& s) {
      return pmpOver ? rate(s, 0.0, 0.0) : rate(s, controls_.value(0, t), controls_.value(1, t));
    };
    auto axpy = [](const std::array<double, 5>& a, double c, const std::array<double, 5>& b) {
      std::array<double, 5> r{};
      for (std::size_t i = 0; i < 5; ++i) r[i] = a[i] + c * b[i];
      return r;
    };
    const auto k1 = f(t0, s_), k2 = f(tMid, axpy(s_, 0.5 * h_, k1)), k3 = f(tMid, axpy(s_, 0.5 * h_, k2)),
               k4 = f(tNext, axpy(s_, h_, k3));
    for (std::size_t i = 0; i < 5; ++i) next[i] = s_[i] + h_ / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  const bool finite = std::all_of(next.begin(), next.end(), [](double v) { return std::isfinite(v); });
  const double speed = std::max(std::abs(next[4] / p_.mass), std::abs(next[3] / p_.inertia));
  if (!finite || speed > divergeSpeed_) {
    status_ = RunStatus::Diverged;
    std::ostringstream msg;
    msg << "t = " << tNext << ": " << (finite ? "speed above diverge_speed" : "non-finite state");
    message_ = msg.str();
    return {};
  }
  prev_ = s_;
  s_ = next;
  havePrev_ = true;
  ++stepsSinceBase_;
  t_ = tNext;
  return {};
}

double ControlledSleighSimulation::energy() const {
  return 0.5 * (s_[4] * s_[4] / p_.mass + s_[3] * s_[3] / p_.inertia);
}

std::vector<std::string> ControlledSleighSimulation::csvColumns() const {
  std::vector<std::string> c = {"t", "x", "y", "theta", "omega", "vx", "vy", "energy", "momentum", "constraint",
                                "iters", "status", "u1", "u2", "phi_d"};
  if (pmp_)
    for (const char* n : {"p_x", "p_y", "p_theta", "p_1", "p_2", "H"}) c.emplace_back(n);
  return c;
}

double ControlledSleighSimulation::phiD() const {
  if (!havePrev_) return 0.0;
  PVec a(3), b(3);
  a << prev_[0], prev_[1], prev_[2];
  b << s_[0], s_[1], s_[2];
  return discreteConstraint(a, b);
}

namespace {
// The inputs at t: the scenario's controls, or in costate mode u1 = p_2, u2 = p_1 while the PMP
// flow runs and zero after it.
std::array<double, 2> inputsAt(bool pmp, bool running, const std::array<double, 5>& p, const ControlSet& c, double t) {
  if (pmp) return running ? std::array<double, 2>{p[4], p[3]} : std::array<double, 2>{0.0, 0.0};
  return {c.value(0, t), c.value(1, t)};
}

PVec fullState(const std::array<double, 5>& s, const std::array<double, 5>& p) {
  PVec xi(10);
  for (std::size_t i = 0; i < 5; ++i) {
    xi(static_cast<Eigen::Index>(i)) = s[i];
    xi(static_cast<Eigen::Index>(i + 5)) = p[i];
  }
  return xi;
}
}  // namespace

void ControlledSleighSimulation::csvRow(std::vector<double>& values) const {
  const auto u = inputsAt(pmp_, t_ < pmpUntil_, costate_, controls_, t_);
  // The velocity lies in D by construction: the blade residual x' sin - y' cos is zero.
  for (double v : {t_, s_[0], s_[1], s_[2], s_[3] / p_.inertia, s_[4] / p_.mass, 0.0, energy(), 0.0, 0.0, 0.0, 0.0,
                   u[0], u[1], phiD()})
    values.push_back(v);
  if (pmp_) {
    values.insert(values.end(), costate_.begin(), costate_.end());
    values.push_back(SleighPmp(p_).hamiltonian(fullState(s_, costate_)));
  }
}

void ControlledSleighSimulation::stateWords(std::vector<double>& w) const {
  w.insert(w.end(), {t_, h_, tBase_, static_cast<double>(stepsSinceBase_)});
  w.insert(w.end(), s_.begin(), s_.end());
  if (pmp_) w.insert(w.end(), costate_.begin(), costate_.end());
}

Snapshot ControlledSleighSimulation::snapshot() const {
  Snapshot s;
  s.vehicle = vehicleType();
  s.integrator = integrator_;
  s.t = t_;
  s.h = h_;
  s.orientation = Quat(Eigen::AngleAxisd(s_[2], Vec3::UnitZ()));
  s.position = Vec3(s_[0], s_[1], 0.0);
  s.bodyVelocity << 0.0, 0.0, s_[3] / p_.inertia, s_[4] / p_.mass, 0.0, 0.0;
  const auto u = inputsAt(pmp_, t_ < pmpUntil_, costate_, controls_, t_);
  s.inputs = {u[0], u[1]};
  s.energy = energy();
  if (pmp_) {
    s.extraNames = {"p_x", "p_y", "p_theta", "p_1", "p_2", "H", "phi_d"};
    s.extras.assign(costate_.begin(), costate_.end());
    s.extras.push_back(SleighPmp(p_).hamiltonian(fullState(s_, costate_)));
    s.extras.push_back(phiD());
  }
  s.solver = last_;
  s.status = status_;
  s.statusMessage = message_;
  return s;
}

}  // namespace lieride::ocp
