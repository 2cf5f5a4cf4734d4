// Index:
//   check_goal_path      the contract a path meets before it is sampled or saved
//   record_goal_sample   append with a minimum spacing
//   sample_goal_path     wrap or clamp the time, find the samples around it, interpolate
//   find_goal_path       by name
#include "solvers/anim/goal_path.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ik {
namespace {

bool bounded(const glm::vec3& v) {
  return std::fabs(v.x) <= kMaxGoalPathCoordinate && std::fabs(v.y) <= kMaxGoalPathCoordinate &&
         std::fabs(v.z) <= kMaxGoalPathCoordinate;  // NaN fails every comparison
}

bool finite_quat(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

// The time inside [start, end] that `time` stands for.
float wrapped_time(const GoalPath& path, float time, PathWrap wrap) {
  const float start = path.samples.front().time;
  const float end = path.samples.back().time;
  const float duration = end - start;
  if (wrap == PathWrap::loop && duration > 0.0f) {
    float offset = std::fmod(time - start, duration);  // in (-duration, duration)
    if (offset < 0.0f) offset += duration;
    return start + std::min(offset, duration);
  }
  return std::min(std::max(time, start), end);
}

}  // namespace

std::string check_goal_path(const GoalPath& path) {
  const std::string who = "goal path '" + path.name + "'";
  if (path.name.empty()) return "goal path without a name";
  if (path.samples.empty()) return who + ": has no samples";
  for (size_t i = 0; i < path.samples.size(); ++i) {
    const GoalPathSample& s = path.samples[i];
    const std::string where = who + ": sample " + std::to_string(i) + ": ";
    if (!(std::fabs(s.time) <= kMaxGoalPathTime))
      return where + "time " + number(s.time) + " is not a finite number within +-" + number(kMaxGoalPathTime) + " s";
    if (i > 0 && !(s.time > path.samples[i - 1].time))
      return where + "time " + number(s.time) + " is not after the previous sample's " +
             number(path.samples[i - 1].time);
    if (!bounded(s.position))
      return where + "position is not finite or farther than " + number(kMaxGoalPathCoordinate) + " from the origin";
    if (path.has_orientation) {
      if (!finite_quat(s.orientation)) return where + "orientation is not finite";
      if (!(glm::length(s.orientation) > 1e-6f)) return where + "orientation is a zero quaternion";
    }
  }
  return {};
}

bool record_goal_sample(GoalPath& path, float time, const glm::vec3& position, const glm::quat& orientation,
                        float min_spacing) {
  if (!(std::fabs(time) <= kMaxGoalPathTime) || !bounded(position) || !finite_quat(orientation)) return false;
  if (!path.samples.empty()) {
    const float last = path.samples.back().time;
    if (!(time > last) || time - last < min_spacing) return false;
  }
  GoalPathSample sample;
  sample.time = time;
  sample.position = position;
  const float length = glm::length(orientation);
  sample.orientation = length > 1e-6f ? orientation / length : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  path.samples.push_back(sample);
  return true;
}

GoalPathSample sample_goal_path(const GoalPath& path, float time, PathWrap wrap) {
  if (path.samples.empty()) return {};
  const float t = wrapped_time(path, time, wrap);
  // The first sample after t; samples [k - 1, k] are around it.
  const auto after = std::upper_bound(path.samples.begin(), path.samples.end(), t,
                                      [](float value, const GoalPathSample& s) { return value < s.time; });
  if (after == path.samples.begin()) return path.samples.front();  // (a single sample)
  if (after == path.samples.end()) {
    GoalPathSample last = path.samples.back();
    last.time = t;
    return last;
  }
  const GoalPathSample& a = *(after - 1);
  const GoalPathSample& b = *after;
  const float u = (t - a.time) / (b.time - a.time);
  GoalPathSample out;
  out.time = t;
  out.position = a.position + (b.position - a.position) * u;
  if (path.has_orientation) {
    // glm::slerp takes the shorter arc and falls back to a lerp for nearly equal rotations.
    out.orientation = glm::normalize(glm::slerp(glm::normalize(a.orientation), glm::normalize(b.orientation), u));
  }
  return out;
}

const GoalPath* find_goal_path(const std::vector<GoalPath>& paths, const std::string& name) {
  for (const GoalPath& path : paths)
    if (path.name == name) return &path;
  return nullptr;
}

}  // namespace ik
