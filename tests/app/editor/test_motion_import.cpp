// An imported clip's foot contacts (app/editor/motion_import.h): the CMU walk retargeted onto
// the built-in humanoid takes the capture's plants, found on the capture and carried over by
// the mapping -- also when the settings change -- and a clip the user edited keeps its own;
// its feet are held where the capture's stood.
#include <gtest/gtest.h>

#include "app/editor/editor.h"
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
  ASSERT_TRUE(app::retarget_into(rig, kWalk, "", ik::BvhOptions{}, {}, imported, error)) << error;
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
  ASSERT_TRUE(app::retarget_into(rig, kWalk, "", ik::BvhOptions{}, {}, imported, error)) << error;
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

// File > Mapping of this clip: a joint made to follow nothing retargets the clip again in
// place (same name, its plants carried again), one undo step; an edit naming a joint the
// source does not have changes nothing and says so; the edits are what a session saves.
TEST(MotionImport, AMappingEditRetargetsTheClipAgainAndUndoes) {
  app::Editor editor;
  editor.document.rig = open_humanoid();
  editor.document.has_rig = true;
  app::RetargetedClip imported;
  std::string error;
  ASSERT_TRUE(app::retarget_into(editor.document.rig, kWalk, "", ik::BvhOptions{}, {}, imported, error)) << error;
  editor.document.imported.push_back(imported);
  editor.document.contacts = app::detect_rig_contacts(editor.document.rig);
  app::carry_source_contacts(editor.document.rig, editor.document.imported, editor.document.contacts);
  editor.history.reset(editor.document.chains);
  const int hand = ik::find_joint(editor.document.rig.skeleton, "LeftHand");
  const auto channels_of = [&](int joint) {
    int n = 0;
    for (const ik::ClipChannel& c : editor.document.rig.clips.at(0).channels) n += c.joint == joint ? 1 : 0;
    return n;
  };
  ASSERT_EQ(channels_of(hand), 1);
  const int mapped = imported.mapped_joints;

  const std::vector<ik::RetargetOptions> before = app::motion_options(editor.document.imported);
  ASSERT_TRUE(app::remap_motion(editor, 0, app::with_mapping_edit({}, "LeftHand", "")));
  editor.history.commit_motions(editor.document.chains, before, app::motion_options(editor.document.imported));
  const app::RetargetedClip& now = editor.document.imported[0];
  EXPECT_EQ(now.name, "131_01");
  EXPECT_EQ(editor.document.rig.clips.size(), 1u);
  EXPECT_EQ(editor.document.rig.clips[0].name, "131_01");
  EXPECT_EQ(channels_of(hand), 0) << "the hand stays at rest";
  EXPECT_EQ(now.mapped_joints, mapped - 1);
  EXPECT_EQ(now.source_of[static_cast<size_t>(hand)], "");
  EXPECT_EQ(editor.document.contacts.sources.at(0), now.contacts) << "its plants come from the new mapping";
  expect_carried(editor.document.rig, editor.document.contacts, 0, now, editor.document.contacts.settings);
  EXPECT_FALSE(editor.ui.status_is_error) << editor.ui.status;

  // A joint the source does not have: nothing changes, the status names it.
  EXPECT_FALSE(app::remap_motion(editor, 0, app::with_mapping_edit(now.options, "LeftHand", "LeftPaw")));
  EXPECT_TRUE(editor.ui.status_is_error);
  EXPECT_NE(editor.ui.status.find("the source has no joint 'LeftPaw'"), std::string::npos) << editor.ui.status;
  EXPECT_EQ(channels_of(hand), 0);
  ASSERT_EQ(editor.document.imported[0].options.edits.size(), 1u);

  // The session keeps the edit.
  EXPECT_TRUE(app::session_motions(editor.document.imported).at(0).options == editor.document.imported[0].options);

  // Undo: the history gives the options back, the clip is made again with them.
  std::vector<ik::RetargetOptions> motions = app::motion_options(editor.document.imported);
  ASSERT_TRUE(editor.history.undo(editor.document.chains, nullptr, nullptr, nullptr, nullptr, &motions));
  ASSERT_EQ(motions.size(), 1u);
  EXPECT_TRUE(motions[0].edits.empty());
  ASSERT_TRUE(app::remap_motion(editor, 0, motions[0]));
  EXPECT_EQ(channels_of(hand), 1);
  EXPECT_EQ(editor.document.imported[0].mapped_joints, mapped);
}

TEST(MotionImport, AnEditOfAJointReplacesItsEarlierOne) {
  ik::RetargetOptions o = app::with_mapping_edit({}, "LeftHand", "lhand");
  o = app::with_mapping_edit(o, "RightHand", "");
  o = app::with_mapping_edit(o, "LeftHand", "LeftWrist");
  ASSERT_EQ(o.edits.size(), 2u);
  EXPECT_EQ(o.edits[0].joint, "RightHand");
  EXPECT_EQ(o.edits[1].follows, "LeftWrist");
  EXPECT_TRUE(o.fingers);
}

}  // namespace
