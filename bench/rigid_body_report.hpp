#pragma once
// Results and report (CSV, Markdown, PNG) of `lieride bench rigid-body`.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "rigid_body_peers.hpp"

namespace lieride::bench::rigid_body {

struct SweepConfig {
  int runs = 20;
  double duration = 240.0;
  std::uint64_t seed = 0;
  long truthSteps = 1L << 18;  // the truth is computed at truthSteps and 2 truthSteps
  std::vector<long> stepCounts;
  double budgetSeconds = 12.0;          // CPU seconds per method and step count (all runs)
  double positionErrorBound = 1000.0;   // m: a final position error above it is a blow-up
};

struct TruthRow {
  int run = 0;
  Case c;
  double posDiff = 0.0;   // |x(h) - x(h/2)| of the two truths
  double rotDiff = 0.0;   // geodesic angle between the two truths
  double exactPos = 0.0;  // |x(h/2) - (x0 + R0 v0 T)|: the closed-form position of a free body
};

struct MethodInfo {
  std::string name, description;
  bool peer = false;
  std::vector<long> skipped;  // step counts left out by the time budget
};

struct RunRow {
  std::string method;
  bool peer = false;
  long steps = 0;
  double h = 0.0;
  int run = 0;
  RunResult result;
  double posErr = 0.0, rotErr = 0.0;
  double energyDrift = NAN, pDrift = NAN, lDrift = NAN;  // relative, final vs initial
};

void writeRigidBodyReport(const std::string& outDir, const SweepConfig& cfg, const std::vector<TruthRow>& truth,
                          const std::vector<MethodInfo>& methods, const std::vector<RunRow>& rows,
                          std::ostream& log);

}  // namespace lieride::bench::rigid_body
