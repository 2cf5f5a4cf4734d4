// One-line messages out of library text.
//
// tinygltf joins its errors with '\n' and nlohmann quotes the bytes it choked on, which
// may be any bytes of a broken file. The importer promises one readable line.
#pragma once

#include <cstddef>
#include <string>

namespace ik {

// `text` as one line: runs of whitespace (newlines included) become one space, other
// control characters and bytes that are not valid UTF-8 become '?', leading and
// trailing spaces go, and the result is cut to at most `max_bytes` bytes on a character
// boundary (then it ends in "...").
std::string one_line(const std::string& text, std::size_t max_bytes = 400);

}  // namespace ik
