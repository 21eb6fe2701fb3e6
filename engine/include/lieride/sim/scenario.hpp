#pragma once
// Scenario files (docs/formats.md section 2): load, validate, and build a Simulation.
#include <memory>
#include <optional>
#include <string>

#include "lieride/sim/simulation.hpp"
#include "lieride/sim/table_reader.hpp"
#include "lieride/sim/take_script.hpp"

namespace lieride {

// Bounds on the Newton settings (docs/formats.md, Limits): more iterations never rescue a
// step, and a relative residual below the double-precision epsilon (2.2e-16) is never reached.
inline constexpr int kMaxSolverIterations = 1000;
inline constexpr double kMinSolverTolerance = 1e-16;
inline constexpr double kMaxSolverTolerance = 0.1;  // a relative residual: beyond it any first guess passes
inline constexpr double kMaxInitialCoordinate = 1e9;  // m: a double spaces 1.2e-7 m there

// [integrator] keys every vehicle understands. Vehicle-specific keys (e.g. alpha) are read
// by the vehicle's builder from ScenarioContext::integrator.
struct IntegratorSettings {
  std::string name;
  double dt = 0.01;
  double duration = 10.0;
  double divergeSpeed = 1e4;   // any speed above this is divergence
  double tolerance = 1e-12;    // Newton: relative residual
  int maxIterations = 50;      // Newton
};

// What a vehicle builder receives. The builder reads its [vehicle] parameters and [initial]
// state, may read extra [integrator] keys, and returns the Simulation.
struct ScenarioContext {
  std::string file;
  std::string baseDir;  // relative paths in the scenario (CSV inputs, meshes) resolve here
  TableReader vehicle;
  TableReader initial;
  TableReader integrator;
  IntegratorSettings settings;
};

struct ScenarioOverrides {
  std::optional<std::string> integrator;
  std::optional<double> dt;
  std::optional<double> duration;
};

struct Scenario {
  std::string file;
  std::string name;
  IntegratorSettings settings;
  int outputEvery = 1;
  std::unique_ptr<Simulation> simulation;
  // [take] steps and [[events]] (docs/formats.md, "Takes"); absent for a plain scenario.
  std::optional<Take> take;
  bool retimed = false;  // the take was re-cut to --dt (retimeTake): its step count comes from --dt
};

// Throws ScenarioError with a one-line message naming the file and key.
Scenario loadScenario(const std::string& path, const ScenarioOverrides& overrides = {});
// Run-size limits (docs/formats.md, "Limits"): a typo in dt or duration must not run for days
// or fill the disk. `lieride sim`'s --max-steps and --max-rows raise them.
inline constexpr double kDefaultMaxSteps = 1e9;
inline constexpr double kDefaultMaxRows = 1e7;
// One line naming the file, what sets the count (--duration / --dt, or a take's [take] steps)
// and the limit passed, or nothing when the run fits. every: the rows written per step (the run
// CSV's [output] every); maxRows <= 0: no row limit (a run that writes no CSV). raisable: the
// command has --max-steps (sim), which the message then suggests.
std::optional<std::string> runSizeProblem(const Scenario& sc, int every, double maxSteps, double maxRows,
                                          bool raisable = false);

// A scene file's menu name: its top-level `name = "..."` (read line by line before the first
// table, without parsing the file), or its file stem when it has none. The app's scene menu
// shows it; `lieride sim` accepts it for a built-in scene.
std::string sceneMenuName(const std::string& path);
Scenario loadScenarioFromString(const std::string& text, const std::string& displayName,
                                const std::string& baseDir, const ScenarioOverrides& overrides = {});

// Fill a ControlSet from a [controls] table: channel = number | {sinusoid} ; file = "x.csv".
void loadControls(TableReader& controls, ControlSet& set, const std::string& baseDir);

}  // namespace lieride
