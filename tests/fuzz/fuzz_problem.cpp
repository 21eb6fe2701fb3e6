// libFuzzer target: an optimal-control problem file (docs/formats.md section 4) through both
// loaders: the DMOC one (lieride/optimize/problem.hpp) and the retraction-map PMP one
// (lieride/ocp/problem_file.hpp). Nothing is solved. Bad input must end in ScenarioError;
// anything else (a signal, a sanitizer report, another exception) is a finding. Relative paths
// resolve in assets/problems, so seeds may name its control files.
#include <cstdint>
#include <string>

#include "lieride/ocp/problem_file.hpp"
#include "lieride/optimize/problem.hpp"
#include "lieride/sim/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)lieride::opt::loadProblemFromString(text, "fuzz.toml", LIERIDE_SOURCE_DIR "/assets/problems");
  } catch (const lieride::ScenarioError&) {
  }
  try {
    (void)lieride::ocp::loadOcpProblemFromString(text, "fuzz.toml");
  } catch (const lieride::ScenarioError&) {
  }
  return 0;
}
