// Motion analysis (solvers/scene/motion_analysis.h): flips on a goal path that crosses the
// pole line, jitter at full extension, and the per-frame numbers (pop, jitter, flip, error)
// checked against an independent replay written here: the same solves run frame by frame
// by the test, angles from rotation matrices in double precision (not the library's
// quaternion helpers), positions from the test's own forward kinematics.
//
// Index:
//   The independent replay  to_matrix, relative, angle_degrees, Replay, replay
//   Rigs and paths          Arm, path_of_points, through_extension, circle_at, track_of, find_run
//   Tests                   every solver that accepts the chain runs; the numbers match the replay; flips
//                           through full extension; jitter there; drift against from-rest solves; bad input's
//                           messages; tracks from a goal path and from a clip; no allocation after the first
//                           frame; the report files
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "io/gltf/gltf_import.h"
#include "io/report/motion_report.h"
#include "solvers/ik/goal_space.h"
#include "solvers/rig/contact_joints.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/scene/motion_analysis.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/allocation_counter.h"
#include "tests/support/solver_test_util.h"

namespace {

constexpr double kPi = 3.14159265358979323846;

// ---- The independent replay -------------------------------------------------------------

using Mat3 = double[3][3];

void to_matrix(const glm::quat& q, Mat3& m) {
  const double w = q.w, x = q.x, y = q.y, z = q.z;
  const double n = w * w + x * x + y * y + z * z;
  const double s = 2.0 / n;
  m[0][0] = 1 - s * (y * y + z * z), m[0][1] = s * (x * y - w * z), m[0][2] = s * (x * z + w * y);
  m[1][0] = s * (x * y + w * z), m[1][1] = 1 - s * (x * x + z * z), m[1][2] = s * (y * z - w * x);
  m[2][0] = s * (x * z - w * y), m[2][1] = s * (y * z + w * x), m[2][2] = 1 - s * (x * x + y * y);
}

// a^T b
void relative(const Mat3& a, const Mat3& b, Mat3& out) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out[i][j] = a[0][i] * b[0][j] + a[1][i] * b[1][j] + a[2][i] * b[2][j];
}

// Rotation angle of a rotation matrix, degrees, from its trace and its skew part (atan2
// keeps small angles exact).
double angle_degrees(const Mat3& m) {
  const double c = (m[0][0] + m[1][1] + m[2][2] - 1.0) * 0.5;
  const double sx = m[2][1] - m[1][2], sy = m[0][2] - m[2][0], sz = m[1][0] - m[0][1];
  const double s = 0.5 * std::sqrt(sx * sx + sy * sy + sz * sz);
  return std::atan2(s, c) * 180.0 / kPi;
}

struct Replay {
  std::vector<double> pop, jitter, error;
  std::vector<int> flips;  // frames
};

// Solves `goals` frame by frame with `solver`, warm started, from `start`, and measures.
Replay replay(const ik::Skeleton& s, ik::Chain chain, const ik::Pose& start, const std::vector<glm::vec3>& goals,
              int solver) {
  chain.solver = solver;
  chain.params.warm_start = true;
  const std::vector<int> path = iktest::path_of(s, chain.root, chain.effector);
  const size_t n = path.size();
  ik::Pose pose = start;
  ik::Workspace ws;
  Replay out;
  std::vector<std::array<double, 9>> previous(n), previous_step(n);
  glm::dvec3 last_normal(0.0);
  for (size_t f = 0; f < goals.size(); ++f) {
    chain.goal.position = goals[f];
    ik::solver_table()[solver].solve(s, chain, pose, ws, nullptr);
    double pop = 0.0, sum2 = 0.0;
    for (size_t k = 0; k < n; ++k) {
      Mat3 r, prev, step, prev_step, second;
      to_matrix(pose.local[static_cast<size_t>(path[k])].rotation, r);
      std::copy(previous[k].begin(), previous[k].end(), &prev[0][0]);
      relative(prev, r, step);
      if (f >= 1) pop = std::max(pop, angle_degrees(step));
      if (f >= 2) {
        std::copy(previous_step[k].begin(), previous_step[k].end(), &prev_step[0][0]);
        relative(prev_step, step, second);
        const double a = angle_degrees(second);
        sum2 += a * a;
      }
      std::copy(&r[0][0], &r[0][0] + 9, previous[k].begin());
      std::copy(&step[0][0], &step[0][0] + 9, previous_step[k].begin());
    }
    out.pop.push_back(pop);
    out.jitter.push_back(std::sqrt(sum2 / static_cast<double>(n)));
    std::vector<glm::dvec3> p;
    for (int j : path) p.push_back(glm::dvec3(iktest::world_position(s, pose, j)));
    out.error.push_back(glm::length(p.back() - glm::dvec3(goals[f])));
    const glm::dvec3 normal = glm::cross(p[n / 2] - p[0], p[n - 1] - p[0]);
    if (glm::length(normal) > 1e-4 * glm::length(p[n / 2] - p[0]) * glm::length(p[n - 1] - p[0])) {
      if (glm::dot(normal, last_normal) < 0.0) out.flips.push_back(static_cast<int>(f));
      last_normal = normal;
    }
  }
  return out;
}

