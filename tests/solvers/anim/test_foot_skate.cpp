// Foot skate and the cleanup (solvers/anim/foot_skate.h), against values worked out by hand:
// a foot that slides during its plant, one that lifts, one that sinks, a capture's foot
// whose slide is read across 1/30 s, a foot on a treadmill that moves with the ground (no
// skate); the held goals: still during each plant (or where it should stand), on the foot's
// own path away from them, eased in between without a jump; and the hips lowered only as
// far as the legs need; the level and the sole's heel and toe on the floor.
#include <gtest/gtest.h>

#include <cmath>

#include "solvers/anim/foot_skate.h"

namespace {

constexpr float kSkateRate = 10.0f;  // frames 0.1 s apart: easy sums

ik::FootTrack foot_with(std::vector<ik::ContactInterval> plants, float leg = 1.0f) {
  ik::FootTrack foot;
  foot.plants.plants = std::move(plants);
  foot.leg_length = leg;
  foot.rate = kSkateRate;
  foot.start = 0.0f;
  foot.ground_height = 0.0f;
  return foot;
}

TEST(FootSkate, ASlidingPlantAgainstHandValues) {
  // Planted frames 2-5 (0.2 to 0.5 s); the foot slides 1 cm a frame on frames 3 and 4 (10
  // cm/s, above 5 % of a 1 m leg per second) and 2 mm on frame 5 (2 cm/s, below it); it
  // rises 3 mm on frame 4 and sinks 4 mm under the ground on frame 7 (after the plant).
  std::vector<glm::vec3> p(9, glm::vec3(0.0f));
  for (int f = 0; f < 2; ++f) p[static_cast<size_t>(f)] = glm::vec3(-0.3f + 0.1f * static_cast<float>(f), 0.05f, 0.0f);
  p[2] = {0.0f, 0.0f, 0.0f};
  p[3] = {0.01f, 0.0f, 0.0f};
  p[4] = {0.02f, 0.003f, 0.0f};
  p[5] = {0.022f, 0.0f, 0.0f};
  p[6] = {0.2f, 0.05f, 0.0f};
  p[7] = {0.3f, -0.004f, 0.0f};
  p[8] = {0.4f, 0.0f, 0.0f};
  const ik::FootSkate s = ik::measure_foot_skate(p.data(), 1, 9, foot_with({{0.2f, 0.5f}}));
  EXPECT_EQ(s.planted_frames, 4);
  EXPECT_FLOAT_EQ(s.skate_ratio, 2.0f / 4.0f);  // frames 3 and 4
  EXPECT_NEAR(s.planted_drift, 0.022f, 1e-6f);  // frame 5, from frame 2
  EXPECT_NEAR(s.lift, 0.003f, 1e-6f);
  EXPECT_NEAR(s.penetration, 0.004f, 1e-6f);
  // Strided: every second position of a two-joint chain is the foot.
  std::vector<glm::vec3> strided;
  for (const glm::vec3& q : p) strided.insert(strided.end(), {glm::vec3(9.0f), q});
  const ik::FootSkate t = ik::measure_foot_skate(strided.data() + 1, 2, 9, foot_with({{0.2f, 0.5f}}));
  EXPECT_EQ(t.skate_ratio, s.skate_ratio);
  EXPECT_EQ(t.planted_drift, s.planted_drift);
}

// Heel and toe on the floor: a foot whose sole at rest lies 5 cm under the ankle, from the
// heel under it to the toe 20 cm ahead, planted over ten frames on a 0.9 m leg (within 9.9
// mm counts). Standing level at the ankle's lowest height: both on the floor. Its toe
// pitched up 2 degrees (7 mm) still is; 10 degrees (35 mm) is not; the ankle 15 mm higher on
// three frames lifts both there (7 of 10); rolled 25 degrees about its length, heel and toe
// stay (the level measure reads that); pitched 10 degrees toe down, the toe goes 34 mm
// under the floor (the sole's depth). On a 15 degree ramp, turned onto it and held 5 cm
// over the surface at the ankle: the sole's points lie 1.8 mm under the floor (5 cm less
// 5 cm x cos 15 across the slope), in; 13 mm higher, out.
TEST(FootSkate, HeelAndToeOnTheFloorAgainstHandValues) {
  ik::FootTrack foot = foot_with({{0.0f, 0.9f}}, 0.9f);
  foot.heel = {0.0f, -0.05f, 0.0f};
  foot.toe = {0.0f, -0.05f, 0.2f};
  foot.ground_height = 0.05f;
  std::vector<glm::vec3> p(10, glm::vec3(0.3f, 0.05f, 0.1f));
  auto sole = [&](const std::vector<glm::quat>& turns) {
    return ik::measure_foot_skate(p.data(), 1, 10, foot, turns.data()).sole_ratio;
  };
  auto pitched = [](float degrees) {
    return std::vector<glm::quat>(10, glm::angleAxis(glm::radians(-degrees), glm::vec3(1.0f, 0.0f, 0.0f)));
  };
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot).sole_ratio, 1.0f);
  EXPECT_EQ(sole(pitched(2.0f)), 1.0f);
  EXPECT_EQ(sole(pitched(10.0f)), 0.0f);
  EXPECT_GT((pitched(10.0f)[0] * foot.toe).y, foot.toe.y + 0.03f) << "the toe up";
  // The sole's depth: none standing level, none with the toe up; the toe pitched 10 degrees
  // down goes 0.2 sin 10 + 0.05 cos 10 - 0.05 = 34 mm under the floor, the heel stays over it.
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot, pitched(0.0f).data()).sole_depth, 0.0f);
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot, pitched(10.0f).data()).sole_depth, 0.0f);
  const float a = glm::radians(10.0f);
  EXPECT_NEAR(ik::measure_foot_skate(p.data(), 1, 10, foot, pitched(-10.0f).data()).sole_depth,
              0.2f * std::sin(a) + 0.05f * std::cos(a) - 0.05f, 1e-5f);
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot).sole_depth, 0.0f) << "no turns: not measured";
  const std::vector<glm::quat> rolled(10, glm::angleAxis(glm::radians(25.0f), glm::vec3(0.0f, 0.0f, 1.0f)));
  EXPECT_EQ(sole(rolled), 1.0f);
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot, rolled.data()).level_ratio, 0.0f);
  for (size_t f : {2u, 5u, 6u}) p[f].y += 0.015f;
  EXPECT_FLOAT_EQ(sole(pitched(0.0f)), 0.7f);
  foot.ground = {ik::GroundKind::ramp, 15.0f};
  const glm::vec3 normal = ik::ground_normal(foot.ground, 0.0f, 0.0f);
  const std::vector<glm::quat> on_ramp(10, ik::turn_onto({0.0f, 1.0f, 0.0f}, normal));
  for (glm::vec3& q : p) q.y = ik::ground_height(foot.ground, q.x, q.z) + 0.05f;
  EXPECT_EQ(sole(on_ramp), 1.0f);
  EXPECT_EQ(ik::measure_foot_skate(p.data(), 1, 10, foot, on_ramp.data()).level_ratio, 1.0f);
  for (glm::vec3& q : p) q.y += 0.013f;  // 13 mm higher: the sole off the floor
  EXPECT_EQ(sole(on_ramp), 0.0f);
}

