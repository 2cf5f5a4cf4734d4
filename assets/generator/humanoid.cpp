// The humanoid: placed joint by joint in model space, then given bone-aligned frames.
//
// Side view of the pose (the character faces +Z, to the right here; Y up):
//
//           O      head upright, looking forward
//          /       torso leaning forward 18-30 degrees
//         / \__    arms forward and down to the handlebars, elbows bent
//        /
//        \         thigh 25 degrees forward of vertical  } knee bent 42 degrees
//         \        (knee)
//         /        shin 17 degrees back of vertical      }
//        /__       foot flat, sole on y = 0
//
// Joint positions are written in model space because that is how one thinks of a pose;
// the local rest transforms the file needs are derived from them (see make_frames).
#include <cmath>
#include <stdexcept>

#include "assets/generator/placed_joints.h"
#include "assets/generator/rigs.h"

namespace rigs {
namespace {

constexpr float kDegPerRad = 57.29577951308232f;

float radians(float degrees) { return degrees / kDegPerRad; }

// Unit direction in the side (YZ) plane, `deg` degrees from straight up, leaning towards
// +Z (forward) for positive angles.
glm::vec3 up_leaning(float deg) { return {0.0f, std::cos(radians(deg)), std::sin(radians(deg))}; }

// Unit direction `deg` degrees from straight down, towards +Z (forward) for positive angles.
glm::vec3 down_leaning(float deg) { return {0.0f, -std::cos(radians(deg)), std::sin(radians(deg))}; }

glm::vec3 mirrored(const glm::vec3& p) { return {-p.x, p.y, p.z}; }

// One arm (left side, +X): clavicle, upper arm, forearm, hand. The elbow is placed by
// the law of cosines between the shoulder and the grip, bending towards `elbow_pole`.
void place_arm(std::vector<PlacedJoint>& joints, int chest, const std::string& side,
               const glm::vec3& clavicle, const glm::vec3& shoulder, const glm::vec3& grip,
               const glm::vec3& elbow_pole, const glm::vec3& hand_direction) {
  const float upper_arm = 0.29f;  // shoulder to elbow
  const float forearm = 0.26f;    // elbow to wrist
  const float hand = 0.09f;       // wrist to knuckles

  // Elbow: in the plane of the shoulder-grip line and the pole. With d = |grip - shoulder|,
  // the angle at the shoulder between that line and the upper arm is
  //   cos a = (d^2 + upper^2 - fore^2) / (2 d upper).
  const glm::vec3 reach = grip - shoulder;
  const float d = glm::length(reach);
  if (d >= upper_arm + forearm) throw std::runtime_error("humanoid: the grip is out of reach");
  const glm::vec3 along = reach / d;
  const glm::vec3 across = glm::normalize(elbow_pole - along * glm::dot(elbow_pole, along));
  const float cos_a = (d * d + upper_arm * upper_arm - forearm * forearm) / (2.0f * d * upper_arm);
  const float sin_a = std::sqrt(1.0f - cos_a * cos_a);
  const glm::vec3 elbow = shoulder + upper_arm * (cos_a * along + sin_a * across);
  const glm::vec3 wrist = elbow + forearm * glm::normalize(grip - elbow);

  const RigLimits clavicle_limits = ball_limits({-15, -10, -15}, {15, 10, 15});
  // Upper arm, relative to its forward-and-down rest: +X flexes back/forward.
  const RigLimits shoulder_limits = ball_limits({-90, -80, -70}, {90, 80, 70});
  const RigLimits wrist_limits = ball_limits({-70, -20, -30}, {70, 20, 30});

  const int c = place(joints, side + "Shoulder", chest, clavicle, 0.04f, clavicle_limits);
  const int s = place(joints, side + "UpperArm", c, shoulder, 0.045f, shoulder_limits);
  const int e = place(joints, side + "Forearm", s, elbow, 0.038f, RigLimits{}, 145.0f);
  const int w = place(joints, side + "Hand", e, wrist, 0.03f, wrist_limits);
  place(joints, side + "Hand_end", w, wrist + hand * glm::normalize(hand_direction), 0.022f);
}

// One leg: thigh (hip joint), shin (knee), foot (ankle), toe (ball of the foot).
void place_leg(std::vector<PlacedJoint>& joints, int hips, const std::string& side,
               const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle,
               const glm::vec3& ball, const glm::vec3& toe_tip) {
  // Thigh, +X = model +X: a positive angle swings it back (extension). At rest it is
  // already flexed about 40 degrees from the pelvis, so: 80 more flexion, 60 extension.
  const RigLimits hip_limits = ball_limits({-80, -40, -40}, {60, 40, 40});
  // Ankle, +X lateral: positive = toes down (plantarflexion).
  const RigLimits ankle_limits = ball_limits({-20, -15, -25}, {45, 15, 25});
  // Toe, +X lateral: negative = toes up.
  const RigLimits toe_limits = ball_limits({-60, -5, -10}, {30, 5, 10});

  const int t = place(joints, side + "Thigh", hips, hip, 0.07f, hip_limits);
  const int k = place(joints, side + "Shin", t, knee, 0.05f, RigLimits{}, 150.0f);
  const int f = place(joints, side + "Foot", k, ankle, 0.04f, ankle_limits);
  const int b = place(joints, side + "Toe", f, ball, 0.03f, toe_limits);
  place(joints, side + "Toe_end", b, toe_tip, 0.025f);
}

}  // namespace

Rig make_humanoid() {
  // Legs (left side; the right is the mirror image). Lengths for a person about 1.77 m
  // tall standing.
  const float ankle_height = 0.085f;
  const float thigh = 0.44f;
  const float shin = 0.43f;
  const float thigh_forward_deg = 25.0f;
  const float shin_back_deg = 17.0f;
  const float hip_half_width = 0.095f;
  const float hip_height = ankle_height + thigh * std::cos(radians(thigh_forward_deg)) +
                           shin * std::cos(radians(shin_back_deg));
  const glm::vec3 pelvis(0.0f, hip_height + 0.03f, -0.06f);
  const glm::vec3 hip(hip_half_width, hip_height, pelvis.z);
  const glm::vec3 knee = hip + thigh * down_leaning(thigh_forward_deg);
  const glm::vec3 ankle = knee + shin * down_leaning(-shin_back_deg);
  const glm::vec3 ball(hip.x, 0.03f, ankle.z + 0.13f);  // soles at y = 0 with a 0.03 m toe
  const glm::vec3 toe_tip(hip.x, 0.03f, ball.z + 0.07f);

  // Spine: each segment leans forward a little more up to the neck; the head is
  // lifted back to look ahead.
  const glm::vec3 spine = pelvis + 0.11f * up_leaning(18.0f);
  const glm::vec3 chest = spine + 0.15f * up_leaning(26.0f);
  const glm::vec3 neck = chest + 0.22f * up_leaning(30.0f);
  const glm::vec3 head = neck + 0.10f * up_leaning(12.0f);
  const glm::vec3 head_top = head + 0.20f * up_leaning(0.0f);

  // Arms, in the torso's frame: up along chest -> neck, forward perpendicular to it.
  const glm::vec3 torso_up = glm::normalize(neck - chest);
  const glm::vec3 torso_forward = glm::cross(glm::vec3(1, 0, 0), torso_up);
  const glm::vec3 left(1.0f, 0.0f, 0.0f);
  const glm::vec3 clavicle = chest + 0.19f * torso_up + 0.03f * left + 0.03f * torso_forward;
  const glm::vec3 shoulder = chest + 0.175f * torso_up + 0.18f * left;
  const glm::vec3 grip(0.24f, 1.0f, 0.50f);         // handlebar, model space
  const glm::vec3 elbow_pole(0.6f, -0.6f, -0.2f);   // elbows out and down
  const glm::vec3 hand_direction(0.1f, -0.6f, 1.0f);  // fingers forward, wrapping down

  const RigLimits spine_limits = ball_limits({-30, -25, -25}, {30, 25, 25});
  const RigLimits chest_limits = ball_limits({-25, -30, -20}, {25, 30, 20});
  const RigLimits neck_limits = ball_limits({-40, -45, -30}, {40, 45, 30});
  const RigLimits head_limits = ball_limits({-40, -60, -30}, {30, 60, 30});

  std::vector<PlacedJoint> j;
  const int hips_i = place(j, "Hips", -1, pelvis, 0.11f);  // the root: free
  const int spine_i = place(j, "Spine", hips_i, spine, 0.10f, spine_limits);
  const int chest_i = place(j, "Chest", spine_i, chest, 0.12f, chest_limits);
  const int neck_i = place(j, "Neck", chest_i, neck, 0.045f, neck_limits);
  const int head_i = place(j, "Head", neck_i, head, 0.085f, head_limits);
  place(j, "Head_end", head_i, head_top, 0.08f);
  place_arm(j, chest_i, "Left", clavicle, shoulder, grip, elbow_pole, hand_direction);
  place_arm(j, chest_i, "Right", mirrored(clavicle), mirrored(shoulder), mirrored(grip),
            mirrored(elbow_pole), mirrored(hand_direction));
  place_leg(j, hips_i, "Left", hip, knee, ankle, ball, toe_tip);
  place_leg(j, hips_i, "Right", mirrored(hip), mirrored(knee), mirrored(ankle), mirrored(ball),
            mirrored(toe_tip));

  Rig rig = make_frames("humanoid", j);
  rig.color = glm::vec3(0.80f, 0.55f, 0.40f);
  quantize(rig);
  check(rig);
  return rig;
}

}  // namespace rigs
