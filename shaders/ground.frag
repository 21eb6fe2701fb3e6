#version 330 core
// Asphalt-grey ground with a soft checker, anti-aliased 1 m and 10 m grid lines, soft blob
// shadows under the vehicles, and fog into the sky colour at the horizon.
in vec3 v_world;
uniform vec3 u_camPos;
uniform vec3 u_fogColor;
uniform float u_fogDensity;
uniform vec4 u_blobs[8];   // x, y, radius, strength
uniform int u_blobCount;
out vec4 o_color;
float gridLine(vec2 p, float spacing, float width) {
  vec2 q = p / spacing;
  vec2 g = abs(fract(q - 0.5) - 0.5) / fwidth(q);
  return 1.0 - min(min(g.x, g.y) / width, 1.0);
}
void main() {
  vec2 p = v_world.xy;
  vec2 cell = floor(p / 5.0);
  float checker = mod(cell.x + cell.y, 2.0);
  vec3 base = mix(vec3(0.50, 0.54, 0.46), vec3(0.47, 0.51, 0.43), checker);
  base = mix(base, vec3(0.36, 0.40, 0.34), gridLine(p, 1.0, 1.0) * 0.35);
  base = mix(base, vec3(0.30, 0.33, 0.28), gridLine(p, 10.0, 1.5) * 0.6);
  float axisX = 1.0 - min(abs(p.y) / fwidth(p.y) / 1.5, 1.0);
  float axisY = 1.0 - min(abs(p.x) / fwidth(p.x) / 1.5, 1.0);
  base = mix(base, vec3(0.75, 0.30, 0.25), axisX * 0.7);
  base = mix(base, vec3(0.30, 0.65, 0.30), axisY * 0.7);
  vec3 c = base * base * 1.05;  // sRGB ~ gamma 2 (cheap on software rasterisers)
  float shade = 1.0;
  for (int i = 0; i < u_blobCount; ++i) {
    float d = length(p - u_blobs[i].xy) / u_blobs[i].z;
    shade *= 1.0 - u_blobs[i].w * exp(-3.0 * d * d);
  }
  c *= shade;
  float d = length(u_camPos - v_world);
  float fd = d * u_fogDensity;
  float fog = 1.0 - exp(-fd * fd);
  c = mix(c, u_fogColor * u_fogColor, fog);
  o_color = vec4(sqrt(c), 1.0);
}
