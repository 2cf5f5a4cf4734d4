// The program's controls as ONE list of (keys, action) entries: the F1 help draws it as a
// two-column table, --help prints it as text (controls_text) and docs/controls.md is the
// same list as Markdown (controls_markdown; a test fails when the page is stale), so none
// of them can disagree.
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

// docs/controls.md: a title, a note that the page is generated, and the list as a
// two-column Markdown table.
std::string controls_markdown();

}  // namespace app
