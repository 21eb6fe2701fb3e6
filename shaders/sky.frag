#version 330 core
// Sky gradient from a hazy horizon to a deeper zenith, with the sun's disc and glow.
in vec2 v_ndc;
uniform mat4 u_invViewProj;
uniform vec3 u_camPos;
uniform vec3 u_lightDir;
uniform vec3 u_fogColor;
out vec4 o_color;
void main() {
  vec4 far = u_invViewProj * vec4(v_ndc, 1.0, 1.0);
  vec3 dir = normalize(far.xyz / far.w - u_camPos);
  float up = clamp(dir.z, -1.0, 1.0);
  vec3 zenith = vec3(0.22, 0.42, 0.74);
  vec3 horizon = u_fogColor;
  vec3 c = mix(horizon, zenith, pow(clamp(up, 0.0, 1.0), 0.55));
  c = mix(c, vec3(0.62, 0.64, 0.62), clamp(-up * 4.0, 0.0, 1.0));
  float s = max(dot(dir, u_lightDir), 0.0);
  c += vec3(1.0, 0.9, 0.7) * (pow(s, 600.0) * 1.5 + pow(s, 12.0) * 0.18);
  o_color = vec4(c, 1.0);
}
