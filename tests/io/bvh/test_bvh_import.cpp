// BVH import (io/bvh/bvh_import.h): every rotation order against matrices written out by
// hand, position channels on any joint, End Sites, several roots, Frame Time, units (given
// and guessed), Z up, the CMU clips of ../shared/mocap, and bad files (one line naming the
// file, the line and the problem; the rig the caller had kept).
//
//   helpers           two_bone_file, rot_x/y/z (by hand), sample_world, joint_named
//   rotation orders   all six, a root translation, position channels on a child
//   structure         End Sites, several roots, clip times, zero frames
//   units and axes    given, guessed, a number, Z up
//   CMU clips         open, sizes, frame counts, the walk in both unit systems agree
//   bad files         one message each, with its line
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/bvh/bvh_import.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/pose.h"
#include "tests/support/independent_fk.h"

namespace {

const float kDeg = 3.14159265358979f / 180.0f;

// Rotation matrices about the file's axes, written out (not glm::rotate, not quaternions).
glm::mat3 rot_x(float deg) {
  const float c = std::cos(deg * kDeg), s = std::sin(deg * kDeg);
  return glm::transpose(glm::mat3(1, 0, 0, 0, c, -s, 0, s, c));
}
glm::mat3 rot_y(float deg) {
  const float c = std::cos(deg * kDeg), s = std::sin(deg * kDeg);
  return glm::transpose(glm::mat3(c, 0, s, 0, 1, 0, -s, 0, c));
}
glm::mat3 rot_z(float deg) {
  const float c = std::cos(deg * kDeg), s = std::sin(deg * kDeg);
  return glm::transpose(glm::mat3(c, -s, 0, s, c, 0, 0, 0, 1));
}
glm::mat3 rot_about(char axis, float deg) { return axis == 'X' ? rot_x(deg) : axis == 'Y' ? rot_y(deg) : rot_z(deg); }

// A root with six channels (rotation order `order`, e.g. "ZXY") and one child joint with
// three, then an End Site; lengths in metres, so --bvh-units m.
std::string two_bone_file(const std::string& order, const std::string& frames) {
  std::string rot;
  for (char a : order) rot += std::string(" ") + a + "rotation";
  return "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition" + rot +
         "\n  JOINT Bone\n  {\n    OFFSET 0 0.5 0\n    CHANNELS 3" + rot +
         "\n    End Site\n    {\n      OFFSET 0.3 0.4 0.1\n    }\n  }\n}\nMOTION\nFrames: 1\nFrame Time: 0.04\n" +
         frames + "\n";
}

ik::BvhOptions in_metres() {
  ik::BvhOptions o;
  o.units = ik::BvhUnits::metres;
  return o;
}

int joint_named(const ik::Skeleton& s, const std::string& name) {
  const int j = ik::find_joint(s, name);
  EXPECT_GE(j, 0) << "no joint " << name;
  return j;
}

// The world positions of the rig's joints with its first clip sampled at `time`.
std::vector<glm::vec3> sample_world(const ik::ImportedRig& rig, float time) {
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  ik::sample_clip(rig.clips.at(0), time, pose);
  std::vector<glm::vec3> out;
  for (int j = 0; j < rig.skeleton.joint_count(); ++j) out.push_back(iktest::world_position(rig.skeleton, pose, j));
  return out;
}

void expect_vec_near(const glm::vec3& a, const glm::vec3& b, float tol, const std::string& what) {
  EXPECT_NEAR(a.x, b.x, tol) << what;
  EXPECT_NEAR(a.y, b.y, tol) << what;
  EXPECT_NEAR(a.z, b.z, tol) << what;
}

ik::ImportedRig load_text(const std::string& text, const ik::BvhOptions& options = in_metres()) {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_bvh_text(text, "test.bvh", options, rig, error)) << error;
  return rig;
}

std::string mocap(const std::string& file) { return std::string(IKSCOPE_SHARED_DIR) + "/mocap/" + file; }

}  // namespace

// ---- rotation orders ---------------------------------------------------------------------

