// Inputs that once broke the glTF importer (tests/fuzz/regressions/), each imported as the
// fuzz target imports it (as .gltf and, without the glTF magic, as .glb) and checked
// against the same contract (tests/fuzz/import_contract.h). Every file there is a case;
// tests/fuzz/README.md says what each one was. Likewise the user-file target's seeds and
// kept inputs (tests/fuzz/user_files_seeds/), read as a session on the built-in humanoid
// and as a recent-files list (tests/fuzz/user_files_contract.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/import_contract.h"
#include "tests/fuzz/user_files_contract.h"

namespace {

std::vector<std::string> files_in(const char* folder_name) {
  const std::filesystem::path folder = std::filesystem::path(IKSCOPE_SOURCE_DIR) / "tests" / "fuzz" / folder_name;
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(FuzzRegressions, EveryKeptInputKeepsTheImporterContract) {
  const std::vector<std::string> files = files_in("regressions");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/regressions holds no input";
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(bytes.empty()) << path;
    for (const std::string& name : fuzzcheck::import_names(bytes.data(), bytes.size())) {
      EXPECT_EQ(
          fuzzcheck::import_contract_violation(bytes.data(), bytes.size(), name, "/nonexistent-ikscope-fuzz-base-dir"),
          "")
          << path << " imported as " << name;
      EXPECT_EQ(
          fuzzcheck::ground_contract_violation(bytes.data(), bytes.size(), name, "/nonexistent-ikscope-fuzz-base-dir"),
          "")
          << path << " read as a ground named " << name;
    }
  }
}

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The BVH target's seeds and kept inputs (tests/fuzz/bvh_seeds/): each keeps the BVH
// importer's contract, and the seeds load (a contract kept only by failing would fuzz the
// hierarchy's first keyword alone).
TEST(FuzzRegressions, EveryBvhInputKeepsTheImportersContract) {
  const std::vector<std::string> files = files_in("bvh_seeds");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/bvh_seeds holds no input";
  for (const std::string& path : files) {
    const std::string text = file_text(path);
    EXPECT_EQ(fuzzcheck::bvh_contract_violation(text), "") << path;
    if (path.find("/seed_") != std::string::npos || path.find("cmu_") != std::string::npos ||
        path.find("every_rotation_order") != std::string::npos) {
      ik::ImportedRig rig;
      std::string error;
      EXPECT_TRUE(ik::import_bvh_text(text, path, ik::BvhOptions{}, rig, error)) << error;
      EXPECT_EQ(rig.clips.size(), 1u) << path;
    }
  }
}

TEST(FuzzRegressions, EveryUserFileInputKeepsTheReadersContract) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  const std::vector<std::string> files = files_in("user_files_seeds");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/user_files_seeds holds no input";
  for (const std::string& path : files) {
    const std::string text = file_text(path);
    EXPECT_EQ(fuzzcheck::session_contract_violation(text, rig.skeleton), "") << path;
    EXPECT_EQ(fuzzcheck::recent_files_contract_violation(text), "") << path;
    EXPECT_EQ(fuzzcheck::panel_layout_contract_violation(text), "") << path;
  }
}

// The seeds are real files: the sessions load (a contract kept only by failing would
// leave the target fuzzing the JSON parser alone) and the recent-files list keeps its
// two absolute paths.
TEST(FuzzRegressions, TheUserFileSeedsAreUsable) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  const std::string seeds = std::string(IKSCOPE_SOURCE_DIR) + "/tests/fuzz/user_files_seeds/";
  for (const char* name :
       {"humanoid.session.json", "goal_path.session.json", "joint_limits.session.json", "full_body.session.json",
        "contacts.session.json", "motions.session.json", "full_body_follows_clip.session.json"}) {
    ik::Session session;
    std::vector<std::string> notes;
    EXPECT_TRUE(ik::load_session_text(file_text(seeds + name), name, seeds, rig.skeleton, session, error, &notes))
        << error;
    EXPECT_FALSE(session.chains.empty()) << name;
    if (std::string(name) == "joint_limits.session.json") {
      EXPECT_EQ(session.joint_limits.size(), 2u) << "the limits seed loads both entries";
    }
    if (std::string(name) == "contacts.session.json") {  // foot contacts: settings, two clips, a ground
      EXPECT_TRUE(session.has_contacts);
      EXPECT_EQ(session.contacts.clips.size(), 2u);
      EXPECT_TRUE(session.has_ground);  // and a ramp
      EXPECT_EQ(session.ground.kind, ik::GroundKind::ramp);
    }
    if (std::string(name) == "full_body_follows_clip.session.json") {  // version 2: offsets; deep treads
      EXPECT_EQ(session.version, 2);
      EXPECT_EQ(session.chains.back().motion, ik::Chain::Motion::animated);
      EXPECT_EQ(session.ground.kind, ik::GroundKind::stairs);
      EXPECT_EQ(session.ground.depth, 0.8f);
    }
    if (std::string(name) == "motions.session.json") {  // clips imported from other files
      EXPECT_EQ(session.motions.size(), 2u);
    }
    if (std::string(name) == "full_body.session.json") {  // the program's full-body mode, saved
      int pinned = 0;
      for (const ik::Chain& chain : session.chains)
        for (const ik::EffectorGoal& e : chain.extra_effectors) pinned += e.pinned ? 1 : 0;
      EXPECT_EQ(pinned, 2) << "the full-body seed's feet are pinned";
      EXPECT_TRUE(session.has_full_body);
      EXPECT_NE(session.full_body.root_translation_stiffness, ik::FullBodySettings{}.root_translation_stiffness)
          << "the full-body seed's settings are not the defaults";
      int marked = 0;
      for (const std::uint8_t mark : session.disabled_by_full_body) marked += mark;
      EXPECT_GT(marked, 0) << "the full-body seed marks the chains the mode disabled";
    }
  }
  int skipped = 0;
  EXPECT_EQ(app::parse_recent_files(file_text(seeds + "recent-files.txt"), skipped).size(), 2u);
  EXPECT_EQ(skipped, 2);
}

// Found by fuzzing the session reader with another rig: a goal coordinate past
// kMaxGoalCoordinate (chain.h) loaded without a word into a chain every solver refuses as
// invalid input. Now it is one message naming the file and the key, and nothing loads.
TEST(FuzzRegressions, AGoalPastTheLibrarysBoundIsOneMessage) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  const std::string name = "goal_past_max_coordinate.session.json";
  const std::string text = file_text(std::string(IKSCOPE_SOURCE_DIR) + "/tests/fuzz/user_files_seeds/" + name);
  ik::Session session;
  session.rig_path = "kept";
  EXPECT_FALSE(ik::load_session_text(text, name, "/nonexistent-ikscope-fuzz-folder", rig.skeleton, session, error));
  EXPECT_EQ(error, name + ": chains[0].goal.position[2]: must be within ±1e18, not -5e+19");
  EXPECT_EQ(session.rig_path, "kept");
  EXPECT_TRUE(session.chains.empty());

  // The property the contract now asks of every loaded session, on that very chain: the
  // solvers refuse it.
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
  doc["chains"][0]["goal"]["position"][2] = -1.0;
  ASSERT_TRUE(ik::load_session_text(doc.dump(), name, "/nonexistent-ikscope-fuzz-folder", rig.skeleton, session, error))
      << error;
  EXPECT_EQ(fuzzcheck::chain_refused_by_its_solver(rig.skeleton, session), "");
  session.chains[0].goal.position.z = -5e19f;
  EXPECT_NE(fuzzcheck::chain_refused_by_its_solver(rig.skeleton, session), "");
}

}  // namespace