TEST(FootSkate, AtACapturesRateTheSlideIsReadAcrossAThirtiethOfASecond) {
  // 120 fps, one plant of 1 s: a foot standing still but for a millimetre of solver
  // tolerance, alternating from frame to frame (12 cm/s frame to frame, over 5 % of a 1 m
  // leg a second) does not skate: across 1/30 s (four frames) it has not moved. One that
  // slides 6 cm/s does, on every frame.
  ik::FootTrack foot = foot_with({{0.0f, 1.0f}});
  foot.rate = 120.0f;
  EXPECT_EQ(ik::skate_window_frames(120.0f), 4);
  EXPECT_EQ(ik::skate_window_frames(30.0f), 1);
  EXPECT_EQ(ik::skate_window_frames(10.0f), 1);
  std::vector<glm::vec3> jitter, slide;
  for (int f = 0; f <= 120; ++f) {
    jitter.emplace_back(f % 2 ? 0.001f : 0.0f, 0.0f, 0.0f);
    slide.emplace_back(0.06f * static_cast<float>(f) / 120.0f, 0.0f, 0.0f);
  }
  const ik::FootSkate still = ik::measure_foot_skate(jitter.data(), 1, 121, foot);
  EXPECT_EQ(still.planted_frames, 121);
  EXPECT_EQ(still.skate_ratio, 0.0f);
  EXPECT_NEAR(still.planted_drift, 0.001f, 1e-6f);
  EXPECT_FLOAT_EQ(ik::measure_foot_skate(slide.data(), 1, 121, foot).skate_ratio, 120.0f / 121.0f);
}

