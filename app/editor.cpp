#include "app/editor.h"

#include <cstdio>

namespace app {

void set_status(Editor& editor, const std::string& text, bool is_error) {
  editor.status = text;
  editor.status_is_error = is_error;
  // The status line is also the log: a user running from a terminal sees every message.
  std::fprintf(is_error ? stderr : stdout, "%s%s\n", is_error ? "error: " : "", text.c_str());
}

bool open_rig(Editor& editor, const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  if (!ik::import_gltf_file(path, rig, error)) {
    set_status(editor, error, true);
    return false;
  }
  editor.rig = std::move(rig);
  editor.has_rig = true;
  editor.pose = ik::rest_pose(editor.rig.skeleton);
  editor.selected_joint = -1;
  editor.hovered_joint = -1;
  editor.frame_all_requested = true;
  update_world(editor);

  const ik::Skeleton& s = editor.rig.skeleton;
  int added = 0;
  for (int i = 0; i < s.joint_count(); ++i) added += s.is_added_tip[static_cast<size_t>(i)];
  std::string message = "opened " + path + ": " + std::to_string(s.joint_count()) + " joints";
  if (added > 0) message += " (" + std::to_string(added) + " tips added)";
  for (const std::string& w : editor.rig.warnings) message += "; warning: " + w;
  set_status(editor, message, false);
  return true;
}

void update_world(Editor& editor) {
  if (!editor.has_rig) return;
  ik::fk_all(editor.rig.skeleton, editor.pose, editor.world);
}

float scene_size(const Editor& editor) {
  if (!editor.has_rig) return 1.0f;
  const float d = glm::length(editor.rig.bounds_max - editor.rig.bounds_min);
  return d > 1e-6f ? d : 1.0f;
}

}  // namespace app
