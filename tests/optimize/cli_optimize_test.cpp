// `lieride optimize` from the outside (docs/formats.md sections 1 and 4): exit codes, the
// outputs, the replay through `lieride sim`, one-line errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <array>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using Vec3Row = std::array<double, 3>;

namespace {

struct Result {
  int code;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("lieride-optimize-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

Result lieride(const std::string& args) {
  const fs::path dir = scratch();
  const std::string cmd = std::string(LIERIDE_BINARY_DIR) + "/lieride " + args + " >" + (dir / "stdout").string() +
                          " 2>" + (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "stdout"), slurp(dir / "stderr")};
}

std::string problemFile(const std::string& name) {
  return std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/" + name + ".toml";
}

std::string problemText(const std::string& name) { return slurp(problemFile(name)); }

fs::path writeProblem(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return p;
}

int lineCount(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// Columns x and y of a run CSV.
std::vector<std::pair<double, double>> positions(const fs::path& csv) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  std::vector<std::pair<double, double>> out;
  while (std::getline(in, line)) {
    std::stringstream s(line);
    std::string t, x, y;
    std::getline(s, t, ',');
    std::getline(s, x, ',');
    std::getline(s, y, ',');
    out.emplace_back(std::stod(x), std::stod(y));
  }
  return out;
}

// Each case edits the good problem text (the first `from` becomes `to`): lieride optimize must
// exit 2 with one stderr line naming the file and `expect`, and write nothing.
struct BadCase {
  std::string from, to, expect;
};

void expectBadInput(const std::string& good, const std::vector<BadCase>& cases, const std::string& stem) {
  for (const auto& c : cases) {
    std::string text = good;
    const auto at = text.find(c.from);
    REQUIRE(at != std::string::npos);
    text.replace(at, c.from.size(), c.to);
    const fs::path p = writeProblem(stem + ".toml", text);
    const fs::path dir = scratch() / (stem + "-out");
    fs::remove_all(dir);
    const Result r = lieride("optimize " + p.string() + " --out " + dir.string());
    INFO(c.to << " -> " << r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(p.string()) != std::string::npos);
    CHECK(r.err.find(c.expect) != std::string::npos);
    CHECK(!fs::exists(dir / "trajectory.csv"));
  }
}

std::vector<std::vector<std::string>> csvCells(const fs::path& csv) {
  std::ifstream in(csv);
  std::vector<std::vector<std::string>> rows;
  std::string line, c;
  while (std::getline(in, line)) {
    std::stringstream s(line);
    rows.emplace_back();
    while (std::getline(s, c, ',')) rows.back().push_back(c);
  }
  return rows;
}

// The optimiser's trajectory CSV is a run CSV like the replay's (docs/formats.md section 3):
// the replay's header first, every row as wide as its header, and every column the same state at t_k (velocity,
// energy, momentum, constraint, the step's xi) to 1e-6 relative; only `iters` and `residual`
// (the simulator's Newton solve against the optimiser's step rows) say different things.
// `skip`: columns docs/formats.md defines otherwise for the optimiser (the sleigh's u1, u2 are the
// controls of the step leaving knot k; the simulator's are its control signal at t_k).
void expectSameRunCsv(const fs::path& optimised, const fs::path& simulated, const std::vector<std::string>& skip = {}) {
  const auto a = csvCells(optimised), b = csvCells(simulated);
  REQUIRE(!a.empty());
  REQUIRE(a.size() == b.size());
  // The optimiser may add columns after the simulator's (the sleigh's `residual`).
  REQUIRE(a[0].size() >= b[0].size());
  REQUIRE(std::equal(b[0].begin(), b[0].end(), a[0].begin()));
  const auto& header = b[0];
  for (std::size_t k = 1; k < a.size(); ++k) {
    REQUIRE(a[k].size() == a[0].size());
    REQUIRE(b[k].size() == header.size());
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (header[i] == "iters" || header[i] == "residual") continue;
      if (std::find(skip.begin(), skip.end(), header[i]) != skip.end()) continue;
      // No step of the plan starts at the last knot: there xi_* repeats wx..vz, while the
      // simulator solves the step after it with the held last controls.
      if (k + 1 == a.size() && header[i].rfind("xi_", 0) == 0) continue;
      INFO("row " << k << ", column " << header[i] << ": " << a[k][i] << " against " << b[k][i]);
      if (header[i] == "status") {
        CHECK(a[k][i] == b[k][i]);
        continue;
      }
      const double u = std::stod(a[k][i]), v = std::stod(b[k][i]);
      CHECK(std::abs(u - v) <= 1e-6 * (1.0 + std::abs(v)));
    }
  }
}

}  // namespace

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

