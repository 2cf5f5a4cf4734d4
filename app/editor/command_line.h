// The command line: ikscope [FILE] [options]. Parsing is separate from main so it can
// be tested and so --help always tells the truth about what is parsed here.
#pragma once

#include <string>

#include "io/bvh/bvh_import.h"
#include "solvers/anim/ground.h"
#include "solvers/rig/retarget.h"

namespace app {

struct Options {
  std::string file;             // rig (.gltf, .glb, .bvh) or session to open; empty = the built-in humanoid
  int frames = -1;              // run this many frames then exit; -1 = until closed
  std::string screenshot;       // render, write this PNG, exit
  std::string state_out;        // on exit, write the program's state as JSON here
  int width = 1280;             // initial window size, in screen coordinates
  int height = 800;
  // Multisample antialiasing of the window: 0 (off), 2, 4 or 8 samples. Falls back to
  // none when the system has no such window. Off costs a software renderer (Mesa's
  // llvmpipe) about a third of the CPU time per frame.
  int msaa = 4;
  bool help = false;
  bool controls_markdown = false;  // print docs/controls.md (controls_markdown) and exit
  // The timeline at start (app/editor/timeline.h): this clip (by name; empty = the first) at this
  // time (seconds in the clip's time line), paused. Whether the rig has the clip and the
  // clip the time is known only once the rig is open: see app::start_at_clip.
  std::string clip;
  bool has_time = false;
  float time = 0.0f;
  bool full_body = false;  // start in full-body mode (app/editor/full_body_mode.h)
  // Motion analysis without a window (app/editor/motion_batch.h): a goal path or clip name, the
  // Markdown report to write, and optionally the chain (empty: picked as that file says).
  std::string analyse;
  std::string report;
  std::string chain;
  // The timeline's Clean up on at start (app/editor/feet_cleanup.h), and for --analyse and
  // --motion-panel the analysis cleaned the same way (solvers/anim/foot_skate.h).
  bool clean_feet = false;
  bool follow = false;  // --follow: View > Follow the character on at start
  // --ground SPEC, read (solvers/anim/ground.h): the ground the feet are cleaned up on;
  // without it (has_ground false) the session's, else the plane.
  bool has_ground = false;
  ik::Ground ground;
  // --retarget SOURCE (.bvh, .gltf, .glb) and --source-clip NAME: that file's clip (empty:
  // its first) retargeted onto the rig at start and added to its clips
  // (app/editor/motion_import.h), for the program and for --analyse alike.
  std::string retarget;
  std::string source_clip;
  ik::RetargetOptions retarget_options;  // --no-fingers: fingers left at rest
  // How .bvh files are read (--bvh-units, --z-up): every BVH the program opens.
  ik::BvhOptions bvh;
  // On exit (before --state-out): the clip with the IK baked and written here
  // (app/editor/motion_export.h); a failure makes the exit status 1.
  std::string export_motion;
  // Open the Motion panel and run its analysis at start (the timeline's clip over --chain
  // NAME, else the first enabled limb chain): for scripts and --state-out.
  bool motion_panel = false;
  // Open the Chains panel's Compare tab at start on --chain NAME (else the first enabled limb
  // chain): every solver on it side by side (app/editor/inspection.h's open_comparison).
  bool compare = false;
};

// Returns false with a one-line message on an unknown option or a bad value.
bool parse_command_line(int argc, const char* const* argv, Options& out, std::string& error);

// The --help text.
const char* usage_text();

}  // namespace app
