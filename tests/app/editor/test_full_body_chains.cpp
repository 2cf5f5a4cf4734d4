// Entering and leaving full-body mode on the chain list (app/editor/full_body_chains.h), as
// the program does it on the built-in humanoid: leaving enables only the chains entering
// disabled -- not a chain the user had disabled before -- also after undo and redo
// (app/editor/history.h) and after the session was saved and opened again in full-body mode.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/editor/full_body_chains.h"
#include "app/editor/history.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string humanoid_path() { return std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf"; }

// What the editor holds for this: the rig, its rest pose in model space, the chain list,
// full-body mode's state beside it and the undo history.
struct Scene {
  ik::ImportedRig rig;
  std::vector<glm::mat4> world;
  std::vector<ik::Chain> chains;
  app::FullBodyState full_body;
  app::History history;

  const ik::Skeleton& skeleton() const { return rig.skeleton; }
  int chain_ending_at(const std::string& joint) const {
    const int j = ik::find_joint(rig.skeleton, joint);
    for (size_t c = 0; c < chains.size(); ++c)
      if (chains[c].effector == j) return static_cast<int>(c);
    ADD_FAILURE() << "no chain ends at " << joint;
    return -1;
  }
  int body_index() const {
    for (size_t c = 0; c < chains.size(); ++c)
      if (chains[c].solver == ik::find_solver("full_body")) return static_cast<int>(c);
    return -1;
  }
  std::vector<bool> enabled() const {
    std::vector<bool> out;
    for (const ik::Chain& c : chains) out.push_back(c.enabled);
    return out;
  }

  // The program's "Full body" and "Per chain" buttons (app/editor/full_body_mode.cpp), each one
  // undo step.
  void enter() {
    ik::RigRoles roles;
    roles.joints = rig.roles;
    ik::Chain body;
    ASSERT_TRUE(ik::full_body_chain(rig.skeleton, roles, world, ik::find_solver("full_body"), body));
    app::enter_full_body(rig.skeleton, body, chains, full_body.disabled_by_mode);
    history.commit(chains, full_body);
  }
  void leave() {
    app::leave_full_body(world, body_index(), chains, full_body.disabled_by_mode);
    history.commit(chains, full_body);
  }
  void undo() { ASSERT_TRUE(history.undo(chains, nullptr, &full_body)); }
  void redo() { ASSERT_TRUE(history.redo(chains, nullptr, &full_body)); }
};

// The humanoid with its suggested chains, and the right leg's chain disabled by the user
// (one undo step).
Scene humanoid_with_right_leg_off() {
  Scene s;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(humanoid_path(), s.rig, error)) << error;
  const ik::Pose rest = ik::rest_pose(s.rig.skeleton);
  ik::fk_all(s.rig.skeleton, rest, s.world);
  s.chains = ik::suggest_rig_chains(s.rig.skeleton, s.rig.roles, rest, ik::find_solver("dls"));
  s.history.reset(s.chains, s.full_body);
  const int leg = s.chain_ending_at("RightFoot");
  EXPECT_TRUE(s.chains[static_cast<size_t>(leg)].enabled);
  s.chains[static_cast<size_t>(leg)].enabled = false;
  s.history.commit(s.chains);
  return s;
}

TEST(FullBodyChains, LeavingEnablesOnlyWhatEnteringDisabled) {
  Scene s = humanoid_with_right_leg_off();
  const std::vector<bool> before = s.enabled();
  const int leg = s.chain_ending_at("RightFoot");
  const int left_leg = s.chain_ending_at("LeftFoot");
  s.enter();
  ASSERT_EQ(s.body_index(), static_cast<int>(before.size()));
  ASSERT_EQ(s.full_body.disabled_by_mode.size(), s.chains.size());
  int marked = 0;
  for (size_t c = 0; c + 1 < s.chains.size(); ++c) {
    EXPECT_EQ(s.full_body.disabled_by_mode[c] != 0, before[c] && !s.chains[c].enabled) << c;
    marked += s.full_body.disabled_by_mode[c];
  }
  EXPECT_GE(marked, 5) << "the spine, head, arm and left leg chains";
  EXPECT_FALSE(s.chains[static_cast<size_t>(left_leg)].enabled);
  EXPECT_EQ(s.full_body.disabled_by_mode[static_cast<size_t>(left_leg)], 1);
  EXPECT_EQ(s.full_body.disabled_by_mode[static_cast<size_t>(leg)], 0) << "the user disabled it, not the mode";

  s.leave();
  EXPECT_EQ(s.body_index(), -1);
  EXPECT_EQ(s.enabled(), before) << "the per-chain setup as it was, the right leg still off";
  EXPECT_TRUE(s.full_body.disabled_by_mode.empty());
}

