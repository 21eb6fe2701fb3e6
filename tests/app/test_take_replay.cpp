// The app's physics thread flies the takes of tests/core/take_fixture.hpp (inputs sampled at
// the physics rate, live changes of h and integrator, a reset) and ends in exactly the state
// that the headless replay (lieride/sim/take.hpp) reaches: equal state hashes, every
// integrator of every vehicle (docs/formats.md, "Takes").
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "../core/take_fixture.hpp"
#include "lieride/sim/state_hash.hpp"
#include "physics_thread.hpp"

using namespace lieride;
using namespace lieride::gui;

namespace {

// Steps the paused thread `n` times and waits until it has taken them all, so that a command
// sent next lands between exactly the same two steps as in the take.
bool stepAndWait(PhysicsThread& physics, long& issued, long n) {
  while (n > 0) {
    const long chunk = std::min<long>(n, 512);
    for (long i = 0; i < chunk; ++i)
      while (!physics.send(Command::make(CommandKind::Step))) std::this_thread::yield();
    issued += chunk;
    n -= chunk;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      physics.poll();
      if (static_cast<long>(physics.frame().stats.totalSteps) >= issued) break;
      if (std::chrono::steady_clock::now() > give_up) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  return true;
}

// The command the UI sends for a live change. The thread handles commands in queue order and
// runs queued Steps after them, so one sent after stepAndWait lands between the same steps.
Command commandFor(const TakeEvent& e) {
  switch (e.kind) {
    case TakeEventKind::TimeStep: {
      Command c = Command::make(CommandKind::SetTimeStep);
      c.value[0] = e.dt;
      return c;
    }
    case TakeEventKind::Integrator: {
      Command c = Command::make(CommandKind::SetIntegrator);
      c.setName(e.integrator);
      return c;
    }
    case TakeEventKind::Reset:
    case TakeEventKind::Substeps:  // not a command: the pilot's feedback at large h (none in these takes)
      break;
  }
  return Command::make(CommandKind::Reset);
}

std::uint64_t flyInApp(const testing::TakeFile& f) {
  Scenario sc = loadScenarioFromString(f.text, "app take", f.baseDir);
  std::vector<SimSlot> slots;
  slots.push_back({std::move(sc.simulation), "take", false, {}});  // scripted: the take's sampled inputs
  PhysicsOptions opt;
  opt.startPaused = true;
  PhysicsThread physics(std::move(slots), opt);
  physics.start();
  long issued = 0, done = 0;
  for (const TakeEvent& e : f.take.events) {
    REQUIRE(stepAndWait(physics, issued, e.step - done));
    done = e.step;
    while (!physics.send(commandFor(e))) std::this_thread::yield();
  }
  REQUIRE(stepAndWait(physics, issued, f.take.steps - done));
  physics.stop();
  return physics.stateHash(0);
}

std::uint64_t replayHeadless(const testing::TakeFile& f) {
  Scenario sc = loadScenarioFromString(f.text, "headless take", f.baseDir);
  TakePlayer player(std::move(sc.simulation), *sc.take);
  playTake(player, 1, nullptr);
  return stateHash(player.simulation());
}

}  // namespace

TEST_CASE("takes: the app's physics thread and the headless replay end in the same state hash", "[take]") {
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "app-takes";
  for (const auto& scene : testing::kTakeScenes) {
    const Scenario base = loadScenario((testing::scenesDir() / (scene + ".toml")).string());
    for (const auto& integrator : base.simulation->applicableIntegrators()) {
      INFO(scene << " " << integrator);
      const auto f = testing::makeTake(scene, integrator, dir, 100);
      const std::uint64_t headless = replayHeadless(f);
      CHECK(flyInApp(f) == headless);
      CHECK(headless != stateHash(*base.simulation));  // the take moved the vehicle
    }
  }
}
