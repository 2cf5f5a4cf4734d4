// Spline IK (solvers/ik/spline/spline.h): the chain on the curve with its bone lengths, twist
// continuous along the chain and as a control point moves, every degenerate curve with a status
// and a note, the tentacle rig and a generated tail, and a session round trip.
//
// The curve the joints are measured against is sampled here 64 times more finely than the
// solver samples it, and positions come from the tests' own forward kinematics.
//
// Index:
//   helpers              fine_curve, Measures, twist_of, measure, expect_good, SBend
//   on the curve         LaysTheChainOnTheCurve..., SameUnderEveryRootTransform, ACurveThroughTheChainsOwnJoints...,
//                        TheSameControlPointsGiveTheSamePoseFromAnyStart
//   twist                TwistIsContinuousAlongAHelix, Circling / circle_a_control_point, NoFlipAndNoJump...
//   degenerate curves    Degenerate: no points, shorter (straight, curved), coincident, all on the root, bad points
//   rigs                 the tentacle, generated_tail
//   defaults, sessions   DefaultPointsSpreadEvenlyAlongTheChain, ControlPointsRoundTripThroughASession

#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <random>

#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/spline/spline.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

constexpr float kDegPerRad = 57.29578f;

// The curve through root, points, goal, finely sampled, then continued straight on along its end
// tangent for `run_on` (where the solver lays the bones that a curve shorter than the chain leaves).
std::vector<glm::vec3> fine_curve(const glm::vec3& root, const std::vector<glm::vec3>& points, const glm::vec3& goal,
                                  float run_on = 0.0f) {
  std::vector<glm::vec3> control{root};
  control.insert(control.end(), points.begin(), points.end());
  control.push_back(goal);
  std::vector<glm::vec3> kept;
  ik::SplinePolyline curve;
  ik::sample_spline(control.data(), static_cast<int>(control.size()), 1024, 1e-7f, kept, curve);
  if (run_on > 0.0f) curve.points.push_back(curve.points.back() + run_on * curve.end_tangent);
  return curve.points;
}

struct Measures {
  float length_error = 0.0f;    // largest |bone length after - before| / before
  float curve_distance = 0.0f;  // largest joint distance from the curve / chain length
  float twist_jump = 0.0f;      // largest twist difference between neighbouring joints, degrees
};

// Twist of joint j's rotation away from its rest about its own bone (toward `child`), radians.
float twist_of(const ik::Skeleton& s, const ik::Pose& pose, int j, int child) {
  const glm::quat offset =
      glm::inverse(s.rest[static_cast<size_t>(j)].rotation) * pose.local[static_cast<size_t>(j)].rotation;
  return ik::twist_angle(offset, glm::normalize(s.rest[static_cast<size_t>(child)].translation));
}

// The figures for the chain `path` solved in `after` from `before` along `curve`. Joints from
// `first_on_curve` on count for the distance (all by default).
Measures measure(const ik::Skeleton& s, const ik::Pose& before, const ik::Pose& after, const std::vector<int>& path,
                 const std::vector<glm::vec3>& curve, size_t until = ~size_t{0}) {
  Measures m;
  const std::vector<float> lengths_before = iktest::bone_lengths(s, before, path);
  const std::vector<float> lengths_after = iktest::bone_lengths(s, after, path);
  const float chain = iktest::sum(lengths_before);
  for (size_t k = 0; k < lengths_before.size(); ++k)
    m.length_error = std::max(m.length_error, std::fabs(lengths_after[k] - lengths_before[k]) / lengths_before[k]);
  const std::vector<glm::vec3> at = iktest::path_positions(s, after, path);
  for (size_t k = 0; k < at.size() && k <= until; ++k)
    m.curve_distance = std::max(m.curve_distance, ik::distance_to_polyline(curve, at[k]) / chain);
  for (size_t k = 1; k + 1 < path.size(); ++k) {
    const float jump = std::fabs(twist_of(s, after, path[k], path[k + 1]) - twist_of(s, after, path[k - 1], path[k]));
    m.twist_jump = std::max(m.twist_jump, jump * kDegPerRad);
  }
  return m;
}

