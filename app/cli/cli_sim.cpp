#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/cli.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::cli {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

double parseSeconds(const std::string& flag, const std::string& text, bool allowZero) {
  double v = NAN;
  try {
    std::size_t used = 0;
    v = std::stod(text, &used);
    if (used != text.size()) v = NAN;
  } catch (const std::exception&) {
  }
  if (!std::isfinite(v) || v < 0.0 || (!allowZero && v == 0.0))
    throw UsageError(flag + ": expected a finite number " + (allowZero ? ">= 0" : "> 0") + " (seconds), got '" + text + "'");
  return v;
}

}  // namespace

int runSim(const std::vector<std::string>& args) {
  std::string scenarioPath;
  std::optional<std::string> out;
  ScenarioOverrides overrides;
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      auto value = [&]() -> const std::string& {
        if (i + 1 >= args.size()) throw UsageError(a + ": expected a value");
        return args[++i];
      };
      if (a == "--out") out = value();
      else if (a == "--integrator") overrides.integrator = value();
      else if (a == "--dt") overrides.dt = parseSeconds("--dt", value(), false);
      else if (a == "--duration") overrides.duration = parseSeconds("--duration", value(), true);
      else if (!a.empty() && a[0] == '-' && a != "-") throw UsageError("sim: unknown option '" + a + "'");
      else if (scenarioPath.empty()) scenarioPath = a;
      else throw UsageError("sim: unexpected argument '" + a + "' (one scenario file expected)");
    }
    if (scenarioPath.empty()) throw UsageError("sim: expected a scenario file: lieride sim SCENARIO.toml [--out run.csv]");
  } catch (const UsageError& e) {
    reportError(e.what());
    return kExitBadInput;
  }

  Scenario scenario;
  try {
    scenario = loadScenario(resolveScene(scenarioPath), overrides);
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    reportError(scenarioPath + ": " + e.what());
    return kExitBadInput;
  }

  const std::string target = out.value_or(std::filesystem::path(scenarioPath).stem().string() + ".csv");
  RunOutcome outcome;
  if (target == "-") {
    outcome = runToCsv(*scenario.simulation, scenario.settings.duration, scenario.outputEvery, std::cout);
    std::cout.flush();
  } else {
    // Write to a temporary file and rename it on completion: never a half-written CSV.
    const std::string tmp = target + ".partial";
    {
      std::ofstream file(tmp);
      if (!file) {
        reportError(target + ": cannot open the output file for writing");
        return kExitBadInput;
      }
      try {
        outcome = runToCsv(*scenario.simulation, scenario.settings.duration, scenario.outputEvery, file);
      } catch (const std::exception& e) {
        file.close();
        std::remove(tmp.c_str());
        reportError(scenario.file + ": " + e.what());
        return kExitInternal;
      }
      file.flush();
      if (!file) {
        std::remove(tmp.c_str());
        reportError(target + ": write failed");
        return kExitInternal;
      }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
      std::remove(tmp.c_str());
      reportError(target + ": " + ec.message());
      return kExitInternal;
    }
  }
  if (outcome.status == RunStatus::Diverged) {
    reportError(scenario.file + ": " + scenario.simulation->integratorName() + ": " + outcome.message);
    return kExitDiverged;
  }
  return kExitOk;
}

}  // namespace lieride::cli
