// The parameter defaults the docs state are the code's: the table of docs/formats.md against
// the model parameter structs, and every documented default (that table and the boat's key
// block in docs/boat.md) written out explicitly gives the run of a scenario that omits it.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/model/car.hpp"
#include "lieride/model/helicopter.hpp"
#include "lieride/model/sleigh.hpp"
#include "lieride/model/snakeboard.hpp"
#include "lieride/sim/scenario.hpp"

using namespace lieride;

namespace {

std::string readDoc(const std::string& name) {
  std::ifstream in(std::string(LIERIDE_SOURCE_DIR) + "/docs/" + name);
  REQUIRE(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t") + 1);
  return s;
}

// Rows "| type | key | default |" of the defaults table in docs/formats.md: type -> key -> value.
std::map<std::string, std::map<std::string, std::string>> formatsDefaults() {
  std::istringstream doc(readDoc("formats.md"));
  std::string line;
  bool inTable = false;
  std::map<std::string, std::map<std::string, std::string>> out;
  while (std::getline(doc, line)) {
    if (line == "| type | key | default |") {
      inTable = true;
      continue;
    }
    if (!inTable || line.rfind("|---", 0) == 0) continue;
    if (line.empty() || line[0] != '|') break;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    std::string cell;
    while (std::getline(row, cell, '|')) cells.push_back(trim(cell));
    REQUIRE(cells.size() >= 3);
    out[cells[0]][cells[1]] = cells[2];
  }
  return out;
}

double number(const std::string& v) {
  const toml::table t = toml::parse("x = " + v);
  return t["x"].value<double>().value();
}
std::vector<double> numbers(const std::string& v) {
  const toml::table t = toml::parse("x = " + v);
  std::vector<double> out;
  for (const auto& e : *t["x"].as_array()) out.push_back(e.value<double>().value());
  return out;
}

// 50 steps of a scenario; the final pose and velocity as a vector.
std::vector<double> runOf(const std::string& toml) {
  Scenario sc = loadScenarioFromString(toml, "defaults.toml", ".");
  for (int k = 0; k < 50; ++k) sc.simulation->step();
  const Snapshot s = sc.simulation->snapshot();
  std::vector<double> out = {s.position.x(), s.position.y(), s.position.z(), s.orientation.w(), s.orientation.x(),
                             s.orientation.y(), s.orientation.z(), s.energy};
  for (int i = 0; i < 6; ++i) out.push_back(s.bodyVelocity(i));
  return out;
}

// A moving start for each type, so that every parameter acts within 50 steps.
std::string movingStart(const std::string& type) {
  if (type == "rigid-body" || type == "helicopter")
    return "[initial]\nposition = [0.0, 0.0, 3.0]\nangular_velocity = [0.3, -0.2, 0.5]\nlinear_velocity = [1.0, 0.5, 0.2]\n" +
           std::string(type == "helicopter" ? "[controls]\ncollective = 45.0\ntail = 0.5\ncyclic_pitch = 0.05\ncyclic_roll = -0.03\n" : "");
  if (type == "car")
    return "[initial]\nshape = [0.0, 0.1]\nshape_velocity = [10.0, 0.0]\n[controls]\nsteer_rate = 0.2\ndrive_torque = 300.0\n";
  if (type == "snakeboard")
    return "[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.2]\n[controls]\nrotor_torque = 1.0\nsteer_torque = 0.02\n";
  return "[initial]\nangular_velocity = 1.0\nlinear_velocity = [0.5, 0.0]\n";  // sleigh
}

void requireSameRun(const std::vector<double>& a, const std::vector<double>& b, double tol) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(std::abs(a[i] - b[i]) <= tol * (1.0 + std::abs(a[i])));
}

}  // namespace

TEST_CASE("docs/formats.md's defaults table equals the parameter structs", "[scenario][docs]") {
  const auto doc = formatsDefaults();
  REQUIRE(doc.size() == 5);
  const HelicopterParams h;
  const CarParams c;
  const SnakeboardParams s;
  const SleighParams l;
  const std::map<std::string, std::map<std::string, std::vector<double>>> code = {
      {"helicopter", {{"mass", {h.mass}}, {"inertia", {h.inertia.x(), h.inertia.y(), h.inertia.z()}},
                      {"hub_height", {h.hubHeight}}, {"tail_arm", {h.tailArm}}, {"linear_damping", {h.linearDamping}},
                      {"angular_damping", {h.angularDamping}}, {"contact_stiffness", {h.contactStiffness}},
                      {"contact_damping", {h.contactDamping}}, {"friction", {h.friction}},
                      {"friction_slip", {h.frictionSlip}}, {"contact_softening", {h.contactSoftening}},
                      {"skid_depth", {h.skidDepth}}, {"skid_length", {h.skidLength}}, {"skid_track", {h.skidTrack}}}},
      {"car", {{"mass", {c.mass}}, {"wheel_inertia", {c.wheelInertia}}, {"yaw_inertia", {c.yawInertia}},
               {"wheelbase", {c.wheelbase}}, {"wheel_radius", {c.wheelRadius}}, {"max_steer", {c.maxSteer}}}},
      {"snakeboard", {{"mass", {s.mass}}, {"half_wheelbase", {s.halfWheelbase}}, {"rotor_inertia", {s.rotorInertia}},
                      {"axle_inertia", {s.axleInertia}}}},
      {"sleigh", {{"mass", {l.mass}}, {"inertia", {l.inertia}}, {"com_offset", {l.comOffset}}}},
  };
  for (const auto& [type, keys] : code) {
    REQUIRE(doc.count(type));
    CHECK(doc.at(type).size() == keys.size());  // every parameter documented, nothing extra
    for (const auto& [key, value] : keys) {
      INFO(type << "." << key);
      REQUIRE(doc.at(type).count(key));
      const std::string v = doc.at(type).at(key);
      CHECK((value.size() == 1 ? std::vector<double>{number(v)} : numbers(v)) == value);
    }
  }
}

