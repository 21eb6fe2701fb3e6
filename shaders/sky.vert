#version 330 core
// Full-screen triangle. The view ray is computed per vertex and interpolated: the
// homogeneous far-plane point minus w times the eye is linear in screen space.
uniform mat4 u_invViewProj;
uniform vec3 u_camPos;
out vec3 v_ray;
void main() {
  vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
  vec4 far = u_invViewProj * vec4(p, 1.0, 1.0);
  v_ray = far.xyz - u_camPos * far.w;
  gl_Position = vec4(p, 0.9999, 1.0);
}
