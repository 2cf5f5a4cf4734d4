// Session files (io/session/session.h): save -> load gives the same chains, field by field,
// and the same solve; the file names what it holds by stable ids; the rig is found again when
// the session moves; what a person might write (fields left out, joints renumbered, keys
// unknown) loads with the defaults and a warning where one is due.
#include <gtest/gtest.h>

#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "tests/io/session/session_test_util.h"

namespace {

using namespace session_test;

const auto* const kRoundTripFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder("session_round_trip"));

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
  EXPECT_EQ(doc["version"], ik::kSessionVersion);
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

}  // namespace