// ---- Rigs and paths ---------------------------------------------------------------------

// A two-bone arm: base (0), root (1), elbow (2), hand end (3); bones of 1.
struct Arm {
  ik::Skeleton skeleton = iktest::chain_skeleton(3, 1.0f, {}, 0.3f);
  ik::Pose rest = ik::rest_pose(skeleton);
  ik::Chain chain;
  Arm() {
    chain.root = 1;
    chain.effector = 3;
    chain.params.use_limits = false;
    chain.params.max_iterations = 32;
  }
  glm::vec3 root() const { return iktest::world_position(skeleton, rest, 1); }
};

ik::GoalPath path_of_points(const std::string& name, const std::vector<glm::vec3>& points, float rate) {
  ik::GoalPath path;
  path.name = name;
  for (size_t i = 0; i < points.size(); ++i) {
    ik::GoalPathSample sample;
    sample.time = static_cast<float>(i) / rate;
    sample.position = points[i];
    path.samples.push_back(sample);
  }
  return path;
}

// The goal goes out along the rest root -> hand line through full extension (reach 2) to
// 2.05 and back to 0.95, three times in 1,000 frames: each time the arm straightens, its
// bend plane is lost, and a solver that has no pole to follow may bend back the other way.
std::vector<glm::vec3> through_extension(const Arm& arm) {
  const glm::vec3 root = arm.root();
  const glm::vec3 line = glm::normalize(iktest::world_position(arm.skeleton, arm.rest, 3) - root);
  std::vector<glm::vec3> points;
  for (int i = 0; i < 1000; ++i) {
    const float u = static_cast<float>(i) / 1000.0f;
    points.push_back(root + line * (1.5f + 0.55f * std::sin(u * 6.2831853f * 3.0f)));
  }
  return points;
}

// A small circle (radius 0.05) across the rest root -> hand line at `distance` from the
// root: at 2.04 the arm is held straight at full extension, at 1.2 comfortably bent.
std::vector<glm::vec3> circle_at(const Arm& arm, float distance) {
  const glm::vec3 root = arm.root();
  const glm::vec3 line = glm::normalize(iktest::world_position(arm.skeleton, arm.rest, 3) - root);
  const glm::vec3 a = glm::normalize(glm::cross(line, glm::vec3(1.0f, 0.0f, 0.0f)));
  const glm::vec3 b = glm::cross(line, a);
  std::vector<glm::vec3> points;
  for (int i = 0; i < 300; ++i) {
    const float t = static_cast<float>(i) / 300.0f * 6.2831853f;
    points.push_back(root + line * distance + (a * std::cos(t) + b * std::sin(t)) * 0.05f);
  }
  return points;
}

ik::MotionTrack track_of(const std::vector<glm::vec3>& points) {
  ik::MotionTrack track;
  const std::string problem =
      ik::track_from_goal_path(path_of_points("test", points, 60.0f), 60.0f, 0, ik::PathWrap::clamp, track);
  EXPECT_EQ(problem, "");
  EXPECT_EQ(track.times.size(), points.size());
  return track;
}

const ik::MotionRun* find_run(const ik::MotionReport& report, const char* solver, bool warm = true) {
  for (const ik::MotionRun& run : report.runs)
    if (run.solver == ik::find_solver(solver) && run.warm_start == warm) return &run;
  return nullptr;
}

// ---- Tests ------------------------------------------------------------------------------

TEST(MotionAnalysis, RunsEverySolverThatAcceptsTheChain) {
  Arm arm;
  ik::MotionReport report;
  ik::MotionOptions options;
  options.from_rest = true;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(circle_at(arm, 1.2f)), options, report), "");
  // Two bones: all but the three-bone and the scale-target rows and full body (a single limb
  // is not a full-body chain), warm and from rest.
  int expected = 0;
  for (int s = 0; s < ik::solver_count(); ++s) {
    const ik::SolverInfo& info = ik::solver_table()[s];
    if (!info.scale_goal && (info.exact_bones == 0 || info.exact_bones == 2) && s != ik::find_solver("full_body"))
      expected += 2;
  }
  EXPECT_EQ(static_cast<int>(report.runs.size()), expected);
  EXPECT_EQ(find_run(report, "three_bone"), nullptr);
  EXPECT_EQ(find_run(report, "scale_target"), nullptr);
  EXPECT_EQ(find_run(report, "full_body"), nullptr);
  EXPECT_TRUE(ik::motion_solver_accepts(ik::find_solver("full_body"), 2, true)) << "on a full-body chain it runs";
  ASSERT_NE(find_run(report, "two_bone", false), nullptr);
  EXPECT_EQ(report.path, (std::vector<int>{1, 2, 3}));
  for (const ik::MotionRun& run : report.runs) {
    ASSERT_EQ(run.frames.size(), 300u);
    // The circle is reachable; spline IK follows its curve (here, with no control points, the
    // straight line from the root to the goal, shorter than the chain) and does not reach it.
    if (ik::solver_table()[run.solver].family == ik::SolverFamily::curve) {
      EXPECT_TRUE(std::isfinite(run.summary.max_error)) << ik::solver_table()[run.solver].id;
      continue;
    }
    EXPECT_LT(run.summary.max_error, 0.01f) << ik::solver_table()[run.solver].id;
  }
}

