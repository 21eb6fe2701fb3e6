#include "render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>

#include "views/primitives.hpp"

namespace lieride::gui {

void Trail::add(const glm::vec3& p, std::size_t maxPoints) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
  if (!points.empty() && glm::length(points.back() - p) < 0.04f) return;
  if (!points.empty() && glm::length(points.back() - p) > 50.0f) points.clear();  // a reset or a jump
  points.push_back(p);
  while (points.size() > maxPoints) points.pop_front();
}

namespace {
// The Plots window's default place is this many pixels in from the view's edges
// (ui/panel_layout.cpp): docked there, the view ends at its top (render/view_area.hpp).
constexpr int kPlotsGap = 12;
// The world axes on the ground: x red, y green.
MeshData axesLines() {
  MeshData m;
  for (int k = -36; k < 36; ++k) {
    const float a = 25.0f * static_cast<float>(k), b = a + 25.0f;
    const auto base = static_cast<unsigned>(m.vertices.size());
    m.vertices.push_back({{a, 0, 0.004f}, {0.8f, 0, 0}, {0.75f, 0.30f, 0.25f}});
    m.vertices.push_back({{b, 0, 0.004f}, {0.8f, 0, 0}, {0.75f, 0.30f, 0.25f}});
    m.vertices.push_back({{0, a, 0.004f}, {0.8f, 0, 0}, {0.30f, 0.65f, 0.30f}});
    m.vertices.push_back({{0, b, 0.004f}, {0.8f, 0, 0}, {0.30f, 0.65f, 0.30f}});
    m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base + 3});
  }
  return m;
}
// A unit disc, opaque at the centre and transparent at the rim (a soft blob shadow).
MeshData blobDisc() {
  MeshData m;
  m.vertices.push_back({{0, 0, 0.003f}, {1, 0, 0}, {0.05f, 0.07f, 0.05f}});
  for (int i = 0; i <= 24; ++i) {
    const float a = 6.2831853f * static_cast<float>(i) / 24.0f;
    m.vertices.push_back({{std::cos(a), std::sin(a), 0.003f}, {0, 0, 0}, {0.05f, 0.07f, 0.05f}});
  }
  for (unsigned i = 1; i <= 24; ++i) m.indices.insert(m.indices.end(), {0u, i, i + 1});
  return m;
}
}  // namespace

Renderer::Renderer(const VehicleGeometry& g, std::shared_ptr<const VehicleView> view, const std::string& sceneName)
    : geometry_(g),
      view_(std::move(view)),
      mesh_("mesh.vert", "mesh.frag"),
      flat_("flat.vert", "flat.frag"),
      ground_("ground.vert", "ground.frag"),
      sky_("sky.vert", "sky.frag"),
      trail_("trail.vert", "trail.frag"),
      water_("water.vert", "water.frag"),
      groundTiles_(groundTiles()),
      axes_(axesLines()),
      blob_(blobDisc()),
      trailMesh_(MeshData{}, true),
      waterMesh_(MeshData{}, true),
      farWater_(MeshData{}, true) {
  for (const MeshData& m : view_->meshes()) viewMeshes_.emplace_back(m);
  Scenery scenery = sceneryFor(sceneName, g.obstacles);
  lightDir_ = glm::normalize(glm::vec3(0.45f, 0.3f, 0.84f));
  if (!scenery.solid.vertices.empty()) scenerySolid_ = Mesh(prelit(scenery.solid, lightDir_, 6.0f));
  // Scenery no taller than a kerb (the car's kerb and pavement, 0.15 m) casts a shadow hidden
  // under itself but for a sliver: no shadow pass over its 80 m.
  for (const auto& v : scenery.solid.vertices) sceneryShadow_ = sceneryShadow_ || v.position.z > 0.3f;
  if (!scenery.markings.vertices.empty()) sceneryMarkings_ = Mesh(scenery.markings);
  // Parked cars stand still: their parts, placed and tinted once, are one mesh in the world (one
  // draw and one shadow draw instead of one per part and car).
  MeshData parked;
  for (const VehiclePose& p : scenery.parked) {
    placements_.clear();
    view_->place(p, placements_);
    for (const PartPlacement& q : placements_) {
      if (q.mesh < 0 || static_cast<std::size_t>(q.mesh) >= view_->meshes().size() || q.alpha < 1.0f) continue;
      const std::size_t first = parked.vertices.size();
      parked.append(view_->meshes()[static_cast<std::size_t>(q.mesh)], q.model);
      for (std::size_t i = first; i < parked.vertices.size(); ++i)
        parked.vertices[i].color *= glm::vec3(4.6f, 1.9f, 0.9f);  // the blue body turns a parked-car silver
    }
  }
  if (!parked.vertices.empty()) parkedCars_ = Mesh(parked);
  glGenVertexArrays(1, &emptyVao_);
  if (g.hasWater) {
    try {
      water_surface_.emplace(g.water);
    } catch (const std::exception&) {
      water_surface_.emplace();
    }
  }
}

