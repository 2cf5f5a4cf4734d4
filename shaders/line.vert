#version 330 core
// Instanced thick line segments: each instance is one segment, each of its four
// vertices a corner of a screen-aligned quad around it, u_half_width pixels to each side
// (plus one pixel for anti-aliasing) and u_cap pixels past each end: half the width for
// square caps on separate segments, 0 for the segments of a polyline (which must not
// overlap, or a translucent line would look dashed where they double up).
layout(location = 0) in vec2 a_corner;      // x: 0 at the start, 1 at the end; y: -1 or +1 across
layout(location = 1) in vec3 i_start;       // per instance, model space
layout(location = 2) in vec3 i_end;
layout(location = 3) in vec4 i_start_colour;  // display RGB + alpha
layout(location = 4) in vec4 i_end_colour;
uniform mat4 u_view_projection;  // model -> clip space
uniform vec2 u_viewport_size;    // pixels
uniform float u_half_width;      // pixels
uniform float u_cap;             // pixels
out vec4 v_colour;
out float v_across;  // pixels from the centre line, signed

void main() {
  vec4 clip_start = u_view_projection * vec4(i_start, 1.0);
  vec4 clip_end = u_view_projection * vec4(i_end, 1.0);
  // Clip the segment against the near plane (z = -w in clip space) before dividing by w,
  // so a segment running behind the eye does not flip across the screen.
  float start_in_front = clip_start.z + clip_start.w;
  float end_in_front = clip_end.z + clip_end.w;
  if (start_in_front < 0.0 && end_in_front < 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // wholly behind: outside the clip volume
    v_colour = vec4(0.0);
    v_across = 0.0;
    return;
  }
  if (start_in_front < 0.0)
    clip_start = mix(clip_start, clip_end, start_in_front / (start_in_front - end_in_front));
  if (end_in_front < 0.0)
    clip_end = mix(clip_end, clip_start, end_in_front / (end_in_front - start_in_front));

  vec2 half_viewport = 0.5 * u_viewport_size;
  vec2 screen_start = clip_start.xy / clip_start.w * half_viewport;  // pixels from the centre
  vec2 screen_end = clip_end.xy / clip_end.w * half_viewport;
  vec2 along = screen_end - screen_start;
  float length_pixels = length(along);
  vec2 direction = length_pixels > 1e-4 ? along / length_pixels : vec2(1.0, 0.0);
  vec2 normal = vec2(-direction.y, direction.x);

  float reach = u_half_width + 1.0;
  vec4 clip = a_corner.x < 0.5 ? clip_start : clip_end;
  vec2 offset_pixels = normal * a_corner.y * reach + direction * (2.0 * a_corner.x - 1.0) * u_cap;
  clip.xy += offset_pixels / half_viewport * clip.w;
  gl_Position = clip;
  v_colour = mix(i_start_colour, i_end_colour, a_corner.x);
  v_across = a_corner.y * reach;
}
