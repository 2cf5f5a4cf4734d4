#include "app/editor/elide.h"

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

}  // namespace app
