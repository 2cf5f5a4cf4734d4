// Text that does not fit (text_fit.h): glyph quads in ImGui's draw data cut at an edge.
#include "app/platform/text_fit.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

namespace app {
namespace {

// Half a point: positions are whole or half points (a glyph ending within two of these of
// its clip edge counts as on it: see on_edge below).
constexpr float kEdgeSlack = 0.5f;

// The glyph of `font` whose atlas rectangle holds the point (u, v), else nullptr. Glyph
// rectangles in the atlas do not overlap, and the font's white pixel and baked lines lie
// outside them, so a filled shape or a line is never taken for text.
const ImFontGlyph* glyph_at(const ImFont& font, ImVec2 uv) {
  for (const ImFontGlyph& g : font.Glyphs)
    if (g.Visible && uv.x >= g.U0 && uv.x <= g.U1 && uv.y >= g.V0 && uv.y <= g.V1) return &g;
  return nullptr;
}

// ImDrawList::PrimRectUV's six indices for the quad of vertices a, a+1, a+2, a+3.
bool is_quad_at(const ImDrawIdx* idx, unsigned count, unsigned i) {
  if (i + 6 > count) return false;
  const unsigned a = idx[i];
  return idx[i + 1] == a + 1 && idx[i + 2] == a + 2 && idx[i + 3] == a && idx[i + 4] == a + 2 && idx[i + 5] == a + 3;
}

void append_utf8(std::string& out, unsigned codepoint) {
  if (codepoint < 0x80) {
    out += static_cast<char>(codepoint);
  } else if (codepoint < 0x800) {
    out += static_cast<char>(0xC0 | (codepoint >> 6));
    out += static_cast<char>(0x80 | (codepoint & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (codepoint >> 12));
    out += static_cast<char>(0x80 | ((codepoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codepoint & 0x3F));
  }
}

// One line of glyphs being read: its text so far, where it is, and whether a glyph was cut.
struct Run {
  std::string text;
  float top = 0.0f, right = 0.0f;
  float next_pen = 0.0f;  // where the next glyph's pen would be without a space between
  bool cut = false;
  float cut_x = 0.0f;
};

}  // namespace

std::vector<ClippedText> find_clipped_text(const ImDrawData& data, const ImFont& font, float display_width) {
  std::vector<ClippedText> found;
  const ImTextureID font_texture = font.ContainerAtlas ? font.ContainerAtlas->TexID : ImTextureID{};
  const ImFontGlyph* space_glyph = font.FindGlyphNoFallback(' ');
  const float space = space_glyph ? space_glyph->AdvanceX : font.FontSize * 0.25f;  // half of it reads as a space
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    const char* owner = list._OwnerName ? list._OwnerName : "";
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback != nullptr || cmd.TextureId != font_texture) continue;
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
      const float clip_left = cmd.ClipRect.x, clip_right = std::fmin(cmd.ClipRect.z, display_width);
      Run run;
      auto finish = [&]() {
        if (run.cut) found.push_back({owner, run.text, run.cut_x, run.top});
        run = Run{};
      };
      unsigned i = 0;
      while (i < cmd.ElemCount) {
        if (!is_quad_at(idx, cmd.ElemCount, i)) {
          i += 3;  // a triangle of some other shape
          continue;
        }
        const ImDrawVert& a = vtx[idx[i]];      // top left
        const ImDrawVert& c = vtx[idx[i + 2]];  // bottom right
        i += 6;
        const ImFontGlyph* g = glyph_at(font, a.uv);
        if (g == nullptr || glyph_at(font, c.uv) != g) continue;  // a filled rectangle, an image
        const float top = a.pos.y - g->Y0;                        // the line's top (text is drawn at the font's size)
        const bool same_line =
            !run.text.empty() && std::fabs(top - run.top) < kEdgeSlack && a.pos.x >= run.right - font.FontSize * 0.5f;
        if (!same_line) finish();
        const float pen = a.pos.x - g->X0;
        if (run.text.empty()) {
          run.top = top;
        } else if (pen - run.next_pen > 0.5f * space) {
          run.text += ' ';
        }
        append_utf8(run.text, g->Codepoint);
        run.right = c.pos.x;
        run.next_pen = pen + g->AdvanceX;
        // How much of the glyph is cut on each side: trimmed on the CPU (texture coordinates
        // shorter than the glyph's) or reaching past the clip rectangle (or the display) for
        // the scissor to cut. A glyph whose bearing pokes a point past its cell's edge ("J")
        // is not text that does not fit: a quarter of the glyph or more is.
        const float width = g->X1 - g->X0, span = std::fmax(g->U1 - g->U0, 1e-6f);
        const float cut_left = std::fmax((a.uv.x - g->U0) / span * width, clip_left - a.pos.x);
        const float cut_right = std::fmax((g->U1 - c.uv.x) / span * width, c.pos.x - clip_right);
        const float enough = std::fmax(kEdgeSlack * 3.0f, 0.25f * width);
        // ImGui leaves out the glyphs wholly past the edge, so a glyph ending on the edge is
        // where the text was cut (ImGui keeps a padding between text and its clip edge).
        const bool on_edge = c.pos.x >= clip_right - 2.0f * kEdgeSlack;
        if ((cut_left > enough || cut_right > enough || on_edge) && !run.cut) {
          run.cut = true;
          run.cut_x = cut_right > enough || on_edge ? clip_right : clip_left;
        }
      }
      finish();
    }
  }
  return found;
}

std::vector<ClippedText> find_clipped_text_last_frame() {
  const ImDrawData* data = ImGui::GetDrawData();
  if (data == nullptr || !data->Valid || ImGui::GetIO().Fonts->Fonts.Size == 0) return {};
  std::vector<ClippedText> found = find_clipped_text(*data, *ImGui::GetIO().Fonts->Fonts[0], data->DisplaySize.x);
  // A window with a horizontal scroll bar (a wide table) shows the rest when scrolled, as a
  // list does its rows: what its edges cut is not text that does not fit.
  found.erase(std::remove_if(found.begin(), found.end(),
                             [](const ClippedText& t) {
                               const ImGuiWindow* w = ImGui::FindWindowByName(t.window.c_str());
                               return w != nullptr && w->ScrollbarX;
                             }),
              found.end());
  return found;
}

}  // namespace app
