// lieride list: vehicles, integrators (which vehicles each applies to), built-in scenes and
// the shipped optimal control problems.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "gui/core/problem_scenes.hpp"
#include "lieride/sim/registry.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::cli {

int runList(const std::vector<std::string>& args) {
  CLI::App parser = makeParser("list", "Print the vehicles, the integrators (and the vehicles each applies to) "
                                       "and the built-in scenes.");
  if (const auto code = parseArgs(parser, args)) return *code;
  std::cout << "vehicles:\n";
  std::map<std::string, std::vector<std::string>> appliesTo;
  std::map<std::string, std::string> descriptions;
  for (const auto& v : vehicleRegistry()) {
    std::cout << "  " << v.type << "  -  " << v.description << "\n    channels:";
    if (v.channels.empty()) std::cout << " (none)";
    for (const auto& c : v.channels) std::cout << ' ' << c;
    std::cout << "\n    integrators:";
    for (const auto& i : v.integrators) {
      std::cout << ' ' << i.name;
      appliesTo[i.name].push_back(v.type);
      if (descriptions[i.name].empty()) descriptions[i.name] = i.description;
    }
    std::cout << " (default " << v.integrators.front().name << ")\n";
  }
  std::cout << "integrators:\n";
  for (const auto& [name, vehicles] : appliesTo) {
    std::cout << "  " << name << "  -  " << descriptions[name] << "\n    applies to:";
    for (const auto& v : vehicles) std::cout << ' ' << v;
    std::cout << '\n';
  }
  std::cout << "scenes (" << assetsDir() << "/scenes):\n";
  // With the name the app's Scene menu shows (either names the scene for sim and app).
  for (const auto& s : builtinScenes()) {
    const std::string menu = sceneMenuName((std::filesystem::path(assetsDir()) / "scenes" / (s + ".toml")).string());
    std::cout << "  " << s << (menu != s ? "  -  " + menu : std::string()) << '\n';
  }
  std::cout << "optimal control problems (" << assetsDir() << "/problems, lieride optimize; the app's Optimize panel):\n";
  std::vector<std::string> problems;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(assetsDir()) / "problems", ec))
    if (e.path().extension() == ".toml") problems.push_back(e.path().stem().string());
  std::sort(problems.begin(), problems.end());
  // With the app's one-click scene that opens it, where there is one ("optimal parking").
  for (const auto& p : problems) {
    std::string menu;
    for (const gui::ProblemScene& ps : gui::kProblemScenes)
      if (ps.problemStem == p) menu = std::string(ps.menuName);
    std::cout << "  " << p << (menu.empty() ? std::string() : "  -  " + menu + " (app)") << '\n';
  }
  return kExitOk;
}

}  // namespace lieride::cli
