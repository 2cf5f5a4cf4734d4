// The session file's parts, each described once as a field table (io/json/json_fields.h)
// or, for the joint references every part shares, one reader and one writer. session.cpp
// puts them together into the document (io/session/session.h says what the file holds);
// its sections "joint_limits" and "full_body", which warn instead of failing, have headers
// of their own (session_limits.h, session_full_body.h).
//
// Every number is read within the library's own bound (chain.h's kMaxGoalCoordinate, the
// param table's ranges, goal_path.h's kMaxGoalPath*, ...), named in the row that reads it;
// a value the library would refuse is refused here, by its key.
//
// Index: joint references, goals / effectors / chains (session_chains.cpp), camera / roles /
//        goal paths (session_sections.cpp)
#pragma once

#include <string>
#include <vector>

#include "io/json/json_fields.h"
#include "io/session/session.h"

namespace ik {

// ---- Joint references: {"index": 12, "name": "Hand.L"} (session_joints.cpp) ----

// The reference written for `joint` (an index outside the rig gets no name; the check before
// writing reports it).
Json joint_json(const Skeleton& skeleton, int joint);

// The joint a reference names: its index when that joint has the name in this rig, else the
// one joint with that name (with a warning; a name the rig lacks, or has twice, fails).
int read_joint(const JsonValue& value, const Skeleton& skeleton);

// "joint 12 'Hand.L'".
std::string joint_label(const Skeleton& skeleton, int joint);

// ---- Goals, effectors, chains (session_chains.cpp) ----

// What a chain's rows need besides the chain: the rig, and the chain's
// "disabled_by_full_body" mark (a Session-level flag per chain, read into and written from here).
struct ChainFile {
  const Skeleton* skeleton = nullptr;
  bool disabled_by_full_body = false;
};

const JsonFields<Goal>& goal_fields();
const JsonFields<Chain, ChainFile>& chain_fields();

// ---- Camera, roles, goal paths (session_sections.cpp) ----

const JsonFields<SessionCamera>& camera_fields();

Json roles_json(const std::vector<JointRole>& roles, const Skeleton& skeleton);
std::vector<JointRole> read_roles(const JsonValue& value, const Skeleton& skeleton);

Json goal_paths_json(const std::vector<SessionGoalPath>& paths);
// Each on a chain of the `chain_count` this session has, names unique per chain.
std::vector<SessionGoalPath> read_goal_paths(const JsonValue& value, std::size_t chain_count);

}  // namespace ik
