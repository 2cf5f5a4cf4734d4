// Broken session files (io/session/session.h): every one gets its own one-line message
// naming the file and the key, and leaves the session as it was.
#include <gtest/gtest.h>

#include "tests/io/session/session_test_util.h"
#include <functional>

namespace {

using namespace session_test;

const auto* const kBrokenFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder("session_broken"));

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
      {"newer_version", [](Json& d) { d["version"] = 3; },
       "version: the file is version 3, newer than this ikscope reads (2)"},
      {"version_string", [](Json& d) { d["version"] = "1"; },
       "version: must be a whole number within ±16777216, not a string"},
      {"no_rig_path", [](Json& d) { d.erase("rig_path"); }, "missing 'rig_path'"},
      {"chains_object", [](Json& d) { d["chains"] = Json::object(); }, "chains: must be an array, not an object"},
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
       "chains[1].effector: the rig has no joint named 'Tail' (joint " + std::to_string(joint("LeftHand")) +
           " is 'LeftHand' in this rig)"},
      {"joint_empty", [](Json& d) { d["chains"][1]["effector"] = Json::object(); },
       "chains[1].effector: needs an 'index' or a 'name'"},
      {"root_not_ancestor",
       [](Json& d) {
         d["chains"][1]["root"] = {{"index", joint("Head")}, {"name", "Head"}};
         d["chains"][1]["extra_effectors"] = Json::array();
       },
       "chains[1]: root joint " + std::to_string(joint("Head")) + " 'Head' is not an ancestor of effector joint " +
           std::to_string(joint("LeftHand")) + " 'LeftHand'"},
      {"nan_as_null", [](Json& d) { d["chains"][0]["goal"]["position"][1] = nullptr; },
       "chains[0].goal.position[1]: must be a number, not null"},
      {"overflow", [](Json& d) { d["chains"][0]["goal"]["pole"][2] = 1e39; },
       "chains[0].goal.pole[2]: must be within ±1e18, not 1e+39"},
      {"spline_point_too_far",
       [](Json& d) {
         d["chains"][0]["spline_points"] = {{0, 1, 0}, {0, 2, -5e19}};
       },
       "chains[0].spline_points[1][2]: must be within ±1e18, not -5e+19"},
      {"spline_points_too_many",
       [](Json& d) {
         d["chains"][0]["spline_points"] = Json::array();
         for (int i = 0; i <= ik::kMaxSplinePoints; ++i) d["chains"][0]["spline_points"].push_back({0, i, 0});
       },
       "chains[0].spline_points: has " + std::to_string(ik::kMaxSplinePoints + 1) + " points; at most " +
           std::to_string(ik::kMaxSplinePoints)},
      {"spline_point_short",
       [](Json& d) {
         d["chains"][0]["spline_points"] = {{0, 1}};
       },
       "chains[0].spline_points[0]: must be an array of 3 numbers, not an array of 2"},
      {"iterations_string", [](Json& d) { d["chains"][0]["params"]["max_iterations"] = "16"; },
       "chains[0].params.max_iterations: must be a whole number from 1 to 256, not a string"},
      {"iterations_fraction", [](Json& d) { d["chains"][0]["params"]["max_iterations"] = 2.5; },
       "chains[0].params.max_iterations: must be a whole number from 1 to 256, not the number 2.5"},
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
           " 'Head' is not below the chain's root joint " + std::to_string(joint("LeftShoulder")) + " 'LeftShoulder'"},
      {"ik_weight_above_one", [](Json& d) { d["chains"][2]["ik_weight"] = 1.5; },
       "chains[2].ik_weight: must be from 0 to 1, not 1.5"},
      {"ik_weight_string", [](Json& d) { d["chains"][2]["ik_weight"] = "half"; },
       "chains[2].ik_weight: must be a number, not a string"},
      {"negative_weight", [](Json& d) { d["chains"][1]["extra_effectors"][0]["weight"] = -1; },
       "chains[1].extra_effectors[0].weight: must be at least 0, not -1"},
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
      {"pole_target_short",
       [](Json& d) {
         d["chains"][0]["goal"]["pole_target"] = {0, 1};
       },
       "chains[0].goal.pole_target: must be an array of 3 numbers, not an array of 2"},
      {"pole_twist_overflow", [](Json& d) { d["chains"][0]["goal"]["pole_twist"] = 1e39; },
       "chains[0].goal.pole_twist: must be a finite number, not 1e+39"},
      {"camera_distance", [](Json& d) { d["camera"]["distance"] = 0; }, "camera.distance: must be positive, not 0"},
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
      {"goal_path_empty",
       [](Json& d) {
         d["goal_paths"][0]["times"] = Json::array();
         d["goal_paths"][0]["positions"] = Json::array();
       },
       "goal_paths[0]: goal path 'reach': has no samples"},
      {"goal_path_twice",
       [](Json& d) {
         d["goal_paths"][1]["chain"] = 1;
         d["goal_paths"][1]["name"] = "reach";
       },
       "goal_paths[1].name: chain 1 already has a goal path named 'reach'"},
      {"goal_mode_unknown",
       [](Json& d) {
         d["chains"][0]["goal_motion"] = {{"mode", "walk"}};
       },
       "chains[0].goal_motion.mode: unknown goal mode 'walk' (known: animation, path)"},
      {"goal_mode_no_path",
       [](Json& d) {
         d["chains"][1]["goal_motion"] = {{"mode", "path"}};
       },
       "chains[1].goal_motion: missing 'path'"},
      {"goal_mode_missing_path",
       [](Json& d) {
         d["chains"][1]["goal_motion"] = {{"mode", "path"}, {"path", "nope"}};
       },
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

}  // namespace
