// Screenshots, two ways: F12 (editor.ui.screenshot_requested) writes the window to
// ikscope-YYYYmmdd-HHMMSS.png in the working folder and says so in the status line;
// --screenshot FILE writes the last frame of a batch run (--frames) to FILE. Both read the
// framebuffer after the frame is drawn and before the buffer swap.
#pragma once

#include <string>

#include "app/editor/editor.h"
#include "app/editor/viewport.h"

namespace app {

// If a screenshot was requested, writes it and clears the request; success or failure goes
// to the status line, a written one with `frame` (the frame drawn) to
// editor.ui.screenshots_taken.
void take_requested_screenshot(Editor& editor, const WindowMetrics& metrics, long frame);

// Writes the framebuffer to `path` as PNG. False (and `error` says why) if it could not.
bool save_screenshot(const WindowMetrics& metrics, const std::string& path, std::string& error);

}  // namespace app
