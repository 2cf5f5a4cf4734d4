// The two-bone limb's closed form and the fast path built on it (private to the analytic
// solvers: analytic.cpp and two_bone_fast.cpp include it, nothing else should).
//
// analytic.h's steps 1-3 have one formulation for the common case: b bends about the normal
// of the limb's plane until the limb's ends are the clamped target distance apart (the law
// of cosines), and the root turns so that the limb points at the target with b on the
// pole's side. reach_two_bone_at_once computes both at once, from the triangle's sides
// alone, in simd_math.h's vocabulary; the general solve (analytic.cpp) calls it for every
// limb in the common case and takes the step-by-step route (a hinge axis, a locked joint, a
// straight limb, a target on the root or on the pole's line) otherwise.
//
// solve_two_bone_fast is the whole two-bone solve for the shape a character rig meets on
// every frame: a limb at the root of the skeleton, nothing locked, no limit on the limb,
// no orientation goal, no extra effector. It checks that shape with a few comparisons
// instead of the general validation, then runs the same closed form (the same inline code,
// compiled into it), so its poses are those of the general solve up to the last bits.
// It is what the two-bone benchmark times and what the program runs, traced or not.
#pragma once

#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/ik/chain.h"

namespace ik {

// The limb's end (the effector) in the limb frame (the frame of joints[0]'s parent):
// e_i = t_(i+1) + R_(i+1) S_(i+1) e_(i+1) carried from the effector up to the root, then
// t_0 + R_0 S_0 e_0. The error both solves record at the start of a trace.
inline glm::vec3 limb_end(const Pose& pose, const std::vector<int>& joints) {
  glm::vec3 e(0.0f);
  for (size_t i = joints.size() - 1; i > 0; --i) {
    const Transform& t = pose.local[static_cast<size_t>(joints[i])];
    e = t.translation + t.rotation * (t.scale * e);
  }
  const Transform& root = pose.local[static_cast<size_t>(joints[0])];
  return root.translation + root.rotation * (root.scale * e);
}

// analytic.cpp's reach step for the common case, in the limb frame. w1 = a -> b and
// w2 = b -> end in a's own frame (before its rotation), `root` a's position and `target`,
// `pole` the goal's, all in the limb frame. On success writes a's and b's new local
// rotations and returns true, with `end` where the effector now is (limb frame) and
// `in_range` whether the target distance lay within [|l1 - l2|, l1 + l2]. Returns false,
// nothing written, outside the common case: a limb too straight for its plane to be known,
// a target on the root or on the pole's line, or lengths whose squares would leave the
// float range.
bool reach_two_bone_at_once(const glm::vec3& w1, const glm::vec3& w2, const glm::vec3& root, const glm::vec3& target,
                            const glm::vec3& pole, glm::quat& rotation_a, glm::quat& rotation_b, glm::vec3& end,
                            bool& in_range);

// The whole solve for the fast path's shape (above). Returns false when the chain is not
// that shape or the closed form does not apply, or when it cannot be sure the input is
// valid; the pose may then have been put back to its start pose (warm_start off), which the
// general solve does again.
bool solve_two_bone_fast(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                         Trace* trace, SolveResult& result);

}  // namespace ik
