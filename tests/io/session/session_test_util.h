// What the session tests share (tests/io/session/test_session_*.cpp): the humanoid, two
// sessions with every field away from its default, exact comparisons, save-and-load.
// Each test program works in a folder of its own (CleanFolder), emptied when it starts, so
// the programs may run side by side.
//
// Index: the folder (CleanFolder, session_dir), the rig (humanoid, joint), sessions with
//        every field away from its default (random_goal, random_params, rich_session,
//        small_session), exact comparisons (expect_same_*), solve_frames, save_and_load,
//        write_session_text, expect_each_edit_fails
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/gltf_test_util.h"

namespace session_test {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

inline std::string& folder_name() {
  static std::string name = "session";
  return name;
}

inline std::string session_dir() { return std::string(IKSCOPE_TEST_TMP) + "/" + folder_name(); }

// Names this program's folder and empties it before the tests run:
//   const auto* const kFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder("session_broken"));
class CleanFolder : public ::testing::Environment {
 public:
  explicit CleanFolder(const char* name) { folder_name() = name; }
  void SetUp() override {
    fs::remove_all(session_dir());
    fs::create_directories(session_dir());
  }
};

inline std::string humanoid_path() { return std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf"; }

inline const ik::Skeleton& humanoid() {
  static const ik::Skeleton skeleton = [] {
    ik::ImportedRig rig;
    std::string error;
    EXPECT_TRUE(ik::import_gltf_file(humanoid_path(), rig, error)) << error;
    return rig.skeleton;
  }();
  return skeleton;
}

inline int joint(const std::string& name) {
  const int i = ik::find_joint(humanoid(), name);
  if (i >= 0) return i;
  ADD_FAILURE() << "no joint " << name;
  return 0;
}

inline std::string read_text(const std::string& path) {
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

// ---- A session with every field away from its default --------------------------------

inline ik::Goal random_goal(std::mt19937& rng, bool use_orientation) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  ik::Goal g;
  g.position = glm::vec3{u(rng), 1.0f + u(rng), u(rng)};
  g.use_orientation = use_orientation;
  g.orientation = glm::normalize(glm::quat{u(rng), u(rng), u(rng), u(rng)});
  g.pole = glm::vec3{u(rng), u(rng), 1.0f};
  g.up = glm::vec3{u(rng), 1.0f, u(rng)};
  g.scale = 1.0f + 0.3f * u(rng);
  g.use_pole = u(rng) > 0.0f;
  g.pole_target = glm::vec3{u(rng), u(rng), u(rng)};
  g.pole_twist = u(rng);
  return g;
}

// Every param inside its UI range, none at its default.
inline ik::Params random_params(std::mt19937& rng) {
  std::uniform_real_distribution<float> t(0.05f, 0.95f);
  ik::Params p;
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    const float value = info.min + t(rng) * (info.max - info.min);
    switch (info.kind) {
      case ik::ParamKind::real:
        ik::set_param(p, info.field, value);
        break;
      case ik::ParamKind::integer:  // small, so the solves stay quick
        ik::set_param(p, info.field, std::min(value, info.min + 12.0f) + 1.0f);
        break;
      case ik::ParamKind::boolean:
        ik::set_param(p, info.field, info.default_value != 0.0f ? 0.0f : 1.0f);
        break;
      case ik::ParamKind::vector3:
        ik::set_param3(p, info.field, glm::vec3(0.1f * value, value, -0.2f * value));
        break;
    }
  }
  return p;
}

inline ik::Chain make_chain(std::mt19937& rng, const char* solver, const std::string& root,
                     const std::string& effector) {
  ik::Chain c;
  c.solver = ik::find_solver(solver);
  EXPECT_GE(c.solver, 0) << solver;
  c.root = joint(root);
  c.effector = joint(effector);
  c.goal = random_goal(rng, ik::solver_table()[c.solver].orientation_goals);
  c.params = random_params(rng);
  return c;
}

// One chain per solver of the table on the humanoid (on a limb that suits it), extra
// effectors on the first two that take them, and one more chain, disabled.
inline ik::Session rich_session() {
  std::mt19937 rng(42u);
  ik::Session s;
  s.rig_path = humanoid_path();
  const std::pair<const char*, const char*> any_chain[] = {{"LeftThigh", "LeftFoot"},
                                                           {"LeftShin", "LeftToe"},
                                                           {"RightShoulder", "RightForearm"},
                                                           {"Hips", "Chest"},
                                                           {"LeftUpperArm", "LeftHand_end"}};
  const std::pair<const char*, const char*> extra_chain[] = {{"Spine", "Head"},
                                                             {"LeftShoulder", "LeftHand"}};
  const char* extra_joint[] = {"Neck", "LeftForearm"};
  size_t next_any = 0, next_extra = 0;
  for (int i = 0; i < ik::solver_count(); ++i) {
    const ik::SolverInfo& solver = ik::solver_table()[i];
    if (solver.exact_bones == 2) {
      s.chains.push_back(make_chain(rng, solver.id, "RightUpperArm", "RightHand"));
    } else if (solver.exact_bones == 3) {
      s.chains.push_back(make_chain(rng, solver.id, "RightThigh", "RightToe"));
    } else if (solver.scale_goal) {
      s.chains.push_back(make_chain(rng, solver.id, "Neck", "Head_end"));
    } else if (solver.extra_effectors && next_extra < 2) {
      const auto& [root, effector] = extra_chain[next_extra];
      s.chains.push_back(make_chain(rng, solver.id, root, effector));
      s.chains.back().extra_effectors.push_back(
          {joint(extra_joint[next_extra]), random_goal(rng, next_extra == 0), 0.25f + next_extra});
      s.chains.back().extra_effectors.back().pinned = next_extra == 1;  // one pinned, one not
      ++next_extra;
    } else {
      const auto& [root, effector] = any_chain[next_any++ % std::size(any_chain)];
      s.chains.push_back(make_chain(rng, solver.id, root, effector));
    }
  }
  EXPECT_EQ(next_extra, 2u) << "fewer than two solvers take extra effectors";
  // The spline chain's control points (Chain::spline_points) round-trip too.
  for (ik::Chain& chain : s.chains)
    if (chain.solver == ik::find_solver("spline"))
      for (int p = 0; p < 3; ++p) chain.spline_points.push_back(random_goal(rng, false).position);
  s.chains.push_back(make_chain(rng, "ccd", "Chest", "RightShoulder"));
  s.chains.back().enabled = false;
  s.disabled_by_full_body.assign(s.chains.size(), 0);
  s.disabled_by_full_body.back() = 1;  // off because of full-body mode (app/editor/full_body_chains.h)
  s.chains.front().ik_weight = 0.35f;  // the IK weight round-trips (1 elsewhere: the default)
  s.chains.back().ik_weight = 0.0f;
  s.has_camera = true;
  s.camera.target = glm::vec3(0.1f, 0.9f, -0.3f);
  s.camera.distance = 3.3f;
  s.camera.yaw = -1.2f;
  s.camera.pitch = 0.4f;
  return s;
}

// A fixed session for the edit-and-load tests, whose messages name its chains:
//   chains[0] dls Spine -> Head, extra effector Neck; chains[1] fabrik LeftShoulder ->
//   LeftHand, extra effector LeftForearm; chains[2] two_bone RightUpperArm -> RightHand;
//   chains[3] ccd LeftThigh -> LeftFoot; and a camera.
inline ik::Session small_session() {
  std::mt19937 rng(7u);
  ik::Session s;
  s.rig_path = humanoid_path();
  s.chains.push_back(make_chain(rng, "dls", "Spine", "Head"));
  s.chains.back().extra_effectors.push_back({joint("Neck"), random_goal(rng, true), 0.5f});
  s.chains.push_back(make_chain(rng, "fabrik", "LeftShoulder", "LeftHand"));
  s.chains.back().extra_effectors.push_back({joint("LeftForearm"), random_goal(rng, false), 1.0f});
  s.chains.push_back(make_chain(rng, "two_bone", "RightUpperArm", "RightHand"));
  s.chains.push_back(make_chain(rng, "ccd", "LeftThigh", "LeftFoot"));
  s.has_camera = true;
  // Recorded goal paths: goal_paths[0] "reach" on chain 1 (positions only, 3 samples),
  // goal_paths[1] "turn" on chain 2 (with orientations, 2 samples).
  ik::SessionGoalPath reach;
  reach.chain = 1;
  reach.path.name = "reach";
  for (int k = 0; k < 3; ++k)
    reach.path.samples.push_back({0.1f * static_cast<float>(k), random_goal(rng, false).position, {}});
  ik::SessionGoalPath turn;
  turn.chain = 2;
  turn.path.name = "turn";
  turn.path.has_orientation = true;
  for (int k = 0; k < 2; ++k) {
    const ik::Goal goal = random_goal(rng, true);
    turn.path.samples.push_back({1.0f + 0.25f * static_cast<float>(k), goal.position, goal.orientation});
  }
  s.goal_paths = {reach, turn};
  return s;
}

// ---- Exact comparisons -----------------------------------------------------------------

inline void expect_same_goal(const ik::Goal& a, const ik::Goal& b, const std::string& where) {
  EXPECT_EQ(a.position, b.position) << where;
  EXPECT_EQ(a.use_orientation, b.use_orientation) << where;
  EXPECT_EQ(a.orientation, b.orientation) << where;
  EXPECT_EQ(a.pole, b.pole) << where;
  EXPECT_EQ(a.up, b.up) << where;
  EXPECT_EQ(a.scale, b.scale) << where;
  EXPECT_EQ(a.use_pole, b.use_pole) << where;
  EXPECT_EQ(a.pole_target, b.pole_target) << where;
  EXPECT_EQ(a.pole_twist, b.pole_twist) << where;
}

inline void expect_same_params(const ik::Params& a, const ik::Params& b, const std::string& where) {
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    if (info.kind == ik::ParamKind::vector3)
      EXPECT_EQ(ik::get_param3(a, info.field), ik::get_param3(b, info.field)) << where << info.id;
    else
      EXPECT_EQ(ik::get_param(a, info.field), ik::get_param(b, info.field)) << where << info.id;
  }
}

