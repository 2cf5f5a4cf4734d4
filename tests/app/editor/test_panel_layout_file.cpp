// The side panels' layout file (app/editor/panel_layout_file.h), where they fit in a window
// (app/editor/panel_fit.h), the length units of the joint panel (app/editor/length_unit.h) and
// the controls list behind F1 and --help (app/editor/controls.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "app/editor/command_line.h"
#include "app/editor/controls.h"
#include "app/editor/length_unit.h"
#include "app/editor/panel_fit.h"
#include "app/editor/panel_layout_file.h"

namespace {

app::PanelLayout parse_layout(const std::string& text, std::vector<std::string>& warnings) {
  return app::parse_panel_layout(text, "/cfg/panels.ini", warnings);
}

TEST(PanelLayoutFile, RoundTripsThroughItsText) {
  app::PanelLayout layout;
  layout.skeleton_width = 412.0f;
  layout.chains_width = 288.0f;
  layout.chains_collapsed = true;
  layout.motion_height = 222.0f;
  layout.motion_collapsed = true;
  std::vector<std::string> warnings;
  const app::PanelLayout back = parse_layout(app::format_panel_layout(layout), warnings);
  EXPECT_TRUE(warnings.empty()) << warnings[0];
  EXPECT_EQ(back, layout);
  EXPECT_NE(back, app::PanelLayout{});  // the values are not simply the defaults
}

TEST(PanelLayoutFile, EmptyTextGivesTheDefaultsWithoutWarning) {
  std::vector<std::string> warnings;
  EXPECT_EQ(parse_layout("", warnings), app::PanelLayout{});
  EXPECT_EQ(parse_layout("\n\n# only a comment\r\n; another\n", warnings), app::PanelLayout{});
  EXPECT_TRUE(warnings.empty());
}

TEST(PanelLayoutFile, ToleratesSpacesCrLfAndNoSectionOrFinalNewline) {
  std::vector<std::string> warnings;
  const app::PanelLayout l = parse_layout("  skeleton_width\t=  250 \r\nchains_collapsed=true", warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(l.skeleton_width, 250.0f);
  EXPECT_TRUE(l.chains_collapsed);
  EXPECT_EQ(l.chains_width, app::PanelLayout{}.chains_width);
}

TEST(PanelLayoutFile, BadLinesGiveOneWarningNamingTheFileAndTheRestIsKept) {
  std::vector<std::string> warnings;
  const app::PanelLayout l = parse_layout(
      "[panels]\n"
      "skeleton_width = wide\n"    // not a number: default kept
      "chains_width = 300\n"       // good
      "colour = blue\n"            // unknown key
      "just words\n"               // not key = value
      "chains_collapsed = 2\n"     // not a flag
      "skeleton_collapsed = 1\n",  // good
      warnings);
  ASSERT_EQ(warnings.size(), 1u);
  const std::string& w = warnings[0];
  EXPECT_EQ(w.rfind("/cfg/panels.ini: 4 lines", 0), 0u) << w;
  EXPECT_NE(w.find("line 2 'skeleton_width = wide' (not a number)"), std::string::npos) << w;
  EXPECT_NE(w.find("(unknown setting)"), std::string::npos) << w;
  EXPECT_NE(w.find("..."), std::string::npos) << "more than three problems: the rest are counted" << w;
  EXPECT_EQ(l.skeleton_width, app::PanelLayout{}.skeleton_width);
  EXPECT_EQ(l.chains_width, 300.0f);
  EXPECT_TRUE(l.skeleton_collapsed);
  EXPECT_FALSE(l.chains_collapsed);
}

TEST(PanelLayoutFile, OutOfRangeWidthsAreClampedAndReported) {
  std::vector<std::string> warnings;
  const app::PanelLayout l = parse_layout("skeleton_width = 1e30\nchains_width = -5\n", warnings);
  EXPECT_EQ(l.skeleton_width, app::kMaxPanelWidth);
  EXPECT_EQ(l.chains_width, app::kMinPanelWidth);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("clamped to 160"), std::string::npos) << warnings[0];
  warnings.clear();
  const app::PanelLayout n = parse_layout("skeleton_width = nan\nchains_width = inf\n", warnings);
  EXPECT_EQ(n, app::PanelLayout{}) << "non-finite numbers are refused, not clamped";
  EXPECT_EQ(warnings.size(), 1u);
}

TEST(PanelLayoutFile, OtherSectionsAreIgnoredWithAWarning) {
  std::vector<std::string> warnings;
  const app::PanelLayout l = parse_layout("[window]\nskeleton_width = 200\n[panels]\nchains_width = 200\n", warnings);
  EXPECT_EQ(l.skeleton_width, app::PanelLayout{}.skeleton_width);
  EXPECT_EQ(l.chains_width, 200.0f);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("unknown section"), std::string::npos);
}

