#include "app/ui/plot_lines.h"

#include <algorithm>
#include <cmath>

#include "solvers/scene/solver_table.h"

namespace app {
namespace {

float legend_sample() { return std::floor(ImGui::GetFontSize() * 2.0f); }

}  // namespace

void add_styled_polyline(ImDrawList* dl, const ImVec2* points, int count, ImU32 colour, int style, float thickness) {
  if (style <= kSolidLine || style > kDashDotLine) {
    dl->AddPolyline(points, count, colour, 0, thickness);
    return;
  }
  const float* pattern = ik::line_style_pattern(style);  // on, off, on, off in points
  int part = 0;             // the pattern's part: even parts are drawn
  float left = pattern[0];  // of that part
  for (int i = 1; i < count; ++i) {
    ImVec2 a = points[i - 1];
    const ImVec2 b = points[i];
    float length = std::hypot(b.x - a.x, b.y - a.y);
    const ImVec2 along = length > 0.0f ? ImVec2((b.x - a.x) / length, (b.y - a.y) / length) : ImVec2(0.0f, 0.0f);
    while (length > 0.0f) {
      const float step = std::min(left, length);
      const ImVec2 c(a.x + along.x * step, a.y + along.y * step);
      if (part % 2 == 0) dl->AddLine(a, c, colour, thickness);
      a = c;
      length -= step;
      left -= step;
      if (left <= 0.0f) {
        part = (part + 1) % 4;
        left = pattern[part];
      }
    }
  }
}

float legend_entry_width(const char* name) {
  return legend_sample() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(name).x;
}

void legend_entry(const char* name, ImU32 colour, int style, bool coloured, float right, bool& first) {
  if (!first) {
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemSpacing.x * 2.0f);
    if (ImGui::GetCursorScreenPos().x + legend_entry_width(name) > right) ImGui::NewLine();
  }
  first = false;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float sample = legend_sample();
  const float y = std::floor(at.y + ImGui::GetTextLineHeight() * 0.5f);
  const ImVec2 line[2] = {ImVec2(at.x, y), ImVec2(at.x + sample, y)};
  add_styled_polyline(ImGui::GetWindowDrawList(), line, 2, colour, style, 2.0f);
  ImGui::Dummy(ImVec2(sample, ImGui::GetTextLineHeight()));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if (coloured) ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(name);
  if (coloured) ImGui::PopStyleColor();
}

}  // namespace app