// Pop, jitter, error and the flip frames of every warm run, against the replay above.
TEST(MotionAnalysis, NumbersMatchAnIndependentReplay) {
  Arm arm;
  const std::vector<glm::vec3> goals = through_extension(arm);
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(goals), {}, report), "");
  int checked = 0;
  for (const ik::MotionRun& run : report.runs) {
    const char* id = ik::solver_table()[run.solver].id;
    const Replay expected = replay(arm.skeleton, arm.chain, arm.rest, goals, run.solver);
    std::vector<int> flips;
    int worst = -1;
    double worst_pop = 0.0;
    for (size_t f = 0; f < goals.size(); ++f) {
      const ik::MotionFrame& m = run.frames[f];
      const double pop_tol = 2e-3 + 1e-4 * expected.pop[f];
      ASSERT_NEAR(m.pop_degrees, expected.pop[f], pop_tol) << id << " frame " << f;
      ASSERT_NEAR(m.jitter_degrees, expected.jitter[f], 2e-3 + 1e-4 * expected.jitter[f]) << id << " frame " << f;
      ASSERT_NEAR(m.error, expected.error[f], 1e-5) << id << " frame " << f;
      if (m.flip) flips.push_back(static_cast<int>(f));
      if (expected.pop[f] > worst_pop) worst_pop = expected.pop[f], worst = static_cast<int>(f);
    }
    EXPECT_EQ(flips, expected.flips) << id;
    EXPECT_EQ(run.summary.flips, static_cast<int>(expected.flips.size())) << id;
    EXPECT_NEAR(run.summary.max_pop_degrees, worst_pop, 2e-3 + 1e-4 * worst_pop) << id << " at " << worst;
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

// Through full extension without a pole: the bend plane is lost at each straightening and
// some solvers come back bent the other way (counted as flips, at the frames the replay
// finds them: the test above); the ones that keep their side report none.
TEST(MotionAnalysis, FlipsWithoutAPoleThroughFullExtension) {
  Arm arm;
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(through_extension(arm)), {}, report), "");
  int flipping = 0;
  for (const ik::MotionRun& run : report.runs) {
    std::printf("%-20s flips %d max pop %.2f\n", ik::solver_table()[run.solver].id, run.summary.flips,
                run.summary.max_pop_degrees);
    flipping += run.summary.flips > 0 ? 1 : 0;
  }
  // Which of the others come back bent the other way depends on rounding at the straight
  // (singular) pose: Jacobian transpose flips twice with the AVX2 + FMA copies and not at all
  // with the plain ones, so only solvers that flip in both are named.
  EXPECT_GE(flipping, 2);
  EXPECT_GT(find_run(report, "fabrik")->summary.flips, 0);
  EXPECT_GT(find_run(report, "mass_spring")->summary.flips, 0);
  EXPECT_EQ(find_run(report, "dls")->summary.flips, 0);
}

// Held at full extension the solvers that shake show it as jitter, many times what the
// same small circle gives where the arm is comfortably bent.
TEST(MotionAnalysis, JitterAtFullExtension) {
  Arm arm;
  ik::MotionReport straight, bent;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(circle_at(arm, 2.04f)), {}, straight), "");
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(circle_at(arm, 1.2f)), {}, bent), "");
  ASSERT_EQ(straight.runs.size(), bent.runs.size());
  for (size_t r = 0; r < straight.runs.size(); ++r)
    std::printf("%-20s jitter RMS at full extension %.4f deg, bent %.4f deg\n",
                ik::solver_table()[straight.runs[r].solver].id, straight.runs[r].summary.rms_jitter_degrees,
                bent.runs[r].summary.rms_jitter_degrees);
  // The analytic two-bone solve turns its bend plane back and forth about the straight
  // arm every frame; the mass-spring particles bounce against the stretched constraint.
  EXPECT_GT(find_run(straight, "two_bone")->summary.rms_jitter_degrees, 10.0f);
  EXPECT_GT(find_run(straight, "mass_spring")->summary.rms_jitter_degrees,
            10.0f * find_run(bent, "mass_spring")->summary.rms_jitter_degrees);
  // Damped least squares does not shake there.
  EXPECT_LT(find_run(straight, "dls")->summary.rms_jitter_degrees, find_run(bent, "dls")->summary.rms_jitter_degrees);
}