TEST(PanelLayoutFile, AnyBytesParseToAValidLayoutAndAOneLineWarning) {
  std::mt19937 random(16);
  for (int round = 0; round < 2000; ++round) {
    std::string text(random() % 300, '\0');
    for (char& c : text) c = static_cast<char>(random() % 256);
    if (round % 3 == 0) text = "skeleton_width = " + text;  // garbage after a known key
    std::vector<std::string> warnings;
    const app::PanelLayout l = parse_layout(text, warnings);
    ASSERT_GE(l.skeleton_width, app::kMinPanelWidth);
    ASSERT_LE(l.skeleton_width, app::kMaxPanelWidth);
    ASSERT_GE(l.chains_width, app::kMinPanelWidth);
    ASSERT_LE(l.chains_width, app::kMaxPanelWidth);
    ASSERT_LE(warnings.size(), 1u);
    for (const std::string& w : warnings) {
      ASSERT_EQ(w.rfind("/cfg/panels.ini: ", 0), 0u);
      ASSERT_LT(w.size(), 600u) << "the warning stays short whatever the file holds";
      for (char c : w) ASSERT_TRUE(c >= 0x20 && c < 0x7f) << "the warning is printable ASCII";
    }
  }
}

TEST(PanelLayoutFile, PathFollowsTheOverrideThenTheConfigFolder) {
  EXPECT_EQ(app::panel_layout_path("/tmp/p.ini", "/x", "/home/u"), "/tmp/p.ini");
  EXPECT_EQ(app::panel_layout_path("none", "/x", "/home/u"), "");
  EXPECT_EQ(app::panel_layout_path("", "/x", "/home/u"), "/x/ikscope/panels.ini");
  EXPECT_EQ(app::panel_layout_path(nullptr, nullptr, "/home/u"), "/home/u/.config/ikscope/panels.ini");
  EXPECT_EQ(app::panel_layout_path(nullptr, nullptr, nullptr), "");
}

TEST(PanelFit, SavedWidthsAtTheReferenceWidthAndWiderInAWiderWindow) {
  app::PanelLayout layout;
  layout.skeleton_width = 300.0f;
  layout.chains_width = 320.0f;
  const app::PanelWidths w = app::fit_panels(layout, 1280.0f, 24.0f, 6.0f);
  EXPECT_EQ(w.skeleton, 300.0f);
  EXPECT_EQ(w.chains, 320.0f);
  EXPECT_EQ(w.viewport, 1280.0f - 300.0f - 320.0f - 12.0f);
  // A 1.5x wider window: panels 1.5x wider (names get the room), the view still over half.
  const app::PanelWidths wide = app::fit_panels(layout, 1920.0f, 24.0f, 6.0f);
  EXPECT_EQ(wide.grow, 1.5f);
  EXPECT_EQ(wide.skeleton, 450.0f);
  EXPECT_EQ(wide.chains, 480.0f);
  EXPECT_GE(wide.viewport, 960.0f);
  // Wider still: the budget (half the window) caps them, in proportion.
  const app::PanelWidths huge = app::fit_panels(app::PanelLayout{}, 3840.0f, 24.0f, 6.0f);
  EXPECT_GE(huge.viewport, 1920.0f);
  EXPECT_NEAR(huge.skeleton / huge.chains, 330.0f / 360.0f, 0.02f);
}

TEST(PanelFit, NarrowWindowsShrinkBothPanelsSoTheViewportKeepsHalf) {
  const app::PanelLayout layout;
  for (float width : {1024.0f, 800.0f, 640.0f, 300.0f}) {
    const app::PanelWidths w = app::fit_panels(layout, width, 24.0f, 6.0f);
    EXPECT_GE(w.viewport, width / 2) << width;
    EXPECT_NEAR(w.skeleton / w.chains, 330.0f / 360.0f, 0.02f) << "in proportion, at " << width;
    EXPECT_EQ(w.skeleton + w.chains + 12.0f + w.viewport, width);
  }
}

