// Index:
//   to_string            names of properties and interpolations
//   check_channel        the contract a channel must meet before it is sampled
//   set_time_range       start and end of a clip
//   sample_channel       one channel at one time: find the keys, then interpolate
//   sample_clip          every channel into the pose, then the joint frames composed
#include "solvers/anim/clip.h"

#include <algorithm>
#include <cmath>

namespace ik {
namespace {

// Finite and within kMaxClipValue (NaN fails every comparison).
bool bounded4(const glm::vec4& v) {
  return std::fabs(v.x) <= kMaxClipValue && std::fabs(v.y) <= kMaxClipValue && std::fabs(v.z) <= kMaxClipValue &&
         std::fabs(v.w) <= kMaxClipValue;
}

int values_per_key(Interpolation interpolation) { return interpolation == Interpolation::cubic_spline ? 3 : 1; }

// The key value of key k (for cubic_spline the middle of its three entries).
const glm::vec4& key_value(const ClipChannel& c, size_t k) {
  return c.values[k * static_cast<size_t>(values_per_key(c.interpolation)) +
                  (c.interpolation == Interpolation::cubic_spline ? 1 : 0)];
}

glm::vec4 normalized_rotation(const glm::vec4& q) {
  const float length2 = glm::dot(q, q);
  return length2 > 0.0f ? q / std::sqrt(length2) : glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
}

// Spherical linear interpolation along the shorter arc, as glTF 2.0's appendix writes it;
// nearly equal rotations by a normalised lerp (sin of a tiny angle loses its digits).
glm::vec4 slerp_shorter(const glm::vec4& a, const glm::vec4& b, float u) {
  const float cos_angle = glm::dot(a, b);
  const float sign = cos_angle < 0.0f ? -1.0f : 1.0f;
  const float c = std::min(std::fabs(cos_angle), 1.0f);
  if (c > 0.9995f) return normalized_rotation(a * (1.0f - u) + b * (sign * u));
  const float angle = std::acos(c);
  const float sin_angle = std::sin(angle);
  return normalized_rotation((a * std::sin(angle * (1.0f - u)) + b * (sign * std::sin(angle * u))) / sin_angle);
}

// Cubic Hermite between keys k and k + 1 of a cubic_spline channel, u in [0, 1].
glm::vec4 hermite(const ClipChannel& c, size_t k, float u) {
  const float dt = c.times[k + 1] - c.times[k];
  const glm::vec4& p0 = c.values[3 * k + 1];
  const glm::vec4& out0 = c.values[3 * k + 2];
  const glm::vec4& in1 = c.values[3 * (k + 1)];
  const glm::vec4& p1 = c.values[3 * (k + 1) + 1];
  const float u2 = u * u, u3 = u2 * u;
  return p0 * (2.0f * u3 - 3.0f * u2 + 1.0f) + out0 * (dt * (u3 - 2.0f * u2 + u)) +
         p1 * (-2.0f * u3 + 3.0f * u2) + in1 * (dt * (u3 - u2));
}

void write_property(ClipProperty property, const glm::vec4& v, Transform& local) {
  switch (property) {
    case ClipProperty::translation:
      local.translation = glm::vec3(v);
      break;
    case ClipProperty::rotation:
      local.rotation = glm::quat(v.w, v.x, v.y, v.z);
      break;
    case ClipProperty::scale:
      local.scale = glm::vec3(v);
      break;
  }
}

}  // namespace

const char* to_string(ClipProperty property) {
  switch (property) {
    case ClipProperty::translation:
      return "translation";
    case ClipProperty::rotation:
      return "rotation";
    case ClipProperty::scale:
      return "scale";
  }
  return "?";
}

const char* to_string(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::step:
      return "STEP";
    case Interpolation::linear:
      return "LINEAR";
    case Interpolation::cubic_spline:
      return "CUBICSPLINE";
  }
  return "?";
}

