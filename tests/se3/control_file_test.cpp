// A [controls] CSV file drives the helicopter exactly like the equivalent constant.
#include <catch2/catch.hpp>
#include <filesystem>
#include <cmath>
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

  // Linear interpolation between unequal samples, held beyond the ends.
  std::ofstream(dir / "ramp.csv") << "t,collective,tail\n0,40,-1\n2,60,1\n5,45,0.5\n";
  Scenario ramp = loadScenarioFromString(body + "[controls]\nfile = \"ramp.csv\"\n", "f.toml", dir.string());
  const ControlSet& c = ramp.simulation->controls();
  const int collective = c.find("collective"), tail = c.find("tail");
  REQUIRE(collective >= 0);
  REQUIRE(tail >= 0);
  const auto uc = static_cast<std::size_t>(collective), ut = static_cast<std::size_t>(tail);
  CHECK(c.value(uc, 0.5) == Approx(45.0).epsilon(1e-15));
  CHECK(c.value(uc, 1.0) == Approx(50.0).epsilon(1e-15));
  CHECK(c.value(ut, 1.5) == Approx(0.5).epsilon(1e-15));
  CHECK(c.value(uc, 3.5) == Approx(52.5).epsilon(1e-15));
  CHECK(c.value(ut, 4.0) == Approx(2.0 / 3.0).epsilon(1e-15));
  CHECK(c.value(uc, -1.0) == 40.0);
  CHECK(c.value(uc, 9.0) == 45.0);
  // The ramp given at 1 s spacing (the same piecewise-linear signal) gives the same run.
  std::ofstream(dir / "ramp-fine.csv") << "t,collective,tail\n0,40,-1\n1,50,0\n2,60,1\n3,55,0.8333333333333334\n"
                                       << "4,50,0.6666666666666667\n5,45,0.5\n";
  Scenario fine = loadScenarioFromString(body + "[controls]\nfile = \"ramp-fine.csv\"\n", "f.toml", dir.string());
  run(*ramp.simulation, 6.0);
  run(*fine.simulation, 6.0);
  const SE3& a = se3Sim(ramp).state().g;
  const SE3& b = se3Sim(fine).state().g;
  CHECK((a.x - b.x).norm() < 1e-9);
  CHECK(std::abs(a.x.z() - 5.0) > 1.0);  // the ramp moved it: not the hover trim

  std::ofstream(dir / "bad.csv") << "t,collective\n0,1\n0,2\n";
  CHECK_THROWS_AS(loadScenarioFromString(body + "[controls]\nfile = \"bad.csv\"\n", "f.toml", dir.string()), ScenarioError);
  std::ofstream(dir / "unknown.csv") << "t,throttle\n0,1\n";
  CHECK_THROWS_WITH(loadScenarioFromString(body + "[controls]\nfile = \"unknown.csv\"\n", "f.toml", dir.string()),
                    Catch::Contains("throttle"));
}
