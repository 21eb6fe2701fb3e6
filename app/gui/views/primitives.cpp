#include "views/primitives.hpp"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace lieride::gui {

void MeshData::append(const MeshData& o, const glm::mat4& t, const glm::vec3* recolor) {
  const auto base = static_cast<unsigned>(vertices.size());
  const glm::mat3 nt = glm::transpose(glm::inverse(glm::mat3(t)));
  for (const auto& v : o.vertices)
    vertices.push_back({glm::vec3(t * glm::vec4(v.position, 1.0f)), glm::normalize(nt * v.normal),
                        recolor ? *recolor : v.color});
  for (unsigned i : o.indices) indices.push_back(base + i);
}

}  // namespace lieride::gui

namespace lieride::gui::prim {

glm::mat4 T(float x, float y, float z) { return glm::translate(glm::mat4(1.0f), {x, y, z}); }
glm::mat4 S(float x, float y, float z) { return glm::scale(glm::mat4(1.0f), {x, y, z}); }
glm::mat4 Rx(float a) { return glm::rotate(glm::mat4(1.0f), a, {1, 0, 0}); }
glm::mat4 Ry(float a) { return glm::rotate(glm::mat4(1.0f), a, {0, 1, 0}); }
glm::mat4 Rz(float a) { return glm::rotate(glm::mat4(1.0f), a, {0, 0, 1}); }

MeshData box(glm::vec3 s, glm::vec3 c) {
  MeshData m;
  const glm::vec3 h = 0.5f * s;
  const glm::vec3 n[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (const auto& nn : n) {
    // Two tangents spanning the face, ordered so the quad is counter-clockwise from outside.
    const glm::vec3 a = std::abs(nn.z) > 0.5f ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
    const glm::vec3 u = glm::cross(a, nn), v = glm::cross(nn, u);
    const auto base = static_cast<unsigned>(m.vertices.size());
    for (int i = 0; i < 4; ++i) {
      const float su = (i == 1 || i == 2) ? 1.f : -1.f, sv = (i >= 2) ? 1.f : -1.f;
      m.vertices.push_back({(nn + su * u + sv * v) * h, nn, c});
    }
    for (unsigned k : {0u, 1u, 2u, 0u, 2u, 3u}) m.indices.push_back(base + k);
  }
  return m;
}

MeshData cylinder(float r0, float r1, float len, int seg, glm::vec3 c) {
  MeshData m;
  const float slope = (r0 - r1) / len;
  for (int i = 0; i <= seg; ++i) {
    const float a = 2.0f * static_cast<float>(M_PI) * static_cast<float>(i) / static_cast<float>(seg);
    const glm::vec3 radial(std::cos(a), std::sin(a), 0);
    const glm::vec3 n = glm::normalize(radial + glm::vec3(0, 0, slope));
    m.vertices.push_back({radial * r0, n, c});
    m.vertices.push_back({radial * r1 + glm::vec3(0, 0, len), n, c});
  }
  for (int i = 0; i < seg; ++i) {
    const auto b = static_cast<unsigned>(2 * i);
    for (unsigned k : {0u, 2u, 1u, 1u, 2u, 3u}) m.indices.push_back(b + k);
  }
  for (int cap = 0; cap < 2; ++cap) {
    const float z = cap ? len : 0.0f, r = cap ? r1 : r0;
    const glm::vec3 n(0, 0, cap ? 1.f : -1.f);
    const auto center = static_cast<unsigned>(m.vertices.size());
    m.vertices.push_back({{0, 0, z}, n, c});
    for (int i = 0; i <= seg; ++i) {
      const float a = 2.0f * static_cast<float>(M_PI) * static_cast<float>(i) / static_cast<float>(seg);
      m.vertices.push_back({{r * std::cos(a), r * std::sin(a), z}, n, c});
    }
    for (int i = 0; i < seg; ++i) {
      const auto a = center + 1 + static_cast<unsigned>(i);
      if (cap) {
        m.indices.insert(m.indices.end(), {center, a, a + 1});
      } else {
        m.indices.insert(m.indices.end(), {center, a + 1, a});
      }
    }
  }
  return m;
}

MeshData sphere(float r, int seg, int rings, glm::vec3 c) {
  MeshData m;
  for (int j = 0; j <= rings; ++j) {
    const float th = static_cast<float>(M_PI) * static_cast<float>(j) / static_cast<float>(rings);
    for (int i = 0; i <= seg; ++i) {
      const float ph = 2.0f * static_cast<float>(M_PI) * static_cast<float>(i) / static_cast<float>(seg);
      const glm::vec3 n(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
      m.vertices.push_back({n * r, n, c});
    }
  }
  const auto w = static_cast<unsigned>(seg + 1);
  for (unsigned j = 0; j < static_cast<unsigned>(rings); ++j)
    for (unsigned i = 0; i < static_cast<unsigned>(seg); ++i) {
      const unsigned a = j * w + i, b = a + w;
      m.indices.insert(m.indices.end(), {a, b, a + 1, a + 1, b, b + 1});
    }
  return m;
}

MeshData disc(float r, int seg, glm::vec3 c) {
  MeshData m;
  for (int face = 0; face < 2; ++face) {
    const glm::vec3 n(0, 0, face ? -1.f : 1.f);
    const auto center = static_cast<unsigned>(m.vertices.size());
    m.vertices.push_back({{0, 0, 0}, n, c});
    for (int i = 0; i <= seg; ++i) {
      const float a = 2.0f * static_cast<float>(M_PI) * static_cast<float>(i) / static_cast<float>(seg);
      m.vertices.push_back({{r * std::cos(a), r * std::sin(a), 0}, n, c});
    }
    for (int i = 0; i < seg; ++i) {
      const auto a = center + 1 + static_cast<unsigned>(i);
      if (face) m.indices.insert(m.indices.end(), {center, a + 1, a});
      else m.indices.insert(m.indices.end(), {center, a, a + 1});
    }
  }
  return m;
}

}  // namespace lieride::gui::prim
