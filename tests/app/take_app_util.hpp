#pragma once
// Shared by the app's take tests (test_take_app.cpp, test_take_substeps.cpp): scratch folders,
// built-in scene entries, headless replays and a Driver that steps a paused physics thread.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "../core/take_fixture.hpp"
#include "lieride/sim/state_hash.hpp"
#include "physics_thread.hpp"
#include "take_scene.hpp"

namespace take_app_test {

using namespace lieride;
using namespace lieride::gui;
namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
  const fs::path d = fs::path(LIERIDE_BINARY_DIR) / "test-scratch" / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

inline std::string scene(const std::string& name) { return (testing::scenesDir() / (name + ".toml")).string(); }

// The menu entry of a built-in scene file, by its stem.
inline SceneEntry sceneEntry(const std::string& stem) {
  SceneEntry e;
  e.name = stem;
  e.file = scene(stem);
  return e;
}

// The menu entry of a take file, with ghost copies (integrator, own h; 0: the take's).
inline SceneEntry takeEntry(const std::string& name, const std::string& file,
                            std::vector<std::pair<std::string, double>> ghosts = {}) {
  SceneEntry e;
  e.name = name;
  e.file = file;
  e.take = true;
  e.ghosts = std::move(ghosts);
  return e;
}

// The headless replay of a take file: its final state hash (`lieride sim TAKE` prints it).
inline std::uint64_t replayHash(const std::string& takeFile, long* steps = nullptr) {
  Scenario sc = loadScenario(takeFile);
  REQUIRE(sc.take);
  TakePlayer player(std::move(sc.simulation), *sc.take);
  playTake(player, 1, nullptr);
  if (steps) *steps = player.stepsTaken();
  return stateHash(player.simulation());
}

// Drives a paused physics thread like the UI does: commands, then `n` Step commands, waiting
// until it took them (so the next command lands between the same two steps).
struct Driver {
  PhysicsThread& physics;
  long issued = 0;
  void send(const Command& c) {
    while (!physics.send(c)) std::this_thread::yield();
  }
  void steps(long n) {
    for (long i = 0; i < n; ++i) send(Command::make(CommandKind::Step));
    issued += n;
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      physics.poll();
      if (physics.frame().stats.totalSteps >= issued) return;
      REQUIRE(std::chrono::steady_clock::now() < giveUp);
      std::this_thread::yield();
    }
  }
  void axes(float lx, float ly, float rx, float ry) {
    Command c = Command::make(CommandKind::Pilot);
    c.axes = {lx, ly, rx, ry, 0.3f, 0.6f};
    send(c);
  }
  RecordedTake stop() {
    send(Command::make(CommandKind::RecordStop));
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      if (auto r = physics.takeRecorded()) return std::move(*r);
      REQUIRE(std::chrono::steady_clock::now() < giveUp);
      std::this_thread::yield();
    }
  }
};

inline PhysicsOptions paused() {
  PhysicsOptions o;
  o.startPaused = true;
  return o;
}

}  // namespace take_app_test
