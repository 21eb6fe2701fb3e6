// lieride sim SCENARIO.toml [--out run.csv|-] [--integrator NAME] [--dt S] [--duration S]
//                           [--max-steps N] [--max-rows N] [--hash]  (docs/formats.md section 1)
// A take (a scenario with [take] and [[events]]) replays its events (docs/formats.md, Takes).
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "cli/cli_output.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take.hpp"
#include "lieride/sim/state_hash.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {

int runSim(const std::vector<std::string>& args) {
  CLI::App parser = makeParser("sim", "Run a scenario headless and write the run CSV (docs/formats.md).");
  std::string scenarioPath;
  std::optional<std::string> out;
  ScenarioOverrides overrides;
  std::optional<std::string> integrator;
  std::optional<double> dt, duration;
  double maxSteps = kDefaultMaxSteps, maxRows = kDefaultMaxRows;
  bool printHash = false;
  parser.add_option("SCENARIO", scenarioPath, "scenario file (.toml) or built-in scene name (lieride list)")
      ->required();
  parser.add_option("--out", out, "CSV file to write, '-' for standard output (default: SCENARIO's stem + .csv)");
  parser.add_option("--integrator", integrator, "integrator name, overrides [integrator] name");
  parser.add_option("--dt", dt, "time step in seconds, overrides [integrator] dt")->check(finitePositiveSeconds());
  parser.add_option("--duration", duration, "duration in seconds, overrides [integrator] duration")
      ->check(finiteNonNegativeSeconds());
  parser.add_option("--max-steps", maxSteps, "refuse runs of more steps than this")
      ->check(finiteRange(1.0, 1e15))
      ->capture_default_str();
  parser.add_option("--max-rows", maxRows, "refuse runs that would write more CSV rows than this")
      ->check(finiteRange(1.0, 1e15))
      ->capture_default_str();
  parser.add_flag("--hash", printHash,
                  "print 'state-hash HEX' of the final state on stderr (always done for a take)");
  if (const auto code = parseArgs(parser, args)) return *code;
  overrides.integrator = integrator;
  overrides.dt = dt;
  overrides.duration = duration;

  OutputTarget target;
  try {
    // Named after the scenario's file: "helicopter free flight" (a menu name) writes helicopter-flight.csv.
    std::string stemOf = scenarioPath;
    try {
      stemOf = resolveScene(scenarioPath);
    } catch (const std::exception&) {
    }
    target = checkOutputTarget(out.value_or(std::filesystem::path(stemOf).stem().string() + ".csv"));
  } catch (const OutputTargetError& e) {
    reportError("sim: " + std::string(e.what()));
    return kExitBadInput;
  }

  Scenario scenario;
  try {
    scenario = loadScenario(resolveScene(scenarioPath), overrides);
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    reportError(shown(scenarioPath, 200) + ": " + e.what());
    return kExitBadInput;
  }
  if (scenario.take && duration) {
    reportError(scenario.file + ": --duration: a take runs its [take] steps (docs/formats.md, Takes); drop --duration");
    return kExitBadInput;
  }
  if (const auto tooBig = runSizeProblem(scenario, scenario.outputEvery, maxSteps, maxRows, true)) {
    reportError(*tooBig);
    return kExitBadInput;
  }

  RunOutcome outcome;
  std::uint64_t finalHash = 0;
  std::string integratorName;  // the one running at the end (a take's events may switch it)
  try {
    OutputFile file(target);
    if (scenario.take) {
      dropEvents(*scenario.take, integrator.has_value(), dt.has_value());  // re-simulation: the override holds throughout
      TakePlayer player(std::move(scenario.simulation), *scenario.take);
      outcome = playTake(player, scenario.outputEvery, &file.stream());
      finalHash = stateHash(player.simulation());
      integratorName = player.simulation().integratorName();
      printHash = true;
    } else {
      outcome = runToCsv(*scenario.simulation, scenario.settings.duration, scenario.outputEvery, file.stream());
      finalHash = stateHash(*scenario.simulation);
      integratorName = scenario.simulation->integratorName();
    }
    file.commit();
  } catch (const OutputTargetError& e) {
    reportError("sim: " + std::string(e.what()));
    return kExitBadInput;
  } catch (const std::exception& e) {
    reportError(scenario.file + ": " + e.what());
    return kExitInternal;
  }
  if (printHash) std::cerr << "state-hash " << hashHex(finalHash) << '\n';
  if (outcome.status == RunStatus::Diverged) {
    reportError(scenario.file + ": " + integratorName + ": " + outcome.message);
    return kExitDiverged;
  }
  return kExitOk;
}

}  // namespace lieride::cli
