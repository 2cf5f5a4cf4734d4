// The panels' sizes, kept between runs in the user's config folder as a small ini-style
// text file ("panels.ini" beside recent-files.txt, see recent_files.h's config_folder):
//
//   # ikscope: panel sizes (points), kept between runs
//   [panels]
//   skeleton_width = 330
//   skeleton_collapsed = 0
//   chains_width = 360
//   chains_collapsed = 0
//   motion_height = 300       the Motion analysis dock under the view
//   motion_collapsed = 0
//
// Parsing is text -> struct, with no window and no file access, so it can be unit-tested
// and fuzzed. The format is forgiving because a person may edit it: a line that is not a
// known "key = value" (or whose value is not a number / 0 or 1) is skipped, sizes out of
// range are clamped, and everything else is kept; all problems are reported in ONE
// warning naming the file. Any bytes are accepted (control characters, invalid UTF-8,
// NULs, CR LF line ends, a missing final newline).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace app {

// Widths are in screen points (ImGui's units) in a window 1280 points wide, before the
// window's own limits: the program widens them in a wider window and narrows panels that do
// not fit (app/editor/panel_fit.h) without changing these.
inline constexpr float kMinPanelWidth = 160.0f;
inline constexpr float kMaxPanelWidth = 4000.0f;

// The Motion analysis dock's height takes the same limits.
struct PanelLayout {
  float skeleton_width = 330.0f;  // the outline and joint panel, on the left
  float chains_width = 360.0f;    // the Chains panel, on the right
  bool skeleton_collapsed = false;
  bool chains_collapsed = false;
  float motion_height = 300.0f;  // the Motion analysis dock, across the window under the view
  bool motion_collapsed = false;

  bool operator==(const PanelLayout& o) const {
    return skeleton_width == o.skeleton_width && chains_width == o.chains_width &&
           skeleton_collapsed == o.skeleton_collapsed && chains_collapsed == o.chains_collapsed &&
           motion_height == o.motion_height && motion_collapsed == o.motion_collapsed;
  }
  bool operator!=(const PanelLayout& o) const { return !(*this == o); }
};

// The layout in `text` (defaults for what it does not set). If any line was skipped or
// any value clamped, appends one message to `warnings` that starts with `file_name` and
// says how many lines and shows the first few (quoted, non-printable bytes as \xNN).
PanelLayout parse_panel_layout(std::string_view text, std::string_view file_name, std::vector<std::string>& warnings);

// Where the file is: `override_path` (the IKSCOPE_PANEL_LAYOUT variable) if set and not
// empty -- "none" keeps no file (returns "") --, else panels.ini in the config folder of
// config_folder(xdg_config_home, home) (recent_files.h); "" if there is none. Any
// argument may be null.
std::string panel_layout_path(const char* override_path, const char* xdg_config_home, const char* home);

// The file's text for `layout` (parse_panel_layout gives it back exactly, widths rounded
// to whole points).
std::string format_panel_layout(const PanelLayout& layout);

}  // namespace app