TEST(FootSkate, ATreadmillFootMovingWithTheGroundDoesNotSkate) {
  // In place: the ground moves back 0.8 m/s; the planted foot goes back with it exactly.
  ik::FootTrack foot = foot_with({{0.0f, 0.6f}});
  foot.ground_velocity = {0.0f, 0.0f, -0.8f};
  std::vector<glm::vec3> p;
  for (int f = 0; f <= 6; ++f) p.emplace_back(0.1f, 0.0f, -0.08f * static_cast<float>(f));
  const ik::FootSkate s = ik::measure_foot_skate(p.data(), 1, 7, foot);
  EXPECT_EQ(s.planted_frames, 7);
  EXPECT_EQ(s.skate_ratio, 0.0f);
  EXPECT_NEAR(s.planted_drift, 0.0f, 1e-6f);
  // Read as if the ground stood still, the same foot skates on every frame but the first.
  foot.ground_velocity = glm::vec3(0.0f);
  EXPECT_FLOAT_EQ(ik::measure_foot_skate(p.data(), 1, 7, foot).skate_ratio, 6.0f / 7.0f);
}

TEST(FootSkate, HeldGoalsAreStillInAPlantAndEaseInAndOut) {
  // A foot walking forward 5 cm a frame with a plant at frames 10-19 during which it still
  // slides 1 cm a frame (and 1 cm above the ground).
  std::vector<glm::vec3> p;
  float z = 0.0f;
  for (int f = 0; f < 30; ++f) {
    z += f >= 10 && f <= 19 ? 0.01f : 0.05f;
    p.emplace_back(0.0f, f >= 10 && f <= 19 ? 0.01f : 0.1f, z);
  }
  ik::FootTrack foot = foot_with({{1.0f, 1.9f}});
  foot.ground_height = 0.01f;  // its lowest (foot_track's)
  const std::vector<glm::vec3> goals = ik::hold_plants(p, foot, 0.3f);
  ASSERT_EQ(goals.size(), p.size());
  glm::vec3 mean(0.0f);
  for (int f = 10; f <= 19; ++f) mean += p[static_cast<size_t>(f)] / 10.0f;
  for (int f = 10; f <= 19; ++f) EXPECT_NEAR(glm::length(goals[static_cast<size_t>(f)] - mean), 0.0f, 1e-6f) << f;
  // Three frames of easing each side (0.3 s at 10 fps); beyond them the foot's own path.
  for (int f : {0, 6, 23, 29}) EXPECT_EQ(goals[static_cast<size_t>(f)], p[static_cast<size_t>(f)]) << f;
  for (int f : {7, 8, 9, 20, 21, 22}) EXPECT_NE(goals[static_cast<size_t>(f)], p[static_cast<size_t>(f)]) << f;
  // No jump: every step of the goals is at most 1.5 times the largest step of the foot's own
  // path (the easing makes up the plant's offset over its frames, no more).
  float largest = 0.0f;
  for (size_t f = 1; f < p.size(); ++f) largest = std::max(largest, glm::length(p[f] - p[f - 1]));
  for (size_t f = 1; f < goals.size(); ++f) EXPECT_LE(glm::length(goals[f] - goals[f - 1]), 1.5f * largest) << f;
  // The held goal is the measure's ideal: no skate, no drift.
  const ik::FootSkate s = ik::measure_foot_skate(goals.data(), 1, 30, foot);
  EXPECT_EQ(s.skate_ratio, 0.0f);
  EXPECT_NEAR(s.planted_drift, 0.0f, 1e-6f);
}

