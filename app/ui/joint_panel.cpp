#include "app/ui/joint_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/editor/length_unit.h"
#include "app/editor/limit_edits.h"
#include "app/viewport/limit_draw.h"
#include "solvers/ik/limits.h"
#include "solvers/rig/default_limits.h"

namespace app {
namespace {

constexpr float kRadToDeg = 57.2957795f;
constexpr float kDegToRad = 1.0f / kRadToDeg;

enum LimitKind : int { kNone, kHinge, kPerAxis, kCone };

LimitKind kind_of(const ik::JointLimits& l) {
  if (!l.enabled) return kNone;
  if (l.hinge) return kHinge;
  return l.cone ? kCone : kPerAxis;
}

// Limits of a new kind with moderate starting values (a cone around the joint's bone).
ik::JointLimits limits_of_kind(const ik::Skeleton& s, int j, LimitKind kind) {
  ik::JointLimits l;
  l.enabled = kind != kNone;
  if (kind == kHinge) {
    l.hinge = true;
    l.min = glm::vec3(-90.0f * kDegToRad, 0.0f, 0.0f);
    l.max = glm::vec3(90.0f * kDegToRad, 0.0f, 0.0f);
  } else if (kind == kPerAxis) {
    l.min = glm::vec3(-45.0f * kDegToRad);
    l.max = glm::vec3(45.0f * kDegToRad);
  } else if (kind == kCone) {
    l.cone = true;
    l.bone_axis = ik::rest_bone_direction(s, j);
    l.swing = glm::vec2(45.0f * kDegToRad);
    l.twist_min = -45.0f * kDegToRad;
    l.twist_max = 45.0f * kDegToRad;
  }
  return l;
}

// A [min, max] pair in degrees as one two-handled slider row; keeps min <= max.
bool range_slider(const char* label, float& min_rad, float& max_rad, float lo_deg, float hi_deg) {
  float degrees[2] = {min_rad * kRadToDeg, max_rad * kRadToDeg};
  if (!ImGui::SliderFloat2(label, degrees, lo_deg, hi_deg, "%.0f")) return false;
  if (degrees[0] > degrees[1]) degrees[0] = degrees[1];
  min_rad = degrees[0] * kDegToRad;
  max_rad = degrees[1] * kDegToRad;
  return true;
}

// An axis as three numbers, normalised after an edit (a zero vector is refused).
bool axis_input(const char* label, glm::vec3& axis) {
  glm::vec3 edited = axis;
  if (!ImGui::DragFloat3(label, &edited.x, 0.01f, -1.0f, 1.0f, "%.2f")) return false;
  const float length = glm::length(edited);
  if (!(length > 1e-4f)) return false;
  axis = edited / length;
  return true;
}

// Undo for the widget just drawn: its value when the edit began (`at_frame_start`, the
// joint's limits before this frame's widgets) is kept when it becomes active, and the edit
// is one undo step when it is let go (as the chain panel's sliders do).
void track_limit_edit(Editor& editor, int j, const ik::JointLimits& at_frame_start) {
  if (ImGui::IsItemActivated()) editor.ui.limit_edit_before = at_frame_start;
  if (ImGui::IsItemDeactivatedAfterEdit()) commit_limit_edit(editor, j, editor.ui.limit_edit_before);
}

// The editors of one kind's values; true if one changed.
bool edit_values(Editor& editor, int j, ik::JointLimits& l) {
  const ik::JointLimits at_frame_start = l;
  bool changed = false;
  if (l.hinge) {
    changed |= axis_input("axis", l.hinge_axis);
    track_limit_edit(editor, j, at_frame_start);
    changed |= range_slider("range deg", l.min.x, l.max.x, -180.0f, 180.0f);
    track_limit_edit(editor, j, at_frame_start);
  } else if (l.cone) {
    float swing[2] = {l.swing.x * kRadToDeg, l.swing.y * kRadToDeg};
    if (ImGui::SliderFloat2("swing deg", swing, 0.0f, 180.0f, "%.0f")) {
      l.swing = glm::vec2(swing[0], swing[1]) * kDegToRad;
      changed = true;
    }
    track_limit_edit(editor, j, at_frame_start);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The cone's half angles across the bone (about X, then Z for a +Y bone).");
    changed |= range_slider("twist deg", l.twist_min, l.twist_max, -180.0f, 180.0f);
    track_limit_edit(editor, j, at_frame_start);
    changed |= axis_input("bone", l.bone_axis);
    track_limit_edit(editor, j, at_frame_start);
    // How far the cone's middle lies from the rest bone (the bone's direction, not the turn).
    const glm::vec3 bone = ik::cone_bone_axis(l);
    const float middle_deg = std::acos(std::clamp(glm::dot(bone, l.cone_middle * bone), -1.0f, 1.0f)) * kRadToDeg;
    if (middle_deg > 0.5f) {
      ImGui::TextDisabled("middle %.0f deg from rest", middle_deg);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The cone is centred off the rest pose (the default limits centre a shoulder's cone on the "
            "arm held forward and out); its swing and twist are read from that middle.");
    }
  } else {
    changed |= range_slider("x deg", l.min.x, l.max.x, -180.0f, 180.0f);
    track_limit_edit(editor, j, at_frame_start);
    changed |= range_slider("y deg", l.min.y, l.max.y, -180.0f, 180.0f);
    track_limit_edit(editor, j, at_frame_start);
    changed |= range_slider("z deg", l.min.z, l.max.z, -180.0f, 180.0f);
    track_limit_edit(editor, j, at_frame_start);
  }
  return changed;
}

void draw_limits_editor(Editor& editor, int j) {
  ik::Skeleton& s = editor.document.rig.skeleton;
  const size_t u = static_cast<size_t>(j);
  ik::JointLimits& l = s.limits[u];
  static const char* const kKinds[] = {"none", "hinge", "per-axis", "cone"};
  int kind = kind_of(l);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::Combo("limits", &kind, kKinds, 4) && kind != kind_of(l)) {
    const ik::JointLimits before = l;
    l = limits_of_kind(s, j, static_cast<LimitKind>(kind));
    commit_limit_edit(editor, j, before);  // one undo step
  }
  if (limits_edited(editor, j)) {
    ImGui::SameLine();
    ImGui::TextDisabled("(edited)");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("You edited this joint's limits: they are saved in the session and kept\n"
                        "when the default limits are turned off or on. Ctrl+Z undoes an edit.");
  }
  if (!l.enabled) return;
  edit_values(editor, j, l);
  if (static_cast<size_t>(j) < editor.solve.pose.local.size()) {
    const glm::quat& local = editor.solve.pose.local[u].rotation;
    const bool at_limit = joint_at_limit(l, s.rest[u].rotation, local);
    if (l.cone) {
      const ik::SwingTwist r = ik::swing_twist_angles(l, glm::normalize(glm::conjugate(s.rest[u].rotation) * local));
      ImGui::Text("now      swing %.0f, %.0f  twist %.0f deg", r.swing.x * kRadToDeg, r.swing.y * kRadToDeg,
                  r.twist * kRadToDeg);
    }
    if (at_limit) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.25f, 1.0f), l.cone ? "at limit" : "  at limit");
    }
  }
}

}  // namespace

