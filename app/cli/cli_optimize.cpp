// `lieride optimize PROBLEM.toml [--out DIR] [--max-iter K] [--quiet]` (docs/formats.md section 4):
// solves an optimal control problem and writes the trajectory, the controls, a scenario that
// replays them with `lieride sim`, and a report. Exit 0 solved, 4 not solved (best iterate
// written), 2 bad input.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

#include "cli/cli_output.hpp"
#include "cli/cli.hpp"
#include "lieride/sim/user_input.hpp"
#include "cli/cli_args.hpp"
#include "cli/cli_optimize_dmoc.hpp"
#include "lieride/optimize/problem.hpp"
#include "lieride/ocp/problem_file.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::cli {
namespace {

namespace fs = std::filesystem;
using namespace lieride::ocp;

constexpr int kExitNotSolved = 4;

std::string num(double v) {
  if (v == 0.0) v = 0.0;  // "0", never "-0"
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
  return std::string(buf, r.ptr);
}

// A TOML float literal (always with a '.' or an exponent).
std::string tomlFloat(double v) {
  std::string s = num(v);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

// A TOML basic string.
std::string tomlString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c != '\n' && c != '\r') out += c;
  }
  return out + "\"";
}

void writeTrajectory(const OcpProblemFile& pf, const SleighBvpResult& r, std::ostream& out) {
  const SleighPmp sys(pf.problem.params);
  out << "t,x,y,theta,omega,vx,vy,energy,momentum,constraint,iters,status,u1,u2,phi_d,p_x,p_y,p_theta,p_1,p_2,H\n";
  const double m = pf.problem.params.mass, J = pf.problem.params.inertia;
  for (std::size_t k = 0; k < r.states.size(); ++k) {
    const PVec& xi = r.states[k];
    const SleighControls u = sleighControls(xi);
    const double phi = k ? discreteConstraint(r.states[k - 1], xi) : 0.0;
    const double energy = 0.5 * (xi(kZ2) * xi(kZ2) / m + xi(kZ1) * xi(kZ1) / J);
    const double hamiltonian = sys.hamiltonian(xi);
    const std::string status = planRowStatus(std::vector<double>(xi.data(), xi.data() + xi.size()),
                                             {energy, u.u1, u.u2, phi, hamiltonian});
    writeCsvTime(out, static_cast<double>(k) * r.h);
    out << ',' << num(xi(kX)) << ',' << num(xi(kY)) << ',' << num(xi(kTheta))
        << ',' << num(xi(kZ1) / J) << ',' << num(xi(kZ2) / m) << ",0," << num(energy) << ",0,0,0," << status << ','
        << num(u.u1) << ',' << num(u.u2) << ',' << num(phi);
    for (int i = kPx; i <= kP2; ++i) out << ',' << num(xi(i));
    out << ',' << num(hamiltonian) << '\n';
    if (status != "ok") break;  // nothing after a diverged row, as `lieride sim`
  }
}

// Step k's controls at its midpoint (k + 1/2) h: what the retraction-midpoint integrator of
// `sleigh-controlled` samples, so the replay reproduces the solver's states; then u = 0 at T.
void writeControls(const SleighBvpResult& r, std::ostream& out) {
  out << "t,u1,u2\n";
  for (std::size_t k = 0; k + 1 < r.states.size(); ++k) {
    const SleighControls u = stepControls(r.states[k], r.states[k + 1]);
    out << num((static_cast<double>(k) + 0.5) * r.h) << ',' << num(u.u1) << ',' << num(u.u2) << '\n';
  }
  // Zero from T on (sampled signals hold their last value): the sleigh stays at rest at the goal.
  if (r.states.size() > 1) out << num(static_cast<double>(r.states.size() - 1) * r.h) << ",0,0\n";
}

void writeReplay(const OcpProblemFile& pf, const SleighBvpResult& r, std::ostream& out) {
  const auto& p = pf.problem;
  out << "# Replays the controls found by `lieride optimize " << shown(pf.file, 200) << "` (docs/formats.md section 4).\n"
      << "name = " << tomlString(pf.name + " (optimal controls)") << "\n\n[vehicle]\ntype = \"sleigh-controlled\"\nmass = "
      << tomlFloat(p.params.mass) << "\ninertia = " << tomlFloat(p.params.inertia) << "\n\n[initial]\nposition = ["
      << tomlFloat(p.start[0]) << ", " << tomlFloat(p.start[1]) << "]\nheading = " << tomlFloat(p.start[2])
      << "\nangular_velocity = " << tomlFloat(p.start[3] / p.params.inertia) << "\nlinear_velocity = ["
      << tomlFloat(p.start[4] / p.params.mass) << ", 0.0]\n\n[integrator]\nname = \"retraction-midpoint\"\ndt = "
      << tomlFloat(r.h) << "\nduration = " << tomlFloat(p.horizon) << "\n\n[controls]\nfile = \"controls.csv\"\n";
}

