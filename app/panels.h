// The ImGui panels: menu bar, skeleton outline, status line, help. Each is a function
// of the editor state; draw_ui lays them out and returns what is left for the 3D view.
#pragma once

#include "app/editor.h"
#include "app/viewport.h"

namespace app {

// Records the last ImGui item's rectangle as editor.ui_rects[name] (for --state-out).
void remember_rect(Editor& editor, const char* name);

// Builds every panel for this frame (between ImGui::NewFrame and ImGui::Render) and
// returns the window area left for the 3D viewport.
ViewportArea draw_ui(Editor& editor, float window_width, float window_height);

// The help text shown by F1, one control per line (also used by --help's summary).
const char* controls_text();

}  // namespace app
