#version 330 core
// Instanced joint spheres: a unit sphere (its positions are its normals), one matrix
// (uniform scale + translation) and colour per joint.
layout(location = 0) in vec3 a_position;  // mesh space, also the outward normal
layout(location = 2) in mat4 i_model;     // per instance: mesh -> model space (locations 2-5)
layout(location = 6) in vec4 i_colour;
uniform mat4 u_view;
uniform mat4 u_projection;
out vec3 v_view_position;
out vec3 v_view_normal;
flat out vec4 v_colour;

void main() {
  vec4 view_position = u_view * (i_model * vec4(a_position, 1.0));
  v_view_position = view_position.xyz;
  // The instance scale is uniform, so the normal needs no inverse transpose.
  v_view_normal = mat3(u_view) * (mat3(i_model) * a_position);
  v_colour = i_colour;
  gl_Position = u_projection * view_position;
}
