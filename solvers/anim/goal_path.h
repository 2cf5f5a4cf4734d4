// GoalPath: a goal's motion recorded over time — timed goal positions (and, optionally,
// orientations) that can be replayed, looped and run through the solvers frame by frame
// (solvers/scene/motion_analysis.h).
//
// A path is a list of samples with strictly increasing times (seconds, its own time line:
// the first sample need not be at 0). Between two samples the position is interpolated
// linearly and the orientation by slerp along the shorter arc; outside the samples the
// time is either clamped (the first / last sample holds) or wrapped (looped: the path
// repeats with period duration(); the last sample is the loop's end, so a closed path
// repeats its first sample there). A path with one sample is that sample at every time.
//
// Recording appends: record_goal_sample skips a sample that comes less than
// `min_spacing` seconds after the previous one (a mouse drag reports many events per
// frame), so a recorded path has at most one sample per spacing.
//
// Positions are in model space (the space of Goal::position, chain.h); orientations are
// model-space rotations of the effector (Goal::orientation).
#pragma once

#include <string>
#include <vector>

#include "solvers/base/transform.h"

namespace ik {

struct GoalPathSample {
  float time = 0.0f;                              // seconds, strictly increasing along the path
  glm::vec3 position{0.0f};                       // model space
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};  // model space; read only if has_orientation
};

struct GoalPath {
  std::string name;
  bool has_orientation = false;  // the samples carry orientations (6-D goals)
  std::vector<GoalPathSample> samples;

  // Seconds from the first sample to the last (0 for fewer than two samples).
  float duration() const { return samples.size() < 2 ? 0.0f : samples.back().time - samples.front().time; }
  float start_time() const { return samples.empty() ? 0.0f : samples.front().time; }
};

// The largest time and coordinate a path may hold (as clips and goals: kMaxClipTime,
// kMaxGoalCoordinate), so interpolation and looping stay inside float's range.
inline constexpr float kMaxGoalPathTime = 1e9f;
inline constexpr float kMaxGoalPathCoordinate = 1e18f;

enum class PathWrap { clamp, loop };

// Why a path is unusable, as one line naming it ("goal path 'wave': sample 3: time 0.5 is
// not after the previous sample's 0.6"), or empty if it is fine: no samples, an empty
// name, a time or coordinate that is not finite or out of bounds, times not strictly
// increasing, an orientation of zero length or not finite (when has_orientation).
std::string check_goal_path(const GoalPath& path);

// Appends (time, position, orientation) unless the path's last sample is less than
// `min_spacing` seconds earlier (then nothing changes). A time at or before the last
// sample's is never appended. Returns true if the sample was appended. Not finite input is
// not appended either.
bool record_goal_sample(GoalPath& path, float time, const glm::vec3& position, const glm::quat& orientation,
                        float min_spacing = 1.0f / 120.0f);

// The path at `time` (seconds, the path's own time line), interpolated as the header says.
// The returned sample's time is the (clamped or wrapped) time that was sampled. The path
// must be non-empty (check_goal_path); an empty path gives a default sample.
GoalPathSample sample_goal_path(const GoalPath& path, float time, PathWrap wrap = PathWrap::clamp);

// Finds the path named `name` in `paths`, or nullptr.
const GoalPath* find_goal_path(const std::vector<GoalPath>& paths, const std::string& name);

}  // namespace ik
