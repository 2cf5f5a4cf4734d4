// The open rig's foot contacts (app/editor/foot_contacts.h) on CesiumMan's walk: found when
// the rig opens, only edited clips go into a session, a session's plants applied to the rig
// exactly, found again when a role changes (edits kept), and a section that does not fit the
// rig (a clip it lacks, a plant past the clip's end, a joint that is no contact joint)
// refused with the key and nothing changed; each foot's skate in the clip as it is.
#include <gtest/gtest.h>

#include "app/editor/foot_contacts.h"
#include "solvers/anim/clip_playback.h"
#include "tests/support/gltf_test_util.h"

namespace {

const ik::ImportedRig& cesium_man() {
  static const ik::ImportedRig rig = [] {
    ik::ImportedRig r;
    std::string error;
    EXPECT_TRUE(ik::import_gltf_file(gltf_test::sample_path("CesiumMan/glTF/CesiumMan.gltf"), r, error)) << error;
    return r;
  }();
  return rig;
}

TEST(FootContacts, FoundWhenTheRigOpens) {
  const app::ContactsState state = app::detect_rig_contacts(cesium_man());
  ASSERT_EQ(state.joints.size(), 4u);  // two ankles, two toes
  ASSERT_EQ(state.clips.size(), cesium_man().clips.size());
  ASSERT_EQ(state.clips[0].size(), 4u);
  for (const ik::FootContacts& foot : state.clips[0]) EXPECT_FALSE(foot.plants.empty());
  EXPECT_EQ(state.edited, std::vector<std::uint8_t>(cesium_man().clips.size(), 0));
  EXPECT_TRUE(app::contacts_for_session(cesium_man(), state).clips.empty()) << "nothing edited, nothing saved";
}

TEST(FootContacts, ASessionsPlantsApplyExactly) {
  app::ContactsState state = app::detect_rig_contacts(cesium_man());
  state.settings.speed = 0.7f;
  ik::FootContacts& left = state.clips[0][0];
  left.plants = {{0.1f, 0.3f}, {1.0f, 1.2f}};  // the clip runs 0.042 to 2 s
  state.edited[0] = 1;
  const ik::SessionContacts section = app::contacts_for_session(cesium_man(), state);
  ASSERT_EQ(section.clips.size(), 1u);
  EXPECT_EQ(section.clips[0].clip, cesium_man().clips[0].name);
  app::ContactsState applied;
  ASSERT_EQ(app::contacts_from_session(cesium_man(), section, applied), "");
  EXPECT_TRUE(app::same_contacts_state(applied, state));
  // A settings change finds the clips again, but not an edited one.
  applied.settings.speed = 0.1f;
  app::redetect_contacts(cesium_man(), applied);
  EXPECT_TRUE(ik::same_contacts(applied.clips[0], state.clips[0]));
}

TEST(FootContacts, ARoleEditFindsTheContactJointsAgainAndKeepsEdits) {
  ik::ImportedRig rig = cesium_man();
  app::ContactsState state = app::detect_rig_contacts(rig);
  state.clips[0][0].plants = {{0.1f, 0.3f}};  // the left ankle's plants, edited
  state.edited[0] = 1;
  const int left_toe = state.joints[1].joint;
  rig.roles[static_cast<size_t>(left_toe)] = ik::JointRole{};  // the left toe is no toe now
  app::refind_contact_joints(rig, state);
  ASSERT_EQ(state.joints.size(), 3u);
  for (const ik::ContactJoint& j : state.joints) EXPECT_NE(j.joint, left_toe);
  ASSERT_EQ(state.clips[0].size(), 3u);
  EXPECT_EQ(state.clips[0][0].plants.size(), 1u) << "the edited ankle keeps its plants";
  EXPECT_EQ(state.clips[0][0].plants[0].end, 0.3f);
  EXPECT_EQ(state.clips[0][1].joint, state.joints[1].joint);
}

TEST(FootContacts, ASectionThatDoesNotFitTheRigIsRefused) {
  const app::ContactsState state = app::detect_rig_contacts(cesium_man());
  const float start = cesium_man().clips[0].start, end = cesium_man().clips[0].end;
  struct Case {
    ik::SessionContacts section;
    std::string message;
  };
  std::vector<Case> cases;
  ik::SessionContacts s;
  s.clips = {{"Run", {}}};
  cases.push_back({s, "contacts.clips[0].clip: the rig has no clip 'Run'"});
  s.clips = {{cesium_man().clips[0].name, {{state.joints[1].joint, {{start, start + 0.2f}, {0.5f, end + 0.5f}}}}}};
  cases.push_back({s, "contacts.clips[0].feet[0].plants: plant 2 lies outside the clip (clip '" +
                          cesium_man().clips[0].name + "' runs "});
  s.clips = {{cesium_man().clips[0].name, {{0, {{0.0f, 0.2f}}}}}};
  cases.push_back({s, "contacts.clips[0].feet[0].joint: joint 0 is not one of the rig's contact joints"});
  for (const Case& c : cases) {
    app::ContactsState out = state;
    out.settings.height = 0.5f;  // a mark: refused sections leave `out` alone
    const std::string problem = app::contacts_from_session(cesium_man(), c.section, out);
    EXPECT_EQ(problem.rfind(c.message, 0), 0u) << problem;
    EXPECT_EQ(out.settings.height, 0.5f);
  }
}

}  // namespace

// --state-out's figures: each contact joint's foot skate in the clip as it is, over exactly
// the frames of its plants; a joint without plants reads nothing.
TEST(FootContacts, EachFootsSkateInTheClipAsItIs) {
  app::ContactsState state = app::detect_rig_contacts(cesium_man());
  state.clips[0][1].plants.clear();
  const std::vector<ik::FootSkate> skate = app::clip_foot_skate(cesium_man(), state, 0);
  ASSERT_EQ(skate.size(), state.joints.size());
  const float rate = ik::clip_frame_rate(cesium_man().clips[0]);
  for (size_t i = 0; i < skate.size(); ++i) {
    int frames = 0;
    for (const ik::ContactInterval& p : state.clips[0][i].plants)
      frames += ik::frame_at(p.end, cesium_man().clips[0].start, rate) -
                ik::frame_at(p.start, cesium_man().clips[0].start, rate) + 1;
    EXPECT_EQ(skate[i].planted_frames, frames) << i;
    EXPECT_GE(skate[i].skate_ratio, 0.0f);
    EXPECT_LE(skate[i].skate_ratio, 1.0f);
  }
  EXPECT_EQ(skate[1].planted_frames, 0);
  EXPECT_EQ(skate[1].planted_drift, 0.0f);
  EXPECT_TRUE(app::clip_foot_skate(cesium_man(), state, 7).empty()) << "no such clip";
}
