// Bad scenarios give one clear ScenarioError naming the file, the key and what was expected.
#include <catch2/catch.hpp>
#include <string>

#include "lieride/sim/scenario.hpp"

using namespace lieride;

namespace {

std::string errorOf(const std::string& toml, const ScenarioOverrides& o = {}) {
  try {
    loadScenarioFromString(toml, "bad.toml", ".", o);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

bool mentions(const std::string& msg, const std::string& a, const std::string& b) {
  return msg.find("bad.toml") != std::string::npos && msg.find(a) != std::string::npos &&
         msg.find(b) != std::string::npos && msg.find('\n') == std::string::npos;
}

}  // namespace

TEST_CASE("scenario errors name the file, the key and the expectation", "[scenario]") {
  const std::string body = "[vehicle]\ntype = \"rigid-body\"\n";
  CHECK(mentions(errorOf(body + "masss = 2.0\n"), "vehicle.masss", "unknown key"));
  CHECK(mentions(errorOf(body + "mass = \"heavy\"\n"), "vehicle.mass", "expected a number"));
  CHECK(mentions(errorOf(body + "mass = -1.0\n"), "vehicle.mass", "positive"));
  CHECK(mentions(errorOf(body + "inertia = [1.0, 2.0]\n"), "vehicle.inertia", "array of 3"));
  CHECK(mentions(errorOf(body + "[integrator]\ndt = 0.0\n"), "integrator.dt", "> 0"));
  CHECK(mentions(errorOf(body + "[integrator]\ndt = -0.1\n"), "integrator.dt", "> 0"));
  CHECK(mentions(errorOf(body + "[integrator]\ndt = nan\n"), "integrator.dt", "finite"));
  CHECK(mentions(errorOf(body + "[integrator]\ndt = inf\n"), "integrator.dt", "finite"));
  CHECK(mentions(errorOf(body + "[integrator]\nname = \"lie-nh\"\n"), "integrator.name", "does not apply"));
  CHECK(mentions(errorOf(body + "[integrator]\nname = \"warp-drive\"\n"), "integrator.name", "expected one of"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"spaceship\"\n"), "vehicle.type", "expected one of"));
  CHECK(mentions(errorOf(body + "[initial]\norientation = [2.0, 0.0, 0.0, 0.0]\n"), "initial.orientation", "unit quaternion"));
  CHECK(mentions(errorOf("[vehicle\ntype = 1"), "malformed TOML", ":1:"));
  CHECK(mentions(errorOf(body + "[controls]\ncollective = 1.0\n"), "controls.collective", "no input channels"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\nthrottle = 1.0\n"), "controls.throttle", "collective"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\ncollective = { amplitude = 1.0, frequncy = 2.0 }\n"),
                 "controls.collective.frequncy", "unknown key"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\nfile = \"missing.csv\"\n"), "missing.csv", "no such file"));
  ScenarioOverrides o;
  o.dt = 0.0;
  CHECK(mentions(errorOf(body, o), "--dt", "> 0"));
  CHECK_THROWS_AS(loadScenario("/no/such/file.toml"), ScenarioError);
}

TEST_CASE("every model parameter and channel is a scenario key", "[scenario]") {
  CHECK_NOTHROW(loadScenarioFromString(R"(
name = "all keys"
[vehicle]
type = "helicopter"
mass = 4.0
inertia = [0.1, 0.2, 0.3]
hub_height = 0.3
tail_arm = 1.0
linear_damping = 0.5
angular_damping = 0.1
[initial]
position = [0.0, 0.0, 1.0]
orientation = [1.0, 0.0, 0.0, 0.0]
angular_velocity = [0.0, 0.0, 0.0]
linear_velocity = [0.0, 0.0, 0.0]
[integrator]
name = "rk4"
dt = 0.01
duration = 1.0
diverge_speed = 100.0
tolerance = 1e-12
max_iterations = 20
[controls]
collective = 40.0
tail = { amplitude = 0.1, frequency = 1.0, phase = 0.0, offset = 0.0 }
cyclic_pitch = 0.0
cyclic_roll = 0.0
[output]
every = 2
)", "ok.toml", "."));
}
