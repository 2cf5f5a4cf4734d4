// The session file's "motions" section: the clips imported onto the rig from other files
// (File > Import motion onto this rig, --retarget; app/editor/motion_import.h), so opening
// the session imports them again, under the same names, before the sections that name
// clips (contacts) are applied. The clips themselves are not written: their source is.
//
//   "motions": [
//     {"source": "../shared/mocap/131_01.bvh",   the file, relative to the session's folder
//                                                 (absolute when it has no relative path)
//      "source_clip": "",                         optional: the source's clip (""/absent: its first)
//      "clip": "131_01",                          the clip's name on this rig
//      "bvh_units": "guess",                      optional: how a .bvh source was read
//      "z_up": false,                             (bvh_units.h; defaults: guessed, +Y up)
//      "fingers": true,                           optional: fingers carried over (default)
//      "mapping": [                               optional: the user's edits of the mapping
//        {"joint": "LeftForeArmTwist",            by roles, in order (retarget.h's MappingEdit):
//         "follows": "LeftWrist"}]}               a joint of the rig, the source joint it
//   ]                                             follows ("" = none, it stays at rest)
//
// Reading checks the types, a non-empty source and clip, units bvh_units.h knows, each
// clip name once and a non-empty joint in each edit; whether the edits' joints exist and the source still opens is the
// program's check when it applies the session (a failure names the source and fails the open, as the rig's own does).
#pragma once

#include <string>
#include <vector>

#include "io/bvh/bvh_units.h"
#include "io/json/json_read.h"
#include "solvers/rig/retarget.h"

namespace ik {

struct SessionMotion {
  std::string source;       // absolute once read (resolved against the session's folder)
  std::string source_clip;  // "" = the source's first clip
  std::string clip;         // the name it has on the rig
  BvhOptions bvh;           // how a .bvh source is read
  RetargetOptions options;  // fingers and the mapping edits
};

// `folder`: the session file's folder, which relative sources are written against.
Json motions_json(const std::vector<SessionMotion>& motions, const std::string& folder);
std::vector<SessionMotion> read_motions(const JsonValue& section, const std::string& folder);

}  // namespace ik