// Held where it should stand (a retargeted foot where the capture's stood): the plant's
// goal is the mean of `stand` over it horizontally, on the ground -- the lowest the foot goes
// in the clip, not its mean over the plant, which a capture's ankle rising through the plant
// lifts (here 1 to 3 cm over a lowest of 1 cm) -- and the easing makes up the difference
// from the foot's own path before and after.
TEST(FootSkate, AHeldPlantStandsWhereItIsToldOnTheGround) {
  std::vector<glm::vec3> p, stand;
  for (int f = 0; f < 30; ++f) {
    p.emplace_back(0.0f, f >= 10 && f <= 19 ? 0.01f + 0.002f * static_cast<float>(f - 10) : 0.1f,
                   0.05f * static_cast<float>(f));
    stand.emplace_back(0.03f, 0.5f, 0.05f * static_cast<float>(f) + (f >= 10 && f <= 19 ? 0.04f : 0.0f));
  }
  ik::FootTrack foot = foot_with({{1.0f, 1.9f}});
  foot.ground_height = 0.01f;  // its lowest (foot_track's)
  const std::vector<glm::vec3> goals = ik::hold_plants(p, foot, 0.3f, stand);
  glm::vec3 want(0.0f);
  for (int f = 10; f <= 19; ++f) want += stand[static_cast<size_t>(f)] / 10.0f;
  want.y = 0.01f;
  for (int f = 10; f <= 19; ++f) EXPECT_NEAR(glm::length(goals[static_cast<size_t>(f)] - want), 0.0f, 1e-6f) << f;
  for (int f : {0, 6, 23, 29}) EXPECT_EQ(goals[static_cast<size_t>(f)], p[static_cast<size_t>(f)]) << f;
  EXPECT_GT(goals[9].x, 0.0f) << "eased toward the place";
  EXPECT_LT(goals[9].x, 0.03f);
  // A `stand` of another length than the positions is not used.
  stand.pop_back();
  EXPECT_NEAR(ik::hold_plants(p, foot, 0.3f, stand)[12].x, 0.0f, 1e-6f);
}

TEST(FootSkate, AHeldPlantStaysAboveTheGroundAndMovesWithATreadmill) {
  ik::FootTrack foot = foot_with({{0.0f, 0.4f}});
  foot.ground_height = 0.02f;
  foot.ground_velocity = {0.0f, 0.0f, -1.0f};
  std::vector<glm::vec3> p;
  for (int f = 0; f < 5; ++f) p.emplace_back(0.0f, 0.0f, -0.1f * static_cast<float>(f) + (f == 2 ? 0.01f : 0.0f));
  const std::vector<glm::vec3> goals = ik::hold_plants(p, foot);
  for (size_t f = 0; f < goals.size(); ++f) {
    EXPECT_FLOAT_EQ(goals[f].y, 0.02f);  // not below the clip's ground
    if (f > 0) {
      EXPECT_NEAR(goals[f].z - goals[f - 1].z, -0.1f, 1e-6f);  // with the ground
    }
  }
}

