// isa_dispatch.h: every solver with a dispatched fast path gives the same poses with the
// plain x86-64 copies (set_isa(Isa::plain)) as with the AVX2 + FMA ones, on a few hundred
// random cases each (fixed seeds): FABRIK (its passes and the rotation rebuild, on rigid
// paths and on limited chains), the two-bone fast path and the closed form the general
// analytic solve shares with it (two-bone under a parent, three-bone), and the Jacobian
// fused iteration (DLS and Jacobian transpose with one position goal, without and with
// limits).
//
// The tolerance: every joint's model-space position, and the reported error, within 1e-4
// of the chain's length. Both copies run the same operations in the same order; a fused
// multiply-add rounds once where the plain copy rounds twice, so single operations differ
// by an ulp (~6e-8 relative) and a solve by what its iterations make of that: a converging
// iteration shrinks such differences again. The largest seen (each test prints its own;
// over ten times these cases while choosing the bound) were 1.6e-6 for FABRIK, 9.4e-6 for
// the two-bone fast path and 1.9e-5 for DLS with limits. 1e-4 is well above them and far
// below any difference a wrong copy would make (a wrong sign or lane moves a joint by a
// bone length). One exception: the Jacobian transpose with limits converges slowly and
// often ends on the stall detector or a clamp rather than at the goal, so an ulp can move
// the iteration where it stops, and the pose by what one iteration moves it: 3.9e-4 was
// seen over 3,000 cases; its bound is 1e-3.
//
// On a build without the AVX2 copies (the `plain` preset) or a processor without AVX2 and
// FMA, every comparison is skipped. The first test checks that the process starts on the
// copy it should: the plain one when IKSCOPE_ISA=plain (the `release-plain` test preset,
// which CI runs to test the plain copies) or when there is no other, else the AVX2 one.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>

#include "solvers/base/isa_dispatch.h"
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/fabrik/fabrik.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

// Every test below restores the copy it found, so this holds whatever order they run in.
TEST(IsaEnvironment, ProcessStartsOnTheCopyTheEnvironmentAsksFor) {
  const char* asked = std::getenv("IKSCOPE_ISA");
  const bool plain_asked = asked != nullptr && std::strcmp(asked, "plain") == 0;
  const ik::Isa expected = plain_asked || !ik::cpu_has_avx2_fma() ? ik::Isa::plain : ik::Isa::avx2_fma;
  std::printf("IKSCOPE_ISA=%s: running the %s copies\n", asked ? asked : "(unset)",
              ik::active_isa() == ik::Isa::plain ? "plain" : "AVX2 + FMA");
  EXPECT_EQ(ik::active_isa(), expected);
}

using Solve = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&, ik::Trace*);

constexpr float kTolerance = 1e-4f;  // of the chain's length (see the top of the file)
constexpr float kSlowConvergenceTolerance = 1e-3f;  // the Jacobian transpose with limits

// Puts back the copy the process chose, whatever a test set.
class IsaDispatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ik::cpu_has_avx2_fma())
      GTEST_SKIP() << (IKSCOPE_HAS_AVX2_FMA_PATH ? "this processor has no AVX2 + FMA: only the plain copies run"
                                                 : "built without the AVX2 + FMA copies (IKSCOPE_NO_AVX2_FMA_PATH)");
    chosen_ = ik::active_isa();
  }
  void TearDown() override { ik::set_isa(chosen_); }

 private:
  ik::Isa chosen_ = ik::Isa::plain;
};

// One case: a skeleton, a chain, the pose to start from.
struct Case {
  ik::Skeleton skeleton;
  ik::Chain chain;
  ik::Pose start;
};

// The worst difference between the two copies over the cases, in chain lengths.
struct Worst {
  float position = 0.0f;
  float error = 0.0f;
  int cases = 0;
  int status_differs = 0;
};

// Solves `c` once with each copy and widens `worst` by the differences.
void compare_copies(Solve solve, const Case& c, Worst& worst) {
  const std::vector<int> path = iktest::path_of(c.skeleton, c.chain.root, c.chain.effector);
  const float length = iktest::sum(iktest::bone_lengths(c.skeleton, c.start, path));
  ik::Pose plain = c.start, avx2 = c.start;
  ik::Workspace workspace_plain, workspace_avx2;
  ASSERT_EQ(ik::set_isa(ik::Isa::plain), ik::Isa::plain);
  const ik::SolveResult a = solve(c.skeleton, c.chain, plain, workspace_plain, nullptr);
  ASSERT_EQ(ik::set_isa(ik::Isa::avx2_fma), ik::Isa::avx2_fma);
  const ik::SolveResult b = solve(c.skeleton, c.chain, avx2, workspace_avx2, nullptr);
  ASSERT_TRUE(iktest::finite(plain) && iktest::finite(avx2));
  for (int j : path) {
    const float moved =
        glm::length(iktest::world_position(c.skeleton, plain, j) - iktest::world_position(c.skeleton, avx2, j));
    worst.position = std::max(worst.position, moved / length);
  }
  worst.error = std::max(worst.error, std::fabs(a.error - b.error) / length);
  // A status can only differ when the error sits on the tolerance's edge.
  if (a.status != b.status) ++worst.status_differs;
  ++worst.cases;
}

void expect_agreement(const Worst& worst, int cases, float tolerance, const char* what) {
  std::printf("%s: %d cases, worst difference %.3g (positions) and %.3g (error) of the chain's length\n", what,
              worst.cases, worst.position, worst.error);
  EXPECT_EQ(worst.cases, cases) << what;
  EXPECT_LT(worst.position, tolerance) << what;
  EXPECT_LT(worst.error, tolerance) << what;
  EXPECT_LE(worst.status_differs, cases / 100) << what;
}

