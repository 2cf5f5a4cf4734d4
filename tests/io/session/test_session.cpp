// Session files (io/session/session.h): save -> load gives the same chains, field by field,
// and the same solve; every broken file gets its own one-line message and leaves the
// session as it was; saving is atomic and never touches the rig file.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>

#include "io/files/atomic_file.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string session_dir() { return std::string(IKSCOPE_TEST_TMP) + "/session"; }

class CleanFolder : public ::testing::Environment {
 public:
  void SetUp() override {
    fs::remove_all(session_dir());
    fs::create_directories(session_dir());
  }
};
const auto* const kCleanFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder);

std::string humanoid_path() { return std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf"; }

const ik::Skeleton& humanoid() {
  static const ik::Skeleton skeleton = [] {
    ik::ImportedRig rig;
    std::string error;
    EXPECT_TRUE(ik::import_gltf_file(humanoid_path(), rig, error)) << error;
    return rig.skeleton;
  }();
  return skeleton;
}

int joint(const std::string& name) {
  const int i = ik::find_joint(humanoid(), name);
  if (i >= 0) return i;
  ADD_FAILURE() << "no joint " << name;
  return 0;
}

std::string read_text(const std::string& path) {
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

// ---- A session with every field away from its default --------------------------------

ik::Goal random_goal(std::mt19937& rng, bool use_orientation) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  ik::Goal g;
  g.position = glm::vec3(u(rng), 1.0f + u(rng), u(rng));
  g.use_orientation = use_orientation;
  g.orientation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
  g.pole = glm::vec3(u(rng), u(rng), 1.0f);
  g.up = glm::vec3(u(rng), 1.0f, u(rng));
  g.scale = 1.0f + 0.3f * u(rng);
  g.use_pole = u(rng) > 0.0f;
  g.pole_target = glm::vec3(u(rng), u(rng), u(rng));
  g.pole_twist = u(rng);
  return g;
}

// Every param inside its UI range, none at its default.
ik::Params random_params(std::mt19937& rng) {
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

ik::Chain make_chain(std::mt19937& rng, const char* solver, const std::string& root,
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
ik::Session rich_session() {
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
ik::Session small_session() {
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

void expect_same_goal(const ik::Goal& a, const ik::Goal& b, const std::string& where) {
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

void expect_same_params(const ik::Params& a, const ik::Params& b, const std::string& where) {
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    if (info.kind == ik::ParamKind::vector3)
      EXPECT_EQ(ik::get_param3(a, info.field), ik::get_param3(b, info.field)) << where << info.id;
    else
      EXPECT_EQ(ik::get_param(a, info.field), ik::get_param(b, info.field)) << where << info.id;
  }
}

void expect_same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b) {
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
std::vector<std::uint8_t> full_body_marks(const ik::Session& s) {
  std::vector<std::uint8_t> marks = s.disabled_by_full_body;
  marks.resize(s.chains.size(), 0);
  return marks;
}

void expect_same_session(const ik::Session& a, const ik::Session& b) {
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
ik::Pose solve_frames(const std::vector<ik::Chain>& chains) {
  ik::Pose pose = ik::rest_pose(humanoid());
  ik::Workspace workspace;
  std::vector<ik::SolveResult> results;
  for (int frame = 0; frame < 3; ++frame)
    ik::solve_scene(humanoid(), chains, pose, workspace, results);
  return pose;
}

ik::Session save_and_load(const ik::Session& session, const std::string& name) {
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

TEST(Session, SaveThenLoadGivesTheSameChainsFieldByField) {
  const ik::Session saved = rich_session();
  // Every solver of the table is in the session.
  for (int i = 0; i < ik::solver_count(); ++i) {
    bool used = false;
    for (const ik::Chain& c : saved.chains) used = used || c.solver == i;
    EXPECT_TRUE(used) << ik::solver_table()[i].id;
  }
  const ik::Session loaded = save_and_load(saved, "rich.json");
  expect_same_session(saved, loaded);
}

// The chains from roles (groups, following goals, an aim chain) and edited roles come back.
TEST(Session, GroupsGoalSpacesAimsAndRolesRoundTrip) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(humanoid_path(), rig, error)) << error;
  ik::Session saved;
  saved.rig_path = humanoid_path();
  saved.chains = ik::suggest_rig_chains(humanoid(), rig.roles, ik::rest_pose(humanoid()), ik::find_solver("dls"));
  int following = 0, aiming = 0, limbs = 0;
  for (ik::Chain& c : saved.chains) {
    following += c.follow_joint >= 0;
    aiming += c.aim;
    limbs += c.group == ik::ChainGroup::limbs;
  }
  EXPECT_GT(following, 0);
  EXPECT_GT(aiming, 0);
  EXPECT_GT(limbs, 0);
  saved.chains[0].enabled = false;
  saved.chains.back().aim = true;  // an unusual axis
  saved.chains.back().aim_axis = glm::normalize(glm::vec3(0.3f, -0.2f, 0.9f));
  saved.has_roles = true;
  saved.roles = rig.roles;
  saved.roles[static_cast<size_t>(joint("LeftToe"))] = ik::JointRole{};  // edited: no role
  saved.roles[static_cast<size_t>(joint("Head_end"))].role = ik::Role::jaw;
  const ik::Session loaded = save_and_load(saved, "roles.json");
  expect_same_session(saved, loaded);
  ASSERT_TRUE(loaded.has_roles);
  ASSERT_EQ(loaded.roles.size(), saved.roles.size());
  for (size_t j = 0; j < saved.roles.size(); ++j) EXPECT_TRUE(loaded.roles[j] == saved.roles[j]) << j;
  // A session without roles leaves the rig's own.
  ik::Session plain = saved;
  plain.has_roles = false;
  EXPECT_FALSE(save_and_load(plain, "no_roles.json").has_roles);
}

// Goal paths come back bit for bit, under the keys the header documents.
TEST(Session, GoalPathsSaveAndLoadPerChain) {
  const ik::Session saved = small_session();
  ASSERT_EQ(saved.goal_paths.size(), 2u);
  const ik::Session loaded = save_and_load(saved, "goal_paths.json");
  expect_same_session(saved, loaded);
  const Json doc = Json::parse(read_text(session_dir() + "/goal_paths.json"));
  ASSERT_EQ(doc["goal_paths"].size(), 2u);
  EXPECT_EQ(doc["goal_paths"][0]["chain"], 1);
  EXPECT_EQ(doc["goal_paths"][0]["name"], "reach");
  EXPECT_EQ(doc["goal_paths"][0]["times"].size(), 3u);
  EXPECT_EQ(doc["goal_paths"][0]["positions"].size(), 3u);
  EXPECT_FALSE(doc["goal_paths"][0].contains("orientations"));
  EXPECT_EQ(doc["goal_paths"][1]["orientations"].size(), 2u);
  // A session without paths writes no key.
  ik::Session none = small_session();
  none.goal_paths.clear();
  std::string error;
  ASSERT_TRUE(ik::save_session(session_dir() + "/no_paths.json", humanoid(), none, error)) << error;
  EXPECT_FALSE(Json::parse(read_text(session_dir() + "/no_paths.json")).contains("goal_paths"));
}

// Goal modes driven by motion (solvers/ik/goal_space.h): chain 1 follows its path "reach",
// chain 3 the animation (its goal an offset); the others write no key.
TEST(Session, GoalModesSaveAndLoad) {
  ik::Session saved = small_session();
  saved.chains[1].motion = ik::Chain::Motion::path;
  saved.chains[1].follow_path = "reach";
  saved.chains[3].motion = ik::Chain::Motion::animated;
  saved.chains[3].goal.position = {0.05f, -0.02f, 0.0f};
  const ik::Session loaded = save_and_load(saved, "goal_modes.json");
  expect_same_session(saved, loaded);
  const Json doc = Json::parse(read_text(session_dir() + "/goal_modes.json"));
  EXPECT_EQ(doc["chains"][1]["goal_motion"], Json({{"mode", "path"}, {"path", "reach"}}));
  EXPECT_EQ(doc["chains"][3]["goal_motion"], Json({{"mode", "animation"}}));
  EXPECT_FALSE(doc["chains"][0].contains("goal_motion"));
  // A chain cannot follow another chain's path: "turn" is chain 2's.
  saved.chains[1].follow_path = "turn";
  std::string error;
  const std::string path = session_dir() + "/goal_modes_bad.json";
  EXPECT_FALSE(ik::save_session(path, humanoid(), saved, error));
  EXPECT_EQ(error, path + ": cannot save: chains[1].goal_motion.path: chain 1 has no goal path named 'turn'");
}

// A full-body setup (solvers/rig/full_body_setup.h: the feet pinned) keeps which effectors are
// pinned: here one foot unpinned and the head pinned instead, so neither the default nor a
// reader that ignores the key would pass. A session older than pins loads them unpinned.
TEST(Session, FullBodyPinsRoundTrip) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(humanoid_path(), rig, error)) << error;
  ik::RigRoles roles;
  roles.joints = rig.roles;
  std::vector<glm::mat4> world;
  ik::fk_all(humanoid(), ik::rest_pose(humanoid()), world);
  ik::Session saved;
  saved.rig_path = humanoid_path();
  saved.chains.resize(1);
  ASSERT_TRUE(ik::full_body_chain(humanoid(), roles, world, ik::find_solver("full_body"), saved.chains[0]));
  std::vector<ik::EffectorGoal>& effectors = saved.chains[0].extra_effectors;
  int pinned = 0;
  for (ik::EffectorGoal& e : effectors) {
    if (e.joint == joint("LeftFoot")) e.pinned = false;
    if (e.joint == joint("Head")) e.pinned = true;
    pinned += e.pinned;
  }
  ASSERT_EQ(pinned, 2) << "the right foot and the head";
  const ik::Session loaded = save_and_load(saved, "full_body_pins.json");
  expect_same_session(saved, loaded);
  const Json doc = Json::parse(read_text(session_dir() + "/full_body_pins.json"));
  for (const Json& e : doc["chains"][0]["extra_effectors"]) EXPECT_TRUE(e["pinned"].is_boolean()) << e.dump();

  Json older = doc;
  for (Json& e : older["chains"][0]["extra_effectors"]) e.erase("pinned");
  const std::string path = session_dir() + "/full_body_pins_older.json";
  gltf_test::write_text(path, older.dump(2));
  ik::Session unpinned;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), unpinned, error, &warnings)) << error;
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(unpinned.chains[0].extra_effectors.size(), effectors.size());
  for (const ik::EffectorGoal& e : unpinned.chains[0].extra_effectors) EXPECT_FALSE(e.pinned) << e.joint;
}

