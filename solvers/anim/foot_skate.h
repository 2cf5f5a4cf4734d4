// Foot skate: how much a planted foot moves, measured on any trajectory of a contact joint
// (the clip's own, or the one a solver gives after a cleanup), and the cleanup's goals: the
// foot held still during each plant (solvers/anim/contacts.h).
//
// Measures, over a trajectory sampled at the clip's frame grid (frame f at start + f / rate):
//   skate ratio    the share of planted frames in which the foot moves horizontally faster
//                  than kSkateSpeed x its leg's length per second (4.5 cm/s on a 0.9 m leg),
//                  read as the distance from the frame kSkateWindow earlier (the previous
//                  one at 30 fps, the fourth before at 120; for the frames nearer the
//                  plant's first, across the plant's first window): at 120 fps a solver's
//                  millimetre of tolerance from frame to frame is 12 cm/s, across 1/30 s
//                  3 cm/s. This is the foot-skating
//                  ratio of Karunratanakul, Preechakul, Suwajanakorn and Tang (2023,
//                  "Guided Motion Diffusion for Controllable Human Motion Synthesis": the
//                  proportion of frames in which a foot in contact slides), with our plants as
//                  the contact frames and a stricter speed than their 2.5 cm per frame at
//                  20 fps (0.5 m/s), which lets pass a slide a viewer sees on a close view.
//   planted drift  per plant, the largest horizontal distance of the foot from where it
//                  was on the plant's first frame; the largest over the plants.
//   penetration    how far the foot goes below the clip's own ground under it (the lowest
//                  height the joint reaches in the clip as it is, above the ground's surface:
//                  solvers/anim/ground.h), over every frame.
//   sole depth     how far the sole's heel or toe (the joint's ContactJoint::heel and toe,
//                  carried by its turn from rest) goes below the floor the heel and toe
//                  measure stands on, over the planted frames (with `turns`): a joint at its
//                  height with its toes in the slope is penetration too (CMU 131_01 cleaned
//                  up on a 15-degree ramp: the ankle 0 mm below, the toes 60). Not in the
//                  swing, where a rigid sole is not the foot: at the toe-off the toes bend at
//                  the ball, and the sole's toe, carried by the foot's turn, read 9 cm deep.
//   lift           per plant, the largest rise of the foot above its height on the plant's
//                  first frame (a heel or toe that leaves the ground while planted), heights
//                  over the ground's surface.
//   contact error  per plant, the horizontal distance between where the foot stands on
//                  average and where it should (FootTrack::stand's mean over the plant: for
//                  a retargeted clip where the capture's foot stood, carried); the largest
//                  over the plants. 0 without a `stand`.
//   level          the share of planted frames in which the foot's up (its rest up as its
//                  orientation carries it: the sole's normal, the rig's rest standing flat;
//                  measure_foot_skate's `ups`) is within kLevelDegrees of the ground's
//                  normal under it: heel and toe on the surface. A capture's foot is often
//                  not (CMU 131_01's planted foot rolls 20-30 degrees onto its edge, carried
//                  onto the humanoid by the retarget), so the cleanup stands it level.
//   heel and toe   the share of planted frames in which the sole's heel and its toe (the
//                  joint's ContactJoint::heel and toe, carried by its turn from rest) are each
//                  within kSoleGap x the leg's length (1 cm on a 0.9 m leg) of the floor: the
//                  ground's surface under each, raised as the joint's own floor is (its
//                  ground_height, less its height over the sole at rest). A level foot the
//                  height over the floor it stands at in the clip has both on it; a foot on its
//                  toes, rolled, tipped by a step's edge or held too high or low has not.
// Horizontal motion is read relative to the ground's own motion (the walking speed
// backward in a clip made in place, contacts.h), so a treadmill walk's standing foot,
// which moves with the ground, does not skate. Distances in model units (glTF's metres).
//
// The cleanup's goals (hold_plants, after Kovar, Schreiner and Gleicher 2002, "Footskate
// cleanup for motion capture editing"): during each plant the foot's goal is one position,
// the mean of its positions over the plant horizontally (moving with the ground in a clip
// made in place), on the clip's ground: at the lowest the joint goes in the clip (where the
// foot stands flat; the cleanup stands it level); for `blend` seconds before a plant starts and after
// it ends (at most half the way to the neighbouring plant) the goal eases between the
// foot's own path and the held position (smoothstep), so nothing pops.
#pragma once

