#pragma once
// Benchmark suites behind `lieride bench NAME [--out DIR]`. Each suite writes CSV, a
// Markdown summary (summary.md or NAME.md) and PNG plots into the output directory, and
// prints the Markdown summary to the log stream. A suite is one .cpp file plus one line in
// bench/suites.cpp.
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace lieride::bench {

struct BenchSuite {
  std::string name;
  std::string description;
  // Returns a process exit code (0 on success). Throws std::runtime_error on failure.
  std::function<int(const std::string& outDir, std::ostream& log)> run;
};

const std::vector<BenchSuite>& benchSuites();

// Registration, one function per suite file.
void addRigidBodySuite(std::vector<BenchSuite>& suites);
void addStepCostSuite(std::vector<BenchSuite>& suites);
void addBoatSuite(std::vector<BenchSuite>& suites);
void addCarSuite(std::vector<BenchSuite>& suites);
void addNpParticleSuite(std::vector<BenchSuite>& suites);
void addSleighSuite(std::vector<BenchSuite>& suites);
void addSnakeboardSuite(std::vector<BenchSuite>& suites);
void addDescriptionSuite(std::vector<BenchSuite>& suites);
void addOptimizeSuite(std::vector<BenchSuite>& suites);
void addSleighOcpSuite(std::vector<BenchSuite>& suites);
void addTakeRecordSuite(std::vector<BenchSuite>& suites);

}  // namespace lieride::bench
