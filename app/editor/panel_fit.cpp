#include "app/editor/panel_fit.h"

#include <algorithm>
#include <cmath>

namespace app {

PanelWidths fit_panels(const PanelLayout& layout, float window_width, float strip, float splitter) {
  PanelWidths out;
  const float width = std::isfinite(window_width) ? std::max(0.0f, window_width) : 0.0f;
  const float fixed = (layout.skeleton_collapsed ? strip : splitter) + (layout.chains_collapsed ? strip : splitter);
  out.budget = std::max(0.0f, std::floor(width * 0.5f - fixed));
  out.grow = std::max(1.0f, width / kLayoutReferenceWidth);
  float left = layout.skeleton_collapsed ? 0.0f : layout.skeleton_width * out.grow;
  float right = layout.chains_collapsed ? 0.0f : layout.chains_width * out.grow;
  const float open = left + right;
  if (open > out.budget && open > 0.0f) {
    const float scale = out.budget / open;
    left *= scale;
    right *= scale;
  }
  out.skeleton = layout.skeleton_collapsed ? strip : std::floor(left);
  out.chains = layout.chains_collapsed ? strip : std::floor(right);
  const float splitters = (layout.skeleton_collapsed ? 0.0f : splitter) + (layout.chains_collapsed ? 0.0f : splitter);
  out.viewport = std::max(1.0f, width - out.skeleton - out.chains - splitters);
  return out;
}

float fit_motion_dock(const PanelLayout& layout, bool open, float body_height, float strip) {
  if (!open) return 0.0f;
  if (layout.motion_collapsed) return strip;
  const float body = std::isfinite(body_height) ? std::max(0.0f, body_height) : 0.0f;
  const float most = std::floor(body * 0.6f);
  return std::floor(std::min(most, std::max(layout.motion_height, std::min(kMinPanelWidth, most))));
}

}  // namespace app