#include <algorithm>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "solvers/anim/clip_playback.h"
#include "solvers/anim/contacts.h"
#include "solvers/anim/ground.h"
#include "solvers/anim/skeleton.h"

namespace ik {

inline constexpr float kPlantBlend = 0.15f;          // seconds eased in before a plant and out after it
// Seconds the foot's turn to the ground under it (FeetCleanup::turns) eases in and out, at
// most half the way to the neighbouring plant like the hold: longer than the hold's, since at
// a heel strike the clip's foot is still flattening itself, and the turn eased over 0.15 s
// added its speed to that (the CMU walk's leg at the plants' ends 1.31x the clip's own joint
// speed there, 1.07-1.12x eased over 0.2 s; over 0.25 DLS's rose again on ramps and stairs).
inline constexpr float kTurnBlend = 0.2f;
inline constexpr float kLevelDegrees = 5.0f;         // the foot's up against the ground's normal
inline constexpr float kSkateSpeed = 0.05f;          // x the leg's length per second
inline constexpr float kSkateWindow = 1.0f / 30.0f;  // seconds the slide is read across
inline constexpr float kSoleGap = 0.011f;            // x the leg's length: heel and toe off the floor
// That span in frames at `rate` frames per second: at least one.
int skate_window_frames(float rate);

// What the measures need about one contact joint in one clip.
struct FootTrack {
  FootContacts plants;
  float leg_length = 1.0f;
  glm::vec3 ground_velocity{0.0f};  // model units per second, horizontal
  float ground_height = 0.0f;       // the joint's lowest height in the clip as it is
  Ground ground;                    // what it stands on (heights above it are measured)
  float start = 0.0f;               // clip time of frame 0, seconds
  float rate = 30.0f;               // frames per second
  std::vector<glm::vec3> stand;     // per frame, where the foot should stand; empty: no such place
  glm::vec3 heel{0.0f}, toe{0.0f};  // the sole at rest, from the joint (ContactJoint's)
};

struct FootSkate {
  int planted_frames = 0;
  float skate_ratio = 0.0f;    // 0..1
  float planted_drift = 0.0f;  // model units
  float penetration = 0.0f;    // model units, >= 0
  float lift = 0.0f;           // model units, >= 0
  float contact_error = 0.0f;  // model units, >= 0
  float level_ratio = 0.0f;    // 0..1
  float sole_ratio = 0.0f;     // 0..1: heel and toe on the floor
  float sole_depth = 0.0f;     // model units, >= 0: the heel or toe below the floor while planted
};

// A foot's turn from rest (model space) from its model-space rotation and its rotation at
// rest: its up is the turn of +Y, its sole's points the turn of the rest's.
inline glm::quat foot_turn(const glm::quat& rotation, const glm::quat& rest) { return rotation * glm::conjugate(rest); }

// The measures of `frames` positions of the foot, positions[f * stride]. `turns` (one per
// frame, or null: none throughout, the foot as level as at rest): the foot's turn from rest,
// for the level and the sole.
FootSkate measure_foot_skate(const glm::vec3* positions, std::size_t stride, int frames, const FootTrack& foot,
                             const glm::quat* turns = nullptr);

// Per planted frame after a plant's first, how fast the foot slides horizontally against
// the ground (model units per second, across the kSkateWindow ending at it, or the plant's
// first window for the frames inside that): `out(frame, speed)` for each.
// The skate ratio is the share of planted frames where this is over kSkateSpeed legs/s.
template <typename Out>
void foot_slide_per_frame(const glm::vec3* positions, std::size_t stride, int frames, const FootTrack& foot, Out out);

// The largest `value(frame)` over the frames (of `frames` on the foot's grid) within `window`
// seconds of a plant's start or end: where a cleanup eases the foot into and out of its
// hold, and where it would pop (Kovar et al. 2002 blend there for that reason). 0 without
// plants.
template <typename Value>
float peak_near_plant_ends(int frames, const FootTrack& foot, Value value, float window = kPlantBlend);

// The foot's goals of the cleanup, from its own positions (one per frame), as described above.
// `stand` (one per frame, or empty): where the foot should stand instead of where it is --
// a plant is held at its mean over the plant (horizontally; the height is the foot's on
// the ground, FootTrack::ground_height), as a retargeted clip's foot is held where the
// capture's stood (retarget.h's carried_path).
std::vector<glm::vec3> hold_plants(const std::vector<glm::vec3>& positions, const FootTrack& foot,
                                   float blend = kPlantBlend, const std::vector<glm::vec3>& stand = {});

// Foot placement on uneven ground: each plant of `goals` (hold_plants', one per frame, on the
// clip's flat ground) moved along the foot -- the least way, at most the sole's length either
// way -- to where the ground under its sole (heel, middle and toe: FootTrack::heel and toe as
// `turns`, the joint's turns from rest, have them at the plant's middle frame) keeps to the
// line from heel to toe within kSoleGap legs (a slope the foot turns with is no reason to
// move), as a person steps onto one stair's tread rather than with the heel on
// one and the toe against the next. The swing on either side carries the move, eased from
// the neighbouring plant's end (a step moved within the plant's 0.15 s ease would double the
// leg's speed there). A plant already level, or with no such place in reach, stays; on the plane nothing
// moves. (On CMU 131_01 up 10 cm stairs, heel and toe stood on the floor on 67 % of the
// planted frames without it: the held ankle's toe went into the next step or over its edge.)
void fit_plants_to_ground(const Ground& ground, const FootTrack& foot, const std::vector<glm::quat>& turns,
                          std::vector<glm::vec3>& goals, float blend = kPlantBlend);

// The cleanup's hips: per frame, how far the body comes down (model units, along -Y) so that
// every leg reaches its held goal -- only as far as the legs need (Kovar et al. 2002 adjust
// the root the same way). Per leg and frame: with the hip (the leg's first joint) at h and
// the goal at g, the leg reaching r = its straight length x kLegReach, the drop d is the
// least with |g - (h - d Y)| <= r; a goal farther than r sideways takes the drop to its
// height. The drop of a frame is the largest over the legs, then spread over `smooth`
// seconds each side (a moving largest value, then a moving mean: never less than a frame
// needs, and no step the eye sees).
// kLegReach leaves the knee bent about 23 degrees at the most (two equal bones): a leg held
// nearer straight is the singularity the iterative solvers crawl at. With 0.995, and the
// reach let out to the clip's own (a capture's heel strike is nearly straight), DLS ended
// 9 mm short for ten frames of a plant of CMU 131_01 on the humanoid and FABRIK, CCD, DLS
// skated 1.3-1.8 %; at 0.98 all four skate 0 % there (BENCHMARKS.md, cleanup).
inline constexpr float kLegReach = 0.98f;
struct HeldLeg {
  std::vector<glm::vec3> hip;    // the leg's first joint in the clip, one per frame
  std::vector<glm::vec3> goals;  // the foot's held goals (hold_plants), one per frame
  float length = 1.0f;           // hip to foot with the leg straight
};
std::vector<float> hips_drop(const std::vector<HeldLeg>& legs, float rate, float smooth = 0.1f);

// The ground under a foot's goals (one per frame; `held`: how much the foot is held there, 1
// in a plant, easing to 0 around it, as hold_plants eases), read once for its heights
// (ground_under_goals) and its turns (ground_turns): under each goal itself, and where the
// foot is not wholly held over its footprint too (the goal and 16 points within `radius`).
struct GroundUnderGoals {
  bool plane = true;                        // no height anywhere, up everywhere: nothing read
  bool level = true;                        // up everywhere (a plane, stairs): no normal read
  std::vector<float> height;                // under each goal
  std::vector<glm::vec3> normal;            // under each goal
  std::vector<float> footprint_height;      // the highest over each footprint (held: the goal's own)
  std::vector<glm::vec3> footprint_normal;  // the sum of the normals over it (held: the goal's own)
};
GroundUnderGoals read_ground_under_goals(const Ground& ground, const std::vector<glm::vec3>& goals,
                                         const std::vector<float>& held, float radius);

// The ground's height under each of a foot's goals (one per frame; `held`: how much the foot
// is held there, 1 in a plant, easing to 0 around it, as hold_plants eases). Where the foot
// is held, the height under the goal itself: a plant stands on the ground under it. In the
// swing, the highest ground within `radius` of the goal (the foot's length around the ankle,
// kFootprint legs: the toe reaches ahead of the joint the goal is for), spread over
// kFootprintSpread seconds each side (spread as hips_drop's drop: never below a frame's), so
// the foot rises before a step's edge instead of crossing it where the ground under the
// ankle jumps; eased between the two with the hold. On CMU 131_01 up 15 cm stairs, the
// ankle under the heights under the goals alone went 6-14 cm into a step as the swing
// crossed its edge. The plane: 0 throughout.
// `sole` (the joint's height over its sole at rest, -ContactJoint::heel.y): where held on a
// slope, the joint stands that far over the surface across it, sole / cos(slope) straight
// up, so that the foot stood level on the slope has heel and toe on it (held `sole` straight
// up, a 30 degree ramp would take the sole 15 % of `sole` into the ground).
inline constexpr float kFootprint = 0.2f;        // x the leg's length
inline constexpr float kFootprintSpread = 0.1f;  // seconds
std::vector<float> ground_under_goals(const GroundUnderGoals& under, const std::vector<float>& held, float rate,
                                      float sole = 0.0f);
inline std::vector<float> ground_under_goals(const Ground& ground, const std::vector<glm::vec3>& goals,
                                             const std::vector<float>& held, float radius, float rate,
                                             float sole = 0.0f) {
  return ground_under_goals(read_ground_under_goals(ground, goals, held, radius), held, rate, sole);
}

// Per goal, the turn (model space, applied before the clip's own orientation of the foot)
// onto the ground under it. Where the foot is held, its up in the clip (`ups`, one per goal:
// joint_paths' ups; empty: +Y, the clip's floor) turned onto the ground's normal under the
// goal itself: the foot stands level on the ground, heel and toe down, keeping the way it
// points. In the swing, the clip's floor (+Y) turned onto the mean normal over the
// footprint (as ground_under_goals), spread over kFootprintSpread seconds each side: the
// swing keeps the clip's motion, tilted with the ground. Eased between the two with `held`
// (the turned-from vector and the normal each mixed, then the shortest turn; clean_up_feet
// eases the turn over kTurnBlend, not the hold's kPlantBlend).
std::vector<glm::quat> ground_turns(const GroundUnderGoals& under, const std::vector<float>& held, float rate,
                                    const std::vector<glm::vec3>& ups = {});
inline std::vector<glm::quat> ground_turns(const Ground& ground, const std::vector<glm::vec3>& goals,
                                           const std::vector<float>& held, float radius, float rate,
                                           const std::vector<glm::vec3>& ups = {}) {
  return ground_turns(read_ground_under_goals(ground, goals, held, radius), held, rate, ups);
}
// The shortest turn of the unit vector `from` onto the unit vector `to` (none when they are
// the same; about an axis across `from` when they are opposite).
glm::quat turn_onto(const glm::vec3& from, const glm::vec3& to);

// The whole cleanup of a clip on a frame grid (frame f at time_of_frame(f, start, rate)):
// every contact joint's held goals (hold_plants, from its path in the clip) placed on
// `ground` (each goal raised by ground_under_goals), the body raised by the lowest
// of the feet's ground heights (spread over 0.3 s) and then lowered by the hips' drop
// (hips_drop, over the legs whose first joint is known) -- to be applied to `body_joint`,
// the joint all those legs hang from (-1: none, the body stays). `stand`: per contact joint,
// where it should stand (hold_plants; empty, or an empty path for a joint: its own path).
struct FeetCleanup {
  float start = 0.0f;
  float rate = 30.0f;
  int body_joint = -1;
  std::vector<float> body_y;                  // per frame, the body's move along +Y
  std::vector<std::vector<glm::vec3>> goals;  // per contact joint, per frame
  std::vector<std::vector<glm::quat>> turns;  // per contact joint, per frame: ground_turns (its ups)
};
FeetCleanup clean_up_feet(const Skeleton& skeleton, const Clip& clip, float start, float rate, int frames,
                          const std::vector<ContactJoint>& joints, const std::vector<FootContacts>& plants,
                          const glm::vec3& ground_velocity, const Ground& ground = {},
                          const std::vector<std::vector<glm::vec3>>& stand = {});
// Between two frames, linear; outside the grid, its nearest end. Empty: 0, the origin.
float cleanup_body_y_at(const FeetCleanup& cleanup, float time);
glm::vec3 cleanup_goal_at(const FeetCleanup& cleanup, std::size_t joint, float time);
// The turn of the foot's orientation (slerp between frames); identity without one.
glm::quat cleanup_turn_at(const FeetCleanup& cleanup, std::size_t joint, float time);

// The FootTrack of the contact joint `joint` in a clip: its plants (detect_contacts'
// output), its leg's length and its sole (heel, toe) from `joint`, its lowest height read
// from `positions` (its path in the clip as it is, one per frame).
FootTrack foot_track(const FootContacts& plants, const ContactJoint& joint, const glm::vec3& ground_velocity,
                     const std::vector<glm::vec3>& positions, float start, float rate);

// ---- Template definitions ----

template <typename Value>
float peak_near_plant_ends(int frames, const FootTrack& foot, Value value, float window) {
  float peak = 0.0f;
  for (const ContactInterval& p : foot.plants.plants)
    for (const float end : {p.start, p.end}) {
      const int from = std::max(0, frame_at(end - window, foot.start, foot.rate));
      const int to = std::min(frames - 1, frame_at(end + window, foot.start, foot.rate));
      for (int f = from; f <= to; ++f) peak = std::max(peak, value(f));
    }
  return peak;
}

int first_frame_of(const FootTrack& foot, const ContactInterval& plant, int frames);
int last_frame_of(const FootTrack& foot, const ContactInterval& plant, int frames);

template <typename Out>
void foot_slide_per_frame(const glm::vec3* positions, std::size_t stride, int frames, const FootTrack& foot, Out out) {
  if (positions == nullptr || frames <= 0) return;
  const glm::vec3 ground_step = glm::vec3(foot.ground_velocity.x, 0.0f, foot.ground_velocity.z) / foot.rate;
  const int window = skate_window_frames(foot.rate);
  for (const ContactInterval& p : foot.plants.plants) {
    const int first = first_frame_of(foot, p, frames), last = last_frame_of(foot, p, frames);
    for (int f = first + 1; f <= last; ++f) {
      // The window ending at f, or the plant's first window when f is nearer its start.
      const int from = f - window > first ? f - window : first;
      const int to = f - window > first ? f : (first + window < last ? first + window : last);
      const float span = static_cast<float>(to - from);
      glm::vec3 d =
          positions[static_cast<std::size_t>(to) * stride] - positions[static_cast<std::size_t>(from) * stride];
      d.y = 0.0f;
      out(f, glm::length(d - ground_step * span) * foot.rate / span);
    }
  }
}

}  // namespace ik
