// Vehicle kinds are told apart by the registry and by the models' own virtual functions, never
// by comparing type strings: no source file of the engine, the app, the CLI or the benchmarks
// compares anything with a registered vehicle type name, and the desktop app names a kind only
// on its views' registration lines (app/gui/views/*_view.cpp). And every Simulation keeps the last
// good state when a step diverges (lieride/sim/simulation.hpp).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "lieride/sim/registry.hpp"
#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"

using namespace lieride;

TEST_CASE("no type-string comparisons outside the registry", "[kinds]") {
  namespace fs = std::filesystem;
  REQUIRE_FALSE(vehicleRegistry().empty());  // the registrations were linked
  std::string names;
  for (const auto& v : vehicleRegistry()) {
    if (!names.empty()) names.push_back('|');
    for (char ch : v.type) {
      if (ch == '-') names.push_back('\\');
      names.push_back(ch);
    }
  }
  const std::regex compare("([!=]=\\s*\"(" + names + ")\")|(\"(" + names + ")\"\\s*[!=]=)");
  // The exceptions: the optimal-control problem loaders validate their own [vehicle] type key,
  // and the DMOC session picks the transcription of that kind (a transcription per vehicle
  // kind is not yet part of the vehicle descriptor).
  const std::vector<std::string> allowedFiles = {"engine/src/ocp/problem_file.cpp", "engine/src/optimize/problem_file.cpp",
                                                 "engine/src/optimize/dmoc_session.cpp"};
  auto allowed = [&](const std::string& path) {
    for (const std::string& a : allowedFiles)
      if (path.size() >= a.size() && path.compare(path.size() - a.size(), a.size(), a) == 0) return true;
    return false;
  };
  int files = 0;
  for (const char* dir : {"engine", "app", "bench"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(LIERIDE_SOURCE_DIR) / dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      if (allowed(e.path().string())) continue;
      ++files;
      std::ifstream in(e.path());
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        INFO(e.path().string() << ":" << n << ": " << line);
        CHECK_FALSE(std::regex_search(line, compare));
      }
    }
  }
  CHECK(files > 20);
}

TEST_CASE("the app names vehicle kinds only in its views' registration lines", "[kinds]") {
  namespace fs = std::filesystem;
  REQUIRE_FALSE(vehicleRegistry().empty());  // the registrations were linked
  std::string names;
  for (const auto& v : vehicleRegistry()) {
    if (!names.empty()) names.push_back('|');
    for (char ch : v.type) {
      if (ch == '-') names.push_back('\\');
      names.push_back(ch);
    }
  }
  // Any string literal that is a kind's name: a comparison, a ternary, a table, a default. The
  // scenario text of the app's built-in scenes (`type = "helicopter"`) is data, not a test. A
  // view names its kinds on its one registration line (views/vehicle_view.hpp):
  //   const ViewRegistration kCarView{{"car"}, makeCarView};
  const std::regex literal("\"(" + names + ")\"");
  const std::regex scenarioKey("^\\s*type\\s*=\\s*\"");
  const std::regex registration("^const ViewRegistration k\\w+\\{\\{(\"[a-z-]+\"(, )?)+\\}, \\w+\\};$");
  int files = 0, registeredNames = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(LIERIDE_SOURCE_DIR) / "app")) {
    const auto ext = e.path().extension();
    if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    ++files;
    std::ifstream in(e.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      INFO(e.path().string() << ":" << n << ": " << line);
      if (std::regex_match(line, registration)) {
        for (auto it = std::sregex_iterator(line.begin(), line.end(), literal); it != std::sregex_iterator(); ++it)
          ++registeredNames;
        continue;
      }
      CHECK_FALSE((std::regex_search(line, literal) && !std::regex_search(line, scenarioKey)));
    }
  }
  CHECK(files > 30);
  // As many kind names on registration lines as the engine has kinds (which view registers
  // which kind, and that each has exactly one, is checked against the linked registry in
  // tests/app/test_views.cpp).
  CHECK(registeredNames == static_cast<int>(vehicleRegistry().size()));
}

TEST_CASE("the registry lists each kind once in listing order", "[kinds]") {
  // The order of `lieride list` and of the scenario's "expected one of" message: the
  // registrations' listing order keys, not static initialisation order (lieride/sim/registry.hpp).
  // The shipped kinds keep their order; a new kind may come anywhere.
  std::vector<std::string> types;
  for (const auto& v : vehicleRegistry()) types.push_back(v.type);
  const std::vector<std::string> shipped = {"rigid-body", "helicopter", "car", "snakeboard", "sleigh",
                                            "np-particle", "boat", "reduced", "sleigh-controlled"};
  std::vector<std::string> listed;
  for (const auto& t : types)
    if (std::find(shipped.begin(), shipped.end(), t) != shipped.end()) listed.push_back(t);
  CHECK(listed == shipped);
  for (const auto& t : types) {
    CHECK(std::count(types.begin(), types.end(), t) == 1);
    CHECK(findVehicle(t)->type == t);
  }
}

TEST_CASE("a diverging step leaves every simulation at its last good state", "[kinds]") {
  const char* const scenarios[] = {
      "[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = [1.0, 2.0, 3.0]\n[integrator]\nname = \"rk4\"\ndt = 1.0\n",
      "[vehicle]\ntype = \"sleigh\"\n[initial]\nangular_velocity = 30.0\nlinear_velocity = [1.0, 0.0]\n"
      "[integrator]\nname = \"euler\"\ndt = 0.5\ndiverge_speed = 100.0\n",
  };
  for (const char* text : scenarios) {
    INFO(text);
    Scenario sc = loadScenarioFromString(text, "div.toml", ".");
    Simulation& sim = *sc.simulation;
    Snapshot before;
    std::vector<double> lastOk;
    int steps = 0;
    while (sim.status() == RunStatus::Ok && steps < 100000) {
      before = sim.snapshot();
      lastOk.clear();
      runCsvRow(sim, lastOk);
      sim.step();
      ++steps;
    }
    REQUIRE(sim.status() == RunStatus::Diverged);
    // The simulation (time, pose, velocity) stays at the last good step.
    const Snapshot after = sim.snapshot();
    CHECK(after.t == before.t);
    CHECK(sim.time() == before.t);
    CHECK((after.position - before.position).norm() == 0.0);
    CHECK(after.orientation.coeffs() == before.orientation.coeffs());
    CHECK((after.bodyVelocity - before.bodyVelocity).norm() == 0.0);
    // The run CSV's diverged row is the step that failed: one step later than the last good row.
    std::vector<double> row;
    runCsvRow(sim, row);
    CHECK(row[0] == Approx(before.t + sim.timeStep()));
    CHECK(sim.snapshot().t == sim.time());
  }
}

TEST_CASE("a loaded scenario is started: the first snapshot shows the prescribed shape", "[kinds]") {
  Scenario sc = loadScenarioFromString(
      "[vehicle]\ntype = \"snakeboard\"\n[controls]\npsi = { amplitude = 1.0, frequency = 0.5 }\n"
      "phi = { amplitude = 0.4, frequency = 0.5, phase = 1.5707963267948966 }\n",
      "gait.toml", ".");
  const Simulation& sim = *sc.simulation;  // const: nothing may start lazily behind it
  const Snapshot s = sim.snapshot();
  REQUIRE(s.shape.size() == 2);
  CHECK(s.shape[1] == Approx(0.4).epsilon(1e-15));
  std::vector<double> row;
  runCsvRow(sim, row);
  CHECK(row[8] == Approx(0.4).epsilon(1e-15));  // t, x, y, theta, omega, vx, vy, psi, phi
}
