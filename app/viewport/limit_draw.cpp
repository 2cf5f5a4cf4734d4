#include "app/viewport/limit_draw.h"

#include <cmath>

#include "app/editor/status_colours.h"
#include "solvers/ik/limits.h"
#include "solvers/rig/default_limits.h"

namespace app {
namespace {

constexpr int kRimSegments = 64;
constexpr int kArcSegments = 32;
const glm::vec4 kConeColour(0.45f, 0.75f, 1.0f, 0.55f);
const glm::vec4 kSpokeColour(0.45f, 0.75f, 1.0f, 0.22f);
const glm::vec4 kTwistColour(0.95f, 0.80f, 0.35f, 0.85f);
const glm::vec4 kInsideColour(0.35f, 0.95f, 0.45f, 1.0f);
const glm::vec4 kAtLimitColour = mark_style(Mark::at_limit).colour;  // the vocabulary's (status_colours.h)

// Closer than this fraction of a range's end (or of the cone's rim) counts as at the limit.
constexpr float kAtLimitFraction = 0.01f;

// The joint's bone length in model space (to its first child), or a fallback.
float bone_length(const Editor& editor, int j) {
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const glm::vec3 p = ik::position_of(editor.solve.world[static_cast<size_t>(j)]);
  if (!s.is_leaf(j)) {
    const float length = glm::length(ik::position_of(editor.solve.world[static_cast<size_t>(j + 1)]) - p);
    if (length > 0.0f) return length;
  }
  return 0.1f * scene_size(editor);
}

// The linear map from the joint's rest frame (where its limits are measured) to model
// space: the parent's current frame times the rest rotation, without scale.
glm::mat3 rest_frame_to_model(const Editor& editor, int j) {
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const int p = s.parent[static_cast<size_t>(j)];
  glm::mat3 parent(1.0f);
  if (p >= 0) {
    parent = glm::mat3(editor.solve.world[static_cast<size_t>(p)]);
    for (int c = 0; c < 3; ++c) parent[c] = glm::normalize(parent[c]);
  }
  return parent * glm::mat3_cast(s.rest[static_cast<size_t>(j)].rotation);
}

void draw_cone(render::Renderer& renderer, const Editor& editor, int j, const ik::JointLimits& l) {
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const glm::vec3 centre = ik::position_of(editor.solve.world[static_cast<size_t>(j)]);
  const float length = bone_length(editor, j);
  // Drawn in the cone's middle frame (the rest frame turned by cone_middle): the swing and
  // twist below are read from there.
  const glm::mat3 to_model = rest_frame_to_model(editor, j) * glm::mat3_cast(l.cone_middle);
  const glm::vec3 n = ik::cone_bone_axis(l);
  glm::vec3 u, v;
  ik::cone_axes(n, u, v);

  // Rim and spokes: the bone's direction at the cone's edge, swung toward each angle.
  std::vector<glm::vec3> rim, spokes;
  for (int k = 0; k <= kRimSegments; ++k) {
    const float phi = 6.2831853f * static_cast<float>(k) / kRimSegments;
    const glm::vec3 rotation_vector = l.swing.x * std::cos(phi) * u + l.swing.y * std::sin(phi) * v;
    const float angle = glm::length(rotation_vector);
    const glm::vec3 edge = angle > 0.0f ? glm::angleAxis(angle, rotation_vector / angle) * n : n;
    rim.push_back(centre + length * (to_model * edge));
    if (k % 8 == 0 && k < kRimSegments) {
      spokes.push_back(centre);
      spokes.push_back(rim.back());
    }
  }
  renderer.draw_polyline(rim, {kConeColour}, 2.0f, true);
  renderer.draw_lines(spokes, {kSpokeColour}, 1.5f, true);

  // The bone's current direction and the twist, read as the clamp reads them.
  const glm::quat rest = s.rest[static_cast<size_t>(j)].rotation;
  const glm::quat local = editor.solve.pose.local[static_cast<size_t>(j)].rotation;
  const ik::SwingTwist reading = ik::swing_twist_angles(l, glm::normalize(glm::conjugate(rest) * local));
  const glm::vec3 swing_vector = reading.swing.x * u + reading.swing.y * v;
  const float swing_angle = glm::length(swing_vector);
  const glm::quat swing =
      swing_angle > 0.0f ? glm::angleAxis(swing_angle, swing_vector / swing_angle) : glm::quat(1, 0, 0, 0);
  const bool swing_at_limit =
      ik::cone_swing_ratio(l, reading.swing) >= (1.0f - kAtLimitFraction) * (1.0f - kAtLimitFraction) &&
      (l.swing.x < 3.14159f || l.swing.y < 3.14159f);
  const glm::vec3 bone = to_model * (swing * n);
  renderer.draw_lines({centre, centre + length * bone}, {swing_at_limit ? kAtLimitColour : kInsideColour}, 3.0f, true);
  renderer.draw_points({centre + length * bone}, {swing_at_limit ? kAtLimitColour : kInsideColour}, 4.0f, true);

  // The twist arc: the range turned about the current bone, halfway along it.
  const float width = l.twist_max - l.twist_min;
  if (!(width < 6.2831853f)) return;
  const glm::vec3 arc_centre = centre + 0.5f * length * bone;
  const float radius = 0.3f * length;
  const glm::vec3 across_u = to_model * (swing * u), across_w = to_model * (swing * glm::cross(n, u));
  std::vector<glm::vec3> arc;
  for (int k = 0; k <= kArcSegments; ++k) {
    const float t = l.twist_min + width * static_cast<float>(k) / kArcSegments;
    arc.push_back(arc_centre + radius * (std::cos(t) * across_u + std::sin(t) * across_w));
  }
  renderer.draw_polyline(arc, {kTwistColour}, 2.0f, true);
  const float margin = kAtLimitFraction * std::max(width, 0.05f);
  const bool twist_at_limit = reading.twist <= l.twist_min + margin || reading.twist >= l.twist_max - margin;
  const float t = reading.twist;
  renderer.draw_lines({arc_centre, arc_centre + 1.2f * radius * (std::cos(t) * across_u + std::sin(t) * across_w)},
                      {twist_at_limit ? kAtLimitColour : kInsideColour}, 2.5f, true);
}

void draw_hinge(render::Renderer& renderer, const Editor& editor, int j, const ik::JointLimits& l) {
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const glm::vec3 centre = ik::position_of(editor.solve.world[static_cast<size_t>(j)]);
  const float length = bone_length(editor, j);
  const glm::mat3 to_model = rest_frame_to_model(editor, j);
  const glm::vec3 axis = ik::hinge_axis(l);
  const glm::vec3 bone = ik::rest_bone_direction(s, j);
  const float width = std::min(l.max.x - l.min.x, 6.2831853f);
  std::vector<glm::vec3> arc{centre};
  for (int k = 0; k <= kArcSegments; ++k) {
    const float t = l.min.x + width * static_cast<float>(k) / kArcSegments;
    arc.push_back(centre + 0.8f * length * (to_model * (glm::angleAxis(t, axis) * bone)));
  }
  arc.push_back(centre);
  renderer.draw_polyline(arc, {kConeColour}, 2.0f, true);
  const bool at_limit =
      joint_at_limit(l, s.rest[static_cast<size_t>(j)].rotation, editor.solve.pose.local[static_cast<size_t>(j)].rotation);
  const glm::vec3 tip = glm::mat3(editor.solve.world[static_cast<size_t>(j)]) * bone;
  const glm::vec3 direction = glm::length(tip) > 0.0f ? glm::normalize(tip) : bone;
  renderer.draw_lines({centre, centre + length * direction}, {at_limit ? kAtLimitColour : kInsideColour}, 3.0f, true);
}

}  // namespace

bool joint_at_limit(const ik::JointLimits& l, const glm::quat& rest, const glm::quat& local) {
  if (!l.enabled) return false;
  const glm::quat offset = glm::normalize(glm::conjugate(rest) * local);
  if (l.hinge) {
    const float angle = ik::twist_angle(offset, ik::hinge_axis(l));
    const float margin = kAtLimitFraction * std::max(l.max.x - l.min.x, 0.05f);
    return angle <= l.min.x + margin || angle >= l.max.x - margin;
  }
  if (l.cone) {
    const ik::SwingTwist r = ik::swing_twist_angles(l, offset);
    const float margin = kAtLimitFraction * std::max(l.twist_max - l.twist_min, 0.05f);
    const bool twist_limited = l.twist_max - l.twist_min < 6.2831853f;
    return ik::cone_swing_ratio(l, r.swing) >= (1.0f - kAtLimitFraction) * (1.0f - kAtLimitFraction) ||
           (twist_limited && (r.twist <= l.twist_min + margin || r.twist >= l.twist_max - margin));
  }
  return !ik::within_limits(l, rest, local, 0.0f);
}

void draw_selected_joint_limits(render::Renderer& renderer, const Editor& editor) {
  const int j = editor.selection.joint;
  const ik::Skeleton& s = editor.document.rig.skeleton;
  if (j < 0 || j >= s.joint_count() || static_cast<size_t>(j) >= editor.solve.world.size() ||
      static_cast<size_t>(j) >= editor.solve.pose.local.size())
    return;
  const ik::JointLimits& l = s.limits[static_cast<size_t>(j)];
  if (!l.enabled) return;
  if (l.hinge)
    draw_hinge(renderer, editor, j, l);
  else if (l.cone)
    draw_cone(renderer, editor, j, l);
}

}  // namespace app