void expect_good(const Measures& m, const char* what) {
  EXPECT_LE(m.length_error, 1e-3f) << what << ": bone lengths within 0.1 %";
  EXPECT_LE(m.curve_distance, 1e-2f) << what << ": joints within 1 % of the chain's length of the curve";
  EXPECT_LE(m.twist_jump, 1.0f) << what << ": twist between neighbours";
  std::printf("%-34s length error %.2e, off the curve %.2e of the chain, twist jump %.3f deg\n", what,
              static_cast<double>(m.length_error), static_cast<double>(m.curve_distance),
              static_cast<double>(m.twist_jump));
}

// A chain of 16 unit bones; interior points on an S bend in front of it, the goal within reach
// along the curve (so the curve is about as long as the chain).
struct SBend {
  ik::Skeleton skeleton = iktest::chain_skeleton(16, 1.0f);
  std::vector<int> path = iktest::path_of(skeleton, 1, 16);
  ik::Pose rest = ik::rest_pose(skeleton);
  glm::vec3 root = iktest::world_position(skeleton, rest, 1);
  ik::Chain chain;
  SBend() {
    chain = iktest::chain_to(1, 16, root + glm::vec3(2.0f, 10.0f, 1.0f));
    chain.solver = 0;
    chain.spline_points = {root + glm::vec3(3.0f, 3.0f, 0.0f), root + glm::vec3(-3.0f, 6.0f, 1.0f),
                           root + glm::vec3(0.0f, 8.5f, 3.0f)};
  }
};

TEST(Spline, LaysTheChainOnTheCurveWithItsBoneLengths) {
  SBend b;
  ik::Pose pose = b.rest;
  ik::Workspace ws;
  ik::Trace trace;
  const ik::SolveResult r = ik::solve_spline(b.skeleton, b.chain, pose, ws, &trace);
  ASSERT_NE(r.status, ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::finite(pose));
  expect_good(
      measure(b.skeleton, b.rest, pose, b.path, fine_curve(b.root, b.chain.spline_points, b.chain.goal.position)),
      "S bend, 16 bones");
  iktest::expect_only_rotations_of(b.rest, pose, b.path);
  // One iteration: the error before and after it, the last the result's.
  ASSERT_EQ(trace.error.size(), 2u);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_FLOAT_EQ(trace.error.back(), r.error);
  EXPECT_NEAR(r.error, glm::length(iktest::world_position(b.skeleton, pose, 16) - b.chain.goal.position), 1e-4f);
}

TEST(Spline, SameUnderEveryRootTransform) {
  for (const iktest::RootCase& rc : iktest::root_cases()) {
    if (std::string(rc.name) == "non-uniformly scaled") continue;  // bone lengths then depend on direction
    SCOPED_TRACE(rc.name);
    const ik::Skeleton s = iktest::chain_skeleton(12, 0.5f, rc.base);
    const std::vector<int> path = iktest::path_of(s, 1, 12);
    const ik::Pose rest = ik::rest_pose(s);
    const glm::vec3 root = iktest::world_position(s, rest, 1);
    ik::Chain chain = iktest::chain_to(1, 12, iktest::from_base(rc.base, glm::vec3(2.0f, 4.0f, 1.0f)));
    chain.spline_points = {iktest::from_base(rc.base, glm::vec3(1.5f, 1.5f, 0.0f)),
                           iktest::from_base(rc.base, glm::vec3(0.0f, 3.0f, 1.0f))};
    ik::Pose pose = rest;
    ik::Workspace ws;
    ik::solve_spline(s, chain, pose, ws, nullptr);
    expect_good(measure(s, rest, pose, path, fine_curve(root, chain.spline_points, chain.goal.position)), rc.name);
  }
}

