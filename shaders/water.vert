#version 330 core
// The water surface: vertices are the engine's Gerstner particles (lieride::WaterSurface),
// displaced on the CPU so the drawn surface is the simulated one.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
uniform mat4 u_viewProj;
out vec3 v_world;
out vec3 v_normal;
void main() {
  v_world = a_position;
  v_normal = a_normal;
  gl_Position = u_viewProj * vec4(a_position, 1.0);
}
