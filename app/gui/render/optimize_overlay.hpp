#pragma once
// Draws the Optimize panel's overlay (ui/optimize_geometry.hpp) over the 3-D view: obstacles and
// the pad translucent, then the goal, waypoints and the ghost trajectory; depth-tested against
// the scene the Renderer drew, without writing depth. Uploaded again only when it changed.
#include <cstdint>

#include "render/camera.hpp"
#include "render/gl_util.hpp"
#include "render/view_area.hpp"
#include "ui/optimize_geometry.hpp"

namespace lieride::gui {

class OptimizeOverlay {
 public:
  OptimizeOverlay();
  // `version` changes whenever `mesh` does; `view`: the 3-D view's part of the window
  // (Renderer::view).
  void draw(int width, int height, const glm::mat4& viewProj, const CameraRig& cam, const OptimizeOverlayMesh& mesh,
            std::uint64_t version, const PixelRect& view);

 private:
  Program flat_;
  Mesh solid_, marks_;
  std::uint64_t version_ = ~0ull;
  bool haveSolid_ = false, haveMarks_ = false;
};

}  // namespace lieride::gui
