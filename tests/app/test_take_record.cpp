// Recording a pilot's flight (TakeRecorder, lieride/sim/take_recorder.hpp) and replaying the
// written take headless ends in the live run's exact state, every integrator: the live loop
// makes the physics thread's calls (a reset starting the recording, Pilot::apply before each
// step, h and integrator changes between steps) with a virtual gamepad's axes.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>

#include "../core/take_fixture.hpp"
#include "lieride/sim/state_hash.hpp"
#include "lieride/sim/take_recorder.hpp"
#include "pilot.hpp"

using namespace lieride;
using namespace lieride::gui;

namespace {

// A virtual gamepad: smooth sweeps of every stick and trigger.
PilotAxes gamepad(long k) {
  const double s = 0.01 * static_cast<double>(k);
  PilotAxes a;
  a.lx = static_cast<float>(0.6 * std::sin(1.3 * s));
  a.ly = static_cast<float>(0.5 * std::sin(0.7 * s + 0.4));
  a.rx = static_cast<float>(0.4 * std::sin(2.1 * s + 1.0));
  a.ry = static_cast<float>(0.3 * std::cos(1.7 * s));
  a.lt = static_cast<float>(0.5 + 0.5 * std::sin(0.9 * s));
  a.rt = static_cast<float>(0.5 + 0.5 * std::cos(1.1 * s));
  return a;
}

struct Live {
  std::uint64_t hash;
  std::string takeText;
};

// The physics thread's sequence for one manual vehicle, recording from a reset.
Live flyAndRecord(const std::string& scene, const std::string& integrator, long steps, const std::filesystem::path& dir) {
  const std::string text = testing::readText(testing::scenesDir() / (scene + ".toml"));
  Scenario sc = loadScenarioFromString(text, scene, testing::scenesDir().string(), {integrator, std::nullopt, std::nullopt});
  const auto initial = sc.simulation->clone();
  const Pilot pilot(*sc.simulation);
  const bool assist = true;
  const double h0 = sc.simulation->timeStep();
  // Record pressed: resetAll (the scene as loaded), then the pilot's inputs.
  auto sim = initial->clone();
  Snapshot snap = sim->snapshot();
  pilot.apply(gamepad(0), assist, *sim, &snap);
  const auto channels = TakeRecorder::constantChannels(sim->controls());
  std::vector<std::string> names;
  for (auto i : channels) names.push_back(sim->controls().channels()[i]);
  TakeRecorder rec(names, channels, steps, 16);
  rec.start(h0, integrator);
  const auto list = sim->applicableIntegrators();
  const std::string other = list[(std::find(list.begin(), list.end(), integrator) - list.begin() + 1) % static_cast<long>(list.size())];
  double h = h0;
  for (long k = 0; k < steps; ++k) {
    if (k == steps / 4 || k == 7 * steps / 8) {  // SetTimeStep (again after the reset)
      h = h0 / 2;
      if (sim->timeStep() != h) sim->setTimeStep(h);
      rec.timeStep(h);
    }
    if (k == steps / 2 && other != sim->integratorName()) {  // SetIntegrator
      sim->setIntegrator(other);
      rec.integrator(other);
    }
    if (k == 3 * steps / 4) {  // Reset: the scene as loaded, its own h and integrator
      sim = initial->clone();
      h = sim->timeStep();
      snap = sim->snapshot();
      pilot.apply(gamepad(k), assist, *sim, &snap);
      rec.reset(h);  // as the physics thread does: the scene's own h
    }
    if (pilot.needsState(assist)) snap = sim->snapshot();
    pilot.apply(gamepad(k), assist, *sim, &snap);
    REQUIRE(rec.beforeStep(sim->controls(), sim->time()));
    sim->step();
  }
  std::filesystem::create_directories(dir);
  std::ofstream csv(dir / (scene + "-steps.csv"), std::ios::binary);
  std::ostringstream toml;
  // The scene as the live run loaded it (with the integrator override).
  rec.write(testing::withIntegratorName(text, integrator), (dir / (scene + "-steps.csv")).string(), toml, csv);  // absolute: the take loads beside its scene
  return {stateHash(*sim), toml.str()};
}

}  // namespace

TEST_CASE("takes: a recorded pilot flight replays headless to the live state hash, every integrator", "[take]") {
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "recorded";
  for (const std::string scene : {"helicopter-flight", "car-slalom", "boat-harbour", "snakeboard-drive", "sleigh-optimal-u-turn"}) {
    const Scenario base = loadScenario((testing::scenesDir() / (scene + ".toml")).string());
    for (const auto& integrator : base.simulation->applicableIntegrators()) {
      INFO(scene << " " << integrator);
      const Live live = flyAndRecord(scene, integrator, 120, dir);
      Scenario take = loadScenarioFromString(live.takeText, scene + " take", testing::scenesDir().string());
      REQUIRE(take.take);
      CHECK(!take.take->inputChannels.empty());
      TakePlayer player(std::move(take.simulation), *take.take);
      const RunOutcome o = playTake(player, 1, nullptr);
      CHECK(o.steps == 120);
      CHECK(stateHash(player.simulation()) == live.hash);
    }
  }
}
