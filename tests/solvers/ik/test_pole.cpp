// Pole targets (solvers/ik/pole.h): the shared geometry, and the no-flip sweep (the elbow
// never flips as the goal sweeps).
//
// The sweep: the goal goes once around a full circle about the chain's root in 1,000
// steps, each solve warm-started from the last pose, for every solver that honours a pole
// (two-bone, three-bone, FABRIK, CCD, Jacobian transpose, DLS, CCD then DLS), on a
// code-built arm and on the humanoid's upper arm -> hand chain. Two circles:
//   "across": in the plane across the root -> pole line (the pole always to the side);
//   "through": in a plane containing the root -> pole line (the goal crosses it twice).
// With the pole on: no flip (the bend side never points away from the pole's side, counted
// where that side is defined, pole.h's band) and no joint turns in one step more than
// kTurnMultiple times the goal's angular step (pole.h: inside the band the bend side turns
// at most kPoleTurnPerGoalStep times it, plus a floor). With the pole off the same sweep
// flips some solvers or turns a joint faster (the last test: the checks can fail).
//
// Index:
//   the sweep's parts  kSolvers, Limb, chain_positions, chain_length, rest_pole, SweepOutcome, sweep, Circles,
//                      circles_for, code_arm, humanoid_arm, run_all
//   Geometry           pole_side, the bend side and the flip test, a new pole from the bend, the band's
//                      allowance; every solver's elbow goes to the pole's side, a non-finite pole is invalid
//   The sweep          with the pole no solver flips or jumps; without it some do
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/fabrik/fabrik.h"
#include "solvers/ik/jacobian/ccd_dls.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

constexpr int kPoleSteps = 1000;
constexpr float kPolePi = 3.14159265358979f;
// The most any joint may turn in one step, as a multiple of the goal's angular step
// (2 pi / kPoleSteps): the band's kPoleTurnPerGoalStep (16) applied before and after the
// solve can give 32, plus the goal's own step and the floor.
constexpr float kTurnMultiple = 36.0f;

struct SolverCase {
  const char* name;
  ik::PoleFreeSolver solve;
  int bones;  // 0: any
};

const SolverCase kSolvers[] = {
    {"two_bone", ik::solve_two_bone, 2},
    {"three_bone", ik::solve_three_bone, 3},
    {"fabrik", ik::solve_fabrik, 0},
    {"ccd", ik::solve_ccd, 0},
    {"jacobian_transpose", ik::solve_jacobian_transpose, 0},
    {"dls", ik::solve_dls, 0},
    {"ccd_dls", ik::solve_ccd_dls, 0},
};

// A rig, one chain on it and the pose to start from.
struct Limb {
  ik::Skeleton skeleton;
  int root = 0, effector = 0;
  ik::Pose pose;
};

std::vector<glm::vec3> chain_positions(const Limb& limb, const ik::Pose& pose, const std::vector<int>& path) {
  std::vector<glm::vec3> out;
  for (int j : path) out.push_back(iktest::world_position(limb.skeleton, pose, j));
  return out;
}

float chain_length(const std::vector<glm::vec3>& p) {
  float sum = 0.0f;
  for (size_t k = 1; k < p.size(); ++k) sum += glm::length(p[k] - p[k - 1]);
  return sum;
}

// The pole target from the rest bend: middle joint + the bend side x half the chain's length.
glm::vec3 rest_pole(const std::vector<glm::vec3>& p) {
  const glm::vec3 side = glm::normalize(ik::bend_side(p.data(), static_cast<int>(p.size())));
  return p[p.size() / 2] + side * (0.5f * chain_length(p));
}

struct SweepOutcome {
  int flips = 0;             // steps where the bend side points away from the pole's side
  int counted = 0;           // steps where that side is defined (outside the band)
  float worst_turn = 0.0f;   // the largest joint turn in one step / the goal's step
  float worst_error = 0.0f;  // the largest error after a solve / the chain's length
};

