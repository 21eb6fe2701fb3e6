#pragma once
// `lieride optimize` for method = "dmoc" (docs/formats.md section 4).
#include <optional>
#include <string>

namespace lieride::cli {

struct DmocArgs {
  std::string problem;
  std::optional<std::string> out;
  std::optional<int> knots;
  std::optional<std::string> guess;
  int maxIterations = 1000;
  bool quiet = false;
};

int runOptimizeDmoc(const DmocArgs& args);

}  // namespace lieride::cli
