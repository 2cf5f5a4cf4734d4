#version 330 core
// A vertical gradient, dithered by a fraction of one 8-bit step so the dark, shallow
// gradient shows no bands.
in float v_height;
uniform vec3 u_bottom_colour;  // display RGB
uniform vec3 u_top_colour;
out vec4 frag_colour;

// A cheap hash of the pixel position, uniform in [0, 1).
float hash(vec2 p) {
  return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

void main() {
  vec3 colour = mix(u_bottom_colour, u_top_colour, smoothstep(0.0, 1.0, v_height));
  colour += (hash(gl_FragCoord.xy) - 0.5) / 255.0;
  frag_colour = vec4(colour, 1.0);
}
