#pragma once
// $LIERIDE_ASSETS, the assets folder itself (scenes/, problems/, meshes/, fonts/; docs/formats.md
// section 1), as the CLI and the app read it before their own search.
#include <optional>
#include <string>

namespace lieride {

// The variable's value, or nullopt when unset. A value without a scenes/ folder is used anyway,
// with one warning on stderr per process: otherwise it shows only as an empty scene list and
// "no such scene".
std::optional<std::string> assetsDirFromEnvironment();

}  // namespace lieride
