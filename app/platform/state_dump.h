// --state-out: the program's state as JSON, for end-to-end tests and scripts.
#pragma once

#include <string>
#include <vector>

#include "app/editor/editor.h"
#include "app/editor/viewport.h"
#include "app/platform/health.h"
#include "render/renderer.h"

namespace app {

// Writes (atomically) the rig path, joint names, parents, model-space positions,
// window-pixel and framebuffer-pixel projections, camera, status line, whether chains are
// being solved, and the run's health samples ("rss_kib_per_second", "frame_ms_per_second",
// "startup_ms"), and what the renderer drew in the last frame ("draws_last_frame": draw
// calls, triangles, bones, joints, points, points_culled; render/renderer.h FrameStats).
bool write_state_json(const Editor& editor, const ViewportArea& area, const WindowMetrics& metrics,
                      const RunHealth& health, const render::FrameStats& draws, const std::string& path,
                      std::string& error);

}  // namespace app
