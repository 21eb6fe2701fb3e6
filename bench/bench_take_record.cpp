// `lieride bench take-record`: the cost of recording a take (TakeRecorder::beforeStep: the
// inputs of the pilot's channels, docs/formats.md section 6) against the physics step it
// accompanies, per integrator, on the helicopter with its four inputs held as a pilot holds
// them (constant signals). Thread CPU time, best of several repetitions: kSteps steps, then kSteps
// recordings of the state they reached (the same calls the live loop makes, timed apart).
// Target: recording < 1 % of the physics budget (one step per h of wall time). Output:
// take_record.csv, summary.md.
#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench_suite.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take_recorder.hpp"

namespace lieride::bench {
namespace {

const char* const kScenario = R"(name = "take-record helicopter"
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 10.0]
angular_velocity = [0.02, -0.03, 0.1]
linear_velocity = [1.0, 0.2, 0.0]
[integrator]
dt = 0.01
[controls]
collective = 49.1
tail = 0.01
cyclic_pitch = 0.005
cyclic_roll = -0.004
)";

double threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e9 * static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec);
}

int run(const std::string& outDir, std::ostream& log) {
  constexpr long kSteps = 4000;
  constexpr int kRepeats = 5;
  std::filesystem::create_directories(outDir);
  Scenario base = loadScenarioFromString(kScenario, "take-record", ".");
  std::ofstream csv(std::filesystem::path(outDir) / "take_record.csv");
  csv << "integrator,step_ns,record_ns,percent_of_step,percent_of_budget\n";
  std::ostringstream md;
  md << "# take-record: recording cost per step (helicopter, 4 channels, h = 0.01)\n\n"
     << "| integrator | step (ns) | record (ns) | % of the step's CPU | % of the real-time budget h |\n"
     << "|---|---:|---:|---:|---:|\n";
  double worst = 0, worstBudget = 0;
  for (const auto& name : base.simulation->applicableIntegrators()) {
    double bestStep = 1e300, bestRecord = 1e300;
    for (int r = 0; r < kRepeats; ++r) {
      auto sim = base.simulation->clone();
      sim->setIntegrator(name);
      const auto channels = TakeRecorder::constantChannels(sim->controls());
      std::vector<std::string> names;
      for (auto i : channels) names.push_back(sim->controls().channels()[i]);
      TakeRecorder rec(names, channels, kSteps);
      rec.start(sim->timeStep(), name);
      // The two loops apart: a clock read per call would cost more than the recording.
      const double t0 = threadCpuNs();
      for (long k = 0; k < kSteps; ++k) sim->step();
      const double t1 = threadCpuNs();
      for (long k = 0; k < kSteps; ++k) rec.beforeStep(sim->controls(), sim->time());
      const double t2 = threadCpuNs();
      const double stepNs = t1 - t0, recordNs = t2 - t1;
      bestStep = std::min(bestStep, stepNs / kSteps);
      bestRecord = std::min(bestRecord, recordNs / kSteps);
    }
    const double pct = 100.0 * bestRecord / bestStep;
    worst = std::max(worst, pct);
    const double budget = 100.0 * bestRecord / (base.simulation->timeStep() * 1e9);  // one step per h of wall time
    worstBudget = std::max(worstBudget, budget);
    csv << name << ',' << bestStep << ',' << bestRecord << ',' << pct << ',' << budget << '\n';
    md << "| " << name << " | " << bestStep << " | " << bestRecord << " | " << pct << " % | " << budget << " % |\n";
  }
  md << "\nWorst: " << worst << " % of a step's CPU time, " << worstBudget
     << " % of the physics budget at speed 1 (one step per h of wall time; target < 1 %).\n";
  std::ofstream(std::filesystem::path(outDir) / "summary.md") << md.str();
  log << md.str();
  return 0;
}

}  // namespace

void addTakeRecordSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"take-record", "cost of recording a take's inputs per step vs the step (target < 1 %)", run});
}

}  // namespace lieride::bench
