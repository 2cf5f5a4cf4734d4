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

// A non-negative figure in at most as many characters as "999.9" (a column sized for it
// never cuts it): one decimal under 1,000, whole under 10,000, then thousands ("12k") and
// millions ("3M"); "inf" / "nan" as they are. A slow build's 3,581.5 us reads "3582".
std::string compact_number(double value);

}  // namespace app