TEST(PanelFit, ACollapsedPanelIsAStripAndTheOtherMayTakeItsRoom) {
  app::PanelLayout layout;
  layout.skeleton_collapsed = true;
  layout.chains_width = 480.0f;
  const app::PanelWidths w = app::fit_panels(layout, 1024.0f, 24.0f, 6.0f);
  EXPECT_EQ(w.skeleton, 24.0f);
  EXPECT_EQ(w.chains, 480.0f);
  EXPECT_EQ(w.viewport, 1024.0f - 24.0f - 480.0f - 6.0f);
  const app::PanelWidths tiny = app::fit_panels(layout, -5.0f, 24.0f, 6.0f);
  EXPECT_GE(tiny.viewport, 1.0f);
}

TEST(PanelFit, TheMotionDockTakesItsHeightAndLeavesTheViewMostOfTheBody) {
  app::PanelLayout layout;  // 300 points high
  EXPECT_EQ(app::fit_motion_dock(layout, false, 700.0f, 24.0f), 0.0f) << "closed: no dock";
  EXPECT_EQ(app::fit_motion_dock(layout, true, 700.0f, 24.0f), 300.0f);
  EXPECT_EQ(app::fit_motion_dock(layout, true, 400.0f, 24.0f), 240.0f) << "at most 60 % of the body";
  layout.motion_height = 4000.0f;
  EXPECT_EQ(app::fit_motion_dock(layout, true, 1000.0f, 24.0f), 600.0f);
  layout.motion_height = 160.0f;
  EXPECT_EQ(app::fit_motion_dock(layout, true, 200.0f, 24.0f), 120.0f) << "a tiny body: 60 % of it";
  layout.motion_collapsed = true;
  EXPECT_EQ(app::fit_motion_dock(layout, true, 700.0f, 24.0f), 24.0f) << "collapsed: its strip";
  EXPECT_EQ(app::fit_motion_dock(layout, true, NAN, 24.0f), 24.0f);
  layout.motion_collapsed = false;
  EXPECT_EQ(app::fit_motion_dock(layout, true, -3.0f, 24.0f), 0.0f);
}

TEST(LengthUnit, NamesTheCommonScales) {
  EXPECT_TRUE(app::length_unit_for_scale(1.0f).is_metre);
  EXPECT_EQ(app::length_unit_for_scale(0.01f).name, "cm");
  EXPECT_FALSE(app::length_unit_for_scale(0.01f).is_metre);
  EXPECT_EQ(app::length_unit_for_scale(0.0100004f).name, "cm");
  EXPECT_EQ(app::length_unit_for_scale(0.001f).name, "mm");
  EXPECT_EQ(app::length_unit_for_scale(0.0254f).name, "in");
  EXPECT_EQ(app::length_unit_for_scale(0.37f).name, "units");
  EXPECT_EQ(app::length_unit_for_scale(0.37f).metres_per_unit, 0.37f);
  EXPECT_TRUE(app::length_unit_for_scale(0.0f).is_metre) << "a degenerate scale is not a unit";
  EXPECT_TRUE(app::length_unit_for_scale(-1.0f).is_metre);
}

TEST(Controls, HelpAndF1ComeFromTheSameList) {
  const std::string text = app::controls_text();
  const std::string help = app::usage_text();
  ASSERT_GT(app::control_count(), 10);
  for (int i = 0; i < app::control_count(); ++i) {
    const app::Control& c = app::controls()[i];
    EXPECT_NE(text.find(c.keys), std::string::npos) << c.keys;
    EXPECT_NE(help.find(c.keys), std::string::npos) << "--help lacks " << c.keys;
    // The action's first word is in the text (long actions wrap, so not the whole).
    const std::string first_word(c.action, std::strcspn(c.action, " "));
    EXPECT_NE(text.find(first_word), std::string::npos) << c.action;
  }
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    EXPECT_LE(end - start, 90u) << text.substr(start, end - start);
    start = end + 1;
  }
}

}  // namespace
