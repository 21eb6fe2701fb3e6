// A take written by TakeRecorder (docs/formats.md section 6, "Takes"), read back as text the
// way an outside checker would: it opens at step 0 with a reset and then the h and integrator
// in use; every event's t is the take clock, the sum of the h of the steps taken before it
// (also after a reset, which restarts the scene with its own h); the inputs CSV has one row per
// step, row k the constants set before step k + 1; and playing the take back reaches the live
// run's clock.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <sstream>
#include <string>
#include <vector>

#include "lieride/sim/scenario.hpp"
#include "lieride/sim/state_hash.hpp"
#include "lieride/sim/take.hpp"
#include "lieride/sim/take_recorder.hpp"

using namespace lieride;

namespace {

const char* kScene =
    "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 10.0]\n"
    "[integrator]\nname = \"lie-cay-tln\"\ndt = 0.01\n[controls]\ncollective = 49.05\n";

struct WrittenEvent {
  long step = -1;
  double t = -1.0;
  std::string change;  // "dt = ...", "integrator = ...", "reset = true"
};

// The [[events]] tables of the take's text: step, t and the one change line.
std::vector<WrittenEvent> eventsOf(const std::string& toml) {
  std::vector<WrittenEvent> out;
  std::istringstream in(toml);
  std::string line;
  bool inEvent = false;
  while (std::getline(in, line)) {
    if (line == "[[events]]") {
      out.emplace_back();
      inEvent = true;
    } else if (!line.empty() && line[0] == '[') {
      inEvent = false;
    } else if (inEvent && line.rfind("step = ", 0) == 0) {
      out.back().step = std::stol(line.substr(7));
    } else if (inEvent && line.rfind("t = ", 0) == 0) {
      out.back().t = std::stod(line.substr(4));
    } else if (inEvent && !line.empty()) {
      out.back().change = line;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a recorded take's fields: opening events, t the take clock across a reset, one input row per step",
          "[sim][take]") {
  Scenario sc = loadScenarioFromString(kScene, "recorded.toml", ".");
  const auto initial = sc.simulation->clone();
  auto sim = initial->clone();
  const std::size_t collective = static_cast<std::size_t>(sim->controls().find("collective"));
  const long steps = 60;
  TakeRecorder rec({"collective"}, {collective}, steps);
  rec.start(sim->timeStep(), sim->integratorName());

  // The physics thread's calls: h halved at step 10, a reset (the scene's own h = 0.01 again)
  // at step 30, h = 0.002 at step 45; the pilot's collective changes every step.
  std::vector<double> clockAt(steps + 1, 0.0);  // the sum of the h of the first k steps
  std::vector<double> pilot(steps);
  for (long k = 0; k < steps; ++k) {
    if (k == 10) {
      sim->setTimeStep(0.005);
      rec.timeStep(0.005);
    }
    if (k == 30) {
      sim = initial->clone();
      rec.reset(sim->timeStep());
    }
    if (k == 45) {
      sim->setTimeStep(0.002);
      rec.timeStep(0.002);
    }
    pilot[static_cast<std::size_t>(k)] = 49.05 + 0.1 * static_cast<double>(k);
    sim->controls().setConstant(collective, pilot[static_cast<std::size_t>(k)]);
    REQUIRE(rec.beforeStep(sim->controls(), sim->time()));
    clockAt[static_cast<std::size_t>(k + 1)] = clockAt[static_cast<std::size_t>(k)] + sim->timeStep();
    sim->step();
  }
  std::ostringstream toml, csv;
  rec.write(kScene, "recorded-inputs.csv", toml, csv);
  INFO(toml.str());

  // [take] steps and inputs.
  CHECK(toml.str().find("\n[take]\nsteps = 60\n") != std::string::npos);
  CHECK(toml.str().find("\ninputs = \"recorded-inputs.csv\"\n") != std::string::npos);

  const auto events = eventsOf(toml.str());
  REQUIRE(events.size() == 6);
  // Opening: reset, then the h and the integrator in use, all at step 0, t = 0.
  CHECK(events[0].change == "reset = true");
  CHECK(events[1].change.rfind("dt = 0.01", 0) == 0);
  CHECK(events[2].change == "integrator = \"lie-cay-tln\"");
  for (int i = 0; i < 3; ++i) {
    CHECK(events[static_cast<std::size_t>(i)].step == 0);
    CHECK(events[static_cast<std::size_t>(i)].t == 0.0);
  }
  const long expectedSteps[] = {10, 30, 45};
  for (int i = 3; i < 6; ++i) {
    const WrittenEvent& e = events[static_cast<std::size_t>(i)];
    INFO("event " << i << ": " << e.change << " at step " << e.step);
    CHECK(e.step == expectedSteps[i - 3]);
    // 10 x 0.01 + 20 x 0.005 = 0.2 at the reset; then 15 steps at the scene's 0.01: 0.35 (the
    // recorder used to go on with the 0.005 in use before the reset: 0.275).
    CHECK(e.t == Approx(clockAt[static_cast<std::size_t>(e.step)]).margin(1e-12));
  }
  CHECK(events[5].t == Approx(0.35).margin(1e-12));

  // Inputs CSV: header step,collective and row k = (k, the constant set before step k + 1).
  std::istringstream rows(csv.str());
  std::string line;
  std::getline(rows, line);
  CHECK(line == "step,collective");
  long k = 0;
  while (std::getline(rows, line)) {
    const auto comma = line.find(',');
    REQUIRE(comma != std::string::npos);
    CHECK(std::stol(line.substr(0, comma)) == k);
    CHECK(std::stod(line.substr(comma + 1)) == pilot[static_cast<std::size_t>(k)]);
    ++k;
  }
  CHECK(k == steps);

  // Played back, the take ends in the live run's state, its clock (the one the glTF and video
  // keys use) the live run's sum of h.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lieride-take-fields-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "recorded-inputs.csv", std::ios::binary) << csv.str();
  Scenario played = loadScenarioFromString(toml.str(), "recorded.toml", dir.string());
  REQUIRE(played.take.has_value());
  TakePlayer player(std::move(played.simulation), *played.take);
  while (!player.finished()) player.step();
  std::filesystem::remove_all(dir);
  CHECK(player.clock() == Approx(clockAt[steps]).margin(1e-12));
  CHECK(stateHash(player.simulation()) == stateHash(*sim));
}

TEST_CASE("a take's scenery: written as [take] scenery, read back resolved, ignored by the run", "[sim][take]") {
  // A take of an optimal Play names the problem file the app draws around it (its parked cars,
  // walls and goal); lieride sim runs the take without it.
  Scenario sc = loadScenarioFromString(kScene, "scenery.toml", ".");
  auto sim = sc.simulation->clone();
  const std::size_t collective = static_cast<std::size_t>(sim->controls().find("collective"));
  TakeRecorder rec({"collective"}, {collective}, 5);
  rec.start(sim->timeStep(), sim->integratorName());
  for (int k = 0; k < 5; ++k) {
    REQUIRE(rec.beforeStep(sim->controls(), sim->time()));
    sim->step();
  }
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lieride-take-scenery-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string problem = "C:\\odd \"name\".toml";  // escaped as a TOML basic string
  std::ostringstream toml, csv;
  rec.write(kScene, "scenery-inputs.csv", toml, csv, problem);
  CHECK(toml.str().find("scenery = \"C:\\\\odd \\\"name\\\".toml\"\n") != std::string::npos);
  std::ofstream(dir / "scenery-inputs.csv") << csv.str();
  std::ofstream(dir / "scenery.toml") << toml.str();
  const Scenario back = loadScenario((dir / "scenery.toml").string());
  REQUIRE(back.take.has_value());
  CHECK(back.take->scenery == (dir / problem).lexically_normal().string());  // relative: against the take's folder
  CHECK(back.take->steps == 5);
  // An empty scenery is refused with the key.
  std::string text = toml.str();
  text.replace(text.find("scenery = "), text.find('\n', text.find("scenery = ")) - text.find("scenery = "), "scenery = \"\"");
  CHECK_THROWS_WITH(loadScenarioFromString(text, "empty.toml", dir.string()), Catch::Contains("take.scenery"));
  // A NUL cut the path short and another file loaded: refused too.
  text.replace(text.find("scenery = \"\""), 12, "scenery = \"a\\u0000b\"");
  CHECK_THROWS_WITH(loadScenarioFromString(text, "nul.toml", dir.string()), Catch::Contains("without NUL characters"));
  std::filesystem::remove_all(dir);
}
