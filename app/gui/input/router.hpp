#pragma once
// Routes gamepad and keyboard input to the physics thread as pilot axes. Unplugging the
// active pad mid-flight sets neutral inputs, pauses and raises the "controller disconnected"
// banner; the keyboard keeps working. Keyboard input is ignored while ImGui wants it.
#include "input/gamepad.hpp"

namespace lieride::gui {

class InputRouter {
 public:
  void start(AppState& app);                       // opens a pad already plugged in
  void handleEvent(const SDL_Event& e, AppState& app);
  // Once per frame: read the pad and the keyboard, send the axes if they changed.
  void update(AppState& app, const Uint8* keys, double dt);
  const Gamepads& pads() const { return pads_; }

 private:
  Gamepads pads_;
  KeyboardAxes keyboard_;
  PilotAxes sent_;
  bool haveSent_ = false;
};

}  // namespace lieride::gui
