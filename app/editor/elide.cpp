#include "app/editor/elide.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace app {

std::string elide_middle(const std::string& text, size_t max_chars) {
  if (max_chars < 3) max_chars = 3;
  // Byte offset of every code point's start (continuation bytes are 10xxxxxx).
  std::vector<size_t> starts;
  for (size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  if (starts.size() <= max_chars) return text;
  const size_t keep = max_chars - 1;  // characters around the ellipsis
  const size_t head = keep / 2, tail = keep - head;
  return text.substr(0, starts[head]) + "\xE2\x80\xA6" + text.substr(starts[starts.size() - tail]);
}

std::string compact_number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return "inf";
  char text[32];
  value = std::max(value, 0.0);
  // Each step's limit is where rounding would give the next step's width ("999.95" -> "1000.0").
  if (value < 999.95)
    std::snprintf(text, sizeof(text), "%.1f", value);
  else if (value < 9999.5)
    std::snprintf(text, sizeof(text), "%.0f", value);
  else if (value < 999.5e3)
    std::snprintf(text, sizeof(text), "%.0fk", value / 1e3);
  else if (value < 999.5e6)
    std::snprintf(text, sizeof(text), "%.0fM", value / 1e6);
  else
    return ">1G";
  return text;
}

}  // namespace app
