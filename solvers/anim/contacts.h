// Foot contacts: the stretches of a clip during which a foot (or toe, or a quadruped's paw)
// is planted on the ground, found from the motion alone and editable as intervals.
//
// Detection (detect_contacts). The clip is sampled at its frame rate (clip_playback.h);
// for each contact joint, frame f counts as planted when both hold:
//   near the ground  the joint's height (along `up`) is within `height` x its leg's length
//                    of the lowest height that joint reaches in the clip (the clip's own
//                    ground under that joint: a rig in any units, at any offset from the
//                    origin, on a plane);
//   slow             the slower of its horizontal speeds toward the previous and the next
//                    frame is below `speed` x the leg's length per second (the slower of
//                    the two so that the frame a foot lands on and the frame it leaves from
//                    both count: at each one the foot is still on one side). Speeds are
//                    taken relative to the ground's own motion: none for a clip that moves
//                    its root, the walking speed backward for a clip made in place (a
//                    treadmill walk such as CesiumMan's, where the standing foot slides
//                    back under the body) -- the median step of the contact joints over
//                    the frames where they are near the ground, most of which are standing
//                    frames in either kind of clip.
// This is the height-and-speed test of the motion-synthesis literature (e.g. Lee, Chai,
// Reitsma, Hodgins and Pollard 2002, "Interactive control of avatars animated with human
// motion data": a constraint where the foot is near the ground and its speed is below a
// threshold), with the thresholds scaled by the leg so one setting fits a 1.8 m adult in
// metres and a centimetre rig alike. Then runs of planted frames less than `max_gap`
// seconds apart are joined (a foot that dips its speed past the threshold for a frame
// mid-stance is one plant) and plants shorter than `min_plant` seconds are dropped (a
// foot passing low and slow through the swing is not a plant).
//
// A looping clip is read as it is, not as a cycle: a plant across its loop point is two
// plants (one at each end), each kept if long enough.
//
// A plant is an interval [start, end] of clip time in seconds: the times of its first and
// last planted frames. A foot's plants are kept sorted and disjoint (contacts_problem says
// what a list read from a file gets wrong); the edits below keep them so.
//
// Does not: choose the contact joints (solvers/rig/contact_joints.h), hold the feet in
// place (that is the cleanup's job), know the scene's ground beyond the clip's lowest
// points.
#pragma once

#include <string>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ik {

struct ContactInterval {
  float start = 0.0f;  // seconds, clip time
  float end = 0.0f;    // >= start
};

// A joint that can be planted, and the length its thresholds scale with.
struct ContactJoint {
  int joint = -1;
  float leg_length = 1.0f;  // model units, > 0: the leg's bones from leg_root down to the joint
  int leg_root = -1;        // the leg's first joint (a thigh), -1 when not known
  // The sole at rest, where a foot's heel and toe touch a flat floor: model-space offsets
  // from the joint, both at the height of the lowest joint it carries (a toe's end; the
  // joint itself when it carries none) -- the heel straight below the joint, the toe under
  // the carried joint farthest from it across the floor (the heel's place when none is).
  // How the foot sole's points are measured on the ground (foot_skate.h).
  glm::vec3 heel{0.0f}, toe{0.0f};
};

// One contact joint's plants in one clip.
struct FootContacts {
  int joint = -1;
  std::vector<ContactInterval> plants;  // sorted by start, disjoint
};

// The default speed, 0.3 legs per second (27 cm/s on an adult), was read off the CMU
// captures and CesiumMan's walk: a standing foot in the captures moves 0.01-0.05 legs/s, a
// swinging one 1-7, and the feet of their gliding, shuffling steps 0.1-0.5 along the floor;
// CesiumMan's hand-keyed standing foot slides 0.1-0.3 against its treadmill. At 0.5 legs/s
// the heel-off and the glides counted as planted: a toe of the CMU walk "stood" 2.2 s of
// walking (tests/solvers/rig/test_contact_joints.cpp).
struct ContactSettings {
  float height = 0.05f;    // x the leg's length above the joint's lowest point in the clip
  float speed = 0.3f;      // x the leg's length per second, horizontal
  float min_plant = 0.1f;  // seconds: a shorter plant is dropped
  float max_gap = 0.1f;    // seconds: planted frames closer than this join into one plant
};
inline constexpr float kMaxContactHeight = 1.0f;  // the settings' upper bounds (x the leg)
inline constexpr float kMaxContactSpeed = 10.0f;
inline constexpr float kMaxContactSeconds = 10.0f;

// The plants of each joint of `joints` over `clip` sampled at `frame_rate` frames per
// second, in that order. A clip of one frame plants nothing (no speed to read).
// `ground_velocity`, if given, gets the ground's own motion (model units per second,
// horizontal; zero for a clip that moves its root).
std::vector<FootContacts> detect_contacts(const Skeleton& skeleton, const Clip& clip, float frame_rate,
                                          const std::vector<ContactJoint>& joints, const ContactSettings& settings,
                                          const glm::vec3& up = glm::vec3(0.0f, 1.0f, 0.0f),
                                          glm::vec3* ground_velocity = nullptr);

// The plant that holds `time` (start <= time <= end), or -1.
int plant_at(const FootContacts& foot, float time);

// "" if the plants fit a clip running from `clip_start` to `clip_end` (each finite, start
// <= end, inside the clip, sorted and not overlapping the next), else the first problem in
// a few words ("plant 2 ends before it starts").
std::string contacts_problem(const FootContacts& foot, float clip_start, float clip_end);

// Edits, each keeping the plants sorted, disjoint and inside [clip_start, clip_end].
// Moves the start (`end_side` false) or end of plant `index` to `time`, stopping at its
// neighbours and at its other end. False if nothing changed.
bool move_plant_edge(FootContacts& foot, int index, bool end_side, float time, float clip_start, float clip_end);
// Adds a plant of `width` seconds centred on `time`, cut back where it would reach a
// neighbour; returns its index, or -1 when `time` is already planted or no room is left.
int add_plant(FootContacts& foot, float time, float width, float clip_start, float clip_end);
// Removes plant `index`; false if there is none.
bool remove_plant(FootContacts& foot, int index);

bool same_contacts(const std::vector<FootContacts>& a, const std::vector<FootContacts>& b);

}  // namespace ik
