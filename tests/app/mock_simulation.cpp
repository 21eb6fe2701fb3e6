#include "mock_simulation.hpp"

#include <cmath>
#include <stdexcept>

namespace lieride::test {

OscillatorSimulation::OscillatorSimulation(double h) : h_(h) {}

void OscillatorSimulation::setIntegrator(const std::string& name) {
  if (name != "symplectic-euler" && name != "euler") throw std::invalid_argument("integrator " + name);
  integrator_ = name;
  status_ = RunStatus::Ok;  // as SimulationCore: after a divergence, on from the last good state
}

void OscillatorSimulation::setTimeStep(double h) {
  if (!(std::isfinite(h) && h > 0)) throw std::invalid_argument("h");
  h_ = h;
}

StepReport OscillatorSimulation::step() {
  if (status_ != RunStatus::Ok) return {};
  const double f = controls_.value(0, t_);
  double x = x_, v = v_;
  if (integrator_ == "euler") {
    const double a = -x + f;
    x += h_ * v;
    v += h_ * a;
  } else {
    v += h_ * (-x + f);
    x += h_ * v;
  }
  if (!std::isfinite(x) || std::abs(x) > 1e6) {
    status_ = RunStatus::Diverged;  // keep the last good state
    return {};
  }
  x_ = x;
  v_ = v;
  t_ += h_;
  ++steps_;
  return {};
}

Snapshot OscillatorSimulation::snapshot() const {
  Snapshot s;
  s.vehicle = "oscillator";
  s.integrator = integrator_;
  s.t = t_;
  s.h = h_;
  s.position = Vec3(x_, 0, 0);
  s.bodyVelocity(3) = v_;
  s.energy = 0.5 * (x_ * x_ + v_ * v_);
  s.inputs = {controls_.value(0, t_)};
  s.status = status_;
  return s;
}

}  // namespace lieride::test
