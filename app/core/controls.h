// The program's controls as ONE list of (keys, action) entries: the F1 help draws it as a
// two-column table and --help prints it as text (controls_text), so the two never disagree.
#pragma once

#include <string>

namespace app {

struct Control {
  const char* keys;    // e.g. "Ctrl+Z / Ctrl+Shift+Z"
  const char* action;  // what they do, one sentence without a final full stop
};

// The entries, in the order the help shows them.
const Control* controls();
int control_count();

// The list as plain text: the keys left-aligned in one column, the action after, one
// entry per line (long actions wrap onto indented lines at about 90 columns).
std::string controls_text();

}  // namespace app