TEST(Spline, ACurveThroughTheChainsOwnJointsGivesItsPoseBack) {
  std::mt19937 rng(5);
  const ik::Skeleton s = iktest::chain_skeleton(10, 1.0f);
  const std::vector<int> path = iktest::path_of(s, 1, 10);
  const ik::Pose posed = iktest::random_pose(rng, s, path, 0.25f);
  ik::Chain chain = iktest::chain_to(1, 10, iktest::world_position(s, posed, 10));
  for (size_t k = 1; k + 1 < path.size(); ++k) chain.spline_points.push_back(iktest::world_position(s, posed, path[k]));
  ik::Pose pose = ik::rest_pose(s);  // starts elsewhere: the result does not depend on it
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_spline(s, chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached) << (r.note ? r.note : "");
  for (int j : path)
    EXPECT_LE(glm::length(iktest::world_position(s, pose, j) - iktest::world_position(s, posed, j)), 1e-4f) << j;
}

TEST(Spline, TheSameControlPointsGiveTheSamePoseFromAnyStart) {
  SBend b;
  std::mt19937 rng(9);
  ik::Pose from_rest = b.rest, from_elsewhere = iktest::random_pose(rng, b.skeleton, b.path, 0.6f);
  ik::Workspace ws;
  ik::solve_spline(b.skeleton, b.chain, from_rest, ws, nullptr);
  ik::solve_spline(b.skeleton, b.chain, from_elsewhere, ws, nullptr);
  for (int j : b.path)
    EXPECT_LE(glm::length(iktest::world_position(b.skeleton, from_rest, j) -
                          iktest::world_position(b.skeleton, from_elsewhere, j)),
              1e-4f);
}

// ---- Twist ----------------------------------------------------------------------------------

TEST(Spline, TwistIsContinuousAlongAHelix) {
  // 32 bones on a helix of two turns: a curve that turns and climbs all along.
  const ik::Skeleton s = iktest::chain_skeleton(32, 0.25f, {}, 0.05f);
  const std::vector<int> path = iktest::path_of(s, 1, 32);
  const ik::Pose rest = ik::rest_pose(s);
  const glm::vec3 root = iktest::world_position(s, rest, 1);
  ik::Chain chain = iktest::chain_to(1, 32, glm::vec3(0.0f));
  for (int i = 1; i <= 8; ++i) {
    const float a = 0.5f * ik::kPi * static_cast<float>(i);
    chain.spline_points.push_back(
        root + glm::vec3(0.8f * std::sin(a), 0.35f * static_cast<float>(i), 0.8f * (1.0f - std::cos(a))));
  }
  chain.goal.position = chain.spline_points.back();
  chain.spline_points.pop_back();
  ik::Pose pose = rest;
  ik::Workspace ws;
  ik::solve_spline(s, chain, pose, ws, nullptr);
  expect_good(measure(s, rest, pose, path, fine_curve(root, chain.spline_points, chain.goal.position)),
              "helix, 32 bones");
}

// The largest turn of any joint's model-space rotation from one step to the next while control
// point 1 of the S bend is swung a full turn around the chain's line in `steps` steps; checks the
// joints stay on the curve (continued straight past its end) and the twist between neighbours.
struct Circling {
  float worst_turn = 0.0f;  // radians
  int at_step = -1, at_joint = -1;
  float worst_twist_jump = 0.0f;  // degrees
};

