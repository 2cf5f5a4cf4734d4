#include "tests/soak/soak_self_test.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "solvers/ik/workspace.h"
#include "tests/soak/soak_cases.h"
#include "tests/soak/soak_checks.h"
#include "tests/soak/soak_rng.h"

namespace soak {
namespace {

struct Solved {
  Case c;
  ik::Pose after;
  ik::SolveResult result;
  int limited_joint = -1;  // a chain joint with enabled limits, not locked
  int outside_joint = -1;  // a joint outside the chain
};

// A reachable case of `solver` with a limited chain joint and a joint outside the chain,
// that the solver passes cleanly.
bool find_clean_case(int solver_index, Solved& out) {
  const ik::SolverInfo& solver = ik::solver_table()[solver_index];
  for (std::uint64_t index = 0; index < 20000; ++index) {
    Rng rng(case_seed(7, solver_index, index));
    Case c = make_case(solver, rng);
    if (c.kind != Kind::reachable || !c.locked.empty() || c.solves.size() != 1) continue;
    const ik::Chain& chain = c.solves[0];
    if (!chain.extra_effectors.empty() || !chain.params.use_limits) continue;
    Solved s;
    for (int j = chain.effector; j >= 0; j = c.skeleton.parent[static_cast<size_t>(j)]) {
      // (Not the full-body solver's root: its translation is free, so spoiling it proves nothing.)
      const bool free_root = j == chain.root && std::strcmp(solver.id, "full_body") == 0;
      if (c.skeleton.limits[static_cast<size_t>(j)].enabled && s.limited_joint < 0 && !free_root)
        s.limited_joint = j;
      if (j == chain.root) break;
    }
    for (int j = 0; j < c.skeleton.joint_count() && s.outside_joint < 0; ++j)
      if (j < chain.root || j >= c.skeleton.subtree_end[static_cast<size_t>(chain.root)] ||
          j > chain.effector)
        s.outside_joint = j;
    if (s.limited_joint < 0 || s.outside_joint < 0) continue;
    s.after = c.pose;
    ik::Workspace workspace;
    s.result = solver.solve(c.skeleton, chain, s.after, workspace, nullptr);
    if (s.result.status == ik::SolveStatus::invalid_input) continue;
    s.c = std::move(c);
    SolveRecord record{&solver, &s.c.skeleton, &s.c.solves[0], &s.c.locked, &s.c.pose,
                       &s.after, s.result, false};
    std::vector<Violation> violations;
    check_solve(record, violations);
    if (!violations.empty()) continue;
    out = std::move(s);
    return true;
  }
  return false;
}

// Checks `after` / `result` as a solve of `s`'s case; true if `expected` is among the
// violations found.
bool caught(int solver_index, const Solved& s, const ik::Pose& after,
            const ik::SolveResult& result, bool expect_invalid, const char* expected,
            const std::vector<float>* stiffness = nullptr, float root_translation_stiffness = 4.0f) {
  const ik::SolverInfo& solver = ik::solver_table()[solver_index];
  SolveRecord record{&solver, &s.c.skeleton, &s.c.solves[0], &s.c.locked, &s.c.pose,
                     &after, result, expect_invalid, stiffness, root_translation_stiffness};
  std::vector<Violation> violations;
  check_solve(record, violations);
  for (const Violation& v : violations)
    if (std::string(v.check) == expected) return true;
  return false;
}

}  // namespace

bool self_test() {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  bool all = true;
  for (int i = 0; i < ik::solver_count(); ++i) {
    const ik::SolverInfo& solver = ik::solver_table()[i];
    Solved s;
    if (!find_clean_case(i, s)) {
      std::printf("self-test %s: no clean case found\n", solver.id);
      all = false;
      continue;
    }
    const size_t limited = static_cast<size_t>(s.limited_joint);
    const size_t outside = static_cast<size_t>(s.outside_joint);
    const ik::Transform& rest = s.c.skeleton.rest[limited];
    const ik::JointLimits& limits = s.c.skeleton.limits[limited];
    std::vector<std::string> missed;
    auto expect = [&](const char* check, const ik::Pose& after, const ik::SolveResult& result,
                      bool expect_invalid = false) {
      if (!caught(i, s, after, result, expect_invalid, check)) missed.push_back(check);
    };

    ik::Pose p = s.after;
    p.local[limited].rotation.x = nan;
    expect("finite", p, s.result);

    p = s.after;
    p.local[limited].translation.x += 0.5f;
    expect("translation", p, s.result);

    p = s.after;
    p.local[outside].rotation = glm::normalize(p.local[outside].rotation * glm::quat(0.9f, 0.1f, 0.2f, 0.3f));
    expect("outside the chain", p, s.result);

    ik::SolveResult bad_result = s.result;
    bad_result.error = std::numeric_limits<float>::infinity();
    expect("result", s.after, bad_result);

    // Invalid input: a changed pose, or a status other than invalid_input.
    ik::SolveResult invalid = s.result;
    invalid.status = ik::SolveStatus::invalid_input;
    p = s.after;
    p.local[limited].rotation = glm::normalize(p.local[limited].rotation * glm::quat(0.9f, 0.3f, 0.0f, 0.0f));
    expect("untouched", p, invalid, true);
    expect("expected invalid", s.after, s.result, true);

    if (solver.scale_goal) {
      p = s.after;
      p.local[limited].scale = rest.scale * (s.c.solves[0].params.max_scale * 2.0f);
      expect("scale range", p, s.result);
      p = s.after;
      p.local[limited].rotation = glm::normalize(p.local[limited].rotation * glm::quat(0.9f, 0.3f, 0.0f, 0.0f));
      expect("rotation", p, s.result);
    } else {
      p = s.after;
      p.local[limited].scale *= 1.5f;
      expect("scale", p, s.result);
      p = s.after;
      p.local[limited].rotation *= 1.01f;
      expect("unit rotation", p, s.result);
      // Well outside the limits: a swing off a hinge's axis, or past the X range of a ball.
      p = s.after;
      const glm::vec3 off = limits.hinge ? glm::normalize(glm::cross(limits.hinge_axis, glm::vec3(0.3f, 0.5f, 0.8f)))
                                         : glm::vec3(1.0f, 0.0f, 0.0f);
      const float angle = limits.hinge ? 1.0f : limits.max.x + 0.5f;
      p.local[limited].rotation = rest.rotation * glm::angleAxis(angle, off);
      expect("limits", p, s.result);
    }

    if (std::strcmp(solver.id, "full_body") == 0) {
      // Held still: the limited joint given infinite stiffness but turned; the root moved
      // with an infinite translation stiffness.
      const float inf = std::numeric_limits<float>::infinity();
      std::vector<float> stiffness(s.after.local.size(), 1.0f);
      stiffness[limited] = inf;
      p = s.after;
      p.local[limited].rotation = glm::normalize(p.local[limited].rotation * glm::quat(0.999f, 0.01f, 0.0f, 0.0f));
      if (!caught(i, s, p, s.result, false, "held still", &stiffness)) missed.push_back("held still (joint)");
      p = s.c.pose;
      p.local[static_cast<size_t>(s.c.solves[0].root)].translation.y += 0.01f;
      if (!caught(i, s, p, s.result, false, "held still", nullptr, inf)) missed.push_back("held still (root)");
    }

    if (missed.empty()) {
      std::printf("self-test %-20s every check catches its fault\n", solver.id);
    } else {
      all = false;
      std::printf("self-test %-20s MISSED:", solver.id);
      for (const std::string& m : missed) std::printf(" %s", m.c_str());
      std::printf("\n");
    }
  }
  return all;
}

}  // namespace soak
