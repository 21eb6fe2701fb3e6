// Takes replay bit for bit (docs/formats.md, "Takes"): the same take played twice gives the
// same CSV bytes and the same state hash, for every integrator of every vehicle; the events
// really change the run (moving one by a step changes the hash).
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "lieride/sim/state_hash.hpp"
#include "take_fixture.hpp"

using namespace lieride;

namespace {

struct Played {
  std::string csv;
  std::uint64_t hash = 0;
  RunOutcome outcome;
  double h = 0;
  std::string integrator;
};

Played play(const testing::TakeFile& f, const std::string& name) {
  Scenario sc = loadScenarioFromString(f.text, name, f.baseDir);
  REQUIRE(sc.take);
  TakePlayer player(std::move(sc.simulation), *sc.take);
  std::ostringstream out;
  Played p;
  p.outcome = playTake(player, 1, &out);
  p.csv = out.str();
  p.hash = stateHash(player.simulation());
  p.h = player.simulation().timeStep();
  p.integrator = player.simulation().integratorName();
  return p;
}

std::filesystem::path scratch() {
  return std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "takes";
}

}  // namespace

TEST_CASE("takes: replaying a take twice gives identical CSV bytes and hashes, every integrator", "[take]") {
  constexpr long kSteps = 100;
  for (const auto& scene : testing::kTakeScenes) {
    const Scenario base = loadScenario((testing::scenesDir() / (scene + ".toml")).string());
    for (const auto& integrator : base.simulation->applicableIntegrators()) {
      INFO(scene << " " << integrator);
      const auto f = testing::makeTake(scene, integrator, scratch(), kSteps);
      const Played a = play(f, scene), b = play(f, scene);
      REQUIRE(a.outcome.status == RunStatus::Ok);
      CHECK(a.outcome.steps == kSteps);
      CHECK(a.csv == b.csv);
      CHECK(a.hash == b.hash);
      // header + t = 0 + one row per step
      CHECK(static_cast<long>(std::count(a.csv.begin(), a.csv.end(), '\n')) == kSteps + 2);
      // The reset restored the file's h; the last event switched the integrator again.
      CHECK(a.integrator == f.other);
      CHECK(a.h == base.simulation->timeStep());
    }
  }
}

TEST_CASE("takes: moving one event by a step, or dropping the events, changes the final state hash", "[take]") {
  const auto f = testing::makeTake("helicopter-flight", "lie-cay-tln", scratch(), 100);
  const Played ref = play(f, "ref");
  std::string moved = f.text;
  const auto at = moved.find("step = 80\n");  // the switch after the reset (earlier ones are undone by it)
  REQUIRE(at != std::string::npos);
  moved.replace(at, 10, "step = 81\n");
  const Played shifted = play({moved, f.baseDir, {}, {}}, "moved");
  CHECK(shifted.hash != ref.hash);
  CHECK(shifted.csv != ref.csv);

  Scenario plain = loadScenarioFromString(f.text, "plain", f.baseDir);
  plain.take->events.clear();
  TakePlayer player(std::move(plain.simulation), *plain.take);
  playTake(player, 1, nullptr);
  CHECK(stateHash(player.simulation()) != ref.hash);
}

TEST_CASE("takes: a reset restarts from the initial state, so a reset at the last step hashes like step 0", "[take]") {
  const auto f = testing::makeTake("car-slalom", "lie-nh", scratch(), 50);
  Scenario sc = loadScenarioFromString(f.text, "car", f.baseDir);
  const std::uint64_t initial = stateHash(*sc.simulation);
  Take t;
  t.steps = 50;
  t.events.push_back({50, 0.5, TakeEventKind::Reset, 0.0, {}});
  TakePlayer player(std::move(sc.simulation), t);
  playTake(player, 1, nullptr);
  CHECK(player.simulation().time() == 0.0);
  CHECK(stateHash(player.simulation()) == initial);
}

