// Normal ranges of motion of a person's joints, with their source, and the cone each one
// becomes in a joint's own frame (what default_limits.h gives a rig from its roles).
//
// The source: the American Academy of Orthopaedic Surgeons' normal values ("Joint Motion:
// Method of Measuring and Recording", AAOS 1965), as tabulated in the AAOS column of
// Norkin and White, "Measurement of Joint Motion: A Guide to Goniometry" (F. A. Davis),
// appendix A. Degrees from the anatomical neutral (standing, arms at the sides, feet flat):
//   shoulder              flexion 180, extension 60, abduction 180, rotation 70 in / 90 out
//   elbow                 flexion 150                         (a hinge, default_limits.cpp)
//   forearm               pronation 80, supination 80         (the wrist's twist here: the
//                                                              forearm is a hinge in these rigs)
//   wrist                 flexion 80, extension 70, radial deviation 20, ulnar deviation 30
//   hip                   flexion 120, extension 30, abduction 45, adduction 30,
//                         rotation 45 in / 45 out
//   knee                  flexion 135                         (a hinge)
//   ankle                 plantarflexion 50, dorsiflexion 20; inversion 35, eversion 15
//   thoracolumbar spine   flexion 80, extension 25, lateral bending 35 each way,
//                         rotation 45 each way (shared by the rig's spine and chest joints)
//   cervical spine        flexion 45, extension 45, lateral bending 45 each way,
//                         rotation 60 each way (shared by the neck and head joints)
// Not in that table, and why:
//   shoulder  adduction 30 (in front of the body: the hand on the belly and the opposite hip
//             need it; the AAOS table lists none, clinical references 50-75, of which we
//             take less because the trunk stops the arm first); with the arm level,
//             horizontal abduction 45 (behind the side) and horizontal adduction 130 (from the
//             side across the chest: the hand on the opposite shoulder needs it), as clinical
//             references list them (Magee, "Orthopedic Physical Assessment", the shoulder)
//   ankle     toes out and in 15° each (the give of the subtalar and midfoot joints)
//   clavicle  elevation 45, depression 10, protraction 15, retraction 15, rotation 20 each
//             way (the sternoclavicular joint: Neumann, "Kinesiology of the Musculoskeletal
//             System", chapter 5)
//
// From ranges to a cone. Each range is a set of single-plane motions from the neutral: the
// bone swung by flexion toward the body's front (for the ankle: the toes down; the wrist:
// toward the palm), by abduction toward its side (the wrist: toward the thumb; the clavicle:
// up), and twisted about itself. A JointLimits cone (skeleton.h) is an ellipse of swings
// around a middle: the cone below is the smallest ellipse (by the product of its half
// angles) around a middle swung (middle_flexion, middle_abduction) from the neutral that
// holds every listed motion; the ellipse's axes are the neutral's flexion and abduction axes
// carried by that swing. The numbers were found by a search over middles on a 1° grid
// (test_anatomical_limits.cpp checks that every motion lies inside and that the ellipse is
// tight); a shoulder's middle is the arm held forward, out and a little down, so a
// T-pose's arm lies inside its cone but off its middle.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "solvers/anim/skeleton.h"

namespace ik {

constexpr float kRadiansPerDegree = 3.14159265358979f / 180.0f;

// One joint's normal range of motion (degrees from the anatomical neutral).
struct RangeOfMotion {
  float flexion = 0.0f, extension = 0.0f;    // swung toward / away from the flexion side
  float abduction = 0.0f, adduction = 0.0f;  // swung toward / away from the abduction side
  float twist_in = 0.0f, twist_out = 0.0f;   // internal / external rotation about the bone
  // The shoulder's arc with the arm level (flexion 90° plane): from `horizontal_abduction`
  // behind the side to `horizontal_adduction` from the side toward the front (0, 0: none).
  float horizontal_abduction = 0.0f, horizontal_adduction = 0.0f;
};

// The cone that holds a RangeOfMotion (degrees): its middle as a swing from the neutral,
// its half angles about the middle's flexion and abduction axes.
struct AnatomicalCone {
  float middle_flexion = 0.0f, middle_abduction = 0.0f;
  float half_flexion = 0.0f, half_abduction = 0.0f;
};

enum class AnatomicalJoint { shoulder, wrist, hip, ankle, clavicle, thoracolumbar, cervical };

// The table above, and the cone found for it.
const RangeOfMotion& range_of_motion(AnatomicalJoint joint);
const AnatomicalCone& anatomical_cone(AnatomicalJoint joint);

// One segment of a spine whose range is shared by `segments` joints: the whole range and
// cone divided among them (the swings are small, where dividing a cone's angles divides the
// motions it holds).
RangeOfMotion range_per_segment(const RangeOfMotion& range, int segments);
AnatomicalCone cone_per_segment(const AnatomicalCone& cone, int segments);

// A joint's anatomical frame, in model space (unit vectors): the bone's direction at the
// neutral, and the directions flexion and abduction swing it toward (perpendicular to the
// neutral). `twist_in_sign` is +1 if a positive turn about the bone (right-handed) is an
// internal rotation (for the ankle: an inversion), -1 if it is an external one.
struct AnatomicalFrame {
  glm::vec3 neutral{0.0f, -1.0f, 0.0f};
  glm::vec3 flexion_toward{0.0f, 0.0f, 1.0f};
  glm::vec3 abduction_toward{1.0f, 0.0f, 0.0f};
  float twist_in_sign = 1.0f;
};

// The swing-twist cone that keeps a joint inside `range` / `cone`, in the joint's own rest
// frame: `rest_rotation` is the joint's model-space rest rotation, `rest_bone` its bone in
// its rest frame (unit). The cone's bone axis is the rest bone; its middle (cone_middle)
// turns the rest onto the anatomical middle with the ellipse's axes on the anatomical ones
// (of the four ways to line them up, the one with the least twist, so the twist range stays
// centred near the rest's own roll).
JointLimits anatomical_cone_limits(const AnatomicalFrame& frame, const RangeOfMotion& range, const AnatomicalCone& cone,
                                   const glm::quat& rest_rotation, const glm::vec3& rest_bone);

// The bone direction (model space) of a swing from the neutral by (flexion, abduction)
// degrees, read as a rotation vector on the neutral's flexion and abduction axes: the
// vocabulary of AnatomicalCone. For tests and the pose suite.
glm::vec3 anatomical_direction(const AnatomicalFrame& frame, float flexion_degrees, float abduction_degrees);

}  // namespace ik