TEST(Session, SavingABadGoalPathFails) {
  ik::Session session = small_session();
  session.goal_paths[0].path.samples[2].time = 0.0f;
  const std::string path = session_dir() + "/bad_goal_path.json";
  std::string error;
  EXPECT_FALSE(ik::save_session(path, humanoid(), session, error));
  EXPECT_EQ(error, path + ": cannot save: goal_paths[0]: goal path 'reach': sample 2: time 0 is not after the "
                          "previous sample's 0.1");
}

TEST(Session, LoadedChainsSolveExactlyAsTheSavedOnes) {
  const ik::Session saved = rich_session();
  const ik::Session loaded = save_and_load(saved, "solve.json");
  const ik::Pose rest = ik::rest_pose(humanoid());
  const ik::Pose from_saved = solve_frames(saved.chains);
  const ik::Pose from_loaded = solve_frames(loaded.chains);
  ASSERT_EQ(from_saved.local.size(), from_loaded.local.size());
  int moved = 0;
  for (size_t j = 0; j < from_saved.local.size(); ++j) {
    EXPECT_EQ(from_saved.local[j].translation, from_loaded.local[j].translation) << j;
    EXPECT_EQ(from_saved.local[j].rotation, from_loaded.local[j].rotation) << j;
    EXPECT_EQ(from_saved.local[j].scale, from_loaded.local[j].scale) << j;
    moved += from_saved.local[j].rotation != rest.local[j].rotation ||
             from_saved.local[j].scale != rest.local[j].scale;
  }
  EXPECT_GE(moved, 10);  // the solve did something, so equal poses mean something
}

