// Every number a session reader accepts is one the library accepts (io/session/session_fields.h):
// for each bound, a value on it loads and its chains are not refused by their solvers, and a
// value just past it is one message naming the file, the key and the bound, with the session
// untouched.
#include <gtest/gtest.h>

#include <functional>

#include "io/json/json_output.h"
#include "tests/fuzz/user_files_contract.h"
#include "tests/io/session/session_test_util.h"

namespace {

using namespace session_test;

const auto* const kBoundsFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder("session_bounds"));

struct Edge {
  const char* label;
  std::function<void(Json&)> edit;  // applied to small_session() as saved
  std::string message;              // expected error after "<path>: "; empty: the file loads
};

// `edit` applied to the saved `session`, loaded into a session that already holds one.
// "" and `loaded` filled when it loads; else the error.
std::string load_edited(const ik::Session& session, const std::string& label, const std::function<void(Json&)>& edit,
                        ik::Session& loaded) {
  const std::string path = session_dir() + "/" + label + ".json";
  std::string error;
  EXPECT_TRUE(ik::save_session(path, humanoid(), session, error)) << error;
  Json doc = Json::parse(read_text(path));
  edit(doc);
  gltf_test::write_text(path, doc.dump(2));
  ik::Session held;
  held.rig_path = "/somewhere/else.gltf";
  if (ik::load_session(path, humanoid(), held, error)) {
    loaded = held;
    return "";
  }
  EXPECT_EQ(held.rig_path, "/somewhere/else.gltf") << "a failed load changed the session";
  EXPECT_TRUE(held.chains.empty());
  return error.substr(path.size() + 2);
}

void expect_edge(const ik::Session& session, const Edge& edge) {
  ik::Session loaded;
  const std::string result = load_edited(session, edge.label, edge.edit, loaded);
  EXPECT_EQ(result, edge.message) << edge.label;
  if (edge.message.empty() && result.empty()) {
    EXPECT_EQ(fuzzcheck::chain_refused_by_its_solver(humanoid(), loaded), "") << edge.label;
  }
}

// The numbers of small_session() (chains[0] dls with an extra effector, chains[1] fabrik
// with one, chains[2] two_bone, chains[3] ccd; goal path 0 with 3 samples at 0, 0.1, 0.2).
std::vector<Edge> edges() {
  const std::string n = std::to_string(humanoid().joint_count());
  return {
      // Goals: kMaxGoalCoordinate (chain.h) for positions, poles, ups and pole targets.
      {"position_on_bound", [](Json& d) { d["chains"][3]["goal"]["position"][2] = 1e18; }, ""},
      {"position_past_bound", [](Json& d) { d["chains"][3]["goal"]["position"][2] = 1.1e18; },
       "chains[3].goal.position[2]: must be within ±1e18, not 1.1e+18"},
      {"position_fuzzed", [](Json& d) { d["chains"][3]["goal"]["position"] = {-0.66, 1.44, -5e19}; },
       "chains[3].goal.position[2]: must be within ±1e18, not -5e+19"},
      {"extra_position_past_bound",
       [](Json& d) { d["chains"][1]["extra_effectors"][0]["goal"]["position"][0] = -2e18; },
       "chains[1].extra_effectors[0].goal.position[0]: must be within ±1e18, not -2e+18"},
      {"pole_on_bound", [](Json& d) { d["chains"][2]["goal"]["pole"] = {1e18, -1e18, 1e18}; }, ""},
      {"pole_near_float_max", [](Json& d) { d["chains"][2]["goal"]["pole"][0] = 3e38; },
       "chains[2].goal.pole[0]: must be within ±1e18, not 3e+38"},
      {"pole_target_on_bound",
       [](Json& d) {
         d["chains"][2]["goal"]["use_pole"] = true;
         d["chains"][2]["goal"]["pole_target"] = {-1e18, 0, 1e18};
       },
       ""},
      {"pole_target_past_bound", [](Json& d) { d["chains"][2]["goal"]["pole_target"][1] = 1e19; },
       "chains[2].goal.pole_target[1]: must be within ±1e18, not 1e+19"},
      // A non-zero up (the three-bone solver's valid_limb), as small as float still squares.
      {"up_tiny", [](Json& d) { d["chains"][2]["goal"]["up"] = {0, 1e-10, 0}; }, ""},
      {"up_zero", [](Json& d) { d["chains"][2]["goal"]["up"] = {0, 0, 0}; },
       "chains[2].goal.up: must be a non-zero direction"},
      {"up_squares_to_zero", [](Json& d) { d["chains"][2]["goal"]["up"] = {0, 1e-30, 0}; },
       "chains[2].goal.up: must be a non-zero direction"},
      // Orientations: any non-zero quaternion, made unit (even one whose float length overflows).
      {"orientation_huge", [](Json& d) { d["chains"][0]["goal"]["orientation"] = {3e38, 3e38, 0, 0}; }, ""},
      {"orientation_tiny", [](Json& d) { d["chains"][0]["goal"]["orientation"] = {0, 0, 1e-30, 0}; }, ""},
      // Extra effector weights: is_valid_chain's finite and not negative.
      {"weight_zero", [](Json& d) { d["chains"][1]["extra_effectors"][0]["weight"] = 0; }, ""},
      {"weight_below_zero", [](Json& d) { d["chains"][1]["extra_effectors"][0]["weight"] = -1e-30; },
       "chains[1].extra_effectors[0].weight: must be at least 0, not -1e-30"},
      // The IK weight (ik_blend.h): 0..1.
      {"ik_weight_one", [](Json& d) { d["chains"][2]["ik_weight"] = 1; }, ""},
      {"ik_weight_zero", [](Json& d) { d["chains"][2]["ik_weight"] = 0; }, ""},
      {"ik_weight_past_one", [](Json& d) { d["chains"][2]["ik_weight"] = 1.0000002; },
       "chains[2].ik_weight: must be from 0 to 1, not 1.0000002"},
      {"ik_weight_below_zero", [](Json& d) { d["chains"][2]["ik_weight"] = -1e-7; },
       "chains[2].ik_weight: must be from 0 to 1, not -1e-07"},
      // Goal paths: goal_path.h's kMaxGoalPathTime and kMaxGoalPathCoordinate.
      {"path_time_on_bound", [](Json& d) { d["goal_paths"][0]["times"][2] = 1e9; }, ""},
      {"path_time_past_bound", [](Json& d) { d["goal_paths"][0]["times"][2] = 1.5e9; },
       "goal_paths[0].times[2]: must be within ±1e9, not 1500000000.0"},
      {"path_position_on_bound", [](Json& d) { d["goal_paths"][0]["positions"][1][0] = -1e18; }, ""},
      {"path_position_past_bound", [](Json& d) { d["goal_paths"][0]["positions"][1][0] = -1.5e18; },
       "goal_paths[0].positions[1][0]: must be within ±1e18, not -1.5e+18"},
      // The camera: a positive distance.
      {"camera_distance_tiny", [](Json& d) { d["camera"]["distance"] = 1e-30; }, ""},
      {"camera_distance_negative", [](Json& d) { d["camera"]["distance"] = -1; },
       "camera.distance: must be positive, not -1"},
      {"camera_target_overflows", [](Json& d) { d["camera"]["target"][0] = 1e39; },
       "camera.target[0]: must be a finite number, not 1e+39"},
      // Role segments number joints: never more than the rig has.
      {"segment_on_bound",
       [n](Json& d) { d["roles"] = Json::array({{{"joint", {{"name", "Chest"}}}, {"role", "spine"}, {"segment", std::stoi(n)}}}); },
       ""},
      {"segment_past_bound",
       [n](Json& d) {
         d["roles"] = Json::array({{{"joint", {{"name", "Chest"}}}, {"role", "spine"}, {"segment", std::stoi(n) + 1}}});
       },
       "roles[0].segment: must be a whole number from 0 to " + n + ", not " + std::to_string(std::stoi(n) + 1)},
  };
}

