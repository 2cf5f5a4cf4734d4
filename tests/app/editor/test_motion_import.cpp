// An imported clip's foot contacts (app/editor/motion_import.h): the CMU walk retargeted onto
// the built-in humanoid takes the capture's plants, found on the capture and carried over by
// the mapping -- also when the settings change -- and a clip the user edited keeps its own.
#include <gtest/gtest.h>

#include "app/editor/motion_import.h"
#include "io/bvh/bvh_import.h"
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

}  // namespace
