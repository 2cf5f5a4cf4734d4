#include "app/editor/plot_axes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

DecadeRange decade_range(float min_value, float max_value, float floor_value) {
  DecadeRange range;
  if (!(min_value <= max_value)) return range;  // no data, or NaN
  const float lo = std::log10(std::max(min_value, floor_value));
  const float hi = std::log10(std::max(max_value, floor_value));
  if (!std::isfinite(lo) || !std::isfinite(hi)) return range;
  // A value a float's rounding away from a decade (log10(1e-9f) = -9.0000000123) belongs
  // to that decade, not the one below.
  constexpr float kSnap = 1e-4f;
  range.low = static_cast<int>(std::floor(lo + kSnap));
  range.high = std::max(static_cast<int>(std::ceil(hi - kSnap)), range.low + 1);
  return range;
}

int label_stride(float spacing, float extent, float gap) {
  if (!(extent > 0.0f)) return 1;
  if (!(spacing > 0.0f)) return 1000000000;
  for (int power = 1; power < 1000000000; power *= 10)
    for (int m : {1, 2, 5})
      if (static_cast<float>(m * power) * spacing >= extent + gap) return m * power;
  return 1000000000;
}

int nice_step(float min_units) {
  if (!(min_units > 1.0f)) return 1;
  for (int power = 1; power < 1000000000; power *= 10)
    for (int m : {1, 2, 5})
      if (static_cast<float>(m * power) >= min_units) return m * power;
  return 1000000000;
}

std::string decade_label(int decade) {
  if (decade == 0) return "1";
  if (decade == 1) return "10";
  char text[16];
  std::snprintf(text, sizeof(text), "1e%d", decade);
  return text;
}

// Floor modulo: decades below zero are labelled at the same multiples as above.
static int floor_mod(int a, int b) { return ((a % b) + b) % b; }

std::vector<AxisTick> log_ticks(const DecadeRange& range, float pixels_per_decade, float label_extent, float label_gap,
                                float min_minor_gap) {
  std::vector<AxisTick> ticks;
  const int stride = label_stride(pixels_per_decade, label_extent, label_gap);
  const bool minors = pixels_per_decade * std::log10(10.0f / 9.0f) >= min_minor_gap;
  for (int decade = range.low; decade <= range.high; ++decade) {
    AxisTick major;
    major.position = static_cast<float>(decade);
    major.major = true;
    major.labelled = floor_mod(decade, stride) == 0;
    if (major.labelled) major.label = decade_label(decade);
    ticks.push_back(major);
    if (!minors || decade == range.high) continue;
    for (int m = 2; m <= 9; ++m) {
      AxisTick minor;
      minor.position = static_cast<float>(decade) + std::log10(static_cast<float>(m));
      ticks.push_back(minor);
    }
  }
  return ticks;
}

std::vector<int> keep_non_overlapping(const std::vector<LabelSpan>& spans, float gap) {
  std::vector<int> kept;
  for (size_t i = 0; i < spans.size(); ++i) {
    const LabelSpan& a = spans[i];
    bool clear = true;
    for (int k : kept) {
      const LabelSpan& b = spans[static_cast<size_t>(k)];
      if (a.start < b.end + gap && b.start < a.end + gap) {
        clear = false;
        break;
      }
    }
    if (clear) kept.push_back(static_cast<int>(i));
  }
  return kept;
}

}  // namespace app
