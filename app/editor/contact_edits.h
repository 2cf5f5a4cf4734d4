// Editing the foot contacts of the clip the timeline shows (app/editor/foot_contacts.h): the
// contact rows of the timeline panel (app/ui/contact_rows.h) call these, so each edit is one
// undo step and marks the clip edited (its plants are then saved in the session and kept
// when the settings change).
#pragma once

#include "solvers/anim/contacts.h"

namespace app {

struct Editor;

// The shown clip's plants, one entry per contact joint; nullptr without a clip.
std::vector<ik::FootContacts>* shown_clip_contacts(Editor& editor);

// An edit of the shown clip's plants begins (a bar's end pressed) / ends (released; also
// for one-shot edits: a plant added or removed after begin_contact_edit). Ending marks the
// clip edited when its plants changed and commits one undo step.
void begin_contact_edit(Editor& editor);
void end_contact_edit(Editor& editor);

// New detection settings: the clips not edited are found again; one undo step.
void set_contact_settings(Editor& editor, const ik::ContactSettings& settings);

// The shown clip's edits dropped: its plants found again with the settings; one undo step.
void detect_shown_clip_again(Editor& editor);

}  // namespace app