// The file names params by their stable ids and solvers by id, floats in short form.
TEST(Session, FileNamesEveryParamAndTheSolverById) {
  ik::Session saved = small_session();
  saved.camera.distance = 3.3f;
  const std::string path = session_dir() + "/ids.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), saved, error)) << error;
  const Json doc = Json::parse(read_text(path));
  EXPECT_EQ(doc["format"], "ikscope-session");
  EXPECT_EQ(doc["version"], 1);
  const Json& chain = doc["chains"][0];
  EXPECT_EQ(chain["solver"], "dls");
  EXPECT_EQ(chain["root"], Json({{"index", joint("Spine")}, {"name", "Spine"}}));
  EXPECT_EQ(chain["params"].size(), static_cast<size_t>(ik::param_count()));
  for (int i = 0; i < ik::param_count(); ++i)
    EXPECT_TRUE(chain["params"].contains(ik::param_table()[i].id)) << ik::param_table()[i].id;
  EXPECT_NE(read_text(path).find("\"distance\": 3.3,"), std::string::npos);
}

// ---- Rig path --------------------------------------------------------------------------

TEST(Session, RigPathIsStoredRelativeToTheSessionFolder) {
  const std::string project = session_dir() + "/project";
  fs::create_directories(project + "/rigs");
  fs::copy_file(humanoid_path(), project + "/rigs/body.gltf");
  ik::Session session;
  session.rig_path = project + "/rigs/body.gltf";
  std::string error;
  ASSERT_TRUE(ik::save_session(project + "/s.json", humanoid(), session, error)) << error;
  EXPECT_EQ(Json::parse(read_text(project + "/s.json"))["rig_path"], "rigs/body.gltf");

  // The whole folder moves: the relative path still finds the rig.
  const std::string moved = session_dir() + "/moved_project";
  fs::rename(project, moved);
  std::string rig;
  ASSERT_TRUE(ik::read_session_rig_path(moved + "/s.json", rig, error)) << error;
  EXPECT_EQ(rig, moved + "/rigs/body.gltf");
  ik::Session loaded;
  ASSERT_TRUE(ik::load_session(moved + "/s.json", humanoid(), loaded, error)) << error;
  EXPECT_EQ(loaded.rig_path, moved + "/rigs/body.gltf");
}

