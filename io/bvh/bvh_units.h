// The units and axes of a BVH file's numbers: the format says neither units nor (beyond
// its convention of +Y) the up axis, and the mocap databases' files differ (metres,
// centimetres, inches, the CMU conversion's 1/0.45 inch). Chosen by an option or guessed
// from the skeleton's size; bvh_import.h converts to metres and +Y up.
#pragma once

#include <string>

namespace ik {

// What one unit of the file is. guess: the one that makes the rest skeleton's height
// closest to a person's (1.7 m) among the others, said in the rig's notes; the
// mocap databases' files carry no unit.
enum class BvhUnits { guess, metres, centimetres, millimetres, inches, cmu };

struct BvhOptions {
  BvhUnits units = BvhUnits::guess;
  float metres_per_unit = 0.0f;  // > 0: this scale, whatever `units` says (a vendor's own unit)
  bool z_up = false;             // the file's up axis is +Z (turned to +Y, -Y becomes +Z)
};

// Metres per unit of `units` (guess: 0). cmu: the CMU database's BVH conversion, whose
// unit is 1/0.45 inch (0.05644 m: its ASF files' length unit).
float bvh_metres_per_unit(BvhUnits units);
// "m", "cm", "mm", "in", "cmu", "guess", or a positive number of metres per unit
// ("0.05644"). False with `error` set (one sentence) for anything else.
bool parse_bvh_units(const std::string& text, BvhOptions& options, std::string& error);
// What parse_bvh_units reads back into `options`' units: "guess", "m", "cm", "mm", "in",
// "cmu", or the number of metres per unit.
std::string bvh_units_spec(const BvhOptions& options);
// "metres", "centimetres", ... for messages.
const char* bvh_units_name(BvhUnits units);
// The unit that makes a zero pose `size` units across (its bounding box's largest side: a
// standing person's height, or their span in a T-pose) closest to 1.7 m, by ratio, among
// metres, centimetres, millimetres, inches and CMU units.
BvhUnits guess_bvh_units(float size);

}  // namespace ik
