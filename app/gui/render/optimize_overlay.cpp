#include "render/optimize_overlay.hpp"

#include <algorithm>

namespace lieride::gui {

OptimizeOverlay::OptimizeOverlay() : flat_("flat.vert", "flat.frag"), solid_(MeshData{}, true), marks_(MeshData{}, true) {}

void OptimizeOverlay::draw(int w, int h, const glm::mat4& vp, const CameraRig& cam, const OptimizeOverlayMesh& mesh,
                           std::uint64_t version, const PixelRect& view) {
  if (version != version_) {
    version_ = version;
    haveSolid_ = !mesh.solid.indices.empty();
    haveMarks_ = !mesh.marks.indices.empty();
    if (haveSolid_) solid_.update(mesh.solid);
    if (haveMarks_) marks_.update(mesh.marks);
  }
  if (!haveSolid_ && !haveMarks_) return;
  glViewport(0, 0, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(view.x, view.y, view.width, view.height);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  flat_.use();
  flat_.set("u_viewProj", vp);
  flat_.set("u_camPos", cam.eye());
  flat_.set("u_fogColor", glm::vec3(0.74f, 0.82f, 0.90f));  // the Renderer's fog
  flat_.set("u_fogDensity", 0.006f);
  flat_.set("u_offset", glm::vec3(0));
  flat_.set("u_scale", 1.0f);
  flat_.set("u_alpha", 1.0f);
  if (haveSolid_) solid_.draw();
  if (haveMarks_) marks_.draw();
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
}

}  // namespace lieride::gui
