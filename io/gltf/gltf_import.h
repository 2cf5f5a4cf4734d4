// glTF 2.0 import: .gltf (external or base64-embedded buffers) and .glb -> ImportedRig.
//
// Needs no window: tests, benchmarks and batch tools use it directly.
//
// Which nodes become joints: the union of the joints of every skin in the file; each
// joint's parent is its nearest ancestor node that is also a joint. Non-joint
// ancestors (an "Armature" or "Z_UP" node) are folded into the root joints' rest
// transforms, so forward kinematics of the skeleton gives the glTF world positions.
// A file with no skin: every node of the hierarchy is a joint.
//
// Joint limits come from node extras: "extras": {"ikscope": {...}} (schema in
// io/gltf/ikscope_extras.h); a file without any gets defaults from the rig's roles.
// Required extensions the importer cannot decode (Draco,
// meshopt...) do not stop the skeleton: it is loaded from nodes and skins alone, with a
// warning. Image pixels are never decoded. Skinned meshes are read for drawing (see
// io/gltf/gltf_mesh.h), animations as clips (io/gltf/gltf_clips.h).
//
// Problems reported (one line each, "<path>: <problem>"): missing, empty or unreadable
// file; a .glb whose magic, version, header length or chunk lengths are wrong
// ("truncated: header says 50116 bytes but the file has 1000"); invalid JSON ("invalid
// JSON at line 3, column 14: ..."); properties of the wrong type or shape ("node 0:
// 'translation' must be an array of 3 numbers, not an array of 2"); indices out of
// range; "node 3 has two parents (nodes 1 and 2)"; "node hierarchy has a cycle through
// node 4"; "node 5 has a zero scale"; values past the float range; and tinygltf's own
// messages (missing .bin files), joined into one line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "io/gltf/skinned_mesh.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

struct ImportedRig {
  std::string path;                 // the file it came from
  Skeleton skeleton;                // built, validated, DFS order, tips added
  glm::vec3 bounds_min{0.0f};       // rest-pose joint positions' bounding box, model space
  glm::vec3 bounds_max{0.0f};
  int skin_count = 0;
  std::vector<std::string> warnings;  // non-fatal problems (e.g. an undecodable required
                                      // extension, malformed extras limits), one line
                                      // each, without the path
  // What the importer decided that the user should know (a BVH file's units, guessed), one
  // line each, without the path.
  std::vector<std::string> notes;
  // One per node with both a mesh and a skin (io/gltf/gltf_mesh.h); a malformed mesh
  // is left out with a warning and never stops the skeleton from loading.
  std::vector<SkinnedMesh> meshes;
  // The file's animations (io/gltf/gltf_clips.h); a broken clip is left out with a warning and
  // never stops the skeleton from loading.
  std::vector<Clip> clips;
  // One role per joint (solvers/rig/rig_roles.h): a VRM humanoid bone map when the file has
  // one (io/gltf/vrm_humanoid.h), names for the rest, else the tree's shape. A broken map or
  // two joints claiming one role are warnings; roles are never a reason to fail.
  std::vector<JointRole> roles;
  // A file with no joint limits at all gets anatomical defaults from the roles
  // (solvers/rig/default_limits.h) in skeleton.limits, and default_limits_applied is set;
  // file_limits keeps the limits as the file gave them (all unlimited), one per joint, so
  // use_default_limits(rig, false) can restore them. A file with limits keeps them:
  // file_limits stays empty and defaults are never applied.
  bool default_limits_applied = false;
  std::vector<JointLimits> file_limits;
};

// What every importer does once the skeleton is built (the glTF and BVH ones):
// bounds_min/max from the rest pose (false with `problem` set if a rest position is not
// finite), and roles (`given` win, as recognise_roles says) with default limits from them
// when the skeleton has no limits at all.
bool set_rest_bounds(ImportedRig& rig, std::string& problem);
void set_roles_and_default_limits(ImportedRig& rig, const std::vector<JointRole>& given = {});

// True if `rig` can take default limits from its roles (its file had none).
inline bool default_limits_available(const ImportedRig& rig) { return !rig.file_limits.empty(); }

// Turns the role defaults on (the defaults computed from the current roles) or off (the
// file's limits back). Does nothing for a rig whose file had limits.
void use_default_limits(ImportedRig& rig, bool on);

// Loads a .gltf or .glb file. On failure returns false, leaves `out` untouched and sets
// `error` to one line: "<path>: <problem>".
bool import_gltf_file(const std::string& path, ImportedRig& out, std::string& error);

// The same from bytes in memory (fuzzing, tests). `name` is used in messages and to pick
// the container by extension (".glb", else JSON, or binary if the data starts with
// "glTF"); external buffers are looked up relative to `base_dir`.
bool import_gltf_memory(const unsigned char* data, std::size_t size, const std::string& name,
                        const std::string& base_dir, ImportedRig& out, std::string& error);

}  // namespace ik
