#version 330 core
// Directional sun + sky/ground hemisphere ambient + Blinn-Phong highlight, distance fog.
// Colours are authored in sRGB, lit in linear space. u_shadowPass draws a flat shadow colour
// (planar projected shadows).
in vec3 v_world;
in vec3 v_normal;
in vec3 v_color;
uniform vec3 u_lightDir;   // towards the sun, unit
uniform vec3 u_camPos;
uniform vec3 u_fogColor;
uniform float u_fogDensity;
uniform float u_alpha;
uniform int u_shadowPass;
uniform vec4 u_shadowColor;
uniform vec3 u_tint;       // multiplies the colour (diverged vehicles go grey-red)
out vec4 o_color;
void main() {
  if (u_shadowPass == 1) { o_color = u_shadowColor; return; }
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  vec3 base = v_color * u_tint;
  base *= base;  // sRGB ~ gamma 2
  vec3 V = normalize(u_camPos - v_world);
  float ndl = max(dot(n, u_lightDir), 0.0);
  vec3 sky = vec3(0.50, 0.62, 0.80), ground = vec3(0.30, 0.27, 0.22);
  vec3 ambient = mix(ground, sky, 0.5 + 0.5 * n.z) * 0.55;
  vec3 H = normalize(u_lightDir + V);
  float sh = max(dot(n, H), 0.0);
  sh *= sh; sh *= sh; sh *= sh; sh *= sh; sh *= sh; sh *= sh;  // ^64
  float spec = sh * 0.5 * step(0.0, ndl);
  float r1 = 1.0 - max(dot(n, V), 0.0);
  float rim = r1 * r1 * r1 * 0.12;
  vec3 c = base * (ambient + ndl * vec3(1.0, 0.96, 0.88) * 1.25) + vec3(spec) + rim * sky;
  float d = length(u_camPos - v_world);
  float fd = d * u_fogDensity;
  float fog = 1.0 - exp(-fd * fd);
  c = mix(c, u_fogColor * u_fogColor, fog);
  o_color = vec4(sqrt(max(c, vec3(0.0))), u_alpha);
}
