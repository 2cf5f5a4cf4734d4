// The timeline's foot contacts (app/editor/foot_contacts.h): the "Contacts" toggle with its
// settings popup and the "Clean up" toggle (the feet held while the clip plays,
// app/editor/feet_cleanup.h) in the controls row, and, while Contacts is on, one row per contact joint under
// the scrub bar, each plant a bar over the clip's time aligned with the scrub bar's grab.
// Drag a bar's end to move it, double-click an empty stretch to add a plant, right-click a
// bar to remove it (each one undo step, app/editor/contact_edits.h); press elsewhere on a
// row to scrub. The viewport's plant markers are app/viewport/contact_draw.h.
#pragma once

#include "solvers/anim/clip.h"

namespace app {

struct Editor;

// The rows' height (0 while hidden or without contact joints), for the panel's layout.
float contact_rows_height(const Editor& editor);

// The width of the label column the scrub bar and the rows share (0 while hidden).
float contact_label_width(const Editor& editor);

// The toggles and the settings popup, on the current line.
void draw_contacts_toggle(Editor& editor);

// The rows, below the scrub bar whose time runs from x0 (clip.start) to x1 (clip.end) in
// window coordinates.
void draw_contact_rows(Editor& editor, const ik::Clip& clip, float x0, float x1);

}  // namespace app