void writeReport(const OcpProblemFile& pf, const SleighBvpResult& r, std::ostream& out) {
  const auto& p = pf.problem;
  out << "# " << pf.name << ": " << (r.solved ? "solved" : "NOT solved") << "\n\n"
      << "Problem: " << pf.file << " (method = \"pmp\": multiple shooting on the costates of the retraction midpoint "
      << "scheme, docs/retraction.md).\n\n"
      << "- start (x, y, theta, z1, z2) = (" << p.start[0] << ", " << p.start[1] << ", " << p.start[2] << ", "
      << p.start[3] << ", " << p.start[4] << ")\n"
      << "- goal (x, y, theta) = (" << p.goal[0] << ", " << p.goal[1] << ", " << p.goal[2] << "), z1 = z2 = 0 at T = "
      << p.horizon << " s\n"
      << "- " << p.segments << " segments x " << p.stepsPerSegment << " steps, h = " << r.h << " s\n"
      << "- cost 1/2 sum h |u|^2 = " << num(r.cost) << "\n"
      << "- Newton iterations " << r.iterations << ", final violation " << r.violation << " (tolerance " << p.tolerance
      << "), terminal pose error " << r.terminalError << "\n"
      << "- solve time " << r.seconds * 1e3 << " ms\n";
  if (!r.solved) out << "- failure: " << r.failure << "\n";
  out << "\nFiles: trajectory.csv (states, costates, H, phi_d per step), controls.csv (u1, u2 at the step midpoints), "
      << "replay.toml (`lieride sim replay.toml` reproduces trajectory.csv).\n";
}

}  // namespace

int runOptimize(const std::vector<std::string>& args) {
  std::string problemPath, outDir;
  int maxIter = -1;
  bool quiet = false;
  CLI::App parser = makeParser("optimize", "Solve an optimal control problem file (docs/formats.md section 4).");
  parser.add_option("PROBLEM", problemPath, "problem TOML, or a shipped problem's name (lieride list)")->required();
  CLI::Option* outFlag = parser.add_option("--out", outDir, "output folder (default out/optimize/<problem file stem>)");
  parser.add_option("--max-iter", maxIter, "iteration limit of the whole solve (all coarse levels)")->check(decimalRange(1, 100000000));
  parser.add_flag("--quiet", quiet, "print nothing when solved (the result is in DIR/report.md); errors still go to stderr");
  int knots = 0;
  std::string guess;
  parser.add_option("--knots", knots, "dmoc: number of steps N (overrides [problem] knots)")->check(decimalRange(2, opt::kMaxKnots));
  CLI::Option* guessFlag =
      parser.add_option("--guess", guess, "dmoc: start from a controls CSV simulated by the vehicle's integrator (a primal start: multipliers and barrier start cold)");
  parser.footer(
      "Writes DIR/trajectory.csv, controls.csv, replay.toml (lieride sim replays the solution) and report.md.\n"
      "Exit status: 0 solved; 4 not solved (one line names what failed; the best iterate is written); 2 bad "
      "problem file or arguments.");
  if (const auto code = parseArgs(parser, args)) return *code;
  problemPath = resolveProblem(problemPath);  // "helicopter-landing" or "optimal parking" too
  if (outFlag->count() > 0 && outDir.empty()) {
    reportError("optimize: --out: expected a folder name, got ''");
    return kExitBadInput;
  }
  if (guessFlag->count() > 0 && guess.empty()) {
    reportError("optimize: --guess: expected a controls CSV file name, got ''");
    return kExitBadInput;
  }
  // A signal during the solve removes the output folders it created and says so.
  nameStoppedCommand("optimize");
  try {
    if (opt::problemMethod(problemPath) == "dmoc") {
      DmocArgs d;
      d.problem = problemPath;
      if (!outDir.empty()) d.out = outDir;
      if (knots > 0) d.knots = knots;
      if (!guess.empty()) d.guess = guess;
      if (maxIter > 0) d.maxIterations = maxIter;
      d.quiet = quiet;
      return runOptimizeDmoc(d);
    }
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  } catch (const std::bad_alloc&) {  // within the knot limit, more than this machine holds
    reportError(shown(problemPath, 200) + ": out of memory for the transcription (fewer knots: [problem] knots or --knots)");
    return kExitBadInput;
  }
  if (knots > 0 || !guess.empty()) {
    reportError("optimize: --knots and --guess apply to method = \"dmoc\" problems (see lieride optimize --help)");
    return kExitBadInput;
  }
  OcpProblemFile pf;
  try {
    pf = loadOcpProblem(problemPath);
  } catch (const ScenarioError& e) {
    reportError(e.what());
    return kExitBadInput;
  }
  if (maxIter > 0) pf.problem.maxIterations = maxIter;
  if (outDir.empty()) outDir = defaultOptimizeFolder(problemPath);
  if (const std::string why = prepareOutputFolder(outDir, kOptimizeOutputs); !why.empty()) {
    reportError("optimize: " + why);
    return kExitBadInput;
  }

  const auto progress = [&](const BvpIterate& b) {
    if (quiet) return;
    std::printf("iter %3d  cost %.9e  violation %.3e  time %.1f ms\n", b.iteration, b.cost, b.violation,
                b.seconds * 1e3);
    std::fflush(stdout);
  };
  const SleighBvpResult r = solveSleighBvp(pf.problem, progress);
  const fs::path dir(outDir);
  // All four through one staging folder, as the DMOC branch writes them: together or not at all.
  writeOutputFiles(outDir, {{"trajectory.csv", [&](std::ostream& out) { writeTrajectory(pf, r, out); }},
                            {"controls.csv", [&](std::ostream& out) { writeControls(r, out); }},
                            {"replay.toml", [&](std::ostream& out) { writeReplay(pf, r, out); }},
                            {"report.md", [&](std::ostream& out) { writeReport(pf, r, out); }}});
  if (!r.solved) {
    reportError(shown(pf.file, 200) + ": not solved: " + r.failure + " (best iterate written to " + shown(outDir, 200) + ")");
    return kExitNotSolved;
  }
  if (!quiet)
    std::printf("solved: cost %.12g, violation %.3e, %d iterations, %.1f ms; wrote %s\n", r.cost, r.violation,
                r.iterations, r.seconds * 1e3, shown(outDir, 200).c_str());
  return kExitOk;
}

}  // namespace lieride::cli
