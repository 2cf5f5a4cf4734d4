// The foot contacts of the open rig's clips (solvers/anim/contacts.h): found for every clip
// when a rig opens, found again for the clips the user has not edited when the settings
// change, edited on the timeline's contact rows (one undo step per edit), saved in the
// session's "contacts" section (io/session/session_contacts.h: the settings, and the
// edited clips' plants). An imported clip's plants are its source's, carried over.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "io/session/session_contacts.h"
#include "solvers/anim/contacts.h"
#include "solvers/anim/foot_skate.h"
#include "solvers/rig/retarget.h"

namespace app {

// Where an imported clip's plants come from (app/editor/motion_import.h): the source clip,
// its plants found there with the same settings and carried over by the mapping
// (solvers/rig/retarget.h's carry_contacts) -- the capture says when a foot stands, where
// the target's proportions may make the retargeted foot slide.
struct ContactSource {
  ik::Skeleton skeleton;
  ik::Clip clip;
  std::vector<ik::ContactJoint> joints;  // the source's contact joints
  ik::RetargetMap map;
  std::vector<ik::JointRole> roles;  // the source's (a mapping edit maps by roles again)
};

struct ContactsState {
  ik::ContactSettings settings;
  std::vector<ik::ContactJoint> joints;              // the rig's contact joints (contact_joints.h)
  std::vector<std::vector<ik::FootContacts>> clips;  // per clip of the rig, per contact joint
  std::vector<std::uint8_t> edited;                  // per clip: 1 when the user edited its plants
  std::vector<glm::vec3> ground_velocity;            // per clip: the ground's own motion (contacts.h)
  // Per clip: its source when it was imported, else null (found on the clip itself).
  std::vector<std::shared_ptr<const ContactSource>> sources;
};

// Settings, plants and edited marks equal (what an edit or a session changes).
bool same_contacts_state(const ContactsState& a, const ContactsState& b);
bool same_contact_settings(const ik::ContactSettings& a, const ik::ContactSettings& b);

// A rig just opened: its contact joints (by roles, else by shape) and every clip's plants
// found with `settings`; nothing edited.
ContactsState detect_rig_contacts(const ik::ImportedRig& rig, const ik::ContactSettings& settings = {});

// The clips not edited found again with state.settings (after a settings change); a clip
// with a source takes the source's plants for the joints that follow a source contact joint.
void redetect_contacts(const ik::ImportedRig& rig, ContactsState& state);

// The rig's roles changed (the Skeleton panel's role combo): its contact joints found again;
// an edited clip keeps the plants of the joints that still are contact joints (a new one
// starts without plants), the other clips are found again.
void refind_contact_joints(const ik::ImportedRig& rig, ContactsState& state);

// The foot skate of each contact joint (in state.joints' order) in clip `clip` as it is,
// sampled at the clip's frame rate over its plants (solvers/anim/foot_skate.h; for an
// imported clip the contact error against where the capture stood, stand_paths): what
// --state-out reports. Empty for a clip the state does not have.
std::vector<ik::FootSkate> clip_foot_skate(const ik::ImportedRig& rig, const ContactsState& state, size_t clip);

// Where the feet's cleanup holds clip `clip`'s plants (ik::clean_up_feet's `stand`, on its
// frame grid): for an imported clip, each contact joint that follows a source joint stands
// where the source's did, carried into the rig's space (retarget.h's carried_path); empty
// for a clip found on itself (the feet stand where they are).
std::vector<std::vector<glm::vec3>> stand_paths(const ContactsState& state, size_t clip, float start, float rate,
                                                int frames);

// The section a session saves: the settings and every edited clip, by clip name.
ik::SessionContacts contacts_for_session(const ik::ImportedRig& rig, const ContactsState& state);

// A session's section applied to `rig`: its settings, its clips' plants marked edited, the
// other clips found with those settings. Returns "" and fills `out`, or the first problem
// in the words of io/json/json_read.h's key paths ("contacts.clips[0].clip: the rig has no
// clip 'Run'"; "contacts.clips[0].feet[1]: plant 3 lies outside the clip (0 to 1.96 s)";
// a joint that is not one of the rig's contact joints) and leaves `out` alone.
std::string contacts_from_session(const ik::ImportedRig& rig, const ik::SessionContacts& section, ContactsState& out);

}  // namespace app
