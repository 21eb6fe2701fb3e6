// Static scenery lit once per vertex (render/scenery.hpp, prelit): the same surface, cut fine
// enough for per-vertex fog, brighter where it faces the sun.
#include <catch2/catch.hpp>
#include <glm/glm.hpp>

#include "render/scenery.hpp"

using namespace lieride::gui;

namespace {
double area(const MeshData& m) {
  double a = 0;
  for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3) {
    const glm::vec3 p = m.vertices[m.indices[t]].position, q = m.vertices[m.indices[t + 1]].position,
                    r = m.vertices[m.indices[t + 2]].position;
    a += 0.5 * static_cast<double>(glm::length(glm::cross(q - p, r - p)));
  }
  return a;
}
}  // namespace

TEST_CASE("scenery: the prelit kerb and pavement keep their surface, with no edge over 6 m", "[scenery]") {
  const Scenery s = sceneryFor("car parallel parking", {});
  REQUIRE_FALSE(s.solid.indices.empty());
  const glm::vec3 sun = glm::normalize(glm::vec3(0.45f, 0.3f, 0.84f));
  const MeshData lit = prelit(s.solid, sun, 6.0f);
  CHECK(lit.indices.size() > s.solid.indices.size());  // the 80 m kerb was cut
  CHECK(area(lit) == Approx(area(s.solid)).epsilon(1e-5));
  float longest = 0, topLuma = 0, awayLuma = 1e9f;
  for (std::size_t t = 0; t + 2 < lit.indices.size(); t += 3)
    for (int k = 0; k < 3; ++k) {
      const Vertex& a = lit.vertices[lit.indices[t + static_cast<std::size_t>(k)]];
      const Vertex& b = lit.vertices[lit.indices[t + static_cast<std::size_t>((k + 1) % 3)]];
      longest = std::max(longest, glm::length(b.position - a.position));
      CHECK(a.normal.x == 1.0f);  // opaque (normal.x is the flat shader's alpha)
    }
  // The same surfaces: a face towards the sun (the tops) outshines one turned from it (the
  // sides facing -y, the sun being at +y).
  for (std::size_t t = 0; t + 2 < s.solid.indices.size(); t += 3) {
    const Vertex& v = s.solid.vertices[s.solid.indices[t]];
    const MeshData one = prelit(MeshData{{s.solid.vertices[s.solid.indices[t]], s.solid.vertices[s.solid.indices[t + 1]],
                                          s.solid.vertices[s.solid.indices[t + 2]]},
                                         {0, 1, 2}},
                                sun, 1e9f);
    const float luma = glm::dot(one.vertices[0].color, glm::vec3(1.0f)) / glm::dot(v.color, glm::vec3(1.0f));
    if (v.normal.z > 0.9f) topLuma = std::max(topLuma, luma);
    if (v.normal.y < -0.9f) awayLuma = std::min(awayLuma, luma);
  }
  CHECK(longest <= 6.0f);
  CHECK(topLuma > awayLuma);
}

TEST_CASE("scenery: the ground tiles meet without T-junctions and cover the square they span", "[scenery]") {
  // A vertex inside another triangle's edge leaves pixel-wide cracks after rasterisation; the
  // window's clear colour (the panels' dark one) would show through them.
  const MeshData g = groundTiles();
  REQUIRE(g.indices.size() % 3 == 0);
  int tJunctions = 0;
  for (std::size_t t = 0; t < g.indices.size(); t += 3)
    for (int k = 0; k < 3; ++k) {
      const glm::vec3 a = g.vertices[g.indices[t + static_cast<std::size_t>(k)]].position;
      const glm::vec3 b = g.vertices[g.indices[t + static_cast<std::size_t>((k + 1) % 3)]].position;
      const glm::vec3 d = b - a;
      const float len2 = glm::dot(d, d);
      for (const Vertex& v : g.vertices) {
        const float s = glm::dot(v.position - a, d) / len2;
        if (s <= 1e-4f || s >= 1.0f - 1e-4f) continue;
        if (glm::length(v.position - (a + s * d)) < 1e-3f) ++tJunctions;
      }
    }
  CHECK(tJunctions == 0);
  // The tiles neither overlap nor leave holes: their area is the 900 m square's.
  CHECK(area(g) == Approx(900.0 * 900.0).epsilon(1e-6));
}