class SessionBound : public ::testing::TestWithParam<Edge> {};

void PrintTo(const Edge& e, std::ostream* os) { *os << e.label; }

TEST_P(SessionBound, OnItLoadsAndJustPastItIsOneMessage) { expect_edge(small_session(), GetParam()); }

std::string edge_name(const ::testing::TestParamInfo<Edge>& info) { return info.param.label; }

INSTANTIATE_TEST_SUITE_P(Numbers, SessionBound, ::testing::ValuesIn(edges()), edge_name);

// A value on the bound comes back as written (a quaternion made unit, even past float's range).
TEST(SessionBounds, ValuesOnTheBoundsLoadAsWritten) {
  ik::Session loaded;
  ASSERT_EQ(load_edited(
                small_session(), "as_written",
                [](Json& d) {
                  d["chains"][3]["goal"]["position"][2] = 1e18;
                  d["chains"][0]["goal"]["orientation"] = {3e38, 3e38, 0, 0};
                },
                loaded),
            "");
  EXPECT_EQ(loaded.chains[3].goal.position.z, ik::kMaxGoalCoordinate);
  const glm::quat q = loaded.chains[0].goal.orientation;
  EXPECT_NEAR(q.x, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(q.y, std::sqrt(0.5f), 1e-6f);
  EXPECT_EQ(q.z, 0.0f);
  EXPECT_EQ(q.w, 0.0f);
}

// Every row of the param table (solver_table.h) on both ends of its range on every chain of
// rich_session() (one per solver: each solver sees each value), and just outside either end.
TEST(SessionBounds, EveryParamWithinItsTableRange) {
  const ik::Session session = rich_session();
  int checked = 0;
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    if (info.kind == ik::ParamKind::boolean) continue;
    const bool whole = info.kind == ik::ParamKind::integer;
    const std::string id = info.id;
    const std::string range = std::string(whole ? "a whole number " : "") + ik::from_to(info.min, info.max).text();
    // What the writer would write for `value` (a whole number for integer rows).
    const auto value_json = [&](float value) -> Json {
      const Json number = whole ? Json(static_cast<int>(value)) : Json(ik::json_float(value));
      return info.kind == ik::ParamKind::vector3 ? Json::array({number, number, number}) : number;
    };
    for (const float value : {info.min, info.max}) {
      const std::string label = id + "_at_" + ik::number_text(value);
      expect_edge(session, {label.c_str(),
                            [&](Json& d) {
                              for (Json& chain : d["chains"]) chain["params"][id] = value_json(value);
                            },
                            ""});
    }
    const float below = whole ? info.min - 1.0f : std::nextafter(info.min, -1e30f);
    const float above = whole ? info.max + 1.0f : std::nextafter(info.max, 1e30f);
    for (const float value : {below, above}) {
      const std::string label = id + "_past_" + ik::number_text(value);
      const Json written = value_json(value);
      const std::string key = "chains[0].params." + id + (info.kind == ik::ParamKind::vector3 ? "[0]" : "");
      const std::string shown = (info.kind == ik::ParamKind::vector3 ? written[0] : written).dump();
      expect_edge(session, {label.c_str(), [&](Json& d) { d["chains"][0]["params"][id] = written; },
                            key + ": must be " + range + ", not " + shown});
    }
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

}  // namespace