TEST(FootSkate, TheHipsComeDownOnlyAsFarAsTheLegsNeed) {
  // One leg 1 m long, its hip 1 m up; the clip's foot 0.8 m below the hip. Frame 5's held
  // goal lies 0.6 m to the side on the ground: the leg reaches r = kLegReach (0.98 m), so
  // the hips come down by 1 - sqrt(r^2 - 0.6^2) = 0.2252 m. Every other goal is the clip's
  // own foot (no drop). A second leg that needs 0.1 m at frame 5: the larger drop wins.
  ik::HeldLeg leg;
  leg.length = 1.0f;
  for (int f = 0; f < 11; ++f) {
    leg.hip.emplace_back(0.0f, 1.0f, 0.0f);
    leg.goals.emplace_back(0.0f, 0.2f, 0.0f);
  }
  leg.goals[5] = {0.6f, 0.0f, 0.0f};
  const float r = ik::kLegReach, needed = 1.0f - std::sqrt(r * r - 0.36f);
  std::vector<float> drop = ik::hips_drop({leg}, kSkateRate, 0.0f);  // not spread
  ASSERT_EQ(drop.size(), 11u);
  EXPECT_NEAR(drop[5], needed, 1e-5f);
  for (int f : {0, 4, 6, 10}) EXPECT_EQ(drop[static_cast<size_t>(f)], 0.0f) << f;
  ik::HeldLeg other = leg;
  other.goals[5] = {0.0f, 0.1f, 0.0f};   // straight below: 0.9 m, the drop 0.9 - r < 0
  other.goals[6] = {0.0f, -0.1f, 0.0f};  // 1.1 m below the hip: 1.1 - r of drop
  drop = ik::hips_drop({leg, other}, kSkateRate, 0.0f);
  EXPECT_NEAR(drop[5], needed, 1e-5f);
  EXPECT_NEAR(drop[6], 1.1f - r, 1e-5f);
  // Spread over 0.2 s (2 frames) each side: never less than a frame needs, eased in.
  const std::vector<float> spread = ik::hips_drop({leg, other}, kSkateRate, 0.2f);
  for (size_t f = 0; f < drop.size(); ++f) EXPECT_GE(spread[f], drop[f] - 1e-6f) << f;
  EXPECT_GT(spread[3], 0.0f);
  EXPECT_LT(spread[3], spread[5]);
  EXPECT_EQ(spread[0], 0.0f);
  // A goal the leg cannot reach however low the hips come (1.2 m to the side): down to the
  // goal's height, no further.
  leg.goals[5] = {1.2f, 0.0f, 0.0f};
  EXPECT_NEAR(ik::hips_drop({leg}, kSkateRate, 0.0f)[5], 1.0f, 1e-6f);
}

// A foot's goal walking 1 cm a frame (100 frames a second) from z = -0.5 to 0.15 onto a
// step 0.2 high at z = 0 (the next is at 0.3), held over its first 11 frames, then swinging. Held: the height
// under the goal itself. Swinging: never below the ground within the footprint (0.1 here),
// so already up on the step 10 cm before its edge, and risen smoothly (spread over 0.1 s).
TEST(FootSkate, TheSwingingFootRisesBeforeAStepsEdge) {
  std::vector<glm::vec3> goals;
  std::vector<float> held(66, 0.0f);
  for (int f = 0; f <= 65; ++f) goals.emplace_back(0.0f, 0.0f, -0.5f + 0.01f * static_cast<float>(f));
  for (int f = 0; f <= 10; ++f) held[static_cast<size_t>(f)] = 1.0f;
  const ik::Ground stairs{ik::GroundKind::stairs, 0.2f};
  const std::vector<float> under = ik::ground_under_goals(stairs, goals, held, 0.1f, 100.0f);
  ASSERT_EQ(under.size(), goals.size());
  for (int f = 0; f <= 10; ++f) EXPECT_EQ(under[static_cast<size_t>(f)], 0.0f) << f;
  for (int f = 41; f <= 65; ++f) EXPECT_FLOAT_EQ(under[static_cast<size_t>(f)], 0.2f) << f;  // z > -0.1
  EXPECT_GT(under[35], 0.0f) << "rising before the footprint reaches the step";
  for (size_t f = 1; f < under.size(); ++f) EXPECT_LE(std::fabs(under[f] - under[f - 1]), 0.2f / 20.0f) << f;
  // Held at the step (its last frames): the height under the goal, whatever the footprint.
  std::vector<float> on_step = held;
  on_step[65] = 1.0f;
  EXPECT_FLOAT_EQ(ik::ground_under_goals(stairs, goals, on_step, 0.1f, 100.0f)[65], 0.2f);
  const std::vector<float> plane = ik::ground_under_goals({}, goals, held, 0.1f, 100.0f);
  EXPECT_EQ(plane, std::vector<float>(goals.size(), 0.0f));
}

