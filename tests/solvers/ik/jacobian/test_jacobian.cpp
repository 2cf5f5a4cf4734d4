// The Jacobian (analytic columns against independent finite differences of the test
// util's forward kinematics, and against the solver's own finite-difference option), its
// singular values, and the Jacobian-transpose solver.
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"

#include <gtest/gtest.h>

#include "tests/support/allocation_counter.h"
#include "tests/support/angle_solver_cases.h"

namespace {

using iktest::kPi;

ik::Params transpose_params() {
  ik::Params p;
  p.max_iterations = 2000;  // the transpose method converges slowly near the goal
  return p;
}

// The degrees of freedom in the order of the Jacobian's columns (jacobian.h): chain tree
// joints ascending, unlocked ones only, a hinge's axis or the joint's own X, Y, Z.
struct Column {
  int joint;
  glm::vec3 axis;  // in the joint's own frame
};
std::vector<Column> columns_of(const ik::Skeleton& skeleton, const std::vector<int>& joints, bool use_limits) {
  std::vector<Column> out;
  for (int j : joints) {
    const ik::JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    if (use_limits && l.enabled && l.hinge) {
      out.push_back({j, glm::normalize(l.hinge_axis)});
    } else {
      for (int a = 0; a < 3; ++a) {
        glm::vec3 axis(0.0f);
        axis[a] = 1.0f;
        out.push_back({j, axis});
      }
    }
  }
  return out;
}

// Rows of one effector by central differences of the independent FK: the pose's joint
// turned by +-h about its own axis (R * Rot(axis, +-h)).
void finite_difference_rows(const ik::Skeleton& skeleton, const ik::Pose& pose, const Column& column, int effector,
                            bool orientation, float orientation_weight, float h, float* rows_out) {
  ik::Pose plus = pose, minus = pose;
  plus.local[static_cast<size_t>(column.joint)].rotation *= glm::angleAxis(h, column.axis);
  minus.local[static_cast<size_t>(column.joint)].rotation *= glm::angleAxis(-h, column.axis);
  const glm::vec3 moves = (iktest::world_position(skeleton, plus, effector) -
                           iktest::world_position(skeleton, minus, effector)) / (2.0f * h);
  for (int c = 0; c < 3; ++c) rows_out[c] = moves[c];
  if (!orientation) return;
  // Angular velocity: the rotation vector of R(+h) R(-h)⁻¹, divided by 2h.
  // The effector's rotation from its X and Y axes (Z = X x Y: proper under a mirror too).
  auto rotation_of = [&](const ik::Pose& p) {
    const glm::mat4 m = iktest::world_matrix(skeleton, p, effector);
    const glm::vec3 x = glm::normalize(glm::vec3(m[0])), y = glm::normalize(glm::vec3(m[1]));
    return glm::quat_cast(glm::mat3(x, y, glm::cross(x, y)));
  };
  const glm::quat qa = rotation_of(plus), qb = rotation_of(minus);
  glm::quat d = qa * glm::inverse(qb);
  if (d.w < 0.0f) d = -d;
  const glm::vec3 v = glm::vec3(d.x, d.y, d.z) * (2.0f / (2.0f * h));  // small angle: |v| = angle / 2
  for (int c = 0; c < 3; ++c) rows_out[3 + c] = orientation_weight * v[c];
}

// A random rig with a hinge or two, a main effector (6-D when `orientation`) and a
// mid-chain extra effector with weight 4 (rows scaled by 2).
struct JacobianCase {
  ik::Skeleton skeleton;
  ik::Chain chain;
  ik::Pose pose;
  std::vector<int> joints;
};

JacobianCase jacobian_case(std::mt19937& rng, const ik::Transform& base, bool orientation) {
  JacobianCase c;
  c.skeleton = iktest::random_chain(rng, 5, true, base);
  c.chain.root = 1;
  c.chain.effector = 5;
  c.chain.goal.use_orientation = orientation;
  c.chain.params.orientation_weight = 0.7f;
  ik::EffectorGoal extra;
  extra.joint = 3;
  extra.weight = 4.0f;
  c.chain.extra_effectors.push_back(extra);
  c.joints = iktest::path_of(c.skeleton, 1, 5);
  c.pose = iktest::random_pose(rng, c.skeleton, c.joints);
  return c;
}

TEST(Jacobian, AnalyticColumnsMatchFiniteDifferencesOfIndependentFk) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    SCOPED_TRACE(root.name);
    // Orientation rows need a rigid parent frame to be a rotation's angular velocity.
    const bool rigid = std::fabs(root.base.scale.x) == root.base.scale.y && root.base.scale.y == root.base.scale.z;
    std::mt19937 rng(101);
    for (int trial = 0; trial < 10; ++trial) {
      const JacobianCase c = jacobian_case(rng, root.base, rigid);
      std::vector<float> jacobian;
      int rows = 0, columns = 0;
      ik::Workspace workspace;
      ASSERT_TRUE(ik::compute_jacobian(c.skeleton, c.chain, c.pose, workspace, false, jacobian, rows, columns));
      const std::vector<Column> cols = columns_of(c.skeleton, c.joints, true);
      ASSERT_EQ(columns, static_cast<int>(cols.size()));
      ASSERT_EQ(rows, (rigid ? 6 : 3) + 3);
      float scale = 0.0f;
      for (float v : jacobian) scale = std::max(scale, std::fabs(v));
      for (int col = 0; col < columns; ++col) {
        float expected[9] = {};
        finite_difference_rows(c.skeleton, c.pose, cols[static_cast<size_t>(col)], 5, rigid, 0.7f, 2e-3f, expected);
        // The extra effector (joint 3), weight 4: rows times sqrt(4); zero for joints below it.
        float extra[6] = {};
        if (cols[static_cast<size_t>(col)].joint <= 3)
          finite_difference_rows(c.skeleton, c.pose, cols[static_cast<size_t>(col)], 3, false, 0.0f, 2e-3f, extra);
        const int main_rows = rigid ? 6 : 3;
        for (int r = 0; r < 3; ++r) expected[main_rows + r] = 2.0f * extra[r];
        for (int r = 0; r < rows; ++r)
          EXPECT_NEAR(jacobian[static_cast<size_t>(r * columns + col)], expected[r], 2e-3f * scale)
              << "trial " << trial << " row " << r << " column " << col;
      }
    }
  }
}

