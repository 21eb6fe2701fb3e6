#include "ui/optimize_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "lieride/model/car.hpp"
#include "views/primitives.hpp"

namespace lieride::gui {
namespace {

const glm::vec3 kGoal(1.0f, 0.82f, 0.2f), kWaypoint(1.0f, 0.55f, 0.15f), kObstacle(0.85f, 0.33f, 0.28f),
    kWall(0.7f, 0.7f, 0.72f);

glm::vec3 v3(const Vec3& p) { return {static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z())}; }

void quad(MeshData& m, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 ca, glm::vec3 cb, float alpha) {
  const auto base = static_cast<unsigned>(m.vertices.size());
  m.vertices.push_back({a, {alpha, 0, 0}, ca});
  m.vertices.push_back({b, {alpha, 0, 0}, cb});
  m.vertices.push_back({c, {alpha, 0, 0}, cb});
  m.vertices.push_back({d, {alpha, 0, 0}, ca});
  m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
}

// A ribbon from p to q, `w` wide: a flat strip plus, where `upright`, a vertical one (seen from
// any side), coloured cp at p and cq at q.
void band(MeshData& m, glm::vec3 p, glm::vec3 q, float w, glm::vec3 cp, glm::vec3 cq, float alpha, bool upright) {
  glm::vec3 d = q - p;
  d.z = 0;
  const float len = glm::length(d);
  const glm::vec3 side = len > 1e-6f ? glm::vec3(-d.y, d.x, 0) / len * (0.5f * w) : glm::vec3(0.5f * w, 0, 0);
  quad(m, p - side, q - side, q + side, p + side, cp, cq, alpha);
  if (upright) {
    const glm::vec3 up(0, 0, 0.5f * w);
    quad(m, p - up, q - up, q + up, p + up, cp, cq, alpha);
  }
}

void ring(MeshData& m, glm::vec3 c, float r0, float r1, glm::vec3 col, float alpha) {
  const int n = 40;
  for (int i = 0; i < n; ++i) {
    const float a = 6.2831853f * static_cast<float>(i) / n, b = 6.2831853f * static_cast<float>(i + 1) / n;
    const glm::vec3 u(std::cos(a), std::sin(a), 0), v(std::cos(b), std::sin(b), 0);
    quad(m, c + r0 * u, c + r0 * v, c + r1 * v, c + r1 * u, col, col, alpha);
  }
}

// A primitive solid, shaded by its face normals (the flat shader has no lighting), translucent.
void solid(MeshData& m, MeshData part, const glm::mat4& T, glm::vec3 col, float alpha) {
  for (auto& v : part.vertices) {
    const glm::vec3 n = glm::normalize(glm::mat3(T) * v.normal);
    v.color = col * (0.72f + 0.22f * n.z + 0.1f * n.x + 0.05f * n.y);
  }
  const std::size_t first = m.vertices.size();
  m.append(part, T);
  // The alpha goes in after append(), which transforms and normalises normals: set before, a
  // yaw of pi turned it into -1 (a wall facing +y was not drawn) and any other yaw into cos(yaw).
  for (std::size_t i = first; i < m.vertices.size(); ++i) m.vertices[i].normal = glm::vec3(alpha, 0, 0);
}

// The car body outline (docs/models.md section 4: relative to the rear-axle midpoint).
struct Body {
  float rear = 0.9f, front = 0.9f, width = 1.8f, wheelbase = 2.7f;
};

void carOutline(MeshData& m, glm::vec3 rearAxle, float yaw, const Body& b, float w, glm::vec3 col, float alpha) {
  const glm::vec3 u(std::cos(yaw), std::sin(yaw), 0), v(-u.y, u.x, 0);
  const float x0 = -b.rear, x1 = b.wheelbase + b.front, y = 0.5f * b.width;
  const glm::vec3 k[4] = {rearAxle + x0 * u - y * v, rearAxle + x1 * u - y * v, rearAxle + x1 * u + y * v,
                          rearAxle + x0 * u + y * v};
  for (int i = 0; i < 4; ++i) band(m, k[i], k[(i + 1) % 4], w, col, col, alpha, false);
  band(m, rearAxle, rearAxle + b.wheelbase * u, 0.6f * w, col, col, alpha, false);  // the heading
}

void arrow(MeshData& m, glm::vec3 p, float yaw, float size, float w, glm::vec3 col, float alpha) {
  const glm::vec3 u(std::cos(yaw), std::sin(yaw), 0), v(-u.y, u.x, 0);
  const glm::vec3 tip = p + size * u;
  band(m, p - 0.5f * size * u, tip, w, col, col, alpha, false);
  band(m, tip, tip - 0.4f * size * u + 0.3f * size * v, w, col, col, alpha, false);
  band(m, tip, tip - 0.4f * size * u - 0.3f * size * v, w, col, col, alpha, false);
}

float yawOf(const Quat& q) { return static_cast<float>(std::atan2(2.0 * (q.w() * q.z() + q.x() * q.y()), 1.0 - 2.0 * (q.y() * q.y() + q.z() * q.z()))); }

Body bodyOf(const opt::DmocSession::Footprint& f) {
  return Body{static_cast<float>(f.rearOverhang), static_cast<float>(f.frontOverhang), static_cast<float>(f.width),
              static_cast<float>(f.wheelbase)};
}

void obstacles(const opt::Problem& p, OptimizeOverlayMesh& out) {
  const float height = kObstacleHeight;
  for (const opt::Obstacle& o : p.obstacles) {
    if (o.threeD) {  // the helicopter's boxes (canyon walls): lighter, not to hide the flight
      const glm::vec3 size = 2.0f * v3(o.halfSize3), c = v3(o.center3);
      solid(out.solid, prim::box(size, kObstacle), prim::T(c.x, c.y, c.z) * prim::Rz(static_cast<float>(o.heading)), kObstacle,
            0.35f);
      continue;
    }
    const float cx = static_cast<float>(o.center.x()), cy = static_cast<float>(o.center.y());
    switch (o.kind) {
      case opt::Obstacle::Kind::Box:
        solid(out.solid, prim::box({2.0f * static_cast<float>(o.halfSize.x()), 2.0f * static_cast<float>(o.halfSize.y()), height}, kObstacle),
              prim::T(cx, cy, 0.5f * height) * prim::Rz(static_cast<float>(o.heading)), kObstacle, 0.55f);
        break;
      case opt::Obstacle::Kind::Circle:
        solid(out.solid, prim::cylinder(static_cast<float>(o.radius), static_cast<float>(o.radius), height, 32, kObstacle),
              prim::T(cx, cy, 0.0f), kObstacle, 0.55f);
        break;
      case opt::Obstacle::Kind::Wall: {
        // The wall's line, 80 m long, and a low kerb on the blocked side of it.
        const float yaw = static_cast<float>(std::atan2(o.normal.x(), -o.normal.y()));
        const glm::vec3 c(cx - 0.15f * static_cast<float>(o.normal.x()), cy - 0.15f * static_cast<float>(o.normal.y()), 0.1f);
        solid(out.solid, prim::box({80.0f, 0.3f, 0.2f}, kWall), prim::T(c.x, c.y, c.z) * prim::Rz(yaw), kWall, 0.8f);
        break;
      }
    }
  }
}

void goalAndWaypoints(const opt::Problem& p, const OverlayHints& hints, float w, OptimizeOverlayMesh& out) {
  const float heading = p.goal.heading ? static_cast<float>(*p.goal.heading) : 0.0f;
  if (hints.footprint && p.goal.position) {
    const glm::vec3 g(static_cast<float>(p.goal.position->x()), static_cast<float>(p.goal.position->y()), 0.03f);
    carOutline(out.marks, g, heading, bodyOf(*hints.footprint), 1.6f * w, kGoal, 0.95f);
  } else if (p.goal.position3 && p.goal.position3->z() - hints.restingHeight > 0.5) {
    // A goal in the air (the canyon's end): a hoop around the goal, where a pad would cut
    // through the hovering body, and a line down to the ground.
    const glm::vec3 g = v3(*p.goal.position3);
    ring(out.marks, g, 2.0f, 2.0f + w, kGoal, 0.95f);
    if (p.goal.heading) arrow(out.marks, g, heading, 0.6f, 1.6f * w, kGoal, 0.95f);
    band(out.marks, glm::vec3(g.x, g.y, 0.02f), g - glm::vec3(0, 0, 0.2f), w, kGoal, kGoal, 0.6f, true);
  } else if (p.goal.position3) {
    // The pad: a ring with an H on the ground under the goal (the skids rest on it); the goal
    // heading as the H's bar.
    const glm::vec3 g = v3(*p.goal.position3) -
                        glm::vec3(0, 0, static_cast<float>(std::max(0.0, std::min(hints.restingHeight, p.goal.position3->z())))) +
                        glm::vec3(0, 0, 0.03f);
    solid(out.solid, prim::cylinder(2.6f, 2.6f, 0.05f, 48, glm::vec3(0.35f)), prim::T(g.x, g.y, g.z - 0.05f), glm::vec3(0.35f), 0.9f);
    ring(out.marks, g + glm::vec3(0, 0, 0.01f), 2.1f, 2.4f, kGoal, 0.95f);
    const glm::vec3 u(std::cos(heading), std::sin(heading), 0), v(-u.y, u.x, 0), z(0, 0, 0.01f);
    band(out.marks, g + z - 0.8f * u + 0.5f * v, g + z + 0.8f * u + 0.5f * v, 0.25f, kGoal, kGoal, 0.95f, false);
    band(out.marks, g + z - 0.8f * u - 0.5f * v, g + z + 0.8f * u - 0.5f * v, 0.25f, kGoal, kGoal, 0.95f, false);
    band(out.marks, g + z - 0.5f * v, g + z + 0.5f * v, 0.25f, kGoal, kGoal, 0.95f, false);
  } else if (p.goal.position && p.goal.heading) {
    // A ring around the place and an arrow reaching out of it: a turn in place ends where the
    // vehicle starts, and an arrow the size of the board was hidden under it.
    const glm::vec3 g(static_cast<float>(p.goal.position->x()), static_cast<float>(p.goal.position->y()), 0.03f);
    ring(out.marks, g, 0.8f, 0.8f + 1.5f * w, kGoal, 0.95f);
    arrow(out.marks, g, heading, 1.5f, 1.6f * w, kGoal, 0.95f);
  } else if (p.goal.position) {
    // A place without a heading (the boat's berth, its heading left free): a ring, raised
    // clear of the water's surface; an arrow pointing along x said a heading there is none.
    const glm::vec3 g(static_cast<float>(p.goal.position->x()), static_cast<float>(p.goal.position->y()), 0.15f);
    ring(out.marks, g, 1.5f, 1.5f + 2.0f * w, kGoal, 0.95f);
  }
  for (const opt::Waypoint& wp : p.waypoints) {
    const float r = std::max(0.25f, static_cast<float>(wp.tolerance));
    glm::vec3 c(0.0f, 0.0f, 0.03f);
    if (wp.position) c = glm::vec3(static_cast<float>(wp.position->x()), static_cast<float>(wp.position->y()), 0.03f);
    if (wp.position3) c = v3(*wp.position3);
    ring(out.marks, c, r, r + 1.5f * w, kWaypoint, 0.95f);
    if (c.z > 0.1f) band(out.marks, glm::vec3(c.x, c.y, 0.02f), c, w, kWaypoint, kWaypoint, 0.6f, true);
  }
}

void ghost(const OverlayHints& hints, const OptimizeSnapshot& s, float w, bool markers, OptimizeOverlayMesh& out) {
  const std::vector<GhostKnot>& k = s.knots;
  if (k.size() < 2) return;
  const bool planar = !hints.spatial;
  const glm::vec3 lift(0, 0, planar ? 0.05f : 0.0f);
  for (std::size_t i = 0; i + 1 < k.size(); ++i)
    band(out.marks, v3(k[i].position) + lift, v3(k[i + 1].position) + lift, w, violationColor(k[i].violation),
         violationColor(k[i + 1].violation), 0.9f, !planar);
  if (!markers) return;
  const std::size_t every = std::max<std::size_t>(1, (k.size() - 1) / 12);
  const Body body = hints.footprint ? bodyOf(*hints.footprint) : Body{};
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < k.size(); i += every) shown.push_back(i);
  if (shown.back() != k.size() - 1) shown.push_back(k.size() - 1);  // always the last knot
  for (const std::size_t j : shown) {
    const glm::vec3 c = violationColor(k[j].violation);
    const glm::vec3 pos = v3(k[j].position) + lift;
    const float yaw = yawOf(k[j].orientation);
    if (hints.footprint) carOutline(out.marks, pos, yaw, body, 0.6f * w, c, 0.75f);
    else if (hints.spatial) {
      // The body axes at the knot: x (nose) 1.6 m, y 1 m, tilted with the attitude.
      const Mat3 R = k[j].orientation.toRotationMatrix();
      const glm::vec3 ex = v3(R.col(0)), ey = v3(R.col(1));
      band(out.marks, pos - 0.6f * ex, pos + 1.0f * ex, w, c, c, 0.85f, true);
      band(out.marks, pos - 0.5f * ey, pos + 0.5f * ey, w, c, c, 0.85f, true);
    } else arrow(out.marks, pos, yaw, 0.4f, 0.6f * w, c, 0.75f);
  }
}

}  // namespace

