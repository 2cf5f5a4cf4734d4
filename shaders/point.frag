#version 330 core
// A filled disc with a dark outline about 1.5 pixels wide, anti-aliased.
in vec2 v_offset;
flat in vec4 v_colour;
uniform float u_radius;  // pixels
out vec4 frag_colour;

void main() {
  float r = length(v_offset);
  float coverage = clamp(u_radius + 0.5 - r, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  float outline = clamp(r - (u_radius - 2.0) + 0.5, 0.0, 1.0);
  vec3 colour = mix(v_colour.rgb, v_colour.rgb * 0.2, outline);
  frag_colour = vec4(colour, v_colour.a * coverage);
}
