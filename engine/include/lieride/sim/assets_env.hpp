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

// The assets folder the executable found for itself (its own search after the variable); the
// last place a scenario's relative vehicle `description` is looked for (docs/formats.md
// section 5). Set once at start-up, before any scenario is loaded.
void setAssetsFallback(const std::string& dir);
// $LIERIDE_ASSETS, else the fallback, else nullopt.
std::optional<std::string> assetsDirForLookup();

}  // namespace lieride
