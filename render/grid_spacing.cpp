#include "render/grid_spacing.h"

#include <cmath>

namespace render {

GridSpacing grid_spacing(float scene_size) {
  if (!(scene_size > 0.0f) || !std::isfinite(scene_size)) scene_size = 1.0f;
  GridSpacing g;
  // scene_size / 10 lies in [10^k, 10^(k+1)); the minor spacing 10^k leaves between 10
  // and 100 minor cells across the rig.
  g.minor = std::pow(10.0f, std::floor(std::log10(scene_size / 10.0f)));
  g.major = 10.0f * g.minor;
  g.extent = std::ceil(5.0f * scene_size / g.major) * g.major;
  return g;
}

}  // namespace render
