// --state-out: the program's state as JSON, for end-to-end tests and scripts.
#pragma once

#include <string>

#include "app/editor.h"
#include "app/viewport.h"

namespace app {

struct WindowMetrics {
  int window_width = 0, window_height = 0;            // screen coordinates
  int framebuffer_width = 0, framebuffer_height = 0;  // pixels (HiDPI: larger)
};

// Writes (atomically) the rig path, joint names, parents, model-space positions,
// window-pixel and framebuffer-pixel projections, camera and status line.
bool write_state_json(const Editor& editor, const ViewportArea& area, const WindowMetrics& metrics,
                      const std::string& path, std::string& error);

}  // namespace app
