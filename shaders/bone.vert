#version 330 core
// Instanced octahedral bones: one mesh (render/meshes.h), one matrix and colour per bone.
layout(location = 0) in vec3 a_position;     // mesh space
layout(location = 1) in vec3 a_barycentric;  // (1,0,0), (0,1,0), (0,0,1) at a face's corners
layout(location = 2) in mat4 i_model;        // per instance: mesh -> model space (locations 2-5)
layout(location = 6) in vec4 i_colour;       // per instance: display RGB + alpha
uniform mat4 u_view;        // model -> view space
uniform mat4 u_projection;  // view -> clip space
out vec3 v_view_position;
out vec3 v_barycentric;
flat out vec4 v_colour;

void main() {
  vec4 view_position = u_view * (i_model * vec4(a_position, 1.0));
  v_view_position = view_position.xyz;
  v_barycentric = a_barycentric;
  v_colour = i_colour;
  gl_Position = u_projection * view_position;
}