std::string check_channel(const ClipChannel& channel, int joint_count) {
  if (channel.joint < 0 || channel.joint >= joint_count)
    return "joint " + std::to_string(channel.joint) + " is out of range (the skeleton has " +
           std::to_string(joint_count) + " joints)";
  const size_t keys = channel.times.size();
  if (keys == 0) return "no keys";
  for (size_t k = 0; k < keys; ++k) {
    if (!(std::fabs(channel.times[k]) <= kMaxClipTime))
      return "key " + std::to_string(k) + "'s time is not finite or past " + std::to_string(kMaxClipTime) + " s";
    if (k > 0 && !(channel.times[k] > channel.times[k - 1]))
      return "times are not increasing (key " + std::to_string(k) + " at " + std::to_string(channel.times[k]) +
             " s follows key " + std::to_string(k - 1) + " at " + std::to_string(channel.times[k - 1]) + " s)";
  }
  const size_t wanted = keys * static_cast<size_t>(values_per_key(channel.interpolation));
  if (channel.values.size() != wanted)
    return std::to_string(channel.values.size()) + " values for " + std::to_string(keys) + " keys (" +
           to_string(channel.interpolation) + " needs " + std::to_string(wanted) + ")";
  for (size_t i = 0; i < channel.values.size(); ++i)
    if (!bounded4(channel.values[i])) return "value " + std::to_string(i) + " is not finite or past 1e18";
  if (channel.property == ClipProperty::rotation)
    for (size_t k = 0; k < keys; ++k)
      if (!(glm::dot(key_value(channel, k), key_value(channel, k)) > 0.0f))
        return "key " + std::to_string(k) + "'s rotation has zero length";
  return "";
}

void set_time_range(Clip& clip) {
  bool any = false;
  for (const ClipChannel& c : clip.channels) {
    if (c.times.empty()) continue;
    clip.start = any ? std::min(clip.start, c.times.front()) : c.times.front();
    clip.end = any ? std::max(clip.end, c.times.back()) : c.times.back();
    any = true;
  }
  if (!any) clip.start = clip.end = 0.0f;
}

glm::vec4 sample_channel(const ClipChannel& c, float time) {
  const size_t keys = c.times.size();
  const bool rotation = c.property == ClipProperty::rotation;
  // Outside the keys (and NaN time): the nearest end's value.
  if (!(time > c.times.front()) || keys == 1) {
    const glm::vec4& v = key_value(c, 0);
    return rotation ? normalized_rotation(v) : v;
  }
  if (time >= c.times.back()) {
    const glm::vec4& v = key_value(c, keys - 1);
    return rotation ? normalized_rotation(v) : v;
  }
  // The last key at or before `time`: times[k] <= time < times[k + 1].
  const size_t k = static_cast<size_t>(std::upper_bound(c.times.begin(), c.times.end(), time) - c.times.begin()) - 1;
  const float u = (time - c.times[k]) / (c.times[k + 1] - c.times[k]);
  switch (c.interpolation) {
    case Interpolation::step:
      return rotation ? normalized_rotation(c.values[k]) : c.values[k];
    case Interpolation::linear:
      if (rotation) return slerp_shorter(normalized_rotation(c.values[k]), normalized_rotation(c.values[k + 1]), u);
      return c.values[k] + (c.values[k + 1] - c.values[k]) * u;
    case Interpolation::cubic_spline:
      return rotation ? normalized_rotation(hermite(c, k, u)) : hermite(c, k, u);
  }
  return c.values[k];
}

void sample_clip(const Clip& clip, float time, Pose& pose) {
  // Joints below non-joint nodes are keyed in their node's frame: start from the node's
  // own rest TRS, let the channels write into it, then put the folded nodes back on top.
  for (const JointFrame& f : clip.frames) pose.local[static_cast<size_t>(f.joint)] = f.node_rest;
  for (const ClipChannel& c : clip.channels)
    write_property(c.property, sample_channel(c, time), pose.local[static_cast<size_t>(c.joint)]);
  for (const JointFrame& f : clip.frames) {
    Transform& local = pose.local[static_cast<size_t>(f.joint)];
    Transform composed;
    // A keyed zero scale cannot be decomposed, and a far-out key times a large frame can
    // leave float's range: the node's own TRS (finite, bounded) is kept then.
    if (decompose(f.above * to_matrix(local), composed) && is_valid(composed)) local = composed;
  }
}

}  // namespace ik
