#include "render/scenery.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "views/primitives.hpp"

namespace lieride::gui {
namespace {

using prim::Rz;
using prim::T;

// A quad in the xy plane at height z with colour c and alpha a (normal.x carries alpha).
void quad(MeshData& m, glm::vec2 a, glm::vec2 b, glm::vec2 c, glm::vec2 d, float z, glm::vec3 col, float alpha) {
  const auto base = static_cast<unsigned>(m.vertices.size());
  for (const glm::vec2& p : {a, b, c, d}) m.vertices.push_back({{p.x, p.y, z}, {alpha, 0, 0}, col});
  m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
}

// A painted line (thin quad) from p to q, `w` wide.
void paint(MeshData& m, glm::vec2 p, glm::vec2 q, float w, float z, glm::vec3 col, float alpha) {
  const glm::vec2 d = glm::normalize(q - p), n(-d.y * 0.5f * w, d.x * 0.5f * w);
  quad(m, p - n, q - n, q + n, p + n, z, col, alpha);
}

// The outline of a rectangle of size (L, W) centred at c with heading yaw.
void outline(MeshData& m, glm::vec2 c, float yaw, float L, float W, float width, float z, glm::vec3 col, float alpha) {
  const glm::vec2 u(std::cos(yaw), std::sin(yaw)), v(-u.y, u.x);
  const glm::vec2 k[4] = {c + 0.5f * L * u + 0.5f * W * v, c - 0.5f * L * u + 0.5f * W * v, c - 0.5f * L * u - 0.5f * W * v,
                          c + 0.5f * L * u - 0.5f * W * v};
  for (int i = 0; i < 4; ++i) paint(m, k[i], k[(i + 1) % 4], width, z, col, alpha);
}

void solidBox(MeshData& m, glm::vec3 centre, float yaw, glm::vec3 size, glm::vec3 col) {
  m.append(prim::box(size, col), T(centre.x, centre.y, centre.z) * Rz(yaw));
}

VehiclePose parkedCar(float x, float y, float yaw) {
  VehiclePose p;
  p.world = T(x, y, 0.0f) * Rz(yaw);
  p.shapeNames = {"psi", "sigma"};
  p.shape = {0.0, 0.0};
  return p;
}

}  // namespace

Scenery sceneryFor(const std::string& name, const std::vector<BoxObstacle>& obstacles) {
  Scenery s;
  const glm::vec3 wood(0.55f, 0.42f, 0.30f), stone(0.58f, 0.57f, 0.54f), goal(1.0f, 0.82f, 0.2f);
  // The scenario's solid obstacles (a boat's pier, quay, walls): drawn exactly as simulated.
  auto vec = [](const Vec3& v) { return glm::vec3(static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())); };
  for (const BoxObstacle& b : obstacles) solidBox(s.solid, vec(b.center), static_cast<float>(b.yaw), vec(b.size), stone);
  if (name == "boat docking") {
    // assets/scenes/boat-docking.toml: the berth is (24, 6) at the pier face, the pier runs
    // along 30 degrees; the boat (beam 1.6 m) lies alongside with a 0.2 m fender gap. The pier
    // itself is the scenario's obstacle (drawn below); piles (flush with its face, inside the
    // solid box) and bollards are decoration.
    const float yaw = 0.5236f;
    const glm::vec2 berth(24.0f, 6.0f), along(std::cos(yaw), std::sin(yaw)), left(-along.y, along.x);
    const glm::vec2 pier = berth + (0.8f + 0.2f + 1.5f) * left;
    for (int i = -5; i <= 5; ++i) {  // piles and bollards along the face
      const glm::vec2 p = pier + static_cast<float>(i) * 2.4f * along - 1.35f * left;
      solidBox(s.solid, {p.x, p.y, -0.3f}, yaw, {0.3f, 0.3f, 2.6f}, wood * 0.8f);
      if (i % 2 == 0) solidBox(s.solid, {p.x + 0.3f * left.x, p.y + 0.3f * left.y, 1.15f}, yaw, {0.25f, 0.25f, 0.3f}, glm::vec3(0.2f));
    }
    outline(s.markings, berth, yaw, 4.6f, 1.9f, 0.12f, 0.08f, goal, 0.9f);  // the goal: the boat's berth
  } else if (name == "car slalom") {
    // assets/scenes/car-slalom.toml: the steering rate 0.3 cos(pi t / 2) swings the heading
    // between 0 and 0.898 rad, so the car weaves about the line through the origin at their
    // mean, 0.4491 rad, crossing it every 2 s and furthest from it (2.79 m, right at t = 1 s,
    // left at t = 3 s, ...) 9.48 + 18.97 k m along it (measured from `lieride sim car-slalom`).
    // The cones stand on that line there, the car passing them on alternate sides.
    const float yaw = 0.4490887f;
    const glm::vec2 along(std::cos(yaw), std::sin(yaw));
    const glm::vec3 orange(0.95f, 0.45f, 0.1f), white(0.92f);
    for (int k = 0; k < 10; ++k) {
      const glm::vec2 c = (9.4826f + 18.9652f * static_cast<float>(k)) * along;
      s.solid.append(prim::box({0.45f, 0.45f, 0.04f}, glm::vec3(0.15f)), T(c.x, c.y, 0.02f) * Rz(yaw));
      s.solid.append(prim::cylinder(0.18f, 0.04f, 0.7f, 16, orange), T(c.x, c.y, 0.04f));
      s.solid.append(prim::cylinder(0.12f, 0.095f, 0.12f, 16, white), T(c.x, c.y, 0.4f));
    }
  } else if (name == "car parallel parking") {
    // assets/scenes/car-parallel-parking.toml: after 8 s the car (rear-axle midpoint) stands
    // 1.86 m to the left of its start, parallel to it: that is the slot. Kerb and pavement
    // beyond it, a parked car in front of and behind the slot (clear of the manoeuvre).
    const float slotY = 1.86f;
    solidBox(s.solid, {0.0f, slotY + 1.35f, 0.075f}, 0.0f, {80.0f, 0.25f, 0.15f}, glm::vec3(0.75f));   // kerb
    solidBox(s.solid, {0.0f, slotY + 3.0f, 0.06f}, 0.0f, {80.0f, 3.1f, 0.12f}, glm::vec3(0.62f, 0.6f, 0.56f));  // pavement
    s.parked.push_back(parkedCar(-12.5f, slotY, 0.0f));  // behind the chase camera at the goal
    s.parked.push_back(parkedCar(11.5f, slotY, 0.0f));
    outline(s.markings, {1.35f, slotY}, 0.0f, 5.6f, 2.2f, 0.12f, 0.01f, glm::vec3(0.95f), 0.9f);  // the slot
    outline(s.markings, {1.35f, slotY}, 0.0f, 4.9f, 1.9f, 0.06f, 0.012f, goal, 0.8f);            // the goal pose
  }
  return s;
}

