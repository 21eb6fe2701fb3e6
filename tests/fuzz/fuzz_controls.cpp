// libFuzzer target: a controls CSV (docs/formats.md, [controls] file) through the scenario's
// reader into a three-channel ControlSet, then the signals sampled across and beyond the
// file's time span. Bad input must end in ScenarioError.
#include <cmath>
#include <cstdint>
#include <string>
#include <toml++/toml.h>

#include "fuzz_input_file.hpp"
#include "lieride/sim/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = lieride_fuzz::writeInput("controls.csv", data, size);
  const toml::table controls{{"file", path}};
  lieride::TableReader reader("fuzz.toml", "controls", &controls);
  lieride::ControlSet set({"thrust", "steer", "torque"});
  try {
    lieride::loadControls(reader, set, ".");
    reader.finish();
  } catch (const lieride::ScenarioError&) {
    return 0;
  }
  for (double t : {-1e300, -1.0, 0.0, 0.25, 1.0, 3.5, 1e9, 1e300}) {
    const lieride::InputVec u = set.values(t);
    for (Eigen::Index i = 0; i < u.size(); ++i)
      if (!std::isfinite(u(i))) __builtin_trap();  // samples are finite, so is interpolation
  }
  return 0;
}
