// Nothing lost: a process saving a session over an existing file (ik::save_session, atomic
// through io/files/atomic_file.h) is killed with SIGKILL at random moments, 200 times.
// After every kill the file must be byte for byte one of the two contents being written
// (never missing, never half of one, never a mix) and load with ik::load_session.
//
// The writer is this test's own process, forked: the child loads nothing and allocates
// only what save_session does, saving the two sessions in turn to the same path until it
// is killed. A fork is a real process with its own pid, so atomic_file's temporary name
// ("<path>.tmp<pid>") is a new one for every writer, as for separate program runs.
//
// Leftovers: a kill between the temporary file's creation and the rename leaves that
// "<path>.tmp<pid>" behind (nothing else removes it; ikscope never reads it). The test
// checks each is harmless — named after the killed writer, at most one per kill, its bytes
// a prefix of one of the two contents — counts them, and removes it.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "io/files/atomic_file.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;

constexpr int kKills = 200;
constexpr std::uint32_t kSeed = 2024u;

std::string folder() { return std::string(IKSCOPE_TEST_TMP) + "/kill_save"; }

std::string read_text(const std::string& path) {
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

int joint(const ik::Skeleton& s, const std::string& name) {
  const int i = ik::find_joint(s, name);
  if (i >= 0) return i;
  ADD_FAILURE() << "no joint " << name;
  return 0;
}

ik::Chain chain(const ik::Skeleton& s, const char* solver, const char* root, const char* effector,
                const glm::vec3& goal) {
  ik::Chain c;
  c.solver = ik::find_solver(solver);
  c.root = joint(s, root);
  c.effector = joint(s, effector);
  c.goal.position = goal;
  return c;
}

// Two sessions of clearly different sizes and contents on the same rig.
ik::Session small_session(const ik::Skeleton& s, const std::string& rig) {
  ik::Session session;
  session.rig_path = rig;
  session.chains.push_back(chain(s, "dls", "LeftUpperArm", "LeftHand", {0.5f, 1.2f, 0.1f}));
  return session;
}

ik::Session large_session(const ik::Skeleton& s, const std::string& rig) {
  ik::Session session;
  session.rig_path = rig;
  session.chains.push_back(chain(s, "dls", "Spine", "Chest", {0.0f, 1.2f, 0.05f}));
  session.chains.push_back(chain(s, "fabrik", "LeftUpperArm", "LeftHand", {0.4f, 1.0f, 0.3f}));
  session.chains.push_back(chain(s, "two_bone", "RightUpperArm", "RightHand", {-0.4f, 1.1f, 0.2f}));
  session.chains.push_back(chain(s, "ccd", "LeftThigh", "LeftFoot", {0.1f, 0.1f, 0.2f}));
  session.chains.push_back(chain(s, "jacobian_transpose", "RightThigh", "RightFoot", {-0.1f, 0.1f, 0.2f}));
  session.has_camera = true;
  session.camera.yaw = -0.9f;
  return session;
}

// Saves `first`, `second`, `first`, ... to `path` until killed. Runs in the forked child:
// no gtest calls, and _exit so nothing of the parent's (buffers, test state) runs twice.
// One byte on `ready` says the child is running: the parent's kill delay counts from
// there, so a slow fork (a sanitizer build copies a large address space) does not use up
// the delay before the first save begins.
[[noreturn]] void write_forever(const std::string& path, const ik::Skeleton& skeleton, const ik::Session& first,
                                const ik::Session& second, int ready) {
  std::string error;
  const char byte = 1;
  if (write(ready, &byte, 1) != 1) _exit(4);
  close(ready);
  for (;;) {
    if (!ik::save_session(path, skeleton, first, error)) _exit(3);
    if (!ik::save_session(path, skeleton, second, error)) _exit(3);
  }
}

// Microseconds a freshly forked writer takes for its first save of `session` to `path`,
// counted from the moment it runs; -1 if it failed.
double first_save_in_child_us(const std::string& path, const ik::Skeleton& skeleton, const ik::Session& session) {
  int report[2];
  if (pipe(report) != 0) return -1.0;
  const pid_t writer = fork();
  if (writer < 0) return -1.0;
  if (writer == 0) {
    close(report[0]);
    std::string error;
    const auto start = std::chrono::steady_clock::now();
    const bool saved = ik::save_session(path, skeleton, session, error);
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (!saved) us = -1.0;
    const bool sent = write(report[1], &us, sizeof us) == static_cast<ssize_t>(sizeof us);
    _exit(sent ? 0 : 4);
  }
  close(report[1]);
  double us = -1.0;
  if (read(report[0], &us, sizeof us) != static_cast<ssize_t>(sizeof us)) us = -1.0;
  close(report[0]);
  int status = 0;
  waitpid(writer, &status, 0);
  return us;
}

bool is_prefix_of(const std::string& part, const std::string& whole) {
  return part.size() <= whole.size() && whole.compare(0, part.size(), part) == 0;
}

TEST(KillSave, FileIsAlwaysOldOrNewAfterSigkill) {
  fs::remove_all(folder());
  fs::create_directories(folder());
  const std::string rig = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  ik::ImportedRig imported;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(rig, imported, error)) << error;
  const ik::Skeleton& skeleton = imported.skeleton;
  const ik::Session small = small_session(skeleton, rig), large = large_session(skeleton, rig);

  // The two contents, as save_session writes them in this folder (the rig path is stored
  // relative to the session's folder, so the folder is part of the bytes).
  const std::string target = folder() + "/session.json";
  ASSERT_TRUE(ik::save_session(folder() + "/small.json", skeleton, small, error)) << error;
  ASSERT_TRUE(ik::save_session(folder() + "/large.json", skeleton, large, error)) << error;
  const std::string small_text = read_text(folder() + "/small.json");
  const std::string large_text = read_text(folder() + "/large.json");
  ASSERT_NE(small_text, large_text);
  ASSERT_FALSE(is_prefix_of(small_text, large_text));

  // Kill delays span 0-20 ms, or three saves if a save (fsync included) takes longer here,
  // so kills land before, inside and after whole saves. The save is timed in a forked
  // writer, as the kills see it: a fork's first save pays for copying the pages it
  // touches, three times a plain save under the sanitizers.
  const double save_us = first_save_in_child_us(target, skeleton, large);
  ASSERT_GT(save_us, 0.0) << "the timing writer failed";
  const int max_delay_us = std::max(20000, static_cast<int>(3.0 * save_us));
  // The target holds `large` now (the timing writer's save); every writer starts with the
  // other one.

  std::mt19937 rng(kSeed);
  std::uniform_int_distribution<int> delay_us(0, max_delay_us);
  int unchanged = 0, changed = 0, leftovers = 0;
  // At least kKills kills; on a loaded machine (a sanitizer build beside other tests) the
  // first save after a fork can be slow, so the kills go on, up to four times as many, until
  // one has landed inside a save and one after a completed save.
  int kills = 0;
  for (int kill = 0; kill < kKills || ((leftovers == 0 || changed == 0) && kill < 4 * kKills); ++kill) {
    ++kills;
    SCOPED_TRACE("kill " + std::to_string(kill));
    const std::string before = read_text(target);
    const bool before_is_small = before == small_text;
    int ready[2];
    ASSERT_EQ(pipe(ready), 0);
    const pid_t writer = fork();
    ASSERT_GE(writer, 0) << "fork failed";
    if (writer == 0) {
      close(ready[0]);
      write_forever(target, skeleton, before_is_small ? large : small, before_is_small ? small : large, ready[1]);
    }
    close(ready[1]);
    char byte = 0;
    const bool started = read(ready[0], &byte, 1) == 1;
    close(ready[0]);
    ASSERT_TRUE(started) << "the writer did not start";
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
    ASSERT_EQ(::kill(writer, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(waitpid(writer, &status, 0), writer);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "the writer ended by itself (status " << status << "): a save failed";

    // The file: exactly one of the two contents, and a session ikscope loads.
    const std::string after = read_text(target);
    ASSERT_TRUE(after == small_text || after == large_text)
        << "broken file after a kill (" << after.size() << " bytes):\n"
        << after;
    (after == before ? unchanged : changed) += 1;
    ik::Session loaded;
    ASSERT_TRUE(ik::load_session(target, skeleton, loaded, error)) << error;
    EXPECT_EQ(loaded.chains.size(), (after == small_text ? small : large).chains.size());

    // Anything else in the folder is this writer's temporary file, harmless, then removed.
    for (const fs::directory_entry& entry : fs::directory_iterator(folder())) {
      const std::string name = entry.path().filename().string();
      if (name == "session.json" || name == "small.json" || name == "large.json") continue;
      ASSERT_EQ(entry.path().string(), target + ".tmp" + std::to_string(writer))
          << "a file that is not the killed writer's temporary file";
      const std::string partial = read_text(entry.path().string());
      EXPECT_TRUE(is_prefix_of(partial, small_text) || is_prefix_of(partial, large_text))
          << "the temporary file holds something else";
      fs::remove(entry.path());
      ++leftovers;
    }
  }
  std::printf(
      "%d kills at 0-%d us: the file was unchanged after %d, changed after %d; %d left a "
      "temporary file (killed mid-save), removed; one save takes %.0f us\n",
      kills, max_delay_us, unchanged, changed, leftovers, save_us);
  // The kills must have landed both mid-save and after completed saves, or the test saw
  // nothing worth seeing.
  EXPECT_GT(leftovers, 0) << "no kill landed inside a save";
  EXPECT_GT(changed, 0) << "no save completed before a kill";
}

}  // namespace
