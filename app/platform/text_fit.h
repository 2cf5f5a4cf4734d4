// Text that does not fit: read from what ImGui drew in the last frame, for --state-out
// ("clipped_text") and the end-to-end test that opens every panel at three window sizes.
//
// ImGui cuts a label that is wider than its item (a button, a table cell, a slider's value,
// a window's edge) at the item's clip rectangle: the glyph on the edge is either trimmed on
// the CPU (its quad and texture coordinates shortened) or left whole for the GPU's scissor
// to cut. Both show in the draw data: a glyph quad whose texture coordinates are shorter
// than the font's glyph, or that reaches past its command's clip rectangle, or ends on it
// (ImGui leaves out the glyphs wholly past the edge). Only cuts on
// the left and right count: a list scrolled so that its last row is half shown is not text
// that does not fit, nor is what a window's horizontal scroll bar brings into view (a wide
// table). A name shortened on purpose (app/editor/elide.h) draws whole glyphs and is not
// reported. Blind spot: a button's or a slider's label is clipped on the CPU to the item,
// whose rectangle is not in the draw data, and ImGui leaves out the glyphs wholly past it: a
// cut that falls between two glyphs there leaves nothing to find (checking at several window
// sizes moves the cut).
#pragma once

#include <string>
#include <vector>

struct ImDrawData;
struct ImFont;

namespace app {

struct ClippedText {
  std::string window;  // the ImGui window that drew it (its draw list's owner)
  std::string text;    // the run of glyphs drawn on that line, as far as it was drawn
  float x = 0.0f;      // where the cut is, window points
  float y = 0.0f;      // the run's top
};

// Every run of text in `data` with a glyph cut on the left or right: by its clip rectangle
// or by the display's right edge (`display_width`). `font` is the font the text was drawn
// with (glyphs are told from other shapes by its atlas coordinates). Runs are the glyphs
// of one command on one line, left to right; at most one entry per run.
std::vector<ClippedText> find_clipped_text(const ImDrawData& data, const ImFont& font, float display_width);

// The same for the frame ImGui drew last (ImGui::GetDrawData(), its default font); empty
// when there is no valid draw data.
std::vector<ClippedText> find_clipped_text_last_frame();

}  // namespace app