void Renderer::addItems(const VehiclePose& p, glm::vec3 tint) {
  placements_.clear();
  view_->place(p, placements_);
  for (const PartPlacement& q : placements_)
    if (q.mesh >= 0 && static_cast<std::size_t>(q.mesh) < viewMeshes_.size())
      items_.push_back({&viewMeshes_[static_cast<std::size_t>(q.mesh)], q.model, q.alpha, q.shadow, tint});
}

glm::mat4 Renderer::viewProj(int w, int h, const CameraRig& cam) const {
  return cam.projection(static_cast<float>(w) / static_cast<float>(std::max(h, 1))) * cam.view();
}

void Renderer::setCommon(const Program& p, const CameraRig& cam) const {
  p.set("u_camPos", cam.eye());
  p.set("u_lightDir", lightDir_);
  p.set("u_fogColor", fogColor_);
  p.set("u_fogDensity", fogDensity_);
}

void Renderer::draw(int w, int h, const CameraRig& cam, const std::vector<VehiclePose>& vehicles,
                    const std::vector<Trail>& trails, double simTime, bool showTrails, int scissorLeft,
                    PixelRect covered) {
  glViewport(0, 0, w, h);
  // The whole window is cleared: a clear cut by a scissor is drawn as a quad through the
  // fragment pipeline on Mesa's drivers (3-4 ms a frame under llvmpipe), a whole one is not.
  glDisable(GL_SCISSOR_TEST);
  const glm::vec3 clear = backdrop_.value_or(fogColor_);
  glClearColor(clear.r, clear.g, clear.b, 1);
  glClearStencil(0);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  // The opaque sidebar covers [0, scissorLeft), the Plots window `covered`: nothing 3-D is
  // drawn under them (render/view_area.hpp).
  const ViewArea area = viewArea(w, h, scissorLeft, covered, kPlotsGap);
  area_ = area.scissor;
  glEnable(GL_SCISSOR_TEST);
  if (area.maskCovered) {
    // Depth 0 under the Plots window: every fragment there fails the depth test before its
    // shader runs, so the ground, sky and shadows hidden by the window cost (almost) nothing.
    glScissor(covered.x, covered.y, covered.width, covered.height);
    glClearDepth(0.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glClearDepth(1.0);
  }
  scissorToView();
  const glm::mat4 vp = viewProj(w, h, cam);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);

  items_.clear();
  for (const auto& v : vehicles) addItems(v, glm::vec3(1.0f));
  if (parkedCars_.valid()) items_.push_back({&parkedCars_, glm::mat4(1.0f), 1.0f, true, glm::vec3(1.0f)});
  if (scenerySolid_.valid()) items_.push_back({&scenerySolid_, glm::mat4(1.0f), 1.0f, sceneryShadow_, glm::vec3(1.0f), true});

  static const char* skip = std::getenv("LIERIDE_DEBUG_SKIP");  // profiling aid: "ground,sky,shadow"
  auto skipped = [&](const char* what) { return skip && std::strstr(skip, what); };
  // Opaque vehicles and scenery first: the ground, shadows and sky behind them then fail the
  // depth test before their fragment shaders run (software rasterisers test depth early).
  drawOpaque(vp, cam);
  if (skipped("ground")) {
  } else if (water_surface_) {
    glm::vec3 focus = vehicles.empty() ? glm::vec3(0) : glm::vec3(vehicles.front().world[3]);
    drawWater(vp, cam, focus, simTime);
  } else {
    drawGround(vp, cam, vehicles);
    // Planar projected shadows of every part onto z = 0 along the sun; the stencil keeps
    // overlapping parts from darkening twice.
    const glm::vec3 L = lightDir_;
    glm::mat4 shadow(1.0f);
    shadow[2] = glm::vec4(-L.x / L.z, -L.y / L.z, 0.0f, 0.0f);  // column for z: (x,y,z) -> (x - z Lx/Lz, y - z Ly/Lz, 0)
    shadow[3][2] = 0.003f;
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 0, 0xFF);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    glDepthMask(GL_FALSE);
    mesh_.use();
    setCommon(mesh_, cam);
    mesh_.set("u_viewProj", vp);
    mesh_.set("u_shadowPass", 1);
    const bool freeSpace = view_->traits().freeBody;
    for (const auto& it : items_) {
      if (!it.shadow || skipped("shadow") || freeSpace) continue;
      const float z = it.model[3][2];
      if (z < -0.5f) continue;
      mesh_.set("u_shadowColor", glm::vec4(0.05f, 0.07f, 0.05f, 0.38f / (1.0f + 0.05f * std::max(z, 0.0f))));
      mesh_.set("u_model", shadow * it.model);  // the shadow pass draws a flat colour: no normals
      it.mesh->draw();
    }
    glDepthMask(GL_TRUE);
    glDisable(GL_STENCIL_TEST);
  }
  if (sceneryMarkings_.valid()) {  // berth, slot: painted over the ground or water
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    setFlat(cam, vp, glm::vec3(0), 1.0f);
    sceneryMarkings_.draw();
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }
  // The sky last among the opaque backdrops: only where nothing is in front (cheap on
  // software rasterisers, which reject hidden fragments early).
  if (!skipped("sky")) drawSky(vp, cam, h);

  if (showTrails) drawTrails(vp, cam, trails);
  // Translucent parts (rotor blur) last.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  mesh_.use();
  setCommon(mesh_, cam);
  mesh_.set("u_viewProj", vp);
  mesh_.set("u_shadowPass", 0);
  mesh_.set("u_tint", glm::vec3(1));
  for (const auto& it : items_)
    if (it.alpha < 1.0f) {
      mesh_.set("u_alpha", it.alpha);
      setModel(it.model);
      it.mesh->draw();
    }
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
}

