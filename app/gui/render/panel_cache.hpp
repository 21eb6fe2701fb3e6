#pragma once
// Draws ImGui's frame with one window (the sidebar) pasted from an offscreen copy for as long
// as it draws exactly what it drew when the copy was made (ui/draw_list_snapshot.hpp). Most
// frames the sidebar does not change, and a software rasteriser (llvmpipe) then copies its
// rectangle instead of blending its thousands of glyphs and frames again (docs/app.md). A
// window that changed since the previous frame is drawn directly; the copy is made once it
// has held still for a frame.
#include <imgui.h>

#include <glm/glm.hpp>

#include "render/gl_util.hpp"
#include "ui/draw_list_snapshot.hpp"

namespace lieride::gui {

class PanelCache {
 public:
  PanelCache() = default;
  PanelCache(const PanelCache&) = delete;
  PanelCache& operator=(const PanelCache&) = delete;
  ~PanelCache();
  // Renders `data` into the bound (default) framebuffer; `window` is the cached window's
  // name, `backdrop` the colour the framebuffer was cleared to under it (it draws no
  // background). Without that window, or with something drawn under it, renders as usual.
  void render(ImDrawData* data, const char* window, const glm::vec3& backdrop);
  // Frames pasted from the copy, frames that (re)made it, frames drawn directly, since the start.
  long pasted() const { return pasted_; }
  long made() const { return made_; }
  long direct() const { return direct_; }

 private:
  void ensureTarget(int width, int height);
  GLuint fbo_ = 0, tex_ = 0;
  int width_ = 0, height_ = 0;              // the framebuffer the snapshot was drawn for
  int targetWidth_ = 0, targetHeight_ = 0;  // the offscreen copy's size
  bool copied_ = false;                     // the copy holds the snapshot's pixels
  glm::vec3 backdrop_{-1.0f};
  ImVec4 rect_{};
  DrawListSnapshot snapshot_;
  long pasted_ = 0, made_ = 0, direct_ = 0;
};

}  // namespace lieride::gui
