// Retargeting a clip from one rig onto another by their joints' roles (rig_roles.h): the
// motion of a BVH capture or of another glTF file's clip, played on the open rig.
//
// The mapping: each target joint takes the source joint with the same role, side, finger
// and segment. Spine and neck segments map by their place along the spine (a 3-segment
// spine onto a 2-segment one: 1 -> 1, 2 -> 3), chest to chest, head to head. Twist helpers
// and joints without a role map to nothing; fingers map only when `fingers` is on. A
// target joint that maps to nothing keeps its rest rotation under its (moving) parent.
//
// Rest poses are aligned bone by bone (T-pose onto A-pose, a mocap's zero pose onto a
// glTF's bind pose). The source is first turned about +Y so its forward is the target's
// (character_directions). Each mapped limb bone of the target (clavicle down to the hand,
// thigh down to the toe, fingers) is turned at rest, by the shortest turn, to point where
// the source's bone points at rest: that is the target's pose for the source's rest. A
// source frame is each mapped bone's world turn away from the source's rest, and the
// target bone gets the same world turn on top of its aligned rest. So the target takes the
// source's poses: a T-pose source at rest puts an A-pose target in a T-pose, an arm raised
// 40 degrees is raised 40 degrees. The torso (hips, spine, chest, neck, head) is taken as
// upright in both rests and turns as the source's does. Twist about a bone's own axis
// comes across as the source turns it; the rests' twists are not aligned.
//
// Root motion: the hips' path, turned to the target's facing and scaled by the ratio of
// the legs' lengths (target / source; hips to ankle at rest), is added to the target's
// rest hips position; the hips' world rotation follows the source's like any mapped bone.
// Then floor to floor: the whole clip moves up or down so that the lowest point the target
// reaches over it stands where its rest's lowest point stands (a capture's zero pose need
// not stand on its floor: CMU's BVH has its hips at the origin, its floor 0.97 m below them
// in the motion, and the humanoid walked a metre above its own floor).
//
// The result is a clip on the target skeleton keyed at the source clip's key times (every
// source frame, at the clip's own rate): a rotation channel per target joint whose parent
// chain moves, a translation channel for the hips. The source's foot contacts can be
// carried over with it (carry_contacts).
#pragma once

#include <string>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/contacts.h"
#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

struct RetargetRig {
  const Skeleton* skeleton = nullptr;
  const std::vector<JointRole>* roles = nullptr;  // one per joint
};

// A change to the mapping by roles, by joint names (what the user edits and a session
// keeps): the target's joint `joint` follows the source's joint `follows` ("" = none: it
// keeps its rest rotation under its parent) -- a twist bone made to follow, a joint the
// roles got wrong.
struct MappingEdit {
  std::string joint;
  std::string follows;
};
bool operator==(const MappingEdit& a, const MappingEdit& b);

struct RetargetOptions {
  bool fingers = true;             // carry finger rotations over where both rigs have the finger
  std::vector<MappingEdit> edits;  // applied in order over the mapping by roles
};
bool operator==(const RetargetOptions& a, const RetargetOptions& b);

// source_joint[t] for every target joint t: the source joint it follows, or -1.
struct RetargetMap {
  std::vector<int> source_joint;
  float root_scale = 1.0f;  // target leg length / source leg length
  int source_hips = -1, target_hips = -1;
  glm::quat facing{1.0f, 0.0f, 0.0f, 0.0f};                  // the source turned about +Y to face as the target
  glm::vec3 source_hips_rest{0.0f}, target_hips_rest{0.0f};  // model space
  float floor_shift = 0.0f;  // a clip's floor to floor move (retarget_clip's), target units along +Y
};

// The mapping by roles, then options.edits. Empty `problem` when the two can be retargeted:
// both rigs need hips and two legs (thigh, shin, foot on each side), and every edit must
// name a joint of each rig; otherwise one sentence saying what is missing and in which rig
// ("the target has no hips", "the source has no joint 'LeftWrist'").
RetargetMap map_by_roles(const RetargetRig& source, const RetargetRig& target, const RetargetOptions& options,
                         std::string& problem);

// `clip` of the source retargeted onto the target as described above, named `name`. The
// map must come from map_by_roles on the same rigs without a problem.
Clip retarget_clip(const RetargetRig& source, const Clip& clip, const RetargetRig& target, const RetargetMap& map,
                   const std::string& name, float* floor_shift = nullptr);

// The source's foot contacts carried onto the target (Unreal's and Kovar's practice: the
// capture says when a foot stands, the target's proportions may make it slide): each of
// `target`'s contact joints that follows one of `source`'s (map.source_joint) takes that
// one's plants; the others keep theirs. The retargeted clip is keyed at the source's times,
// so the plants' times need no change. Returns how many joints took the source's plants.
int carry_contacts(const RetargetMap& map, const std::vector<FootContacts>& source, std::vector<FootContacts>& target);

// A place in the source's model space carried into the target's as the hips' path is:
// target_hips_rest + root_scale * facing * (place - source_hips_rest), raised by the map's
// floor_shift (set it to what retarget_clip gave for the clip).
glm::vec3 carried_place(const RetargetMap& map, const glm::vec3& source_place);

// Source joint `joint`'s path in `clip` (frame f at time_of_frame(f, start, rate)), carried
// into the target's model space (carried_place): where the capture's foot stood, scaled, which
// the feet's cleanup holds a carried plant at (solvers/anim/foot_skate.h, `stand`).
std::vector<glm::vec3> carried_path(const Skeleton& source, const Clip& clip, const RetargetMap& map, int joint,
                                    float start, float rate, int frames);

// The times a clip is keyed at: the union of its channels' key times, sorted (one per
// frame for a BVH's or a baked clip); its start alone for a clip without keys.
std::vector<float> clip_key_times(const Clip& clip);

}  // namespace ik
