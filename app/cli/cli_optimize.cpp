// lieride optimize PROBLEM.toml [--out DIR] [--knots N] [--guess CSV] [--max-iter K] [--quiet]
// (docs/formats.md sections 1 and 4). Dispatches on [problem] method.
#include <cstdio>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/cli.hpp"
#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::cli {
namespace {
namespace fs = std::filesystem;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct OptimizeArgs {
  std::string problem;
  std::optional<std::string> out;
  std::optional<int> knots;
  std::optional<std::string> guess;
  int maxIterations = 1000;
  bool quiet = false;
};

int parseCount(const std::string& flag, const std::string& text, int minimum) {
  long v = -1;
  try {
    std::size_t used = 0;
    v = std::stol(text, &used);
    if (used != text.size()) v = -1;
  } catch (const std::exception&) {
  }
  if (v < minimum || v > 1000000)
    throw UsageError(flag + ": expected an integer >= " + std::to_string(minimum) + ", got '" + text + "'");
  return static_cast<int>(v);
}

OptimizeArgs parseArgs(const std::vector<std::string>& args) {
  OptimizeArgs o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw UsageError(a + ": expected a value");
      return args[++i];
    };
    if (a == "--out") o.out = value();
    else if (a == "--knots") o.knots = parseCount("--knots", value(), 2);
    else if (a == "--guess") o.guess = value();
    else if (a == "--max-iter") o.maxIterations = parseCount("--max-iter", value(), 0);
    else if (a == "--quiet") o.quiet = true;
    else if (!a.empty() && a[0] == '-') throw UsageError("optimize: unknown option '" + a + "'");
    else if (o.problem.empty()) o.problem = a;
    else throw UsageError("optimize: unexpected argument '" + a + "' (one problem file expected)");
  }
  if (o.problem.empty()) throw UsageError("optimize: expected a problem file: lieride optimize PROBLEM.toml [--out DIR]");
  return o;
}

std::string resolveProblem(const std::string& nameOrPath) {
  if (fs::exists(nameOrPath) || nameOrPath.find('/') != std::string::npos || nameOrPath.ends_with(".toml"))
    return nameOrPath;
  return (fs::path(assetsDir()) / "problems" / (nameOrPath + ".toml")).string();
}

// Writes through a temporary file and a rename: never a half-written output.
void writeFile(const fs::path& path, const std::function<void(std::ostream&)>& body) {
  const fs::path tmp = path.string() + ".partial";
  {
    std::ofstream f(tmp);
    if (!f) throw std::runtime_error(path.string() + ": cannot open for writing");
    body(f);
    f.flush();
    if (!f) throw std::runtime_error(path.string() + ": write failed");
  }
  fs::rename(tmp, path);
}

int runDmoc(const OptimizeArgs& args, const std::string& file) {
  std::unique_ptr<opt::DmocSession> session;
  opt::SolveOptions options;
  try {
    opt::ProblemOverrides ov;
    ov.knots = args.knots;
    session = std::make_unique<opt::DmocSession>(opt::loadProblem(file, ov));
    options = session->defaultOptions();
    options.maxIterations = args.maxIterations;
    if (args.guess) {
      if (!fs::exists(*args.guess)) throw ScenarioError(*args.guess + ": --guess: no such controls CSV");
      options.initial = session->guessFromControls(*args.guess);
    }
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  }
  const opt::Problem& p = session->problem();
  const fs::path dir = args.out ? fs::path(*args.out) : fs::path(fs::path(file).stem().string() + "-solution");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    reportError(dir.string() + ": --out: cannot create the output directory");
    return kExitBadInput;
  }
  if (!args.quiet) {
    std::printf("%s: DMOC on %s, %d knots, h = %.6g s, %d variables, %d constraints\n", p.name.c_str(),
                p.integrator.c_str(), p.knots, p.timeStep(), session->nlp().numVariables(),
                session->nlp().numConstraints());
    options.progress = [](const opt::IterationInfo& it) {
      std::printf("iter %4d  cost %.6e  violation %.2e  dual %.2e  %.3f s\n", it.iteration, it.cost, it.violation,
                  it.dualInfeasibility, it.seconds);
    };
  }
  const opt::SolveResult r = session->solve(options);
  const std::vector<double>& x = r.solution.x;
  const double replay = session->replayError(x);
  const std::string line = session->failureLine(r);
  writeFile(dir / "trajectory.csv", [&](std::ostream& o) { session->writeTrajectoryCsv(x, o); });
  writeFile(dir / "controls.csv", [&](std::ostream& o) { session->writeControlsCsv(x, o); });
  writeFile(dir / "replay.toml", [&](std::ostream& o) { o << session->replayScenario("controls.csv"); });
  writeFile(dir / "report.md", [&](std::ostream& o) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "# %s\n\n- problem: %s\n- method: dmoc (constraints: the %s updates)\n- knots: %d, h = %.6g s, "
                  "horizon %.6g s\n- status: %s\n- iterations: %d\n- cost: %.9g\n- max constraint violation: %.3g\n"
                  "- solve time: %.3f s\n- replay error (lieride sim vs optimised positions): %.3g m\n",
                  p.name.c_str(), p.file.c_str(), p.integrator.c_str(), p.knots, p.timeStep(), p.horizon,
                  r.status == opt::SolveStatus::Solved ? "solved" : line.c_str(), r.iterations, r.cost,
                  r.maxViolation, r.seconds, replay);
    o << buf;
  });
  if (!args.quiet)
    std::printf("%s: %s after %d iterations, cost %.6g, max violation %.2e, %.3f s, replay error %.2e m -> %s\n",
                p.name.c_str(), opt::toString(r.status), r.iterations, r.cost, r.maxViolation, r.seconds, replay,
                dir.string().c_str());
  if (r.status != opt::SolveStatus::Solved) {
    reportError(file + ": not solved: " + line + " (best iterate written to " + dir.string() + ")");
    return kExitNotSolved;
  }
  return kExitOk;
}

}  // namespace

int runOptimize(const std::vector<std::string>& args) {
  OptimizeArgs o;
  std::string file, method;
  try {
    o = parseArgs(args);
    file = resolveProblem(o.problem);
    method = opt::problemMethod(file);
  } catch (const UsageError& e) {
    reportError(e.what());
    return kExitBadInput;
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  }
  if (method == "dmoc") return runDmoc(o, file);
  reportError(file + ": key 'problem.method': expected \"dmoc\", got \"" + method + "\"");
  return kExitBadInput;
}

}  // namespace lieride::cli
