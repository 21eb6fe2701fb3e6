// The Optimize panel's side in the 3-D view (docs/app.md, "Optimize"): the rings that drag the
// goal, the waypoints and the obstacles, the drag itself on the plane through the ring, and the
// overlay mesh (obstacles, goal, ghost) rebuilt when the problem, the solve or the highlight
// changes. The panel's sidebar section is optimize_panel.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "ui/optimize_panel.hpp"

namespace lieride::gui {

std::vector<OptimizePanel::Handle> OptimizePanel::handles() const {
  std::vector<Handle> out;
  // None during Play: the chase camera runs beside the obstacles, whose rings filled the
  // foreground (the panel's fields still edit the problem).
  if (!problem_ || playing_ || sceneryOnly_) return out;
  const opt::Problem& p = *problem_;
  auto ground = [](const Vec2& v) { return Vec3(v.x(), v.y(), 0.0); };
  if (p.goal.position) out.push_back({Handle::Goal, 0, ground(*p.goal.position)});
  if (p.goal.position3) out.push_back({Handle::Goal, 0, *p.goal.position3});
  for (std::size_t i = 0; i < p.obstacles.size(); ++i) {
    const opt::Obstacle& o = p.obstacles[i];
    if (o.threeD) {  // on the top face
      out.push_back({Handle::Obstacle, i, Vec3(o.center3.x(), o.center3.y(), o.center3.z() + o.halfSize3.z())});
      continue;
    }
    const double top = o.kind == opt::Obstacle::Kind::Wall ? 0.2 : kObstacleHeight;
    out.push_back({Handle::Obstacle, i, Vec3(o.center.x(), o.center.y(), top)});
  }
  for (std::size_t i = 0; i < p.waypoints.size(); ++i) {
    if (p.waypoints[i].position) out.push_back({Handle::Waypoint, i, ground(*p.waypoints[i].position)});
    if (p.waypoints[i].position3) out.push_back({Handle::Waypoint, i, *p.waypoints[i].position3});
  }
  return out;
}

void OptimizePanel::moveHandle(const Handle& h, const Vec3& to) {
  opt::Problem& p = *problem_;
  switch (h.kind) {
    case Handle::Goal:
      if (p.goal.position) p.goal.position = to.head<2>();
      if (p.goal.position3) p.goal.position3 = Vec3(to.x(), to.y(), p.goal.position3->z());
      break;
    case Handle::Obstacle: {
      opt::Obstacle& o = p.obstacles[h.index];
      if (o.threeD) o.center3.head<2>() = to.head<2>();  // dragged across, at its height
      else o.center = to.head<2>();
      break;
    }
    case Handle::Waypoint: {
      opt::Waypoint& w = p.waypoints[h.index];
      if (w.position) w.position = to.head<2>();
      if (w.position3) w.position3 = Vec3(to.x(), to.y(), w.position3->z());
      break;
    }
  }
  edited();
}

bool OptimizePanel::mouse(const glm::mat4& vp, glm::vec2 view) {
  if (!problem_ || !ImGui::GetCurrentContext() || view.x <= 0 || view.y <= 0) return false;
  const ImGuiIO& io = ImGui::GetIO();
  const glm::vec2 m(io.MousePos.x, io.MousePos.y);
  // The point where the ray under the mouse meets the plane z = height.
  const glm::mat4 inv = glm::inverse(vp);
  auto under = [&](double height) -> std::optional<Vec3> {
    const glm::vec2 ndc(2.0f * m.x / view.x - 1.0f, 1.0f - 2.0f * m.y / view.y);
    const glm::vec4 a = inv * glm::vec4(ndc, -1.0f, 1.0f), b = inv * glm::vec4(ndc, 1.0f, 1.0f);
    const Vec3 p0(a.x / a.w, a.y / a.w, a.z / a.w), p1(b.x / b.w, b.y / b.w, b.z / b.w);
    const Vec3 d = p1 - p0;
    if (std::abs(d.z()) < 1e-9) return std::nullopt;
    const double t = (height - p0.z()) / d.z();
    if (t < 0) return std::nullopt;
    return p0 + t * d;
  };
  const std::vector<Handle> hs = handles();
  if (dragging_ >= 0) {
    if (!io.MouseDown[0] || dragging_ >= static_cast<int>(hs.size())) {
      dragging_ = -1;
      return false;
    }
    const Handle& h = hs[static_cast<std::size_t>(dragging_)];
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)
      if (const auto p = under(h.position.z())) moveHandle(h, *p + dragOffset_);
    return true;
  }
  hovered_ = -1;
  if (io.WantCaptureMouse) return false;
  float best = 14.0f;  // pixels (ImGui units)
  for (std::size_t i = 0; i < hs.size(); ++i) {
    const glm::vec4 c = vp * glm::vec4(glm::vec3(static_cast<float>(hs[i].position.x()), static_cast<float>(hs[i].position.y()),
                                                 static_cast<float>(hs[i].position.z())), 1.0f);
    if (c.w <= 0) continue;
    const glm::vec2 s((c.x / c.w * 0.5f + 0.5f) * view.x, (0.5f - c.y / c.w * 0.5f) * view.y);
    const float dist = glm::length(s - m);
    if (dist < best) {
      best = dist;
      hovered_ = static_cast<int>(i);
    }
  }
  if (hovered_ < 0 || !ImGui::IsMouseClicked(0)) return false;
  const Handle& h = hs[static_cast<std::size_t>(hovered_)];
  const auto p = under(h.position.z());
  if (!p) return false;
  dragging_ = hovered_;
  dragOffset_ = h.position - *p;
  return true;
}

const OptimizeOverlayMesh& OptimizePanel::overlay() {
  const auto s = current();
  const int highlight = dragging_ >= 0 ? dragging_ : hovered_;
  if (problemVersion_ == builtFor_ && s == builtSnap_ && highlight == builtHover_) return overlay_;
  builtFor_ = problemVersion_;
  builtSnap_ = s;
  builtHover_ = highlight;
  overlay_ = OptimizeOverlayMesh{};
  if (problem_) {
    std::vector<Vec3> at;
    for (const Handle& h : handles()) at.push_back(h.position);
    buildOptimizeOverlay(*problem_, hints_, s.get(), overlay_, at, highlight, playing_);
  }
  ++overlayVersion_;
  return overlay_;
}

}  // namespace lieride::gui
