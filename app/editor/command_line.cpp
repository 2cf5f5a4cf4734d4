#include "app/editor/command_line.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app/editor/controls.h"
#include "io/gltf/gltf_ground.h"
#include "solvers/anim/ground.h"

namespace app {

const char* usage_text() {
  static const char* const head =
      "usage: ikscope [FILE] [options]\n"
      "\n"
      "An interactive inverse-kinematics workbench. Opens FILE -- a rig (.gltf or .glb), a\n"
      "motion capture (.bvh: its skeleton and its clip) or a session (.json, as File > Save\n"
      "session writes: the rig it names, its chains, goals, solvers, joint roles and camera)\n"
      "-- or the built-in humanoid when no FILE is given.\n"
      "\n"
      "options:\n"
      "  -h, --help             show this text and exit\n"
      "  --controls-markdown    print the controls as Markdown (docs/controls.md) and exit\n"
      "  --frames N             run N frames, then exit\n"
      "  --screenshot PNG       render, write the window to PNG, exit (after --frames\n"
      "                         frames if given, else after 3)\n"
      "  --state-out JSON       on exit, write the program's state (rig, camera, joints with\n"
      "                         their roles and positions in model space and in window\n"
      "                         pixels, chains with group, enabled, goal space) to JSON\n"
      "  --size WxH             initial window size in screen coordinates (default 1280x800)\n"
      "  --msaa N               antialiasing samples: 0 (off), 2, 4 (default) or 8; off is\n"
      "                         about three times faster under software GL (llvmpipe)\n"
      "  --clip NAME            open the rig at its clip NAME (default: the first), paused\n"
      "  --time SECONDS         ... at this time of the clip (default: its start), paused; a clip\n"
      "                         or time the rig does not have gives one message, and the\n"
      "                         first clip / the clip's start is shown instead\n"
      "  --full-body            start in full-body mode (one full-body chain from the rig's\n"
      "                         joint roles: hands, head and hips effectors, feet pinned; the\n"
      "                         Full body panel's button does the same); a rig without roles\n"
      "                         for it says so in the status line\n"
      "  --analyse NAME --report FILE.md   no window: replay the goal path NAME (of the\n"
      "                         session) or clip NAME (of the rig) through every solver that\n"
      "                         accepts the chain; write the summary table to FILE.md and the\n"
      "                         per-frame series to FILE.csv and the plots of the series to\n"
      "                         FILE.png, then exit\n"
      "  --chain NAME           with --analyse, --motion-panel or --compare: the chain\n"
      "                         (default: the path's chain, else the first enabled limb chain)\n"
      "  --clean-feet           start with the timeline's Clean up on: while a clip plays,\n"
      "                         chains that end at a foot (and full-body mode's pinned\n"
      "                         feet) hold it still during its plants and the hips come\n"
      "                         down where the legs need it; with\n"
      "                         --analyse or --motion-panel the analysis does the same (the\n"
      "                         foot skate is measured either way)\n"
      "  --follow               start with View > Follow the character on: the view moves\n"
      "                         along the floor with the hips (a walk stays in view)\n"
      "  --retarget SOURCE      add SOURCE's clip (.bvh, or a clip of a .gltf/.glb) to the rig's\n"
      "                         clips, retargeted onto it by joint roles, as File > Import\n"
      "                         motion does; named after the source clip (see --clip)\n"
      "  --source-clip NAME     with --retarget: the source's clip NAME (default: its first)\n"
      "  --no-fingers           motion imported (--retarget, File > Import motion) leaves the\n"
      "                         rig's fingers at rest instead of carrying the source's over\n"
      "  --bvh-units UNITS      what one unit of a .bvh file is: m, cm, mm, in, cmu (the CMU\n"
      "                         database's conversion: 1/0.45 inch) or a number of metres;\n"
      "                         default: guessed from the skeleton's size (and said)\n"
      "  --z-up                 .bvh files have +Z up (turned to +Y); the format's own is +Y\n"
      "  --ground SPEC          the ground the feet are cleaned up on: plane (the default),\n"
      "                         ramp:DEGREES (rising along +Z), stairs:HEIGHT (0.3 deep),\n"
      "                         stairs:HEIGHT:DEPTH (treads DEPTH deep: a level walk climbs\n"
      "                         one stair a step on treads as deep as its step, ~0.7),\n"
      "                         waves:HEIGHT (a generated heightfield), or FILE.gltf /\n"
      "                         FILE.glb (the top surface of its meshes)\n"
      "  --motion-panel         open the Motion analysis panel (View > Motion analysis) and run\n"
      "                         it on the clip shown (see --clip) at start; --state-out then\n"
      "                         reports the summary per solver under \"motion_analysis\"\n"
      "  --compare              select the chain (see --chain) and open its Compare tab:\n"
      "                         every solver on it from rest, side by side\n"
      "  --export-motion FILE   on exit, bake the clip (--clip, else the first) with the IK\n"
      "                         on top at every frame and write it as a glTF clip to FILE\n"
      "                         (.gltf or .glb), as File > Export motion does (a rig without\n"
      "                         clips: the goal paths its goals follow)\n"
      "\n"
      "File commands use the desktop's file dialog (zenity or kdialog) when there is one,\n"
      "else a path popup; IKSCOPE_FILE_DIALOG=popup|zenity|kdialog chooses. File > Open\n"
      "recent: the last ten. Panel sizes are kept in $XDG_CONFIG_HOME/ikscope/panels.ini\n"
      "(else ~/.config/ikscope/); IKSCOPE_PANEL_LAYOUT=FILE uses another file, =none none.\n"
      "\n"
      "controls (F1 shows them too):\n";
  static const std::string text = std::string(head) + controls_text();
  return text.c_str();
}

namespace {

bool parse_int(const char* text, int& out) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 1000000000L) return false;
  out = static_cast<int>(v);
  return true;
}