TEST(Session, OnlyTheSessionMovesThenTheAbsolutePathFindsTheRig) {
  const std::string here = session_dir() + "/here";
  fs::create_directories(here);
  ik::Session session;
  session.rig_path = humanoid_path();
  std::string error;
  ASSERT_TRUE(ik::save_session(here + "/s.json", humanoid(), session, error)) << error;
  const Json doc = Json::parse(read_text(here + "/s.json"));
  EXPECT_EQ(doc["rig_path"].get<std::string>().rfind("../", 0), 0u) << doc["rig_path"];
  EXPECT_EQ(doc["rig_path_absolute"], fs::path(humanoid_path()).lexically_normal().string());

  const std::string deeper = session_dir() + "/here/a/b";
  fs::create_directories(deeper);
  fs::rename(here + "/s.json", deeper + "/s.json");
  std::string rig;
  ASSERT_TRUE(ik::read_session_rig_path(deeper + "/s.json", rig, error)) << error;
  EXPECT_TRUE(fs::equivalent(rig, humanoid_path())) << rig;
}

// ---- Loading what a person might write -------------------------------------------------

std::string write_session_text(const std::string& name, const std::string& text) {
  const std::string path = session_dir() + "/" + name;
  gltf_test::write_text(path, text);
  return path;
}

TEST(Session, MissingOptionalFieldsTakeTheDefaults) {
  const std::string path =
      write_session_text("minimal.json", R"({
    "format": "ikscope-session", "version": 1, "rig_path": ")" +
                                             humanoid_path() + R"(",
    "chains": [{"solver": "ccd", "root": {"name": "LeftShoulder"}, "effector": {"index": )" +
                                             std::to_string(joint("LeftHand")) + R"(},
                "goal": {"position": [0.5, 1.2, 0.1]}}]})");
  ik::Session loaded;
  std::string error;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  EXPECT_FALSE(loaded.has_camera);
  ASSERT_EQ(loaded.chains.size(), 1u);
  const ik::Chain& c = loaded.chains[0];
  EXPECT_EQ(c.solver, ik::find_solver("ccd"));
  EXPECT_EQ(c.root, joint("LeftShoulder"));
  EXPECT_EQ(c.effector, joint("LeftHand"));
  EXPECT_TRUE(c.enabled);
  EXPECT_TRUE(c.extra_effectors.empty());
  ik::Goal want_goal;
  want_goal.position = glm::vec3(0.5f, 1.2f, 0.1f);
  expect_same_goal(c.goal, want_goal, "goal");
  expect_same_params(c.params, ik::Params{}, "params.");
  EXPECT_EQ(c.ik_weight, 1.0f);  // sessions older than the IK weight: the IK as solved
  EXPECT_TRUE(loaded.goal_paths.empty());  // sessions older than goal paths have none
  EXPECT_EQ(loaded.disabled_by_full_body, std::vector<std::uint8_t>{0});  // nor marks of full-body mode
}

// The rig gained a joint: the saved indices point one off, the names still find them.
TEST(Session, JointsAreFoundByNameWhenTheIndexHoldsAnotherJoint) {
  const std::string path = session_dir() + "/renumbered.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), small_session(), error)) << error;
  Json doc = Json::parse(read_text(path));
  doc["chains"][1]["root"]["index"] = joint("LeftShoulder") + 1;
  doc["chains"][1]["effector"]["index"] = 999;
  gltf_test::write_text(path, doc.dump(2));
  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_EQ(loaded.chains[1].root, joint("LeftShoulder"));
  EXPECT_EQ(loaded.chains[1].effector, joint("LeftHand"));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0], "chains[1].root: found 'LeftShoulder' by name as joint " +
                             std::to_string(joint("LeftShoulder")) + " (joint " +
                             std::to_string(joint("LeftShoulder") + 1) +
                             " is 'LeftUpperArm' in this rig)");
  EXPECT_EQ(warnings[1], "chains[1].effector: found 'LeftHand' by name as joint " +
                             std::to_string(joint("LeftHand")) + " (index 999 is out of range)");
}

