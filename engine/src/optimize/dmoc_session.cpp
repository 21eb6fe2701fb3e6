#include "lieride/optimize/dmoc.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "lieride/control/signal.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::opt {
namespace {

void writeNumber(std::ostream& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
  out.write(buf, r.ptr - buf);
}

}  // namespace

DmocSession::DmocSession(Problem problem) : problem_(std::move(problem)) {
  auto sim = simulation();
  const auto& model = static_cast<const CarModel&>(sim->model());
  const NhState& s = sim->state();
  params_ = model.params();
  start_.theta = s.q(CarModel::kTheta);
  start_.x = s.q(CarModel::kX);
  start_.y = s.q(CarModel::kY);
  start_.psi = s.q(CarModel::kPsi);
  start_.sigma = s.q(CarModel::kSigma);
  start_.momentum = model.momentum(s);
  start_.sigmaDot = s.qdot(CarModel::kSigma);
  car_ = std::make_unique<CarDmoc>(problem_, params_, start_);
}

std::unique_ptr<PlanarSimulation> DmocSession::simulation() const {
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
  auto* planar = dynamic_cast<PlanarSimulation*>(sc.simulation.get());
  if (!planar) throw ScenarioError(problem_.file + ": key 'vehicle.type': expected a planar vehicle");
  sc.simulation.release();
  return std::unique_ptr<PlanarSimulation>(planar);
}

std::vector<std::string> DmocSession::channels() const { return {"drive_torque", "steer_rate"}; }

std::string DmocSession::failureLine(const SolveResult& r) const {
  if (r.status == SolveStatus::Solved) return "solved";
  std::string line = r.message;
  if (r.worstConstraint >= 0 && r.maxViolation > 1e-9)
    line += ": " + car_->describe(r.worstConstraint, r.solution.x.data(), r.maxViolation);
  return line;
}

void DmocSession::simulate(const CarTrajectory& controls, CarTrajectory& out) const {
  auto sim = simulation();
  const double h = car_->timeStep();
  const int n = car_->knots();
  std::vector<double> t;
  for (int k = 0; k < n; ++k) t.push_back((k + 0.5) * h);
  ControlSet& c = sim->controls();
  c.set(CarModel::kDriveTorque, std::make_unique<SampledSignal>(t, controls.driveTorque));
  c.set(CarModel::kSteerRate, std::make_unique<SampledSignal>(t, controls.steerRate));
  out = CarTrajectory{};
  for (int k = 0; k <= n; ++k) {
    if (k > 0) sim->step();
    const NhState& s = sim->state();
    out.t.push_back(sim->time());
    out.theta.push_back(s.q(CarModel::kTheta));
    out.x.push_back(s.q(CarModel::kX));
    out.y.push_back(s.q(CarModel::kY));
    out.psi.push_back(s.q(CarModel::kPsi));
    out.sigma.push_back(s.q(CarModel::kSigma));
    out.psiDot.push_back(s.qdot(CarModel::kPsi));
    out.sigmaDot.push_back(s.qdot(CarModel::kSigma));
  }
  out.driveTorque = controls.driveTorque;
  out.steerRate = controls.steerRate;
}

double DmocSession::replayError(const std::vector<double>& x) const {
  const CarTrajectory opt = car_->trajectory(x);
  CarTrajectory sim;
  simulate(opt, sim);
  double worst = 0.0;
  for (std::size_t k = 0; k < opt.x.size(); ++k)
    worst = std::max(worst, std::hypot(sim.x[k] - opt.x[k], sim.y[k] - opt.y[k]));
  return worst;
}

std::vector<double> DmocSession::guessFromControls(const std::string& csvPath) const {
  const int n = car_->knots();
  const double h = car_->timeStep();
  // Read through the scenario loader's CSV reader ([controls] file = ...).
  std::string quoted;
  for (char ch : csvPath) {
    if (ch == '"' || ch == '\\') quoted += '\\';
    quoted += ch;
  }
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, "file = \"" + quoted + "\""), problem_.file, ".");
  const ControlSet& set = sc.simulation->controls();
  CarTrajectory controls;
  for (int k = 0; k < n; ++k) {
    controls.driveTorque.push_back(set.value(CarModel::kDriveTorque, (k + 0.5) * h));
    controls.steerRate.push_back(set.value(CarModel::kSteerRate, (k + 0.5) * h));
  }
  CarTrajectory sim2;
  simulate(controls, sim2);
  return car_->fromTrajectory(sim2);
}

void DmocSession::writeTrajectoryCsv(const std::vector<double>& x, std::ostream& out) const {
  auto sim = simulation();
  const auto& model = static_cast<const CarModel&>(sim->model());
  const CarTrajectory tr = car_->trajectory(x);
  const auto cols = sim->csvColumns();
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
  std::vector<double> g(static_cast<std::size_t>(car_->numConstraints()));
  car_->constraints(x.data(), g.data(), nullptr);
  NhState prev;
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    const NhState s = model.stateFrom({tr.theta[k], tr.x[k], tr.y[k]}, tr.psi[k], tr.sigma[k], tr.psiDot[k], tr.sigmaDot[k]);
    std::vector<double> v{tr.t[k]};
    model.stateRow(s, v);
    v.push_back(model.energy(s));
    v.push_back(model.momentum(s));
    v.push_back(model.constraintResidual(s));
    double residual = 0.0;
    if (k > 0)
      for (int r = 0; r < CarDmoc::kDynamicsRows; ++r)
        residual = std::max(residual, std::abs(g[(k - 1) * CarDmoc::kDynamicsRows + static_cast<std::size_t>(r)]));
    const double stepC = k > 0 ? model.stepResidual(prev, s, car_->timeStep(), 0.5) : 0.0;
    prev = s;
    for (std::size_t i = 0; i < v.size(); ++i) {
      out << (i ? "," : "");
      writeNumber(out, v[i]);
    }
    out << ",0,ok,";  // iters, status
    writeNumber(out, residual);
    out << ',';
    writeNumber(out, stepC);
    out << '\n';
  }
}

void DmocSession::writeControlsCsv(const std::vector<double>& x, std::ostream& out) const {
  const CarTrajectory tr = car_->trajectory(x);
  const double h = car_->timeStep();
  out << "t,drive_torque,steer_rate\n";
  for (std::size_t k = 0; k < tr.driveTorque.size(); ++k) {
    writeNumber(out, (static_cast<double>(k) + 0.5) * h);
    out << ',';
    writeNumber(out, tr.driveTorque[k]);
    out << ',';
    writeNumber(out, tr.steerRate[k]);
    out << '\n';
  }
}

std::string DmocSession::replayScenario(const std::string& controlsFile) const {
  std::ostringstream s;
  s << "# Replays the optimal controls of " << problem_.file << " (lieride optimize, DMOC) with the\n"
    << "# same integrator and step: lieride sim reproduces the optimised poses (docs/formats.md section 4).\n";
  s << replayScenarioToml(problem_, "file = \"" + controlsFile + "\"");
  return s.str();
}

}  // namespace lieride::opt
