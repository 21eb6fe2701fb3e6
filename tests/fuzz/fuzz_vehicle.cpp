// libFuzzer target: a vehicle description (docs/formats.md section 5) through
// parseReducedDescription, which derives the locked inertia, the connection and the expression
// tapes with GiNaC, then the reduced frame at the zero shape. Bad input must end in
// ScenarioError (one line naming the file, key and reason); anything else is a finding.
#include <cstdint>
#include <string>

#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)lieride::parseReducedDescription(text, "fuzz.toml", {}, {}, "[parameters]");
  } catch (const lieride::ScenarioError&) {
  }
  return 0;
}
