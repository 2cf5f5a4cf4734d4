#include "app/ui/jacobian_view.h"

#include <imgui.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/editor/inspection.h"

namespace app {
namespace {

const char* kExplanation =
    "J maps joint turns to effector motion. Its singular values say how fast the effector moves per radian "
    "along each of its principal directions.\n"
    "rank: how many directions the chain can move its effector in at all (a straight chain cannot move its tip "
    "along its own line; one ball joint keeps its effector on a sphere).\n"
    "condition: largest / smallest non-zero singular value, how unevenly it moves in those directions.\n"
    "Near a singularity is shown only when the goal lies along a direction the chain barely moves in (singular "
    "value under 5 % of the largest, or zero): there the solvers need large turns for small moves, or cannot "
    "move at all. A goal across such a direction is reached normally.";

// Draws `parts` left to right, each kept whole, wrapping to a new line before a part that
// would run past the panel's edge (ImGui's own wrapping breaks "2.42" at the point).
// Returns whether any part is hovered.
bool flow_text(const std::vector<std::string>& parts, const ImVec4* colour = nullptr) {
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::CalcTextSize(" ").x;
  bool hovered = false;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      ImGui::SameLine(0.0f, spacing);
      if (ImGui::GetCursorScreenPos().x + ImGui::CalcTextSize(parts[i].c_str()).x > right) ImGui::NewLine();
    }
    if (colour != nullptr)
      ImGui::TextColored(*colour, "%s", parts[i].c_str());
    else
      ImGui::TextUnformatted(parts[i].c_str());
    hovered |= ImGui::IsItemHovered();
  }
  return hovered;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof(text), pattern, value);
  return text;
}

}  // namespace

void draw_jacobian_readout(const Editor& editor) {
  ik::JacobianReadout readout;
  if (!selected_chain_readout(editor, readout)) return;
  std::vector<std::string> values = {"singular values of J:"};
  for (int i = 0; i < readout.rows; ++i) values.push_back(format("%.3g ", readout.singular_values[i]));
  bool hovered = flow_text(values);
  std::vector<std::string> summary;
  if (readout.rank == 0) {
    summary = {format("rank 0 of %.0f:", readout.rows), "the chain cannot move its effector"};
  } else {
    summary = {format("rank %.0f", readout.rank) + format(" of %.0f,", readout.rows),
               format("smallest non-zero %.3g,", readout.smallest_nonzero),
               format("condition %.3g", readout.condition)};
  }
  hovered |= flow_text(summary);
  if (readout.near_singular) {
    const ImVec4 warning(0.95f, 0.6f, 0.3f, 1.0f);
    hovered |= flow_text({"near a singularity:", "the goal lies along a direction", "the chain barely moves in",
                          format("(%.0f %%)", 100.0 * readout.goal_along_near_null)},
                         &warning);
  }
  if (hovered) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(kExplanation);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace app
