// Foot skate and the cleanup's held goals (foot_skate.h).
#include "solvers/anim/foot_skate.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "solvers/anim/clip_playback.h"
#include "solvers/anim/joint_paths.h"

namespace ik {
namespace {

glm::vec2 horizontal(const glm::vec3& p) { return {p.x, p.z}; }  // +Y up

float smoothstep(float u) { return u * u * (3.0f - 2.0f * u); }  // 0 -> 1, flat at both ends

// The frames of plant `p`, clamped to [0, frames).
void plant_frames(const FootTrack& foot, const ContactInterval& p, int frames, int& first, int& last) {
  first = std::max(0, frame_at(p.start, foot.start, foot.rate));
  last = std::min(frames - 1, frame_at(p.end, foot.start, foot.rate));
}

float time_of(const FootTrack& foot, int f) { return time_of_frame(f, foot.start, foot.rate); }

// For plant k (its frames first..last): out(frame, weight) for each frame it eases in before
// it and out after it -- the held position's weight, smoothstep down to 0 over `blend`
// seconds, at most half the way to the neighbouring plants.
template <typename Out>
void for_each_eased_frame(const FootTrack& foot, size_t k, int first, int last, int frames, float blend, Out out) {
  const std::vector<ContactInterval>& plants = foot.plants.plants;
  const float before = k > 0 ? 0.5f * (plants[k].start - plants[k - 1].end) : blend;
  const float after = k + 1 < plants.size() ? 0.5f * (plants[k + 1].start - plants[k].end) : blend;
  const int in_frames = static_cast<int>(std::floor(std::min(blend, before) * foot.rate));
  const int out_frames = static_cast<int>(std::floor(std::min(blend, after) * foot.rate));
  for (int d = 1; d <= in_frames && first - d >= 0; ++d)
    out(first - d, smoothstep(1.0f - static_cast<float>(d) / static_cast<float>(in_frames + 1)));
  for (int d = 1; d <= out_frames && last + d < frames; ++d)
    out(last + d, smoothstep(1.0f - static_cast<float>(d) / static_cast<float>(out_frames + 1)));
}

// Per frame, how much the foot is held: 1 in a plant, easing to 0 around it (hold_plants).
std::vector<float> held_weights(const FootTrack& foot, int frames, float blend) {
  std::vector<float> weight(static_cast<size_t>(std::max(frames, 0)), 0.0f);
  for (size_t k = 0; k < foot.plants.plants.size(); ++k) {
    int first = 0, last = -1;
    plant_frames(foot, foot.plants.plants[k], frames, first, last);
    if (last < first) continue;
    for (int f = first; f <= last; ++f) weight[static_cast<size_t>(f)] = 1.0f;
    for_each_eased_frame(foot, k, first, last, frames, blend,
                         [&](int f, float w) { weight[static_cast<size_t>(f)] = w; });
  }
  return weight;
}

// `values` spread over `w` frames each side without coming below any: the largest within w,
// then the mean of those within w (no step the eye sees).
std::vector<float> spread_up(const std::vector<float>& values, int w) {
  if (w <= 0 || values.empty()) return values;
  const int last = static_cast<int>(values.size()) - 1;
  std::vector<float> largest(values.size(), -INFINITY), out(values.size(), 0.0f);
  for (int f = 0; f <= last; ++f)
    for (int g = std::max(0, f - w); g <= std::min(last, f + w); ++g)
      largest[static_cast<size_t>(f)] = std::max(largest[static_cast<size_t>(f)], values[static_cast<size_t>(g)]);
  for (int f = 0; f <= last; ++f) {
    const int a = std::max(0, f - w), b = std::min(last, f + w);
    float sum = 0.0f;
    for (int g = a; g <= b; ++g) sum += largest[static_cast<size_t>(g)];
    out[static_cast<size_t>(f)] = sum / static_cast<float>(b - a + 1);
  }
  return out;
}

}  // namespace

int skate_window_frames(float rate) {
  const float frames = std::round(kSkateWindow * rate);
  return frames >= 1.0f && frames < 1e6f ? static_cast<int>(frames) : 1;
}

int first_frame_of(const FootTrack& foot, const ContactInterval& plant, int frames) {
  int first = 0, last = -1;
  plant_frames(foot, plant, frames, first, last);
  return first;
}

int last_frame_of(const FootTrack& foot, const ContactInterval& plant, int frames) {
  int first = 0, last = -1;
  plant_frames(foot, plant, frames, first, last);
  return last;
}

FootSkate measure_foot_skate(const glm::vec3* positions, std::size_t stride, int frames, const FootTrack& foot,
                             const glm::quat* turns) {
  FootSkate out;
  if (frames <= 0 || positions == nullptr) return out;
  auto at = [&](int f) { return positions[static_cast<std::size_t>(f) * stride]; };
  auto above = [&](const glm::vec3& p) { return p.y - ground_height(foot.ground, p.x, p.z); };
  auto height = [&](int f) { return above(at(f)); };  // above the ground's surface under the foot
  const float sole_floor = foot.ground_height + foot.heel.y, sole_gap = kSoleGap * foot.leg_length;
  for (int f = 0; f < frames; ++f) out.penetration = std::max(out.penetration, foot.ground_height - height(f));
  const glm::vec2 ground_step = horizontal(foot.ground_velocity) / foot.rate;
  for (const ContactInterval& p : foot.plants.plants) {
    int first = 0, last = -1;
    plant_frames(foot, p, frames, first, last);
    if (last < first) continue;
    const glm::vec3 origin = at(first);
    if (foot.stand.size() == static_cast<size_t>(frames)) {
      glm::vec2 off(0.0f);
      for (int f = first; f <= last; ++f) off += horizontal(at(f) - foot.stand[static_cast<size_t>(f)]);
      out.contact_error = std::max(out.contact_error, glm::length(off) / static_cast<float>(last - first + 1));
    }
    for (int f = first; f <= last; ++f) {
      ++out.planted_frames;
      const glm::vec3 where = at(f);
      const glm::quat turn = turns != nullptr ? turns[f] : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
      if (glm::dot(turn * glm::vec3(0.0f, 1.0f, 0.0f), ground_normal(foot.ground, where.x, where.z)) >=
          std::cos(glm::radians(kLevelDegrees)))
        out.level_ratio += 1.0f;
      // The heel's and the toe's heights over the floor, read once for both measures.
      const float heel = above(where + turn * foot.heel) - sole_floor;
      const float toe = above(where + turn * foot.toe) - sole_floor;
      if (turns != nullptr) out.sole_depth = std::max({out.sole_depth, -heel, -toe});
      if (std::abs(heel) <= sole_gap && std::abs(toe) <= sole_gap) out.sole_ratio += 1.0f;
      // Where the foot is against where the ground under its first frame went.
      const glm::vec2 moved = horizontal(at(f) - origin) - ground_step * static_cast<float>(f - first);
      out.planted_drift = std::max(out.planted_drift, glm::length(moved));
      out.lift = std::max(out.lift, height(f) - height(first));
    }
  }
  int skating = 0;
  const float limit = kSkateSpeed * foot.leg_length;
  foot_slide_per_frame(positions, stride, frames, foot, [&](int, float slide) { skating += slide > limit ? 1 : 0; });
  if (out.planted_frames > 0) {
    out.skate_ratio = static_cast<float>(skating) / static_cast<float>(out.planted_frames);
    out.level_ratio /= static_cast<float>(out.planted_frames);
    out.sole_ratio /= static_cast<float>(out.planted_frames);
  }
  return out;
}

std::vector<glm::vec3> hold_plants(const std::vector<glm::vec3>& positions, const FootTrack& foot, float blend,
                                   const std::vector<glm::vec3>& stand) {
  std::vector<glm::vec3> goals = positions;
  const int frames = static_cast<int>(positions.size());
  const bool elsewhere = stand.size() == positions.size();
  const std::vector<ContactInterval>& plants = foot.plants.plants;
  for (size_t k = 0; k < plants.size(); ++k) {
    int first = 0, last = -1;
    plant_frames(foot, plants[k], frames, first, last);
    if (last < first) continue;
    // The held position at the plant's middle time; at time t it is that plus the ground's
    // motion since (zero but in a clip made in place).
    const float middle = 0.5f * (time_of(foot, first) + time_of(foot, last));
    glm::vec3 anchor(0.0f), place(0.0f);
    for (int f = first; f <= last; ++f) {
      const glm::vec3 ground_moved = foot.ground_velocity * (time_of(foot, f) - middle);
      anchor += positions[static_cast<size_t>(f)] - ground_moved;
      if (elsewhere) place += stand[static_cast<size_t>(f)] - ground_moved;
    }
    anchor /= static_cast<float>(last - first + 1);
    place /= static_cast<float>(last - first + 1);
    if (elsewhere) anchor = glm::vec3(place.x, anchor.y, place.z);
    // On the ground: at the lowest the joint goes in the clip (where it stands flat), not at
    // its mean over the plant -- a capture's ankle rises through a plant (heel strike, the
    // roll, push-off), and on CMU 131_01 that mean held a level foot 5-39 mm over the floor.
    anchor.y = foot.ground_height;
    auto held = [&](int f) { return anchor + foot.ground_velocity * (time_of(foot, f) - middle); };
    for (int f = first; f <= last; ++f) goals[static_cast<size_t>(f)] = held(f);
    for_each_eased_frame(foot, k, first, last, frames, blend, [&](int f, float w) {
      goals[static_cast<size_t>(f)] = glm::mix(positions[static_cast<size_t>(f)], held(f), w);
    });
  }
  return goals;
}

namespace {

// Whether the ground under a sole from `heel` to `toe` (five points) leaves the line from the
// heel's ground to the toe's by more than `gap`: a step's edge under it, not a slope (a
// ramp's or a bump's, which the foot turns with: ground_turns).
bool sole_straddles_an_edge(const Ground& ground, const glm::vec2& heel, const glm::vec2& toe, float gap) {
  constexpr int kPoints = 5;
  float height[kPoints];
  for (int i = 0; i < kPoints; ++i) {
    const glm::vec2 p = glm::mix(heel, toe, static_cast<float>(i) / (kPoints - 1));
    height[i] = ground_height(ground, p.x, p.y);
  }
  for (int i = 1; i + 1 < kPoints; ++i) {
    const float u = static_cast<float>(i) / (kPoints - 1);
    if (std::abs(height[i] - glm::mix(height[0], height[kPoints - 1], u)) > gap) return true;
  }
  return false;
}

// The least move along the sole (heel to toe: +) that takes it off every edge, in twenty
// steps of `step` each way, on before back at each; 0 when none is needed or none in reach does.
float least_move_off_the_edges(const Ground& ground, const glm::vec2& heel, const glm::vec2& toe, float gap,
                               float step) {
  if (!sole_straddles_an_edge(ground, heel, toe, gap)) return 0.0f;
  const glm::vec2 way = glm::normalize(toe - heel);
  constexpr int kTries = 20;
  for (int t = 1; t <= kTries; ++t)
    for (const float s : {step * static_cast<float>(t), -step * static_cast<float>(t)})
      if (!sole_straddles_an_edge(ground, heel + s * way, toe + s * way, gap)) return s;
  return 0.0f;
}

// Plant k of `foot` (its frames first..last) moved by `move`, the swing on either side
// carrying it eased from the neighbouring plant's end or start (`blend` seconds where there is
// none): a step moved 5-10 cm within the plant's 0.15 s ease doubled the leg's speed there.
void move_plant_and_swings(const FootTrack& foot, size_t k, int first, int last, const glm::vec3& move,
                           std::vector<glm::vec3>& goals, float blend) {
  const std::vector<ContactInterval>& plants = foot.plants.plants;
  const int frames = static_cast<int>(goals.size());
  const int reach = static_cast<int>(std::floor(blend * foot.rate));
  const int before = k > 0 ? last_frame_of(foot, plants[k - 1], frames) : std::max(-1, first - reach - 1);
  const int after =
      k + 1 < plants.size() ? first_frame_of(foot, plants[k + 1], frames) : std::min(frames, last + reach + 1);
  for (int f = std::max(before + 1, 0); f < std::min(after, frames); ++f) {
    const float w = f < first  ? smoothstep(static_cast<float>(f - before) / static_cast<float>(first - before))
                    : f > last ? smoothstep(static_cast<float>(after - f) / static_cast<float>(after - last))
                               : 1.0f;
    goals[static_cast<size_t>(f)] += w * move;
  }
}

}  // namespace

void fit_plants_to_ground(const Ground& ground, const FootTrack& foot, const std::vector<glm::quat>& turns,
                          std::vector<glm::vec3>& goals, float blend) {
  const int frames = static_cast<int>(goals.size());
  if (ground.kind == GroundKind::plane || turns.size() != goals.size()) return;
  const float gap = kSoleGap * foot.leg_length;
  for (size_t k = 0; k < foot.plants.plants.size(); ++k) {
    int first = 0, last = -1;
    plant_frames(foot, foot.plants.plants[k], frames, first, last);
    if (last < first) continue;
    // The sole as the foot will stand (level on the ground under it: ground_turns' turn),
    // with a margin of the gap beyond heel and toe: a solve that ends a millimetre off keeps
    // them on the tread.
    const size_t middle = static_cast<size_t>((first + last) / 2);
    const glm::vec3 at = goals[middle];
    const glm::quat stood =
        turn_onto(turns[middle] * glm::vec3(0.0f, 1.0f, 0.0f), ground_normal(ground, at.x, at.z)) * turns[middle];
    const glm::vec2 heel = horizontal(at + stood * foot.heel), toe = horizontal(at + stood * foot.toe);
    const float length = glm::length(toe - heel);
    if (!(length > 1e-6f)) continue;  // a sole without length: the point under the goal is the ground
    const glm::vec2 way = (toe - heel) / length;
    const float shift = least_move_off_the_edges(ground, heel - gap * way, toe + gap * way, gap, length / 20.0f);
    if (shift == 0.0f) continue;
    const glm::vec2 along = shift * way;
    move_plant_and_swings(foot, k, first, last, glm::vec3(along.x, 0.0f, along.y), goals, blend);
  }
}

std::vector<float> hips_drop(const std::vector<HeldLeg>& legs, float rate, float smooth) {
  size_t frames = 0;
  for (const HeldLeg& leg : legs) frames = std::max(frames, leg.goals.size());
  std::vector<float> drop(frames, 0.0f);
  for (const HeldLeg& leg : legs) {
    const size_t n = std::min(leg.hip.size(), leg.goals.size());
    for (size_t f = 0; f < n; ++f) {
      const glm::vec3 to_goal = leg.goals[f] - leg.hip[f];
      const float reach = kLegReach * leg.length;
      const float sideways = glm::length(glm::vec2(to_goal.x, to_goal.z)), below = -to_goal.y;
      const float d = sideways >= reach ? below : below - std::sqrt(reach * reach - sideways * sideways);
      drop[f] = std::max(drop[f], d);
    }
  }
  return spread_up(drop, static_cast<int>(std::floor(smooth * rate)));
}

namespace {

// A footprint of `radius` around a point: eight offsets on each of two rings (the radius and
// half of it); with the point itself, where the swing's ground is read.
constexpr int kFootprintRing = 8;
std::array<glm::vec2, 2 * kFootprintRing> footprint_offsets(float radius) {
  std::array<glm::vec2, 2 * kFootprintRing> offsets;
  for (int a = 0; a < kFootprintRing; ++a) {
    const float angle = 6.28318531f * static_cast<float>(a) / kFootprintRing;
    const glm::vec2 out(std::cos(angle), std::sin(angle));
    offsets[static_cast<size_t>(2 * a)] = radius * out;
    offsets[static_cast<size_t>(2 * a + 1)] = 0.5f * radius * out;
  }
  return offsets;
}

}  // namespace

glm::quat turn_onto(const glm::vec3& from, const glm::vec3& to) {
  // (1 + cos, from x to) normalised is the half-angle quaternion.
  const float c = glm::dot(from, to);
  if (c < -0.9999f) {  // opposite: half a turn about any axis across `from`
    const glm::vec3 axis = std::abs(from.x) < 0.9f ? glm::cross(from, glm::vec3(1.0f, 0.0f, 0.0f))
                                                   : glm::cross(from, glm::vec3(0.0f, 0.0f, 1.0f));
    return glm::quat(0.0f, glm::normalize(axis));
  }
  const glm::vec3 axis = glm::cross(from, to);
  return glm::normalize(glm::quat(1.0f + c, axis.x, axis.y, axis.z));
}

GroundUnderGoals read_ground_under_goals(const Ground& ground, const std::vector<glm::vec3>& goals,
                                         const std::vector<float>& held, float radius) {
  GroundUnderGoals out;
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  out.plane = ground.kind == GroundKind::plane;
  out.level = out.plane || ground.kind == GroundKind::stairs;
  out.height.assign(goals.size(), 0.0f);
  out.normal.assign(goals.size(), up);
  out.footprint_height.assign(goals.size(), 0.0f);
  out.footprint_normal.assign(goals.size(), up);
  if (out.plane) return out;
  const auto offsets = footprint_offsets(radius);
  for (size_t f = 0; f < goals.size(); ++f) {
    const glm::vec3& g = goals[f];
    out.height[f] = out.footprint_height[f] = ground_height(ground, g.x, g.z);
    if (!out.level) out.normal[f] = out.footprint_normal[f] = ground_normal(ground, g.x, g.z);
    if (f < held.size() && held[f] >= 1.0f) continue;  // held: the point alone is read
    for (const glm::vec2& o : offsets) {
      out.footprint_height[f] = std::max(out.footprint_height[f], ground_height(ground, g.x + o.x, g.z + o.y));
      if (!out.level) out.footprint_normal[f] += ground_normal(ground, g.x + o.x, g.z + o.y);
    }
  }
  return out;
}

std::vector<glm::quat> ground_turns(const GroundUnderGoals& under, const std::vector<float>& held, float rate,
                                    const std::vector<glm::vec3>& ups) {
  const glm::vec3 floor_up(0.0f, 1.0f, 0.0f);
  const size_t n = under.normal.size();
  std::vector<glm::quat> turns(n, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  if (under.level && ups.size() != n) return turns;
  const int w = static_cast<int>(std::floor(kFootprintSpread * rate)), last = static_cast<int>(n) - 1;
  for (int f = 0; f <= last; ++f) {
    const size_t at = static_cast<size_t>(f);
    const float hold = at < held.size() ? held[at] : 0.0f;
    glm::vec3 normal = under.normal[at], from = ups.size() == n ? ups[at] : floor_up;
    if (hold < 1.0f) {
      glm::vec3 swing(0.0f);
      for (int g = std::max(0, f - w); g <= std::min(last, f + w); ++g)
        swing += under.footprint_normal[static_cast<size_t>(g)];
      normal = hold * normal + (1.0f - hold) * glm::normalize(swing);
      from = hold * from + (1.0f - hold) * floor_up;
    }
    turns[at] = turn_onto(glm::normalize(from), glm::normalize(normal));
  }
  return turns;
}

std::vector<float> ground_under_goals(const GroundUnderGoals& under, const std::vector<float>& held, float rate,
                                      float sole) {
  const size_t frames = under.height.size();
  std::vector<float> point(frames, 0.0f);
  if (under.plane) return point;
  for (size_t f = 0; f < frames; ++f) {
    point[f] = under.height[f];
    // Across the slope (at most 60 degrees of it: a mesh's wall is no slope to stand on).
    if (f < held.size() && held[f] > 0.0f) point[f] += sole * (1.0f / std::max(under.normal[f].y, 0.5f) - 1.0f);
  }
  const std::vector<float> swing =
      spread_up(under.footprint_height, static_cast<int>(std::floor(kFootprintSpread * rate)));
  // Easing into or out of a plant, the held part stands on the plant's own ground (its
  // nearest wholly held frame's): a goal on its way in crosses a step's edge, and the ground
  // under it there jumped the step's height with the hold's weight (a 23 degree pop on CMU
  // 131_01 up 10 cm stairs).
  const int n = static_cast<int>(frames);
  auto is_held = [&](int f) { return static_cast<size_t>(f) < held.size() && held[static_cast<size_t>(f)] >= 1.0f; };
  std::vector<int> nearest(frames, -1);
  for (int f = 0, last = -1; f < n; ++f) nearest[static_cast<size_t>(f)] = last = is_held(f) ? f : last;
  for (int f = n - 1, next = -1; f >= 0; --f) {
    next = is_held(f) ? f : next;
    const int before = nearest[static_cast<size_t>(f)];
    if (next >= 0 && (before < 0 || next - f < f - before)) nearest[static_cast<size_t>(f)] = next;
  }
  std::vector<float> out(frames, 0.0f);
  for (size_t f = 0; f < frames; ++f) {
    const float w = f < held.size() ? held[f] : 0.0f;
    const float plant = nearest[f] >= 0 ? point[static_cast<size_t>(nearest[f])] : point[f];
    out[f] = w >= 1.0f ? point[f] : w * plant + (1.0f - w) * swing[f];
  }
  return out;
}

namespace {

// The joint every one of `joints` hangs from (the nearest common ancestor), or -1.
int common_ancestor(const Skeleton& skeleton, const std::vector<int>& joints) {
  if (joints.empty()) return -1;
  std::vector<char> above(static_cast<size_t>(skeleton.joint_count()), 0);
  for (int j = joints[0]; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) above[static_cast<size_t>(j)] = 1;
  int common = joints[0];
  for (int joint : joints) {
    int j = joint;
    while (j >= 0 && !above[static_cast<size_t>(j)]) j = skeleton.parent[static_cast<size_t>(j)];
    if (j < 0) return -1;
    common = std::min(common, j);  // depth-first order: an ancestor comes first
  }
  return common;
}

// Where `time` falls on the grid: frame `f` and the weight `u` of frame f + 1.
void grid_at(const FeetCleanup& c, std::size_t frames, float time, std::size_t& f, float& u) {
  const float x = std::clamp((time - c.start) * c.rate, 0.0f, static_cast<float>(frames - 1));
  f = std::min(static_cast<std::size_t>(std::floor(x)), frames - 1);
  u = f + 1 < frames ? x - static_cast<float>(f) : 0.0f;
}

}  // namespace

FeetCleanup clean_up_feet(const Skeleton& skeleton, const Clip& clip, float start, float rate, int frames,
                          const std::vector<ContactJoint>& joints, const std::vector<FootContacts>& plants,
                          const glm::vec3& ground_velocity, const Ground& ground,
                          const std::vector<std::vector<glm::vec3>>& stand) {
  FeetCleanup out;
  out.start = start;
  out.rate = rate;
  if (frames <= 0 || plants.size() != joints.size()) return out;
  std::vector<int> ids, roots;  // every contact joint and its leg's first joint
  for (const ContactJoint& c : joints) {
    ids.push_back(c.joint);
    ids.push_back(c.leg_root);
    if (c.leg_root >= 0) roots.push_back(c.leg_root);
  }
  std::vector<glm::quat> turns;  // each joint's turn from rest in the clip
  const std::vector<glm::vec3> paths = joint_paths(skeleton, clip, start, rate, frames, ids, &turns);
  auto path_of = [&](size_t column) { return path_of_joint(paths, ids.size(), column); };
  // The held goals on the clip's flat ground, then placed on `ground`: each raised by the
  // ground's height under it.
  static const std::vector<glm::vec3> kOwnPath;  // no `stand` given: the foot's own path
  std::vector<HeldLeg> legs;
  std::vector<float> lift(static_cast<size_t>(frames), INFINITY);
  for (size_t i = 0; i < joints.size(); ++i) {
    HeldLeg leg;
    const std::vector<glm::vec3> foot = path_of(2 * i);
    const FootTrack track = foot_track(plants[i], joints[i], ground_velocity, foot, start, rate);
    leg.goals = hold_plants(foot, track, kPlantBlend, i < stand.size() ? stand[i] : kOwnPath);
    const std::vector<glm::quat> foot_turns = path_of_joint(turns, ids.size(), 2 * i);
    fit_plants_to_ground(ground, track, foot_turns, leg.goals);
    std::vector<glm::vec3> ups;  // the foot's up at rest as the clip carries it
    for (const glm::quat& t : foot_turns) ups.push_back(t * glm::vec3(0.0f, 1.0f, 0.0f));
    const std::vector<float> held = held_weights(track, frames, kPlantBlend);
    const float radius = kFootprint * joints[i].leg_length;
    const GroundUnderGoals ground_under = read_ground_under_goals(ground, leg.goals, held, radius);
    const std::vector<float> under = ground_under_goals(ground_under, held, rate, -joints[i].heel.y);
    out.turns.push_back(ground_turns(ground_under, held_weights(track, frames, kTurnBlend), rate, ups));
    for (size_t f = 0; f < leg.goals.size(); ++f) {
      leg.goals[f].y += under[f];
      lift[f] = std::min(lift[f], under[f]);
    }
    out.goals.push_back(leg.goals);
    if (joints[i].leg_root < 0) continue;
    leg.hip = path_of(2 * i + 1);
    leg.length = joints[i].leg_length;
    legs.push_back(std::move(leg));
  }
  out.body_joint = common_ancestor(skeleton, roots);
  out.body_y.assign(static_cast<size_t>(frames), 0.0f);
  if (out.body_joint < 0) return out;
  // The body up by the lowest ground under the feet, spread over 0.3 s; then down as far as
  // the legs need.
  const int w = static_cast<int>(std::floor(0.15f * rate));
  for (int f = 0; f < frames; ++f) {
    float sum = 0.0f;
    int n = 0;
    for (int g = std::max(0, f - w); g <= std::min(frames - 1, f + w); ++g, ++n)
      sum += std::isfinite(lift[static_cast<size_t>(g)]) ? lift[static_cast<size_t>(g)] : 0.0f;
    out.body_y[static_cast<size_t>(f)] = sum / static_cast<float>(n);
  }
  for (HeldLeg& leg : legs)
    for (size_t f = 0; f < leg.hip.size(); ++f) leg.hip[f].y += out.body_y[f];
  const std::vector<float> drop = hips_drop(legs, rate);
  for (size_t f = 0; f < drop.size(); ++f) out.body_y[f] -= drop[f];
  return out;
}

float cleanup_body_y_at(const FeetCleanup& cleanup, float time) {
  const std::vector<float>& y = cleanup.body_y;
  if (y.empty()) return 0.0f;
  size_t f = 0;
  float u = 0.0f;
  grid_at(cleanup, y.size(), time, f, u);
  return u > 0.0f ? y[f] + u * (y[f + 1] - y[f]) : y[f];
}

glm::quat cleanup_turn_at(const FeetCleanup& cleanup, std::size_t joint, float time) {
  if (joint >= cleanup.turns.size() || cleanup.turns[joint].empty()) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  const std::vector<glm::quat>& turns = cleanup.turns[joint];
  size_t f = 0;
  float u = 0.0f;
  grid_at(cleanup, turns.size(), time, f, u);
  return u > 0.0f ? glm::slerp(turns[f], turns[f + 1], u) : turns[f];
}

glm::vec3 cleanup_goal_at(const FeetCleanup& cleanup, std::size_t joint, float time) {
  if (joint >= cleanup.goals.size() || cleanup.goals[joint].empty()) return glm::vec3(0.0f);
  const std::vector<glm::vec3>& goals = cleanup.goals[joint];
  size_t f = 0;
  float u = 0.0f;
  grid_at(cleanup, goals.size(), time, f, u);
  return u > 0.0f ? glm::mix(goals[f], goals[f + 1], u) : goals[f];
}

FootTrack foot_track(const FootContacts& plants, const ContactJoint& joint, const glm::vec3& ground_velocity,
                     const std::vector<glm::vec3>& positions, float start, float rate) {
  FootTrack foot;
  foot.plants = plants;
  foot.leg_length = joint.leg_length;
  foot.heel = joint.heel;
  foot.toe = joint.toe;
  foot.ground_velocity = glm::vec3(ground_velocity.x, 0.0f, ground_velocity.z);
  foot.start = start;
  foot.rate = rate;
  foot.ground_height = positions.empty() ? 0.0f : positions[0].y;
  for (const glm::vec3& p : positions) foot.ground_height = std::min(foot.ground_height, p.y);
  return foot;
}

}  // namespace ik