// A held foot on a 30 degree ramp, its ankle 8 cm over its sole at rest: the ground under
// its goal is the ramp's height and 8 cm x (1 / cos 30 - 1) = 12.4 mm more, so the foot
// stood level on the slope has heel and toe on it (without: 12.4 mm into it, out of the 9.9
// mm a 0.9 m leg allows). Half held, half that; in the swing none; on the plane none.
TEST(FootSkate, AHeldFootStandsItsSoleOnTheSlope) {
  const ik::Ground ramp{ik::GroundKind::ramp, 30.0f};
  const std::vector<glm::vec3> goals(10, glm::vec3(0.0f, 0.0f, 0.5f));
  std::vector<float> held(10, 1.0f);
  held[0] = 0.0f;
  held[1] = 0.5f;
  const float sole = 0.08f, across = sole * (1.0f / std::cos(glm::radians(30.0f)) - 1.0f);
  const float surface = ik::ground_height(ramp, 0.0f, 0.5f);
  const std::vector<float> under = ik::ground_under_goals(ramp, goals, held, 0.0f, 10.0f, sole);
  EXPECT_NEAR(across, 0.0124f, 1e-4f);
  EXPECT_NEAR(under[0], surface, 1e-5f);
  EXPECT_NEAR(under[1], surface + 0.5f * across, 1e-5f);
  for (size_t f = 2; f < goals.size(); ++f) EXPECT_NEAR(under[f], surface + across, 1e-5f) << f;
  EXPECT_EQ(ik::ground_under_goals({}, goals, held, 0.0f, 10.0f, sole), std::vector<float>(10, 0.0f));
  ik::FootTrack foot = foot_with({{0.2f, 0.9f}}, 0.9f);
  foot.ground = ramp;
  foot.heel = {0.0f, -sole, 0.0f};
  foot.toe = {0.0f, -sole, 0.2f};
  foot.ground_height = sole;
  const std::vector<glm::quat> turns(10, ik::turn_onto({0.0f, 1.0f, 0.0f}, ik::ground_normal(ramp, 0.0f, 0.5f)));
  std::vector<glm::vec3> on(goals), straight_up(goals);
  for (size_t f = 0; f < goals.size(); ++f) {
    on[f].y = under[f] + sole;
    straight_up[f].y = surface + sole;
  }
  EXPECT_EQ(ik::measure_foot_skate(on.data(), 1, 10, foot, turns.data()).sole_ratio, 1.0f);
  EXPECT_EQ(ik::measure_foot_skate(straight_up.data(), 1, 10, foot, turns.data()).sole_ratio, 0.0f);
}

