// app/editor/plot_axes.h: the error plot's decades, minor ticks, iteration ticks and label
// collision removal.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/editor/plot_axes.h"

namespace {

TEST(PlotAxes, DecadeRangeCoversTheDataAtWholeDecades) {
  const app::DecadeRange r = app::decade_range(3e-8f, 0.4f);
  EXPECT_EQ(r.low, -8);
  EXPECT_EQ(r.high, 0);
  // Zero errors count as the floor; one value still spans a decade.
  EXPECT_EQ(app::decade_range(0.0f, 0.0f, 1e-9f).low, -9);
  EXPECT_EQ(app::decade_range(0.0f, 0.0f, 1e-9f).high, -8);
  const app::DecadeRange exact = app::decade_range(0.01f, 0.01f);
  EXPECT_EQ(exact.low, -2);
  EXPECT_EQ(exact.high, -1);
  const app::DecadeRange none = app::decade_range(1.0f, 0.0f);  // no data
  EXPECT_LT(none.low, none.high);
  EXPECT_LT(app::decade_range(std::nanf(""), 1.0f).low, app::decade_range(std::nanf(""), 1.0f).high);
}

TEST(PlotAxes, MajorsAtEveryDecadeMinorsBetweenWhenThereIsRoom) {
  const app::DecadeRange r{-3, 0};
  const std::vector<app::AxisTick> roomy = app::log_ticks(r, 60.0f, 13.0f);
  int majors = 0, minors = 0;
  for (const app::AxisTick& t : roomy) (t.major ? majors : minors)++;
  EXPECT_EQ(majors, 4);
  EXPECT_EQ(minors, 3 * 8);
  for (size_t i = 1; i < roomy.size(); ++i) EXPECT_LT(roomy[i - 1].position, roomy[i].position);
  // 2 x 10^-3 sits at log10(2) above -3.
  EXPECT_NEAR(roomy[1].position, -3.0f + std::log10(2.0f), 1e-6f);
  // At 20 px per decade the 9-to-10 gap is under 1 px: no minors.
  const std::vector<app::AxisTick> tight = app::log_ticks(r, 20.0f, 13.0f);
  for (const app::AxisTick& t : tight) EXPECT_TRUE(t.major);
  EXPECT_EQ(tight.size(), 4u);
}

// 1e0 .. 1e-8 on a 100 px axis: 11 px per decade cannot hold a 13 px label each; every
// second or fifth decade is labelled, at multiples of the stride, and no two labels overlap.
TEST(PlotAxes, DecadeLabelsNeverOverlap) {
  const app::DecadeRange r{-8, 0};
  for (float height : {60.0f, 100.0f, 150.0f, 300.0f, 1000.0f}) {
    const float per_decade = height / 8.0f;
    const float extent = 13.0f, gap = 4.0f;
    const std::vector<app::AxisTick> ticks = app::log_ticks(r, per_decade, extent, gap);
    float last_centre = -1e9f;
    int labels = 0;
    for (const app::AxisTick& t : ticks) {
      if (!t.labelled) continue;
      ++labels;
      const float centre = t.position * per_decade;
      EXPECT_GE(centre - last_centre, extent + gap) << "height " << height << " at " << t.label;
      last_centre = centre;
    }
    EXPECT_GE(labels, 2) << height;  // the axis always reads
  }
  const std::vector<app::AxisTick> ticks = app::log_ticks(r, 12.5f, 13.0f, 4.0f);  // stride 2
  for (const app::AxisTick& t : ticks) {
    if (!t.major) continue;
    EXPECT_EQ(t.labelled, static_cast<int>(t.position) % 2 == 0) << t.position;
  }
  EXPECT_EQ(app::label_stride(12.5f, 13.0f, 4.0f), 2);
  EXPECT_EQ(app::label_stride(5.0f, 13.0f, 4.0f), 5);
  EXPECT_EQ(app::label_stride(1.0f, 13.0f, 4.0f), 20);
  EXPECT_EQ(app::label_stride(40.0f, 13.0f, 4.0f), 1);
}

TEST(PlotAxes, DecadeLabelsReadNaturally) {
  EXPECT_EQ(app::decade_label(0), "1");
  EXPECT_EQ(app::decade_label(1), "10");
  EXPECT_EQ(app::decade_label(-3), "1e-3");
  EXPECT_EQ(app::decade_label(2), "1e2");
}

TEST(PlotAxes, IterationTicksStepOneTwoFiveAndFit) {
  auto width = [](const std::string& text) { return 7.0f * static_cast<float>(text.size()); };
  // 16 iterations over 320 px: 20 px per iteration, labels "16" 14 px + 8 gap -> step 2.
  std::vector<app::AxisTick> ticks = app::linear_ticks(16, 20.0f, width);
  ASSERT_GE(ticks.size(), 2u);
  EXPECT_EQ(ticks[1].position - ticks[0].position, 2.0f);
  EXPECT_EQ(ticks.front().label, "0");
  // 200 iterations over 300 px: 1.5 px each, "200" 21 + 8 px -> 20 iterations.
  ticks = app::linear_ticks(200, 1.5f, width);
  EXPECT_EQ(ticks[1].position - ticks[0].position, 20.0f);
  for (size_t i = 1; i < ticks.size(); ++i)
    EXPECT_GE((ticks[i].position - ticks[i - 1].position) * 1.5f, width(ticks[i].label) + 8.0f);
  // Roomy: every iteration.
  ticks = app::linear_ticks(4, 100.0f, width);
  EXPECT_EQ(ticks.size(), 5u);
  EXPECT_EQ(app::nice_step(0.3f), 1);
  EXPECT_EQ(app::nice_step(3.0f), 5);
  EXPECT_EQ(app::nice_step(11.0f), 20);
}

TEST(PlotAxes, CollidingLabelsRemovedByPriority) {
  // Three labels: the second overlaps the first; the third is clear of both.
  const std::vector<app::LabelSpan> spans = {{0, 20}, {15, 35}, {40, 60}};
  EXPECT_EQ(app::keep_non_overlapping(spans, 0.0f), (std::vector<int>{0, 2}));
  // With a gap of 6 the third (starting 20 px after the first ends) still fits; with 25 not.
  EXPECT_EQ(app::keep_non_overlapping(spans, 6.0f), (std::vector<int>{0, 2}));
  EXPECT_EQ(app::keep_non_overlapping(spans, 25.0f), (std::vector<int>{0}));
  // Priority decides: the second first keeps it and drops both neighbours it touches.
  const std::vector<app::LabelSpan> reordered = {{15, 35}, {0, 20}, {40, 60}};
  EXPECT_EQ(app::keep_non_overlapping(reordered, 6.0f), (std::vector<int>{0}));
}

}  // namespace
