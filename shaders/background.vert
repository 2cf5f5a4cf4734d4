#version 330 core
// A full-viewport triangle made from gl_VertexID alone (no vertex buffer): the three
// corners (-1,-1), (3,-1), (-1,3) cover the whole clip square.
out float v_height;  // 0 at the bottom of the viewport, 1 at the top

void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  v_height = 0.5 * corner.y + 0.5;
  gl_Position = vec4(corner, 1.0, 1.0);
}
