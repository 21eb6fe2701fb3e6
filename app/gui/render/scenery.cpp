#include "render/scenery.hpp"

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

MeshData groundCells() {
  MeshData m;
  const glm::vec3 a(0.50f, 0.54f, 0.46f), b(0.47f, 0.51f, 0.43f);
  // 5 m checker cells out to 100 m (farther, a cell is under two pixels tall and 30 % fogged:
  // the checker would only alias), 50 m plain cells out to 450 m. Beyond about 400 m the ground
  // is fog-coloured (fog 1 - exp(-(0.006 d)^2) > 99.7 %) and the sky's triangle, drawn last at
  // depth 0.9999, covers it (renderer.cpp, drawSky): cells there were triangles for nothing.
  for (int j = -20; j < 20; ++j)
    for (int i = -20; i < 20; ++i) {
      const float x0 = 5.0f * static_cast<float>(i), y0 = 5.0f * static_cast<float>(j);
      quad(m, {x0, y0}, {x0 + 5, y0}, {x0 + 5, y0 + 5}, {x0, y0 + 5}, 0.0f, ((i + j) & 1) ? b : a, 1.0f);
    }
  for (int j = -9; j < 9; ++j)
    for (int i = -9; i < 9; ++i) {
      if (i >= -2 && i < 2 && j >= -2 && j < 2) continue;  // the detailed patch
      const float x0 = 50.0f * static_cast<float>(i), y0 = 50.0f * static_cast<float>(j);
      quad(m, {x0, y0}, {x0 + 50, y0}, {x0 + 50, y0 + 50}, {x0, y0 + 50}, 0.0f, 0.5f * (a + b), 1.0f);
    }
  return m;
}

MeshData groundLines() {
  // Line segments (index pairs), each cut every 10-50 m so the per-vertex fog follows distance.
  MeshData m;
  auto line = [&](glm::vec2 p, glm::vec2 q, float step, glm::vec3 col, float alpha0, float fadeRadius) {
    const float len = glm::length(q - p);
    const int n = std::max(1, static_cast<int>(std::ceil(len / step)));
    for (int k = 0; k < n; ++k) {
      const glm::vec2 u = p + (q - p) * (static_cast<float>(k) / static_cast<float>(n));
      const glm::vec2 v = p + (q - p) * (static_cast<float>(k + 1) / static_cast<float>(n));
      const auto base = static_cast<unsigned>(m.vertices.size());
      for (const glm::vec2& w : {u, v}) {
        const float fade = fadeRadius > 0 ? std::max(0.0f, 1.0f - glm::length(w) / fadeRadius) : 1.0f;
        m.vertices.push_back({{w.x, w.y, 0.0f}, {alpha0 * fade, 0, 0}, col});
      }
      m.indices.insert(m.indices.end(), {base, base + 1});
    }
  };
  const glm::vec3 dark(0.30f, 0.33f, 0.28f);
  for (int i = -40; i <= 40; ++i) {
    if (i % 10 == 0) continue;
    const float c = static_cast<float>(i);
    line({c, -40}, {c, 40}, 10.0f, dark, 0.35f, 45.0f);
    line({-40, c}, {40, c}, 10.0f, dark, 0.35f, 45.0f);
  }
  for (int i = -20; i <= 20; ++i) {  // 10 m lines out to 200 m (fog 76 % there, faded out by 220 m)
    const float c = 10.0f * static_cast<float>(i);
    line({c, -200}, {c, 200}, 25.0f, dark * 0.85f, 0.6f, 220.0f);
    line({-200, c}, {200, c}, 25.0f, dark * 0.85f, 0.6f, 220.0f);
  }
  return m;
}

}  // namespace lieride::gui