// Drift: the warm pose against a from-rest solve of the same frame, replayed here.
TEST(MotionAnalysis, DriftMatchesFromRestSolves) {
  Arm arm;
  const std::vector<glm::vec3> goals = through_extension(arm);
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("fabrik")};
  options.drift = true;
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(goals), options, report), "");
  ASSERT_EQ(report.runs.size(), 2u);
  for (const ik::MotionRun& run : report.runs) {
    ASSERT_TRUE(run.has_drift);
    ik::Chain warm = arm.chain, cold = arm.chain;
    warm.solver = cold.solver = run.solver;
    cold.params.warm_start = false;
    ik::Pose pose = arm.rest;
    ik::Workspace ws, cold_ws;
    float max_drift = 0.0f;
    for (size_t f = 0; f < goals.size(); ++f) {
      warm.goal.position = cold.goal.position = goals[f];
      ik::solver_table()[run.solver].solve(arm.skeleton, warm, pose, ws, nullptr);
      ik::Pose from_rest = pose;
      ik::solver_table()[run.solver].solve(arm.skeleton, cold, from_rest, cold_ws, nullptr);
      float drift = 0.0f;
      for (int j = 1; j <= 3; ++j)
        drift = std::max(drift, glm::length(iktest::world_position(arm.skeleton, pose, j) -
                                            iktest::world_position(arm.skeleton, from_rest, j)));
      ASSERT_NEAR(run.frames[f].drift_distance, drift, 1e-5f) << f;
      const float warm_error = glm::length(iktest::world_position(arm.skeleton, pose, 3) - goals[f]);
      const float cold_error = glm::length(iktest::world_position(arm.skeleton, from_rest, 3) - goals[f]);
      ASSERT_NEAR(run.frames[f].drift_error, warm_error - cold_error, 1e-5f) << f;
      max_drift = std::max(max_drift, drift);
    }
    EXPECT_FLOAT_EQ(run.summary.max_drift_distance, max_drift);
  }
  // Without the option nothing is measured.
  options.drift = false;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(goals), options, report), "");
  EXPECT_FALSE(report.runs[0].has_drift);
  EXPECT_EQ(report.runs[0].summary.max_drift_distance, 0.0f);
}

TEST(MotionAnalysis, BadInputGivesItsMessage) {
  Arm arm;
  ik::MotionAnalysis analysis;
  const ik::MotionTrack track = track_of(circle_at(arm, 1.2f));
  ik::MotionTrack empty;
  EXPECT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, empty, {}), "the track has no frames");
  ik::MotionTrack uneven = track;
  uneven.positions.pop_back();
  EXPECT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, uneven, {}),
            "the track's times, positions and orientations differ in length");
  ik::Chain outside = arm.chain;
  outside.effector = 40;
  EXPECT_EQ(analysis.start(arm.skeleton, outside, arm.rest, track, {}), "the chain's joints are not in the rig");
  ik::Chain upside_down = arm.chain;
  upside_down.root = 3;
  upside_down.effector = 1;
  EXPECT_EQ(analysis.start(arm.skeleton, upside_down, arm.rest, track, {}),
            "the chain's root is not an ancestor of its effector");
  ik::MotionOptions only_three_bone;
  only_three_bone.solvers = {ik::find_solver("three_bone"), ik::find_solver("scale_target")};
  EXPECT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, track, only_three_bone),
            "no solver accepts this chain (2 bones)");
  ik::GoalPath bad = path_of_points("bad", {glm::vec3(0.0f), glm::vec3(1.0f)}, 60.0f);
  bad.samples[1].time = 0.0f;
  ik::MotionTrack out;
  EXPECT_EQ(ik::track_from_goal_path(bad, 60.0f, 0, ik::PathWrap::clamp, out),
            "goal path 'bad': sample 1: time 0 is not after the previous sample's 0");
  bad.samples[1].time = 1.0f;
  EXPECT_EQ(ik::track_from_goal_path(bad, 0.0f, 0, ik::PathWrap::clamp, out),
            "frame rate must be a number in (0, 10000] frames per second");
}

