// The recent-files list (File > Open recent): the rigs and sessions last opened or saved,
// newest first, kept between runs in the user's config folder as a text file of one
// absolute path per line ("recent-files.txt"; lines starting with '#' are comments).
//
// The format is forgiving because a person may edit it: a line that is not an absolute path
// (or holds control characters, or is longer than kMaxRecentPathLength) is skipped and
// counted, duplicates keep their first place, and only the first kMaxRecentFiles count.
#pragma once

#include <string>
#include <vector>

namespace app {

inline constexpr size_t kMaxRecentFiles = 10;
inline constexpr size_t kMaxRecentPathLength = 4096;

// Puts `path` first (moving it up if it is already listed) and drops what falls past
// kMaxRecentFiles. Paths that parse_recent_files would skip are not added.
void add_recent_file(std::vector<std::string>& list, const std::string& path);

// The list in `text`; `skipped` gets the number of lines that were not usable paths.
std::vector<std::string> parse_recent_files(const std::string& text, int& skipped);

// The file's text for `list`.
std::string recent_files_text(const std::vector<std::string>& list);

// The user's config folder for ikscope: $XDG_CONFIG_HOME/ikscope, else $HOME/.config/ikscope
// (either argument may be null or empty); "" if neither is set.
std::string config_folder(const char* xdg_config_home, const char* home);

}  // namespace app