namespace {
// Emits triangle (a, b, c), halved across its longest edge until no edge is longer than maxEdge.
void emitSplit(MeshData& out, const Vertex& a, const Vertex& b, const Vertex& c, float maxEdge) {
  const float ab = glm::length(b.position - a.position), bc = glm::length(c.position - b.position),
              ca = glm::length(a.position - c.position);
  if (std::max({ab, bc, ca}) <= maxEdge) {
    const auto base = static_cast<unsigned>(out.vertices.size());
    out.vertices.insert(out.vertices.end(), {a, b, c});
    out.indices.insert(out.indices.end(), {base, base + 1, base + 2});
    return;
  }
  auto mid = [](const Vertex& p, const Vertex& q) {
    return Vertex{0.5f * (p.position + q.position), p.normal, 0.5f * (p.color + q.color)};
  };
  if (ab >= bc && ab >= ca) {
    const Vertex m = mid(a, b);
    emitSplit(out, a, m, c, maxEdge);
    emitSplit(out, m, b, c, maxEdge);
  } else if (bc >= ca) {
    const Vertex m = mid(b, c);
    emitSplit(out, a, b, m, maxEdge);
    emitSplit(out, a, m, c, maxEdge);
  } else {
    const Vertex m = mid(c, a);
    emitSplit(out, a, b, m, maxEdge);
    emitSplit(out, m, b, c, maxEdge);
  }
}
}  // namespace