// A track's frames: floor(duration * rate) + 1 from the path's start, or a given count
// that loops or clamps past the end.
TEST(MotionAnalysis, TrackFramesFromAGoalPath) {
  const ik::GoalPath path = path_of_points("p", {glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f)}, 1.0f);  // 1 s
  ik::MotionTrack track;
  ASSERT_EQ(ik::track_from_goal_path(path, 10.0f, 0, ik::PathWrap::clamp, track), "");
  ASSERT_EQ(track.times.size(), 11u);
  EXPECT_NEAR(track.positions[3].x, 0.3f, 1e-6f);
  ASSERT_EQ(ik::track_from_goal_path(path, 10.0f, 15, ik::PathWrap::loop, track), "");
  ASSERT_EQ(track.times.size(), 15u);
  EXPECT_NEAR(track.positions[13].x, 0.3f, 1e-5f);  // 1.3 s wraps to 0.3 s
  ASSERT_EQ(ik::track_from_goal_path(path, 10.0f, 15, ik::PathWrap::clamp, track), "");
  EXPECT_NEAR(track.positions[13].x, 1.0f, 1e-6f);
}

// A clip's track on a centimetre rig (a root scaled 0.01, as Mixamo's): its orientations
// are the effector's rotation, scale taken out. quat_cast of the scaled matrix read other
// rotations, flipping by 177 degrees between frames (the Mixamo-style rig's walk popped
// 60-98 degrees under every solver that honours orientations).
TEST(MotionAnalysis, ClipTrackOrientationsOnACentimetreRig) {
  Arm arm;
  arm.skeleton.rest[0].scale = glm::vec3(0.01f);
  arm.rest = ik::rest_pose(arm.skeleton);
  ik::Clip clip;
  clip.name = "turn";
  ik::ClipChannel elbow;  // the elbow turns half a turn about x over the clip
  elbow.joint = 2;
  elbow.property = ik::ClipProperty::rotation;
  const glm::quat r0 = arm.skeleton.rest[2].rotation;
  for (int k = 0; k <= 8; ++k) {
    elbow.times.push_back(static_cast<float>(k) / 8.0f);
    const glm::quat r = r0 * glm::angleAxis(3.1f * static_cast<float>(k) / 8.0f, glm::vec3(1.0f, 0.0f, 0.0f));
    elbow.values.push_back(glm::vec4(r.x, r.y, r.z, r.w));
  }
  clip.channels = {elbow};
  ik::set_time_range(clip);
  ik::MotionTrack track;
  ASSERT_EQ(ik::track_from_clip(arm.skeleton, arm.rest, clip, 3, 60.0f, 0, track), "");
  ASSERT_TRUE(track.has_orientation);
  float largest_step = 0.0f;
  for (size_t f = 0; f < track.times.size(); ++f) {
    ik::Pose pose = arm.rest;
    ik::sample_clip(clip, track.times[f], pose);
    glm::quat expected(1.0f, 0.0f, 0.0f, 0.0f);  // the effector's rotation, without the scale
    for (int j = 3; j >= 0; j = arm.skeleton.parent[static_cast<size_t>(j)])
      expected = pose.local[static_cast<size_t>(j)].rotation * expected;
    EXPECT_GT(std::fabs(glm::dot(track.orientations[f], glm::normalize(expected))), 0.99999f) << "frame " << f;
    if (f > 0)
      largest_step = std::max(
          largest_step,
          2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(track.orientations[f], track.orientations[f - 1])))));
  }
  EXPECT_LT(largest_step, 0.1f) << "a turn of 3.1 rad over 61 frames: no jump";
}

// A clip's track: the effector's animated position, checked with the test's own forward
// kinematics; the pose under the chain follows the clip, so a solver reaches it.
TEST(MotionAnalysis, ClipTrackFollowsTheAnimatedEffector) {
  Arm arm;
  ik::Clip clip;
  clip.name = "swing";
  ik::ClipChannel base;  // the base (above the chain) turns a quarter turn about z
  base.joint = 0;
  base.property = ik::ClipProperty::rotation;
  base.times = {0.0f, 1.0f};
  const glm::quat quarter = glm::angleAxis(1.5707963f, glm::vec3(0.0f, 0.0f, 1.0f));
  base.values = {glm::vec4(0.0f, 0.0f, 0.0f, 1.0f), glm::vec4(quarter.x, quarter.y, quarter.z, quarter.w)};
  ik::ClipChannel elbow;  // the elbow bends a further 0.6 rad about x
  elbow.joint = 2;
  elbow.property = ik::ClipProperty::rotation;
  elbow.times = {0.0f, 1.0f};
  const glm::quat r0 = arm.skeleton.rest[2].rotation;
  const glm::quat r1 = r0 * glm::angleAxis(0.6f, glm::vec3(1.0f, 0.0f, 0.0f));
  elbow.values = {glm::vec4(r0.x, r0.y, r0.z, r0.w), glm::vec4(r1.x, r1.y, r1.z, r1.w)};
  clip.channels = {base, elbow};
  ik::set_time_range(clip);
  ik::MotionTrack track;
  ASSERT_EQ(ik::track_from_clip(arm.skeleton, arm.rest, clip, 3, 30.0f, 0, track), "");
  ASSERT_EQ(track.times.size(), 31u);
  for (size_t f = 0; f < track.times.size(); f += 10) {
    ik::Pose pose = arm.rest;
    const float u = track.times[f];
    pose.local[0].rotation = glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), quarter, u);
    pose.local[2].rotation = glm::slerp(r0, r1, u);
    const glm::vec3 expected = iktest::world_position(arm.skeleton, pose, 3);
    EXPECT_NEAR(glm::length(track.positions[f] - expected), 0.0f, 1e-5f) << f;
  }
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("two_bone"), ik::find_solver("dls")};
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track, options, report), "");
  ASSERT_EQ(report.runs.size(), 2u);
  // The base turns a quarter turn under the chain: had the analysis left the pose under the
  // chain at rest, the goals would sit far from where the chain hangs, but they are reached.
  for (const ik::MotionRun& run : report.runs) EXPECT_LT(run.summary.max_error, 2.5e-3f);  // tolerance 1e-3 x reach 2
  EXPECT_EQ(report.source, "clip 'swing'");
}

