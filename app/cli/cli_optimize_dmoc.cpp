// `lieride optimize` for `method = "dmoc"` problems (docs/formats.md section 4): DMOC on the
// vehicle's own integrator, solved by IPOPT; writes the trajectory, the controls, a replay
// scenario and a report. Exit 0 solved, 4 not solved (best iterate written), 2 bad input.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include "cli/cli_output.hpp"
#include "cli/cli.hpp"
#include "lieride/sim/user_input.hpp"
#include "cli/cli_optimize_dmoc.hpp"
#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::cli {
namespace {
namespace fs = std::filesystem;

constexpr int kExitNotSolved = 4;

}  // namespace

int runOptimizeDmoc(const DmocArgs& args) {
  const std::string& file = args.problem;
  std::unique_ptr<opt::DmocSession> session;
  opt::SolveOptions options;
  try {
    opt::ProblemOverrides ov;
    ov.knots = args.knots;
    session = std::make_unique<opt::DmocSession>(opt::loadProblem(file, ov));
    options = session->defaultOptions();
    options.maxIterations = args.maxIterations;
    if (args.guess) {
      if (!fs::exists(*args.guess)) throw ScenarioError(shown(*args.guess, 200) + ": --guess: no such controls CSV");
      if (!fs::is_regular_file(*args.guess))
        throw ScenarioError(shown(*args.guess, 200) + ": --guess: expected a controls CSV, got " +
                            (fs::is_directory(*args.guess) ? "a directory" : "something that is not a regular file"));
      options.initial = session->guessFromControls(*args.guess);
    }
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  }
  const opt::Problem& p = session->problem();
  const fs::path dir = args.out ? fs::path(*args.out) : fs::path(defaultOptimizeFolder(file));
  if (const std::string why = prepareOutputFolder(dir.string(), kOptimizeOutputs); !why.empty()) {
    reportError("optimize: " + why);
    return kExitBadInput;
  }
  if (!args.quiet) {
    std::printf("%s: DMOC on %s, %d knots, h = %.6g s, %d variables, %d constraints\n", shown(p.name).c_str(),
                p.integrator.c_str(), p.knots, p.timeStep(), session->nlp().numVariables(),
                session->nlp().numConstraints());
    options.progress = [](const opt::IterationInfo& it) {
      std::printf("iter %4d  cost %.6e  violation %.2e  dual %.2e  %.3f s\n", it.iteration, it.cost, it.violation,
                  it.dualInfeasibility, it.seconds);
    };
  }
  if (!args.quiet && !p.coarseKnots.empty() && options.initial.empty())  // a --guess starts the fine mesh itself
    std::printf("coarse-to-fine: the same problem at %s knots first (progress below: %d knots)\n",
                [&] {
                  std::string s;
                  for (int n : p.coarseKnots) s += (s.empty() ? "" : ", ") + std::to_string(n);
                  return s;
                }().c_str(),
                p.knots);
  const opt::SolveResult r = session->solve(options);
  const std::vector<double>& x = r.solution.x;
  // A best iterate with non-finite values has no replay (its controls.csv holds nan, which
  // lieride sim refuses): said as such, not as the error of the stretch before them.
  const bool finite = std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
  const double replay = finite ? session->replayError(x) : NAN;
  const std::string replayText = finite ? [&] {
    char b[64];
    std::snprintf(b, sizeof b, "%.3g m", replay);
    return std::string(b);
  }() : std::string("none (the best iterate has non-finite values: replay.toml cannot run)");
  // DMOC's promise is the replay (docs/optimize.md): a plan the simulator does not retrace is
  // not a solution, however well it holds the discrete equations (boat-docking with T free and
  // a time weight of 10: converged at h = 0.36 s, replay 23 m off).
  const bool solved = r.status == opt::SolveStatus::Solved;
  const std::optional<std::string> replayFails = solved && finite ? session->replayFailure(x, replay) : std::nullopt;
  const bool replayLeaves = replayFails.has_value();
  const std::string line = replayLeaves ? *replayFails : session->failureLine(r);
  const bool ok = solved && !replayLeaves;
  try {
  writeOutputFiles(dir.string(), {
  {"trajectory.csv", [&](std::ostream& o) { session->writeTrajectoryCsv(x, o); }},
  {"controls.csv", [&](std::ostream& o) { session->writeControlsCsv(x, o); }},
  {"replay.toml", [&](std::ostream& o) { o << session->replayScenario("controls.csv", x); }},
  {"report.md", [&](std::ostream& o) {
    char buf[1024];  // the names below are escaped and cut (shown)
    std::snprintf(buf, sizeof buf,
                  "# %s\n\n- problem: %s\n- method: dmoc (constraints: the %s updates)\n- knots: %d, h = %.6g s, "
                  "horizon %.6g s\n- status: %s\n- iterations: %d\n- cost: %.9g\n- max constraint violation: %.3g\n"
                  "- solve time: %.3f s\n- replay error (lieride sim vs optimised positions): %s\n",
                  shown(p.name).c_str(), shown(p.file, 200).c_str(), p.integrator.c_str(), p.knots,
                  session->timeStep(x), session->timeStep(x) * p.knots,
                  ok ? "solved" : shown(line, 300).c_str(), r.iterations, r.cost,
                  r.maxViolation, r.seconds, replayText.c_str());
    o << buf;
    // Coarse-to-fine: the levels solved first (counted above), each with its thread CPU time
    // and the share of it in our callbacks (the rest is IPOPT and MUMPS), then the last level.
    auto cpu = [&](int iterations, const opt::SolveProfile& s) {
      char text[160];
      std::snprintf(text, sizeof text, "%d iterations, %.0f ms CPU (%.0f ms in callbacks, %.2f ms per iteration)\n",
                    iterations, 1e3 * s.total, 1e3 * (s.functions + s.jacobian + s.hessian),
                    iterations > 0 ? 1e3 * s.total / iterations : 0.0);
      o << text;
    };
    opt::SolveProfile fine = r.profile;
    int fineIterations = r.iterations;
    for (const opt::MeshLevel& l : r.levels) {
      o << "- coarse level: " << l.knots << " knots, " << opt::toString(l.status) << ", ";
      cpu(l.iterations, l.profile);
      fine -= l.profile;
      fineIterations -= l.iterations;
    }
    if (!r.levels.empty()) {
      o << "- last level: " << p.knots << " knots, " << opt::toString(r.status) << ", ";
      cpu(fineIterations, fine);
    }
  }}});
  } catch (const std::exception& e) {  // a disk full, a folder removed meanwhile: no file half-written
    reportError(shown(dir.string(), 200) + ": --out: " + e.what());
    return kExitInternal;
  }
  if (!args.quiet)
    std::printf("%s: %s after %d iterations, cost %.6g, max violation %.2e, %.3f s, replay error %s -> %s\n",
                shown(p.name).c_str(), replayLeaves ? "replay diverges" : opt::toString(r.status), r.iterations, r.cost,
                r.maxViolation, r.seconds, replayText.c_str(), shown(dir.string(), 200).c_str());
  if (!ok) {
    reportError(file + ": not solved: " + line + " (best iterate written to " + dir.string() + ")");
    return kExitNotSolved;
  }
  return kExitOk;
}

}  // namespace lieride::cli