Circling circle_a_control_point(int steps) {
  SBend b;
  ik::Pose pose = b.rest;
  ik::Workspace ws;
  std::vector<glm::quat> previous;
  Circling out;
  for (int step = 0; step <= steps; ++step) {
    const float a = 2.0f * ik::kPi * static_cast<float>(step) / static_cast<float>(steps);
    b.chain.spline_points[1] = b.root + glm::vec3(3.0f * std::cos(a), 6.0f, 3.0f * std::sin(a));
    ik::solve_spline(b.skeleton, b.chain, pose, ws, nullptr);
    std::vector<glm::quat> now;
    for (int j : b.path)
      now.push_back(glm::normalize(glm::quat_cast(glm::mat3(iktest::world_matrix(b.skeleton, pose, j)))));
    for (size_t k = 0; k < now.size() && !previous.empty(); ++k) {
      const float turn = 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(now[k], previous[k]))));
      if (turn > out.worst_turn) out.worst_turn = turn, out.at_step = step, out.at_joint = static_cast<int>(k);
    }
    previous = now;
    const Measures m = measure(b.skeleton, b.rest, pose, b.path,
                               fine_curve(b.root, b.chain.spline_points, b.chain.goal.position, 15.0f));
    out.worst_twist_jump = std::max(out.worst_twist_jump, m.twist_jump);
    EXPECT_LE(m.curve_distance, 1e-2f) << "step " << step << " of " << steps;
  }
  return out;
}

TEST(Spline, NoFlipAndNoJumpAsAControlPointCirclesTheChain) {
  // Continuous: four times finer steps give (at least) half the largest turn per step; a flip or
  // a jump of the joints along the curve would give the same turn however fine the steps.
  const Circling coarse = circle_a_control_point(180), fine = circle_a_control_point(720);
  std::printf(
      "control point circling: largest joint turn per 2-degree step %.2f deg (step %d, chain joint %d), "
      "per 0.5-degree step %.2f deg; twist jump %.3f deg\n",
      static_cast<double>(coarse.worst_turn * kDegPerRad), coarse.at_step, coarse.at_joint,
      static_cast<double>(fine.worst_turn * kDegPerRad), static_cast<double>(coarse.worst_twist_jump));
  EXPECT_LE(coarse.worst_turn * kDegPerRad, 45.0f) << "a flip turns a joint by half a turn";
  EXPECT_LE(fine.worst_turn, 0.5f * coarse.worst_turn);
  EXPECT_LE(coarse.worst_twist_jump, 1.0f);
  EXPECT_LE(fine.worst_twist_jump, 1.0f);
}

// ---- Degenerate curves ----------------------------------------------------------------------

struct Degenerate : ::testing::Test {
  ik::Skeleton s = iktest::chain_skeleton(6, 1.0f);
  std::vector<int> path = iktest::path_of(s, 1, 6);
  ik::Pose rest = ik::rest_pose(s);
  glm::vec3 root = iktest::world_position(s, rest, 1);
  ik::Workspace ws;

  ik::SolveResult solve(const ik::Chain& chain, ik::Pose& pose) {
    const ik::SolveResult r = ik::solve_spline(s, chain, pose, ws, nullptr);
    EXPECT_TRUE(std::isfinite(r.error));
    EXPECT_TRUE(iktest::finite(pose));
    if (r.note != nullptr) {
      EXPECT_EQ(std::string(r.note).find('\n'), std::string::npos);
    }
    return r;
  }
};

TEST_F(Degenerate, NoControlPointsIsTheStraightLineToTheGoal) {
  // The goal at 8 of a chain of 6: the chain lies on the line toward it and ends short.
  const glm::vec3 direction = glm::normalize(glm::vec3(1, 2, -1));
  ik::Chain chain = iktest::chain_to(1, 6, root + 8.0f * direction);
  ik::Pose pose = rest;
  const ik::SolveResult r = solve(chain, pose);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  ASSERT_NE(r.note, nullptr);
  EXPECT_NE(std::string(r.note).find("longer than the chain"), std::string::npos) << r.note;
  EXPECT_NEAR(glm::length(iktest::world_position(s, pose, 6) - (root + 5.0f * direction)), 0.0f, 1e-4f);
  EXPECT_NEAR(r.error, 3.0f, 1e-4f);
}

