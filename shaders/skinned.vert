#version 330 core
// Linear blend skinning (render/skinning.h has the maths and the CPU reference).
//
// A vertex's skinning matrix is the weighted sum of its four joints' model_from_bind
// matrices, which live in a texture buffer: matrix k of this mesh is the four RGBA32F
// texels (its columns) from (u_first_matrix + k) * 4. A texture buffer rather than a
// uniform array because GL 3.3 only promises 1024 uniform components (64 matrices) to a
// vertex shader, and a skin may have hundreds of joints.
layout(location = 0) in vec3 a_position;  // bind space
layout(location = 1) in vec3 a_normal;    // bind space, unit
layout(location = 2) in uvec4 a_joints;   // skin joint indices (an integer attribute)
layout(location = 3) in vec4 a_weights;   // summing to 1
uniform samplerBuffer u_joint_matrices;   // model_from_bind per skin joint, all meshes
uniform int u_first_matrix;               // this mesh's first matrix in it
uniform mat4 u_view;                      // model -> view space
uniform mat4 u_projection;                // view -> clip space
out vec3 v_view_position;
out vec3 v_view_normal;

mat4 joint_matrix(uint joint) {
  int texel = (u_first_matrix + int(joint)) * 4;
  return mat4(texelFetch(u_joint_matrices, texel), texelFetch(u_joint_matrices, texel + 1),
              texelFetch(u_joint_matrices, texel + 2), texelFetch(u_joint_matrices, texel + 3));
}

void main() {
  mat4 model_from_bind = a_weights.x * joint_matrix(a_joints.x) +
                         a_weights.y * joint_matrix(a_joints.y) +
                         a_weights.z * joint_matrix(a_joints.z) +
                         a_weights.w * joint_matrix(a_joints.w);
  vec4 view_position = u_view * (model_from_bind * vec4(a_position, 1.0));
  v_view_position = view_position.xyz;
  // The upper 3x3 carries normals exactly for rotations and uniform scale, which is what
  // joints hold; the fragment shader renormalises.
  v_view_normal = mat3(u_view) * (mat3(model_from_bind) * a_normal);
  gl_Position = u_projection * view_position;
}
