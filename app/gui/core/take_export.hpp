#pragma once
// Exports from the app (docs/app.md, "Takes"): a take's copy (the take itself, or a ghost copy
// re-simulated with another integrator and/or h) as a run CSV (docs/formats.md section 3, as
// `lieride sim TAKE --csv` writes it) or as an animated glTF (the steps of `lieride export`).
// Both replay the take headless from its start: the run is deterministic, so this is exactly
// the run the app shows. Throws std::runtime_error with a one-line message; nothing is left
// under `out` on failure.
#include <string>
#include <utility>

namespace lieride::gui {

using GhostSpec = std::pair<std::string, double>;  // integrator ("" the take's), h (0 the take's)

// `every`: a row every `every` steps (the take's [output] every when 0). Returns the rows written.
long exportTakeCsv(const std::string& takeFile, const GhostSpec& ghost, int every, const std::string& out);
// Returns the keyframes written.
std::size_t exportTakeGlb(const std::string& takeFile, const GhostSpec& ghost, double fps, const std::string& out);

}  // namespace lieride::gui
