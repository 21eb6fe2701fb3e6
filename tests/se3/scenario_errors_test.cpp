// Bad scenarios give one clear ScenarioError naming the file, the key and what was expected.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

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
  CHECK(mentions(errorOf(body + "[integrator]\nname = \"warp-drive\"\n"), "integrator.name", "unknown integrator 'warp-drive'; expected one of"));
  {  // an integrator from the command line is blamed on the flag, not on the file's key
    ScenarioOverrides o;
    o.integrator = "lie-nh";
    const std::string msg = errorOf(body, o);
    CHECK(mentions(msg, "--integrator", "does not apply"));
    CHECK(msg.find("integrator.name") == std::string::npos);
  }
  CHECK(mentions(errorOf("[vehicle]\ntype = \"spaceship\"\n"), "vehicle.type", "expected one of"));
  CHECK(mentions(errorOf(body + "[initial]\norientation = [2.0, 0.0, 0.0, 0.0]\n"), "initial.orientation", "unit quaternion"));
  CHECK(mentions(errorOf("[vehicle\ntype = 1"), "malformed TOML", ":1:"));
  CHECK(mentions(errorOf(body + "[controls]\ncollective = 1.0\n"), "controls.collective", "no input channels"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\nthrottle = 1.0\n"), "controls.throttle", "collective"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\ncollective = { amplitude = 1.0, frequncy = 2.0 }\n"),
                 "controls.collective.frequncy", "unknown key"));
  // A sinusoid table that would run as a constant 0: empty, or an amplitude without a frequency.
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\ncollective = {}\n"), "controls.collective",
                 "an amplitude (and frequency, Hz) or an offset"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\ncollective = { amplitude = 3.0 }\n"),
                 "controls.collective", "its frequency (Hz) too"));
  CHECK(mentions(errorOf("[vehicle]\ntype = \"helicopter\"\n[controls]\nfile = \"missing.csv\"\n"), "missing.csv", "cannot open"));
  ScenarioOverrides o;
  o.dt = 0.0;
  CHECK(mentions(errorOf(body, o), "--dt", "> 0"));
  CHECK_THROWS_AS(loadScenario("/no/such/file.toml"), ScenarioError);
}

namespace {

// The observable outcome of a scenario: its settings and 40 steps of its run.
std::vector<double> outcome(const std::string& toml) {
  Scenario sc = loadScenarioFromString(toml, "keys.toml", ".");
  std::vector<double> out = {sc.settings.dt, sc.settings.duration, sc.settings.divergeSpeed,
                             static_cast<double>(sc.outputEvery), static_cast<double>(sc.name.size())};
  double iterations = 0.0;
  for (int k = 0; k < 40; ++k) iterations += sc.simulation->step().iterations;
  const Snapshot s = sc.simulation->snapshot();
  out.push_back(iterations);
  out.push_back(s.status == RunStatus::Ok ? 0.0 : 1.0);
  out.push_back(static_cast<double>(std::hash<std::string>{}(s.integrator) % 1000003));
  for (double v : {s.position.x(), s.position.y(), s.position.z(), s.orientation.w(), s.orientation.x(),
                   s.orientation.y(), s.orientation.z(), s.bodyVelocity(0), s.bodyVelocity(5)})
    out.push_back(v);
  return out;
}

}  // namespace

TEST_CASE("a problem file given as a scenario says to optimize it", "[scenario]") {
  const std::string problem = "[vehicle]\ntype = \"car\"\n[problem]\nmethod = \"dmoc\"\n[body]\nlength = 4.5\n";
  const std::string msg = errorOf(problem);
  CHECK(mentions(msg, "[problem]", "lieride optimize bad.toml"));
  CHECK(msg.find("unknown key") == std::string::npos);
}

TEST_CASE("every model parameter and channel is a scenario key that changes the run", "[scenario]") {
  // A moving helicopter under a Newton-solved integrator: every key below has an effect.
  const std::string base[] = {
      "",  // top level: name (default: the file's stem)
      "[vehicle]\ntype = \"helicopter\"\n",
      "[initial]\nposition = [0.0, 0.0, 1.0]\nangular_velocity = [0.1, 0.2, 0.3]\nlinear_velocity = [1.0, 0.5, 0.2]\n",
      "[integrator]\nname = \"lie-cay\"\n",  // a Newton solve (lie-cay-tln's is closed-form here)
      "[controls]\ncollective = 49.05\ntail = 0.2\ncyclic_pitch = 0.02\ncyclic_roll = 0.01\n",
      "[output]\n"};
  auto with = [&](int table, const std::string& line) {
    std::string t;
    for (int i = 0; i < 6; ++i) t += base[i] + (i == table ? line + "\n" : "");
    return t;
  };
  const auto reference = outcome(with(-1, ""));
  const std::vector<std::pair<int, std::string>> keys = {
      {0, "name = \"all keys\""},
      {1, "mass = 4.0"},
      {1, "inertia = [0.1, 0.2, 0.3]"},
      {1, "hub_height = 0.3"},
      {1, "tail_arm = 1.0"},
      {1, "linear_damping = 0.5"},
      {1, "angular_damping = 0.1"},
      {2, "orientation = [0.9950041652780258, 0.09983341664682815, 0.0, 0.0]"},
      {3, "dt = 0.02"},
      {3, "duration = 1.0"},
      {3, "diverge_speed = 5.0"},        // a start speed above it is refused at load (tests/cli)
      {3, "tolerance = 1e-4"},           // fewer Newton iterations
      {3, "max_iterations = 1\ntolerance = 1e-15"},  // cannot converge: the run stops
      {5, "every = 2"},
  };
  for (const auto& [table, line] : keys) {
    INFO(line);
    std::vector<double> changed;
    REQUIRE_NOTHROW(changed = outcome(with(table, line)));
    CHECK(changed != reference);
  }
  // Keys already in the base: a change of value changes the run.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"position = [0.0, 0.0, 1.0]", "position = [0.0, 0.5, 1.0]"},
           {"angular_velocity = [0.1, 0.2, 0.3]", "angular_velocity = [0.1, 0.2, 0.0]"},
           {"linear_velocity = [1.0, 0.5, 0.2]", "linear_velocity = [1.0, 0.5, 0.0]"},
           {"name = \"lie-cay\"", "name = \"rk4\""},
           {"collective = 49.05", "collective = 40.0"},
           {"tail = 0.2", "tail = { amplitude = 0.1, frequency = 1.0, phase = 0.3, offset = 0.2 }"},
           {"cyclic_pitch = 0.02", "cyclic_pitch = 0.05"},
           {"cyclic_roll = 0.01", "cyclic_roll = 0.05"}}) {
    std::string t = with(-1, "");
    t.replace(t.find(from), from.size(), to);
    INFO(to);
    CHECK(outcome(t) != reference);
  }
}
