// The layout maths of the error plot's axes (app/ui/error_plot.cpp draws them), without a
// window so the tests check it: which decades a log axis spans, its major and minor
// ticks, the iteration ticks of the linear axis, and which labels to keep so that none
// overlaps another.
//
// Log axis: values are shown as log10(value); majors at every decade 10^k, minors at
// m * 10^k for m = 2..9 when the tightest gap between them (9 to 10: log10(10/9) of a
// decade) is still a few pixels wide; labels at every `stride`-th decade, the smallest
// stride of 1, 2, 5, 10, 20, ... that leaves room for a label between two labelled
// decades, anchored at multiples of the stride so the labels do not jump as the range
// grows. Linear axis: steps of 1, 2 or 5 times a power of ten (at least 1: iterations
// are whole), the smallest that leaves room for a label.
#pragma once

#include <string>
#include <vector>

namespace app {

// The decades a log axis spans for data in [min_value, max_value] (values at or below
// `floor_value`, e.g. an error of exactly 0, count as floor_value): from the decade at or
// below the smallest to the decade at or above the largest, at least one decade wide.
// Without data (min > max, or NaN), 10^-1 .. 10^0.
struct DecadeRange {
  int low = -1;  // log10 of the axis' bottom
  int high = 0;  // log10 of the axis' top, > low
};
DecadeRange decade_range(float min_value, float max_value, float floor_value = 1e-9f);

struct AxisTick {
  float position = 0.0f;  // log10(value) on a log axis, the value on a linear one
  bool major = false;
  bool labelled = false;
  std::string label;  // empty unless labelled: "1e-3" (log), "12" (linear)
};

// The ticks of a log axis over `range` drawn `pixels_per_decade` apart per decade, with
// labels `label_extent` pixels tall (along the axis) needing `label_gap` pixels between
// them. Minor ticks are left out when the 9-to-10 gap would be under `min_minor_gap`
// pixels. Ticks in increasing order.
std::vector<AxisTick> log_ticks(const DecadeRange& range, float pixels_per_decade, float label_extent,
                                float label_gap = 4.0f, float min_minor_gap = 2.0f);

// The label stride: the smallest of 1, 2, 5, 10, 20, 50, ... with stride * spacing >=
// extent + gap (spacing: pixels between neighbouring candidates). 1 for a non-positive
// extent; a huge stride (1e9) for a non-positive spacing.
int label_stride(float spacing, float extent, float gap);

// The ticks of a linear axis over [0, last] (iterations) drawn `pixels_per_unit` apart
// per unit, labels `label_width(text)` pixels wide along the axis, `label_gap` between
// them: every tick is labelled; the step is 1, 2 or 5 times a power of ten (>= 1), the
// smallest whose labels fit (measured on the widest label, that of `last`).
template <typename Width>
std::vector<AxisTick> linear_ticks(int last, float pixels_per_unit, Width label_width, float label_gap = 8.0f);

// Label collision removal for labels placed by someone else: intervals [start, end) along
// one axis, in priority order (first = most important); returns the indices kept, in
// priority order, such that no two kept intervals come closer than `gap`.
struct LabelSpan {
  float start = 0.0f;
  float end = 0.0f;
};
std::vector<int> keep_non_overlapping(const std::vector<LabelSpan>& spans, float gap);

// "1e-3" for decade -3, "1" for 0, "10" for 1 (short labels where they read naturally).
std::string decade_label(int decade);

// ---- implementation of the template ----

int nice_step(float min_units);  // smallest 1/2/5 x 10^k >= min_units, at least 1

template <typename Width>
std::vector<AxisTick> linear_ticks(int last, float pixels_per_unit, Width label_width, float label_gap) {
  std::vector<AxisTick> ticks;
  if (last < 0) return ticks;
  const float widest = label_width(std::to_string(last));
  const int step = pixels_per_unit > 0.0f ? nice_step((widest + label_gap) / pixels_per_unit) : last + 1;
  for (int value = 0; value <= last; value += step) {
    AxisTick tick;
    tick.position = static_cast<float>(value);
    tick.major = tick.labelled = true;
    tick.label = std::to_string(value);
    ticks.push_back(tick);
  }
  return ticks;
}

}  // namespace app