TEST(BvhImport, EveryRotationOrderMatchesMatricesByHand) {
  const float tx = 0.2f, ty = 1.0f, tz = -0.3f;
  const float a[3] = {25.0f, -40.0f, 70.0f};  // the root's three angles, in listed order
  const float b[3] = {-15.0f, 35.0f, 50.0f};  // the child's
  for (const std::string order : {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"}) {
    char frame[200];
    std::snprintf(frame, sizeof frame, "%g %g %g %g %g %g %g %g %g", tx, ty, tz, a[0], a[1], a[2], b[0], b[1], b[2]);
    const ik::ImportedRig rig = load_text(two_bone_file(order, frame));
    ASSERT_EQ(rig.clips.size(), 1u) << order;
    // Listed order is the matrix product's order: "ZXY" is Rz * Rx * Ry.
    glm::mat3 ra(1.0f), rb(1.0f);
    for (int k = 0; k < 3; ++k) {
      ra = ra * rot_about(order[static_cast<size_t>(k)], a[k]);
      rb = rb * rot_about(order[static_cast<size_t>(k)], b[k]);
    }
    const glm::vec3 root(tx, ty, tz);
    const glm::vec3 bone = root + ra * glm::vec3(0.0f, 0.5f, 0.0f);
    const glm::vec3 tip = bone + ra * rb * glm::vec3(0.3f, 0.4f, 0.1f);
    const std::vector<glm::vec3> p = sample_world(rig, 0.0f);
    expect_vec_near(p[static_cast<size_t>(joint_named(rig.skeleton, "Hips"))], root, 1e-5f, order + " root");
    expect_vec_near(p[static_cast<size_t>(joint_named(rig.skeleton, "Bone"))], bone, 1e-5f, order + " bone");
    expect_vec_near(p[static_cast<size_t>(joint_named(rig.skeleton, "Bone_End"))], tip, 1e-5f, order + " tip");
  }
}

TEST(BvhImport, PositionChannelsOnAChildReplaceItsOffset) {
  const std::string text =
      "HIERARCHY\nROOT Root\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Zposition\n"
      " JOINT Slider\n {\n  OFFSET 0 1 0\n  CHANNELS 4 Yposition Xrotation Yrotation Zrotation\n"
      "  End Site\n  {\n   OFFSET 0 0 1\n  }\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n"
      "0 0 0  1 0 0 0\n0 0 0  3 90 0 0\n";
  const ik::ImportedRig rig = load_text(text);
  const int slider = joint_named(rig.skeleton, "Slider"), tip = joint_named(rig.skeleton, "Slider_End");
  // Yposition is where the joint is on Y in its parent's frame (X and Z keep the offset's).
  expect_vec_near(sample_world(rig, 0.0f)[static_cast<size_t>(slider)], {0, 1, 0}, 1e-6f, "frame 0");
  expect_vec_near(sample_world(rig, 0.5f)[static_cast<size_t>(slider)], {0, 3, 0}, 1e-6f, "frame 1");
  expect_vec_near(sample_world(rig, 0.5f)[static_cast<size_t>(tip)], {0, 2, 0}, 1e-5f, "tip turned 90 about X");
}

// ---- structure ----------------------------------------------------------------------------

TEST(BvhImport, SeveralRootsEndSitesAndFrameTimes) {
  const std::string text =
      "HIERARCHY\nROOT A\n{\n OFFSET 1 0 0\n CHANNELS 1 Zrotation\n End Site\n {\n  OFFSET 0 1 0\n }\n}\n"
      "ROOT B\n{\n OFFSET -1 0 0\n CHANNELS 0\n JOINT B Child\n {\n  OFFSET 0 2 0\n  CHANNELS 1 Xrotation\n"
      "  End Site\n  {\n   OFFSET 0 0 1\n  }\n }\n}\nMOTION\nFrames: 3\nFrame Time: 0.0333333\n0 0\n90 0\n180 90\n";
  const ik::ImportedRig rig = load_text(text);
  ASSERT_EQ(rig.skeleton.joint_count(), 5);  // A, A_End, B, "B Child", "B Child_End": no tip added
  EXPECT_EQ(rig.skeleton.parent[static_cast<size_t>(joint_named(rig.skeleton, "B"))], -1);
  EXPECT_EQ(rig.skeleton.is_added_tip[static_cast<size_t>(joint_named(rig.skeleton, "A_End"))], 0);
  ASSERT_EQ(rig.clips.size(), 1u);
  EXPECT_EQ(rig.clips[0].name, "test");
  EXPECT_FLOAT_EQ(rig.clips[0].start, 0.0f);
  EXPECT_NEAR(rig.clips[0].end, 2 * 0.0333333f, 1e-6f);
  for (const ik::ClipChannel& c : rig.clips[0].channels) {
    ASSERT_EQ(c.times.size(), 3u);
    EXPECT_NEAR(c.times[2], 2 * 0.0333333f, 1e-6f);
  }
  const std::vector<glm::vec3> p = sample_world(rig, 2 * 0.0333333f);
  expect_vec_near(p[static_cast<size_t>(joint_named(rig.skeleton, "A_End"))], {1, -1, 0}, 1e-5f, "A turned 180");
  expect_vec_near(p[static_cast<size_t>(joint_named(rig.skeleton, "B Child_End"))], {-1, 1, 0}, 1e-5f,
                  "B's child turned 90 about X");
}

TEST(BvhImport, ZeroFramesGiveTheSkeletonWithoutAClip) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_bvh_text(
      two_bone_file("ZYX", "").substr(0, two_bone_file("ZYX", "").find("Frames")) + "Frames: 0\nFrame Time: 0.01\n",
      "still.bvh", in_metres(), rig, error))
      << error;
  EXPECT_TRUE(rig.clips.empty());
  ASSERT_FALSE(rig.warnings.empty());
  EXPECT_NE(rig.warnings[0].find("no motion"), std::string::npos);
}

