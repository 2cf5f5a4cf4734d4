#version 330 core
// Anti-aliased grid lines computed per pixel: minor lines, stronger major lines, the X
// axis (z = 0) in red and the Z axis (x = 0) in blue. Lines that would crowd closer than
// a few pixels fade out (no moire at grazing angles or far away), and the whole grid
// fades towards its edge.
in vec2 v_floor;
uniform float u_minor;   // spacing of the minor lines, model units
uniform float u_major;   // spacing of the major lines
uniform float u_extent;  // radius at which the grid has faded out completely
uniform vec4 u_minor_colour;  // display RGB + opacity
uniform vec4 u_major_colour;
uniform vec4 u_axis_x_colour;
uniform vec4 u_axis_z_colour;
out vec4 frag_colour;

// Coverage (0..1) of lines every `spacing` units along x and along z, half_width pixels
// to each side of the line (plus half a pixel of anti-aliasing).
float line_coverage(vec2 p, float spacing, float half_width) {
  vec2 cell = p / spacing;
  vec2 cells_per_pixel = max(fwidth(cell), vec2(1e-6));
  vec2 pixels_to_line = abs(fract(cell - 0.5) - 0.5) / cells_per_pixel;
  vec2 coverage = clamp(half_width + 0.5 - pixels_to_line, 0.0, 1.0);
  // A cell narrower than ~4 pixels fades away entirely by ~3 pixels.
  coverage *= 1.0 - smoothstep(0.2, 0.33, cells_per_pixel);
  return max(coverage.x, coverage.y);
}

// Coverage of the single line where `coordinate` is 0.
float axis_coverage(float coordinate, float half_width) {
  float pixels_to_line = abs(coordinate) / max(fwidth(coordinate), 1e-6);
  return clamp(half_width + 0.5 - pixels_to_line, 0.0, 1.0);
}

void main() {
  float minor = line_coverage(v_floor, u_minor, 0.5);
  float major = line_coverage(v_floor, u_major, 0.75);
  float axis_x = axis_coverage(v_floor.y, 1.0);  // the line z = 0 runs along X
  float axis_z = axis_coverage(v_floor.x, 1.0);  // the line x = 0 runs along Z

  // Layer the lines from weakest to strongest, in premultiplied form.
  vec4 colour = vec4(0.0);
  colour = mix(colour, vec4(u_minor_colour.rgb, 1.0) * u_minor_colour.a, minor);
  colour = mix(colour, vec4(u_major_colour.rgb, 1.0) * u_major_colour.a, major);
  colour = mix(colour, vec4(u_axis_z_colour.rgb, 1.0) * u_axis_z_colour.a, axis_z);
  colour = mix(colour, vec4(u_axis_x_colour.rgb, 1.0) * u_axis_x_colour.a, axis_x);

  float fade = 1.0 - smoothstep(0.35 * u_extent, u_extent, length(v_floor));
  colour *= fade;
  if (colour.a <= 0.002) discard;
  frag_colour = colour;  // premultiplied alpha: blend with (ONE, ONE_MINUS_SRC_ALPHA)
}