// CesiumMan's walk, its contact joints and their plants, and a chain over its left leg
// (thigh to ankle).
struct CesiumLeg {
  ik::ImportedRig rig;
  std::vector<ik::ContactJoint> joints;
  std::vector<ik::FootContacts> plants;
  glm::vec3 ground_velocity{0.0f};
  ik::Chain leg;
  ik::Pose rest;
  CesiumLeg() {
    std::string error;
    EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF/CesiumMan.gltf",
                                     rig, error))
        << error;
    leg.root = ik::find_joint(rig.skeleton, "leg_joint_L_1");
    leg.effector = ik::find_joint(rig.skeleton, "leg_joint_L_3");
    joints = ik::find_contact_joints(rig.skeleton, rig.roles);
    plants = ik::detect_contacts(rig.skeleton, rig.clips[0], 24.0f, joints, {}, glm::vec3(0.0f, 1.0f, 0.0f),
                                 &ground_velocity);
    rest = ik::rest_pose(rig.skeleton);
  }
};

// CesiumMan's walk over its left leg (thigh to ankle): the clip's own foot skate is the
// report's source figure, and the cleanup (the plants held, the hips lowered where the legs
// need it) brings DLS, FABRIK and two-bone to the figures: skate <= 1 %, planted
// drift <= 2 mm, with the hips never lowered more than a tenth of the leg.
TEST(MotionAnalysis, CleanupHoldsCesiumMansPlantedFoot) {
  const CesiumLeg c;
  ASSERT_EQ(c.joints[0].joint, c.leg.effector);
  const ik::Clip& walk = c.rig.clips[0];
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("fabrik"), ik::find_solver("two_bone")};
  ik::MotionReport as_is, cleaned;
  float lowest = 0.0f;
  for (bool clean : {false, true}) {
    ik::MotionTrack track;
    ASSERT_EQ(ik::track_from_clip(c.rig.skeleton, c.rest, walk, c.leg.effector, 24.0f, 0, track), "");
    ASSERT_TRUE(ik::track_feet(track, c.rig.skeleton, c.joints, c.plants, c.ground_velocity, c.leg.effector, clean));
    for (const glm::vec3& offset : track.body_offsets) lowest = std::min(lowest, offset.y);
    ASSERT_EQ(ik::analyse_motion(c.rig.skeleton, c.leg, c.rest, track, options, clean ? cleaned : as_is), "");
  }
  ASSERT_TRUE(as_is.has_source_skate);
  EXPECT_GT(as_is.source_skate.planted_frames, 5);
  std::printf("hips lowered by at most %.1f mm (the c.leg: %.0f mm)\n", -1000.0 * static_cast<double>(lowest),
              1000.0 * static_cast<double>(c.joints[0].leg_length));
  EXPECT_LT(-lowest, 0.1f * c.joints[0].leg_length);
  std::printf("clip as it is: skate %.0f %%, drift %.1f mm\n",
              100.0 * static_cast<double>(as_is.source_skate.skate_ratio),
              1000.0 * static_cast<double>(as_is.source_skate.planted_drift));
  for (size_t r = 0; r < options.solvers.size(); ++r) {
    const ik::FootSkate &before = as_is.runs[r].summary.skate, &after = cleaned.runs[r].summary.skate;
    std::printf("%s: skate %.0f -> %.0f %%, drift %.1f -> %.1f mm, max pop %.1f -> %.1f deg\n",
                ik::solver_table()[options.solvers[r]].id, 100.0 * static_cast<double>(before.skate_ratio),
                100.0 * static_cast<double>(after.skate_ratio), 1000.0 * static_cast<double>(before.planted_drift),
                1000.0 * static_cast<double>(after.planted_drift),
                static_cast<double>(as_is.runs[r].summary.max_pop_degrees),
                static_cast<double>(cleaned.runs[r].summary.max_pop_degrees));
    ASSERT_TRUE(cleaned.runs[r].summary.has_skate);
    // The per-frame series the skate ratio counts: frames sliding over 5 % of the leg per second.
    int sliding = 0;
    for (const ik::MotionFrame& frame : as_is.runs[r].frames)
      sliding += frame.foot_slide > 0.05f * c.joints[0].leg_length;
    EXPECT_EQ(sliding, static_cast<int>(std::lround(before.skate_ratio * static_cast<float>(before.planted_frames))));
    EXPECT_LE(after.skate_ratio, 0.01f) << ik::solver_table()[options.solvers[r]].id;
    EXPECT_LE(after.planted_drift, 0.002f) << ik::solver_table()[options.solvers[r]].id;
  }
}

