// A character rigged the way Mixamo rigs them, so that ikscope is tried on what users
// actually open: 65 joints named "mixamorig:…" (fingers with four joints each, the last a
// tip that carries no "_End"), a T-pose rest (arms straight out along ±X, palms down, legs
// straight down), joint translations in centimetres under an "Armature" node scaled by
// 0.01 (what Blender's glTF export of a Mixamo FBX writes), and no joint limits at all.
// Proportions of a 1.77 m adult. Nothing here comes from a Mixamo file: the positions are
// written out below.
//
// Front view (the character faces +Z, its left is +X), centimetres:
//
//                 O  HeadTop_End 177
//                 |  Head 158, Neck 149
//    ===o----o----+----o----o===   hands at ±71, elbows ±45, shoulders ±18, y 144
//                 |  Spine2 134, Spine1 121, Spine 110
//                 +  Hips 100
//                / \  UpLeg ±9 y 95, Leg (knee) y 52, Foot (ankle) y 9
//
// The elbows sit 1 cm behind the shoulder–wrist line and the knees 0.8 cm in front of the
// hip–ankle line, as in a relaxed T-pose: almost straight, and a solver without limits or
// a pole is free to bend them either way (the trouble the rig is here to show).
#include "assets/generator/placed_joints.h"
#include "assets/generator/rigs.h"

namespace rigs {
namespace {

const std::string kPrefix = "mixamorig:";

glm::vec3 mirrored(const glm::vec3& p) { return {-p.x, p.y, p.z}; }

// One finger of four joints: knuckle, two more segments and the tip, each given as the
// left hand's position; `mirror` places the right hand's.
void place_finger(std::vector<PlacedJoint>& joints, int hand, const std::string& name, const glm::vec3 (&at)[4],
                  float radius, bool mirror) {
  int parent = hand;
  for (int k = 0; k < 4; ++k) {
    const glm::vec3 p = mirror ? mirrored(at[k]) : at[k];
    parent = place(joints, name + std::to_string(k + 1), parent, p, radius * (1.0f - 0.12f * static_cast<float>(k)));
  }
}

void place_arm(std::vector<PlacedJoint>& joints, int chest, const std::string& side, bool mirror) {
  auto at = [mirror](float x, float y, float z) { return mirror ? mirrored({x, y, z}) : glm::vec3(x, y, z); };
  const std::string p = kPrefix + side;
  const int shoulder = place(joints, p + "Shoulder", chest, at(6.0f, 143.0f, -0.5f), 0.04f);
  const int arm = place(joints, p + "Arm", shoulder, at(18.0f, 144.0f, -1.5f), 0.045f);
  const int forearm = place(joints, p + "ForeArm", arm, at(45.0f, 144.0f, -2.5f), 0.037f);
  const int hand = place(joints, p + "Hand", forearm, at(71.0f, 144.0f, -1.5f), 0.03f);
  // Palm down, fingers along +X, slightly curled (a straight finger is a singular pose).
  const glm::vec3 thumb[4] = {
      {74.0f, 142.5f, 2.5f}, {77.0f, 141.5f, 5.0f}, {79.5f, 141.0f, 7.0f}, {82.0f, 140.5f, 8.5f}};
  const glm::vec3 index[4] = {
      {80.5f, 144.0f, 2.5f}, {84.5f, 143.6f, 2.8f}, {87.0f, 143.1f, 2.8f}, {89.3f, 142.5f, 2.8f}};
  const glm::vec3 middle[4] = {
      {81.0f, 144.2f, 0.3f}, {85.5f, 143.8f, 0.3f}, {88.3f, 143.2f, 0.3f}, {90.8f, 142.5f, 0.3f}};
  const glm::vec3 ring[4] = {
      {80.5f, 144.0f, -1.8f}, {84.5f, 143.6f, -1.9f}, {87.1f, 143.1f, -1.9f}, {89.4f, 142.5f, -1.9f}};
  const glm::vec3 pinky[4] = {
      {79.5f, 143.7f, -3.8f}, {82.8f, 143.4f, -4.0f}, {84.8f, 142.9f, -4.1f}, {86.7f, 142.3f, -4.1f}};
  place_finger(joints, hand, p + "HandThumb", thumb, 0.011f, mirror);
  place_finger(joints, hand, p + "HandIndex", index, 0.009f, mirror);
  place_finger(joints, hand, p + "HandMiddle", middle, 0.009f, mirror);
  place_finger(joints, hand, p + "HandRing", ring, 0.0085f, mirror);
  place_finger(joints, hand, p + "HandPinky", pinky, 0.008f, mirror);
}

void place_leg(std::vector<PlacedJoint>& joints, int hips, const std::string& side, bool mirror) {
  auto at = [mirror](float x, float y, float z) { return mirror ? mirrored({x, y, z}) : glm::vec3(x, y, z); };
  const std::string p = kPrefix + side;
  const int thigh = place(joints, p + "UpLeg", hips, at(9.0f, 95.0f, 0.0f), 0.07f);
  const int shin = place(joints, p + "Leg", thigh, at(9.5f, 52.0f, 0.8f), 0.05f);
  const int foot = place(joints, p + "Foot", shin, at(9.5f, 9.0f, -1.5f), 0.04f);
  const int toe = place(joints, p + "ToeBase", foot, at(9.5f, 1.5f, 11.0f), 0.03f);
  place(joints, p + "Toe_End", toe, at(9.5f, 1.5f, 19.0f), 0.025f);
}

}  // namespace

Rig make_mixamo_rig() {
  std::vector<PlacedJoint> j;
  const int hips = place(j, kPrefix + "Hips", -1, {0.0f, 100.0f, 0.0f}, 0.11f);
  const int spine = place(j, kPrefix + "Spine", hips, {0.0f, 110.0f, 0.5f}, 0.10f);
  const int spine1 = place(j, kPrefix + "Spine1", spine, {0.0f, 121.0f, 0.5f}, 0.11f);
  const int spine2 = place(j, kPrefix + "Spine2", spine1, {0.0f, 134.0f, 0.0f}, 0.12f);
  const int neck = place(j, kPrefix + "Neck", spine2, {0.0f, 149.0f, -1.0f}, 0.045f);
  const int head = place(j, kPrefix + "Head", neck, {0.0f, 158.0f, 1.0f}, 0.085f);
  place(j, kPrefix + "HeadTop_End", head, {0.0f, 177.0f, 2.0f}, 0.08f);
  place_arm(j, spine2, "Left", false);
  place_arm(j, spine2, "Right", true);
  place_leg(j, hips, "Left", false);
  place_leg(j, hips, "Right", true);

  Rig rig = make_frames("mixamo_rig", j);
  rig.color = glm::vec3(0.45f, 0.52f, 0.68f);
  rig.unit_scale = 0.01f;
  quantize(rig);
  check(rig);
  return rig;
}

}  // namespace rigs
