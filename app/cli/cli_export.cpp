// lieride export SCENARIO.toml --out take.glb [--fps 60] [--integrator NAME] [--dt S]
// Plays a take (or a scenario over its duration) and writes it as an animated glTF 2.0
// binary (docs/formats.md section 6).
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <cmath>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "cli/cli_output.hpp"
#include "lieride/export/gltf_export.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {

int runExport(const std::vector<std::string>& args) {
  CLI::App parser = makeParser("export", "Write a take or scenario as an animated glTF 2.0 binary (docs/formats.md 6).");
  std::string scenarioPath, out;
  double fps = 60.0;
  std::optional<std::string> integrator;
  std::optional<double> dt;
  parser.add_option("SCENARIO", scenarioPath, "take or scenario file (.toml) or built-in scene name")->required();
  parser.add_option("--out", out, "the .glb file to write ('-' for standard output)")->required();
  parser.add_option("--fps", fps, "keyframes per second of the take clock")->check(finiteRange(0.001, 10000.0))
      ->capture_default_str();
  parser.add_option("--integrator", integrator, "integrator name, overrides [integrator] name");
  parser.add_option("--dt", dt, "time step in seconds, overrides [integrator] dt")->check(finitePositiveSeconds());
  if (const auto code = parseArgs(parser, args)) return *code;

  OutputTarget target;
  try {
    target = checkOutputTarget(out);
  } catch (const OutputTargetError& e) {
    reportError("export: " + std::string(e.what()));
    return kExitBadInput;
  }
  // A file gets a .glb name: other tools pick the reader by the extension, and under .gltf (the
  // JSON form) or no extension they misread the binary. Standard output and devices are written as given.
  if (target.kind == OutputTarget::Kind::Replace) {
    const std::string ext = lowerExtension(out);
    if (ext != ".glb") {
      reportError("export: --out " + shown(out, 200) + ": expected a .glb name (lieride export writes binary glTF" +
                  std::string(ext == ".gltf" ? "; .gltf is the JSON form)" : ")"));
      return kExitBadInput;
    }
  }
  Scenario scenario;
  exporter::VehicleDims dims;
  try {
    const std::string file = resolveScene(scenarioPath);
    scenario = loadScenario(file, {integrator, dt, std::nullopt});
    dims = exporter::readVehicleDims(file);
    exporter::readDescriptionParts(dims, *scenario.simulation);
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    reportError(shown(scenarioPath, 200) + ": " + e.what());
    return kExitBadInput;
  }
  if (const auto tooBig = runSizeProblem(scenario, 1, kDefaultMaxSteps, 0.0)) {
    reportError(*tooBig);
    return kExitBadInput;
  }
  Take take;
  if (scenario.take) take = *scenario.take;
  else take.steps = stepsFor(scenario.settings.duration, scenario.settings.dt);
  if (!take.scenery.empty()) {  // static nodes beside the vehicle; a file that does not load is left out, said once
    try {
      dims.scenery = exporter::sceneryPieces(take.scenery, scenario.simulation->vehicleType());
    } catch (const std::exception& e) {
      std::cerr << "lieride: export: the take's scenery is not written: " << shown(e.what(), 300) << "\n";
    }
  }
  dropEvents(take, integrator.has_value(), dt.has_value());  // re-simulation: the override holds throughout
  if (static_cast<double>(take.steps) * scenario.settings.dt * fps > 1e7) {
    char what[160];
    std::snprintf(what, sizeof what, ": %lld steps of %g s (%g s) at --fps %g make more than 1e7 keyframes; lower --fps or --dt",
                  static_cast<long long>(take.steps), scenario.settings.dt,
                  static_cast<double>(take.steps) * scenario.settings.dt, fps);
    reportError(shown(scenario.file, 200) + what);
    return kExitBadInput;
  }
  try {
    const auto t0 = std::chrono::steady_clock::now();
    TakePlayer player(std::move(scenario.simulation), take);
    const exporter::TakeTracks tracks = exporter::sampleTake(player, fps);
    if (tracks.outcome.status == RunStatus::Diverged) {
      reportError(scenario.file + ": " + player.simulation().integratorName() + ": " + tracks.outcome.message +
                  " (nothing written)");
      return kExitDiverged;
    }
    OutputFile file(target);
    exporter::writeGlb(tracks, dims, scenario.name, file.stream());
    file.commit();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (target.kind != OutputTarget::Kind::Stdout)
      // The scenario's name beside the vehicle kind (a description vehicle's kind alone says little).
      std::cout << "export: " << tracks.keys.size() << " keyframes of " << tracks.vehicle
                << (scenario.name.empty() ? std::string() : " (" + shown(scenario.name) + ")") << ", "
                << tracks.outcome.steps << " steps, " << (tracks.keys.empty() ? 0.0 : tracks.keys.back().t)
                << " s of take clock -> " << out << " (written in " << seconds << " s)\n";
  } catch (const OutputTargetError& e) {
    reportError("export: " + std::string(e.what()));
    return kExitBadInput;
  } catch (const std::domain_error& e) {  // the take cannot be a glTF (nothing written)
    reportError(shown(scenario.file, 200) + ": " + e.what() + " (nothing written)");
    return kExitBadInput;
  } catch (const std::exception& e) {
    reportError(scenario.file + ": " + e.what());
    return kExitInternal;
  }
  return kExitOk;
}

}  // namespace lieride::cli
