#pragma once
// What Debian's ImGui 1.86 SDL backend misses, mended from the SDL events themselves (header
// only: SDL and ImGui, no GL).
// - Keys: ImGui 1.86 reads a key as down or up once a frame, so a press and release in the same
//   frame (a quick tap on a slow frame, any synthetic key) was never seen and Enter in a path
//   field did nothing. Such a release waits for the next frame.
// - Pointer: the backend asks SDL for the global pointer position, which SDL's X11 driver caches
//   until an XInput2 raw event says it moved; synthetic input (xdotool under Xvfb) sends none,
//   and the panels saw no hover and no slider drag between clicks. Motion events carry it.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace lieride::gui {

class SdlEvents {
 public:
  // This frame's events: last frame's held-back releases, then everything queued.
  const std::vector<SDL_Event>& poll(Uint32 windowId) {
    events_.assign(deferred_.begin(), deferred_.end());
    deferred_.clear();
    pressed_.clear();
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
      if (e.type == SDL_KEYDOWN) pressed_.push_back(e.key.keysym.scancode);
      if (e.type == SDL_KEYUP && std::find(pressed_.begin(), pressed_.end(), e.key.keysym.scancode) != pressed_.end()) {
        deferred_.push_back(e);
        continue;
      }
      if (e.type == SDL_MOUSEMOTION && e.motion.windowID == windowId)
        pointer_ = ImVec2(static_cast<float>(e.motion.x), static_cast<float>(e.motion.y));
      if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_LEAVE) pointer_.reset();
      events_.push_back(e);
    }
    return events_;
  }
  // After ImGui_ImplSDL2_NewFrame: the pointer from the motion events, while over the window.
  void applyPointer(ImGuiIO& io) const {
    if (pointer_) io.MousePos = *pointer_;
  }

 private:
  std::vector<SDL_Event> events_, deferred_;  // kept between frames: no allocation per frame
  std::vector<SDL_Scancode> pressed_;
  std::optional<ImVec2> pointer_;
};

}  // namespace lieride::gui
