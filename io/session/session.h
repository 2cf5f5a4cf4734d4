// A session: which rig is open and the IK set-up on it (chains, solvers, params, goals),
// saved as JSON and loaded back exactly, so a loaded session solves exactly as it did
// when saved.
//
// The file (format "ikscope-session", version 2; kSessionVersion):
//
//   {
//     "format": "ikscope-session",
//     "version": 2,                                  1 is read too (kSessionVersion)
//     "rig_path": "../assets/humanoid.gltf",        relative to the session file's folder
//     "rig_path_absolute": "/home/me/assets/humanoid.gltf",   fallback if the relative one is gone
//     "joint_count": 30,                            informative: the rig's joints when saved
//     "camera": {"target": [0, 1, 0], "distance": 4, "yaw": 0.6, "pitch": 0.25},  optional
//     "chains": [
//       {
//         "solver": "dls",                          SolverInfo::id, never a table index
//         "enabled": true,
//         "root": {"index": 12, "name": "UpperArm.L"},
//         "effector": {"index": 15, "name": "Hand.L"},
//         "goal": {"position": [0.4, 1.1, 0.2], "use_orientation": false,
//                  "orientation": [0, 0, 0, 1],     x, y, z, w as in glTF
//                  "pole": [0, 0, 1], "up": [0, 1, 0], "scale": 1,
//                  "use_pole": false, "pole_target": [0, 0, 1], "pole_twist": 0},
//                                               the pole keys are optional (older files: off)
//         "extra_effectors": [
//           {"joint": {"index": 14, "name": "LowerArm.L"}, "weight": 1,
//            "pinned": false,                       optional (older files: false): a hard goal
//            "goal": {...}}],                       of the full-body solver (EffectorGoal::pinned)
//         "params": {"max_iterations": 16, "tolerance": 0.001, ...,
//                    "gravity": [0, -9.81, 0], ...},
//         "ik_weight": 1                            0..1, optional (default 1): solvers/scene/ik_blend.h
//         "group": "limbs",                          optional: ChainGroup, "other" if absent
//         "follow_joint": {"index": 15, "name": "Hand.L"},   optional: the goal follows this
//                                                    joint and "goal" is its offset in the
//                                                    joint's frame (solvers/ik/goal_space.h);
//                                                    absent: pinned in model space
//         "aim": {"axis": [0, 0, 1]}                 optional: an aim (look-at) chain
//         "disabled_by_full_body": true              optional (written only when true): entering
//                                                    full-body mode disabled this chain, so
//                                                    leaving it enables the chain again
//                                                    (app/editor/full_body_chains.h)
//         "goal_motion": {"mode": "animation"}       optional: the goal follows the animated
//                                                    effector and "goal" is the offset (each
//                                                    extra effector's goal too, from its
//                                                    animated joint; version 1: in model space);
//                                                    or
//                        {"mode": "path", "path": "take 1"}   follows that goal path of this
//                                                    chain (solvers/ik/goal_space.h); absent: none
//       }
//     ],
//     "roles": [                                     optional: each joint's role (rig_roles.h),
//       {"joint": {"index": 15, "name": "Hand.L"},   joints not listed have none; absent: the
//        "role": "finger", "side": "left",           roles the rig gives on import
//        "finger": "index", "segment": 2}]
//     "goal_paths": [                               optional: recorded goal paths (solvers/anim/goal_path.h)
//       {"chain": 0, "name": "wave",                chain: index into "chains"; names unique per chain
//        "has_orientation": false,
//        "times": [0, 0.1, ...],                    seconds, strictly increasing
//        "positions": [[0.4, 1.1, 0.2], ...],       model space, one per time
//        "orientations": [[0, 0, 0, 1], ...]}       x, y, z, w, one per time; only with has_orientation
//     ],
//     "joint_limits": [...]                          optional: limits the user edited; its own
//                                                    rules (session_limits.h): a bad entry is
//                                                    a warning and skipped, never an error
//     "full_body": {...}                             optional (always written): the full-body
//                                                    settings (session_full_body.h); a bad
//                                                    value is a warning and keeps its default
//     "contacts": {"settings": {...}, "clips": [...]}   optional: the foot-contact settings and
//                                                    the plants edited on the timeline
//                                                    (session_contacts.h)
//     "ground": "ramp:15"                            optional: the ground the feet are cleaned
//                                                    up on (solvers/anim/ground.h's spec)
//     "motions": [{"source": ..., "clip": ...}]      optional: clips imported onto the rig from
//                                                    other files, imported again on opening
//                                                    (session_motions.h)
//   }
//
// Spaces and units are those of solvers/ik/chain.h: goals in model space, angles in radians.
// Every Params field is written under its ParamInfo::id (solver_table.h), so a new field
// is saved and loaded as soon as it has a row in the param table.
//
// Each part of the file is described once, as a field table (io/session/session_fields.h):
// the writer, the unknown-key check and the reader walk the same rows. Loading checks
// everything, every number against the bound the library itself holds it to (a goal within
// kMaxGoalCoordinate, a param within its row of the param table, ...: a file that loads never
// gives a chain its solver refuses as invalid input), and reports the first problem as one
// line in the words of io/json/json_read.h, "<session path>: <key path>: <problem>", e.g.
//   "s.json: chains[1].solver: unknown solver 'fabrk' (known: fabrik, ccd, ...)"
//   "s.json: chains[0].goal.position[2]: must be within ±1e18, not -5e+19".
// Joints are matched by index and name: when the index holds another name in this rig
// (the rig was edited), the joint is found by its name (and a warning says so); a name
// the rig does not have is an error. Missing optional fields take the defaults of
// solvers/ik/chain.h (Goal{}, Params{}, enabled = true); root, effector, solver and the goal
// position are required. Unknown keys are ignored (a newer ikscope may add some) and listed
// in the warnings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/session/full_body_settings.h"
#include "io/session/session_contacts.h"
#include "io/session/session_limits.h"
#include "io/session/session_motions.h"
#include "solvers/anim/goal_path.h"
#include "solvers/anim/ground.h"
#include "solvers/ik/chain.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// The version this ikscope writes; it reads every version up to it. 2 (2026-12-07): a chain
// whose goal follows the animation keeps its extra effectors' goals as offsets from their
// animated joints, as its own goal; version 1 kept them in model space (a reader of a version
// 1 file converts them against the clip it plays: app/editor/goal_motion.h).
inline constexpr int kSessionVersion = 2;