inline void expect_same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t c = 0; c < a.size(); ++c) {
    const std::string where = "chain " + std::to_string(c) + ": ";
    EXPECT_EQ(a[c].root, b[c].root) << where;
    EXPECT_EQ(a[c].effector, b[c].effector) << where;
    EXPECT_EQ(a[c].solver, b[c].solver) << where;
    EXPECT_EQ(a[c].enabled, b[c].enabled) << where;
    EXPECT_EQ(a[c].group, b[c].group) << where;
    EXPECT_EQ(a[c].follow_joint, b[c].follow_joint) << where;
    EXPECT_EQ(a[c].aim, b[c].aim) << where;
    EXPECT_EQ(a[c].aim_axis, b[c].aim_axis) << where;
    EXPECT_EQ(a[c].spline_points, b[c].spline_points) << where;
    expect_same_goal(a[c].goal, b[c].goal, where + "goal");
    ASSERT_EQ(a[c].extra_effectors.size(), b[c].extra_effectors.size()) << where;
    for (size_t e = 0; e < a[c].extra_effectors.size(); ++e) {
      EXPECT_EQ(a[c].extra_effectors[e].joint, b[c].extra_effectors[e].joint) << where;
      EXPECT_EQ(a[c].extra_effectors[e].weight, b[c].extra_effectors[e].weight) << where;
      EXPECT_EQ(a[c].extra_effectors[e].pinned, b[c].extra_effectors[e].pinned) << where;
      expect_same_goal(a[c].extra_effectors[e].goal, b[c].extra_effectors[e].goal, where + "extra");
    }
    expect_same_params(a[c].params, b[c].params, where + "params.");
    EXPECT_EQ(a[c].ik_weight, b[c].ik_weight) << where;
    EXPECT_EQ(a[c].motion, b[c].motion) << where;
    EXPECT_EQ(a[c].follow_path, b[c].follow_path) << where;
  }
}

