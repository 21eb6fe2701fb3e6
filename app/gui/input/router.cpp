#include "input/router.hpp"

namespace lieride::gui {

void InputRouter::start(AppState& app) {
  pads_.openFirst();
  app.gamepadConnected = pads_.connected();
  app.gamepadName = pads_.name();
}

void InputRouter::handleEvent(const SDL_Event& e, AppState& app) {
  switch (pads_.handle(e)) {
    case Gamepads::Event::Connected:
      app.gamepadConnected = true;
      app.gamepadName = pads_.name();
      app.disconnectedBanner = false;
      break;
    case Gamepads::Event::Disconnected: {
      app.gamepadConnected = false;
      app.gamepadName.clear();
      app.disconnectedBanner = true;
      app.axes = PilotAxes{};
      keyboard_.clear();
      Command neutral = Command::make(CommandKind::Pilot);  // neutral axes
      app.send(neutral);
      sent_ = PilotAxes{};
      haveSent_ = true;
      Command pause = Command::make(CommandKind::SetPaused);
      pause.flag = true;
      app.send(pause);
      break;
    }
    case Gamepads::Event::None:
      break;
  }
}

void InputRouter::update(AppState& app, const Uint8* keys, double dt) {
  const PilotAxes pad = pads_.read(app.settings.input);
  const PilotAxes kb = keyboard_.update(app.wantKeyboard ? nullptr : keys, dt);
  app.axes = combine(pad, kb);
  if (!haveSent_ || !(app.axes == sent_)) {
    Command c = Command::make(CommandKind::Pilot);
    c.axes = app.axes;
    app.send(c);
    sent_ = app.axes;
    haveSent_ = true;
  }
}

}  // namespace lieride::gui
