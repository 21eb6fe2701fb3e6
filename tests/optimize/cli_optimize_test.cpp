// `lieride optimize` from the outside (docs/formats.md sections 1 and 4): exit codes, the
// outputs, the replay through `lieride sim`. Bad problem files: cli_optimize_errors_test.cpp.
#include <regex>

#include "cli_optimize_util.hpp"

using namespace cli_optimize_test;
using Vec3Row = std::array<double, 3>;

TEST_CASE("lieride optimize solves car-tunnel and lieride sim replays it to 1e-8 m", "[optimize][cli]") {
  const fs::path dir = scratch() / "tunnel";
  fs::remove_all(dir);
  const Result r = lieride("optimize " + problemFile("car-tunnel") + " --out " + dir.string());
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("iter ") != std::string::npos);
  for (const char* f : {"trajectory.csv", "controls.csv", "replay.toml", "report.md"}) CHECK(fs::exists(dir / f));
  CHECK(slurp(dir / "report.md").find("status: solved") != std::string::npos);
  const Result sim = lieride("sim " + (dir / "replay.toml").string() + " --out " + (dir / "sim.csv").string());
  INFO(sim.err);
  REQUIRE(sim.code == 0);
  expectSameRunCsv(dir / "trajectory.csv", dir / "sim.csv");
  const auto a = positions(dir / "trajectory.csv"), b = positions(dir / "sim.csv");
  REQUIRE(a.size() == 65);
  REQUIRE(b.size() == a.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k)
    worst = std::max(worst, std::hypot(a[k].first - b[k].first, a[k].second - b[k].second));
  CHECK(worst <= 1e-8);
  // The run CSV columns of the car (docs/formats.md section 3).
  CHECK(slurp(dir / "trajectory.csv").rfind("t,x,y,theta,omega,vx,vy,psi,sigma,psi_dot,sigma_dot,energy,momentum,constraint,iters,status", 0) == 0);
}

TEST_CASE("lieride optimize: a goal inside an obstacle exits 4 naming the constraint", "[optimize][cli]") {
  std::string text = problemText("car-tunnel");
  text.replace(text.find("position = [40.0, 0.0]"), 22, "position = [30.0, 1.4]");
  const fs::path p = writeProblem("inside.toml", text);
  const fs::path dir = scratch() / "inside";
  const Result r = lieride("optimize " + p.string() + " --out " + dir.string() + " --quiet");
  CHECK(r.code == 4);
  CHECK(lineCount(r.err) == 1);
  CHECK(std::regex_search(r.err, std::regex("knot [0-9]+: body [0-9.e-]+ m inside pillar 3")));
  CHECK(r.out.empty());
  CHECK(fs::exists(dir / "trajectory.csv"));  // the best iterate
}

TEST_CASE("lieride optimize: an unreachable waypoint is named by the dynamics it breaks, not only the goal", "[optimize][cli]") {
  // 50 m away at t = 1 s: IPOPT meets the waypoint by a 12 m jump in knot 7's position update,
  // and the line named only the final speed (0.65 m/s off).
  std::string text = problemText("car-parallel-park");
  text += "\n[[waypoints]]\ntime = 1.0\nposition = [50.0, 3.0]\ntolerance = 0.05\n";
  const fs::path p = writeProblem("far-waypoint.toml", text);
  const fs::path dir = scratch() / "far-waypoint";
  const Result r = lieride("optimize " + p.string() + " --out " + dir.string() + " --quiet");
  CAPTURE(r.err);
  CHECK(r.code == 4);
  CHECK(lineCount(r.err) == 1);
  CHECK(std::regex_search(r.err, std::regex("; the largest violation: step [0-9]+: [xy] update off by [0-9.e+]+ \\(is a waypoint out of reach\\?\\)")));
}

