// The solver table and the param table the UI is built from: ids, lookups, families, which
// solver reads which parameter, defaults that match Params{}, ranges that contain them,
// get/set round trips through the rows' members, a colour per solver, and every row's
// solver callable on a plain chain.
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

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

// The words of a ParamInfo::readers list.
std::vector<std::string> words(const char* list) {
  std::vector<std::string> out;
  std::string word;
  for (const char* p = list;; ++p) {
    if (*p == ' ' || *p == '\0') {
      if (!word.empty()) out.push_back(word);
      word.clear();
      if (*p == '\0') break;
    } else {
      word += *p;
    }
  }
  return out;
}

const ik::SolverFamily kFamilies[] = {ik::SolverFamily::heuristic, ik::SolverFamily::jacobian,
                                      ik::SolverFamily::analytic, ik::SolverFamily::physics,
                                      ik::SolverFamily::scale, ik::SolverFamily::curve};

TEST(SolverTable, FamiliesHaveNamesNoSolverIdTakes) {
  std::set<std::string> names;
  for (ik::SolverFamily f : kFamilies) {
    EXPECT_TRUE(names.insert(ik::to_string(f)).second) << ik::to_string(f);
    EXPECT_EQ(ik::find_solver(ik::to_string(f)), -1)
        << ik::to_string(f);  // a reader is one or the other
  }
}

TEST(SolverTable, JacobianFamilyIsTheSolversWithAJacobian) {
  std::set<std::string> jacobian;
  for (int i = 0; i < ik::solver_count(); ++i)
    if (ik::solver_table()[i].family == ik::SolverFamily::jacobian)
      jacobian.insert(ik::solver_table()[i].id);
  EXPECT_EQ(jacobian, (std::set<std::string>{"jacobian_transpose", "dls", "ccd_dls", "full_body"}));
}

TEST(ParamTable, ReadersAreSolverIdsOrFamilies) {
  std::set<std::string> known;
  for (ik::SolverFamily f : kFamilies) known.insert(ik::to_string(f));
  for (int i = 0; i < ik::solver_count(); ++i) known.insert(ik::solver_table()[i].id);
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& p = ik::param_table()[i];
    SCOPED_TRACE(p.id);
    const std::vector<std::string> readers = words(p.readers);
    EXPECT_FALSE(readers.empty());
    for (const std::string& r : readers) EXPECT_EQ(known.count(r), 1u) << r;
    int solvers = 0;
    for (int k = 0; k < ik::solver_count(); ++k)
      solvers += ik::reads_param(ik::solver_table()[k], p);
    EXPECT_GT(solvers, 0);
  }
}

// Which parameters each solver reads, as the panels showed them before the readers moved
// into the param rows (and soft reach since): the table still says the same.
TEST(ParamTable, EachSolverReadsWhatItReads) {
  const std::string iterative = "max_iterations tolerance tolerance_relative use_limits warm_start";
  const std::string jacobian =
      iterative + " finite_difference fd_step max_step_angle orientation_weight";
  // The full-body solver builds analytic columns only (no finite-difference switch).
  const std::string full_body = iterative + " max_step_angle orientation_weight lambda";
  // Soft reach: every limb solver (full body drives many effectors and softens none).
  const std::pair<const char*, std::string> expected[] = {
      {"fabrik", iterative + " soft_reach"},
      {"ccd", iterative + " max_step_angle soft_reach"},
      {"jacobian_transpose", jacobian + " soft_reach"},
      {"dls", jacobian + " lambda soft_reach"},
      {"ccd_dls", jacobian + " lambda soft_reach"},
      {"two_bone", "tolerance tolerance_relative use_limits soft_reach"},
      {"three_bone", "tolerance tolerance_relative use_limits soft_reach"},
      {"mass_spring",
       "tolerance tolerance_relative use_limits gravity mass damping time_step substep "
       "constraint_iterations soft_reach"},
      {"scale_target", "tolerance tolerance_relative min_scale max_scale"},
      {"full_body", full_body},
      {"spline", "tolerance tolerance_relative use_limits"},
  };
  ASSERT_EQ(static_cast<int>(std::size(expected)), ik::solver_count());
  for (const auto& [id, reads] : expected) {
    SCOPED_TRACE(id);
    const int solver = ik::find_solver(id);
    ASSERT_GE(solver, 0);
    const std::vector<std::string> list = words(reads.c_str());
    const std::set<std::string> wanted(list.begin(), list.end());
    std::set<std::string> got;
    for (int i = 0; i < ik::param_count(); ++i)
      if (ik::reads_param(ik::solver_table()[solver], ik::param_table()[i]))
        got.insert(ik::param_table()[i].id);
    EXPECT_EQ(got, wanted);
  }
}