// One flag per chain: a session built in a test may leave them out (0).
inline std::vector<std::uint8_t> full_body_marks(const ik::Session& s) {
  std::vector<std::uint8_t> marks = s.disabled_by_full_body;
  marks.resize(s.chains.size(), 0);
  return marks;
}

inline void expect_same_session(const ik::Session& a, const ik::Session& b) {
  EXPECT_EQ(a.rig_path, b.rig_path);
  expect_same_chains(a.chains, b.chains);
  EXPECT_EQ(full_body_marks(a), full_body_marks(b));
  EXPECT_EQ(a.has_camera, b.has_camera);
  EXPECT_EQ(a.camera.target, b.camera.target);
  EXPECT_EQ(a.camera.distance, b.camera.distance);
  EXPECT_EQ(a.camera.yaw, b.camera.yaw);
  EXPECT_EQ(a.camera.pitch, b.camera.pitch);
  ASSERT_EQ(a.goal_paths.size(), b.goal_paths.size());
  for (size_t i = 0; i < a.goal_paths.size(); ++i) {
    const ik::GoalPath& pa = a.goal_paths[i].path;
    const ik::GoalPath& pb = b.goal_paths[i].path;
    EXPECT_EQ(a.goal_paths[i].chain, b.goal_paths[i].chain);
    EXPECT_EQ(pa.name, pb.name);
    EXPECT_EQ(pa.has_orientation, pb.has_orientation);
    ASSERT_EQ(pa.samples.size(), pb.samples.size());
    for (size_t k = 0; k < pa.samples.size(); ++k) {
      EXPECT_EQ(pa.samples[k].time, pb.samples[k].time) << pa.name << " " << k;
      EXPECT_EQ(pa.samples[k].position, pb.samples[k].position) << pa.name << " " << k;
      if (pa.has_orientation) {
        EXPECT_EQ(pa.samples[k].orientation, pb.samples[k].orientation) << pa.name << " " << k;
      }
    }
  }
}

