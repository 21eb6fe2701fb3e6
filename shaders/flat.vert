#version 330 core
// Unlit geometry with per-vertex colour, fog and alpha (normal.x): the ground's cells, grid
// lines and blob shadows. Fog per vertex and gamma here keep the fragment stage to one copy,
// which is what a software rasteriser can afford over the whole ground.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_color;
uniform mat4 u_viewProj;
uniform vec3 u_offset;
uniform float u_scale;
uniform float u_alpha;
uniform vec3 u_camPos;
uniform vec3 u_fogColor;
uniform float u_fogDensity;
out vec4 v_color;
void main() {
  vec3 p = a_position * u_scale + u_offset;
  float fd = length(u_camPos - p) * u_fogDensity;
  vec3 c = mix(a_color * a_color, u_fogColor * u_fogColor, 1.0 - exp(-fd * fd));
  v_color = vec4(sqrt(c), a_normal.x * u_alpha);
  gl_Position = u_viewProj * vec4(p, 1.0);
}
