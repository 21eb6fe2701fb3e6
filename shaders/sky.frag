#version 330 core
// Sky gradient from a hazy horizon to a deeper zenith, with the sun's disc and glow.
in vec3 v_ray;
uniform vec3 u_lightDir;
uniform vec3 u_fogColor;
out vec4 o_color;
void main() {
  vec3 dir = normalize(v_ray);
  float up = clamp(dir.z, -1.0, 1.0);
  vec3 zenith = vec3(0.22, 0.42, 0.74);
  vec3 horizon = u_fogColor;
  vec3 c = mix(horizon, zenith, sqrt(clamp(up, 0.0, 1.0)));
  c = mix(c, vec3(0.62, 0.64, 0.62), clamp(-up * 4.0, 0.0, 1.0));
  float s = max(dot(dir, u_lightDir), 0.0);
  float s4 = s * s; s4 *= s4;
  float s12 = s4 * s4 * s4;
  float s512 = s4 * s4; s512 *= s512; s512 *= s512; s512 *= s512; s512 *= s512; s512 *= s512; s512 *= s512;  // s^512
  c += vec3(1.0, 0.9, 0.7) * (s512 * 1.5 + s12 * 0.18);
  o_color = vec4(c, 1.0);
}