// ---- units and axes -------------------------------------------------------------------------

// A 170-unit tall stick figure: legs down from the hips, a spine up.
std::string stick_figure(const char* up_axis) {
  const bool z = std::string(up_axis) == "z";
  const auto v = [&](float x, float y, float zz) {
    char t[64];
    std::snprintf(t, sizeof t, "%g %g %g", x, z ? -zz : y, z ? y : zz);
    return std::string(t);
  };
  return "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation "
         "Xrotation\n"
         " JOINT LeftUpLeg\n {\n  OFFSET " +
         v(10, -5, 0) +
         "\n  CHANNELS 3 Zrotation Yrotation Xrotation\n"
         "  End Site\n  {\n   OFFSET " +
         v(0, -90, 0) +
         "\n  }\n }\n"
         " JOINT Spine\n {\n  OFFSET " +
         v(0, 10, 0) +
         "\n  CHANNELS 3 Zrotation Yrotation Xrotation\n"
         "  End Site\n  {\n   OFFSET " +
         v(0, 65, 0) + "\n  }\n }\n}\nMOTION\nFrames: 1\nFrame Time: 0.01\n" + v(0, 95, 0) + " 0 0 0 0 0 0 0 0 0\n";
}

TEST(BvhImport, UnitsGivenGuessedOrANumber) {
  ik::BvhOptions guess;
  const ik::ImportedRig guessed = load_text(stick_figure("y"), guess);
  EXPECT_NEAR(guessed.bounds_max.y - guessed.bounds_min.y, 1.70f, 1e-4f);
  ASSERT_FALSE(guessed.notes.empty());
  EXPECT_NE(guessed.notes[0].find("units guessed: centimetres"), std::string::npos) << guessed.notes[0];
  EXPECT_NE(guessed.notes[0].find("1.70 m"), std::string::npos) << guessed.notes[0];

  ik::BvhOptions inches;
  std::string error;
  ASSERT_TRUE(ik::parse_bvh_units("in", inches, error));
  EXPECT_NEAR(load_text(stick_figure("y"), inches).bounds_max.y, 75.0f * 0.0254f, 1e-4f);
  ik::BvhOptions number;
  ASSERT_TRUE(ik::parse_bvh_units("0.5", number, error));
  EXPECT_NEAR(load_text(stick_figure("y"), number).bounds_max.y, 0.5f * 75.0f, 1e-3f);
  EXPECT_FALSE(ik::parse_bvh_units("furlongs", number, error));
  EXPECT_NE(error.find("unknown BVH units 'furlongs'"), std::string::npos);
  EXPECT_FALSE(ik::parse_bvh_units("-1", number, error));
}

TEST(BvhImport, ZUpFilesStandUpInY) {
  ik::BvhOptions z_up;
  z_up.units = ik::BvhUnits::centimetres;
  z_up.z_up = true;
  const ik::ImportedRig rig = load_text(stick_figure("z"), z_up);
  const ik::ImportedRig y_rig = load_text(stick_figure("y"), ik::BvhOptions{ik::BvhUnits::centimetres, 0.0f, false});
  const std::vector<glm::vec3> p = sample_world(rig, 0.0f), q = sample_world(y_rig, 0.0f);
  ASSERT_EQ(p.size(), q.size());
  for (size_t j = 0; j < p.size(); ++j) expect_vec_near(p[j], q[j], 1e-5f, rig.skeleton.name[j]);
  // Roles see a standing figure: the leg is a thigh on the left.
  EXPECT_EQ(rig.roles[static_cast<size_t>(joint_named(rig.skeleton, "LeftUpLeg"))].role, ik::Role::thigh);
}

