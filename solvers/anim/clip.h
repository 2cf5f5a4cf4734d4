// Clip: joints' local transforms keyed over time, sampled into a Pose — the animated
// pose that the IK chains are solved on top of.
//
// A clip is what glTF calls an animation: channels, each keying one property
// (translation, rotation or scale) of one joint, with an interpolation (glTF's samplers):
//   step          the value of the last key at or before t;
//   linear        between the two keys around t: translation and scale by lerp, rotation
//                 by slerp along the shorter arc (glTF 2.0, appendix "Interpolation");
//   cubic_spline  cubic Hermite between the two keys, with key k's out-tangent and key
//                 k+1's in-tangent each scaled by the key interval t(k+1) - t(k); a
//                 rotation is normalised afterwards.
// Before the first key a channel holds the first key's value, after the last the last's.
// Joints a clip has no channel for keep what the pose had (sample onto the rest pose).
//
// Joints below non-joint nodes: the importer folds the transforms of non-joint nodes
// ("Armature", "Z_UP") into the rest transform of the joint below them (skeleton.h), but
// a clip keys the glTF node's own TRS. For such a joint the clip keeps a JointFrame (the
// folded nodes' product and the node's own rest TRS) and sampling composes the two, so
// forward kinematics of the sampled pose gives the glTF world transforms at that time.
//
// Times are in seconds, in the file's own time line: a clip runs from `start` (its
// earliest key) to `end` (its latest). Sampling allocates nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"

namespace ik {

enum class ClipProperty : std::uint8_t { translation, rotation, scale };
enum class Interpolation : std::uint8_t { step, linear, cubic_spline };
const char* to_string(ClipProperty property);
const char* to_string(Interpolation interpolation);

struct ClipChannel {
  int joint = -1;  // skeleton joint (DFS index)
  ClipProperty property = ClipProperty::translation;
  Interpolation interpolation = Interpolation::linear;
  std::vector<float> times;  // seconds, finite, strictly increasing, at least one
  // One value per key (step, linear), or three (cubic_spline: in-tangent, value,
  // out-tangent). (x, y, z, unused) for translation and scale; (x, y, z, w), glTF's order,
  // for rotation. In the glTF node's own frame (see JointFrame).
  std::vector<glm::vec4> values;
};

// A joint whose glTF node hangs below non-joint nodes (see above).
struct JointFrame {
  int joint = -1;
  glm::mat4 above{1.0f};  // the non-joint nodes' transforms between the parent joint (or the
                          // model) and the joint's node, multiplied in order
  Transform node_rest;    // the node's own TRS at rest, which unkeyed properties keep
};

struct Clip {
  std::string name;
  float start = 0.0f;  // earliest key, seconds
  float end = 0.0f;    // latest key, seconds
  std::vector<ClipChannel> channels;
  std::vector<JointFrame> frames;  // only for joints some channel keys

  float duration() const { return end - start; }
};

// Bounds on what a channel may hold, so that sampling (lerp, a Hermite curve whose tangents
// are scaled by the key interval, a joint frame composed on top) stays inside float's
// range: seconds (about 31 years), and any component of a value (scene units, or a scale).
inline constexpr float kMaxClipTime = 1e9f;
inline constexpr float kMaxClipValue = 1e18f;

// Why a channel is unusable (empty if it is fine): no keys, times not finite, past
// kMaxClipTime or not strictly increasing, a value count that does not match the keys, a
// value that is not finite or past kMaxClipValue, a rotation of zero length, or a joint
// outside [0, joint_count).
std::string check_channel(const ClipChannel& channel, int joint_count);

// Sets start and end from the channels' keys (0, 0 for a clip without channels).
void set_time_range(Clip& clip);

// The channel's value at `time` (rotations normalised).
glm::vec4 sample_channel(const ClipChannel& channel, float time);

// Writes every keyed joint's local transform at `time` into `pose` (which has one entry
// per skeleton joint); other joints are left as they are. `clip` must have passed
// check_channel for every channel with the pose's joint count.
void sample_clip(const Clip& clip, float time, Pose& pose);

}  // namespace ik