bool parse_seconds(const char* text, float& out) {
  char* end = nullptr;
  const float v = std::strtof(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_size(const char* text, int& w, int& h) {
  const char* x = std::strchr(text, 'x');
  if (!x) return false;
  const std::string ws(text, x);
  return parse_int(ws.c_str(), w) && parse_int(x + 1, h) && w >= 64 && h >= 64 && w <= 16384 && h <= 16384;
}

}  // namespace

bool parse_command_line(int argc, const char* const* argv, Options& out, std::string& error) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* what) -> const char* {
      if (i + 1 >= argc) {
        error = arg + " needs " + what;
        return nullptr;
      }
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      o.help = true;
    } else if (arg == "--controls-markdown") {
      o.controls_markdown = true;
    } else if (arg == "--frames") {
      const char* v = value("a number of frames");
      if (!v) return false;
      if (!parse_int(v, o.frames) || o.frames < 1) {
        error = "--frames needs a whole number of at least 1, not '" + std::string(v) + "'";
        return false;
      }
    } else if (arg == "--screenshot") {
      const char* v = value("a .png path");
      if (!v) return false;
      o.screenshot = v;
    } else if (arg == "--state-out") {
      const char* v = value("a .json path");
      if (!v) return false;
      o.state_out = v;
    } else if (arg == "--size") {
      const char* v = value("a size like 1280x800");
      if (!v) return false;
      if (!parse_size(v, o.width, o.height)) {
        error = "--size needs WIDTHxHEIGHT between 64 and 16384, not '" + std::string(v) + "'";
        return false;
      }
    } else if (arg == "--msaa") {
      const char* v = value("a number of samples");
      if (!v) return false;
      if (!parse_int(v, o.msaa) || !(o.msaa == 0 || o.msaa == 2 || o.msaa == 4 || o.msaa == 8)) {
        error = "--msaa needs 0, 2, 4 or 8 samples, not '" + std::string(v) + "'";
        return false;
      }
    } else if (arg == "--clip") {
      const char* v = value("a clip name");
      if (!v) return false;
      o.clip = v;
    } else if (arg == "--time") {
      const char* v = value("a time in seconds");
      if (!v) return false;
      if (!parse_seconds(v, o.time)) {
        error = "--time needs a number of seconds, not '" + std::string(v) + "'";
        return false;
      }
      o.has_time = true;
    } else if (arg == "--export-motion") {
      const char* v = value("a .gltf or .glb path");
      if (!v) return false;
      o.export_motion = v;
    } else if (arg == "--motion-panel") {
      o.motion_panel = true;
    } else if (arg == "--compare") {
      o.compare = true;
    } else if (arg == "--clean-feet") {
      o.clean_feet = true;
    } else if (arg == "--follow") {
      o.follow = true;
    } else if (arg == "--full-body") {
      o.full_body = true;
    } else if (arg == "--retarget" || arg == "--source-clip") {
      const char* v = value(arg == "--retarget" ? "a .bvh, .gltf or .glb path" : "a clip name");
      if (!v) return false;
      (arg == "--retarget" ? o.retarget : o.source_clip) = v;
    } else if (arg == "--bvh-units") {
      const char* v = value("units (m, cm, mm, in, cmu or metres per unit)");
      if (!v) return false;
      if (!ik::parse_bvh_units(v, o.bvh, error)) {
        error = "--bvh-units: " + error;
        return false;
      }
    } else if (arg == "--z-up") {
      o.bvh.z_up = true;
    } else if (arg == "--no-fingers") {
      o.retarget_options.fingers = false;
    } else if (arg == "--ground") {
      const char* v = value("a ground (plane, ramp:15, stairs:0.2, waves:0.1, or a .gltf/.glb file)");
      if (!v) return false;
      if (!ik::read_ground_spec(v, o.ground, error)) {
        error = "--ground " + error;
        return false;
      }
      o.has_ground = true;
    } else if (arg == "--analyse" || arg == "--report" || arg == "--chain") {
      const char* v = value(arg == "--report" ? "a .md path" : "a name");
      if (!v) return false;
      (arg == "--analyse" ? o.analyse : arg == "--report" ? o.report : o.chain) = v;
    } else if (!arg.empty() && arg[0] == '-') {
      error = "unknown option '" + arg + "' (see --help)";
      return false;
    } else if (o.file.empty()) {
      o.file = arg;
    } else {
      error = "only one FILE can be opened, got '" + o.file + "' and '" + arg + "'";
      return false;
    }
  }
  if (!o.source_clip.empty() && o.retarget.empty()) {
    error = "--source-clip goes with --retarget";
    return false;
  }
  if (o.analyse.empty() != o.report.empty()) {
    error = "--analyse and --report go together";
    return false;
  }
  if (!o.screenshot.empty() && o.frames < 0) o.frames = 3;
  out = o;
  return true;
}

}  // namespace app