// ---- the CMU clips ------------------------------------------------------------------------------

TEST(BvhImport, CmuClipsOpenWithTheirFramesUnitsAndRoles) {
  struct Case {
    const char* file;
    size_t frames;
    const char* units;
  };
  for (const Case& c : {Case{"131_01.bvh", 994, "CMU units"}, Case{"131_03.bvh", 1102, "CMU units"},
                        Case{"scaled_131_02.bvh", 1248, "metres"}}) {
    ik::ImportedRig rig;
    std::string error;
    ASSERT_TRUE(ik::import_bvh_file(mocap(c.file), ik::BvhOptions{}, rig, error)) << error;
    ASSERT_EQ(rig.clips.size(), 1u);
    EXPECT_EQ(rig.clips[0].channels.front().times.size(), c.frames) << c.file;
    EXPECT_NEAR(rig.clips[0].duration(), static_cast<float>(c.frames - 1) / 120.0f, 0.01f) << c.file;
    ASSERT_FALSE(rig.notes.empty());
    EXPECT_NE(rig.notes[0].find(c.units), std::string::npos) << rig.notes[0];
    EXPECT_TRUE(rig.warnings.empty()) << c.file << ": " << rig.warnings.front();
    // CMU's names: LeftHip is the thigh (the joint at the hip), LeftShoulder the upper arm
    // below LeftCollar, LeftWrist the hand; LHipJoint (the pelvis' side bone) has none.
    const auto role_of = [&](const char* name) {
      return rig.roles[static_cast<size_t>(joint_named(rig.skeleton, name))];
    };
    EXPECT_EQ(role_of("Hips").role, ik::Role::hips);
    EXPECT_EQ(role_of("LHipJoint").role, ik::Role::none);
    EXPECT_EQ(role_of("LeftHip").role, ik::Role::thigh);
    EXPECT_EQ(role_of("LeftHip").side, ik::Side::left);
    EXPECT_EQ(role_of("RightKnee").role, ik::Role::shin);
    EXPECT_EQ(role_of("LeftAnkle").role, ik::Role::foot);
    EXPECT_EQ(role_of("RightToe").role, ik::Role::toe);
    EXPECT_EQ(role_of("lowerback").role, ik::Role::spine);
    EXPECT_EQ(role_of("Chest").role, ik::Role::spine);
    EXPECT_EQ(role_of("Chest2").role, ik::Role::chest);
    EXPECT_EQ(role_of("lowerneck").role, ik::Role::neck);
    EXPECT_EQ(role_of("Head").role, ik::Role::head);
    EXPECT_EQ(role_of("LeftCollar").role, ik::Role::clavicle);
    EXPECT_EQ(role_of("LeftShoulder").role, ik::Role::upper_arm);
    EXPECT_EQ(role_of("RightElbow").role, ik::Role::forearm);
    EXPECT_EQ(role_of("LeftWrist").role, ik::Role::hand);
    EXPECT_EQ(role_of("lhand").role, ik::Role::none);
    // A person, standing: subject 131's zero pose is 1.37 m from toes to the head's top.
    EXPECT_GT(rig.bounds_max.y - rig.bounds_min.y, 1.2f) << c.file;
    EXPECT_LT(rig.bounds_max.y - rig.bounds_min.y, 2.0f) << c.file;
  }
}

// 131_01 in CMU units and 131_02 scaled to metres are one subject: once converted, the same
// bones.
TEST(BvhImport, CmuUnitsAndMetresAgreeOnOneSubject) {
  ik::ImportedRig cmu, metres;
  std::string error;
  ASSERT_TRUE(ik::import_bvh_file(mocap("131_01.bvh"), ik::BvhOptions{}, cmu, error)) << error;
  ASSERT_TRUE(ik::import_bvh_file(mocap("scaled_131_02.bvh"), ik::BvhOptions{}, metres, error)) << error;
  ASSERT_EQ(cmu.skeleton.joint_count(), metres.skeleton.joint_count());
  for (int j = 0; j < cmu.skeleton.joint_count(); ++j)
    expect_vec_near(cmu.skeleton.rest[static_cast<size_t>(j)].translation,
                    metres.skeleton.rest[static_cast<size_t>(j)].translation, 2e-4f,
                    cmu.skeleton.name[static_cast<size_t>(j)]);
}

