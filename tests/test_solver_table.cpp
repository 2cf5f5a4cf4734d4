// The solver table and the param table the UI is built from: ids, lookups, defaults that
// match Params{}, ranges that contain them, get/set round trips, and every row's solver
// callable on a plain chain.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "solvers/solver_table.h"
#include "solvers/workspace.h"
#include "tests/solver_test_util.h"

namespace {

TEST(SolverTable, IdsAreUniqueAndFoundByName) {
  ASSERT_GT(ik::solver_count(), 0);
  std::set<std::string> ids;
  for (int i = 0; i < ik::solver_count(); ++i) {
    const ik::SolverInfo& info = ik::solver_table()[i];
    EXPECT_TRUE(ids.insert(info.id).second) << info.id;
    EXPECT_EQ(ik::find_solver(info.id), i);
    EXPECT_NE(info.solve, nullptr);
    EXPECT_GT(std::string(info.name).size(), 0u);
    EXPECT_GT(std::string(info.summary).size(), 0u);
  }
  for (const char* id : {"fabrik", "ccd", "jacobian_transpose", "dls", "ccd_dls", "two_bone",
                         "three_bone", "mass_spring", "scale_target"})
    EXPECT_GE(ik::find_solver(id), 0) << id;
  EXPECT_EQ(ik::find_solver("no such solver"), -1);
  EXPECT_EQ(ik::find_solver(nullptr), -1);
}

TEST(SolverTable, EveryParamBitASolverUsesHasARow) {
  for (int i = 0; i < ik::solver_count(); ++i) {
    const std::uint32_t used = ik::solver_table()[i].params;
    for (int bit = 0; bit < 32; ++bit) {
      const std::uint32_t field = 1u << bit;
      if (used & field) {
        EXPECT_NE(ik::find_param(static_cast<ik::ParamField>(field)), nullptr)
            << ik::solver_table()[i].id << " bit " << bit;
      }
    }
  }
}

TEST(ParamTable, DefaultsMatchParamsAndLieInTheirRanges) {
  const ik::Params defaults;
  std::set<std::uint32_t> fields;
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& p = ik::param_table()[i];
    SCOPED_TRACE(p.label);
    EXPECT_TRUE(fields.insert(p.field).second);
    EXPECT_EQ(ik::find_param(p.field), &p);
    const float actual = p.kind == ik::ParamKind::vector3 ? ik::get_param3(defaults, p.field).y
                                                          : ik::get_param(defaults, p.field);
    EXPECT_FLOAT_EQ(p.default_value, actual);
    EXPECT_LE(p.min, p.default_value);
    EXPECT_GE(p.max, p.default_value);
    if (p.log_scale) {
      EXPECT_GT(p.min, 0.0f);
    }
  }
  EXPECT_EQ(fields.size(), 18u);  // one row per Params field
}

TEST(ParamTable, SetThenGetRoundTrips) {
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& p = ik::param_table()[i];
    SCOPED_TRACE(p.label);
    ik::Params params;
    if (p.kind == ik::ParamKind::vector3) {
      ik::set_param3(params, p.field, glm::vec3(1.0f, -2.0f, 3.0f));
      EXPECT_EQ(ik::get_param3(params, p.field), glm::vec3(1.0f, -2.0f, 3.0f));
      continue;
    }
    const float value = p.kind == ik::ParamKind::boolean   ? (p.default_value != 0.0f ? 0.0f : 1.0f)
                        : p.kind == ik::ParamKind::integer ? std::round(0.5f * (p.min + p.max))
                                                           : 0.5f * (p.min + p.max);
    ASSERT_NE(ik::get_param(params, p.field), value);  // the write is visible
    ik::set_param(params, p.field, value);
    EXPECT_FLOAT_EQ(ik::get_param(params, p.field), value);
  }
  ik::Params params;
  ik::set_param(params, ik::kParamMaxIterations, 7.6f);
  EXPECT_EQ(params.max_iterations, 8);
}

TEST(SolverTable, EveryRowSolvesAPlainChain) {
  for (int i = 0; i < ik::solver_count(); ++i) {
    const ik::SolverInfo& info = ik::solver_table()[i];
    SCOPED_TRACE(info.id);
    const int bones = info.exact_bones > 0 ? info.exact_bones : 4;
    const ik::Skeleton s = iktest::chain_skeleton(bones + 1);
    const int effector = bones + 1;
    std::mt19937 rng(3);
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, iktest::path_of(s, 1, effector));
    ik::Chain chain = iktest::chain_to(1, effector, goal);
    chain.solver = i;
    ik::Pose pose = ik::rest_pose(s);
    const float before = glm::length(iktest::world_position(s, pose, effector) - goal);
    ik::Workspace ws;
    const ik::SolveResult r = info.solve(s, chain, pose, ws, nullptr);
    EXPECT_NE(r.status, ik::SolveStatus::invalid_input);
    EXPECT_TRUE(iktest::finite(pose));
    if (!info.scale_goal) {
      EXPECT_LT(glm::length(iktest::world_position(s, pose, effector) - goal), before);
    }
  }
}

// A goal farther out than kMaxGoalCoordinate is invalid input for every solver (its squared
// distance would overflow float), and the pose stays as it was; one just inside is solved
// with a finite error.
TEST(SolverTable, GoalBeyondTheLargestCoordinateIsInvalidForEverySolver) {
  for (int i = 0; i < ik::solver_count(); ++i) {
    const ik::SolverInfo& info = ik::solver_table()[i];
    SCOPED_TRACE(info.id);
    const int bones = info.exact_bones > 0 ? info.exact_bones : 4;
    const ik::Skeleton s = iktest::chain_skeleton(bones + 1);
    const ik::Pose before = ik::rest_pose(s);
    for (float far : {1e30f, -2.0f * ik::kMaxGoalCoordinate}) {
      ik::Chain chain = iktest::chain_to(1, bones + 1, glm::vec3(0.5f, far, 0.25f));
      chain.solver = i;
      ik::Pose pose = before;
      ik::Workspace ws;
      EXPECT_EQ(info.solve(s, chain, pose, ws, nullptr).status, ik::SolveStatus::invalid_input);
      EXPECT_TRUE(iktest::same_pose(before, pose));
    }
    ik::Chain chain = iktest::chain_to(1, bones + 1, glm::vec3(0.5f, ik::kMaxGoalCoordinate, 0.25f));
    chain.solver = i;
    ik::Pose pose = before;
    ik::Workspace ws;
    const ik::SolveResult r = info.solve(s, chain, pose, ws, nullptr);
    EXPECT_NE(r.status, ik::SolveStatus::invalid_input);
    EXPECT_TRUE(std::isfinite(r.error));
    EXPECT_TRUE(iktest::finite(pose));
  }
}

TEST(SolveStatus, HasAName) {
  EXPECT_STREQ(ik::to_string(ik::SolveStatus::reached), "reached");
  EXPECT_STREQ(ik::to_string(ik::SolveStatus::max_iterations), "max iterations");
  EXPECT_STREQ(ik::to_string(ik::SolveStatus::stalled), "stalled");
  EXPECT_STREQ(ik::to_string(ik::SolveStatus::unreachable), "unreachable");
  EXPECT_STREQ(ik::to_string(ik::SolveStatus::invalid_input), "invalid input");
}

}  // namespace
