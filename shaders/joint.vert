#version 330 core
// Instanced joint spheres as impostors: each joint is one eye-facing square (two
// triangles) around its sphere; joint.frag intersects the eye ray with the sphere for the
// normal and the depth. A tessellated sphere cost 480 triangles per joint, which on a
// software rasteriser made a 2,000-joint rig draw ~7 times slower than the humanoid.
// The instance matrix is a uniform scale (the radius) and a translation (the centre).
layout(location = 0) in vec2 a_corner;  // (+-1, +-1)
layout(location = 2) in mat4 i_model;   // per instance: unit sphere -> model space (locations 2-5)
layout(location = 6) in vec4 i_colour;
uniform mat4 u_view;
uniform mat4 u_projection;
out vec3 v_view_position;  // the square's point, view space
flat out vec3 v_centre;    // the sphere's centre, view space
flat out float v_radius;
flat out vec4 v_colour;

void main() {
  vec3 centre = (u_view * vec4(i_model[3].xyz, 1.0)).xyz;
  float radius = length((u_view * vec4(i_model[0].xyz, 0.0)).xyz);
  // An orthographic projection (its last row is (0, 0, 0, 1)) looks along -Z everywhere:
  // the square faces +Z and the outline's radius is the sphere's.
  bool orthographic = u_projection[3][3] == 1.0;
  float d = length(centre);
  vec3 to_eye = orthographic ? vec3(0.0, 0.0, 1.0) : (d > 0.0 ? -centre / d : vec3(0.0, 0.0, 1.0));
  vec3 helper = abs(to_eye.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 right = normalize(cross(helper, to_eye));
  vec3 up = cross(to_eye, right);
  // Seen from the eye, the sphere's outline on the plane through its centre facing the
  // eye has radius r d / sqrt(d^2 - r^2) in perspective, r in orthographic; a quarter more
  // leaves room for the anti-aliased edge. An eye inside the sphere draws nothing (an empty
  // square).
  float inside = d * d - radius * radius;
  float half_size = orthographic ? 1.25 * radius : (inside > 0.0 ? 1.25 * radius * d / sqrt(inside) : 0.0);
  v_view_position = centre + half_size * (a_corner.x * right + a_corner.y * up);
  v_centre = centre;
  v_radius = radius;
  v_colour = i_colour;
  gl_Position = u_projection * vec4(v_view_position, 1.0);
}
