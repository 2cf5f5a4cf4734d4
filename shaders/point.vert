#version 330 core
// Instanced round points (goal handles, markers): a screen-aligned square of
// u_radius pixels (plus one for anti-aliasing) around each centre.
layout(location = 0) in vec2 a_corner;  // (+-1, +-1)
layout(location = 1) in vec3 i_centre;  // per instance, model space
layout(location = 2) in vec4 i_colour;  // display RGB + alpha
uniform mat4 u_view_projection;
uniform vec2 u_viewport_size;  // pixels
uniform float u_radius;        // pixels
out vec2 v_offset;  // pixels from the centre
flat out vec4 v_colour;

void main() {
  vec4 clip = u_view_projection * vec4(i_centre, 1.0);
  float reach = u_radius + 1.0;
  v_offset = a_corner * reach;
  clip.xy += v_offset / (0.5 * u_viewport_size) * clip.w;
  gl_Position = clip;
  v_colour = i_colour;
}