TEST_CASE("takes: malformed events are rejected with the file and key", "[take]") {
  const std::string base = testing::readText(testing::scenesDir() / "car-slalom.toml");
  auto error = [&](const std::string& extra) {
    try {
      loadScenarioFromString(base + extra, "bad.toml", testing::scenesDir().string());
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error("[[events]]\nstep = 1\nreset = true\n"), Catch::Contains("missing table [take]"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 11\nreset = true\n"),
             Catch::Contains("bad.toml: key 'events[0].step'"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 5\nreset = true\n[[events]]\nstep = 4\nreset = true\n"),
             Catch::Contains("events[1].step"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 1\nintegrator = \"rk4x\"\n"),
             Catch::Contains("events[0].integrator"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 1\ndt = 0.1\nreset = true\n"),
             Catch::Contains("exactly one of dt, integrator, reset"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 1\ndt = -0.1\n"), Catch::Contains("events[0].dt"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 1\nreset = true\nspeed = 2\n"),
             Catch::Contains("unknown key 'events[0].speed'"));
  CHECK_THAT(error("[take]\n"), Catch::Contains("take.steps"));
  CHECK_THAT(error("[take]\nstepz = 10\n"), Catch::Contains("unknown key 'take.stepz'"));
  for (const char* n : {"0", "-2", "1001", "2.5", "\"2\""})
    CHECK_THAT(error(std::string("[take]\nsteps = 10\n[[events]]\nstep = 1\nsubsteps = ") + n + "\n"),
               Catch::Contains("events[0].substeps"));
  CHECK_THAT(error("[take]\nsteps = 10\n[[events]]\nstep = 1\nsubsteps = 2\nreset = true\n"),
             Catch::Contains("exactly one of dt, integrator, reset = true, substeps"));
}

TEST_CASE("takes: per-step inputs are checked: header, one row per step in order, finite values", "[take]") {
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "takes-inputs";
  std::filesystem::create_directories(dir);
  const std::string base = testing::readText(testing::scenesDir() / "car-slalom.toml");
  auto error = [&](const std::string& csv, long steps) {
    std::ofstream(dir / "steps.csv", std::ios::binary) << csv;
    const std::string take = base + "[take]\nsteps = " + std::to_string(steps) + "\ninputs = \"" +
                             (dir / "steps.csv").string() + "\"\n";
    try {
      const Scenario sc = loadScenarioFromString(take, "take.toml", testing::scenesDir().string());
      return std::string("loaded ") + std::to_string(sc.take->stepInputs.size());
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
  };
  CHECK(error("step,drive_torque,steer_rate\n0,1,0.5\n1,2,-0.5\n", 2) == "loaded 4");
  CHECK_THAT(error("t,drive_torque\n0,1\n", 1), Catch::Contains("header 'step,<channel>...'"));
  CHECK_THAT(error("step,rudder\n0,1\n", 1), Catch::Contains("unknown channel 'rudder'"));
  CHECK_THAT(error("step,rudder\n0,1\n", 1), Catch::Contains("(expected drive_torque | steer_rate)"));
  CHECK_THAT(error("step,drive_torque\n0,1\n2,1\n", 2), Catch::Contains("expected step = 1"));
  CHECK_THAT(error("step,drive_torque\n0,1\n", 2), Catch::Contains("expected take.steps = 2 rows, got 1"));
  CHECK_THAT(error("step,drive_torque\n0,nan\n", 1), Catch::Contains("column 'drive_torque': expected a finite decimal number"));
}

TEST_CASE("takes: a CSV row at t_k shows the inputs of the step that starts there, the last row the last step's", "[take]") {
  // docs/formats.md section 6: input row k holds the constants set before step k + 1; the run
  // CSV's row after k steps is the state at t_k, and its input columns are the inputs applied
  // from t_k on, as a scenario's row shows its signals at t_k.
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "takes-row-inputs";
  std::filesystem::create_directories(dir);
  const long steps = 6;
  {
    std::ofstream csv(dir / "steps.csv", std::ios::binary);
    csv << "step,collective,tail\n";
    for (long k = 0; k < steps; ++k) csv << k << "," << 40 + k << "," << 0.01 * static_cast<double>(k + 1) << "\n";
  }
  const std::string take = testing::readText(testing::scenesDir() / "helicopter-flight.toml") + "[take]\nsteps = " +
                           std::to_string(steps) + "\ninputs = \"" + (dir / "steps.csv").string() + "\"\n";
  const Played p = play({take, testing::scenesDir().string(), {}, {}}, "take.toml");
  REQUIRE(p.outcome.status == RunStatus::Ok);
  std::istringstream in(p.csv);
  std::string line;
  std::getline(in, line);
  auto split = [](const std::string& s) {
    std::vector<std::string> f;
    std::stringstream ss(s);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    return f;
  };
  const auto header = split(line);
  const auto col = [&](const std::string& n) { return std::find(header.begin(), header.end(), n) - header.begin(); };
  const auto collective = col("collective"), tail = col("tail");
  REQUIRE(collective < static_cast<long>(header.size()));
  REQUIRE(tail < static_cast<long>(header.size()));
  long row = 0;
  for (; std::getline(in, line); ++row) {
    const auto f = split(line);
    const long k = std::min(row, steps - 1);  // the step that starts at this row; the last row keeps the last step's
    INFO("row " << row);
    CHECK(std::stod(f[static_cast<std::size_t>(collective)]) == Approx(40.0 + static_cast<double>(k)));
    CHECK(std::stod(f[static_cast<std::size_t>(tail)]) == Approx(0.01 * static_cast<double>(k + 1)));
  }
  CHECK(row == steps + 1);
  // Showing the inputs changes nothing else: played without a CSV (no row shows anything) the
  // take ends in the same state, bit for bit.
  Scenario sc = loadScenarioFromString(take, "take.toml", testing::scenesDir().string());
  TakePlayer quiet(std::move(sc.simulation), *sc.take);
  REQUIRE(playTake(quiet, 1, nullptr).status == RunStatus::Ok);
  CHECK(stateHash(quiet.simulation()) == p.hash);
}

TEST_CASE("takes: writing the run CSV leaves the replay bit for bit the one without it (inputs held for many steps)", "[take]") {
  // A row at t_k shows the next step's inputs for a moment (NextInputsShown); putting the
  // signals back gave the controls a new generation, so lie-cay-tln recomputed the opening
  // force it reuses while the inputs are held, and `lieride sim TAKE --out` ended in another
  // state than the app's live run (and the app's own replay) in the last bits: a take flown
  // with the assist off and a key held replayed to another hash.
  const std::string scene = testing::readText(testing::scenesDir() / "helicopter-flight.toml");
  for (const char* integrator : {"lie-cay-tln", "lie-cay-tln4", "lie-cay", "rk4"}) {
    Take take;
    take.steps = 300;
    take.inputChannels = {"collective", "tail", "cyclic_pitch", "cyclic_roll"};
    for (long k = 0; k < take.steps; ++k) {  // held for 40 steps at a time, as a key is
      const double block = static_cast<double>(k / 40);
      for (const double v : {50.0 + 4.0 * std::sin(block), 0.5 * std::cos(block), 0.05 * std::sin(2.0 * block), -0.03})
        take.stepInputs.push_back(v);
    }
    std::uint64_t hashes[2];
    for (int withCsv = 0; withCsv < 2; ++withCsv) {
      Scenario sc = loadScenarioFromString(scene, "held.toml", testing::scenesDir().string(), {integrator, std::nullopt, std::nullopt});
      TakePlayer player(std::move(sc.simulation), take);
      std::ostringstream csv;
      playTake(player, 1, withCsv ? &csv : nullptr);
      REQUIRE(player.simulation().status() == RunStatus::Ok);
      hashes[withCsv] = stateHash(player.simulation());
    }
    INFO(integrator);
    CHECK(hashes[0] == hashes[1]);
  }
}