TEST_F(Degenerate, ACurveShorterThanTheChainRunsStraightOnPastTheGoal) {
  const glm::vec3 direction = glm::normalize(glm::vec3(-1, 1, 0));
  ik::Chain chain = iktest::chain_to(1, 6, root + 2.0f * direction);
  ik::Pose pose = rest;
  const ik::SolveResult r = solve(chain, pose);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  ASSERT_NE(r.note, nullptr);
  EXPECT_NE(std::string(r.note).find("shorter than the chain"), std::string::npos) << r.note;
  // Along the line root -> goal and on past it: the effector at the chain's length.
  EXPECT_NEAR(glm::length(iktest::world_position(s, pose, 6) - (root + 5.0f * direction)), 0.0f, 1e-4f);
  expect_good(measure(s, rest, pose, path, {root, root + 5.0f * direction}), "short line, run on");
}

TEST_F(Degenerate, ACurvedCurveShorterThanTheChainGoesOnAlongItsEndTangent) {
  ik::Chain chain = iktest::chain_to(1, 6, root + glm::vec3(1.5f, 1.5f, 0.0f));
  chain.spline_points = {root + glm::vec3(0.0f, 1.5f, 0.0f)};
  ik::Pose pose = rest;
  const ik::SolveResult r = solve(chain, pose);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  ASSERT_NE(r.note, nullptr);
  EXPECT_NE(std::string(r.note).find("shorter"), std::string::npos);
  // Past the curve's end the chain runs on along the ray from the end along its tangent: the last
  // joint on that ray, and the last bone along it.
  std::vector<glm::vec3> kept;
  ik::SplinePolyline curve;
  const glm::vec3 control[] = {root, chain.spline_points[0], chain.goal.position};
  ik::sample_spline(control, 3, 64, 1e-7f, kept, curve);
  const glm::vec3 end = chain.goal.position;
  const glm::vec3 tip = iktest::world_position(s, pose, 6);
  const glm::vec3 last_bone = tip - iktest::world_position(s, pose, 5);
  EXPECT_GE(glm::dot(glm::normalize(last_bone), curve.end_tangent), 0.9999f);
  EXPECT_LE(glm::length(glm::cross(tip - end, curve.end_tangent)), 1e-4f);
  EXPECT_GT(glm::dot(tip - end, curve.end_tangent), 0.0f);
}

TEST_F(Degenerate, CoincidentControlPointsAreMerged) {
  const glm::vec3 p = root + glm::vec3(1.0f, 2.0f, 0.0f);
  ik::Chain chain = iktest::chain_to(1, 6, root + glm::vec3(2.0f, 3.5f, 0.5f));
  chain.spline_points = {root, p, p, p, chain.goal.position};  // on the root, thrice the same, on the goal
  ik::Pose pose = rest;
  const ik::SolveResult r = solve(chain, pose);
  ASSERT_NE(r.note, nullptr);
  ik::Chain single = chain;
  single.spline_points = {p};
  ik::Pose single_pose = rest;
  const ik::SolveResult single_result = solve(single, single_pose);
  EXPECT_EQ(r.status, single_result.status);
  for (int j : path)
    EXPECT_LE(glm::length(iktest::world_position(s, pose, j) - iktest::world_position(s, single_pose, j)), 1e-5f);
  if (single_result.note == nullptr) {
    EXPECT_NE(std::string(r.note).find("merged"), std::string::npos) << r.note;
  }
}

TEST_F(Degenerate, EveryPointOnTheRootLeavesTheChainStraightAlongItsDirection) {
  ik::Chain chain = iktest::chain_to(1, 6, root);
  chain.spline_points = {root, root};
  ik::Pose pose = rest;
  const glm::vec3 along = glm::normalize(iktest::world_position(s, rest, 6) - root);
  const ik::SolveResult r = solve(chain, pose);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  ASSERT_NE(r.note, nullptr);
  EXPECT_NE(std::string(r.note).find("no length"), std::string::npos) << r.note;
  EXPECT_NEAR(glm::length(iktest::world_position(s, pose, 6) - (root + 5.0f * along)), 0.0f, 1e-4f);
  EXPECT_NEAR(r.error, 5.0f, 1e-4f);
}