// Sweeps the goal once around a circle about the root: centre root, radius r, in the
// plane of the unit vectors u, v (goal = root + r (cos t u + sin t v)), starting at t = 0.
SweepOutcome sweep(const Limb& limb, const ik::PoleFreeSolver solve, bool use_pole, const glm::vec3& u,
                   const glm::vec3& v, float radius_fraction) {
  const std::vector<int> path = iktest::path_of(limb.skeleton, limb.root, limb.effector);
  ik::Pose pose = limb.pose;
  const std::vector<glm::vec3> start = chain_positions(limb, pose, path);
  const float length = chain_length(start);
  ik::Chain chain;
  chain.root = limb.root;
  chain.effector = limb.effector;
  chain.params.use_limits = false;
  chain.params.max_iterations = 32;
  chain.goal.use_pole = use_pole;
  chain.goal.pole_target = rest_pole(start);
  chain.goal.pole = glm::normalize(chain.goal.pole_target - start[0]);  // the old hint, same direction
  const bool three_bone = solve == ik::PoleFreeSolver(ik::solve_three_bone);
  const glm::vec3 root = start[0];
  const float step = 2.0f * kPolePi / kPoleSteps;
  ik::Workspace ws;
  SweepOutcome out;
  // Settle on the first goal before measuring steps.
  for (int i = 0; i <= kPoleSteps; ++i) {
    const float t = step * static_cast<float>(i);
    chain.goal.position = root + radius_fraction * length * (std::cos(t) * u + std::sin(t) * v);
    // Three-bone: the last link points along the reach (Goal::up), the first two bend.
    if (three_bone) chain.goal.up = glm::normalize(chain.goal.position - root);
    std::vector<glm::quat> before;
    for (int j : path) before.push_back(pose.local[static_cast<size_t>(j)].rotation);
    solve(limb.skeleton, chain, pose, ws, nullptr);
    if (i == 0) continue;
    const std::vector<glm::vec3> p = chain_positions(limb, pose, path);
    out.worst_error = std::max(out.worst_error, glm::length(p.back() - chain.goal.position) / length);
    for (size_t k = 0; k < path.size(); ++k) {
      const float d = std::fabs(glm::dot(before[k], pose.local[static_cast<size_t>(path[k])].rotation));
      const float turn = 2.0f * std::acos(std::min(1.0f, d));
      out.worst_turn = std::max(out.worst_turn, turn / step);
    }
    const ik::PoleSide side = ik::pole_side(p[0], p.back(), chain.goal.pole_target, 0.0f);
    const bool bent = glm::length(ik::bend_side(p.data(), static_cast<int>(p.size()))) > 1e-3f * length;
    if (side.sine < ik::kPoleBandSine || !bent) continue;
    ++out.counted;
    if (ik::bends_against_pole(p.data(), static_cast<int>(p.size()), chain.goal.pole_target, 0.0f)) ++out.flips;
  }
  return out;
}

// Two circles about the root for a limb: across the pole line and through it.
struct Circles {
  glm::vec3 across_u, across_v, through_u, through_v;
};

Circles circles_for(const Limb& limb) {
  const std::vector<int> path = iktest::path_of(limb.skeleton, limb.root, limb.effector);
  const std::vector<glm::vec3> p = chain_positions(limb, limb.pose, path);
  const glm::vec3 to_pole = glm::normalize(rest_pole(p) - p[0]);
  const glm::vec3 a =
      glm::normalize(glm::cross(to_pole, glm::abs(to_pole.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0)));
  const glm::vec3 b = glm::cross(to_pole, a);
  // "through" starts a quarter turn away from the pole's line and crosses it at t = pi/2.
  return {a, b, a, to_pole};
}

Limb code_arm(int bones) {
  Limb limb;
  limb.skeleton = iktest::chain_skeleton(bones + 1, 1.0f, {}, 0.5f);  // base, then bones + 1 joints
  limb.root = 1;
  limb.effector = bones + 1;
  limb.pose = ik::rest_pose(limb.skeleton);
  return limb;
}

bool humanoid_arm(Limb& limb) {
  ik::ImportedRig rig;
  std::string error;
  if (!ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) return false;
  limb.skeleton = rig.skeleton;
  limb.root = limb.effector = -1;
  for (int i = 0; i < limb.skeleton.joint_count(); ++i) {
    if (limb.skeleton.name[static_cast<size_t>(i)] == "LeftUpperArm") limb.root = i;
    if (limb.skeleton.name[static_cast<size_t>(i)] == "LeftHand") limb.effector = i;
  }
  limb.pose = ik::rest_pose(limb.skeleton);
  return limb.root >= 0 && limb.effector >= 0;
}

struct Row {
  std::string what;
  SweepOutcome outcome;
};

