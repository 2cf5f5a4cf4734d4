// How a body's pose reads against what a person can do, from its roles: the full-body
// window's plausibility line ("2 joints at their limit · feet on the ground · knees over
// the toes · head above the hips") and the full-body reach suite's figures.
//
// What is read (model space; "up" is the world's, model +Y, glTF's up and the ground the
// program draws -- not the hips -> head line, which leans with a rest pose's spine):
//   joints at their limit  joints with enabled limits within kBodyAtLimitMargin of an end
//                          (limits.h at_limit); any outside their range are counted too. A
//                          hinge counts at its far end only (full flexion): a straight knee or
//                          elbow is how a person stands
//   feet below the ground  the ground is the lowest point of the feet (every joint from a
//                          foot down: toes, their tips, but not a tip the importer added:
//                          a made-up point, skeleton.h) in the rest pose, or where a clip
//                          stands them lowest if that is lower (`floor`); how far the
//                          lowest of them now lies below it. A clip's planted foot is where
//                          its floor is: CesiumMan's walk stands its feet 0.8 cm lower than
//                          its rest pose, and read through the ground with nothing but the
//                          clip playing
//   knee off the toes      per leg, the angle seen from above between where the knee points
//                          (its offset from the hip -> ankle line) and where the foot points
//                          (ankle -> its first child); a leg bent by less than 1 % of its
//                          length has no knee direction and is not judged, nor is a leg
//                          whose foot is off the ground (its lowest point more than
//                          kFootOffGround of the leg above the ground): that is a rule of
//                          standing, and a swinging or lifted leg's knee goes where the
//                          step takes it (CesiumMan's walk read 176 degrees off on a
//                          trailing foot in the air)
//   head above the hips    the head (else the neck) higher than the hips along up
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "solvers/anim/ground.h"
#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// 1 degree: a joint this close to an end of its range reads as at its limit.
inline constexpr float kBodyAtLimitMargin = 0.0174532925f;
// A knee pointing more than this far off its foot's direction reads as off the toes.
inline constexpr float kKneeOffToesDegrees = 30.0f;
// A foot whose lowest point is more than this fraction of the leg above the ground stands on
// nothing: its knee is not judged.
inline constexpr float kFootOffGround = 0.05f;

struct BodyReading {
  bool valid = false;       // the roles give hips, a head or neck, two thighs, shins and feet
  int joints_at_limit = 0;  // of `limited_joints`
  int limited_joints = 0;
  float feet_below_ground = 0.0f;  // >= 0, model units
  float worst_knee_off_toes_degrees = 0.0f;
  bool head_above_hips = true;
  float leg_length = 0.0f;  // the left leg's at rest (hip -> knee -> ankle), for scale
};

// The reading of `pose` (as above); invalid (and nothing else read) without the roles.
// `floor`: the lowest the feet stand in the clip under the IK (lowest_foot_point over its
// frames), which may set the ground lower than the rest pose; INFINITY: the rest pose alone.
// `ground` (nullptr: flat): the scene's ground (a ramp, stairs); the feet are then read by
// their height over it where they are, the floor's level laid along its surface.
BodyReading read_body(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                      float floor = INFINITY, const Ground* ground = nullptr);

// The lowest point of both feet of `pose` along up (every joint from a role foot down but
// the added tips), model units; INFINITY when the roles give no two feet.
float lowest_foot_point(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose);
// The same with the model transforms written into `world` (sized once: no allocation after).
float lowest_foot_point(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                        std::vector<glm::mat4>& world);

// One line: "2 joints at their limit · feet 3.1 cm below the ground · knee 42° off the toes ·
// head below the hips", each part in its good form when it holds ("no joint at its limit",
// "feet on the ground", "knees over the toes", "head above the hips"). Feet count as on the
// ground within 1 % of the leg's length. Distances in model space, which glTF gives in metres.
std::string describe_body(const BodyReading& reading);

// The same with only the parts that do not hold ("" when every part holds).
std::string describe_body_problems(const BodyReading& reading);

// True when every part holds (feet within 1 % of the leg's length).
bool body_looks_plausible(const BodyReading& reading);

}  // namespace ik
