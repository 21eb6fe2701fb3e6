// lieride list: vehicles, integrators (which vehicles each applies to), built-in scenes.
#include <iostream>
#include <map>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "lieride/sim/registry.hpp"

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
  for (const auto& s : builtinScenes()) std::cout << "  " << s << '\n';
  return kExitOk;
}

}  // namespace lieride::cli
