// Shortening long names for narrow panels and menus: the middle gives way, so both the
// start (a prefix such as "mixamorig:", a folder's root) and the end (which finger, which
// file) stay readable. The full text goes in a tooltip.
#pragma once

#include <string>

namespace app {

// `text` if it has at most `max_chars` characters (UTF-8 code points), else its first and
// last characters around "…" so that the result has `max_chars` characters (the end gets
// the extra one). Never splits a UTF-8 sequence. max_chars below 3 is taken as 3.
std::string elide_middle(const std::string& text, size_t max_chars);

}  // namespace app
