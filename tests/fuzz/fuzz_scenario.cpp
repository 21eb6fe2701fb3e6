// libFuzzer target: a scenario file (docs/formats.md section 2) through the loader, then the
// first snapshot and CSV row of the built simulation (which start the integrator) and three
// steps. Bad input must end in ScenarioError (a clear message); anything else (a signal, a
// sanitizer report, another exception, a row of the wrong width) is a finding. Relative paths
// resolve in assets/scenes, so seeds may name its control files and meshes.
#include <cstdint>
#include <string>
#include <vector>

#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    lieride::Scenario sc = lieride::loadScenarioFromString(text, "fuzz.toml", LIERIDE_SOURCE_DIR "/assets/scenes");
    (void)sc.simulation->snapshot();
    std::vector<double> row;
    lieride::runCsvRow(*sc.simulation, row);
    if (row.size() != lieride::runCsvColumns(*sc.simulation).size()) __builtin_trap();
    // A few steps exercise the integrator with the fuzzed parameters (huge Newton budgets are
    // left out: a slow step is a solver-budget matter, not memory safety).
    if (sc.settings.maxIterations <= 200)
      for (int k = 0; k < 3 && sc.simulation->status() == lieride::RunStatus::Ok; ++k) sc.simulation->step();
  } catch (const lieride::ScenarioError&) {
  }
  return 0;
}
