#version 330 core
in vec4 v_colour;
in float v_across;
uniform float u_half_width;  // pixels
out vec4 frag_colour;

void main() {
  // One pixel of anti-aliasing at the long edges.
  float coverage = clamp(u_half_width + 0.5 - abs(v_across), 0.0, 1.0);
  if (coverage <= 0.0) discard;
  frag_colour = vec4(v_colour.rgb, v_colour.a * coverage);
}