TEST(Session, UnknownKeysAreIgnoredWithAWarning) {
  const std::string path = session_dir() + "/unknown_keys.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), small_session(), error)) << error;
  Json doc = Json::parse(read_text(path));
  doc["chains"][0]["params"]["future_knob"] = 3;
  doc["chains"][0]["colour"] = "red";
  gltf_test::write_text(path, doc.dump(2));
  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_EQ(warnings,
            (std::vector<std::string>{"chains[0].colour: unknown, ignored",
                                      "chains[0].params.future_knob: unknown parameter, ignored"}));
  expect_same_chains(loaded.chains, small_session().chains);
}

// ---- Broken files: one message each, session untouched ---------------------------------

struct Broken {
  const char* label;
  std::function<void(Json&)> edit;  // applied to a valid saved session
  std::string message;              // expected error after "<path>: "
};

// "fabrik, ccd, ..." in table order.
std::string known_solvers() {
  std::string list;
  for (int i = 0; i < ik::solver_count(); ++i)
    list += (i ? ", " : "") + std::string(ik::solver_table()[i].id);
  return list;
}

// "none, hips, spine, ..." in enum order.
std::string known_roles() {
  std::string list;
  for (int r = 0; r <= static_cast<int>(ik::Role::twist); ++r)
    list += (r ? ", " : "") + std::string(ik::role_name(static_cast<ik::Role>(r)));
  return list;
}

// What roles_problem says when the head and the neck both claim the head's role.
std::string head_claimed_twice() {
  std::vector<ik::JointRole> roles(static_cast<size_t>(humanoid().joint_count()));
  roles[static_cast<size_t>(joint("Head"))].role = ik::Role::head;
  roles[static_cast<size_t>(joint("Neck"))].role = ik::Role::head;
  return ik::roles_problem(humanoid(), roles);
}

