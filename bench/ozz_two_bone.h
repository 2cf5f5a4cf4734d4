// ikscope's two-bone solve beside ozz-animation's IKTwoBoneJob (the peer snapshot in
// ../shared/peers/ozz-animation, built unmodified), on the same random limbs, targets and
// pole vectors, each side doing the same work (used by bench_analytic and the peers smoke
// test; nothing in the library includes ozz).
//
// The work, for both: from a limb's local pose (three local transforms; the limb's root is
// the model's root, so its local transform is its model transform), a model-space target
// and a model-space pole vector, to the new local rotations of the root and middle joints.
//   * ikscope: ik::solve_two_bone, warm_start off (it starts from the skeleton's rest pose,
//     which is the limb's input pose), composing the limb's bones itself and writing the two
//     rotations into the Pose; its result (status, error) comes with it.
//   * ozz: what IKTwoBoneJob leaves to its caller is added, as ozz's two-bone sample does
//     it: the three model-space matrices from the local transforms (Float4x4::FromAffine and
//     two matrix products, what LocalToModelJob computes for these joints), then Run()
//     (soften 1, weight 1, twist 0: the defaults; `reached` asked for, as ikscope reports
//     it), then each correction multiplied into its joint's local rotation.
// ozz also needs the middle joint's bend axis (mid_axis, in the middle joint's frame): a
// constant of the rig, computed once per limb from its input pose (the axis that opens the
// limb), outside the timed work. ikscope finds its bend axis from the pose in every solve.
//
// The cases (fixed seed): bones 0.2-1 long in random directions, bent 10-170 degrees at
// rest; the root at a random place and rotation; a target at a random direction from the
// root and a distance uniform in [|l1 - l2| + 5 %, 110 %] of the reach (l1 + l2), so about
// one in ten is out of reach (both sides then end straight toward it); a pole at least
// ~15 degrees off the root-target line (ozz: "it's caller responsibility" to avoid the
// flip there). Both sides' data are laid out per limb, the ozz side's in ozz's own SIMD
// types, prepared once.
#pragma once

#include <memory>
#include <string>

namespace ikbench {

// What check() found: both sides solved every case, and reached the same positions.
struct TwoBonePeerCheck {
  int cases = 0;
  double largest_mid_gap = 0.0;       // |ikscope's middle joint - ozz's|, fraction of the reach
  double largest_end_gap = 0.0;       // the same for the end joint
  double largest_ikscope_miss = 0.0;  // |end - target| - max(0, |target - root| - reach), fraction of reach
  double largest_ozz_miss = 0.0;
  int reached_disagreements = 0;  // ikscope's status "reached" against ozz's `reached`
  bool passed = false;            // every figure above within kTolerance (0 disagreements)
  std::string text;               // one paragraph saying all of this
};

class TwoBonePeers {
 public:
  // Positions agree, and each side's end lands on its target (or as near as the reach
  // allows), within this fraction of the limb's reach.
  static constexpr double kTolerance = 1e-4;

  TwoBonePeers(int count, unsigned seed);
  ~TwoBonePeers();
  TwoBonePeers(const TwoBonePeers&) = delete;
  TwoBonePeers& operator=(const TwoBonePeers&) = delete;

  int size() const;
  // The same work on case i (see the top of this file); each writes that case's own
  // output, so a benchmark can cycle over the cases.
  void solve_ikscope(int i);
  void solve_ozz(int i);
  // For reference only: IKTwoBoneJob::Run alone, on model-space matrices computed
  // beforehand, its corrections left unapplied (not the same work as solve_ikscope).
  void run_ozz_job_only(int i);

  // Solves every case with both and compares the positions reached (forward kinematics in
  // double of each side's output).
  TwoBonePeerCheck check();

  // The instruction set ozz was compiled for ("SSE2", ...: its SIMD is chosen at compile
  // time) and the copy of ikscope's two-bone lean path this processor runs.
  static const char* ozz_instruction_set();
  static const char* ikscope_instruction_set();

 private:
  struct Data;
  std::unique_ptr<Data> data_;
};

}  // namespace ikbench
