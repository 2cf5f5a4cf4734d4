#include "app/editor/controls.h"

#include <algorithm>
#include <cstring>

namespace app {
namespace {

const Control kControls[] = {
    {"Middle drag, Alt + left drag", "orbit the camera"},
    {"Numpad 1 / 3 / 7", "front / right / top view (with Ctrl: back / left / bottom)"},
    {"Numpad 5", "orthographic / perspective"},
    {"Shift + middle drag", "pan"},
    {"Mouse wheel", "zoom"},
    {"F", "frame all"},
    {"M", "show or hide the skinned mesh"},
    {"Left click", "select a joint (in the viewport, or its row in the outline); on empty space: clear"},
    {"Left click a goal handle", "select it (a full-body effector's too): the gizmo goes there"},
    {"Left drag a goal handle",
     "move the goal in a plane through it: facing you, or the ground's or the limb's (the viewport toolbar's drag:)"},
    {"Left drag a violet or teal dot", "move a chain's pole target, or a control point of its spline (Spline IK)"},
    {"G", "translate gizmo on the selected goal handle: drag an arrow (one axis) or a square (one plane)"},
    {"R", "rotate gizmo on the selected goal handle: drag a ring (one axis) or the outer ring (view axis)"},
    {"X, Y or Z held while dragging", "move the goal along that axis"},
    {"O", "orientation goal on or off for the selected chain"},
    {"Ctrl + left drag a goal handle", "turn the goal (orientation goals)"},
    {"Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "undo / redo"},
    {"P", "pause or resume solving (Space too when the rig has no clips)"},
    {"Space or K", "play / pause the clip (rigs with clips: the timeline at the bottom)"},
    {"J / L, Left / Right", "one frame back / forward (pauses)"},
    {"Home / End", "the clip's start / end"},
    {"T, or Record (timeline)", "record the selected goal's motion as a goal path while you drag or play"},
    {"Goal mode (Chains panel)", "pinned, follows a joint, follows the animation + offset, or follows a path"},
    {"Alt+R", "reset pose: rest pose, the goals onto the effectors (undoable)"},
    {"Escape", "clear the selection (the joint, and the chain: its goal's gizmo goes); in a popup: cancel"},
    {"Enter", "in a popup: confirm (OK, Replace, Save)"},
    {"Ctrl+O, drop a .gltf/.glb", "open a rig"},
    {"Ctrl+Shift+O, drop a .json", "open a session (chains, goals, solvers, camera)"},
    {"Ctrl+S", "save the session"},
    {"Ctrl+E", "export the rig with the posed joints as .gltf or .glb"},
    {"Ctrl+Shift+E",
     "export motion: the clip (or the followed goal paths) with the IK on top, every frame, as a glTF clip"},
    {"F12", "screenshot (ikscope-DATE-TIME.png in the current folder)"},
    {"Drag a panel's inner edge", "resize the side panel (remembered between runs)"},
    {"Panel title arrow", "collapse the side panel; its edge strip brings it back"},
    {"F1", "this help"},
    {"Ctrl+Q", "quit (asks Save / Discard / Cancel if there are unsaved changes)"},
};

constexpr size_t kWrapColumn = 90;

}  // namespace

const Control* controls() { return kControls; }
int control_count() { return static_cast<int>(sizeof(kControls) / sizeof(kControls[0])); }

std::string controls_text() {
  size_t key_width = 0;
  for (const Control& c : kControls) key_width = std::max(key_width, std::strlen(c.keys));
  const size_t indent = key_width + 2;
  std::string text;
  for (const Control& c : kControls) {
    std::string line = c.keys;
    line.resize(indent, ' ');
    // Wrap the action at spaces so no line passes kWrapColumn (a word longer than the
    // room left stays whole).
    const char* word = c.action;
    size_t column = indent;
    bool first_word = true;
    while (*word) {
      const char* end = std::strchr(word, ' ');
      const size_t length = end ? static_cast<size_t>(end - word) : std::strlen(word);
      if (!first_word && column + 1 + length > kWrapColumn) {
        line += "\n" + std::string(indent, ' ');
        column = indent;
      } else if (!first_word) {
        line += ' ';
        ++column;
      }
      line.append(word, length);
      column += length;
      first_word = false;
      word += length;
      while (*word == ' ') ++word;
    }
    text += line + "\n";
  }
  return text;
}

std::string controls_markdown() {
  std::string page =
      "# Controls\n"
      "\n"
      "<!-- Generated from the program's controls table (app/editor/controls.cpp); the test\n"
      "     test_controls fails when this page is stale. Regenerate with\n"
      "     ./build/release/ikscope --controls-markdown > docs/controls.md -->\n"
      "\n"
      "The same list is the program's F1 help and the end of `ikscope --help`.\n"
      "\n"
      "| keys | action |\n"
      "|---|---|\n";
  for (const Control& c : kControls) {
    std::string keys = c.keys, action = c.action;
    for (std::string* cell : {&keys, &action}) {  // a '|' would end the table's cell
      for (size_t at = cell->find('|'); at != std::string::npos; at = cell->find('|', at + 2)) cell->replace(at, 1, "\\|");
    }
    page += "| " + keys + " | " + action + " |\n";
  }
  return page;
}

}  // namespace app