MeshData prelit(const MeshData& solid, glm::vec3 lightDir, float maxEdge) {
  MeshData out;
  for (std::size_t t = 0; t + 2 < solid.indices.size(); t += 3) {
    Vertex v[3];
    for (int k = 0; k < 3; ++k) {
      v[k] = solid.vertices[solid.indices[t + static_cast<std::size_t>(k)]];
      // shaders/mesh.frag's sun and hemisphere ambient (without its view-dependent highlight
      // and rim), in linear light (sRGB ~ gamma 2); normal.x carries the alpha, 1.
      const glm::vec3 n = glm::normalize(v[k].normal), base = v[k].color * v[k].color;
      const glm::vec3 ambient = glm::mix(glm::vec3(0.30f, 0.27f, 0.22f), glm::vec3(0.50f, 0.62f, 0.80f), 0.5f + 0.5f * n.z) * 0.55f;
      const float ndl = std::max(glm::dot(n, lightDir), 0.0f);
      v[k].color = glm::sqrt(base * (ambient + ndl * glm::vec3(1.0f, 0.96f, 0.88f) * 1.25f));
      v[k].normal = glm::vec3(1.0f, 0.0f, 0.0f);
    }
    emitSplit(out, v[0], v[1], v[2], maxEdge);
  }
  return out;
}

MeshData groundTiles() {
  // 25 m tiles out to 100 m, 50 m tiles out to 450 m: the tiles only carry the per-vertex fog
  // and line fades (shaders/ground.vert); the checker and the grid are per fragment. Beyond
  // about 400 m the ground is fog-coloured (fog 1 - exp(-(0.006 d)^2) > 99.7 %) and the sky's
  // triangle, drawn last at depth 0.9999, covers it (renderer.cpp, drawSky).
  MeshData m;
  const glm::vec3 none(0.0f);
  for (int j = -4; j < 4; ++j)
    for (int i = -4; i < 4; ++i) {
      const float x0 = 25.0f * static_cast<float>(i), y0 = 25.0f * static_cast<float>(j);
      quad(m, {x0, y0}, {x0 + 25, y0}, {x0 + 25, y0 + 25}, {x0, y0 + 25}, 0.0f, none, 1.0f);
    }
  for (int j = -9; j < 9; ++j)
    for (int i = -9; i < 9; ++i) {
      if (i >= -2 && i < 2 && j >= -2 && j < 2) continue;  // the 25 m tiles
      const float x0 = 50.0f * static_cast<float>(i), y0 = 50.0f * static_cast<float>(j);
      const glm::vec2 c[4] = {{x0, y0}, {x0 + 50, y0}, {x0 + 50, y0 + 50}, {x0, y0 + 50}};
      // The edge shared with the 25 m tiles (none for a corner tile) gets their midpoint
      // vertex: no T-junction, so no pixel-wide cracks where the window's clear colour (the
      // panels' colour, renderer.cpp) would show through.
      int inner = -1;
      if (i >= -2 && i < 2) inner = j == -3 ? 2 : (j == 2 ? 0 : -1);
      if (j >= -2 && j < 2) inner = i == -3 ? 1 : (i == 2 ? 3 : inner);
      if (inner < 0) {
        quad(m, c[0], c[1], c[2], c[3], 0.0f, none, 1.0f);
        continue;
      }
      const glm::vec2 a = c[inner], b = c[(inner + 1) % 4], e = c[(inner + 2) % 4], f = c[(inner + 3) % 4];
      const auto base = static_cast<unsigned>(m.vertices.size());
      for (const glm::vec2& p : {a, 0.5f * (a + b), b, e, f}) m.vertices.push_back({{p.x, p.y, 0.0f}, {1.0f, 0, 0}, none});
      m.indices.insert(m.indices.end(), {base, base + 1, base + 4, base + 1, base + 2, base + 3, base + 1, base + 3, base + 4});
    }
  return m;
}

}  // namespace lieride::gui
