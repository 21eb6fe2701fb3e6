#version 330 core
// Deep water colour, Fresnel-weighted sky reflection, sun glint, foam on steep crests.
in vec3 v_world;
in vec3 v_normal;
uniform vec3 u_camPos;
uniform vec3 u_lightDir;
uniform vec3 u_fogColor;
uniform float u_fogDensity;
uniform float u_level;
out vec4 o_color;
void main() {
  vec3 n = normalize(v_normal);
  vec3 V = normalize(u_camPos - v_world);
  float f1 = 1.0 - max(dot(n, V), 0.0);
  float f2 = f1 * f1;
  float fres = 0.04 + 0.96 * f2 * f2 * f1;
  vec3 deep = vec3(0.05, 0.22, 0.32); deep *= deep;
  vec3 shallow = vec3(0.12, 0.42, 0.48); shallow *= shallow;
  vec3 body = mix(deep, shallow, clamp((v_world.z - u_level) * 0.8 + 0.4, 0.0, 1.0));
  vec3 R = reflect(-V, n);
  vec3 sky = mix(u_fogColor, vec3(0.25, 0.45, 0.75), clamp(R.z, 0.0, 1.0));
  sky *= sky;
  vec3 H = normalize(u_lightDir + V);
  float g = max(dot(n, H), 0.0);
  g *= g; g *= g; g *= g; g *= g; g *= g; g *= g; g *= g; g *= g; g *= g; g *= g;  // ^1024
  float glint = g * 0.9;  // a small, bright sun glint (a broad ^256 x 3 lobe washed the water out)
  vec3 c = mix(body * (0.35 + 0.65 * max(dot(n, u_lightDir), 0.0)), sky, fres) + vec3(glint);
  float foam = (1.0 - smoothstep(0.7, 0.82, n.z)) * 0.5;
  c = mix(c, vec3(0.85), foam);
  float d = length(u_camPos - v_world);
  float fd = d * u_fogDensity;
  float fog = 1.0 - exp(-fd * fd);
  c = mix(c, u_fogColor * u_fogColor, fog);
  o_color = vec4(sqrt(clamp(c, vec3(0.0), vec3(1.0))), 1.0);
}
