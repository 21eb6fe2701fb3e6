#version 330 core
// The ground: a few large tiles around the camera (render/scenery.cpp, groundTiles). Fog and
// the grid's distance fades are per vertex (smooth over a tile); the checker and the grid
// lines are per fragment in world coordinates (ground.frag).
layout(location = 0) in vec3 a_position;
uniform mat4 u_viewProj;
uniform vec3 u_offset;
uniform vec3 u_camPos;
uniform float u_fogDensity;
out vec2 v_xy;
out vec3 v_fade;  // fog amount, 1 m line strength, 10 m line strength
void main() {
  vec3 p = a_position + u_offset;
  float d = length(u_camPos - p);
  float fd = d * u_fogDensity;
  // 1 m lines fade out by 45 m, 10 m lines by 220 m (beyond, fog and line density hide them).
  v_fade = vec3(1.0 - exp(-fd * fd), clamp(1.0 - d / 45.0, 0.0, 1.0), clamp(1.0 - d / 220.0, 0.0, 1.0));
  v_xy = p.xy;
  gl_Position = u_viewProj * vec4(p, 1.0);
}