TEST_CASE("lieride optimize: bad problem files exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string good = problemText("car-tunnel");
  const std::vector<BadCase> cases = {
      {"method = \"dmoc\"", "method = \"shooting\"", "key 'problem.method': expected \"dmoc\""},
      {"method = \"dmoc\"", "method = \"pmp\"", "key 'vehicle.type': expected \"sleigh-controlled\""},
      {"knots = 64", "knots = 1", "problem.knots"},
      {"knots = 64", "knots = 1000000000", "problem.knots': expected an integer from 2 to 20000"},
      {"horizon = 10.0", "horizon = -1.0", "problem.horizon"},
      // A step below a microsecond: its 1/h^2 terms wrote NaN controls, exit 4, before.
      {"horizon = 10.0", "horizon = 1e-300", "problem.horizon': expected a step horizon / knots of at least 1e-6 s"},
      {"horizon = 10.0", "horizon = 1e300", "problem.horizon': expected a duration > 0 and at most 1e4 s"},
      {"horizon = 10.0", "horizon = 10.0\nfree_time = [5.0, 1e9]", "problem.free_time': expected a T_max of at most 1e4 s"},
      {"horizon = 10.0", "horizon = 10.0\nfree_time = [1e-9, 20.0]", "problem.free_time': expected a T_min / knots"},
      {"heading_tolerance = 0.01", "heading_tolerence = 0.01", "goal.heading_tolerence"},
      {"shape = \"cylinder\"", "shape = \"cone\"", "obstacles[2].shape"},
      {"radius = 1.0", "radius = 0.0", "obstacles[2].radius"},
      {"steer_rate = [-1.0, 1.0]", "steer_rate = [1.0, -1.0]", "bounds.steer_rate"},
      {"position = [40.0, 0.0]", "position = [40.0]", "goal.position"},
      {"type = \"car\"", "type = \"tank\"", "key 'vehicle.type'"},
      {"[problem]", "[controls]\nsteer_rate = 1.0\n[problem]", "[controls]"},
      {"integrator = \"lie-nh\"", "integrator = \"rk4\"", "problem.integrator"},
      {"[cost]", "[cost]\npath_length = -1.0", "cost.path_length"},
      {"[cost]", "[cost]\nhazard = 1.0\nhazard_distance = 0.0", "cost.hazard_distance"},
      {"[problem]", "[[waypoints]]\ntime = 2.0\nposition = [5.0, 0.0]\nweight = 1.0\ntolerance = 0.1\n[problem]",
       "waypoints[0].weight"},  // soft or hard, not both
      {"[problem]", "[[waypoints]]\ntime = 2.0\nposition = [5.0, 0.0]\nweight = 0.0\n[problem]", "waypoints[0].weight"},
      // Found by a hostile-input round: each of these reached IPOPT and came back as exit 4
      // with a reason on some other row ("final speed misses the goal", a non-finite value).
      {"radius = 1.0", "radius = 1e300", "obstacles[2].radius': expected a radius between 0.001 and 1e5 m"},
      {"radius = 1.0", "radius = 1e-300", "obstacles[2].radius"},
      {"center = [10.0, 1.4]", "center = [1e300, 1.4]", "obstacles[2].center': expected [x, y] (m), each within 1e6 m"},
      {"[problem]", "[body]\nwidth = 1e300\n[problem]", "body.width"},
      {"[problem]",
       "[[waypoints]]\ntime = 6.0\nposition = [5.0, 3.0]\n[[waypoints]]\ntime = 6.0\nposition = [50.0, 3.0]\n[problem]",
       "waypoints[1].time': expected a knot of its own (waypoints[0] holds knot"},
      // Found by a later round: contradictions that came back as exit 4 "solver failure" with
      // 0 iterations, and keys read and never used.
      {"heading_tolerance = 0.01", "heading_tolerance = 0.01\nsteer = 1.5",
       "goal.steer': expected a steering angle within the car's max_steer, |steer| <= 0.6 rad"},
      {"[problem]", "[[waypoints]]\ntime = 10.0\nposition = [20.0, 20.0]\n[problem]",
       "waypoints[0].time': expected a time before the last knot"},
      {"heading_tolerance = 0.01", "heading_tolerance = 0.01\nspeed_tolerance = 0.1",
       "goal.speed_tolerance': expected no speed_tolerance without a goal speed"},
      {"heading = 0.0\ntolerance", "tolerance", "goal.heading_tolerance': expected no heading_tolerance without a goal heading"},
      {"[cost]", "[cost]\nhazard_distance = 2.0", "cost.hazard_distance': expected no hazard_distance without a hazard weight"},
  };
  expectBadInput(good, cases, "bad");
  // A hard waypoint on the last knot inside the goal's box is fine.
  {
    std::string text = good;
    text.replace(text.find("[problem]"), 9, "[[waypoints]]\ntime = 10.0\nposition = [40.02, 0.0]\n[problem]");
    const fs::path f = scratch() / "goal-waypoint.toml";
    std::ofstream(f) << text;
    const Result r = lieride("optimize " + f.string() + " --max-iter 1 --quiet --out " + (scratch() / "goal-wp").string());
    CAPTURE(r.err);
    CHECK(r.code != 2);
    fs::remove_all(scratch() / "goal-wp");
  }
  // Two hard waypoints on one knot whose boxes meet are fine; a soft one never conflicts.
  for (const char* second : {"position = [5.05, 3.0]", "position = [50.0, 3.0]\nweight = 1.0"}) {
    std::string text = good;
    text.replace(text.find("[problem]"), 9,
                 std::string("[[waypoints]]\ntime = 6.0\nposition = [5.0, 3.0]\n[[waypoints]]\ntime = 6.0\n") + second +
                     "\n[problem]");
    const fs::path f = scratch() / "two-waypoints.toml";
    std::ofstream(f) << text;
    const Result r = lieride("optimize " + f.string() + " --max-iter 1 --quiet --out " + (scratch() / "two-wp").string());
    CAPTURE(second, r.err);
    CHECK(r.code != 2);  // loaded (solved or not within one iteration)
    fs::remove_all(scratch() / "two-wp");
  }
  // A boat's thrust bounds that miss its thrusters' range leave no admissible thrust.
  expectBadInput(problemText("boat-docking"),
                 {{"thrust_right = [-250.0, 500.0]", "thrust_right = [600.0, 700.0]",
                   "bounds.thrust_right': expected [lower, upper] meeting the thrusters' range [-250, 500] N"}},
                 "bad-thrust");
  // A goal steering angle beyond the car's max_steer: a contradiction said at load.
  expectBadInput(problemText("car-parallel-park"),
                 {{"speed = 0.0\ntolerance", "speed = 0.0\nsteer = 5.0\ntolerance", "goal.steer': expected a steering angle within"}},
                 "bad-steer");
  // Within the car's max_steer (0.6 rad) but beyond a tighter [bounds] steer: the bound is named.
  {
    std::string text = problemText("car-parallel-park");
    text.replace(text.find("speed = 0.0\ntolerance"), 21, "speed = 0.0\nsteer = 0.5\ntolerance");
    expectBadInput(text, {{"steer = 0.6", "steer = 0.3", "bounds.steer': expected a bound admitting"}}, "bad-steer-bound");
  }
  // A bound beyond the car's own max_steer (0.6 rad) read as allowing what the car cannot do.
  expectBadInput(problemText("car-parallel-park"),
                 {{"steer = 0.6", "steer = 0.7", "bounds.steer': expected a bound of at most the car's max_steer = 0.6 rad"}},
                 "bad-steer-max");
  const Result missing = lieride("optimize " + (scratch() / "none.toml").string());
  CHECK(missing.code == 2);
  const Result flag = lieride("optimize " + problemFile("car-tunnel") + " --knots 1");
  CHECK(flag.code == 2);
  CHECK(flag.err.find("--knots") != std::string::npos);
  // Decimal whole numbers only: 0x10 is not read as 16, and 40abc is not a number at all.
  for (const char* odd : {"--knots 0x10", "--knots 40abc", "--max-iter 0x7", "--knots 4e1"}) {
    const Result r = lieride("optimize " + problemFile("car-tunnel") + " --quiet --out " + (scratch() / "odd-n").string() + " " + odd);
    CAPTURE(odd, r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find("expected a whole number from ") != std::string::npos);
    CHECK_FALSE(fs::exists(scratch() / "odd-n"));
  }
  // Far more knots than a machine holds: refused, not a std::bad_alloc with exit 1.
  const Result many = lieride("optimize " + problemFile("car-tunnel") + " --knots 1000000");
  CHECK(many.code == 2);
  CHECK(many.err.find("--knots") != std::string::npos);
  const Result folder = lieride("optimize " + problemFile("car-tunnel") + " --guess " + scratch().string());
  CAPTURE(folder.err);
  CHECK(folder.code == 2);
  CHECK(folder.err.find("--guess: expected a controls CSV, got a directory") != std::string::npos);
}