TEST(FullBodyChains, UndoAndRedoKeepWhatTheModeDisabled) {
  Scene s = humanoid_with_right_leg_off();
  const std::vector<bool> before = s.enabled();
  s.enter();
  const std::vector<bool> in_mode = s.enabled();
  const std::vector<std::uint8_t> marks = s.full_body.disabled_by_mode;
  s.leave();

  s.undo();  // back in full-body mode, the marks with it
  EXPECT_GE(s.body_index(), 0);
  EXPECT_EQ(s.enabled(), in_mode);
  EXPECT_EQ(s.full_body.disabled_by_mode, marks);
  s.leave();  // a new edit: leaving again still leaves the right leg off
  EXPECT_EQ(s.enabled(), before);

  s.undo();
  s.undo();  // before entering: no marks
  EXPECT_EQ(s.body_index(), -1);
  EXPECT_EQ(s.enabled(), before);
  EXPECT_TRUE(s.full_body.disabled_by_mode.empty());
  s.redo();  // entering again
  EXPECT_EQ(s.full_body.disabled_by_mode, marks);
  s.leave();
  EXPECT_EQ(s.enabled(), before);
}

// Saved and opened again while in full-body mode: the marks come back, so leaving the
// opened session leaves the right leg off too.
TEST(FullBodyChains, ASessionSavedInFullBodyModeKeepsWhatTheModeDisabled) {
  Scene s = humanoid_with_right_leg_off();
  const std::vector<bool> before = s.enabled();
  s.enter();
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/full_body_chains";
  fs::create_directories(folder);
  const std::string path = folder + "/in_full_body_mode.json";
  ik::Session saved;
  saved.rig_path = humanoid_path();
  saved.chains = s.chains;
  saved.disabled_by_full_body = s.full_body.disabled_by_mode;
  std::string error;
  ASSERT_TRUE(ik::save_session(path, s.skeleton(), saved, error)) << error;
  // In the file: the key on exactly the marked chains.
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  const Json doc = Json::parse(std::string(bytes.begin(), bytes.end()));
  for (size_t c = 0; c < s.chains.size(); ++c)
    EXPECT_EQ(doc["chains"][c].contains("disabled_by_full_body"), s.full_body.disabled_by_mode[c] != 0) << c;

  ik::Session loaded;
  ASSERT_TRUE(ik::load_session(path, s.skeleton(), loaded, error)) << error;
  ASSERT_TRUE(loaded.has_full_body);
  EXPECT_EQ(loaded.disabled_by_full_body, s.full_body.disabled_by_mode);
  Scene opened = humanoid_with_right_leg_off();
  opened.chains = loaded.chains;
  opened.full_body.disabled_by_mode = loaded.disabled_by_full_body;
  opened.history.reset(opened.chains, opened.full_body);
  opened.leave();
  EXPECT_EQ(opened.enabled(), before);
}

// A session saved in full-body mode before the marks were kept (no "full_body" section):
// leaving enables every chain the body overlaps, as leaving did then.
TEST(FullBodyChains, AnOlderSessionLeavesAsBefore) {
  Scene s = humanoid_with_right_leg_off();
  const std::vector<bool> before = s.enabled();
  s.enter();
  const std::vector<std::uint8_t> marks = app::marks_of_an_older_session(s.skeleton(), s.chains, s.body_index());
  for (size_t c = 0; c + 1 < s.chains.size(); ++c)
    EXPECT_EQ(marks[c] != 0, !s.chains[c].enabled) << c << ": every chain the body overlaps is off in the mode";
  EXPECT_EQ(marks[static_cast<size_t>(s.chain_ending_at("RightFoot"))], 1);
  s.full_body.disabled_by_mode = marks;
  s.leave();
  for (size_t c = 0; c < s.chains.size(); ++c) EXPECT_TRUE(s.chains[c].enabled) << c;
  EXPECT_NE(s.enabled(), before);
}

// Removing a chain (the Chains panel's Remove) keeps the later chains' marks in place.
TEST(FullBodyChains, RemovingAChainKeepsTheOtherMarks) {
  Scene s = humanoid_with_right_leg_off();
  const std::vector<bool> before = s.enabled();
  s.enter();
  const int removed = s.chain_ending_at("Chest");
  ASSERT_GE(removed, 0);
  s.chains.erase(s.chains.begin() + removed);
  app::forget_removed_chain(s.full_body.disabled_by_mode, removed);
  s.history.commit(s.chains, s.full_body);
  s.leave();
  std::vector<bool> want = before;
  want.erase(want.begin() + removed);
  EXPECT_EQ(s.enabled(), want);
}

// "Unsaved" and undo compare the marks; a chain past the end of the flags counts as unmarked.
TEST(FullBodyChains, TheMarksAreComparedLikeTheChains) {
  app::FullBodyState a, b;
  a.disabled_by_mode = {0, 1, 0};
  b.disabled_by_mode = {0, 1};
  EXPECT_TRUE(app::same_full_body_state(a, b));
  b.disabled_by_mode = {1, 1};
  EXPECT_FALSE(app::same_full_body_state(a, b));
  b.disabled_by_mode = {0, 1, 0, 1};
  EXPECT_FALSE(app::same_full_body_state(a, b));
}

}  // namespace
