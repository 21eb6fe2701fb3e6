#version 330 core
in float v_alpha;
in vec3 v_color;
out vec4 o_color;
void main() { o_color = vec4(v_color, 0.85 * v_alpha * v_alpha); }
