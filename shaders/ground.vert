#version 330 core
// A large ground quad centred under the camera (the grid is computed in world space).
layout(location = 0) in vec3 a_position;
uniform mat4 u_viewProj;
uniform vec2 u_center;
uniform float u_extent;
uniform float u_height;
out vec3 v_world;
void main() {
  vec3 p = vec3(u_center + a_position.xy * u_extent, u_height);
  v_world = p;
  gl_Position = u_viewProj * vec4(p, 1.0);
}