TEST_F(Degenerate, BadControlPointsAreInvalidInputAndTouchNothing) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<std::vector<glm::vec3>> bad = {
      {glm::vec3(0.0f, nan, 0.0f)},
      {glm::vec3(std::numeric_limits<float>::infinity(), 0.0f, 0.0f)},
      {glm::vec3(0.0f, 0.0f, 2.0f * ik::kMaxGoalCoordinate)},
      std::vector<glm::vec3>(static_cast<size_t>(ik::kMaxSplinePoints) + 1, glm::vec3(1.0f)),
  };
  for (const std::vector<glm::vec3>& points : bad) {
    ik::Chain chain = iktest::chain_to(1, 6, root + glm::vec3(1.0f, 2.0f, 0.0f));
    chain.spline_points = points;
    ik::Pose pose = rest;
    const ik::SolveResult r = ik::solve_spline(s, chain, pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::invalid_input);
    EXPECT_NE(r.note, nullptr);
    EXPECT_TRUE(iktest::same_pose(pose, rest));
  }
}

// ---- Rigs: the tentacle and a generated tail ------------------------------------------------

TEST(Spline, BendsTheTentacleWithinItsLimits) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/tentacle.gltf", rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  const int effector = s.joint_count() - 1;
  const std::vector<int> path = iktest::path_of(s, 0, effector);
  const ik::Pose rest = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  ik::fk_all(s, rest, world);
  const glm::vec3 root = iktest::world_position(s, rest, 0);
  // The defaults leave the tentacle about as it is; then the middle points are pushed aside.
  ik::Chain chain = iktest::chain_to(0, effector, iktest::world_position(s, rest, effector));
  chain.spline_points = ik::default_spline_points(s, world, 0, effector, 2);
  ASSERT_EQ(chain.spline_points.size(), 2u);
  const float length = iktest::sum(iktest::bone_lengths(s, rest, path));
  ik::Workspace ws;
  ik::Pose pose = rest;
  const ik::SolveResult as_is = ik::solve_spline(s, chain, pose, ws, nullptr);
  EXPECT_TRUE(as_is.note == nullptr || std::string(as_is.note).find("limits") == std::string::npos) << as_is.note;
  EXPECT_LE(as_is.error, 0.05f * length) << "the default points keep the effector near where it was";
  std::printf("tentacle with the default points: %s, effector %.2e of the chain's length from where it was%s%s\n",
              ik::to_string(as_is.status), static_cast<double>(as_is.error / length), as_is.note ? ": " : "",
              as_is.note ? as_is.note : "");
  chain.spline_points[0] += glm::vec3(0.15f, 0.0f, 0.1f) * length;
  chain.spline_points[1] += glm::vec3(-0.2f, 0.0f, 0.05f) * length;
  chain.goal.position += glm::vec3(0.1f, -0.1f, 0.0f) * length;
  ASSERT_TRUE(chain.params.use_limits);
  pose = rest;
  const ik::SolveResult r = ik::solve_spline(s, chain, pose, ws, nullptr);
  EXPECT_TRUE(r.note == nullptr || std::string(r.note).find("limits") == std::string::npos) << r.note;
  expect_good(measure(s, rest, pose, path, fine_curve(root, chain.spline_points, chain.goal.position)), "tentacle");
  for (int j : path) EXPECT_TRUE(iktest::respects_limits(s, pose, j));
}