float joint_details_height() {
  // 10 text lines: the rest translation takes two on rigs whose units are not metres.
  return ImGui::GetTextLineHeightWithSpacing() * 10.0f + ImGui::GetFrameHeightWithSpacing() * 6.0f;
}

void draw_joint_details(Editor& editor) {
  if (ik::default_limits_available(editor.document.rig)) {
    bool defaults = editor.document.rig.default_limits_applied;
    if (ImGui::Checkbox("Default limits from roles", &defaults)) {
      set_default_limits(editor, defaults);  // joints you edited keep their limits; undoable
      set_status(editor, defaults ? "default limits from roles on" : "default limits off (the file has none)", false);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The file has no joint limits: anatomical defaults from the joints' roles\n"
          "(hip and shoulder cones, knee and elbow hinges, ...). Off: no limits.\n"
          "Joints whose limits you edited keep them either way.");
  }
  if (const std::string edited = edited_joint_names(editor); !edited.empty()) {
    ImGui::TextDisabled("Edited limits (kept): %s", edited.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", edited.c_str());
  }
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const int j = editor.selection.joint;
  if (j < 0 || j >= s.joint_count()) {
    ImGui::TextDisabled("No joint selected.");
    return;
  }
  const size_t u = static_cast<size_t>(j);
  ImGui::Text("%d  %s%s", j, s.name[u].c_str(), s.is_added_tip[u] ? "  (added tip)" : "");
  const int p = s.parent[u];
  if (p >= 0)
    ImGui::Text("parent   %d  %s", p, s.name[static_cast<size_t>(p)].c_str());
  else
    ImGui::TextUnformatted("parent   none (root)");
  if (s.source_node[u] >= 0) ImGui::Text("glTF node %d", s.source_node[u]);
  const ik::Transform& rest = s.rest[u];
  // A local translation is in the parent's units: metres scaled by the parent's
  // model-space scale (a Mixamo or CesiumMan rig's 0.01 makes them centimetres).
  float metres_per_unit = 1.0f;
  if (p >= 0 && static_cast<size_t>(p) < editor.solve.world.size()) {
    const glm::mat4& m = editor.solve.world[static_cast<size_t>(p)];
    metres_per_unit = (glm::length(glm::vec3(m[0])) + glm::length(glm::vec3(m[1])) + glm::length(glm::vec3(m[2]))) / 3.0f;
  }
  const LengthUnit unit = length_unit_for_scale(metres_per_unit);
  const glm::vec3& t = rest.translation;
  ImGui::Text("rest t   %.4g %.4g %.4g %s", t.x, t.y, t.z, unit.name.c_str());
  if (!unit.is_metre) {
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("In the parent joint's units: 1 %s = %.4g m in model space", unit.name.c_str(),
                        unit.metres_per_unit);
    const glm::vec3 metres = t * unit.metres_per_unit;
    ImGui::Text("         %.4g %.4g %.4g m", metres.x, metres.y, metres.z);
  }
  ImGui::Text("rest r   %.3f %.3f %.3f %.3f (wxyz)", rest.rotation.w, rest.rotation.x, rest.rotation.y,
              rest.rotation.z);
  ImGui::Text("rest s   %.4g %.4g %.4g", rest.scale.x, rest.scale.y, rest.scale.z);
  if (u < editor.solve.world.size()) {
    const glm::vec3 w = ik::position_of(editor.solve.world[u]);
    ImGui::Text("model    %.4g %.4g %.4g m", w.x, w.y, w.z);
  }
  ImGui::PushID("joint_limits");
  draw_limits_editor(editor, j);
  ImGui::PopID();
}

}  // namespace app
