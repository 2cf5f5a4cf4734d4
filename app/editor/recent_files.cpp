#include "app/editor/recent_files.h"

#include <algorithm>

namespace app {
namespace {

bool usable_path(const std::string& path) {
  if (path.empty() || path[0] != '/' || path.size() > kMaxRecentPathLength) return false;
  return std::none_of(path.begin(), path.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

}  // namespace

void add_recent_file(std::vector<std::string>& list, const std::string& path) {
  if (!usable_path(path)) return;
  list.erase(std::remove(list.begin(), list.end(), path), list.end());
  list.insert(list.begin(), path);
  if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
}

std::vector<std::string> parse_recent_files(const std::string& text, int& skipped) {
  std::vector<std::string> list;
  skipped = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (!usable_path(line)) {
      ++skipped;
      continue;
    }
    if (list.size() < kMaxRecentFiles && std::find(list.begin(), list.end(), line) == list.end()) list.push_back(line);
  }
  return list;
}

std::string recent_files_text(const std::vector<std::string>& list) {
  std::string text = "# ikscope: recently opened and saved files, newest first\n";
  for (const std::string& path : list) text += path + "\n";
  return text;
}

std::string config_folder(const char* xdg_config_home, const char* home) {
  if (xdg_config_home && xdg_config_home[0] == '/') return std::string(xdg_config_home) + "/ikscope";
  if (home && home[0] == '/') return std::string(home) + "/.config/ikscope";
  return "";
}

}  // namespace app
