#include <filesystem>
#include <iostream>

#include "bench_suite.hpp"
#include "cli/cli.hpp"

namespace lieride::cli {

int runBench(const std::vector<std::string>& args) {
  std::string name, outDir;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--out") {
      if (i + 1 >= args.size()) {
        reportError("bench: --out: expected a directory");
        return kExitBadInput;
      }
      outDir = args[++i];
    } else if (args[i] == "--list") {
      for (const auto& s : bench::benchSuites()) std::cout << s.name << "  -  " << s.description << '\n';
      return kExitOk;
    } else if (name.empty() && !args[i].starts_with("-")) {
      name = args[i];
    } else {
      reportError("bench: unexpected argument '" + args[i] + "'");
      return kExitBadInput;
    }
  }
  std::string known;
  for (const auto& s : bench::benchSuites()) known += (known.empty() ? "" : " | ") + s.name;
  for (const auto& s : bench::benchSuites()) {
    if (s.name != name) continue;
    if (outDir.empty()) outDir = "out/bench/" + name;
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec) {
      reportError("bench: --out " + outDir + ": " + ec.message());
      return kExitBadInput;
    }
    try {
      return s.run(outDir, std::cout);
    } catch (const std::exception& e) {
      reportError("bench " + name + ": " + e.what());
      return kExitInternal;
    }
  }
  reportError("bench: unknown suite '" + name + "'; expected one of " + known);
  return kExitBadInput;
}

}  // namespace lieride::cli
