// lieride bench NAME [--out DIR] [--quick] | lieride bench --list
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "bench_suite.hpp"
#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
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
  std::string known;
  for (const auto& s : bench::benchSuites()) known += (known.empty() ? "" : " | ") + s.name;
  if (name.empty()) {
    reportError("bench: expected a suite name: one of " + known + " (see lieride bench --help)");
    return kExitBadInput;
  }
  for (const auto& s : bench::benchSuites()) {
    if (s.name != name) continue;
    if (outDir.empty()) outDir = "out/bench/" + name;
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec || !std::filesystem::is_directory(outDir)) {
      reportError("bench: --out '" + shown(outDir, 200) + "': " + (ec ? ec.message() : "exists and is not a folder"));
      return kExitBadInput;
    }
    if (quick) setenv("LIERIDE_BENCH_QUICK", "1", 1);  // every suite reads it
    try {
      return s.run(outDir, std::cout);
    } catch (const std::exception& e) {
      reportError("bench " + name + ": " + e.what());
      return kExitInternal;
    }
  }
  reportError("bench: unknown suite '" + shown(name) + "'; expected one of " + known);
  return kExitBadInput;
}

}  // namespace lieride::cli
