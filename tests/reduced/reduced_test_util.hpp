#pragma once
// Loading description vehicles in the tests of tests/reduced.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::reduced_test {

inline const std::string kVehicles = std::string(LIERIDE_SOURCE_DIR) + "/assets/vehicles/";

inline std::unique_ptr<PlanarSimulation> load(const std::string& toml, const std::string& baseDir = ".",
                                       const std::string& integrator = "") {
  ScenarioOverrides o;
  if (!integrator.empty()) o.integrator = integrator;
  Scenario sc = loadScenarioFromString(toml, "test.toml", baseDir, o);
  auto* p = dynamic_cast<PlanarSimulation*>(sc.simulation.get());
  REQUIRE(p);
  sc.simulation.release();
  return std::unique_ptr<PlanarSimulation>(p);
}

inline std::string slurpFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The same scenario body for the hand-written vehicle and its description.
inline std::string hand(const std::string& type, const std::string& body) { return "[vehicle]\ntype = \"" + type + "\"\n" + body; }
inline std::string described(const std::string& name, const std::string& body) {
  return "[vehicle]\ntype = \"reduced\"\ndescription = \"" + kVehicles + name + ".toml\"\n" + body;
}

}  // namespace lieride::reduced_test
