// BVH (Biovision hierarchy) import: a motion-capture file -> ImportedRig with one clip, so a
// .bvh opens as a glTF rig with clips does (chains from roles, default limits, every motion
// tool).
//
// The format, as the readers people use read it (Blender's importer is the reference the
// tests check against, tests/io/bvh/):
//   HIERARCHY, then one or more `ROOT name { ... }`. A joint block holds `OFFSET x y z` (its
//   place in its parent's frame when every channel is zero: the file's rest, its "zero
//   pose"), `CHANNELS n` and n channel names (Xposition Yposition Zposition Xrotation
//   Yrotation Zrotation, any subset in any order), then `JOINT name { ... }` children and
//   `End Site { OFFSET x y z }` tips. A name is the rest of its line (Biped's "Bip01 L
//   Thigh" has spaces).
//   MOTION, `Frames: n`, `Frame Time: seconds`, then n lines of numbers, one per channel in
//   the order the hierarchy declared them. A Frame Time within 0.01 % of 1/n second for a
//   whole n is read as 1/n (files write 120 fps as 0.0083333).
// A joint's local transform at a frame: translate by its position channels (each replacing
// that axis of the offset, as Blender reads them: the file's positions are where the joint
// is in its parent's frame, not a move from its offset), then rotate by its rotation
// channels in the order listed, each about the parent-frame axis it names, in degrees:
// "Zrotation Yrotation Xrotation" is Rz * Ry * Rx. Every order of the six works so.
//
// What ikscope makes of it: one joint per ROOT/JOINT (named as in the file), one per End
// Site (named "<parent>_End", a tip); the zero pose as the rest pose; one clip named after
// the file with a key at i * Frame Time for every frame: a rotation channel per joint with
// rotation channels, a translation channel per joint with position channels (linear).
// Units are converted to metres (see BvhUnits), and a Z-up file (an option: the format
// says Y up) is turned to glTF's Y up.
//
// Problems reported as one line, "<path>:<line>: <problem>" (the line where it applies):
// no HIERARCHY, a missing or extra brace, a keyword where another belongs, an unknown
// channel, a CHANNELS count that does not match the names after it, a joint without
// OFFSET, more joints or channels than a rig can hold, no MOTION, a Frames count that does
// not match the frame lines (too many or too few: a billion is refused without reserving
// anything), a frame line with too few or too many numbers, a number that is not a finite
// number, a Frame Time outside 0.0001 to 60 seconds, unknown units.
#pragma once

#include <string>

#include "io/bvh/bvh_units.h"
#include "io/gltf/gltf_import.h"

namespace ik {

// True if `path` names a BVH file (".bvh", any case).
bool is_bvh_path(const std::string& path);

// Loads a .bvh file. On failure returns false, leaves `out` untouched and sets `error` to
// one line naming the file (and the line, where there is one).
bool import_bvh_file(const std::string& path, const BvhOptions& options, ImportedRig& out, std::string& error);

// The same from text in memory (fuzzing, tests); `name` is used in messages and for the
// clip's name.
bool import_bvh_text(const std::string& text, const std::string& name, const BvhOptions& options, ImportedRig& out,
                     std::string& error);

}  // namespace ik