// Three frames of the scene solve (the mass-spring chain carries state between frames).
inline ik::Pose solve_frames(const std::vector<ik::Chain>& chains) {
  ik::Pose pose = ik::rest_pose(humanoid());
  ik::Workspace workspace;
  std::vector<ik::SolveResult> results;
  for (int frame = 0; frame < 3; ++frame)
    ik::solve_scene(humanoid(), chains, pose, workspace, results);
  return pose;
}

inline ik::Session save_and_load(const ik::Session& session, const std::string& name) {
  const std::string path = session_dir() + "/" + name;
  std::string error;
  EXPECT_TRUE(ik::save_session(path, humanoid(), session, error)) << error;
  std::string rig;
  EXPECT_TRUE(ik::read_session_rig_path(path, rig, error)) << error;
  EXPECT_TRUE(gltf_test::read_bytes(rig) == gltf_test::read_bytes(humanoid_path())) << rig;
  ik::Session loaded;
  std::vector<std::string> warnings;
  EXPECT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  return loaded;
}

inline std::string write_session_text(const std::string& name, const std::string& text) {
  const std::string path = session_dir() + "/" + name;
  gltf_test::write_text(path, text);
  return path;
}

// A session file broken one way per case (`edit` applied to a copy of `doc`), written as
// session_dir()/<name>.json: each fails to load with one line "<path>: <message>...".
struct BadEdit {
  const char* name;
  std::function<void(nlohmann::ordered_json&)> edit;
  const char* message;  // after "<path>: "
};
inline void expect_each_edit_fails(const nlohmann::ordered_json& doc, const std::vector<BadEdit>& cases) {
  for (const BadEdit& c : cases) {
    nlohmann::ordered_json broken = doc;
    c.edit(broken);
    const std::string path = session_dir() + "/" + c.name + ".json";
    std::ofstream(path) << broken.dump(2);
    ik::Session loaded;
    std::string error;
    EXPECT_FALSE(ik::load_session(path, humanoid(), loaded, error)) << c.name;
    EXPECT_NE(error.find(path + ": " + c.message), std::string::npos) << c.name << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << c.name;
  }
}

}  // namespace session_test
