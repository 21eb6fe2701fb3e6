#pragma once
// Running the built `lieride optimize` from the tests (the runner of the CLI tests,
// tests/cli/cli_test_util.hpp): problem files edited into bad ones; run CSVs compared cell by
// cell.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../cli/cli_test_util.hpp"

namespace cli_optimize_test {

namespace fs = std::filesystem;
using cli_test::lieride;
using cli_test::lineCount;
using cli_test::Result;
using cli_test::scratch;
using cli_test::slurp;

inline std::string problemFile(const std::string& name) {
  return std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/" + name + ".toml";
}

inline std::string problemText(const std::string& name) { return slurp(problemFile(name)); }

inline fs::path writeProblem(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return p;
}

// Columns x and y of a run CSV.
inline std::vector<std::pair<double, double>> positions(const fs::path& csv) {
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

inline void expectBadInput(const std::string& good, const std::vector<BadCase>& cases, const std::string& stem) {
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

inline std::vector<std::vector<std::string>> csvCells(const fs::path& csv) {
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
inline void expectSameRunCsv(const fs::path& optimised, const fs::path& simulated, const std::vector<std::string>& skip = {}) {
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

}  // namespace cli_optimize_test