TEST_CASE("lieride optimize: a plan the simulator does not retrace is not solved (exit 4)", "[optimize][cli]") {
  // boat-docking with T free in [8, 24] s and a time weight of 10: IPOPT converges (violation
  // 5e-12) at h = 0.36 s, where lie-cay-tln's heave of the hull is unstable: round-off grows
  // along the replay, which ends 23 m from the plan. It exited 0 with "solved".
  std::string text = problemText("boat-docking");
  text.replace(text.find("horizon = 12.0"), 14, "horizon = 12.0\nfree_time = [8.0, 24.0]");
  text.replace(text.find("[cost]"), 6, "[cost]\ntime = 10.0\n");
  const fs::path p = writeProblem("boat-unstable-h.toml", text);
  const fs::path dir = scratch() / "boat-unstable-h";
  const Result r = lieride("optimize " + p.string() + " --out " + dir.string() + " --quiet");
  INFO(r.err);
  CHECK(r.code == 4);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("the simulator's replay leaves the plan by") != std::string::npos);
  CHECK(slurp(dir / "report.md").find("- status: the simulator's replay leaves the plan") != std::string::npos);
  // The same problem at a time weight of 20 stops at h = 0.26 s and replays to 1e-8 m: solved.
  text.replace(text.find("time = 10.0"), 11, "time = 20.0");
  const Result ok = lieride("optimize " + writeProblem("boat-stable-h.toml", text).string() + " --out " +
                            (scratch() / "boat-stable-h").string() + " --quiet");
  CHECK(ok.code == 0);
}

TEST_CASE("lieride optimize: a folder in the way of an output is refused before the solve", "[optimize][cli]") {
  // Found from outside: the rename over a folder failed after the solve, with a library's
  // message, exit 1 and a trajectory.csv.partial left behind.
  for (const char* name : {"trajectory.csv", "report.md"}) {
    const fs::path dir = scratch() / (std::string("blocked-") + name);
    fs::create_directories(dir / name);
    const Result r = lieride("optimize " + problemFile("car-parallel-park") + " --quiet --out " + dir.string());
    CAPTURE(name, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(std::string(name) + "': is a directory") != std::string::npos);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // nothing else written
  }
}

TEST_CASE("lieride optimize: --guess '' is refused like --out ''", "[optimize][cli]") {
  const Result r = lieride("optimize " + problemFile("car-parallel-park") + " --quiet --guess '' --out " +
                           (scratch() / "empty-guess").string());
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("--guess: expected a controls CSV file name, got ''") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch() / "empty-guess"));
}

TEST_CASE("lieride optimize: a --guess whose controls cannot run is blamed on the guess file", "[optimize][cli]") {
  const fs::path car = scratch() / "huge-car.csv";
  std::ofstream(car) << "t,drive_torque,steer_rate\n0,1e300,1e300\n12,1e300,1e300\n";
  Result r = lieride("optimize " + problemFile("car-parallel-park") + " --quiet --guess " + car.string() + " --out " +
                     (scratch() / "huge-car").string());
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find(car.string() + ": --guess: these controls cannot start the problem's run") != std::string::npos);
  const fs::path heli = scratch() / "huge-heli.csv";
  std::ofstream(heli) << "t,collective,tail,cyclic_pitch,cyclic_roll\n0,1e9,0,0,0\n20,1e9,0,0,0\n";
  r = lieride("optimize " + problemFile("helicopter-landing") + " --quiet --guess " + heli.string() + " --out " +
              (scratch() / "huge-heli").string());
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find(heli.string() + ": --guess: the controls, simulated, diverged at t = ") != std::string::npos);
  CHECK(r.err.find("t = 0.000000") == std::string::npos);
}

TEST_CASE("lieride optimize: --out never replaces the command's own --guess", "[optimize][cli]") {
  const fs::path dir = scratch() / "own-guess";
  fs::remove_all(dir);
  REQUIRE(lieride("optimize " + problemFile("car-tunnel") + " --quiet --out " + dir.string()).code == 0);
  const std::string guess = slurp(dir / "controls.csv");
  const Result r = lieride("optimize " + problemFile("car-tunnel") + " --quiet --guess " + (dir / "controls.csv").string() +
                           " --out " + dir.string());
  CAPTURE(r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("its controls.csv is an input of this command") != std::string::npos);
  CHECK(slurp(dir / "controls.csv") == guess);
  fs::remove_all(dir);
}

TEST_CASE("lieride optimize: a trajectory row with a non-finite value says diverged, and is the last", "[optimize][cli]") {
  // Controls of 1e200 as the sleigh's guess: the states stay finite (1e196 m) but the energy
  // overflows; trajectory.csv wrote inf beside status ok on 199 rows.
  const fs::path guess = scratch() / "huge-sleigh.csv";
  std::ofstream(guess) << "t,u1,u2\n0,0,0\n1,1e200,1e200\n";
  const fs::path out = scratch() / "huge-sleigh";
  const Result r = lieride("optimize " + problemFile("sleigh-u-turn-dmoc") + " --quiet --guess " + guess.string() + " --out " +
                           out.string());
  CHECK(r.code == 4);
  std::ifstream in(out / "trajectory.csv");
  std::string line, last;
  int rows = 0;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    ++rows;
    last = line;
    if (line.find(",ok,") != std::string::npos) {
      CAPTURE(line);
      CHECK(line.find("inf") == std::string::npos);
      CHECK(line.find("nan") == std::string::npos);
    }
  }
  CHECK(rows < 200);
  CHECK(last.find(",diverged,") != std::string::npos);
  fs::remove_all(out);
}