// The same walk on ramps, stairs and bumps, cleaned up: the planted ankle held on the ground,
// never more than 1 cm through it (the clip as it is goes 47 mm through a 15 degree ramp
// rising ahead), as still as on the plane -- where a leg can hold it (below).
TEST(MotionAnalysis, CleanupPlacesCesiumMansFeetOnARamp) {
  const CesiumLeg c;
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("two_bone")};
  // Ramps of 15 degrees up and down, stairs of 15 cm up (25 cm on a 0.9 m leg, scaled to
  // CesiumMan's 0.54 m), bumps of 5 cm: held. Not held, and printed for the record: a 30
  // degree ramp and stairs going down. The walk is made in place, so a standing foot goes
  // back with the ground by a third of a metre during a plant, across 20 cm of height on the
  // steep ramp and over a step's edge on the way down: no leg keeps such a foot still.
  struct Case {
    ik::Ground ground;
    bool held;
  };
  const Case cases[] = {{{ik::GroundKind::ramp, 15.0f}, true},   {{ik::GroundKind::ramp, -15.0f}, true},
                        {{ik::GroundKind::stairs, 0.15f}, true}, {{ik::GroundKind::waves, 0.05f}, true},
                        {{ik::GroundKind::ramp, 30.0f}, false},  {{ik::GroundKind::stairs, -0.15f}, false}};
  for (const Case& k : cases) {
    ik::MotionTrack track;
    ASSERT_EQ(ik::track_from_clip(c.rig.skeleton, c.rest, c.rig.clips[0], c.leg.effector, 24.0f, 0, track), "");
    ASSERT_TRUE(
        ik::track_feet(track, c.rig.skeleton, c.joints, c.plants, c.ground_velocity, c.leg.effector, true, k.ground));
    ik::MotionReport report;
    ASSERT_EQ(ik::analyse_motion(c.rig.skeleton, c.leg, c.rest, track, options, report), "");
    const std::string name = ik::ground_spec(k.ground);
    if (name == "ramp:15") {
      // Rising ahead, the clip as it is puts the ankle's forward steps through the ramp.
      EXPECT_GT(report.source_skate.penetration, 0.02f) << "the clip as it is goes through the ramp";
    }
    for (const ik::MotionRun& run : report.runs) {
      const ik::FootSkate& s = run.summary.skate;
      std::printf(
          "%s, %s: skate %.1f %%, drift %.2f mm, penetration %.1f mm, level %.0f %% (the clip as it is: %.0f mm, "
          "%.0f %%)\n",
          name.c_str(), ik::solver_table()[run.solver].id, 100.0 * static_cast<double>(s.skate_ratio),
          1000.0 * static_cast<double>(s.planted_drift), 1000.0 * static_cast<double>(s.penetration),
          100.0 * static_cast<double>(s.level_ratio), 1000.0 * static_cast<double>(report.source_skate.penetration),
          100.0 * static_cast<double>(report.source_skate.level_ratio));
      if (!k.held) continue;
      EXPECT_LE(s.skate_ratio, 0.01f) << name;
      EXPECT_LE(s.planted_drift, 0.002f) << name;
      EXPECT_LE(s.penetration, 0.01f) << name;
    }
  }
}