// A tail: hips, then 24 tapering bones leaving backward and drooping.
ik::Skeleton generated_tail() {
  ik::RawSkeleton raw;
  raw.joints.resize(26);
  raw.joints[0].name = "hips";
  raw.joints[0].rest.translation = {0.0f, 1.0f, 0.0f};
  float length = 0.08f;
  for (int i = 1; i <= 25; ++i) {
    ik::RawJoint& j = raw.joints[static_cast<size_t>(i)];
    j.name = i == 25 ? "tail_end" : "tail" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = i == 1 ? glm::vec3(0.0f, 0.0f, -0.1f) : glm::vec3(0.0f, length, 0.0f);
    j.rest.rotation = i == 1 ? glm::angleAxis(-1.8f, glm::vec3(1, 0, 0)) : glm::angleAxis(0.04f, glm::vec3(1, 0, 0));
    if (i > 1) length *= 0.96f;
  }
  return iktest::build(raw);
}

TEST(Spline, CurlsAGeneratedTail) {
  const ik::Skeleton s = generated_tail();
  const std::vector<int> path = iktest::path_of(s, 1, 25);
  const ik::Pose rest = ik::rest_pose(s);
  const glm::vec3 root = iktest::world_position(s, rest, 1);
  // Up and over: a question-mark curl.
  ik::Chain chain = iktest::chain_to(1, 25, root + glm::vec3(0.1f, 0.75f, -0.35f));
  chain.spline_points = {root + glm::vec3(0.0f, 0.2f, -0.45f), root + glm::vec3(0.05f, 0.6f, -0.6f)};
  ik::Pose pose = rest;
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_spline(s, chain, pose, ws, nullptr);
  ASSERT_NE(r.status, ik::SolveStatus::invalid_input);
  expect_good(measure(s, rest, pose, path, fine_curve(root, chain.spline_points, chain.goal.position)),
              "generated tail");
}

// ---- Defaults and sessions ------------------------------------------------------------------

TEST(Spline, DefaultPointsSpreadEvenlyAlongTheChain) {
  const ik::Skeleton s = iktest::chain_skeleton(6, 1.0f);
  const ik::Pose rest = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  ik::fk_all(s, rest, world);
  const std::vector<glm::vec3> points = ik::default_spline_points(s, world, 1, 6, 4);
  ASSERT_EQ(points.size(), 4u);
  // Chain of 5 unit bones: at 1, 2, 3 and 4 along it, which are joints 2 .. 5.
  for (int i = 0; i < 4; ++i)
    EXPECT_LE(glm::length(points[static_cast<size_t>(i)] - iktest::world_position(s, rest, 2 + i)), 1e-4f) << i;
  EXPECT_TRUE(ik::default_spline_points(s, world, 4, 2, 2).empty()) << "root not above the effector";
}

TEST(Spline, ControlPointsRoundTripThroughASession) {
  const std::string rig_path = std::string(IKSCOPE_SOURCE_DIR) + "/assets/tentacle.gltf";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(rig_path, rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  ik::Session saved;
  saved.rig_path = rig_path;
  ik::Chain chain = iktest::chain_to(0, s.joint_count() - 1, glm::vec3(0.3f, 1.1f, 0.2f));
  chain.solver = ik::find_solver("spline");
  chain.spline_points = {glm::vec3(0.1f, 0.4f, 0.05f), glm::vec3(0.123456789f, 0.8f, -0.1f)};
  saved.chains.push_back(chain);
  const std::string path = std::string(IKSCOPE_TEST_TMP) + "/spline.session.json";
  ASSERT_TRUE(ik::save_session(path, s, saved, error)) << error;
  ik::Session loaded;
  ASSERT_TRUE(ik::load_session(path, s, loaded, error)) << error;
  ASSERT_EQ(loaded.chains.size(), 1u);
  EXPECT_EQ(loaded.chains[0].solver, chain.solver);
  EXPECT_EQ(loaded.chains[0].spline_points, chain.spline_points);  // bit for bit
  ik::Pose a = ik::rest_pose(s), b = a;
  ik::Workspace ws;
  ik::solve_spline(s, chain, a, ws, nullptr);
  ik::solve_spline(s, loaded.chains[0], b, ws, nullptr);
  EXPECT_TRUE(iktest::same_pose(a, b));
}

}  // namespace