void Renderer::setModel(const glm::mat4& model) {
  mesh_.set("u_model", model);
  mesh_.set("u_normalMatrix", glm::transpose(glm::inverse(glm::mat3(model))));
}

void Renderer::drawOpaque(const glm::mat4& vp, const CameraRig& cam) {
  mesh_.use();
  setCommon(mesh_, cam);
  mesh_.set("u_viewProj", vp);
  mesh_.set("u_shadowPass", 0);
  mesh_.set("u_alpha", 1.0f);
  for (const auto& it : items_)
    if (it.alpha >= 1.0f && !it.prelit) {
      mesh_.set("u_tint", it.tint);
      setModel(it.model);
      it.mesh->draw();
    }
  mesh_.set("u_tint", glm::vec3(1));
  setFlat(cam, vp, glm::vec3(0), 1.0f);
  for (const auto& it : items_)
    if (it.prelit) it.mesh->draw();  // static scenery: placed in the world, lit once
}

void Renderer::setFlat(const CameraRig& cam, const glm::mat4& vp, glm::vec3 offset, float scale) const {
  flat_.use();
  flat_.set("u_viewProj", vp);
  flat_.set("u_camPos", cam.eye());
  flat_.set("u_fogColor", fogColor_);
  flat_.set("u_fogDensity", fogDensity_);
  flat_.set("u_offset", offset);
  flat_.set("u_scale", scale);
  flat_.set("u_alpha", 1.0f);
}