TEST_CASE("lieride optimize: bad sleigh DMOC problem files exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string good = problemText("sleigh-u-turn-dmoc");
  const std::vector<BadCase> cases = {
      {"integrator = \"retraction-midpoint\"", "integrator = \"rk4\"", "problem.integrator"},
      {"heading = 3.141592653589793", "heading = 3.0\ntolerance = 0.1", "goal.tolerance"},  // the goal is exact
      {"heading = 3.141592653589793", "", "goal.heading"},
      {"[goal]", "[cost]\nu1 = 2.0\n[goal]", "cost.u1"},  // the cost is fixed: 1/2 int |u|^2
      {"[goal]", "[[obstacles]]\nshape = \"circle\"\ncenter = [1.0, 1.0]\nradius = 0.5\n[goal]", "[[obstacles]]"},
      {"knots = 200", "knots = 200\nfree_time = [10.0, 30.0]", "problem.free_time"},
  };
  expectBadInput(good, cases, "bad-sleigh");
  // The shooting (pmp) form has DMOC's limits on the horizon: 1e300 wrote a replay with
  // dt = 5e297 that reproduced nothing.
  expectBadInput(problemText("sleigh-u-turn"),
                 {{"horizon = 20.0", "horizon = 1e300", "problem.horizon': expected a final time T > 0 and at most 1e4 s"},
                  {"horizon = 20.0", "horizon = 1e-300", "problem.horizon': expected a step horizon"},
                  // A dense shooting matrix of (10 x 100000)^2: std::bad_alloc, exit 1, before.
                  {"segments = 20", "segments = 100000", "problem.segments': expected from 1 to 200"}},
                 "bad-pmp");
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

TEST_CASE("lieride optimize: bad canyon and snakeboard problem files exit 2 with one line naming the key",
          "[optimize][cli]") {
  expectBadInput(problemText("helicopter-canyon"),
                 {
                     {"shape = \"box\"", "shape = \"cylinder\"", "obstacles[0].shape"},
                     {"size = [18.2461, 2.0, 30.0]", "size = [18.2461, 2.0]", "obstacles[0].size"},
                     {"size = [18.2461, 2.0, 30.0]", "size = [18.2461, 0.0, 30.0]", "obstacles[0].size"},
                     {"guess_path = [[20.0, 0.0, 10.0],", "guess_path = [[20.0, 0.0],", "problem.guess_path"},
                     {"radius = 1.0", "radius = -1.0", "body.radius"},
                     {"radius = 1.0", "width = 1.0", "body.width"},
                     {"barrier = \"monotone\"", "barrier = \"fast\"", "problem.barrier"},
                     // The goal 10 m up (+- 0.05 m) outside the altitude bound, which holds at the
                     // last knot too: a contradiction, not an iteration limit on another row.
                     {"altitude = [2.0, 25.0]", "altitude = [10.1, 25.0]", "bounds.altitude"},
                     {"altitude = [2.0, 25.0]", "altitude = [2.0, 9.9]", "bounds.altitude"},
                     // A hard waypoint above the altitude bound (it came back as "solver failure").
                     {"[[obstacles]]", "[[waypoints]]\ntime = 10.0\nposition = [40.0, 0.0, 30.0]\n[[obstacles]]",
                      "waypoints[0].position': expected [x, y, z] (m) with z within [bounds] altitude = [2, 25] m"},
                 },
                 "bad-canyon");
  expectBadInput(problemText("helicopter-landing"),
                 {{"[cost]", "[cost]\nhazard = 1.0\n", "cost.hazard': expected no hazard weight without [[obstacles]]"}},
                 "bad-landing-hazard");
  expectBadInput(problemText("snakeboard-reorient"),
                 {
                     {"at_rest = true", "at_rest = 1", "goal.at_rest"},
                     {"rotor_torque = 1.0", "psi = 1.0", "cost.psi"},
                     {"steer = 1.0", "steer = -1.0", "bounds.steer"},
                     {"steer = 1.0   ", "steer = 2.0   ", "bounds.steer': expected a bound on |phi| below pi/2"},
                     {"integrator = \"lie-nh\"", "integrator = \"rk4\"", "problem.integrator"},
                     {"[cost]", "[[obstacles]]\nshape = \"circle\"\ncenter = [1.0, 1.0]\nradius = 0.5\n[cost]", "[[obstacles]]"},
                     {"horizon = 6.0", "horizon = 6.0\nguess_path = [[1.0, 0.0, 0.0]]", "problem.guess_path"},
                 },
                 "bad-snakeboard");
}

TEST_CASE("lieride optimize: bad coarse_knots and guess_via exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string key = "coarse_knots = [16]";
  expectBadInput(problemText("helicopter-landing"),
                 {
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0]", "problem.guess_via"},
                     // The problem's keys, not the replay scenario's ([integrator] name) or a
                     // neighbour's (coarse_knots, checked against the missing knots).
                     {"integrator = \"lie-cay-tln\"", "integrator = \"lie-foo\"", "problem.integrator"},
                     {"knots = 48", "knotz = 48", "problem.knotz"},
                     {"knots = 48", "", "problem.knots"},
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0, nan]", "problem.guess_via"},
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0, 5.0]\nguess_path = [[20.0, 0.0, 10.0]]",
                      "problem.guess_via"},
                     {key, "coarse_knots = [20]", "problem.coarse_knots"},      // does not divide knots = 48
                     {key, "coarse_knots = [16, 8]", "problem.coarse_knots"},   // coarsest first
                     {key, "coarse_knots = [12, 16]", "problem.coarse_knots"},  // 12 does not divide 16
                     {key, "coarse_knots = [1]", "problem.coarse_knots"},
                     {key, "coarse_knots = [48]", "problem.coarse_knots"},  // not coarser
                     {key, "coarse_knots = []", "problem.coarse_knots"},
                     {key, "coarse_knots = 16", "problem.coarse_knots"},
                     {key, "coarse_knots = [16.0]", "problem.coarse_knots"},
                 },
                 "bad-coarse");
  expectBadInput(problemText("car-tunnel"),
                 {{"knots = 64", "knots = 64\ncoarse_knots = [16]", "problem.coarse_knots"},
                  {"knots = 64", "knots = 64\nguess_via = [1.0, 0.0, 0.0]", "problem.guess_via"}},
                 "bad-coarse-car");
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
