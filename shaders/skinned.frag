#version 330 core
// The skinned mesh: one neutral colour, lit like the bones, translucent so the bones
// inside stay visible. Silhouettes are a little more opaque than faces seen head-on, so
// the body's outline reads even at a low opacity.
in vec3 v_view_position;
in vec3 v_view_normal;
uniform vec3 u_view_up;  // model-space +Y in view space, for the hemisphere light
uniform vec4 u_colour;   // display RGB + opacity
out vec4 frag_colour;

vec3 light(vec3 base, vec3 normal, vec3 to_eye, vec3 view_up);  // lighting.glsl

void main() {
  vec3 to_eye = normalize(-v_view_position);
  vec3 normal = normalize(v_view_normal);
  // Back faces are culled, but an interpolated normal near a silhouette can still lean
  // away from the eye: light it as the face it belongs to.
  if (dot(normal, to_eye) < 0.0) normal = normalize(normal - 2.0 * dot(normal, to_eye) * to_eye);
  vec3 colour = light(u_colour.rgb, normal, to_eye, u_view_up);
  float edge = 1.0 - max(dot(normal, to_eye), 0.0);
  float opacity = clamp(u_colour.a * (0.8 + 0.8 * edge * edge), 0.0, 1.0);
  frag_colour = vec4(colour, opacity);
}
