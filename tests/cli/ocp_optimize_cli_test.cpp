// `lieride optimize` on the sleigh's PMP problem (docs/formats.md section 4): the written
// solution replays through `lieride sim`, an unsolved problem exits 4 with its best iterate, bad
// problem files exit 2 with one line. The solver itself: tests/ocp/test_ocp_bvp.cpp.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>

#include "cli_test_util.hpp"

using namespace cli_test;

namespace {

// Columns of a run CSV by header name (the status column skipped).
std::map<std::string, std::vector<double>> readColumns(const fs::path& p) {
  const Csv csv = parseCsv(slurp(p));
  std::map<std::string, std::vector<double>> cols;
  for (const auto& row : csv.rows)
    for (std::size_t i = 0; i < row.size() && i < csv.header.size(); ++i)
      if (row[i] != "ok" && row[i] != "diverged") cols[csv.header[i]].push_back(std::stod(row[i]));
  return cols;
}

const std::string kProblem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-parallel-shift.toml";

}  // namespace

TEST_CASE("lieride optimize writes the solution, lieride sim replays it", "[ocp][cli]") {
  const fs::path dir = scratch() / "shift";
  const Result r = lieride("optimize " + kProblem + " --out " + dir.string());
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("iter   1") != std::string::npos);
  for (const char* f : {"trajectory.csv", "controls.csv", "replay.toml", "report.md"}) CHECK(fs::exists(dir / f));
  const Result sim = lieride("sim " + (dir / "replay.toml").string() + " --out " + (dir / "replay.csv").string());
  INFO(sim.err);
  REQUIRE(sim.code == 0);
  auto a = readColumns(dir / "trajectory.csv"), b = readColumns(dir / "replay.csv");
  REQUIRE(a["t"].size() == b["t"].size());
  double worst = 0.0;
  for (const char* c : {"x", "y", "theta", "omega", "vx"})
    for (std::size_t k = 0; k < a[c].size(); ++k) worst = std::max(worst, std::abs(a[c][k] - b[c][k]));
  CHECK(worst < 1e-9);
  CHECK(std::abs(b["x"].back() - 4.0) < 1e-9);
  CHECK(std::abs(b["y"].back() - 1.0) < 1e-9);
  const Result quiet = lieride("optimize " + kProblem + " --quiet --out " + (scratch() / "q").string());
  CHECK(quiet.code == 0);
  CHECK(quiet.out.empty());
}

TEST_CASE("lieride optimize: not solved exits 4 and still writes the best iterate", "[ocp][cli]") {
  const fs::path dir = scratch() / "unsolved";
  const Result r = lieride("optimize " + kProblem + " --max-iter 1 --quiet --out " + dir.string());
  CHECK(r.code == 4);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find("not solved") != std::string::npos);
  CHECK(fs::exists(dir / "trajectory.csv"));
}

TEST_CASE("lieride optimize rejects bad problem files with exit 2 and one line", "[ocp][cli]") {
  const std::string base = slurp(kProblem);
  struct Bad {
    std::string from, to, key;
  };
  const std::vector<Bad> cases = {
      {"method = \"pmp\"", "method = \"shooting\"", "problem.method"},
      {"horizon = 20.0", "horizon = -1.0", "problem.horizon"},
      {"segments = 20", "segments = 0", "problem.segments"},
      {"type = \"sleigh-controlled\"", "type = \"sleigh\"", "vehicle.type"},
      {"heading = 3.0", "", "goal.heading"},
      {"position = [4.0, 1.0]", "position = [4.0]", "goal.position"},
      {"max_iterations = 50", "max_iterations = 50\nsteps = 3", "problem.steps"},
      {"linear_velocity = [0.0, 0.0]", "linear_velocity = [0.0, 0.5]", "initial.linear_velocity"},
  };
  std::string withHeading = base;
  withHeading.replace(withHeading.rfind("heading = 0.0"), 13, "heading = 3.0");
  for (const auto& c : cases) {
    std::string text = c.from == "heading = 3.0" ? withHeading : base;
    const auto at = text.find(c.from);
    REQUIRE(at != std::string::npos);
    text.replace(at, c.from.size(), c.to);
    const fs::path file = scratch() / "bad.toml", out = scratch() / "bad-out";
    std::ofstream(file) << text;
    fs::remove_all(out);
    const Result r = lieride("optimize " + file.string() + " --out " + out.string());
    INFO(c.key << ": " << r.err);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(file.string()) != std::string::npos);
    CHECK(r.err.find(c.key) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
  CHECK(lieride("optimize " + (scratch() / "missing.toml").string()).code == 2);
  CHECK(lieride("optimize " + kProblem + " --max-iter zero").code == 2);
  // A scenario given as a problem: one line saying so and pointing at lieride sim.
  const std::string scene = std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/sleigh.toml";
  const fs::path out = scratch() / "scene-out";
  fs::remove_all(out);
  const Result r = lieride("optimize " + scene + " --out " + out.string());
  INFO(r.err);
  CHECK(r.code == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find("this is a scenario") != std::string::npos);
  CHECK(r.err.find("lieride sim") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
}