TEST(Jacobian, FiniteDifferenceOptionAgreesWithTheAnalyticColumns) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    SCOPED_TRACE(root.name);
    const bool rigid = std::fabs(root.base.scale.x) == root.base.scale.y && root.base.scale.y == root.base.scale.z;
    std::mt19937 rng(202);
    for (int trial = 0; trial < 10; ++trial) {
      JacobianCase c = jacobian_case(rng, root.base, rigid);
      std::vector<float> analytic, finite;
      int rows = 0, columns = 0, fd_rows = 0, fd_columns = 0;
      ik::Workspace workspace;
      ASSERT_TRUE(ik::compute_jacobian(c.skeleton, c.chain, c.pose, workspace, false, analytic, rows, columns));
      c.chain.params.finite_difference = true;
      c.chain.params.fd_step = 1e-3f;
      ASSERT_TRUE(ik::compute_jacobian(c.skeleton, c.chain, c.pose, workspace, false, finite, fd_rows, fd_columns));
      ASSERT_EQ(rows, fd_rows);
      ASSERT_EQ(columns, fd_columns);
      float scale = 0.0f;
      for (float v : analytic) scale = std::max(scale, std::fabs(v));
      for (size_t i = 0; i < analytic.size(); ++i) EXPECT_NEAR(finite[i], analytic[i], 1e-3f * scale) << i;
    }
  }
}

