#version 330 core
// Trajectory ribbons: the normal's x carries the fade (0 old .. 1 new).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_color;
uniform mat4 u_viewProj;
out float v_alpha;
out vec3 v_color;
void main() {
  v_alpha = a_normal.x;
  v_color = a_color;
  gl_Position = u_viewProj * vec4(a_position, 1.0);
}
