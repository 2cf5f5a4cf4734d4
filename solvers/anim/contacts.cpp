// Foot contacts (contacts.h): detection from height and speed, and the interval edits.
#include "solvers/anim/contacts.h"

#include <algorithm>
#include <cmath>

#include "solvers/anim/clip_playback.h"
#include "solvers/anim/joint_paths.h"

namespace ik {
namespace {

// The least gap the edits leave between two plants (a millisecond), so the list stays
// disjoint and neighbouring plants stay two.
constexpr float kPlantGap = 1e-3f;

// Runs of planted frames as intervals of clip time, gaps under `max_gap` joined, plants
// under `min_plant` dropped.
std::vector<ContactInterval> plants_from_frames(const std::vector<char>& planted, float start, float rate,
                                                const ContactSettings& settings) {
  std::vector<ContactInterval> runs;
  const int frames = static_cast<int>(planted.size());
  for (int f = 0; f < frames;) {
    if (!planted[static_cast<size_t>(f)]) {
      ++f;
      continue;
    }
    int last = f;
    while (last + 1 < frames && planted[static_cast<size_t>(last + 1)]) ++last;
    runs.push_back({time_of_frame(f, start, rate), time_of_frame(last, start, rate)});
    f = last + 1;
  }
  std::vector<ContactInterval> joined;
  for (const ContactInterval& run : runs) {
    // Half a frame of slack: a gap of exactly max_gap seconds joins whatever float says.
    if (!joined.empty() && run.start - joined.back().end <= settings.max_gap + 0.5f / rate)
      joined.back().end = run.end;
    else
      joined.push_back(run);
  }
  std::vector<ContactInterval> kept;
  for (const ContactInterval& plant : joined)
    if (plant.end - plant.start + 0.5f / rate >= settings.min_plant) kept.push_back(plant);
  return kept;
}

}  // namespace

std::vector<FootContacts> detect_contacts(const Skeleton& skeleton, const Clip& clip, float frame_rate,
                                          const std::vector<ContactJoint>& joints, const ContactSettings& settings,
                                          const glm::vec3& up, glm::vec3* ground_velocity) {
  std::vector<FootContacts> out(joints.size());
  if (ground_velocity != nullptr) *ground_velocity = glm::vec3(0.0f);
  for (size_t i = 0; i < joints.size(); ++i) out[i].joint = joints[i].joint;
  const float rate = std::isfinite(frame_rate) && frame_rate > 0.0f ? frame_rate : kDefaultFrameRate;
  const int frames = last_frame(clip.start, clip.end, rate) + 1;
  if (frames < 2 || joints.empty()) return out;

  // Every contact joint's position at every frame (frame-major).
  auto valid = [&](int j) { return j >= 0 && j < skeleton.joint_count(); };
  std::vector<int> ids;
  for (const ContactJoint& c : joints) ids.push_back(c.joint);
  const std::vector<glm::vec3> at = joint_paths(skeleton, clip, clip.start, rate, frames, ids);

  const glm::vec3 n = glm::length(up) > 0.0f ? glm::normalize(up) : glm::vec3(0.0f, 1.0f, 0.0f);
  auto p = [&](size_t i, int f) { return at[static_cast<size_t>(f) * joints.size() + i]; };
  auto horizontal = [&](const glm::vec3& d) { return d - n * glm::dot(d, n); };
  std::vector<float> lowest(joints.size(), INFINITY);
  for (size_t i = 0; i < joints.size(); ++i)
    for (int f = 0; f < frames; ++f) lowest[i] = std::min(lowest[i], glm::dot(p(i, f), n));
  auto is_low = [&](size_t i, int f) {
    const float leg = joints[i].leg_length > 0.0f ? joints[i].leg_length : 1.0f;
    return glm::dot(p(i, f), n) - lowest[i] <= settings.height * leg;
  };

  // The ground's own motion per frame: zero for a clip that moves its root, the walking
  // speed backward for one made in place (a treadmill walk: the standing foot slides back
  // under the body). Read as the median, per axis, of the contact joints' steps over their
  // low frames: most of those are standing frames, whichever the clip is.
  std::vector<float> steps[3];
  for (size_t i = 0; i < joints.size(); ++i) {
    if (!valid(joints[i].joint)) continue;
    for (int f = 0; f + 1 < frames; ++f)
      if (is_low(i, f) && is_low(i, f + 1)) {
        const glm::vec3 d = horizontal(p(i, f + 1) - p(i, f));
        for (int a = 0; a < 3; ++a) steps[a].push_back(d[a]);
      }
  }
  glm::vec3 ground_step(0.0f);
  for (int a = 0; a < 3; ++a)
    if (!steps[a].empty()) {
      std::nth_element(steps[a].begin(), steps[a].begin() + static_cast<std::ptrdiff_t>(steps[a].size() / 2),
                       steps[a].end());
      ground_step[a] = steps[a][steps[a].size() / 2];
    }
  if (ground_velocity != nullptr) *ground_velocity = ground_step * rate;

  std::vector<char> planted(static_cast<size_t>(frames));
  for (size_t i = 0; i < joints.size(); ++i) {
    if (!valid(joints[i].joint)) continue;  // no plants for a joint the rig does not have
    const float leg = joints[i].leg_length > 0.0f ? joints[i].leg_length : 1.0f;
    const float max_step = settings.speed * leg / rate;
    auto slip = [&](int a, int b) { return glm::length(horizontal(p(i, b) - p(i, a)) - ground_step); };
    for (int f = 0; f < frames; ++f) {
      float step = INFINITY;
      if (f > 0) step = slip(f - 1, f);
      if (f + 1 < frames) step = std::min(step, slip(f, f + 1));
      planted[static_cast<size_t>(f)] = is_low(i, f) && step <= max_step;
    }
    out[i].plants = plants_from_frames(planted, clip.start, rate, settings);
  }
  return out;
}

int plant_at(const FootContacts& foot, float time) {
  for (size_t k = 0; k < foot.plants.size(); ++k)
    if (foot.plants[k].start <= time && time <= foot.plants[k].end) return static_cast<int>(k);
  return -1;
}

std::string contacts_problem(const FootContacts& foot, float clip_start, float clip_end) {
  for (size_t k = 0; k < foot.plants.size(); ++k) {
    const ContactInterval& p = foot.plants[k];
    const std::string which = "plant " + std::to_string(k + 1);
    if (!std::isfinite(p.start) || !std::isfinite(p.end)) return which + " is not a finite time";
    if (p.end < p.start) return which + " ends before it starts";
    // A thousandth of a second of slack: times written to a file and read back.
    if (p.start < clip_start - 1e-3f || p.end > clip_end + 1e-3f) return which + " lies outside the clip";
    if (k > 0 && p.start <= foot.plants[k - 1].end) return which + " overlaps the one before or is out of order";
  }
  return "";
}

bool move_plant_edge(FootContacts& foot, int index, bool end_side, float time, float clip_start, float clip_end) {
  if (index < 0 || index >= static_cast<int>(foot.plants.size()) || !std::isfinite(time)) return false;
  ContactInterval& p = foot.plants[static_cast<size_t>(index)];
  float lo, hi;
  if (end_side) {
    lo = p.start;
    hi = index + 1 < static_cast<int>(foot.plants.size())
             ? foot.plants[static_cast<size_t>(index) + 1].start - kPlantGap
             : clip_end;
  } else {
    lo = index > 0 ? foot.plants[static_cast<size_t>(index) - 1].end + kPlantGap : clip_start;
    hi = p.end;
  }
  const float t = std::clamp(time, lo, std::max(lo, hi));
  float& edge = end_side ? p.end : p.start;
  if (t == edge) return false;
  edge = t;
  return true;
}

int add_plant(FootContacts& foot, float time, float width, float clip_start, float clip_end) {
  if (!std::isfinite(time) || !(width > 0.0f) || time < clip_start || time > clip_end) return -1;
  if (plant_at(foot, time) >= 0) return -1;
  float lo = clip_start, hi = clip_end;
  size_t k = 0;
  while (k < foot.plants.size() && foot.plants[k].end < time) lo = foot.plants[k++].end + kPlantGap;
  if (k < foot.plants.size()) hi = foot.plants[k].start - kPlantGap;
  const ContactInterval plant{std::max(lo, time - 0.5f * width), std::min(hi, time + 0.5f * width)};
  if (!(plant.end > plant.start)) return -1;
  foot.plants.insert(foot.plants.begin() + static_cast<std::ptrdiff_t>(k), plant);
  return static_cast<int>(k);
}

bool remove_plant(FootContacts& foot, int index) {
  if (index < 0 || index >= static_cast<int>(foot.plants.size())) return false;
  foot.plants.erase(foot.plants.begin() + index);
  return true;
}

bool same_contacts(const std::vector<FootContacts>& a, const std::vector<FootContacts>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].joint != b[i].joint || a[i].plants.size() != b[i].plants.size()) return false;
    for (size_t k = 0; k < a[i].plants.size(); ++k)
      if (a[i].plants[k].start != b[i].plants[k].start || a[i].plants[k].end != b[i].plants[k].end) return false;
  }
  return true;
}

}  // namespace ik
