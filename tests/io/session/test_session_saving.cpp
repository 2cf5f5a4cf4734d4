// Saving sessions (io/session/session.h): atomic, checked with the load-time rules (a
// saved file always loads), never over the rig file.
#include <gtest/gtest.h>

#include "io/files/atomic_file.h"
#include "tests/io/session/session_test_util.h"

namespace {

using namespace session_test;

const auto* const kSavingFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder("session_saving"));

// ---- Saving: atomic, checked, never over the rig ---------------------------------------

TEST(Session, SavingABadGoalPathFails) {
  ik::Session session = small_session();
  session.goal_paths[0].path.samples[2].time = 0.0f;
  const std::string path = session_dir() + "/bad_goal_path.json";
  std::string error;
  EXPECT_FALSE(ik::save_session(path, humanoid(), session, error));
  EXPECT_EQ(error, path + ": cannot save: goal_paths[0]: goal path 'reach': sample 2: time 0 is not after the "
                          "previous sample's 0.1");
}

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
            path + ": cannot save: chains[0].goal.position[0]: must be within ±1e18, not NaN");
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
  for (const std::string& path : {rig, session_dir() + "/../" + folder_name() + "/rig_copy.gltf"}) {
    EXPECT_FALSE(ik::save_session(path, humanoid(), session, error));
    EXPECT_EQ(error, path + ": is the rig file itself; save the session under another name");
  }
  EXPECT_EQ(read_text(rig), before);
}

}  // namespace