std::vector<Broken> broken_cases() {
  const std::string n = std::to_string(humanoid().joint_count());
  return {
      {"format", [](Json& d) { d["format"] = "something-else"; },
       "not an ikscope session ('format' is not \"ikscope-session\")"},
      {"top_level_array",
       [](Json& d) {
         d = Json::array({1, 2});
       },
       "not an ikscope session (the file is an array of 2, not an object)"},
      {"newer_version", [](Json& d) { d["version"] = 2; },
       "version: the file is version 2, newer than this ikscope reads (1)"},
      {"version_string", [](Json& d) { d["version"] = "1"; },
       "version: must be a whole number within +-16777216, not a string"},
      {"no_rig_path", [](Json& d) { d.erase("rig_path"); }, "missing 'rig_path'"},
      {"chains_object", [](Json& d) { d["chains"] = Json::object(); },
       "chains: must be an array, not an object"},
      {"unknown_solver", [](Json& d) { d["chains"][1]["solver"] = "fabrk"; },
       "chains[1].solver: unknown solver 'fabrk' (known: " + known_solvers() + ")"},
      {"solver_index", [](Json& d) { d["chains"][1]["solver"] = 0; },
       "chains[1].solver: must be a string, not the number 0"},
      {"joint_out_of_range",
       [](Json& d) {
         d["chains"][1]["root"] = {{"index", 999}};
       },
       "chains[1].root: joint index 999 is out of range (the rig has " + n + " joints)"},
      {"joint_negative",
       [](Json& d) {
         d["chains"][1]["root"] = {{"index", -1}};
       },
       "chains[1].root: joint index -1 is out of range (the rig has " + n + " joints)"},
      {"joint_name_unknown", [](Json& d) { d["chains"][1]["effector"]["name"] = "Tail"; },
       "chains[1].effector: the rig has no joint named 'Tail' (joint " +
           std::to_string(joint("LeftHand")) + " is 'LeftHand' in this rig)"},
      {"joint_empty", [](Json& d) { d["chains"][1]["effector"] = Json::object(); },
       "chains[1].effector: needs an 'index' or a 'name'"},
      {"root_not_ancestor",
       [](Json& d) {
         d["chains"][1]["root"] = {{"index", joint("Head")}, {"name", "Head"}};
         d["chains"][1]["extra_effectors"] = Json::array();
       },
       "chains[1]: root joint " + std::to_string(joint("Head")) +
           " 'Head' is not an ancestor of effector joint " + std::to_string(joint("LeftHand")) +
           " 'LeftHand'"},
      {"nan_as_null", [](Json& d) { d["chains"][0]["goal"]["position"][1] = nullptr; },
       "chains[0].goal.position[1]: must be a number, not null"},
      {"overflow", [](Json& d) { d["chains"][0]["goal"]["pole"][2] = 1e39; },
       "chains[0].goal.pole[2]: must be a finite number, not 1e+39"},
      {"iterations_string", [](Json& d) { d["chains"][0]["params"]["max_iterations"] = "16"; },
       "chains[0].params.max_iterations: must be a whole number within +-16777216, not a string"},
      {"iterations_fraction", [](Json& d) { d["chains"][0]["params"]["max_iterations"] = 2.5; },
       "chains[0].params.max_iterations: must be a whole number within +-16777216, not the number "
       "2.5"},
      {"bool_as_number", [](Json& d) { d["chains"][0]["params"]["use_limits"] = 1; },
       "chains[0].params.use_limits: must be true or false, not the number 1"},
      {"gravity_short",
       [](Json& d) {
         d["chains"][0]["params"]["gravity"] = {0, -9.81};
       },
       "chains[0].params.gravity: must be an array of 3 numbers, not an array of 2"},
      {"params_array", [](Json& d) { d["chains"][0]["params"] = Json::array(); },
       "chains[0].params: must be an object, not an array of 0"},
      {"no_goal", [](Json& d) { d["chains"][2].erase("goal"); }, "chains[2]: missing 'goal'"},
      {"no_goal_position", [](Json& d) { d["chains"][2]["goal"].erase("position"); },
       "chains[2].goal: missing 'position'"},
      {"zero_quaternion",
       [](Json& d) {
         d["chains"][0]["goal"]["orientation"] = {0, 0, 0, 0};
       },
       "chains[0].goal.orientation: must not be a zero quaternion"},
      {"two_bone_on_three",
       [](Json& d) {
         d["chains"][2]["root"] = {{"index", joint("RightShoulder")}, {"name", "RightShoulder"}};
       },
       "chains[2]: solver 'two_bone' needs a chain of exactly 2 bones; this one has 3"},
      {"extra_outside",
       [](Json& d) {
         d["chains"][1]["extra_effectors"][0]["joint"] = {{"index", joint("Head")},
                                                          {"name", "Head"}};
       },
       "chains[1].extra_effectors[0]: joint " + std::to_string(joint("Head")) +
           " 'Head' is not below the chain's root joint " + std::to_string(joint("LeftShoulder")) +
           " 'LeftShoulder'"},
      {"ik_weight_above_one", [](Json& d) { d["chains"][2]["ik_weight"] = 1.5; },
       "chains[2].ik_weight: must be between 0 and 1"},
      {"ik_weight_string", [](Json& d) { d["chains"][2]["ik_weight"] = "half"; },
       "chains[2].ik_weight: must be a number, not a string"},
      {"negative_weight", [](Json& d) { d["chains"][1]["extra_effectors"][0]["weight"] = -1; },
       "chains[1].extra_effectors[0].weight: must not be negative"},
      {"pinned_number", [](Json& d) { d["chains"][1]["extra_effectors"][0]["pinned"] = 1; },
       "chains[1].extra_effectors[0].pinned: must be true or false, not the number 1"},
      {"pinned_string", [](Json& d) { d["chains"][0]["extra_effectors"][0]["pinned"] = "yes"; },
       "chains[0].extra_effectors[0].pinned: must be true or false, not a string"},
      {"enabled_string", [](Json& d) { d["chains"][3]["enabled"] = "yes"; },
       "chains[3].enabled: must be true or false, not a string"},
      {"disabled_by_full_body_number", [](Json& d) { d["chains"][2]["disabled_by_full_body"] = 1; },
       "chains[2].disabled_by_full_body: must be true or false, not the number 1"},
      {"use_pole_number", [](Json& d) { d["chains"][0]["goal"]["use_pole"] = 1; },
       "chains[0].goal.use_pole: must be true or false, not the number 1"},
      {"pole_target_short", [](Json& d) { d["chains"][0]["goal"]["pole_target"] = {0, 1}; },
       "chains[0].goal.pole_target: must be an array of 3 numbers, not an array of 2"},
      {"pole_twist_overflow", [](Json& d) { d["chains"][0]["goal"]["pole_twist"] = 1e39; },
       "chains[0].goal.pole_twist: must be a finite number, not 1e+39"},
      {"camera_distance", [](Json& d) { d["camera"]["distance"] = 0; },
       "camera.distance: must be positive"},
      // ---- Groups, goal spaces, aims, roles ----
      {"unknown_group", [](Json& d) { d["chains"][1]["group"] = "arms"; },
       "chains[1].group: unknown group 'arms' (known: other, fingers, limbs, spine, head, tail)"},
      {"follow_joint_inside_the_chain",
       [](Json& d) {
         d["chains"][1]["follow_joint"] = {{"name", "LeftForearm"}};
       },
       "chains[1].follow_joint: joint " + std::to_string(joint("LeftForearm")) +
           " is at or below the chain's root, so it moves with the chain"},
      {"follow_joint_unknown",
       [](Json& d) {
         d["chains"][1]["follow_joint"] = {{"name", "Tail"}};
       },
       "chains[1].follow_joint: the rig has no joint named 'Tail'"},
      {"aim_zero_axis",
       [](Json& d) {
         d["chains"][0]["aim"] = {{"axis", {0, 0, 0}}};
       },
       "chains[0].aim.axis: must be a non-zero direction"},
      {"unknown_role",
       [](Json& d) {
         d["roles"] = Json::array({{{"joint", {{"name", "Head"}}}, {"role", "skull"}}});
       },
       "roles[0].role: unknown name 'skull' (known: " + known_roles() + ")"},
      {"role_claimed_twice",
       [](Json& d) {
         d["roles"] = Json::array(
             {{{"joint", {{"name", "Head"}}}, {"role", "head"}}, {{"joint", {{"name", "Neck"}}}, {"role", "head"}}});
       },
       "roles: " + head_claimed_twice()},
      {"goal_paths_object", [](Json& d) { d["goal_paths"] = Json::object(); },
       "goal_paths: must be an array, not an object"},
      {"goal_path_chain", [](Json& d) { d["goal_paths"][1]["chain"] = 4; },
       "goal_paths[1].chain: chain 4 is not in this session (it has 4 chains)"},
      {"goal_path_no_name", [](Json& d) { d["goal_paths"][0].erase("name"); }, "goal_paths[0]: missing 'name'"},
      {"goal_path_times", [](Json& d) { d["goal_paths"][0]["times"][1] = 0.5; },
       "goal_paths[0]: goal path 'reach': sample 2: time 0.2 is not after the previous sample's 0.5"},
      {"goal_path_positions", [](Json& d) { d["goal_paths"][0]["positions"].erase(0); },
       "goal_paths[0].positions: must be an array of 3 positions (one per time), not an array of 2"},
      {"goal_path_orientations", [](Json& d) { d["goal_paths"][1].erase("orientations"); },
       "goal_paths[1]: missing 'orientations'"},
      {"goal_path_nan", [](Json& d) { d["goal_paths"][0]["positions"][1][2] = "x"; },
       "goal_paths[0].positions[1][2]: must be a number, not a string"},
      {"goal_path_empty", [](Json& d) {
         d["goal_paths"][0]["times"] = Json::array();
         d["goal_paths"][0]["positions"] = Json::array();
       },
       "goal_paths[0]: goal path 'reach': has no samples"},
      {"goal_path_twice", [](Json& d) { d["goal_paths"][1]["chain"] = 1; d["goal_paths"][1]["name"] = "reach"; },
       "goal_paths[1].name: chain 1 already has a goal path named 'reach'"},
      {"goal_mode_unknown", [](Json& d) { d["chains"][0]["goal_motion"] = {{"mode", "walk"}}; },
       "chains[0].goal_motion.mode: unknown goal mode 'walk' (known: animation, path)"},
      {"goal_mode_no_path", [](Json& d) { d["chains"][1]["goal_motion"] = {{"mode", "path"}}; },
       "chains[1].goal_motion: missing 'path'"},
      {"goal_mode_missing_path",
       [](Json& d) { d["chains"][1]["goal_motion"] = {{"mode", "path"}, {"path", "nope"}}; },
       "chains[1].goal_motion.path: chain 1 has no goal path named 'nope'"},
  };
}