void Renderer::drawGround(const glm::mat4& vp, const CameraRig& cam, const std::vector<VehiclePose>& vehicles) {
  // Large tiles, the checker and grid per fragment (shaders/ground.*). The tiles follow the
  // camera in 10 m steps; the pattern is in world coordinates.
  const glm::vec3 snap(10.0f * std::round(cam.eye().x / 10.0f), 10.0f * std::round(cam.eye().y / 10.0f), 0.0f);
  // A free rigid body feels no ground (and a drifting Runge-Kutta copy may pass below z = 0):
  // it gets the world axes alone, which hide nothing.
  const bool freeSpace = view_->traits().freeBody;
  if (!freeSpace) {
    ground_.use();
    ground_.set("u_viewProj", vp);
    ground_.set("u_offset", snap);
    ground_.set("u_camPos", cam.eye());
    ground_.set("u_fogColor", fogColor_);
    ground_.set("u_fogDensity", fogDensity_);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 1.0f);  // axes, marks and shadows drawn on it win the depth test
    groundTiles_.draw();
    glDisable(GL_POLYGON_OFFSET_FILL);
  }
  setFlat(cam, vp, glm::vec3(0), 1.0f);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  flat_.set("u_offset", glm::vec3(0));
  axes_.draw(GL_LINES);
  // Soft blob shadows under each vehicle (wider and fainter the higher it flies).
  for (const auto& v : freeSpace ? std::vector<VehiclePose>{} : vehicles) {
    const glm::vec3 p(v.world[3]);
    if (p.z < -0.5f) continue;
    const float hgt = std::max(p.z, 0.0f);
    const float size = 0.35f * view_->traits().size * (1.0f + 0.2f * hgt) * 1.2f;
    const glm::vec3 c(p.x - lightDir_.x / lightDir_.z * hgt * 0.2f, p.y - lightDir_.y / lightDir_.z * hgt * 0.2f, 0.0f);
    setFlat(cam, vp, c, size);
    flat_.set("u_alpha", 0.45f / (1.0f + 0.15f * hgt));
    blob_.draw();
  }
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::scissorToView() const { glScissor(area_.x, area_.y, area_.width, area_.height); }

