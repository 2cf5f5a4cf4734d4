#version 330 core
// Smooth-shaded sphere impostors (joint.vert) with a small highlight and a dark
// silhouette ring: the eye ray through this fragment meets the sphere at the nearest hit,
// whose normal is lit and whose depth is written, so joints sort against bones and each
// other like real spheres. The edge is anti-aliased through the alpha (alpha to coverage
// with multisampling, set by the renderer).
in vec3 v_view_position;
flat in vec3 v_centre;
flat in float v_radius;
flat in vec4 v_colour;
uniform mat4 u_projection;
uniform vec3 u_view_up;
out vec4 frag_colour;

vec3 light(vec3 base, vec3 normal, vec3 to_eye, vec3 view_up);  // lighting.glsl

void main() {
  // The eye ray through this fragment: from the eye at the origin in perspective; in
  // orthographic (the projection's last row (0, 0, 0, 1)) along -Z from the fragment's
  // point on the plane z = 0.
  bool orthographic = u_projection[3][3] == 1.0;
  vec3 origin = orthographic ? vec3(v_view_position.xy, 0.0) : vec3(0.0);
  vec3 ray = orthographic ? vec3(0.0, 0.0, -1.0) : normalize(v_view_position);
  float along = dot(ray, v_centre - origin);
  float miss_squared = max(dot(v_centre - origin, v_centre - origin) - along * along, 0.0);
  float miss = sqrt(miss_squared);  // the ray's distance from the centre
  float coverage = clamp((v_radius - miss) / max(fwidth(miss), 1e-7) + 0.5, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  float half_chord = sqrt(max(v_radius * v_radius - miss_squared, 0.0));
  vec3 hit = origin + ray * (along - half_chord);
  vec3 normal = (hit - v_centre) / v_radius;
  vec3 to_eye = -ray;
  vec3 colour = light(v_colour.rgb, normal, to_eye, u_view_up);
  const vec3 key_direction = vec3(-0.48, 0.62, 0.62);
  float specular = pow(max(dot(normal, normalize(key_direction + to_eye)), 0.0), 40.0);
  colour += 0.2 * specular;

  // Silhouette: where the surface turns away from the eye, about a pixel wide.
  float facing = max(dot(normal, to_eye), 0.0);
  float ring = 1.0 - smoothstep(0.0, 2.0 * fwidth(facing), facing - 0.1);
  colour = mix(colour, v_colour.rgb * 0.18, ring * 0.9);

  vec4 clip = u_projection * vec4(hit, 1.0);
  gl_FragDepth = 0.5 * (clip.z / clip.w) + 0.5;
  frag_colour = vec4(colour, v_colour.a * coverage);
}
