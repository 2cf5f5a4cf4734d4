// The ImGui panels: menu bar, skeleton outline, status line, help; and the modal prompts.
// Each is a function of the editor state; draw_ui lays them out and returns what is left
// for the 3D view.
#pragma once

#include "app/editor/editor.h"
#include "app/editor/viewport.h"

#include <string>

namespace app {

// Records the last ImGui item's rectangle as editor.ui.widget_rects[name] (for --state-out).
void remember_rect(Editor& editor, const char* name);

// Builds every panel for this frame (between ImGui::NewFrame and ImGui::Render) and
// returns the window area left for the 3D viewport.
ViewportArea draw_ui(Editor& editor, float window_width, float window_height);

// The modal popups: the File commands' path popup and the unsaved-changes prompt. Call it
// after every other window and tooltip of the frame: ImGui 1.86 asserts when a window
// first appears after a modal in the modal's first frame (FindBlockingModal finds no modal
// yet; ocornut/imgui#4920, fixed after 1.86). Ctrl+Q over an open combo hit that: the combo
// closed, the item under the mouse showed its tooltip for the first time, after the prompt.
void draw_modal_prompts(Editor& editor);

// ImGui::SameLine() if an item `next_width` points wide still fits on the current line
// of the window (after the last item); otherwise the next item starts a new line.
void same_line_if_fits(float next_width);

// The width of a button labelled `label`.
float button_width(const char* label);

// `text` elided in the middle (app/editor/elide.h) to fit `width` points in the current
// font; `elided` says whether it was shortened (then show the full text on hover).
std::string elide_to_width(const std::string& text, float width, bool* elided = nullptr);

// The width for the next labelled item: `wanted`, or less where the line's room would not
// hold the item and its label ("Goal mode") beside it; at least two frame heights.
float width_beside_label(float wanted, const char* label);

// ImGui::BeginCombo with its preview elided in the middle to the combo's box (its whole on
// hover then), so a long solver, clip or joint name never runs into the arrow.
bool begin_combo_fitted(const char* label, const std::string& preview);

// `text` as one line in the room left on the current line (a table cell's, a panel's) less
// `leave` points (for items after it on the line), elided in the middle when it is wider,
// its whole on hover then; greyed when `disabled`.
void text_fitted(const std::string& text, bool disabled = false, float leave = 0.0f);

}  // namespace app
