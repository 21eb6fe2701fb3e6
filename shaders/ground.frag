#version 330 core
// Grass-grey ground with a soft 5 m checker, anti-aliased 1 m and 10 m grid lines, the world
// axes (x red, y green), soft blob shadows under the vehicles, and fog into the sky colour.
// One derivative per fragment (fwidth(p)) serves every line: cheap on software rasterisers.
in vec3 v_world;
uniform vec3 u_camPos;
uniform vec3 u_fogColor;
uniform float u_fogDensity;
uniform vec4 u_blobs[8];   // x, y, radius, strength
uniform int u_blobCount;
out vec4 o_color;
void main() {
  vec2 p = v_world.xy;
  vec2 fw = max(fwidth(p), vec2(1e-6));
  vec2 cell = floor(p * 0.2);
  float checker = mod(cell.x + cell.y, 2.0);
  vec3 base = mix(vec3(0.50, 0.54, 0.46), vec3(0.47, 0.51, 0.43), checker);
  vec2 g1 = abs(fract(p - 0.5) - 0.5) / fw;
  vec2 g10 = abs(fract(p * 0.1 - 0.5) - 0.5) / (fw * 0.1);
  float line1 = 1.0 - min(min(g1.x, g1.y), 1.0);
  float line10 = 1.0 - min(min(g10.x, g10.y) / 1.5, 1.0);
  base = mix(base, vec3(0.36, 0.40, 0.34), line1 * 0.35);
  base = mix(base, vec3(0.30, 0.33, 0.28), line10 * 0.6);
  vec2 axis = 1.0 - min(abs(p) / (fw * 1.5), 1.0);
  base = mix(base, vec3(0.75, 0.30, 0.25), axis.y * 0.7);
  base = mix(base, vec3(0.30, 0.65, 0.30), axis.x * 0.7);
  vec3 c = base * base * 1.05;  // sRGB ~ gamma 2
  for (int i = 0; i < u_blobCount; ++i) {
    vec2 d = (p - u_blobs[i].xy) / u_blobs[i].z;
    c *= 1.0 - u_blobs[i].w * exp(-3.0 * dot(d, d));
  }
  float fd = length(u_camPos - v_world) * u_fogDensity;
  c = mix(c, u_fogColor * u_fogColor, 1.0 - exp(-fd * fd));
  o_color = vec4(sqrt(c), 1.0);
}