class BrokenSession : public ::testing::TestWithParam<Broken> {};

void PrintTo(const Broken& b, std::ostream* os) { *os << b.label; }

TEST_P(BrokenSession, GivesItsMessageAndLeavesTheSessionUntouched) {
  const Broken& b = GetParam();
  const std::string path = session_dir() + "/broken_" + b.label + ".json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), small_session(), error)) << error;
  Json doc = Json::parse(read_text(path));
  b.edit(doc);
  gltf_test::write_text(path, doc.dump(2));

  // Something already loaded, which a failed load must not change.
  ik::Session session;
  session.rig_path = "/somewhere/else.gltf";
  session.chains.push_back(rich_session().chains[3]);
  const ik::Session before = session;
  EXPECT_FALSE(ik::load_session(path, humanoid(), session, error));
  EXPECT_EQ(error, path + ": " + b.message);
  expect_same_session(session, before);
}

std::string broken_name(const ::testing::TestParamInfo<Broken>& info) { return info.param.label; }

INSTANTIATE_TEST_SUITE_P(Files, BrokenSession, ::testing::ValuesIn(broken_cases()), broken_name);

TEST(Session, UnreadableOrInvalidJsonSaysSo) {
  ik::Session session = rich_session();
  const ik::Session before = session;
  std::string error;
  const std::string missing = session_dir() + "/no_such_session.json";
  EXPECT_FALSE(ik::load_session(missing, humanoid(), session, error));
  EXPECT_EQ(error, missing + ": cannot read: No such file or directory");

  const std::string folder = session_dir() + "/a_folder.json";
  fs::create_directories(folder);
  EXPECT_FALSE(ik::load_session(folder, humanoid(), session, error));
  EXPECT_EQ(error, folder + ": cannot read: it is a folder");

  for (const char* text :
       {"", "{\"format\": \"ikscope-session\",", "{\"position\": [NaN, 0, 0]}"}) {
    const std::string path = write_session_text("invalid.json", text);
    EXPECT_FALSE(ik::load_session(path, humanoid(), session, error)) << text;
    EXPECT_EQ(error.rfind(path + ": invalid JSON: parse error at line 1, column ", 0), 0u) << error;
    std::string rig;
    EXPECT_FALSE(ik::read_session_rig_path(path, rig, error));
  }
  expect_same_session(session, before);
}