TEST_CASE("lieride optimize: a problem path with a newline still gives a replay.toml that replays", "[optimize][cli]") {
  // The path is echoed in replay.toml's comment line: escaped, not a line break that makes
  // the rest of it TOML.
  const fs::path dir = scratch() / "odd\nname";
  fs::create_directories(dir);
  const fs::path p = dir / "x\n[integrator]\ndt = 5.toml";
  std::ofstream(p) << problemText("sleigh-u-turn-dmoc");
  const fs::path out = scratch() / "odd-out";
  const Result r = lieride("optimize '" + p.string() + "' --quiet --out " + out.string());
  REQUIRE(r.code == 0);
  const std::string replay = slurp(out / "replay.toml");
  CHECK(replay.find("\n[integrator]\ndt = 5") == std::string::npos);
  const Result sim = lieride("sim " + (out / "replay.toml").string() + " --out " + (scratch() / "odd.csv").string());
  CAPTURE(sim.err);
  CHECK(sim.code == 0);
}

TEST_CASE("lieride optimize: the iteration limit exits 4 and says so", "[optimize][cli]") {
  const fs::path dir = scratch() / "limit";
  const Result r = lieride("optimize " + problemFile("car-parallel-park") + " --max-iter 3 --quiet --out " + dir.string());
  CHECK(r.code == 4);
  CHECK(r.err.find("iteration limit") != std::string::npos);
  CHECK(lineCount(r.err) == 1);
}

TEST_CASE("lieride optimize: --max-iter limits the whole coarse-to-fine solve", "[optimize][cli]") {
  // helicopter-landing solves 16 knots (26 iterations), then 48 (23): the limit is shared, not
  // per level.
  for (const int limit : {7, 40}) {
    const fs::path dir = scratch() / ("limit-levels-" + std::to_string(limit));
    fs::remove_all(dir);
    const Result r = lieride("optimize " + problemFile("helicopter-landing") + " --max-iter " + std::to_string(limit) +
                             " --quiet --out " + dir.string());
    INFO(r.err);
    CHECK(r.code == 4);
    CHECK(r.err.find("iteration limit") != std::string::npos);
    const std::string report = slurp(dir / "report.md");
    std::smatch m;
    REQUIRE(std::regex_search(report, m, std::regex("- iterations: ([0-9]+)")));
    const int total = std::stoi(m[1]);
    CHECK(total <= limit);
    CHECK(fs::exists(dir / "trajectory.csv"));  // the best iterate
    // docs/formats.md section 1: one line per coarse level and one for the last, each with its
    // knots, status and iterations; the levels' iterations add up to the total.
    std::smatch coarse, last;
    INFO(report);
    REQUIRE(std::regex_search(report, coarse, std::regex("- coarse level: 16 knots, ([a-z ]+), ([0-9]+) iterations, ")));
    REQUIRE(std::regex_search(report, last, std::regex("- last level: 48 knots, ([a-z ]+), ([0-9]+) iterations, ")));
    CHECK(std::stoi(coarse[2]) + std::stoi(last[2]) == total);
    CHECK(last[1] == "iteration limit");
  }
}

TEST_CASE("lieride optimize: the sleigh DMOC replay through lieride sim reproduces the poses to 1e-8 m",
          "[optimize][cli]") {
  const fs::path dir = scratch() / "sleigh-replay";
  fs::remove_all(dir);
  const Result r = lieride("optimize " + problemFile("sleigh-parallel-shift-dmoc") + " --quiet --out " + dir.string());
  INFO(r.err);
  REQUIRE(r.code == 0);
  const Result s = lieride("sim " + (dir / "replay.toml").string() + " --out " + (dir / "sim.csv").string());
  REQUIRE(s.code == 0);
  CHECK(slurp(dir / "trajectory.csv").rfind("t,x,y,theta,omega,vx,vy,energy,momentum,constraint,iters,status,u1,u2,phi_d,residual", 0) == 0);
  expectSameRunCsv(dir / "trajectory.csv", dir / "sim.csv", {"u1", "u2"});
  const auto a = positions(dir / "trajectory.csv"), b = positions(dir / "sim.csv");
  REQUIRE(a.size() == 201u);
  REQUIRE(b.size() == a.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k)
    worst = std::max(worst, std::hypot(a[k].first - b[k].first, a[k].second - b[k].second));
  CHECK(worst <= 1e-8);
}

