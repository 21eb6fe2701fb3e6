#version 330 core
// Lit vehicle parts: position, normal, per-vertex colour.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_color;
uniform mat4 u_model;
uniform mat3 u_normalMatrix;  // transpose(inverse(mat3(u_model))), once a draw on the CPU (renderer.cpp)
uniform mat4 u_viewProj;
out vec3 v_world;
out vec3 v_normal;
out vec3 v_color;
void main() {
  vec4 w = u_model * vec4(a_position, 1.0);
  v_world = w.xyz;
  v_normal = u_normalMatrix * a_normal;
  v_color = a_color;
  gl_Position = u_viewProj * w;
}
