// lieride: one executable for the desktop app and the headless CLI (docs/formats.md 1).
#include <exception>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#ifdef LIERIDE_WITH_APP
#include "gui/gui_main.hpp"
#endif

namespace {

int runApp(const std::vector<std::string>& args) {
#ifdef LIERIDE_WITH_APP
  return lieride::gui::runGui(args);
#else
  (void)args;
  lieride::cli::reportError("app: this build has no desktop app (configure with -DLIERIDE_BUILD_APP=ON)");
  return lieride::cli::kExitBadInput;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lieride::cli;
  const std::vector<std::string> all(argv + 1, argv + argc);
  if (all.empty()) return runApp({});
  const std::string& command = all[0];
  const std::vector<std::string> rest(all.begin() + 1, all.end());
  try {
    if (command == "sim") return runSim(rest);
    if (command == "list") return runList(rest);
    if (command == "bench") return runBench(rest);
    if (command == "optimize") return runOptimize(rest);
    if (command == "app") return runApp(rest);
    if (command == "--help" || command == "-h" || command == "help") {
      printUsage();
      return kExitOk;
    }
  } catch (const std::exception& e) {
    reportError(e.what());
    return kExitInternal;
  }
  reportError("unknown command '" + command + "' (expected app, sim, optimize, list or bench)");
  printUsage();
  return kExitBadInput;
}
