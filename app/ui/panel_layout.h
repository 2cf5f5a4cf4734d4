// The side panels' frame: their widths from the saved layout (app/editor/panel_layout_file.h,
// fitted to the window by app/editor/panel_fit.h), the splitter beside each open panel (drag
// it to resize), the collapse arrow in a panel's title bar and the thin strip that brings
// a collapsed panel back. The layout is read from its file on the first frame and written
// (atomically) when a drag ends or a panel collapses or opens.
#pragma once

#include <imgui.h>

#include "app/editor/editor.h"
#include "app/editor/panel_fit.h"

namespace app {

enum class PanelSide { skeleton, chains };

// Reads the layout file once (later calls do nothing): the path from IKSCOPE_PANEL_LAYOUT,
// else the config folder; a file with problems gives one message (stderr and status line).
void load_panel_layout(Editor& editor);

// The panels' widths in a window `window_width` points wide (strips and splitters sized
// from the font).
PanelWidths current_panel_widths(const Editor& editor, float window_width);

// The width of the splitter beside an open panel.
float splitter_width();

// Begins a side panel's ImGui window at `pos` with `size` (window coordinates), with a
// collapse arrow; true if its contents should be drawn. Call ImGui::End() either way. A
// click on the arrow collapses it (the layout changes and is saved).
bool begin_side_panel(Editor& editor, PanelSide side, const char* title, ImVec2 pos, ImVec2 size);

// A collapsed panel's strip (`width` points at `x`), or an open panel's splitter (at `x`,
// splitter_width() wide), between `top` and `top + height`.
void draw_panel_edge(Editor& editor, PanelSide side, float x, float top, float width, float height);

// The Motion analysis dock under the view (app/ui/motion_panel_view.h): its height in a body
// of `body_height` points (0 when the panel is closed; fit_motion_dock), the strip's height
// when collapsed, and its top edge: the splitter above the open dock (drag to resize, saved
// like the side panels' widths), or the collapsed strip with an arrow that opens it again,
// `width` points wide at (0, top).
float motion_dock_height(const Editor& editor, float body_height);
float motion_strip_height();
void draw_motion_dock_edge(Editor& editor, float top, float width);

// Begins the open dock's ImGui window at `pos` with `size`, with a collapse arrow and a close
// button (the panel's `open`); true if its contents should be drawn. Call ImGui::End()
// either way.
bool begin_motion_dock(Editor& editor, ImVec2 pos, ImVec2 size);

}  // namespace app
