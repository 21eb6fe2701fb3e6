// A [controls] CSV file drives the helicopter exactly like the equivalent constant.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

TEST_CASE("controls from a CSV file are interpolated and applied", "[se3][controls]") {
  const auto dir = std::filesystem::temp_directory_path() / "lieride-controls-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "inputs.csv") << "t,collective,tail\n0,49.05,0\n10,49.05,0\n";
  const std::string body = "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 5.0]\n";
  Scenario fromFile = loadScenarioFromString(body + "[controls]\nfile = \"inputs.csv\"\n", "f.toml", dir.string());
  run(*fromFile.simulation, 3.0);
  CHECK(se3Sim(fromFile).state().g.x.z() == Approx(5.0).margin(1e-12));  // hover trim from the file

  std::ofstream(dir / "bad.csv") << "t,collective\n0,1\n0,2\n";
  CHECK_THROWS_AS(loadScenarioFromString(body + "[controls]\nfile = \"bad.csv\"\n", "f.toml", dir.string()), ScenarioError);
  std::ofstream(dir / "unknown.csv") << "t,throttle\n0,1\n";
  CHECK_THROWS_WITH(loadScenarioFromString(body + "[controls]\nfile = \"unknown.csv\"\n", "f.toml", dir.string()),
                    Catch::Contains("throttle"));
}
