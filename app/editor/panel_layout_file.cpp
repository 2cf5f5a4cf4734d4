#include "app/editor/panel_layout_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/editor/recent_files.h"

namespace app {
namespace {

constexpr size_t kProblemsShown = 3;  // in the warning; the rest are only counted
constexpr size_t kQuotedBytes = 40;   // of each line shown

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The line as a warning can show it: at most kQuotedBytes, bytes outside printable ASCII
// as \xNN (the file may hold anything; the message must stay one clean line).
std::string quoted(std::string_view line) {
  std::string out = "'";
  for (size_t i = 0; i < line.size() && i < kQuotedBytes; ++i) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "\\x%02X", c);
      out += hex;
    }
  }
  if (line.size() > kQuotedBytes) out += "...";
  return out + "'";
}

bool parse_number(std::string_view text, float& out) {
  float v = 0.0f;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_flag(std::string_view text, bool& out) {
  if (text == "1" || text == "true" || text == "yes") {
    out = true;
  } else if (text == "0" || text == "false" || text == "no") {
    out = false;
  } else {
    return false;
  }
  return true;
}

struct Problems {
  size_t count = 0;
  std::string shown;
  void add(size_t line_number, std::string_view line, const std::string& why) {
    if (count++ >= kProblemsShown) return;
    if (!shown.empty()) shown += "; ";
    shown += "line " + std::to_string(line_number) + " " + quoted(line) + " " + why;
  }
};

// One "key = value" line of the [panels] section; false with `why` if it is not usable.
bool apply_setting(std::string_view key, std::string_view value, PanelLayout& layout, std::string& why) {
  float* width = key == "skeleton_width"  ? &layout.skeleton_width
                 : key == "chains_width"  ? &layout.chains_width
                 : key == "motion_height" ? &layout.motion_height
                                          : nullptr;
  bool* collapsed = key == "skeleton_collapsed" ? &layout.skeleton_collapsed
                    : key == "chains_collapsed" ? &layout.chains_collapsed
                    : key == "motion_collapsed" ? &layout.motion_collapsed
                                                : nullptr;
  if (width) {
    float v = 0.0f;
    if (!parse_number(value, v)) {
      why = "(not a number)";
      return false;
    }
    *width = std::clamp(v, kMinPanelWidth, kMaxPanelWidth);
    if (*width != v) {
      why = "(clamped to " + std::to_string(static_cast<int>(*width)) + ")";
      return false;  // kept, clamped, and reported
    }
    return true;
  }
  if (collapsed) {
    if (!parse_flag(value, *collapsed)) {
      why = "(not 0 or 1)";
      return false;
    }
    return true;
  }
  why = "(unknown setting)";
  return false;
}

}  // namespace

PanelLayout parse_panel_layout(std::string_view text, std::string_view file_name, std::vector<std::string>& warnings) {
  PanelLayout layout;
  Problems problems;
  bool in_panels = true;  // settings before any section header count as [panels]
  size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const size_t end = text.find('\n');
    const std::string_view raw = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      in_panels = line == "[panels]";
      if (!in_panels) problems.add(line_number, line, "(unknown section: its settings are ignored)");
      continue;
    }
    if (!in_panels) continue;
    const size_t equals = line.find('=');
    if (equals == std::string_view::npos) {
      problems.add(line_number, line, "(not 'key = value')");
      continue;
    }
    std::string why;
    if (!apply_setting(trim(line.substr(0, equals)), trim(line.substr(equals + 1)), layout, why))
      problems.add(line_number, line, why);
  }
  if (problems.count > 0) {
    std::string message = std::string(file_name) + ": " + std::to_string(problems.count) + " line" +
                          (problems.count == 1 ? "" : "s") + " not used as written: " + problems.shown;
    if (problems.count > kProblemsShown) message += "; ...";
    warnings.push_back(message + " (the other settings are kept)");
  }
  return layout;
}

std::string panel_layout_path(const char* override_path, const char* xdg_config_home, const char* home) {
  if (override_path && override_path[0] != '\0') return std::strcmp(override_path, "none") == 0 ? "" : override_path;
  const std::string folder = config_folder(xdg_config_home, home);
  return folder.empty() ? "" : folder + "/panels.ini";
}

std::string format_panel_layout(const PanelLayout& layout) {
  const auto width = [](float w) { return std::to_string(std::lround(std::clamp(w, kMinPanelWidth, kMaxPanelWidth))); };
  const auto flag = [](bool b) { return b ? "1" : "0"; };
  return "# ikscope: panel sizes (points), kept between runs\n"
         "[panels]\n"
         "skeleton_width = " +
         width(layout.skeleton_width) + "\nskeleton_collapsed = " + flag(layout.skeleton_collapsed) +
         "\nchains_width = " + width(layout.chains_width) + "\nchains_collapsed = " + flag(layout.chains_collapsed) +
         "\nmotion_height = " + width(layout.motion_height) + "\nmotion_collapsed = " + flag(layout.motion_collapsed) +
         "\n";
}

}  // namespace app
