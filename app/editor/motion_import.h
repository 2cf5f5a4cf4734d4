// File > Import motion onto this rig, and --retarget SOURCE: a clip of another file (a BVH
// capture, or a clip of another glTF rig) retargeted onto the open rig by roles
// (solvers/rig/retarget.h) and added to its clips, named after the source clip (" 2", " 3"
// when the rig has one by that name). Its foot contacts are the source's, found on the
// source clip and carried over by the mapping (a target joint that follows no source contact
// joint has its own found), so the timeline's Clean up holds the feet where the capture
// stood, with the legs' solver, and the motion analysis compares the solvers on it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/editor/foot_contacts.h"
#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session_motions.h"

namespace app {

struct Editor;

struct RetargetedClip {
  std::string name;                               // the clip's name on the target
  std::string source;                             // the file it came from, absolute
  std::string source_clip;                        // the clip asked for ("" = the source's first)
  ik::BvhOptions bvh;                             // how a .bvh source was read
  ik::RetargetOptions options;                    // fingers, and the user's mapping edits
  int mapped_joints = 0;                          // target joints that follow a source joint
  float leg_ratio = 1.0f;                         // target leg length / source leg length: the hips' path's scale
  std::vector<std::string> source_of;             // per target joint: the source joint it follows, "" = none
  std::shared_ptr<const ContactSource> contacts;  // where its plants come from (foot_contacts.h)
};

// Loads `source_path` (.bvh with `bvh`'s units, else glTF), takes its clip `source_clip`
// (empty: the first) and adds it retargeted to `target.clips`. On failure returns false,
// leaves `target` alone and sets `error` to one line naming the source file and the
// problem (unreadable, no clips, no clip of that name, roles that do not give both rigs
// hips and legs, a mapping edit naming a joint a rig does not have).
// `name`: the clip's name on the target (a session's), else the source clip's.
bool retarget_into(ik::ImportedRig& target, const std::string& source_path, const std::string& source_clip,
                   const ik::BvhOptions& bvh, const ik::RetargetOptions& options, RetargetedClip& out,
                   std::string& error, const std::string& name = "");

// `imported` (one of the document's) retargeted again from its source with `options` (the
// Mapping window's fingers and edits): its clip replaced in place under the same name, its
// plants carried again, the playback's cleanup made again; one status line. False (the
// status says why, nothing changed) when an edit names a joint a rig does not have.
bool remap_motion(Editor& editor, size_t imported, const ik::RetargetOptions& options);

// The same on the open rig: the clip added (and listed in the document's motions, which a
// session saves), its contacts carried from the source, the timeline showing it at its start, paused; one
// status line either way.
bool import_motion(Editor& editor, const std::string& source_path, const std::string& source_clip = "");

// Each of `imported` whose clip `rig` has takes its plants from its source (the clips the
// user has not edited are found again): after the imports and the contacts are made.
void carry_source_contacts(const ik::ImportedRig& rig, const std::vector<RetargetedClip>& imported,
                           ContactsState& contacts);

// `options` with rig joint `joint` made to follow source joint `follows` ("" = none): an
// earlier edit of the same joint is replaced, the new one goes last.
ik::RetargetOptions with_mapping_edit(const ik::RetargetOptions& options, const std::string& joint,
                                      const std::string& follows);

// Per import, its retarget options (fingers, mapping edits): what the unsaved-changes check
// and the undo history compare.
std::vector<ik::RetargetOptions> motion_options(const std::vector<RetargetedClip>& imported);

// What a session keeps of each import (io/session/session_motions.h): enough to make it again.
std::vector<ik::SessionMotion> session_motions(const std::vector<RetargetedClip>& imported);

// The import that made the open rig's clip `clip_name`, or nullptr (a clip of the rig's own file).
const RetargetedClip* imported_clip(const Editor& editor, const std::string& clip_name);

}  // namespace app
