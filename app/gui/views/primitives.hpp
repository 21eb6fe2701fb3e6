#pragma once
// Procedural mesh primitives (flat or smooth normals, one colour each), combined into vehicle
// models with MeshData::append and a transform. Plain vertex data: no GL here (render/gl_util
// uploads a MeshData into a Mesh).
#include <glm/glm.hpp>
#include <vector>

namespace lieride::gui {

struct Vertex {
  glm::vec3 position;
  glm::vec3 normal;
  glm::vec3 color;
};

struct MeshData {
  std::vector<Vertex> vertices;
  std::vector<unsigned> indices;
  void append(const MeshData& other, const glm::mat4& transform, const glm::vec3* recolor = nullptr);
};

}  // namespace lieride::gui

namespace lieride::gui::prim {

MeshData box(glm::vec3 size, glm::vec3 color);  // centred at the origin
// Along +z from z = 0 to z = length; radius r0 at the bottom, r1 at the top; capped.
MeshData cylinder(float r0, float r1, float length, int segments, glm::vec3 color);
MeshData sphere(float radius, int segments, int rings, glm::vec3 color);
MeshData disc(float radius, int segments, glm::vec3 color);  // in the xy plane, both faces
glm::mat4 T(float x, float y, float z);
glm::mat4 S(float x, float y, float z);
glm::mat4 Rx(float a);
glm::mat4 Ry(float a);
glm::mat4 Rz(float a);

}  // namespace lieride::gui::prim