TEST(Jacobian, LockedJointsHaveNoColumnsAndHingesOne) {
  ik::RawSkeleton raw = iktest::chain_raw(4);
  raw.joints[2].limits.enabled = true;
  raw.joints[2].limits.hinge = true;
  const ik::Skeleton s = iktest::build(raw);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 4;
  std::vector<float> jacobian;
  int rows = 0, columns = 0;
  ik::Workspace workspace;
  ASSERT_TRUE(ik::compute_jacobian(s, chain, ik::rest_pose(s), workspace, false, jacobian, rows, columns));
  EXPECT_EQ(rows, 3);
  EXPECT_EQ(columns, 3 + 1 + 3 + 3);  // joints 1, 2 (hinge), 3, 4
  workspace.locked.assign(static_cast<size_t>(s.joint_count()), 0);
  workspace.locked[3] = 1;
  ASSERT_TRUE(ik::compute_jacobian(s, chain, ik::rest_pose(s), workspace, false, jacobian, rows, columns));
  EXPECT_EQ(columns, 3 + 1 + 3);
  chain.params.use_limits = false;  // without limits the hinge is a free joint
  ASSERT_TRUE(ik::compute_jacobian(s, chain, ik::rest_pose(s), workspace, false, jacobian, rows, columns));
  EXPECT_EQ(columns, 3 + 3 + 3);
}

TEST(JacobianSpectrum, StraightChainHasAZeroSingularValue) {
  // Straight along +Y: every column axis x (effector - joint) is perpendicular to Y.
  const ik::Skeleton s = iktest::chain_skeleton(4, 1.0f, {}, 0.0f);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 4;
  ik::Workspace workspace;
  ik::JacobianSpectrum spectrum;
  ASSERT_TRUE(ik::jacobian_spectrum(s, chain, ik::rest_pose(s), workspace, spectrum));
  EXPECT_EQ(spectrum.rows, 3);
  EXPECT_EQ(spectrum.columns, 12);
  EXPECT_GT(spectrum.singular_values[0], 1.0f);
  EXPECT_LT(spectrum.singular_values[2], 1e-5f * spectrum.singular_values[0]);
  EXPECT_GT(spectrum.condition, 1e5f);
}

TEST(JacobianSpectrum, PlanarTwoLinkArmMatchesTheClosedForm) {
  // Two hinges about Z, links l1 = 1, l2 = 1 (joint translations along +Y), elbow at q2.
  // J (rows x, y, z) = [[-(l1 c1 + l2 c12), -l2 c12], [-(l1 s1 + l2 s12), -l2 s12], [0, 0]]
  // with angles measured from +Y; its singular values are those of the 2x2 block, whose
  // squares are the eigenvalues of B Bᵀ: (t ± sqrt(t² - 4 det²)) / 2.
  ik::RawSkeleton raw = iktest::chain_raw(3, 1.0f, {}, 0.0f);
  for (int j = 1; j <= 2; ++j) {
    raw.joints[static_cast<size_t>(j)].limits.enabled = true;
    raw.joints[static_cast<size_t>(j)].limits.hinge = true;
    raw.joints[static_cast<size_t>(j)].limits.hinge_axis = {0, 0, 1};
  }
  const ik::Skeleton s = iktest::build(raw);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 3;
  for (float q2 : {0.3f, 1.0f, 2.0f}) {
    ik::Pose pose = ik::rest_pose(s);
    pose.local[1].rotation = glm::angleAxis(0.4f, glm::vec3(0, 0, 1));
    pose.local[2].rotation = glm::angleAxis(q2, glm::vec3(0, 0, 1));
    const float a1 = 0.4f, a12 = 0.4f + q2;
    // d/dq of (-sin a, cos a) is (-cos a, -sin a).
    const float b[4] = {-(std::cos(a1) + std::cos(a12)), -std::cos(a12), -(std::sin(a1) + std::sin(a12)),
                        -std::sin(a12)};
    const float t = b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3];
    const float det = b[0] * b[3] - b[1] * b[2];
    const float root = std::sqrt(t * t - 4.0f * det * det);
    ik::Workspace workspace;
    ik::JacobianSpectrum spectrum;
    ASSERT_TRUE(ik::jacobian_spectrum(s, chain, pose, workspace, spectrum));
    ASSERT_EQ(spectrum.columns, 2 + 3);  // the two hinges, and the effector's own free joint
    EXPECT_NEAR(spectrum.singular_values[0], std::sqrt((t + root) / 2.0f), 1e-4f) << q2;
    EXPECT_NEAR(spectrum.singular_values[1], std::sqrt((t - root) / 2.0f), 1e-4f) << q2;
    EXPECT_NEAR(spectrum.singular_values[2], 0.0f, 1e-4f) << q2;
    EXPECT_TRUE(std::isinf(spectrum.condition));
  }
}

