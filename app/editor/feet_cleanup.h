// The feet's cleanup while a clip plays (Timeline::clean_feet, "Clean up feet" on the
// timeline; the library: ik::clean_up_feet, solvers/anim/foot_skate.h). While it is on, the
// animated pose has its hips lowered where the legs need it, and every enabled chain that
// ends at a contact joint has its goal held at that joint's plants (eased in and out), and so
// has each pinned foot of the full-body chain, so the IK keeps the planted feet still, all
// placed on the document's ground. The cleanup of
// the shown clip is made once, on its frame grid, and again when the clip, its contacts or
// the ground change.
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/anim/foot_skate.h"

namespace app {

struct Editor;

struct PlaybackCleanup {
  int clip = -1;                         // the clip it was made for (-1: none yet)
  std::vector<ik::FootContacts> plants;  // that clip's contacts as they were
  ik::Ground ground;                     // ... and the ground
  ik::FeetCleanup cleanup;
};

// Makes the shown clip's cleanup if the clip, its contacts or the ground changed since; true
// if it did.
bool refresh_feet_cleanup(Editor& editor);

// `animated` (the shown clip at the timeline's time) with the hips lowered by the cleanup.
void lower_hips(const Editor& editor, ik::Pose& animated);

// Per joint: 1, the held goal and the turn of its orientation to the ground for the contact
// joints (the scene solve hands them to a chain ending at one, and to a full-body chain's
// pinned feet: ik::MotionSources::held).
void held_goals(const Editor& editor, std::vector<std::uint8_t>& held, std::vector<glm::vec3>& goals,
                std::vector<glm::quat>& turns);

}  // namespace app
