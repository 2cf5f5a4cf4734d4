// Turns a posed skeleton into per-instance data for the instanced bone (octahedron) and
// joint (sphere) meshes: one matrix and one colour per instance. Plain maths, no GL, so
// the look of the skeleton (sizes, roll, highlight rules) is unit-testable.
//
// Spaces: `world` matrices and every instance matrix map into model space (the space of
// forward kinematics, see solvers/anim/pose.h). Instance matrices map from the mesh spaces
// described in meshes.h.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "solvers/anim/skeleton.h"

namespace render {

struct MeshInstance {
  glm::mat4 model;   // mesh space -> model space
  glm::vec4 colour;  // display RGB (not linear) and alpha, before lighting
};

// Colours of the skeleton (display RGB). Selection wins over hover.
struct SkeletonPalette {
  glm::vec4 bone{0.66f, 0.68f, 0.72f, 1.0f};
  glm::vec4 bone_selected{1.0f, 0.56f, 0.16f, 1.0f};  // orange
  glm::vec4 bone_hovered{0.96f, 0.84f, 0.62f, 1.0f};  // pale orange
  glm::vec4 joint{0.40f, 0.42f, 0.47f, 1.0f};
  glm::vec4 joint_selected{1.0f, 0.66f, 0.20f, 1.0f};
  glm::vec4 joint_hovered{1.0f, 0.86f, 0.60f, 1.0f};
  glm::vec4 added_tip{0.27f, 0.28f, 0.31f, 1.0f};  // tips build_skeleton added
};

// The matrix placing the unit octahedral bone (meshes.h) from `head` to `tail`: mesh +Y
// runs along the bone and is scaled to its length, mesh X and Z span the waist, scaled
// by the length too (so the shape is the same for every bone). The bone's roll follows
// `roll_hint` (e.g. the head joint's model-space X axis) projected perpendicular to the
// bone; if the hint is (nearly) parallel to the bone, any perpendicular is used.
// A zero-length bone gives an all-zero matrix (nothing is drawn).
glm::mat4 bone_matrix(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& roll_hint);

// The radius of each joint's sphere, model units: 0.07 of the joint's longest bone to a
// child (or, for a leaf, of its bone from the parent), clamped relative to the size of
// the whole posed skeleton (at most 0.02 of it; at least 0.002 of it, but never more than
// 0.12 of the bone), so one huge bone does not give a huge ball and short bones' joints
// still show. A joint whose bones all have zero length gets 0.004 of the size. Added
// tips are 0.6 times as big.
float joint_radius(const ik::Skeleton& skeleton, const std::vector<glm::mat4>& world, int joint,
                   float skeleton_size);

// The diagonal of the bounding box of all joint positions (model units); at least a tiny
// positive number.
float skeleton_size(const std::vector<glm::mat4>& world);

// The smallest sphere a selected or hovered joint gets, so a selection shows even on a
// chain of hundreds of bones a few pixels long: radius_per_depth times the joint's depth
// in front of the eye (view space). For a radius of N pixels that is
// N * 2 tan(fov_y / 2) / viewport_height. Zero: no minimum.
struct HighlightSize {
  glm::mat4 view{1.0f};  // model -> view space
  float radius_per_depth = 0.0f;
};

// Fills `bones` with one instance per (joint, child) pair of non-zero length, and
// `joints` with one sphere per joint. The selected joint and its bones (to its children)
// get the selected colours, the hovered ones the hovered colours. The vectors are
// cleared and refilled (their capacity is reused frame after frame).
void build_skeleton_instances(const ik::Skeleton& skeleton, const std::vector<glm::mat4>& world,
                              int selected_joint, int hovered_joint, const SkeletonPalette& palette,
                              const HighlightSize& highlight, std::vector<MeshInstance>& bones,
                              std::vector<MeshInstance>& joints);

}  // namespace render