TEST(JacobianSpectrum, SixRowsWithAnOrientationGoalAndInvalidInputRejected) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 4;
  chain.goal.use_orientation = true;
  ik::Workspace workspace;
  ik::JacobianSpectrum spectrum;
  ASSERT_TRUE(ik::jacobian_spectrum(s, chain, ik::rest_pose(s), workspace, spectrum));
  EXPECT_EQ(spectrum.rows, 6);
  for (int r = 1; r < 6; ++r) EXPECT_LE(spectrum.singular_values[r], spectrum.singular_values[r - 1]);
  EXPECT_GT(spectrum.singular_values[5], 0.0f);  // 12 columns, a bent chain: full rank
  EXPECT_TRUE(std::isfinite(spectrum.condition));
  chain.goal.position.x = std::nanf("");
  EXPECT_FALSE(ik::jacobian_spectrum(s, chain, ik::rest_pose(s), workspace, spectrum));
  EXPECT_EQ(spectrum.rows, 0);
}

// ---- The Jacobian-transpose solver --------------------------------------------------------

TEST(JacobianTranspose, ReachesUnderEveryRootTransform) {
  anglecases::reaches_under_every_root(ik::solve_jacobian_transpose, transpose_params(), 4);
}
TEST(JacobianTranspose, ZeroLengthBone) {
  anglecases::zero_length_bone(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, TargetAtTheRoot) {
  anglecases::target_at_the_root(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, StraightColinearChain) {
  anglecases::straight_colinear_chain(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, StraightColinearChainPoleOnItsLine) {
  anglecases::straight_colinear_chain_pole_on_its_line(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, TargetStraightBehind) {
  anglecases::target_straight_behind(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, UnreachableEndsStraightTowardIt) {
  anglecases::unreachable_ends_straight_toward_it(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, NonFiniteGoalIsInvalidAndLeavesThePoseUntouched) {
  anglecases::non_finite_goal_is_invalid(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, LimitsNeverExceeded) {
  anglecases::limits_never_exceeded(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, TraceIsFiniteAndComplete) {
  anglecases::trace_is_finite_and_complete(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, SameInputSameOutput) {
  anglecases::same_input_same_output(ik::solve_jacobian_transpose, transpose_params());
}
TEST(JacobianTranspose, SecondSolveAllocatesNothing) {
  anglecases::second_solve_allocates_nothing(ik::solve_jacobian_transpose, transpose_params(), alloctest::allocations);
}
TEST(JacobianTranspose, PropertyRandomGoalsNeverNanNeverBeyondLimits) {
  anglecases::property_random_goals(ik::solve_jacobian_transpose, transpose_params(), 100000);
}

TEST(JacobianTranspose, InvalidParamsAreRejected) {
  anglecases::invalid_params_are_rejected(ik::solve_jacobian_transpose, transpose_params());
}

TEST(JacobianTranspose, FiniteDifferenceColumnsReachToo) {
  ik::Params params = transpose_params();
  params.finite_difference = true;
  anglecases::reaches_under_every_root(ik::solve_jacobian_transpose, params, 2);
}

}  // namespace
