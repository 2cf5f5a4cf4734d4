#include "app/editor/motion_import.h"

#include <algorithm>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/goal_motion.h"
#include "app/editor/history.h"
#include "app/editor/rig_file.h"
#include "app/editor/timeline.h"
#include "io/files/file_paths.h"
#include "solvers/rig/contact_joints.h"
#include "solvers/rig/retarget.h"

namespace app {

namespace {

// `wanted`, or "wanted 2", "wanted 3"... whichever the rig has no clip of.
std::string free_clip_name(const ik::ImportedRig& rig, const std::string& wanted) {
  const auto taken = [&](const std::string& name) {
    for (const ik::Clip& c : rig.clips)
      if (c.name == name) return true;
    return false;
  };
  std::string name = wanted;
  for (int k = 2; taken(name); ++k) name = wanted + " " + std::to_string(k);
  return name;
}

// `source`'s clip (its `clip` member) retargeted onto `target` with `options`: the mapping,
// the clip named `name` and where its plants come from, into `out` (its source fields are the
// caller's); the clip itself into `clip`. False with `error` when the rigs do not fit.
bool retarget_from(const ik::ImportedRig& target, std::shared_ptr<ContactSource> source,
                   const ik::RetargetOptions& options, const std::string& name, RetargetedClip& out, ik::Clip& clip,
                   std::string& error) {
  std::string problem;
  const ik::RetargetRig from{&source->skeleton, &source->roles}, onto{&target.skeleton, &target.roles};
  source->map = ik::map_by_roles(from, onto, options, problem);
  if (!problem.empty()) {
    error = "cannot retarget onto " + target.path + ": " + problem;
    return false;
  }
  const ik::RetargetMap& map = source->map;
  out.name = name;
  out.options = options;
  out.mapped_joints = 0;
  for (int j : map.source_joint) out.mapped_joints += j >= 0 ? 1 : 0;
  out.leg_ratio = map.root_scale;
  out.source_of.assign(map.source_joint.size(), "");
  for (size_t t = 0; t < map.source_joint.size(); ++t)
    if (map.source_joint[t] >= 0) out.source_of[t] = source->skeleton.name[static_cast<size_t>(map.source_joint[t])];
  clip = ik::retarget_clip(from, source->clip, onto, map, name, &source->map.floor_shift);
  out.contacts = std::move(source);
  return true;
}

}  // namespace

bool retarget_into(ik::ImportedRig& target, const std::string& source_path, const std::string& source_clip,
                   const ik::BvhOptions& bvh, const ik::RetargetOptions& options, RetargetedClip& out,
                   std::string& error, const std::string& name) {
  ik::ImportedRig source;
  if (!import_rig_file(source_path, bvh, source, error)) return false;
  if (source.clips.empty()) {
    error = source_path + ": has no clips to import";
    return false;
  }
  const ik::Clip* clip = &source.clips.front();
  if (!source_clip.empty()) {
    clip = nullptr;
    for (const ik::Clip& c : source.clips)
      if (c.name == source_clip) clip = &c;
    if (clip == nullptr) {
      error = source_path + ": has no clip '" + source_clip + "'";
      return false;
    }
  }
  auto from = std::make_shared<ContactSource>(
      ContactSource{source.skeleton, *clip, ik::find_contact_joints(source.skeleton, source.roles), {}, source.roles});
  RetargetedClip made;
  ik::Clip retargeted;
  if (!retarget_from(target, std::move(from), options, free_clip_name(target, name.empty() ? clip->name : name), made,
                     retargeted, error)) {
    error = source_path + ": " + error;
    return false;
  }
  made.source = ik::absolute_path(source_path);
  made.source_clip = source_clip;
  made.bvh = bvh;
  out = std::move(made);
  target.clips.push_back(std::move(retargeted));
  return true;
}

bool remap_motion(Editor& editor, size_t imported, const ik::RetargetOptions& options) {
  Document& d = editor.document;
  if (imported >= d.imported.size()) return false;
  RetargetedClip& r = d.imported[imported];
  size_t c = 0;
  while (c < d.rig.clips.size() && d.rig.clips[c].name != r.name) ++c;
  if (c == d.rig.clips.size() || r.contacts == nullptr) return false;
  RetargetedClip remade = r;
  ik::Clip clip;
  std::string error;
  if (!retarget_from(d.rig, std::make_shared<ContactSource>(*r.contacts), options, r.name, remade, clip, error)) {
    set_status(editor, r.source + ": " + error, true);
    return false;
  }
  r = std::move(remade);
  d.rig.clips[c] = std::move(clip);
  carry_source_contacts(d.rig, d.imported, d.contacts);
  editor.timeline.cleanup = PlaybackCleanup{};  // made again from the new clip
  measure_clip_floor(editor);
  set_status(editor,
             "clip '" + r.name + "' retargeted again: " + std::to_string(r.mapped_joints) + " of " +
                 std::to_string(d.rig.skeleton.joint_count()) + " joints follow " + r.source,
             false);
  return true;
}

bool import_motion(Editor& editor, const std::string& source_path, const std::string& source_clip) {
  if (!editor.document.has_rig) return false;
  RetargetedClip added;
  std::string error;
  const bool first_clip = editor.document.rig.clips.empty();
  if (!retarget_into(editor.document.rig, source_path, source_clip, editor.bvh, editor.retarget, added, error)) {
    set_status(editor, error, true);
    return false;
  }
  editor.document.imported.push_back(added);
  // The new clip's plants, the source's.
  carry_source_contacts(editor.document.rig, editor.document.imported, editor.document.contacts);
  const int index = static_cast<int>(editor.document.rig.clips.size()) - 1;
  select_clip(editor, index);
  if (first_clip) {
    // As a rig that opens with clips: every goal follows the animation (zero offset), one
    // undo step; the goals would otherwise hold the limbs where the rest pose had them.
    update_world(editor);
    default_goal_modes(editor);
    editor.history.commit(editor.document.chains);
  }
  const ik::Clip& clip = editor.document.rig.clips.back();
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.2f", static_cast<double>(added.leg_ratio));
  set_status(editor,
             "motion of " + source_path + " retargeted onto " + editor.document.rig.path + " as clip '" + added.name +
                 "': " + std::to_string(ik::clip_key_times(clip).size()) + " frames, " +
                 std::to_string(added.mapped_joints) + " of " +
                 std::to_string(editor.document.rig.skeleton.joint_count()) +
                 " joints follow the source, hips' path x" + ratio,
             false);
  return true;
}

void carry_source_contacts(const ik::ImportedRig& rig, const std::vector<RetargetedClip>& imported,
                           ContactsState& contacts) {
  contacts.sources.resize(rig.clips.size());
  for (const RetargetedClip& r : imported)
    for (size_t c = 0; c < rig.clips.size(); ++c)
      if (rig.clips[c].name == r.name) contacts.sources[c] = r.contacts;
  redetect_contacts(rig, contacts);
}

ik::RetargetOptions with_mapping_edit(const ik::RetargetOptions& options, const std::string& joint,
                                      const std::string& follows) {
  ik::RetargetOptions out = options;
  out.edits.erase(
      std::remove_if(out.edits.begin(), out.edits.end(), [&](const ik::MappingEdit& e) { return e.joint == joint; }),
      out.edits.end());
  out.edits.push_back({joint, follows});
  return out;
}

std::vector<ik::RetargetOptions> motion_options(const std::vector<RetargetedClip>& imported) {
  std::vector<ik::RetargetOptions> out;
  for (const RetargetedClip& r : imported) out.push_back(r.options);
  return out;
}

std::vector<ik::SessionMotion> session_motions(const std::vector<RetargetedClip>& imported) {
  std::vector<ik::SessionMotion> out;
  for (const RetargetedClip& r : imported) out.push_back({r.source, r.source_clip, r.name, r.bvh, r.options});
  return out;
}

const RetargetedClip* imported_clip(const Editor& editor, const std::string& clip_name) {
  for (const RetargetedClip& r : editor.document.imported)
    if (r.name == clip_name) return &r;
  return nullptr;
}

}  // namespace app