// Every solver on every limb and circle, pole on or off.
std::vector<Row> run_all(bool use_pole) {
  std::vector<Row> rows;
  Limb humanoid;
  EXPECT_TRUE(humanoid_arm(humanoid));
  for (const SolverCase& s : kSolvers) {
    std::vector<std::pair<std::string, Limb>> limbs;
    limbs.push_back({"arm", code_arm(s.bones == 3 ? 3 : 2)});
    if (s.bones != 3) limbs.push_back({"humanoid", humanoid});
    for (const auto& [limb_name, limb] : limbs) {
      const Circles c = circles_for(limb);
      for (int which = 0; which < 2; ++which) {
        Row row;
        row.what = std::string(s.name) + " " + limb_name + (which == 0 ? " across" : " through");
        row.outcome = which == 0 ? sweep(limb, s.solve, use_pole, c.across_u, c.across_v, 0.7f)
                                 : sweep(limb, s.solve, use_pole, c.through_u, c.through_v, 0.7f);
        std::printf("pole %s  %-36s flips %4d of %4d  worst turn %6.2f x step  worst error %.4f\n",
                    use_pole ? "on " : "off", row.what.c_str(), row.outcome.flips, row.outcome.counted,
                    row.outcome.worst_turn, row.outcome.worst_error);
        rows.push_back(row);
      }
    }
  }
  return rows;
}

// ---- Geometry ---------------------------------------------------------------------------

TEST(PoleGeometry, SideIsPerpendicularTowardThePoleAndTwists) {
  const ik::PoleSide s = ik::pole_side(glm::vec3(0), glm::vec3(2, 0, 0), glm::vec3(1, 3, 0), 0.0f);
  ASSERT_TRUE(s.valid);
  EXPECT_NEAR(s.direction.y, 1.0f, 1e-6f);
  EXPECT_NEAR(s.sine, 3.0f / std::sqrt(10.0f), 1e-6f);
  const ik::PoleSide t = ik::pole_side(glm::vec3(0), glm::vec3(2, 0, 0), glm::vec3(1, 3, 0), kPolePi / 2);
  EXPECT_NEAR(t.direction.z, 1.0f, 1e-6f);  // right-handed about +X: +Y goes to +Z
  EXPECT_FALSE(ik::pole_side(glm::vec3(0), glm::vec3(2, 0, 0), glm::vec3(5, 0, 0), 0.0f).valid);
}

TEST(PoleGeometry, BendSideAndFlipTest) {
  const glm::vec3 bent[3] = {glm::vec3(0), glm::vec3(1, 1, 0), glm::vec3(2, 0, 0)};
  EXPECT_NEAR(ik::bend_side(bent, 3).y, 1.0f, 1e-6f);
  EXPECT_FALSE(ik::bends_against_pole(bent, 3, glm::vec3(1, 5, 0), 0.0f));
  EXPECT_TRUE(ik::bends_against_pole(bent, 3, glm::vec3(1, -5, 0), 0.0f));
  EXPECT_TRUE(ik::bends_against_pole(bent, 3, glm::vec3(1, 5, 0), kPolePi));  // twisted half a turn
}

TEST(PoleGeometry, ANewPoleSitsOnTheBendSideAtHalfTheLength) {
  const glm::vec3 bent[3] = {glm::vec3(0), glm::vec3(1, 1, 0), glm::vec3(2, 0, 0)};
  const glm::vec3 p = ik::pole_target_from_bend(bent, 3, glm::vec3(0, 0, 1));
  EXPECT_NEAR(glm::length(p - glm::vec3(1, 1 + std::sqrt(2.0f), 0)), 0.0f, 1e-5f);
  const glm::vec3 straight[3] = {glm::vec3(0), glm::vec3(1, 0, 0), glm::vec3(2, 0, 0)};
  const glm::vec3 q = ik::pole_target_from_bend(straight, 3, glm::vec3(1, 0, 1));  // fallback made perpendicular
  EXPECT_NEAR(glm::length(q - glm::vec3(1, 0, 1)), 0.0f, 1e-5f);
}

