#pragma once
// SDL GameController input with hot-plug by instance id, radial dead zone and expo, plus the
// keyboard producing the same normalised axes.
#include <SDL.h>

#include <string>

#include "commands.hpp"
#include "ui/app_state.hpp"

namespace lieride::gui {

// Radial dead zone then expo, on one stick (x, y in [-1, 1]).
void shapeStick(float& x, float& y, const InputSettings& s);

class Gamepads {
 public:
  enum class Event { None, Connected, Disconnected };
  Gamepads() = default;
  ~Gamepads();
  Gamepads(const Gamepads&) = delete;
  Gamepads& operator=(const Gamepads&) = delete;

  void openFirst();                      // at start-up: the first controller present
  Event handle(const SDL_Event& e);      // SDL_CONTROLLERDEVICEADDED / REMOVED
  bool connected() const { return pad_ != nullptr; }
  SDL_JoystickID instance() const { return id_; }
  std::string name() const;
  PilotAxes read(const InputSettings& s) const;

 private:
  bool open(int deviceIndex);
  SDL_GameController* pad_ = nullptr;
  SDL_JoystickID id_ = -1;
};

// Keyboard axes, ramped so that a key press is a smooth stick motion (rate: full scale in
// 0.25 s; released keys return to centre twice as fast).
class KeyboardAxes {
 public:
  PilotAxes update(const Uint8* keys, double dt);
  void clear() { a_ = {}; }

 private:
  PilotAxes a_;
};

// Combine: the larger deflection of gamepad and keyboard per axis.
PilotAxes combine(const PilotAxes& pad, const PilotAxes& kb);

}  // namespace lieride::gui