// ---- bad files -------------------------------------------------------------------------------------

TEST(BvhImport, BadFilesGiveOneLineWithTheLine) {
  const std::string good = two_bone_file("ZYX", "0 1 0 0 0 0 0 0 0");
  const auto replace = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return t.replace(at, from.size(), to);
  };
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "bad.bvh:1: expected 'HIERARCHY' at the start of a BVH file, found the end of the file"},
      {"HIERARCHY\n", "bad.bvh:2: expected ROOT or MOTION, found the end of the file"},
      {"HIERARCHY\nMOTION\n", "bad.bvh:2: no ROOT before MOTION"},
      {replace("  {\n    OFFSET 0 0.5 0", "    OFFSET 0 0.5 0"),
       "bad.bvh:7: expected '{' after joint 'Bone', found 'OFFSET'"},
      {replace("    }\n  }\n}", "    }\n  }\n"), "expected JOINT, End Site or '}' in joint 'Hips', found 'MOTION'"},
      {replace("Zposition", "Wposition"), "bad.bvh:5: unknown channel 'Wposition' of joint 'Hips'"},
      {replace("CHANNELS 3", "CHANNELS 4"), "bad.bvh:9: CHANNELS says 4 for joint 'Bone' but lists 3"},
      {replace("CHANNELS 3", "CHANNELS 7"), "bad.bvh:9: CHANNELS of joint 'Bone' must be a count from 0 to 6, not '7'"},
      {replace("CHANNELS 3 Zrotation Yrotation", "CHANNELS 3 Zrotation Zrotation"), "channel 'Zrotation' listed twice"},
      {replace("OFFSET 0 0.5 0", "OFFSET 0 nan 0"), "bad.bvh:8: an OFFSET value must be a finite number, not 'nan'"},
      {replace("Frames: 1", "Frames: 1000000000"), "bad.bvh:17: Frames says 1000000000, more than 10000000"},
      {replace("Frames: 1", "Frames: 3"), "bad.bvh:17: Frames says 3 but the file has 1 frame lines"},
      {replace("Frames: 1", "Frames: x"), "bad.bvh:17: Frames must be a count, not 'x'"},
      {replace("Frame Time: 0.04", "Frame Time: 0"),
       "bad.bvh:18: Frame Time must be a number of seconds from 0.0001 to 60, not '0'"},
      {replace("Frame Time: 0.04", "Frame Time: -0.01"),
       "Frame Time must be a number of seconds from 0.0001 to 60, not '-0.01'"},
      {replace("0 1 0 0 0 0 0 0 0", "0 1 0 0 0 0 0 0"), "bad.bvh:19: frame 1 has 8 values; the channels need 9"},
      {replace("0 1 0 0 0 0 0 0 0", "0 1 0 0 0 0 0 0 0 0"), "bad.bvh:19: frame 1 has more than the 9 values"},
      {replace("0 1 0 0 0 0 0 0 0", "0 1 0 0 NaN 0 0 0 0"),
       "bad.bvh:19: frame 1: value 5 is 'NaN', not a finite number"},
      {replace("0 1 0 0 0 0 0 0 0", "0 1 0 0 0 0 0 0 0\n1 1 1 1 1 1 1 1 1"),
       "bad.bvh:20: more frame lines than Frames says (1)"},
      {replace("MOTION", "MOTON"), "bad.bvh:16: expected ROOT or MOTION, found 'MOTON'"},
      {replace("End Site", "End Sight"), "bad.bvh:10: expected 'End Site', found 'End Sight'"},
  };
  for (const Case& c : cases) {
    ik::ImportedRig rig;
    rig.path = "kept";
    std::string error;
    EXPECT_FALSE(ik::import_bvh_text(c.text, "bad.bvh", in_metres(), rig, error)) << c.message;
    EXPECT_NE(error.find(c.message), std::string::npos) << "got: " << error << "\nwanted: " << c.message;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    EXPECT_EQ(rig.path, "kept");
  }
  ik::ImportedRig rig;
  std::string error;
  EXPECT_FALSE(ik::import_bvh_file(std::string(IKSCOPE_TEST_TMP) + "/no such file.bvh", ik::BvhOptions{}, rig, error));
  EXPECT_NE(error.find("no such file.bvh"), std::string::npos) << error;
  EXPECT_TRUE(ik::is_bvh_path("walk.BVH"));
  EXPECT_FALSE(ik::is_bvh_path("walk.gltf"));
}
