#version 330 core
// A soft 5 m checker with anti-aliased 1 m and 10 m grid lines, fogged. One derivative
// (fwidth) serves every line: the distance to a line in pixels is its world distance over
// the world size of a pixel, and a line fades where its spacing nears a few pixels (no
// moire, no shimmer). No loops, no transcendental functions: cheap on software rasterisers.
in vec2 v_xy;
in vec3 v_fade;
uniform vec3 u_fogColor;
out vec4 o_color;
void main() {
  vec2 p = v_xy;
  vec2 fw = max(fwidth(p), vec2(1e-4));
  vec2 cell = floor(p * 0.2);
  float checker = fract((cell.x + cell.y) * 0.5) * 2.0;  // 0 or 1
  // A pixel spanning more than half a cell sees the mean: the checker fades to it.
  checker = mix(0.5, checker, clamp(3.0 - 1.2 * max(fw.x, fw.y), 0.0, 1.0));
  vec3 base = mix(vec3(0.50, 0.54, 0.46), vec3(0.47, 0.51, 0.43), checker);
  vec2 d1 = abs(fract(p + 0.5) - 0.5) / fw;               // pixels to the nearest 1 m line
  vec2 w1 = clamp(1.0 - d1, 0.0, 1.0) * clamp(1.4 - 4.0 * fw, 0.0, 1.0);
  vec2 d10 = abs(fract(p * 0.1 + 0.5) - 0.5) * 10.0 / fw;  // and 10 m line
  vec2 w10 = clamp(1.0 - d10, 0.0, 1.0) * clamp(1.4 - 0.4 * fw, 0.0, 1.0);
  vec3 dark = vec3(0.30, 0.33, 0.28);
  base = mix(base, dark, max(w1.x, w1.y) * (0.35 * v_fade.y));
  base = mix(base, dark * 0.85, max(w10.x, w10.y) * (0.6 * v_fade.z));
  vec3 c = mix(base * base, u_fogColor * u_fogColor, v_fade.x);  // fog in linear light (sRGB ~ gamma 2)
  o_color = vec4(sqrt(c), 1.0);
}
