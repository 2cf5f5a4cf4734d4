// Naming the length unit a joint's local numbers are in. glTF lengths are metres, but many
// rigs (Mixamo, CesiumMan) put a scale of 0.01 above the skeleton, so a joint's rest
// translation is written in centimetres while its model-space position is in metres. The
// joint panel shows such lengths in both, labelled; this says which unit a scale is.
#pragma once

#include <string>

namespace app {

struct LengthUnit {
  std::string name = "m";        // "m", "cm", "mm", "in", ... or "units" when none fits
  float metres_per_unit = 1.0f;  // the scale it was made from
  bool is_metre = true;          // the unit is the metre: no second set of numbers needed
};

// The unit whose size in metres is `metres_per_unit` (a parent joint's model-space scale),
// within 1 % (so 1 +- 1 % is a metre): m, dm, cm, mm, in, ft; else "units" (with the scale kept for a "1 unit =
// N m" label). Non-finite or non-positive scales are taken as metres.
LengthUnit length_unit_for_scale(float metres_per_unit);

}  // namespace app