glm::vec3 violationColor(double violation) {
  const glm::vec3 green(0.25f, 0.9f, 0.35f), yellow(1.0f, 0.85f, 0.2f), red(1.0f, 0.22f, 0.18f);
  if (!(violation > 1e-8)) return std::isnan(violation) ? red : green;
  const float t = std::clamp(static_cast<float>((std::log10(violation) + 8.0) / 6.0), 0.0f, 1.0f);
  return t < 0.5f ? glm::mix(green, yellow, 2.0f * t) : glm::mix(yellow, red, 2.0f * t - 1.0f);
}

OverlayHints overlayHints(const opt::Problem& p) {
  OverlayHints h;
  try {
    const opt::DmocSession session(p);
    h.spatial = session.spatial();
    h.restingHeight = session.restingHeight();
    h.footprint = session.footprint();
  } catch (const std::exception&) {
  }
  return h;
}

void buildOptimizeOverlay(const opt::Problem& p, const OverlayHints& hints, const OptimizeSnapshot* s,
                          OptimizeOverlayMesh& out, const std::vector<Vec3>& handles, int highlight, bool playing) {
  // Line widths follow the problem's extent (a 6 m parking manoeuvre, a 30 m landing).
  double extent = 5.0;
  if (s && s->knots.size() >= 2) extent = (s->knots.back().position - s->knots.front().position).norm();
  const float w = std::clamp(static_cast<float>(0.006 * extent), 0.05f, 0.25f);
  obstacles(p, out);
  goalAndWaypoints(p, hints, w, out);
  // During Play of a flight the vehicle flies along its ghost: a thin, fainter line, where the
  // full-width ribbon ran through the body in the chase view.
  const bool flying = playing && hints.spatial;
  if (s) ghost(hints, *s, flying ? 0.35f * w : w, !flying, out);
  for (std::size_t i = 0; i < handles.size(); ++i) {
    const bool hot = static_cast<int>(i) == highlight;
    const float r = hot ? 0.45f : 0.3f;
    ring(out.marks, v3(handles[i]) + glm::vec3(0, 0, 0.06f), r, r + (hot ? 0.14f : 0.08f),
         hot ? glm::vec3(1.0f, 0.6f, 0.1f) : glm::vec3(1.0f), 0.95f);
  }
}

std::vector<Occluder> cameraOccluders(const opt::Problem& p) {
  std::vector<Occluder> out;
  for (const opt::Obstacle& o : p.obstacles) {
    if (o.threeD) {
      out.push_back({v3(o.center3), v3(o.halfSize3), static_cast<float>(o.heading)});
      continue;
    }
    const glm::vec3 c(static_cast<float>(o.center.x()), static_cast<float>(o.center.y()), 0.5f * kObstacleHeight);
    if (o.kind == opt::Obstacle::Kind::Box)
      out.push_back({c, glm::vec3(static_cast<float>(o.halfSize.x()), static_cast<float>(o.halfSize.y()), 0.5f * kObstacleHeight),
                     static_cast<float>(o.heading)});
    else if (o.kind == opt::Obstacle::Kind::Circle)
      out.push_back({c, glm::vec3(static_cast<float>(o.radius), static_cast<float>(o.radius), 0.5f * kObstacleHeight), 0.0f});
  }
  return out;
}

}  // namespace lieride::gui