TEST(ParamTable, DefaultsMatchParamsAndLieInTheirRanges) {
  const ik::Params defaults;
  std::set<std::string> ids;
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& p = ik::param_table()[i];
    SCOPED_TRACE(p.label);
    EXPECT_TRUE(ids.insert(p.id).second);
    EXPECT_EQ(ik::find_param(p.id), &p);
    // Exactly the member pointer of the row's kind is set.
    EXPECT_EQ(p.field.real != nullptr, p.kind == ik::ParamKind::real);
    EXPECT_EQ(p.field.integer != nullptr, p.kind == ik::ParamKind::integer);
    EXPECT_EQ(p.field.boolean != nullptr, p.kind == ik::ParamKind::boolean);
    EXPECT_EQ(p.field.vector3 != nullptr, p.kind == ik::ParamKind::vector3);
    const float actual = p.kind == ik::ParamKind::vector3 ? ik::get_param3(defaults, p.field).y
                                                          : ik::get_param(defaults, p.field);
    EXPECT_FLOAT_EQ(p.default_value, actual);
    EXPECT_LE(p.min, p.default_value);
    EXPECT_GE(p.max, p.default_value);
    if (p.log_scale) {
      EXPECT_GT(p.min, 0.0f);
    }
  }
  EXPECT_EQ(ids.size(), 19u);  // one row per Params field
  EXPECT_EQ(ik::find_param("no such parameter"), nullptr);
  EXPECT_EQ(ik::find_param(nullptr), nullptr);
}

// Each row writes its own member and no other.
TEST(ParamTable, EachRowWritesItsOwnMember) {
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& p = ik::param_table()[i];
    SCOPED_TRACE(p.id);
    ik::Params params;
    if (p.kind == ik::ParamKind::vector3)
      ik::set_param3(params, p.field, glm::vec3(1.0f, -2.0f, 3.0f));
    else
      ik::set_param(params, p.field,
                    p.kind == ik::ParamKind::boolean ? 1.0f - p.default_value : p.max);
    for (int k = 0; k < ik::param_count(); ++k) {
      if (k == i) continue;
      const ik::ParamInfo& other = ik::param_table()[k];
      const ik::Params defaults;
      if (other.kind == ik::ParamKind::vector3)
        EXPECT_EQ(ik::get_param3(params, other.field), ik::get_param3(defaults, other.field))
            << other.id;
      else
        EXPECT_EQ(ik::get_param(params, other.field), ik::get_param(defaults, other.field))
            << other.id;
    }
  }
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
  ik::set_param(params, ik::find_param("max_iterations")->field, 7.6f);
  EXPECT_EQ(params.max_iterations, 8);
}

// Every solver index gets a colour of its own, also past the table's rows (a tenth solver
// needs none written down): 16 indices, 16 colours, each pair far enough apart to tell --
// but two rows that never solve the same chain (each needs its own bone count: two-bone and
// three-bone) may share one. The line styles cycle through four.
TEST(SolverTable, SixteenSolversGetSixteenDistinctColours) {
  const auto never_together = [](int a, int b) {
    if (a >= ik::solver_count() || b >= ik::solver_count()) return false;
    const int x = ik::solver_table()[a].exact_bones, y = ik::solver_table()[b].exact_bones;
    return x > 0 && y > 0 && x != y;
  };
  std::vector<glm::vec3> colours;
  for (int i = 0; i < 16; ++i) {
    const glm::vec3 c = ik::solver_colour(i);
    SCOPED_TRACE(i);
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(c[k], 0.0f);
      EXPECT_LE(c[k], 1.0f);
    }
    for (size_t j = 0; j < colours.size(); ++j) {
      if (!never_together(i, static_cast<int>(j))) {
        EXPECT_GT(glm::length(c - colours[j]), 0.15f) << "like solver " << j;
      }
    }
    colours.push_back(c);
    EXPECT_EQ(ik::solver_line_style(i), i % ik::kLineStyles);
  }
  // The styles' patterns: solid always on, the others with gaps; an unknown style is solid.
  EXPECT_EQ(ik::line_style_pattern(0)[1], 0.0f);
  for (int style = 1; style < ik::kLineStyles; ++style) EXPECT_GT(ik::line_style_pattern(style)[1], 0.0f) << style;
  EXPECT_EQ(ik::line_style_pattern(99), ik::line_style_pattern(0));
  // A row's own colour is the one it gets.
  const ik::SolverInfo& fabrik = ik::solver_table()[ik::find_solver("fabrik")];
  ASSERT_NE(fabrik.colour, 0u);
  EXPECT_NEAR(ik::solver_colour(ik::find_solver("fabrik")).r,
              static_cast<float>(fabrik.colour >> 16) / 255.0f, 1e-6f);
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
    ik::Chain chain =
        iktest::chain_to(1, bones + 1, glm::vec3(0.5f, ik::kMaxGoalCoordinate, 0.25f));
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
