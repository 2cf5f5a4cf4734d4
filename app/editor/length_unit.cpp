#include "app/editor/length_unit.h"

#include <cmath>

namespace app {

LengthUnit length_unit_for_scale(float metres_per_unit) {
  LengthUnit unit;
  if (!std::isfinite(metres_per_unit) || !(metres_per_unit > 0.0f)) return unit;
  unit.metres_per_unit = metres_per_unit;
  struct Known {
    const char* name;
    float metres;
  };
  static const Known kKnown[] = {{"m", 1.0f},    {"dm", 0.1f},    {"cm", 0.01f},
                                 {"mm", 0.001f}, {"in", 0.0254f}, {"ft", 0.3048f}};
  unit.name = "units";
  for (const Known& k : kKnown)
    if (std::fabs(metres_per_unit / k.metres - 1.0f) <= 0.01f) unit.name = k.name;
  unit.is_metre = unit.name == "m";
  return unit;
}

}  // namespace app
