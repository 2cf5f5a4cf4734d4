#version 330 core
// Flat-shaded faces with dark anti-aliased edges, like Blender's octahedral bones.
in vec3 v_view_position;
in vec3 v_barycentric;
flat in vec4 v_colour;
uniform vec3 u_view_up;  // model-space +Y in view space, for the hemisphere light
uniform mat4 u_projection;
out vec4 frag_colour;

vec3 light(vec3 base, vec3 normal, vec3 to_eye, vec3 view_up);  // lighting.glsl

void main() {
  // The face's normal from the screen-space derivatives of the view-space position: flat
  // shading for any instance matrix, and always facing the viewer.
  vec3 normal = normalize(cross(dFdx(v_view_position), dFdy(v_view_position)));
  // The eye looks along -Z everywhere in orthographic (the projection's last row (0, 0, 0, 1)).
  vec3 to_eye = u_projection[3][3] == 1.0 ? vec3(0.0, 0.0, 1.0) : normalize(-v_view_position);
  vec3 colour = light(v_colour.rgb, normal, to_eye, u_view_up);

  // Distance to the nearest edge of this face in pixels, from the barycentric coordinates.
  vec3 bary_per_pixel = max(fwidth(v_barycentric), vec3(1e-6));
  vec3 pixels_to_edge = v_barycentric / bary_per_pixel;
  float edge_distance = min(min(pixels_to_edge.x, pixels_to_edge.y), pixels_to_edge.z);
  float edge = 1.0 - smoothstep(0.4, 1.4, edge_distance);
  // A face only a few pixels across would be all edge and turn black: there the edges
  // fade, and a far-away bone keeps its colour.
  float face_pixels = 1.0 / max(max(bary_per_pixel.x, bary_per_pixel.y), bary_per_pixel.z);
  edge *= smoothstep(3.0, 8.0, face_pixels);
  colour = mix(colour, v_colour.rgb * 0.18, edge * 0.9);
  frag_colour = vec4(colour, v_colour.a);
}
