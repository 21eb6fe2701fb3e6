#pragma once
// Procedural mesh primitives (flat or smooth normals, one colour each), combined into vehicle
// models with MeshData::append and a transform.
#include <glm/glm.hpp>

#include "render/gl_util.hpp"

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
