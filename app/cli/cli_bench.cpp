// lieride bench NAME [--out DIR] [--quick] | lieride bench --list
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "bench_suite.hpp"
#include "rigid_body_peers.hpp"
#include "lieride/integrate/se3_integrator.hpp"
#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "cli/cli_output.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {

int runBench(const std::vector<std::string>& args) {
  CLI::App parser = makeParser("bench", "Run a benchmark suite; write CSV, a Markdown summary and PNG plots into DIR.");
  std::string name, outDir;
  bool list = false, quick = false;
  parser.add_option("NAME", name, "suite name (lieride bench --list)");
  CLI::Option* outFlag = parser.add_option("--out", outDir, "output folder (default: out/bench/NAME)");
  parser.add_flag("--list", list, "list the suites and exit");
  parser.add_flag("--quick", quick, "a short run for CI (the same as LIERIDE_BENCH_QUICK=1)");
  if (const auto code = parseArgs(parser, args)) return *code;
  if (outFlag->count() > 0 && outDir.empty()) {
    reportError("bench: --out: expected a folder name, got ''");
    return kExitBadInput;
  }
  if (list) {
    for (const auto& s : bench::benchSuites()) std::cout << s.name << "  -  " << s.description << '\n';
    return kExitOk;
  }
  // Every suite reads the variable: normalised here to "1" or unset.
  if (const char* v = std::getenv("LIERIDE_BENCH_QUICK"); v && !quick) {
    const std::string value(v);
    if (value == "1" || value == "yes" || value == "true" || value == "on") quick = true;
    else if (!(value.empty() || value == "0" || value == "no" || value == "false" || value == "off")) {
      reportError("bench: LIERIDE_BENCH_QUICK='" + shown(value) + "': expected 1 (a short run) or 0 (also yes/no, true/false, on/off)");
      return kExitBadInput;
    }
  }
  if (quick) setenv("LIERIDE_BENCH_QUICK", "1", 1);
  else unsetenv("LIERIDE_BENCH_QUICK");
  // LIERIDE_BENCH_METHODS (rigid-body, step-cost): every name one the suites know. An unknown
  // or empty list ran nothing and wrote an empty table with exit 0.
  if (const char* v = std::getenv("LIERIDE_BENCH_METHODS")) {
    std::vector<std::string> knownMethods = se3IntegratorNames();
    for (const bench::rigid_body::PeerInfo& p : bench::rigid_body::availablePeers()) knownMethods.push_back(p.name);
    const std::string value(v);
    std::size_t at = 0;
    bool any = false;
    for (;;) {
      const std::size_t comma = value.find(',', at);
      const std::string m = value.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      if (!m.empty()) {
        any = true;
        if (std::find(knownMethods.begin(), knownMethods.end(), m) == knownMethods.end()) {
          std::string names;
          for (const auto& k : knownMethods) names += (names.empty() ? "" : " ") + k;
          reportError("bench: LIERIDE_BENCH_METHODS: unknown method '" + shown(m) + "' (known: " + names + ")");
          return kExitBadInput;
        }
      }
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (!any) {
      reportError("bench: LIERIDE_BENCH_METHODS='" + shown(value) + "': expected comma-separated method names (unset it for all)");
      return kExitBadInput;
    }
  }
  std::string known;
  for (const auto& s : bench::benchSuites()) known += (known.empty() ? "" : " | ") + s.name;
  if (name.empty()) {
    reportError("bench: expected a suite name: one of " + known + " (see lieride bench --help)");
    return kExitBadInput;
  }
  for (const auto& s : bench::benchSuites()) {
    if (s.name != name) continue;
    if (outDir.empty()) outDir = "out/bench/" + name;
    // The suite writes into a staging folder inside DIR, moved into place when it finishes: an
    // interrupted bench (SIGINT, SIGTERM, SIGHUP) leaves DIR as it was and says so.
    nameStoppedCommand("bench " + name);
    std::optional<StagedFolder> stage;
    try {
      stage.emplace(outDir, "--out");
    } catch (const OutputTargetError& e) {
      reportError(std::string("bench: ") + e.what());
      return kExitBadInput;
    }
    try {
      const int code = s.run(stage->path(), std::cout);
      stage->commit();
      return code;
    } catch (const std::exception& e) {
      reportError("bench " + name + ": " + e.what());
      return kExitInternal;
    }
  }
  reportError("bench: unknown suite '" + shown(name) + "'; expected one of " + known + " (see lieride bench --help)");
  return kExitBadInput;
}

}  // namespace lieride::cli
