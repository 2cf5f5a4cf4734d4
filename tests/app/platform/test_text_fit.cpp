// Text that does not fit (app/platform/text_fit.h), read from what a headless ImGui context
// drew: labels wider than their button, a cell or the window are found; whole text, a name
// elided on purpose, a list's half-shown last row and a table scrolled sideways are not.
// (The texts cut have no space near the cut: a cut that falls in a space leaves no glyph cut,
// which the header says.)
#include <gtest/gtest.h>
#include <imgui.h>

#include <functional>
#include <string>
#include <vector>

#include "app/editor/elide.h"
#include "app/platform/text_fit.h"

namespace {

// An ImGui context with no window or GPU behind it: a built font atlas and a display.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(400.0f, 300.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(1)));
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // Draws `contents` in a 240x120 window "Panel" for a few frames (ImGui sizes windows and
  // tables from the frames before) and returns what the last one cut.
  std::vector<app::ClippedText> cut(const std::function<void()>& contents) {
    for (int frame = 0; frame < 3; ++frame) {
      ImGui::NewFrame();
      ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f));
      ImGui::SetNextWindowSize(ImVec2(240.0f, 120.0f));
      ImGui::Begin("Panel", nullptr, ImGuiWindowFlags_NoSavedSettings);
      contents();
      ImGui::End();
      ImGui::Render();
    }
    return app::find_clipped_text_last_frame();
  }
};

std::string texts(const std::vector<app::ClippedText>& found) {
  std::string out;
  for (const app::ClippedText& t : found) out += "[" + t.window + "] " + t.text + "\n";
  return out;
}

TEST(TextFit, ALabelWiderThanItsButtonIsFound) {
  HeadlessImGui ui;
  const auto found = ui.cut([] {
    ImGui::Button("Fits");
    // 55 points: the glyph on the edge is trimmed. (A button cut between two glyphs leaves
    // nothing to find: its clip rectangle is not in the draw data; text_fit.h says so.)
    ImGui::Button("Finite-difference", ImVec2(55.0f, 0.0f));
  });
  ASSERT_EQ(found.size(), 1u) << texts(found);
  EXPECT_EQ(found[0].window, "Panel");
  EXPECT_EQ(found[0].text.substr(0, 3), "Fin") << found[0].text;
  EXPECT_LT(found[0].text.size(), std::string("Finite-difference").size()) << "only what was drawn";
}

TEST(TextFit, TextRunningPastTheWindowsEdgeIsFound) {
  HeadlessImGui ui;
  const auto found =
      ui.cut([] { ImGui::TextUnformatted("mixamorig:LeftHandThumb4_end_and_more_than_the_window_holds"); });
  ASSERT_EQ(found.size(), 1u) << texts(found);
  EXPECT_NEAR(found[0].x, 250.0f - ImGui::GetStyle().WindowPadding.x * 0.5f, 8.0f) << "cut at the window's right";
}

TEST(TextFit, ATableCellCutsItsText) {
  HeadlessImGui ui;
  const auto found = ui.cut([] {
    if (!ImGui::BeginTable("t", 2)) return;
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("Jacobian_transpose_solver");  // a column of half the window
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("ok");
    ImGui::EndTable();
  });
  ASSERT_EQ(found.size(), 1u) << texts(found);
  EXPECT_EQ(found[0].text.substr(0, 8), "Jacobian");
}

TEST(TextFit, WholeTextAndNamesElidedOnPurposeAreNotCut) {
  HeadlessImGui ui;
  const auto found = ui.cut([] {
    ImGui::TextUnformatted("short");
    ImGui::TextWrapped("A long sentence wraps inside the window instead of running past its edge.");
    ImGui::TextUnformatted(app::elide_middle("mixamorig:LeftHandThumb4_end_tip", 20).c_str());
    ImGui::Button("Jacket");  // a glyph with a bearing left of its pen ("J") is not a cut
  });
  EXPECT_TRUE(found.empty()) << texts(found);
}

TEST(TextFit, AListsHalfShownRowAndATableScrolledSidewaysAreNotCut) {
  HeadlessImGui ui;
  const auto found = ui.cut([] {
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("wide", 3, flags, ImVec2(0.0f, 50.0f))) {
      for (int c = 0; c < 3; ++c) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("a column wider than a third");
      }
      ImGui::EndTable();
    }
    for (int i = 0; i < 20; ++i) ImGui::Text("row %d", i);  // runs below the window: scrolls
  });
  EXPECT_TRUE(found.empty()) << texts(found);
}

}  // namespace
