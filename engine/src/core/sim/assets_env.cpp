#include "lieride/sim/assets_env.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "lieride/sim/user_input.hpp"

namespace lieride {

std::optional<std::string> assetsDirFromEnvironment() {
  const char* env = std::getenv("LIERIDE_ASSETS");
  if (!env) return std::nullopt;
  static const bool warned = [env] {
    std::error_code ec;
    const bool ok = std::filesystem::is_directory(std::filesystem::path(env) / "scenes", ec);
    if (!ok)
      std::cerr << "lieride: warning: LIERIDE_ASSETS=" << shown(env)
                << " has no scenes/ folder; it names the assets folder itself (docs/formats.md, section 1)\n";
    return !ok;
  }();
  (void)warned;
  return std::string(env);
}

namespace {
std::string& fallback() {
  static std::string dir;
  return dir;
}
}  // namespace

void setAssetsFallback(const std::string& dir) { fallback() = dir; }

std::optional<std::string> assetsDirForLookup() {
  if (auto env = assetsDirFromEnvironment()) return env;
  if (!fallback().empty()) return fallback();
  return std::nullopt;
}

}  // namespace lieride