// The viewport camera, as plain numbers so the file format does not depend on render/
// (the program copies render::Camera's fields in and out).
struct SessionCamera {
  glm::vec3 target{0.0f, 1.0f, 0.0f};  // model space, the point orbited around
  float distance = 4.0f;               // scene units
  float yaw = 0.6f;                    // radians
  float pitch = 0.25f;                 // radians
};

// A recorded goal path and the chain it belongs to.
struct SessionGoalPath {
  int chain = 0;  // index into Session::chains
  GoalPath path;
};

struct Session {
  int version = kSessionVersion;  // the file's, when read
  // The rig file. In memory: a path the program can open (absolute, or relative to the
  // current folder). In the file: relative to the session file's folder where possible.
  std::string rig_path;
  std::vector<Chain> chains;  // Chain::solver indexes solver_table()
  bool has_camera = false;    // camera is saved / was loaded
  SessionCamera camera;
  // ---- Roles (rig_roles.h): saved when has_roles; one per joint of the rig ----
  bool has_roles = false;
  std::vector<JointRole> roles;
  std::vector<SessionGoalPath> goal_paths;  // recorded goal paths, each on one chain
  // ---- Joint limits the user edited (io/session/session_limits.h, section "joint_limits") ----
  std::vector<SessionJointLimits> joint_limits;
  // ---- Full-body mode (io/session/session_full_body.h, section "full_body") ----
  bool has_full_body = false;  // the file has the section (older ones do not: the defaults)
  FullBodySettings full_body;
  // ---- Foot contacts (io/session/session_contacts.h, section "contacts") ----
  bool has_contacts = false;  // the file has the section (older ones do not: the defaults)
  SessionContacts contacts;
  // ---- The ground the feet are cleaned up on (solvers/anim/ground.h; key "ground", a spec) ----
  bool has_ground = false;
  Ground ground;

  // ---- Clips imported from other files (key "motions"; session_motions.h) ----
  std::vector<SessionMotion> motions;
  // One flag per chain (loading fills one per chain; when saving, missing ones are 0): 1 if
  // entering full-body mode disabled the chain (each chain's "disabled_by_full_body").
  std::vector<std::uint8_t> disabled_by_full_body;
};

// Writes `session` to `path` as JSON, atomically (temporary file, flush, rename): a
// failure or a crash leaves the previous file as it was. The chains are checked against
// `skeleton` (the open rig) first with the same rules as load_session, so a saved file
// always loads. Refuses to write over the rig file itself. On failure returns false and
// sets `error` to one line naming the file.
bool save_session(const std::string& path, const Skeleton& skeleton, const Session& session,
                  std::string& error);

// Step 1 of loading: the rig the session was made on, so the caller can import it first.
// `rig_path` is the stored path resolved against the session file's folder (or the
// stored absolute path when only that file exists). Checks the format and version only.
bool read_session_rig_path(const std::string& path, std::string& rig_path, std::string& error);

// Step 2: reads and checks the whole session against `skeleton` (the rig imported from
// the path read in step 1). On success fills `session` (rig_path resolved as in step 1)
// and appends non-fatal notes (a joint found by name, unknown keys) to `warnings` if
// given. On failure returns false, leaves `session` untouched and sets `error`.
bool load_session(const std::string& path, const Skeleton& skeleton, Session& session,
                  std::string& error, std::vector<std::string>* warnings = nullptr);

// load_session on text already read: `name` heads every message (the file's path),
// relative rig paths resolve against `folder`. The fuzz target feeds it arbitrary bytes.
bool load_session_text(const std::string& text, const std::string& name, const std::string& folder,
                       const Skeleton& skeleton, Session& session, std::string& error,
                       std::vector<std::string>* warnings = nullptr);

}  // namespace ik