// Sized in start(): after the first frame no step allocates, and a second analysis of the
// same chain and track allocates nothing at all. (A solver's workspace may still grow the
// first time the solver takes a new path: FABRIK sizes its straight-line buffers at its
// first unreachable goal. So the first run is checked on goals in reach, the rerun on the
// path through full extension.)
// CesiumMan's full-body chain following its walk (as entering full body with a clip makes
// it): its pinned feet are offsets from the clip's feet, handed per frame on the animated
// feet as the program's solve hands them. Every goal is then near where the clip's pose puts
// it (the analysis keeps the spine as the last frame solved it): the hand on the clip's hand
// in 2.4 iterations a frame. Read as positions, the zero offsets pinned both feet between
// them, at the origin, about 10 cm off, and the solve took 5.2 a frame.
TEST(MotionAnalysis, AFullBodyChainFollowingTheClipHasItsFeetOnTheClipsFeet) {
  const CesiumLeg c;
  ik::Chain body;
  std::vector<glm::mat4> world;
  ik::fk_all(c.rig.skeleton, c.rest, world);
  ik::RigRoles roles;
  roles.joints = c.rig.roles;
  ASSERT_TRUE(ik::full_body_chain(c.rig.skeleton, roles, world, ik::find_solver("full_body"), body));
  ik::set_goal_mode(body, world, ik::GoalMotion{}, ik::GoalMode::follow_animated);
  ik::MotionTrack track;
  ASSERT_EQ(ik::track_from_clip(c.rig.skeleton, c.rest, c.rig.clips[0], body.effector, 24.0f, 0, track), "");
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("full_body")};
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(c.rig.skeleton, body, c.rest, track, options, report), "");
  ASSERT_EQ(report.runs.size(), 1u);
  const ik::MotionSummary& m = report.runs[0].summary;
  std::printf("full body following CesiumMan's walk: the hand at most %.2f mm off, %.2f iterations a frame\n",
              1000.0 * static_cast<double>(m.max_error), static_cast<double>(m.mean_iterations));
  EXPECT_LT(m.max_error, 0.01f);
  EXPECT_LT(m.mean_iterations, 3.5f);
}

TEST(MotionAnalysis, AllocationFreeAfterTheFirstFrame) {
  Arm arm;
  ik::MotionOptions options;
  options.from_rest = true;
  options.drift = true;
  ik::MotionAnalysis analysis;
  const ik::MotionTrack in_reach = track_of(circle_at(arm, 1.2f));
  ASSERT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, in_reach, options), "");
  ASSERT_TRUE(analysis.step());
  const long before = alloctest::allocations();
  analysis.run();
  EXPECT_EQ(alloctest::allocations() - before, 0);
  EXPECT_EQ(analysis.frame(), 300);

  const ik::MotionTrack track = track_of(through_extension(arm));
  ASSERT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, track, options), "");
  analysis.run();
  const ik::MotionSummary first = analysis.report().runs[0].summary;
  const long again = alloctest::allocations();
  ASSERT_EQ(analysis.start(arm.skeleton, arm.chain, arm.rest, track, options), "");
  analysis.run();
  EXPECT_EQ(alloctest::allocations() - again, 0);
  // And the rerun gives the same numbers (the mass-spring state restarted too).
  for (const ik::MotionRun& run : analysis.report().runs) EXPECT_GT(run.frames.size(), 0u);
  EXPECT_EQ(analysis.report().runs[0].summary.max_pop_degrees, first.max_pop_degrees);
  EXPECT_EQ(analysis.report().runs[0].summary.flips, first.flips);
}

// The report files: a table row per run with its summary, a CSV line per frame and run.
TEST(MotionReport, TableAndSeries) {
  Arm arm;
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("fabrik")};
  options.drift = true;
  ik::MotionReport report;
  ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track_of(through_extension(arm)), options, report),
            "");
  const std::string md = ik::motion_report_markdown(report, arm.skeleton, "arm", "r.csv");
  EXPECT_NE(md.find("# Motion analysis: goal path 'test' on chain arm"), std::string::npos);
  EXPECT_NE(md.find("Chain chain1 -> chain_end (2 bones). 1000 frames at 60 frames per second"), std::string::npos);
  EXPECT_NE(md.find("[r.csv](r.csv)"), std::string::npos);
  char row[96];
  std::snprintf(row, sizeof row, "| Damped least squares | on | %.2f | %d |", report.runs[0].summary.max_pop_degrees,
                report.runs[0].summary.flips);
  EXPECT_NE(md.find(row), std::string::npos) << md;
  std::snprintf(row, sizeof row, "| FABRIK | on | %.2f | %d |", report.runs[1].summary.max_pop_degrees,
                report.runs[1].summary.flips);
  EXPECT_NE(md.find(row), std::string::npos) << md;
  const std::string csv = ik::motion_series_csv(report);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 1000 * 2);
  EXPECT_EQ(
      csv.rfind(
          "frame,time,solver,warm_start,error,iterations,us,pop_deg,flip,jitter_deg,drift,drift_error,foot_slide\n", 0),
      0u);
  EXPECT_NE(csv.find("\n0,0,dls,1,"), std::string::npos);
  EXPECT_EQ(ik::motion_series_path("out/r.md"), "out/r.csv");
  std::string error;
  EXPECT_FALSE(ik::write_motion_report("out/r.csv", report, arm.skeleton, "arm", error));
  EXPECT_EQ(error, "out/r.csv: the report needs another extension than .csv (the series is written there)");
}

}  // namespace