// A plant on stairs (0.3 deep, from z = 0) held with its ankle at z = 0.2: its sole, 20 cm
// from the heel under the ankle to the toe, would stand across the first step's edge. It
// moves the least way, in twentieths of the sole, to one tread with 1.1 cm (the gap on a 1 m
// leg) to spare at each end: 12 cm on (12 cm back would do as well; on is tried first). The
// swing frame on either side moves half as far (eased from the ends of the swing), the frames
// beyond stay. A plant already on one tread, or any on the plane or a ramp, stays.
TEST(FootSkate, APlantAcrossAStepsEdgeStepsOntoOneTread) {
  const ik::Ground stairs{ik::GroundKind::stairs, 0.1f};
  ik::FootTrack foot = foot_with({{0.2f, 0.7f}});
  foot.heel = {0.0f, -0.05f, 0.0f};
  foot.toe = {0.0f, -0.05f, 0.2f};
  const std::vector<glm::quat> turns(10, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  const std::vector<glm::vec3> across(10, glm::vec3(0.0f, 0.05f, 0.2f));
  std::vector<glm::vec3> goals = across;
  ik::fit_plants_to_ground(stairs, foot, turns, goals, 0.15f);
  for (size_t f = 2; f <= 7; ++f) EXPECT_NEAR(goals[f].z, 0.32f, 1e-5f) << f;
  EXPECT_NEAR(goals[1].z, 0.26f, 1e-5f);
  EXPECT_NEAR(goals[8].z, 0.26f, 1e-5f);
  EXPECT_EQ(goals[0], across[0]);
  EXPECT_EQ(goals[9], across[9]);
  for (const glm::vec3& g : goals) EXPECT_EQ(g.x, 0.0f);
  const std::vector<glm::vec3> on_one(10, glm::vec3(0.0f, 0.05f, 0.35f));
  goals = on_one;
  ik::fit_plants_to_ground(stairs, foot, turns, goals, 0.15f);
  EXPECT_EQ(goals, on_one);
  goals = across;
  ik::fit_plants_to_ground({}, foot, turns, goals, 0.15f);
  EXPECT_EQ(goals, across);
  // A slope is no edge: the foot turns with it (its toe 5 cm higher up a 15 degree ramp).
  goals = across;
  ik::fit_plants_to_ground({ik::GroundKind::ramp, 15.0f}, foot, turns, goals, 0.15f);
  EXPECT_EQ(goals, across);
}

// The foot turned to the ground: on a 20 degree ramp a held goal's turn takes +Y onto the
// ramp's normal; the plane and stairs' treads turn nothing. A foot left as the clip has it
// stands level on none of the ramp's planted frames, one turned so on all of them.
TEST(FootSkate, TheFootTurnsToTheRampItStandsOn) {
  const ik::Ground ramp{ik::GroundKind::ramp, 20.0f};
  std::vector<glm::vec3> goals;
  for (int f = 0; f < 30; ++f) goals.emplace_back(0.1f * static_cast<float>(f), 0.0f, 0.05f * static_cast<float>(f));
  const std::vector<float> held(goals.size(), 1.0f);
  const std::vector<glm::quat> turns = ik::ground_turns(ramp, goals, held, 0.15f, 30.0f);
  ASSERT_EQ(turns.size(), goals.size());
  const glm::vec3 normal = ik::ground_normal(ramp, 0.0f, 0.0f);
  for (const glm::quat& t : turns) EXPECT_LT(glm::length(t * glm::vec3(0.0f, 1.0f, 0.0f) - normal), 1e-5f);
  EXPECT_NEAR(glm::degrees(std::acos(normal.y)), 20.0f, 1e-3f);
  for (const ik::Ground& flat : {ik::Ground{}, ik::Ground{ik::GroundKind::stairs, 0.2f}})
    for (const glm::quat& t : ik::ground_turns(flat, goals, held, 0.15f, 30.0f)) EXPECT_EQ(t, glm::quat(1, 0, 0, 0));
  EXPECT_LT(glm::length(ik::turn_onto({0.0f, 1.0f, 0.0f}, {0.0f, 1.0f, 0.0f}) * glm::vec3(1.0f, 0.0f, 0.0f) -
                        glm::vec3(1, 0, 0)),
            1e-6f);

  // Planted throughout, on the ramp: as the clip has it, tilted by the slope; turned, flat on it.
  ik::FootTrack foot;
  foot.rate = 30.0f;
  foot.plants.plants = {{0.0f, 29.0f / 30.0f}};
  foot.ground = ramp;
  EXPECT_EQ(ik::measure_foot_skate(goals.data(), 1, 30, foot).level_ratio, 0.0f);
  EXPECT_EQ(ik::measure_foot_skate(goals.data(), 1, 30, foot, turns.data()).level_ratio, 1.0f);
  foot.ground = {};  // on the plane, untouched: level throughout
  EXPECT_EQ(ik::measure_foot_skate(goals.data(), 1, 30, foot).level_ratio, 1.0f);
}

// A capture's foot rolled onto its edge (its up 25 degrees off +Y about the walking
// direction, as CMU 131_01's planted feet are): where held, the turn stands it level on the
// plane (its up onto +Y) and flat on a ramp (onto the ramp's normal), keeping the way its toe
// points; in the swing (not held) the plane turns nothing -- the clip's swing stays as it is
// -- and halfway through the ease the up is between the two. The level measure reads the
// rolled foot as level on no planted frame, the turned one on all.
TEST(FootSkate, AHeldFootRolledOnItsEdgeStandsLevel) {
  const glm::quat roll = glm::angleAxis(glm::radians(25.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  const glm::vec3 up = roll * glm::vec3(0.0f, 1.0f, 0.0f), toe = roll * glm::vec3(0.0f, 0.0f, 1.0f);
  std::vector<glm::vec3> goals(30, glm::vec3(0.0f)), ups(30, up);
  std::vector<float> held(30, 1.0f);
  held[0] = 0.0f;
  held[1] = 0.5f;
  const std::vector<glm::quat> flat = ik::ground_turns({}, goals, held, 0.15f, 30.0f, ups);
  ASSERT_EQ(flat.size(), goals.size());
  EXPECT_EQ(flat[0], glm::quat(1, 0, 0, 0)) << "the swing is the clip's";
  const float halfway = glm::degrees(std::acos(glm::dot(flat[1] * up, glm::vec3(0.0f, 1.0f, 0.0f))));
  EXPECT_GT(halfway, 1.0f);
  EXPECT_LT(halfway, 24.0f);
  std::vector<glm::quat> rolled(30, roll), level(30);
  for (size_t f = 2; f < goals.size(); ++f) {
    EXPECT_LT(glm::length(flat[f] * up - glm::vec3(0.0f, 1.0f, 0.0f)), 1e-5f) << f;
    EXPECT_LT(glm::length(flat[f] * toe - toe), 1e-5f) << "a roll about the toe's way leaves the toe";
  }
  for (size_t f = 0; f < goals.size(); ++f) level[f] = flat[f] * roll;
  const ik::Ground ramp{ik::GroundKind::ramp, 15.0f};
  const std::vector<glm::quat> on_ramp = ik::ground_turns(ramp, goals, held, 0.15f, 30.0f, ups);
  EXPECT_LT(glm::length(on_ramp[10] * up - ik::ground_normal(ramp, 0.0f, 0.0f)), 1e-5f);
  ik::FootTrack foot;
  foot.rate = 30.0f;
  foot.plants.plants = {{2.0f / 30.0f, 29.0f / 30.0f}};
  EXPECT_EQ(ik::measure_foot_skate(goals.data(), 1, 30, foot, rolled.data()).level_ratio, 0.0f);
  EXPECT_EQ(ik::measure_foot_skate(goals.data(), 1, 30, foot, level.data()).level_ratio, 1.0f);
}

// The peak near a plant's ends: at 10 frames a second, a plant from 1.0 to 2.0 s; a value
// at 0.5 s (far from both ends) is not counted, one at 2.1 s (0.1 s after the end) is, one
// at 1.5 s (the plant's middle) is not.
TEST(FootSkate, PeakNearPlantEndsReadsOnlyTheirWindows) {
  ik::FootTrack foot;
  foot.rate = 10.0f;
  foot.plants.plants = {{1.0f, 2.0f}};
  std::vector<float> v(31, 0.0f);
  v[5] = 9.0f;
  v[15] = 8.0f;
  EXPECT_EQ(ik::peak_near_plant_ends(31, foot, [&](int f) { return v[static_cast<size_t>(f)]; }), 0.0f);
  v[21] = 3.0f;
  EXPECT_EQ(ik::peak_near_plant_ends(31, foot, [&](int f) { return v[static_cast<size_t>(f)]; }), 3.0f);
  foot.plants.plants.clear();
  EXPECT_EQ(ik::peak_near_plant_ends(31, foot, [&](int f) { return v[static_cast<size_t>(f)]; }), 0.0f);
}

TEST(FootSkate, FootTrackReadsTheLowestHeightAndTheJointsSole) {
  const std::vector<glm::vec3> p = {{0.0f, 0.3f, 0.0f}, {0.0f, 0.07f, 0.0f}, {0.0f, 0.2f, 0.0f}};
  ik::ContactJoint joint;
  joint.leg_length = 0.9f;
  joint.heel = {0.0f, -0.08f, -0.02f};
  joint.toe = {0.0f, -0.08f, 0.15f};
  const ik::FootTrack foot = ik::foot_track({}, joint, {1.0f, 2.0f, 3.0f}, p, 0.5f, 24.0f);
  EXPECT_FLOAT_EQ(foot.ground_height, 0.07f);
  EXPECT_EQ(foot.leg_length, 0.9f);
  EXPECT_EQ(foot.heel, joint.heel);  // the sole it measures heel and toe by
  EXPECT_EQ(foot.toe, joint.toe);
  EXPECT_EQ(foot.ground_velocity, glm::vec3(1.0f, 0.0f, 3.0f));  // horizontal only
  EXPECT_EQ(foot.start, 0.5f);
  EXPECT_EQ(foot.rate, 24.0f);
}

}  // namespace
