// A virtual gamepad (SDL_JoystickAttachVirtualEx) flies the helicopter: plugged in, raising
// the collective stick makes it climb; unplugged mid-flight, the inputs go neutral, the
// simulation pauses and the "controller disconnected" banner is raised.
#include <SDL.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "input/router.hpp"
#include "physics_thread.hpp"
#include "scenes.hpp"

using namespace lieride;
using namespace lieride::gui;

namespace {
void pump(InputRouter& router, AppState& app) {
  SDL_Event e;
  while (SDL_PollEvent(&e)) router.handleEvent(e, app);
}

// Repeats `poll` until `done` holds or a generous timeout passes (the machine is shared with
// long tests: conditions, not sleeps or wall-clock bounds).
template <class Poll, class Done>
bool waitUntil(Poll poll, Done done) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < end) {
    poll();
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}
}  // namespace

TEST_CASE("gamepad: plug in, climb on collective, unplug pauses with neutral inputs", "[gamepad]") {
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
  const auto scenes = listScenes();
  const SceneEntry* entry = findScene(scenes, "helicopter hover", nullptr);
  if (!entry) entry = findScene(scenes, "helicopter free flight", nullptr);
  REQUIRE(entry != nullptr);
  LoadedScene scene = loadScene(*entry);
  REQUIRE(scene.vehicle == "helicopter");
  PhysicsOptions opt;
  opt.assist = true;
  PhysicsThread physics(std::move(scene.slots), opt);
  AppState app;
  app.send = [&](const Command& c) { physics.send(c); };
  InputRouter router;
  router.start(app);
  CHECK_FALSE(app.gamepadConnected);

  SDL_VirtualJoystickDesc desc;
  SDL_zero(desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
  desc.naxes = SDL_CONTROLLER_AXIS_MAX;
  desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
  desc.name = "lieride virtual pad";
  const int device = SDL_JoystickAttachVirtualEx(&desc);
  REQUIRE(device >= 0);
  pump(router, app);
  REQUIRE(app.gamepadConnected);
  SDL_Joystick* joy = SDL_JoystickFromInstanceID(router.pads().instance());
  REQUIRE(joy != nullptr);

  physics.start();
  physics.poll();
  const double z0 = physics.frame().sims[0].curr.position.z();
  // Left stick full up: climb (Mode 2 collective).
  REQUIRE(SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, -32767) == 0);
  double z1 = z0;
  const bool climbed = waitUntil(
      [&] {
        pump(router, app);
        router.update(app, nullptr, 0.01);
        physics.poll();
        z1 = physics.frame().sims[0].curr.position.z();
      },
      [&] { return z1 > z0 + 0.5; });
  CHECK(app.axes.ly > 0.9f);
  CHECK(climbed);
  CHECK_FALSE(physics.frame().paused);

  // Unplug mid-flight.
  REQUIRE(SDL_JoystickDetachVirtual(device) == 0);
  waitUntil([&] { pump(router, app); }, [&] { return !app.gamepadConnected; });
  CHECK_FALSE(app.gamepadConnected);
  CHECK(app.disconnectedBanner);
  CHECK(app.axes == PilotAxes{});
  router.update(app, nullptr, 0.01);  // the keyboard still works; nothing pressed: neutral
  CHECK(app.axes == PilotAxes{});
  const bool paused = waitUntil([&] { physics.poll(); }, [&] { return physics.frame().paused; });
  CHECK(paused);
  physics.stop();
  SDL_Quit();
}

TEST_CASE("gamepad: radial dead zone and expo shape the sticks", "[gamepad]") {
  InputSettings s;
  s.deadZone = 0.2f;
  s.expo = 0.0f;
  float x = 0.1f, y = 0.1f;  // |v| = 0.141 < 0.2
  shapeStick(x, y, s);
  CHECK(x == 0.0f);
  CHECK(y == 0.0f);
  x = 0.6f;
  y = 0.8f;  // full deflection at 53 degrees: stays full and keeps its direction
  shapeStick(x, y, s);
  CHECK(std::sqrt(x * x + y * y) == Approx(1.0f));
  CHECK(y / x == Approx(0.8f / 0.6f));
  s.expo = 1.0f;  // cubic: half deflection past the dead zone gives an eighth
  x = 0.2f + 0.5f * 0.8f;
  y = 0.0f;
  shapeStick(x, y, s);
  CHECK(x == Approx(0.125f));
}
