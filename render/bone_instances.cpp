#include "render/bone_instances.h"

#include <algorithm>
#include <cmath>

#include "render/meshes.h"

namespace render {
namespace {

// Joint sphere radius: this fraction of the adjacent bone's length (a little under the
// octahedron's waist, kBoneHalfWidth, as in Blender)...
constexpr float kJointRadiusOfBone = 0.07f;
// ...at most this fraction of the skeleton's size (bounding-box diagonal), so one huge
// bone does not give a huge ball...
constexpr float kJointRadiusMax = 0.02f;
// ...and at least this fraction, so short bones' joints still show, but never much wider
// than the bone itself (kJointRadiusMaxOfBone), or a long chain of short bones would
// turn into a string of beads.
constexpr float kJointRadiusMin = 0.002f;
constexpr float kJointRadiusMaxOfBone = 0.12f;
// A joint whose bones all have zero length gets this fraction of the skeleton's size.
constexpr float kLoneJointRadius = 0.004f;
// Added tips are drawn smaller than real joints.
constexpr float kAddedTipRadiusScale = 0.6f;

glm::vec3 position_of(const glm::mat4& m) { return glm::vec3(m[3]); }

// Any unit vector perpendicular to unit `d`.
glm::vec3 any_perpendicular(const glm::vec3& d) {
  const glm::vec3 helper =
      std::abs(d.x) < 0.9f ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
  return glm::normalize(glm::cross(helper, d));
}

}  // namespace

glm::mat4 bone_matrix(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& roll_hint) {
  const glm::vec3 along = tail - head;
  const float length = glm::length(along);
  if (!(length > 0.0f) || !std::isfinite(length)) return glm::mat4(0.0f);
  const glm::vec3 d = along / length;
  // Gram-Schmidt: the part of the hint perpendicular to the bone gives the roll.
  glm::vec3 x = roll_hint - glm::dot(roll_hint, d) * d;
  const float x_length = glm::length(x);
  x = (x_length > 1e-4f * glm::length(roll_hint) && std::isfinite(x_length)) ? x / x_length
                                                                             : any_perpendicular(d);
  // Right-handed (x, d, z), so the mesh's counter-clockwise faces stay counter-clockwise.
  const glm::vec3 z = glm::cross(x, d);
  // Mesh +Y (head to tail) becomes the bone itself; the waist corners, at distance 1 from
  // the mesh axis, end up kBoneHalfWidth * length from the bone's axis.
  const float half_width = kBoneHalfWidth * length;
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x * half_width, 0.0f);
  m[1] = glm::vec4(along, 0.0f);
  m[2] = glm::vec4(z * half_width, 0.0f);
  m[3] = glm::vec4(head, 1.0f);
  return m;
}

float skeleton_size(const std::vector<glm::mat4>& world) {
  if (world.empty()) return 1e-6f;
  glm::vec3 lo = position_of(world[0]);
  glm::vec3 hi = lo;
  for (const glm::mat4& m : world) {
    lo = glm::min(lo, position_of(m));
    hi = glm::max(hi, position_of(m));
  }
  const float size = glm::length(hi - lo);
  return std::isfinite(size) ? std::max(size, 1e-6f) : 1e-6f;
}

float joint_radius(const ik::Skeleton& skeleton, const std::vector<glm::mat4>& world, int joint,
                   float size) {
  const glm::vec3 p = position_of(world[joint]);
  float bone_length = 0.0f;
  // The subtree of `joint` is the joint followed by its children's subtrees, one after
  // another (DFS order), so hopping from subtree end to subtree end visits exactly the
  // children: O(children), not O(subtree), and a 1000-joint chain stays linear.
  const int end = std::min(skeleton.subtree_end[joint], static_cast<int>(world.size()));
  for (int c = joint + 1; c < end; c = skeleton.subtree_end[c])
    bone_length = std::max(bone_length, glm::length(position_of(world[c]) - p));
  const int parent = skeleton.parent[joint];
  if (bone_length == 0.0f && parent >= 0) bone_length = glm::length(p - position_of(world[parent]));
  const float lower = bone_length > 0.0f
                          ? std::min(kJointRadiusMin * size, kJointRadiusMaxOfBone * bone_length)
                          : kLoneJointRadius * size;
  float radius = std::clamp(kJointRadiusOfBone * bone_length, lower, kJointRadiusMax * size);
  if (skeleton.is_added_tip[joint]) radius *= kAddedTipRadiusScale;
  return radius;
}

void build_skeleton_instances(const ik::Skeleton& skeleton, const std::vector<glm::mat4>& world,
                              int selected_joint, int hovered_joint, const SkeletonPalette& palette,
                              const HighlightSize& highlight, std::vector<MeshInstance>& bones,
                              std::vector<MeshInstance>& joints) {
  bones.clear();
  joints.clear();
  const int n = std::min(skeleton.joint_count(), static_cast<int>(world.size()));
  const float size = skeleton_size(world);
  for (int j = 0; j < n; ++j) {
    // The bone from the parent to j belongs to the parent (as a Blender bone belongs to
    // its head): it lights up when the parent is selected or hovered.
    const int parent = skeleton.parent[j];
    if (parent >= 0) {
      const glm::vec3 head = position_of(world[parent]);
      const glm::vec3 tail = position_of(world[j]);
      const glm::mat4 m = bone_matrix(head, tail, glm::vec3(world[parent][0]));
      if (m[3][3] != 0.0f) {  // zero-length bones give an all-zero matrix
        glm::vec4 colour = palette.bone;
        if (parent == selected_joint)
          colour = palette.bone_selected;
        else if (parent == hovered_joint)
          colour = palette.bone_hovered;
        bones.push_back({m, colour});
      }
    }
    glm::vec4 colour = skeleton.is_added_tip[j] ? palette.added_tip : palette.joint;
    if (j == selected_joint)
      colour = palette.joint_selected;
    else if (j == hovered_joint)
      colour = palette.joint_hovered;
    float r = joint_radius(skeleton, world, j, size);
    if (j == selected_joint || j == hovered_joint) {
      // Depth of the joint in front of the eye (view space looks down -Z).
      const float depth = -(highlight.view * world[j][3]).z;
      if (depth > 0.0f) r = std::max(r, highlight.radius_per_depth * depth);
    }
    glm::mat4 m(r);
    m[3] = glm::vec4(position_of(world[j]), 1.0f);
    joints.push_back({m, colour});
  }
}

}  // namespace render