TEST(PoleGeometry, InsideTheBandTheBendTurnsAtMostTheAllowance) {
  const glm::vec3 axis(1, 0, 0);
  ik::PoleSide pole;
  pole.valid = true;
  pole.direction = glm::vec3(0, -1, 0);
  pole.sine = 0.1f;  // inside the band
  const glm::vec3 w = ik::wanted_bend_side(pole, glm::vec3(0, 1, 0), axis, 0.1f);
  EXPECT_NEAR(std::acos(glm::dot(w, glm::vec3(0, 1, 0))), 0.1f, 1e-4f);
  pole.sine = 0.5f;  // outside: the pole's side at once
  EXPECT_NEAR(ik::wanted_bend_side(pole, glm::vec3(0, 1, 0), axis, 0.1f).y, -1.0f, 1e-6f);
}

// A pole across the limb decides the side the elbow goes to, for every solver.
TEST(PoleSolvers, TheElbowGoesToThePolesSide) {
  for (const SolverCase& s : kSolvers) {
    Limb limb = code_arm(s.bones == 3 ? 3 : 2);
    const std::vector<int> path = iktest::path_of(limb.skeleton, limb.root, limb.effector);
    const std::vector<glm::vec3> p = chain_positions(limb, limb.pose, path);
    const glm::vec3 goal = p[0] + 0.6f * (p.back() - p[0]);
    const glm::vec3 side = glm::normalize(ik::bend_side(p.data(), static_cast<int>(p.size())));
    for (float sign : {1.0f, -1.0f}) {
      ik::Chain chain;
      chain.root = limb.root;
      chain.effector = limb.effector;
      chain.params.use_limits = false;
      chain.params.max_iterations = 64;
      chain.goal.position = goal;
      chain.goal.use_pole = true;
      chain.goal.pole_target = p[1] + sign * side;
      chain.goal.up = glm::normalize(goal - p[0]);  // three-bone: the last link along the reach
      ik::Pose pose = limb.pose;
      ik::Workspace ws;
      const ik::SolveResult r = s.solve(limb.skeleton, chain, pose, ws, nullptr);
      const std::vector<glm::vec3> q = chain_positions(limb, pose, path);
      EXPECT_LT(r.error, 1e-2f) << s.name << " sign " << sign;
      EXPECT_FALSE(ik::bends_against_pole(q.data(), static_cast<int>(q.size()), chain.goal.pole_target, 0.0f))
          << s.name << " sign " << sign;
      EXPECT_GT(glm::dot(ik::bend_side(q.data(), static_cast<int>(q.size())), sign * side), 0.0f)
          << s.name << " sign " << sign;
    }
  }
}

TEST(PoleSolvers, NonFinitePoleIsInvalidInputAndLeavesThePose) {
  for (const SolverCase& s : kSolvers) {
    Limb limb = code_arm(s.bones == 3 ? 3 : 2);
    ik::Chain chain;
    chain.root = limb.root;
    chain.effector = limb.effector;
    chain.goal.position = glm::vec3(0.5f, 1.0f, 0.0f);
    chain.goal.use_pole = true;
    chain.goal.pole_target = glm::vec3(NAN, 0.0f, 0.0f);
    ik::Pose pose = limb.pose;
    ik::Workspace ws;
    EXPECT_EQ(s.solve(limb.skeleton, chain, pose, ws, nullptr).status, ik::SolveStatus::invalid_input) << s.name;
    for (size_t j = 0; j < pose.local.size(); ++j)
      EXPECT_EQ(pose.local[j].rotation, limb.pose.local[j].rotation) << s.name;
  }
}

// ---- The sweep --------------------------------------------------------------------------

TEST(PoleSweep, WithThePoleNoSolverFlipsOrJumps) {
  for (const Row& row : run_all(true)) {
    EXPECT_EQ(row.outcome.flips, 0) << row.what;
    EXPECT_GT(row.outcome.counted, kPoleSteps / 2) << row.what;
    EXPECT_LE(row.outcome.worst_turn, kTurnMultiple) << row.what;
    EXPECT_LT(row.outcome.worst_error, 0.02f) << row.what;
  }
}

// The checks above can fail: without the pole, the same sweeps flip or jump somewhere.
TEST(PoleSweep, WithoutThePoleSomeSolverFlipsOrJumps) {
  int failing = 0;
  for (const Row& row : run_all(false))
    if (row.outcome.flips > 0 || row.outcome.worst_turn > kTurnMultiple) ++failing;
  EXPECT_GT(failing, 0);
}

}  // namespace