// ---- Saving: atomic, checked, never over the rig ---------------------------------------

TEST(Session, SavingLeavesNoTemporaryFile) {
  const std::string folder = session_dir() + "/clean";
  fs::create_directories(folder);
  std::string error;
  ASSERT_TRUE(ik::save_session(folder + "/s.json", humanoid(), rich_session(), error)) << error;
  ASSERT_TRUE(ik::save_session(folder + "/s.json", humanoid(), rich_session(), error)) << error;
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename());
  EXPECT_EQ(names, std::vector<std::string>{"s.json"});
}

TEST(Session, AFailedWriteLeavesTheOldFileWhole) {
  const std::string path = session_dir() + "/kept.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), rich_session(), error)) << error;
  const std::string before = read_text(path);

  // The temporary file cannot be created (a folder is in its place).
  fs::create_directories(app::atomic_temp_path(path));
  ik::Session changed = rich_session();
  changed.chains.pop_back();
  EXPECT_FALSE(ik::save_session(path, humanoid(), changed, error));
  EXPECT_EQ(error, path + ": cannot write: Is a directory");
  fs::remove(app::atomic_temp_path(path));
  EXPECT_EQ(read_text(path), before);

  // A session that would not load back is not written at all.
  changed.chains[0].goal.position.x = std::nanf("");
  EXPECT_FALSE(ik::save_session(path, humanoid(), changed, error));
  EXPECT_EQ(error,
            path + ": cannot save: chains[0].goal.position[0]: must be a finite number, not NaN");
  changed = rich_session();
  changed.chains[0].effector = 999;
  EXPECT_FALSE(ik::save_session(path, humanoid(), changed, error));
  EXPECT_EQ(error,
            path +
                ": cannot save: chains[0].effector: joint index 999 is out of range (the rig has " +
                std::to_string(humanoid().joint_count()) + " joints)");
  EXPECT_EQ(read_text(path), before);
}

TEST(Session, SavingIntoAMissingFolderFailsCleanly) {
  const std::string path = session_dir() + "/no_such_folder/s.json";
  std::string error;
  EXPECT_FALSE(ik::save_session(path, humanoid(), rich_session(), error));
  EXPECT_EQ(error, path + ": cannot write: No such file or directory");
  EXPECT_FALSE(fs::exists(session_dir() + "/no_such_folder"));
}

TEST(Session, NeverWritesOverTheRigFile) {
  const std::string rig = session_dir() + "/rig_copy.gltf";
  fs::copy_file(humanoid_path(), rig, fs::copy_options::overwrite_existing);
  const std::string before = read_text(rig);
  ik::Session session = rich_session();
  session.rig_path = rig;
  std::string error;
  for (const std::string& path : {rig, session_dir() + "/../session/rig_copy.gltf"}) {
    EXPECT_FALSE(ik::save_session(path, humanoid(), session, error));
    EXPECT_EQ(error, path + ": is the rig file itself; save the session under another name");
  }
  EXPECT_EQ(read_text(rig), before);
}

}  // namespace