// `count` random chains of `joints` joints (1 .. joints) below a base (joint 0) carrying one of the util's root
// transforms, each with a reachable goal and a random start pose (warm starts alternate
// with cold ones); `limits` on every joint but the effector when asked.
template <typename MakeChain>
void for_random_cases(unsigned seed, int count, int joints, bool limits, MakeChain&& make_chain,
                      const std::function<void(const Case&)>& check) {
  std::mt19937 rng(seed);
  const std::vector<iktest::RootCase> roots = iktest::root_cases();
  for (int i = 0; i < count; ++i) {
    Case c;
    c.skeleton = iktest::random_chain(rng, joints, limits, roots[static_cast<size_t>(i) % roots.size()].base);
    c.chain = make_chain(c.skeleton);
    const std::vector<int> path = iktest::path_of(c.skeleton, c.chain.root, c.chain.effector);
    c.chain.goal.position = iktest::random_reachable_goal(rng, c.skeleton, path);
    c.chain.goal.pole = iktest::random_unit(rng);
    c.chain.params.use_limits = limits;
    c.chain.params.warm_start = i % 2 == 0;
    c.start = iktest::random_pose(rng, c.skeleton, path);
    check(c);
  }
}

ik::Chain whole_chain(const ik::Skeleton& skeleton) {
  ik::Chain chain;
  chain.root = 1;
  chain.effector = skeleton.joint_count() - 1;
  return chain;
}

// The limb from the skeleton's root (joint 0, the base) to joint 2: the two-bone fast
// path's shape.
ik::Chain root_limb(const ik::Skeleton&) {
  ik::Chain chain;
  chain.root = 0;
  chain.effector = 2;
  return chain;
}

void run(Solve solve, unsigned seed, int count, int joints, bool limits, ik::Chain (*make_chain)(const ik::Skeleton&),
         const char* what, float tolerance = kTolerance) {
  Worst worst;
  for_random_cases(seed, count, joints, limits, make_chain, [&](const Case& c) { compare_copies(solve, c, worst); });
  expect_agreement(worst, count, tolerance, what);
}

TEST_F(IsaDispatchTest, FabrikWithoutLimits) {
  // Rigid paths (the util's uniform roots) and the general fast path (its non-uniform one).
  run(ik::solve_fabrik, 1, 300, 6, false, whole_chain, "FABRIK, no limits");
}

// Active limits take FABRIK off its dispatched passes (the backward pass and the rotations
// rebuilt and clamped every iteration, in code compiled once): the copies agree exactly
// here. Dispatched, they did not: an ulp changed which pass clamped, and poses parted by up
// to 1.7 % of the chain's length.
TEST_F(IsaDispatchTest, FabrikWithLimits) {
  run(ik::solve_fabrik, 2, 300, 6, true, whole_chain, "FABRIK, limits");
}

TEST_F(IsaDispatchTest, TwoBoneFastPath) {
  // random_chain's joint 0 is the base, the skeleton's root: the fast path's shape.
  run(ik::solve_two_bone, 3, 400, 2, false, root_limb, "two-bone fast path");
}

TEST_F(IsaDispatchTest, TwoBoneUnderAParentAndThreeBone) {
  // The general solve, whose common case is the same closed form.
  run(ik::solve_two_bone, 4, 300, 3, false, whole_chain, "two-bone, general solve");
  run(ik::solve_two_bone, 5, 300, 3, true, whole_chain, "two-bone, general solve, limits");
  run(ik::solve_three_bone, 6, 300, 4, false, whole_chain, "three-bone");
}

TEST_F(IsaDispatchTest, JacobianFusedIteration) {
  run(ik::solve_dls, 7, 300, 6, false, whole_chain, "DLS, no limits");
  run(ik::solve_dls, 8, 300, 6, true, whole_chain, "DLS, limits");
  run(ik::solve_jacobian_transpose, 9, 300, 6, false, whole_chain, "Jacobian transpose, no limits");
  run(ik::solve_jacobian_transpose, 10, 300, 6, true, whole_chain, "Jacobian transpose, limits",
      kSlowConvergenceTolerance);
}

// The copies really differ (a fused multiply-add rounds once): without this, a dispatch
// that ran the same copy twice would pass every test above. Only in an optimised build:
// without optimisation GCC fuses no multiply-add, and the copies round alike (the
// sanitizer build is such a build).
TEST_F(IsaDispatchTest, TheTwoCopiesAreDifferentCode) {
#ifndef __OPTIMIZE__
  GTEST_SKIP() << "an unoptimised build contracts no multiply-add: the copies round alike";
#endif
  int differing = 0;
  for_random_cases(11, 100, 6, false, whole_chain, [&](const Case& c) {
    ik::Pose plain = c.start, avx2 = c.start;
    ik::Workspace workspace_plain, workspace_avx2;
    ik::set_isa(ik::Isa::plain);
    ik::solve_dls(c.skeleton, c.chain, plain, workspace_plain, nullptr);
    ik::set_isa(ik::Isa::avx2_fma);
    ik::solve_dls(c.skeleton, c.chain, avx2, workspace_avx2, nullptr);
    if (!iktest::same_pose(plain, avx2)) ++differing;
  });
  EXPECT_GT(differing, 0);
}

}  // namespace
