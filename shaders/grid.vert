#version 330 core
// The floor: one quad in the XZ plane (model space, y = 0), u_extent from the origin.
layout(location = 0) in vec2 a_corner;  // (+-1, +-1)
uniform mat4 u_view_projection;         // model space -> clip space
uniform float u_extent;
out vec2 v_floor;  // model-space (x, z) of this point of the floor

void main() {
  v_floor = a_corner * u_extent;
  gl_Position = u_view_projection * vec4(v_floor.x, 0.0, v_floor.y, 1.0);
}
