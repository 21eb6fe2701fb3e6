// lieride: one executable for the desktop app and the headless CLI (docs/formats.md 1).
// Each subcommand is one function taking the arguments after its name and parsing them
// itself; this file only dispatches.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "cli/launch_options.hpp"
#include "lieride/sim/assets_env.hpp"
#include "lieride/sim/user_input.hpp"
#ifdef LIERIDE_WITH_APP
#include "gui/gui_main.hpp"
#include "gui/render_take.hpp"
#endif

namespace {

int runApp(const std::vector<std::string>& args) {
#ifdef LIERIDE_WITH_APP
  lieride::cli::AppOptions options;
  if (const auto code = lieride::cli::parseAppArgs(args, options)) return *code;
  return lieride::gui::runGui(options);
#else
  (void)args;
  lieride::cli::reportError("app: this build has no desktop app (configure with -DLIERIDE_BUILD_APP=ON)");
  return lieride::cli::kExitBadInput;
#endif
}

int runRender(const std::vector<std::string>& args) {
#ifdef LIERIDE_WITH_APP
  lieride::cli::RenderOptions options;
  if (const auto code = lieride::cli::parseRenderArgs(args, options)) return *code;
  return lieride::gui::runRenderTake(options);
#else
  (void)args;
  lieride::cli::reportError("render: this build has no renderer (configure with -DLIERIDE_BUILD_APP=ON)");
  return lieride::cli::kExitBadInput;
#endif
}

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>&);
  const char* summary;
};

const Command kCommands[] = {
    {"app", runApp, "[--scene NAME|FILE] [--frames N --screenshot PNG]  open the desktop app"},
    {"sim", lieride::cli::runSim,
     "SCENARIO.toml [--out run.csv|-] [--integrator NAME] [--dt S] [--duration S]  run headless, write the CSV"},
    {"export", lieride::cli::runExport,
     "TAKE.toml --out take.glb [--fps 60]  write a take or scenario as an animated glTF binary"},
    {"render", runRender,
     "TAKE.toml --out take.mp4 [--fps 60] [--size 1280x720] [--camera chase|orbit|fixed] [--png-dir DIR]  render offscreen"},
    {"list", lieride::cli::runList, "  vehicles, integrators, built-in scenes"},
    {"bench", lieride::cli::runBench, "NAME [--out DIR]  benchmark suites (lieride bench --list)"},
    {"optimize", lieride::cli::runOptimize,
     "PROBLEM.toml [--out DIR] [--knots N] [--guess CSV] [--max-iter K] [--quiet]  solve an optimal control problem"},
};

// `lieride --help`, or a usage error for an argument that is not a command.
int runTopLevel(const std::vector<std::string>& args) {
  std::string footer = "commands (lieride COMMAND --help for each):\n  lieride  open the desktop app\n";
  std::vector<std::string> names;
  for (const Command& c : kCommands) {
    footer += std::string("  lieride ") + c.name + " " + c.summary + "\n";
    names.emplace_back(c.name);
  }
  footer +=
      "\nto start:\n"
      "  lieride                                          fly the helicopter (F1 in the app: shortcuts)\n"
      "  lieride app --list-scenes                        the scenes; open one with lieride app --scene NAME\n"
      "  lieride sim helicopter-hover --out run.csv       a scene headless: its run CSV (docs/formats.md)\n";
  CLI::App parser("lieride: structure-preserving Lie group integrators, headless and in the desktop app.", "lieride");
  parser.footer(footer);
  parser.set_version_flag("--version", std::string("lieride ") + LIERIDE_VERSION, "print the version and exit");
  std::string command;
  parser.add_option("COMMAND", command, "app | sim | export | render | list | bench | optimize")->check(CLI::IsMember(names));
  if (const auto code = lieride::cli::parseArgs(parser, args)) return *code;
  std::cout << parser.help();
  return lieride::cli::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lieride::cli;
  const std::vector<std::string> all(argv + 1, argv + argc);
  lieride::setAssetsFallback(assetsDir());
  if (all.empty()) return runApp({});
  const std::vector<std::string> rest(all.begin() + 1, all.end());
  try {
    for (const Command& c : kCommands)
      if (all[0] == c.name) return c.run(rest);
    if (all[0] == "help") return runTopLevel({"--help"});
    if (!all[0].empty() && all[0][0] != '-') {  // CLI11 would say "COMMAND: x not in {...}"
      std::string names;
      for (const Command& c : kCommands) names += std::string(names.empty() ? "" : ", ") + c.name;
      reportError("unknown command '" + lieride::shown(all[0]) + "' (commands: " + names + "; see lieride --help)");
      return kExitBadInput;
    }
    if (all[0] == "--version" && all.size() > 1) {  // CLI11 answers --version before it looks at the rest
      reportError("--version takes no arguments, got '" + lieride::shown(all[1]) + "' (see lieride --help)");
      return kExitBadInput;
    }
    return runTopLevel(all);
  } catch (const std::exception& e) {
    reportError(e.what());
    return kExitInternal;
  }
}