void Renderer::drawSky(const glm::mat4& vp, const CameraRig& cam, int h) {
  // The sky (at depth 0.9999) only shows where nothing is drawn or behind ground farther than
  // about 400 m (the depth of 0.9999 with near 0.05 m and far 2000 m). A row whose every view
  // ray meets the ground closer than 380 m needs no sky fragments: the sky's triangle is cut
  // to the rows above the lowest such ray (a software rasteriser still depth-tests every
  // fragment it is given). The cameras never roll (lookAt with z up), so these rows are a band.
  int firstRow = 0;
  const float height = cam.eye().z - (water_surface_ ? static_cast<float>(water_surface_->params().level) : 0.0f);
  const float sinLimit = height / 380.0f;  // rays with sin(elevation) below -sinLimit meet the ground within 380 m
  if (!view_->traits().freeBody && sinLimit < 1.0f) {
    const glm::mat4 inv = glm::inverse(vp);
    auto needsSky = [&](float ndcY) {  // some ray of the row rises above -sinLimit
      float best = -1.0f;
      for (float ndcX : {-1.0f, 0.0f, 1.0f}) {
        const glm::vec4 far = inv * glm::vec4(ndcX, ndcY, 1.0f, 1.0f);
        const glm::vec3 d = glm::vec3(far) / far.w - cam.eye();
        best = std::max(best, d.z / glm::length(d));
      }
      return best > -sinLimit;
    };
    if (!needsSky(1.0f)) return;  // looking down: ground everywhere
    if (!needsSky(-1.0f)) {
      float lo = -1.0f, hi = 1.0f;  // rows below lo need no sky, hi does
      for (int i = 0; i < 20; ++i) {
        const float mid = 0.5f * (lo + hi);
        if (needsSky(mid)) hi = mid;
        else lo = mid;
      }
      firstRow = std::clamp(static_cast<int>(std::floor((lo + 1.0f) * 0.5f * static_cast<float>(h))) - 2, 0, h);
    }
  }
  const int skyBottom = std::max(firstRow, area_.y);
  if (skyBottom >= area_.y + area_.height) return;
  glScissor(area_.x, skyBottom, area_.width, area_.y + area_.height - skyBottom);
  glDepthMask(GL_FALSE);
  glDisable(GL_BLEND);
  sky_.use();
  sky_.set("u_invViewProj", glm::inverse(vp));
  sky_.set("u_camPos", cam.eye());
  sky_.set("u_lightDir", lightDir_);
  sky_.set("u_fogColor", fogColor_);
  glBindVertexArray(emptyVao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDepthMask(GL_TRUE);
  scissorToView();
}

void Renderer::drawTrails(const glm::mat4& vp, const CameraRig& cam, const std::vector<Trail>& trails) {
  scratch_.vertices.clear();
  scratch_.indices.clear();
  for (const auto& tr : trails) {
    const std::size_t n = tr.points.size();
    if (n < 2) continue;
    const auto base = static_cast<unsigned>(scratch_.vertices.size());
    for (std::size_t i = 0; i < n; ++i) {
      const glm::vec3 p = tr.points[i];
      const glm::vec3 d = tr.points[std::min(i + 1, n - 1)] - tr.points[i > 0 ? i - 1 : 0];
      glm::vec3 side = glm::cross(d, cam.eye() - p);
      const float len = glm::length(side);
      side = len > 1e-6f ? side / len : glm::vec3(0, 0, 1);
      const float width = 0.035f + 0.0025f * glm::length(cam.eye() - p);
      const float fade = static_cast<float>(i) / static_cast<float>(n - 1);
      scratch_.vertices.push_back({p + side * width, {fade, 0, 0}, tr.color});
      scratch_.vertices.push_back({p - side * width, {fade, 0, 0}, tr.color});
    }
    for (unsigned i = 0; i + 1 < n; ++i) {
      const unsigned a = base + 2 * i;
      scratch_.indices.insert(scratch_.indices.end(), {a, a + 1, a + 2, a + 1, a + 3, a + 2});
    }
  }
  if (scratch_.indices.empty()) return;
  trailMesh_.update(scratch_);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  trail_.use();
  trail_.set("u_viewProj", vp);
  trailMesh_.draw();
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::drawWater(const glm::mat4& vp, const CameraRig& cam, const glm::vec3& focus, double t) {
  // A grid of surface particles around the boat, displaced by the engine's own wave function.
  // Still water (no waves: the harbour, the docking) is its flat level: one sheet, no grid.
  const int n = 112;
  const float extent = 70.0f, step = extent / static_cast<float>(n);
  const float cx = std::round(focus.x / step) * step, cy = std::round(focus.y / step) * step;
  scratch_.vertices.clear();
  scratch_.indices.clear();
  const WaterSurface& ws = *water_surface_;
  const bool still = ws.still();
  for (int j = 0; j <= n && !still; ++j)
    for (int i = 0; i <= n; ++i) {
      const double x0 = cx + (static_cast<float>(i) - 0.5f * n) * step;
      const double y0 = cy + (static_cast<float>(j) - 0.5f * n) * step;
      const Vec3 p = ws.displaced(x0, y0, t);
      const Vec3 nn = ws.normalAt(x0, y0, t);
      scratch_.vertices.push_back({glm::vec3(p.cast<float>().x(), p.cast<float>().y(), p.cast<float>().z()),
                                   glm::vec3(nn.cast<float>().x(), nn.cast<float>().y(), nn.cast<float>().z()), {1, 1, 1}});
    }
  const auto w = static_cast<unsigned>(n + 1);
  for (unsigned j = 0; j < static_cast<unsigned>(n) && !still; ++j)
    for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
      const unsigned a = j * w + i;
      scratch_.indices.insert(scratch_.indices.end(), {a, a + 1, a + w, a + 1, a + w + 1, a + w});
    }
  if (!still) waterMesh_.update(scratch_);
  // Beyond the detailed patch: a flat sheet at the mean level, slightly lower (at the level
  // for still water, where it is all the water there is).
  MeshData far;
  const float lvl = static_cast<float>(ws.params().level) - (still ? 0.0f : 0.15f);
  for (float y : {-1.f, 1.f})
    for (float x : {-1.f, 1.f}) far.vertices.push_back({{cx + x * 900.0f, cy + y * 900.0f, lvl}, {0, 0, 1}, {1, 1, 1}});
  far.indices = {0, 1, 3, 0, 3, 2};
  farWater_.update(far);
  water_.use();
  setCommon(water_, cam);
  water_.set("u_viewProj", vp);
  water_.set("u_level", static_cast<float>(ws.params().level));
  farWater_.draw();
  if (!still) waterMesh_.draw();
}

}  // namespace lieride::gui
