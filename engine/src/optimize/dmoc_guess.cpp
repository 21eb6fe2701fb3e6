// DmocSession::guessFromControls (`lieride optimize --guess CSV`, docs/formats.md section 4):
// a first iterate from sampled controls, rolled out through the vehicle's own update so that
// it starts feasible.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::opt {

std::vector<double> DmocSession::guessFromControls(const std::string& csvPath) const {
  // Read through the scenario loader's CSV reader ([controls] file = ...), the path made
  // absolute so that the problem's own relative paths (a hull file) still resolve.
  std::string quoted;
  for (char ch : std::filesystem::absolute(csvPath).string()) {
    if (ch == '"' || ch == '\\') quoted += '\\';
    quoted += ch;
  }
  // The controls at t = 0 enter the start (the car's steering rate is its sigma_dot): a start
  // they make impossible is said as the guess's fault, the problem file's message in brackets.
  Scenario sc;
  try {
    sc = loadScenarioFromString(replayScenarioToml(problem_, "file = \"" + quoted + "\""), problem_.file, problem_.baseDir);
  } catch (const ScenarioError& e) {
    throw ScenarioError(shown(csvPath, 200) + ": --guess: these controls cannot start the problem's run (" + e.what() + ")");
  }
  Simulation& sim = *sc.simulation;
  const ControlSet& set = sim.controls();
  const double h = problem_.timeStep();
  // A channel's values at the steps' midpoints (where lie-nh and retraction-midpoint read them).
  auto midpoints = [&](const char* channel, int n) {
    const int c = set.find(channel);
    std::vector<double> u;
    for (int k = 0; k < n; ++k) u.push_back(set.value(static_cast<std::size_t>(c), (k + 0.5) * h));
    return u;
  };
  if (car_) {
    const int n = car_->knots();
    CarTrajectory controls;
    controls.driveTorque = midpoints("drive_torque", n);
    controls.steerRate = midpoints("steer_rate", n);
    CarTrajectory rolled;
    simulate(controls, h, rolled);
    return car_->fromTrajectory(rolled);
  }
  // The snakeboard and the sleigh: the transcription's own update (the integrator's) rolled out.
  const auto finite = [&](std::vector<double> x) {
    if (!std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); }))
      throw ScenarioError(shown(csvPath, 200) + ": --guess: the controls, rolled out through the problem's update, reach a non-finite state");
    return x;
  };
  if (snake_) return finite(snake_->rollout(midpoints("rotor_torque", snake_->knots()), midpoints("steer_torque", snake_->knots())));
  if (sleigh_) return finite(sleigh_->rollout(midpoints("u1", sleigh_->knots()), midpoints("u2", sleigh_->knots())));
  // The helicopter and the boat: the simulator's lie-cay-tln run, knot by knot: the pose, the
  // inputs at t_k and the discrete velocity xi_k of the step leaving it (the run CSV's row).
  const int n = heli_ ? heli_->knots() : boat_->knots();
  const int knotVars = heli_ ? static_cast<int>(HelicopterDmoc::kKnotVars) : static_cast<int>(BoatDmoc::kKnotVars);
  const int stride = knotVars + 6;
  const std::vector<std::string> cols = runCsvColumns(sim);
  auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(cols.begin(), cols.end(), name) - cols.begin());
  };
  std::vector<std::size_t> from = {column("qw"), column("qx"), column("qy"), column("qz"),
                                   column("x"), column("y"), column("z")};
  for (const std::string& channel : set.channels()) from.push_back(column(channel));
  const std::size_t xi = column("xi_wx");
  const bool freeTime = heli_ ? heli_->freeTime() : boat_->freeTime();  // h last, at the horizon's step
  std::vector<double> x(static_cast<std::size_t>(stride * n + knotVars + (freeTime ? 1 : 0)), 0.0), row;
  if (freeTime) x.back() = h;
  for (int k = 0; k <= n; ++k) {
    row.clear();
    runCsvRow(sim, row);
    double* z = x.data() + stride * k;
    for (std::size_t i = 0; i < from.size(); ++i) z[i] = row[from[i]];
    if (k == n) break;
    for (std::size_t i = 0; i < 6; ++i) z[static_cast<std::size_t>(knotVars) + i] = row[xi + i];
    sim.step();
    if (sim.status() != RunStatus::Ok)
      throw ScenarioError(shown(csvPath, 200) + ": --guess: the controls, simulated, " + sim.statusMessage());
  }
  return x;
}

}  // namespace lieride::opt