TEST_CASE("documented defaults written out give the run of the scenario without them", "[scenario][docs]") {
  for (const auto& [type, keys] : formatsDefaults()) {
    std::string explicitKeys;
    for (const auto& [key, value] : keys) explicitKeys += key + " = " + value + "\n";
    const std::string head = "[vehicle]\ntype = \"" + type + "\"\n";
    INFO(type);
    requireSameRun(runOf(head + movingStart(type)), runOf(head + explicitKeys + movingStart(type)), 0.0);
  }
  // docs/boat.md's key block: every line that states a value (the optional keys show a
  // placeholder or are commented out; the swell is an example, the default has no waves).
  std::istringstream doc(readDoc("boat.md"));
  std::string line, block;
  bool in = false, skipSection = false;
  while (std::getline(doc, line)) {
    if (line == "## Scenario keys") in = true;
    if (!in) continue;
    if (line == "```") break;
    const std::string code = trim(line.substr(0, line.find('#')));
    if (code.empty() || code == "```toml") continue;
    if (code[0] == '[') {
      skipSection = code.find("waves") != std::string::npos;
      if (!skipSection) block += code + "\n";
      continue;
    }
    if (skipSection) continue;
    try {
      (void)toml::parse(code);  // a placeholder such as [J1, J2, J3] is not a value
      block += code + "\n";
    } catch (const toml::parse_error&) {
    }
  }
  CHECK(block.find("mass = 800.0") != std::string::npos);
  CHECK(block.find("max_thrust = 500.0") != std::string::npos);
  const std::string start = "[controls]\nthrust_right = 200.0\nthrust_left = 120.0\n";
  const std::string bare = "[vehicle]\ntype = \"boat\"\n[vehicle.wind]\nspeed = 3.0\n[initial]\nangular_velocity = [0.1, 0.2, 0.1]\n";
  // The block sets wind speed 0: compare with the default wind and the same start.
  std::string documented = block;
  documented.replace(documented.find("speed = 0.0"), 11, "speed = 3.0");
  documented.replace(documented.find("[initial]\n"), 10, "[initial]\nangular_velocity = [0.1, 0.2, 0.1]\n");
  // The centre of mass given as [0, 0, 0] against the box's computed centroid: equal to round-off.
  requireSameRun(runOf(bare + start), runOf(documented + start), 1e-12);
}

TEST_CASE("documented [integrator] and [output] defaults written out give the same scenario and run", "[scenario][docs]") {
  // docs/formats.md section 2, below the defaults table: name (the vehicle's default), dt,
  // duration, tolerance, max_iterations, diverge_speed and [output] every.
  const std::string doc = readDoc("formats.md");
  const std::string sentence = "`dt = 0.01`, `duration = 10.0`,\n`tolerance = 1e-12`, `max_iterations = 50`, `diverge_speed = 1.0e4`; `[output] every = 1`";
  REQUIRE(doc.find(sentence) != std::string::npos);
  const std::string head = "[vehicle]\ntype = \"helicopter\"\n" + movingStart("helicopter");
  const std::string written = head +
                              "[integrator]\nname = \"lie-cay-tln\"\ndt = 0.01\nduration = 10.0\ntolerance = 1e-12\n"
                              "max_iterations = 50\ndiverge_speed = 1.0e4\n[output]\nevery = 1\n";
  const Scenario bare = loadScenarioFromString(head, "bare.toml", ".");
  const Scenario full = loadScenarioFromString(written, "full.toml", ".");
  CHECK(bare.simulation->integratorName() == "lie-cay-tln");
  CHECK(bare.settings.dt == full.settings.dt);
  CHECK(bare.settings.duration == full.settings.duration);
  CHECK(bare.settings.tolerance == full.settings.tolerance);
  CHECK(bare.settings.maxIterations == full.settings.maxIterations);
  CHECK(bare.settings.divergeSpeed == full.settings.divergeSpeed);
  CHECK(bare.outputEvery == full.outputEvery);
  requireSameRun(runOf(head), runOf(written), 0.0);
}
