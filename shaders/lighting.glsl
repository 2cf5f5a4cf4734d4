// Shared by bone.frag and joint.frag: inserted after their #version line by
// render/gl_program.cpp, so both are lit the same way.
//
// View space, display RGB. A key light from the upper left, a weaker fill from the
// lower right (so the faces of an octahedron all read differently), a hemisphere
// ambient term (lighter from the sky, darker from the ground; `view_up` is model +Y in
// view space) and a faint rim so silhouettes lift off the dark background.
vec3 light(vec3 base, vec3 normal, vec3 to_eye, vec3 view_up) {
  const vec3 key_direction = vec3(-0.48, 0.62, 0.62);   // towards the key light, unit
  const vec3 fill_direction = vec3(0.70, -0.25, 0.67);  // towards the fill light, unit
  float key = max(dot(normal, key_direction), 0.0);
  float fill = max(dot(normal, fill_direction), 0.0);
  float sky = 0.5 + 0.5 * dot(normal, view_up);
  float ambient = mix(0.22, 0.42, sky);
  float rim = pow(1.0 - max(dot(normal, to_eye), 0.0), 3.0);
  return base * (ambient + 0.72 * key + 0.22 * fill) + 0.06 * rim;
}
