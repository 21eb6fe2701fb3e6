#include "input/gamepad.hpp"

#include <algorithm>
#include <cmath>

namespace lieride::gui {

void shapeStick(float& x, float& y, const InputSettings& s) {
  const float m = std::sqrt(x * x + y * y);
  if (m <= s.deadZone || m <= 0.0f) {
    x = y = 0;
    return;
  }
  const float scaled = std::min((m - s.deadZone) / (1.0f - s.deadZone), 1.0f);
  x *= scaled / m;
  y *= scaled / m;
  auto expo = [&](float v) { return (1.0f - s.expo) * v + s.expo * v * v * v; };
  x = expo(x);
  y = expo(y);
}

Gamepads::~Gamepads() {
  if (pad_) SDL_GameControllerClose(pad_);
}

bool Gamepads::open(int index) {
  if (pad_ || !SDL_IsGameController(index)) return false;
  pad_ = SDL_GameControllerOpen(index);
  if (!pad_) return false;
  id_ = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad_));
  return true;
}

void Gamepads::openFirst() {
  for (int i = 0; i < SDL_NumJoysticks() && !pad_; ++i) open(i);
}

Gamepads::Event Gamepads::handle(const SDL_Event& e) {
  if (e.type == SDL_CONTROLLERDEVICEADDED) {
    if (!pad_ && open(e.cdevice.which)) return Event::Connected;
  } else if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
    if (pad_ && e.cdevice.which == id_) {
      SDL_GameControllerClose(pad_);
      pad_ = nullptr;
      id_ = -1;
      openFirst();  // another pad may still be plugged in
      return pad_ ? Event::Connected : Event::Disconnected;
    }
  }
  return Event::None;
}

std::string Gamepads::name() const {
  const char* n = pad_ ? SDL_GameControllerName(pad_) : nullptr;
  return n ? n : "";
}

PilotAxes Gamepads::read(const InputSettings& s) const {
  PilotAxes a;
  if (!pad_) return a;
  auto axis = [&](SDL_GameControllerAxis ax) { return std::clamp(SDL_GameControllerGetAxis(pad_, ax) / 32767.0f, -1.0f, 1.0f); };
  a.lx = axis(SDL_CONTROLLER_AXIS_LEFTX);
  a.ly = -axis(SDL_CONTROLLER_AXIS_LEFTY);  // up is positive
  a.rx = axis(SDL_CONTROLLER_AXIS_RIGHTX);
  a.ry = -axis(SDL_CONTROLLER_AXIS_RIGHTY);
  if (s.invertLeftY) a.ly = -a.ly;
  if (s.invertRightY) a.ry = -a.ry;
  shapeStick(a.lx, a.ly, s);
  shapeStick(a.rx, a.ry, s);
  a.lt = std::max(0.0f, axis(SDL_CONTROLLER_AXIS_TRIGGERLEFT));
  a.rt = std::max(0.0f, axis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT));
  if (a.lt < s.deadZone * 0.5f) a.lt = 0;
  if (a.rt < s.deadZone * 0.5f) a.rt = 0;
  return a;
}

PilotAxes KeyboardAxes::update(const Uint8* k, double dt) {
  auto key = [&](SDL_Scancode c) { return k && k[c] ? 1.0f : 0.0f; };
  const PilotAxes want{key(SDL_SCANCODE_D) - key(SDL_SCANCODE_A),
                       key(SDL_SCANCODE_W) - key(SDL_SCANCODE_S),
                       std::clamp(key(SDL_SCANCODE_RIGHT) + key(SDL_SCANCODE_L) - key(SDL_SCANCODE_LEFT) - key(SDL_SCANCODE_J), -1.0f, 1.0f),
                       std::clamp(key(SDL_SCANCODE_UP) + key(SDL_SCANCODE_I) - key(SDL_SCANCODE_DOWN) - key(SDL_SCANCODE_K), -1.0f, 1.0f),
                       0.0f, 0.0f};
  auto ramp = [&](float& v, float target) {
    const float rate = static_cast<float>(dt) * (std::abs(target) < std::abs(v) ? 8.0f : 4.0f);
    v += std::clamp(target - v, -rate, rate);
  };
  ramp(a_.lx, want.lx);
  ramp(a_.ly, want.ly);
  ramp(a_.rx, want.rx);
  ramp(a_.ry, want.ry);
  return a_;
}

PilotAxes combine(const PilotAxes& p, const PilotAxes& k) {
  auto pick = [](float a, float b) { return std::abs(a) >= std::abs(b) ? a : b; };
  return {pick(p.lx, k.lx), pick(p.ly, k.ly), pick(p.rx, k.rx), pick(p.ry, k.ry), std::max(p.lt, k.lt), std::max(p.rt, k.rt)};
}

}  // namespace lieride::gui