namespace {

// Columns named x, y and z (z absent: 0) of a run CSV.
std::vector<Vec3Row> positions3(const fs::path& csv) {
  std::ifstream in(csv);
  std::string line, name;
  std::getline(in, line);
  std::stringstream header(line);
  int col = 0, ix = -1, iy = -1, iz = -1;
  while (std::getline(header, name, ',')) {
    if (name == "x") ix = col;
    if (name == "y") iy = col;
    if (name == "z") iz = col;
    ++col;
  }
  std::vector<Vec3Row> out;
  while (std::getline(in, line)) {
    std::stringstream s(line);
    std::vector<std::string> cells;
    std::string c;
    while (std::getline(s, c, ',')) cells.push_back(c);
    Vec3Row r{};
    r[0] = std::stod(cells.at(static_cast<std::size_t>(ix)));
    r[1] = std::stod(cells.at(static_cast<std::size_t>(iy)));
    r[2] = iz >= 0 ? std::stod(cells.at(static_cast<std::size_t>(iz))) : 0.0;
    out.push_back(r);
  }
  return out;
}

// lieride optimize PROBLEM, then lieride sim on its replay.toml: the largest distance between
// the optimised and the simulated positions over the knots (and the number of rows).
double cliReplayError(const std::string& problem, std::size_t expectRows) {
  const fs::path dir = scratch() / (problem + "-replay");
  fs::remove_all(dir);
  const Result r = lieride("optimize " + problemFile(problem) + " --quiet --out " + dir.string());
  INFO(r.err);
  REQUIRE(r.code == 0);
  const Result s = lieride("sim " + (dir / "replay.toml").string() + " --out " + (dir / "sim.csv").string());
  INFO(s.err);
  REQUIRE(s.code == 0);
  expectSameRunCsv(dir / "trajectory.csv", dir / "sim.csv");
  const auto a = positions3(dir / "trajectory.csv"), b = positions3(dir / "sim.csv");
  REQUIRE(a.size() == expectRows);
  REQUIRE(b.size() == a.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k)
    worst = std::max(worst, std::hypot(a[k][0] - b[k][0], a[k][1] - b[k][1], a[k][2] - b[k][2]));
  return worst;
}

}  // namespace

TEST_CASE("lieride optimize: helicopter-canyon replayed by lieride sim to 1e-8 m", "[optimize][cli]") {
  CHECK(cliReplayError("helicopter-canyon", 65) <= 1e-8);
}

TEST_CASE("lieride optimize: snakeboard-reorient replayed by lieride sim to 1e-8 m", "[optimize][cli]") {
  CHECK(cliReplayError("snakeboard-reorient", 61) <= 1e-8);
}

TEST_CASE("lieride optimize: a best iterate with non-finite values says it has no replay", "[optimize][cli]") {
  // boat-docking on 10 knots (h = 1.2 s): the iterate overflows, exit 4. Its report gave a replay
  // error of 0.22 m, of the finite stretch before the nan controls that replay.toml cannot read.
  const fs::path dir = scratch() / "boat-nonfinite";
  fs::remove_all(dir);
  const Result r = lieride("optimize " + problemFile("boat-docking") + " --knots 10 --quiet --out " + dir.string());
  CAPTURE(r.err);
  REQUIRE(r.code == 4);
  const std::string report = slurp(dir / "report.md");
  if (report.find("- cost: nan") != std::string::npos || report.find("violation: inf") != std::string::npos)
    CHECK(report.find("replay error (lieride sim vs optimised positions): none (the best iterate has non-finite values") !=
          std::string::npos);
  else
    CHECK(report.find("replay error (lieride sim vs optimised positions): none") == std::string::npos);
}

TEST_CASE("lieride optimize: boat-docking replayed by lieride sim to 1e-8 m", "[optimize][cli]") {
  CHECK(cliReplayError("boat-docking", 61) <= 1e-8);
}
