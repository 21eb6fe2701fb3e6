#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

#include "cli/cli.hpp"
#include "gui/core/problem_scenes.hpp"
#include "lieride/sim/assets_env.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {
namespace fs = std::filesystem;

void reportError(const std::string& message) { std::cerr << "lieride: " << shown(message, 600) << std::endl; }

std::string assetsDir() {
  if (auto env = assetsDirFromEnvironment()) return *env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path& candidate : {exe.parent_path() / "assets", exe.parent_path().parent_path() / "assets",
                                      exe.parent_path().parent_path() / "share" / "lieride" / "assets"}) {
      if (fs::is_directory(candidate / "scenes")) return candidate.string();
    }
  }
#ifdef LIERIDE_SOURCE_DIR
  return std::string(LIERIDE_SOURCE_DIR) + "/assets";
#else
  return "assets";
#endif
}

std::vector<std::string> builtinScenes() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(assetsDir()) / "scenes", ec))
    if (e.path().extension() == ".toml") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

// An argument that names a file rather than a built-in name: it exists, or has a folder or the
// .toml extension in it.
static bool namesAFile(const std::string& arg, std::error_code& ec) {
  return fs::exists(arg, ec) || arg.find('/') != std::string::npos || arg.ends_with(".toml");
}

// A shipped problem's stem ("car-parallel-park", as lieride list shows it) or the app's menu name
// for it ("optimal parking"): the file in assets/problems. Anything else is returned as given
// (a path, or a name the problem loader then reports as missing).
std::string resolveProblem(const std::string& nameOrPath) {
  std::error_code ec;
  if (namesAFile(nameOrPath, ec)) return nameOrPath;
  std::string stem = nameOrPath;
  for (const gui::ProblemScene& ps : gui::kProblemScenes)
    if (ps.menuName == nameOrPath) stem = std::string(ps.problemStem);
  const fs::path shipped = fs::path(assetsDir()) / "problems" / (stem + ".toml");
  return fs::is_regular_file(shipped, ec) ? shipped.string() : nameOrPath;
}

std::string resolveScene(const std::string& nameOrPath) {
  std::error_code ec;
  const bool file = namesAFile(nameOrPath, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) throw std::runtime_error(ec.message());  // e.g. a name too long
  if (file) return nameOrPath;
  const fs::path dir = fs::path(assetsDir()) / "scenes";
  const fs::path builtin = dir / (nameOrPath + ".toml");
  if (fs::exists(builtin, ec)) return builtin.string();
  // The app's menu name also names it ("helicopter free flight" is helicopter-flight).
  for (const auto& stem : builtinScenes())
    if (sceneMenuName((dir / (stem + ".toml")).string()) == nameOrPath) return (dir / (stem + ".toml")).string();
  // The app's optimal control scenes are problems: solved, then played.
  for (const gui::ProblemScene& ps : gui::kProblemScenes)
    if (ps.menuName == nameOrPath)
      throw std::runtime_error("the app's optimal control scene: its problem is solved by lieride optimize " +
                               std::string(ps.problemStem) + " (assets/problems), which writes replay.toml for lieride sim");
  // Name what the user typed, not the path it was looked for at.
  throw std::runtime_error("no such file, and no built-in scene of that name (lieride list shows the scenes)");
}

}  // namespace lieride::cli
