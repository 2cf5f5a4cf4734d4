// An imported clip's foot contacts (app/editor/motion_import.h): the CMU walk retargeted onto
// the built-in humanoid takes the capture's plants, found on the capture and carried over by
// the mapping -- also when the settings change -- and a clip the user edited keeps its own;
// its feet are held where the capture's stood.
#include <gtest/gtest.h>

#include "app/editor/motion_import.h"
#include "io/bvh/bvh_import.h"
#include "solvers/anim/pose.h"
#include "solvers/rig/contact_joints.h"

namespace {

const std::string kWalk = std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh";

ik::ImportedRig open_humanoid() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  return rig;
}

// The capture's own plants, found with `settings`, by joint name.
std::vector<ik::FootContacts> capture_plants(const ik::ContactSettings& settings, std::vector<std::string>& names) {
  ik::ImportedRig walk;
  std::string error;
  EXPECT_TRUE(ik::import_bvh_file(kWalk, ik::BvhOptions{}, walk, error)) << error;
  const std::vector<ik::ContactJoint> joints = ik::find_contact_joints(walk.skeleton, walk.roles);
  names.clear();
  for (const ik::ContactJoint& j : joints) names.push_back(walk.skeleton.name[static_cast<size_t>(j.joint)]);
  return ik::detect_contacts(walk.skeleton, walk.clips.at(0), 120.0f, joints, settings);
}

// Each of the rig's contact joints holds the plants of the capture joint it follows.
void expect_carried(const ik::ImportedRig& rig, const app::ContactsState& state, size_t clip,
                    const app::RetargetedClip& imported, const ik::ContactSettings& settings) {
  std::vector<std::string> names;
  const std::vector<ik::FootContacts> source = capture_plants(settings, names);
  int compared = 0;
  for (const ik::FootContacts& foot : state.clips.at(clip)) {
    const std::string& follows = imported.source_of.at(static_cast<size_t>(foot.joint));
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == follows) {
        ++compared;
        EXPECT_TRUE(ik::same_contacts({ik::FootContacts{0, foot.plants}}, {ik::FootContacts{0, source[i].plants}}))
            << rig.skeleton.name[static_cast<size_t>(foot.joint)] << " has not " << follows << "'s plants";
      }
  }
  EXPECT_EQ(compared, 4) << "the humanoid's feet and toes follow the capture's ankles and toes";
}

TEST(MotionImport, ARetargetedWalkTakesTheCapturesPlants) {
  ik::ImportedRig rig = open_humanoid();
  app::RetargetedClip imported;
  std::string error;
  ASSERT_TRUE(app::retarget_into(rig, kWalk, "", ik::BvhOptions{}, imported, error)) << error;
  ASSERT_EQ(rig.clips.size(), 1u);
  app::ContactsState state = app::detect_rig_contacts(rig);
  app::carry_source_contacts(rig, {imported}, state);
  expect_carried(rig, state, 0, imported, state.settings);

  // Other settings: found on the capture again with them.
  state.settings.speed = 0.15f;
  state.settings.min_plant = 0.2f;
  app::redetect_contacts(rig, state);
  expect_carried(rig, state, 0, imported, state.settings);

  // An edited clip keeps its plants whatever the settings.
  state.clips[0][0].plants = {{1.0f, 2.0f}};
  state.edited[0] = 1;
  state.settings.speed = 0.3f;
  app::redetect_contacts(rig, state);
  ASSERT_EQ(state.clips[0][0].plants.size(), 1u);
  EXPECT_EQ(state.clips[0][0].plants[0].start, 1.0f);
}

// The cleanup holds an imported clip's feet where the capture's stood (stand_paths): each
// contact joint's path is the capture joint's it follows, carried as the hips' path is; a
// clip found on itself has none (its feet stand where they are).
TEST(MotionImport, ARetargetedWalksFeetStandWhereTheCapturesStood) {
  ik::ImportedRig rig = open_humanoid();
  app::RetargetedClip imported;
  std::string error;
  ASSERT_TRUE(app::retarget_into(rig, kWalk, "", ik::BvhOptions{}, imported, error)) << error;
  app::ContactsState state = app::detect_rig_contacts(rig);
  app::carry_source_contacts(rig, {imported}, state);
  const std::vector<std::vector<glm::vec3>> stand = app::stand_paths(state, 0, 0.0f, 120.0f, 994);
  ASSERT_EQ(stand.size(), state.joints.size());
  const app::ContactSource& source = *state.sources.at(0);
  for (size_t i = 0; i < stand.size(); ++i) {
    ASSERT_EQ(stand[i].size(), 994u);
    const int s = source.map.source_joint.at(static_cast<size_t>(state.joints[i].joint));
    ASSERT_GE(s, 0);
    for (int f : {0, 500, 993}) {
      ik::Pose pose = ik::rest_pose(source.skeleton);
      ik::sample_clip(source.clip, static_cast<float>(f) / 120.0f, pose);
      std::vector<glm::mat4> world;
      ik::fk_all(source.skeleton, pose, world);
      const glm::vec3 want = ik::carried_place(source.map, ik::position_of(world[static_cast<size_t>(s)]));
      EXPECT_LT(glm::length(stand[i][static_cast<size_t>(f)] - want), 1e-4f) << i << " at frame " << f;
    }
  }
  state.sources[0] = nullptr;
  EXPECT_TRUE(app::stand_paths(state, 0, 0.0f, 120.0f, 994).empty());
  EXPECT_TRUE(app::stand_paths(state, 7, 0.0f, 120.0f, 994).empty()) << "a clip the rig does not have";
}

}  // namespace
