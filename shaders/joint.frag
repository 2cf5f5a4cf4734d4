#version 330 core
// Smooth-shaded spheres with a small highlight and a dark silhouette ring.
in vec3 v_view_position;
in vec3 v_view_normal;
flat in vec4 v_colour;
uniform vec3 u_view_up;
out vec4 frag_colour;

vec3 light(vec3 base, vec3 normal, vec3 to_eye, vec3 view_up);  // lighting.glsl

void main() {
  vec3 normal = normalize(v_view_normal);
  vec3 to_eye = normalize(-v_view_position);
  vec3 colour = light(v_colour.rgb, normal, to_eye, u_view_up);
  const vec3 key_direction = vec3(-0.48, 0.62, 0.62);
  float specular = pow(max(dot(normal, normalize(key_direction + to_eye)), 0.0), 40.0);
  colour += 0.2 * specular;

  // Silhouette: where the surface turns away from the eye, about a pixel wide.
  float facing = max(dot(normal, to_eye), 0.0);
  float ring = 1.0 - smoothstep(0.0, 2.0 * fwidth(facing), facing - 0.1);
  colour = mix(colour, v_colour.rgb * 0.18, ring * 0.9);
  frag_colour = vec4(colour, v_colour.a);
}
