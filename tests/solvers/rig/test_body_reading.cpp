// The body reading (solvers/rig/body_reading.h): at rest every part holds (straight knees
// and elbows are not at a limit); feet pushed through the ground, a knee turned off
// its foot and a body upside down each read as such; and the full-body reach suite on the
// generated rigs of each convention -- the main hand to the floor in front, to the side and
// behind, high, far forward, down to a crouch, leaning on one hand -- where every joint
// stays inside its range and the feet on the ground where the ankles' ranges allow, under the
// solver's defaults and under the program's settings (the suite prints each reach's line: the
// other parts are figures, not yet goals: BENCHMARKS.md, "Full body").
#include <gtest/gtest.h>

#include <cstdio>

#include "io/session/full_body_settings.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/body_reading.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/rig_roles.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"

namespace {

struct Rig {
  const char* name;
  ik::Skeleton skeleton;
  ik::RigRoles roles;
};

Rig make_body_rig(const char* name, ik::Skeleton skeleton) {
  Rig rig{name, std::move(skeleton), {}};
  rig.roles = ik::recognise_roles(rig.skeleton);
  rig.skeleton.limits = ik::default_limits_from_roles(rig.skeleton, rig.roles.joints);
  return rig;
}

std::vector<Rig> all_rigs() {
  std::vector<Rig> rigs;
  rigs.push_back(make_body_rig("Mixamo T-pose", rigs::mixamo()));
  rigs.push_back(make_body_rig("Mixamo A-pose", rigs::mixamo("mixamorig:", true)));
  rigs.push_back(make_body_rig("Unreal mannequin", rigs::unreal_mannequin()));
  rigs.push_back(make_body_rig("Rigify", rigs::rigify()));
  return rigs;
}

// Turns joint j of `pose` by the model-space rotation `turn` about its own position.
void turn_in_model(const ik::Skeleton& s, ik::Pose& pose, int j, const glm::quat& turn) {
  std::vector<glm::mat4> world;
  ik::fk_all(s, pose, world);
  glm::mat3 parent(1.0f);
  if (s.parent[static_cast<size_t>(j)] >= 0)
    parent = glm::mat3(world[static_cast<size_t>(s.parent[static_cast<size_t>(j)])]);
  for (int c = 0; c < 3; ++c) parent[c] = glm::normalize(parent[c]);
  glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
  local = ik::turned_in_model(local, glm::quat_cast(parent), turn);
}

int role_joint(const Rig& rig, ik::Role r, ik::Side side = ik::Side::centre) {
  return ik::first_joint_with_role(rig.roles.joints, r, side);
}

TEST(BodyReading, AtRestTheFeetAreOnTheGroundAndTheHeadAboveTheHips) {
  for (const Rig& rig : all_rigs()) {
    const ik::BodyReading r = ik::read_body(rig.skeleton, rig.roles.joints, ik::rest_pose(rig.skeleton));
    ASSERT_TRUE(r.valid) << rig.name;
    EXPECT_EQ(r.feet_below_ground, 0.0f) << rig.name;
    EXPECT_TRUE(r.head_above_hips) << rig.name;
    EXPECT_LE(r.worst_knee_off_toes_degrees, ik::kKneeOffToesDegrees) << rig.name;
    EXPECT_GT(r.limited_joints, 10) << rig.name;
    EXPECT_EQ(r.joints_at_limit, 0) << rig.name;  // straight knees and elbows are not at a limit
    EXPECT_TRUE(ik::body_looks_plausible(r)) << rig.name;
    EXPECT_EQ(ik::describe_body_problems(r), "") << rig.name;
    std::printf("%-18s at rest: %s\n", rig.name, ik::describe_body(r).c_str());
  }
}

TEST(BodyReading, FeetThroughTheGroundAKneeOffItsToesAndABodyUpsideDownReadSo) {
  const Rig rig = make_body_rig("Mixamo T-pose", rigs::mixamo());
  const ik::Skeleton& s = rig.skeleton;
  // The whole body 5 cm down (the root is in model space, metres).
  ik::Pose low = ik::rest_pose(s);
  low.local[0].translation.y -= 0.05f;
  const ik::BodyReading sunk = ik::read_body(s, rig.roles.joints, low);
  EXPECT_NEAR(sunk.feet_below_ground, 0.05f, 1e-4f);
  EXPECT_NE(ik::describe_body(sunk).find("feet 5.0 cm below the ground"), std::string::npos) << ik::describe_body(sunk);
  EXPECT_EQ(ik::describe_body_problems(sunk), "feet 5.0 cm below the ground") << "only the part that does not hold";
  EXPECT_FALSE(ik::body_looks_plausible(sunk));
  // The left knee bent (the shin swung back about the model's X), then the thigh turned
  // about the vertical: the knee points out, and the foot, turned with it, too -- still over
  // the toes. Then the foot alone turned back to the front: the knee is off its toes.
  ik::Pose knee = ik::rest_pose(s);
  const int thigh = role_joint(rig, ik::Role::thigh, ik::Side::left),
            shin = role_joint(rig, ik::Role::shin, ik::Side::left);
  const int foot = role_joint(rig, ik::Role::foot, ik::Side::left);
  turn_in_model(s, knee, shin, glm::angleAxis(0.8f, glm::vec3(1, 0, 0)));
  turn_in_model(s, knee, thigh, glm::angleAxis(1.3f, glm::vec3(0, 1, 0)));
  const ik::BodyReading turned = ik::read_body(s, rig.roles.joints, knee);
  std::printf("leg turned out: %s\n", ik::describe_body(turned).c_str());
  EXPECT_LE(turned.worst_knee_off_toes_degrees, ik::kKneeOffToesDegrees);
  turn_in_model(s, knee, foot, glm::angleAxis(-1.3f, glm::vec3(0, 1, 0)));
  const ik::BodyReading off = ik::read_body(s, rig.roles.joints, knee);
  std::printf("foot turned back: %s\n", ik::describe_body(off).c_str());
  EXPECT_GT(off.worst_knee_off_toes_degrees, 60.0f);
  // Upside down: the hips turned half a turn about forward.
  ik::Pose flipped = ik::rest_pose(s);
  const int hips = role_joint(rig, ik::Role::hips);
  flipped.local[static_cast<size_t>(hips)].rotation =
      glm::angleAxis(3.14159f, glm::vec3(0, 0, 1)) * s.rest[static_cast<size_t>(hips)].rotation;
  EXPECT_FALSE(ik::read_body(s, rig.roles.joints, flipped).head_above_hips);
}

// On a ramp (the scene's ground: 15 degrees rising along +Z) the feet are read by their
// height over the ramp where they stand: the body walked a metre down it, raised 6 cm (its
// flat feet's toes lie higher on the slope than its heels), reads on the ground, where the
// flat floor's reading has it 20 cm below; sunk 10 cm into the ramp it reads below it.
TEST(BodyReading, FeetOnARampAreReadAgainstTheRamp) {
  const Rig rig = make_body_rig("Mixamo T-pose", rigs::mixamo());
  const ik::Skeleton& s = rig.skeleton;
  const ik::Ground ramp{ik::GroundKind::ramp, 15.0f, nullptr, ""};
  ik::Pose down = ik::rest_pose(s);
  down.local[0].translation += glm::vec3(0.0f, -std::tan(glm::radians(15.0f)) + 0.06f, -1.0f);
  EXPECT_EQ(ik::read_body(s, rig.roles.joints, down, INFINITY, &ramp).feet_below_ground, 0.0f);
  EXPECT_GT(ik::read_body(s, rig.roles.joints, down).feet_below_ground, 0.15f) << "the flat floor's reading";
  ik::Pose sunk = down;
  sunk.local[0].translation.y -= 0.1f;
  EXPECT_GT(ik::read_body(s, rig.roles.joints, sunk, INFINITY, &ramp).feet_below_ground, 0.02f);
}

// A clip whose feet stand lower than the rest pose's (CesiumMan's walk: 0.8 cm) sets the
// ground there (the `floor` the program gives: lowest_foot_point over the clip's frames):
// the clip's own pose reads on the ground, lower than that still reads below it.
TEST(BodyReading, AClipsFloorSetsTheGroundLower) {
  const Rig rig = make_body_rig("Mixamo T-pose", rigs::mixamo());
  const ik::Skeleton& s = rig.skeleton;
  ik::Pose clip = ik::rest_pose(s);
  clip.local[0].translation.y -= 0.008f;
  const float floor = ik::lowest_foot_point(s, rig.roles.joints, clip);
  EXPECT_NEAR(ik::lowest_foot_point(s, rig.roles.joints, ik::rest_pose(s)) - floor, 0.008f, 1e-5f);
  EXPECT_NEAR(ik::read_body(s, rig.roles.joints, clip).feet_below_ground, 0.008f, 1e-5f) << "against the rest pose";
  EXPECT_EQ(ik::read_body(s, rig.roles.joints, clip, floor).feet_below_ground, 0.0f) << "on the clip's floor";
  ik::Pose lower = clip;
  lower.local[0].translation.y -= 0.02f;
  EXPECT_NEAR(ik::read_body(s, rig.roles.joints, lower, floor).feet_below_ground, 0.02f, 1e-5f);
  // A floor above the rest pose's ground does not raise it.
  EXPECT_EQ(ik::read_body(s, rig.roles.joints, ik::rest_pose(s), floor + 0.05f).feet_below_ground, 0.0f);
}

// A tip the importer added (a made-up point half a bone past a leaf, skeleton.h) is no part of
// a foot: toes curled down take it below the ground, not the foot. The same tip as a joint of
// the file's own reads through the ground.
TEST(BodyReading, AnAddedTipIsNoPartOfAFoot) {
  Rig rig = make_body_rig("Mixamo T-pose", rigs::mixamo());
  ik::Skeleton& s = rig.skeleton;
  const int foot = role_joint(rig, ik::Role::foot, ik::Side::left);
  const int toe = foot + 1, tip = foot + 2;
  ASSERT_EQ(s.parent[static_cast<size_t>(tip)], toe);
  ASSERT_EQ(s.subtree_end[static_cast<size_t>(foot)], tip + 1);
  ik::Pose curled = ik::rest_pose(s);
  turn_in_model(s, curled, toe, glm::angleAxis(0.5f, glm::vec3(1, 0, 0)));  // the toes curled down
  const ik::BodyReading own = ik::read_body(s, rig.roles.joints, curled);
  EXPECT_GT(own.feet_below_ground, 0.02f) << "the file's own tip goes below the ground";
  s.is_added_tip.assign(static_cast<size_t>(s.joint_count()), 0);
  s.is_added_tip[static_cast<size_t>(tip)] = 1;
  EXPECT_EQ(ik::read_body(s, rig.roles.joints, curled).feet_below_ground, 0.0f) << "an added tip is not read";
}

// Knees over the toes is a rule of standing: a leg lifted in a knee raise, its foot turned
// far off where the knee points, is not judged (CesiumMan's walk read 176 degrees off on a
// trailing foot in the air); the same knee and foot with the foot down on the ground are.
TEST(BodyReading, ALiftedLegsKneeIsNotJudgedAgainstItsToes) {
  const Rig rig = make_body_rig("Mixamo T-pose", rigs::mixamo());
  const ik::Skeleton& s = rig.skeleton;
  const int thigh = role_joint(rig, ik::Role::thigh, ik::Side::left),
            shin = role_joint(rig, ik::Role::shin, ik::Side::left);
  const int foot = role_joint(rig, ik::Role::foot, ik::Side::left);
  ik::Pose raised = ik::rest_pose(s);
  turn_in_model(s, raised, thigh, glm::angleAxis(-1.2f, glm::vec3(1, 0, 0)));  // the thigh forward and up
  turn_in_model(s, raised, shin, glm::angleAxis(1.2f, glm::vec3(1, 0, 0)));    // the shin hanging down
  turn_in_model(s, raised, foot, glm::angleAxis(1.3f, glm::vec3(0, 1, 0)));    // the toes turned out
  const ik::BodyReading lifted = ik::read_body(s, rig.roles.joints, raised);
  std::printf("knee raised, toes turned out: %s\n", ik::describe_body(lifted).c_str());
  EXPECT_EQ(lifted.worst_knee_off_toes_degrees, 0.0f);
  // The same leg with the whole body lowered until that foot stands on the ground (the
  // other foot then below it: only the knee is read here).
  std::vector<glm::mat4> world, rest_world;
  ik::fk_all(s, raised, world);
  ik::fk_all(s, ik::rest_pose(s), rest_world);
  float lowest = INFINITY, ground = INFINITY;
  for (int j = foot; j < s.subtree_end[static_cast<size_t>(foot)]; ++j) {
    lowest = std::min(lowest, world[static_cast<size_t>(j)][3].y);
    ground = std::min(ground, rest_world[static_cast<size_t>(j)][3].y);
  }
  raised.local[0].translation.y -= lowest - ground;
  const ik::BodyReading down = ik::read_body(s, rig.roles.joints, raised);
  std::printf("that foot on the ground: %s\n", ik::describe_body(down).c_str());
  EXPECT_GT(down.worst_knee_off_toes_degrees, 60.0f);
}

// Up is the world's, not the hips -> head line: a rest pose whose spine leans forward (the
// built-in humanoid's leans 24 degrees) read a foot turned on the floor, its toes at the
// same height but farther back, as through the ground.
TEST(BodyReading, AFootTurnedOnTheFloorUnderALeaningSpineStaysOnTheGround) {
  ik::Skeleton leaning = rigs::mixamo();
  const ik::RigRoles roles = ik::recognise_roles(leaning);
  const int spine = ik::first_joint_with_role(roles.joints, ik::Role::spine, ik::Side::centre);
  ASSERT_GE(spine, 0);
  glm::quat& rest = leaning.rest[static_cast<size_t>(spine)].rotation;
  rest = glm::normalize(glm::angleAxis(0.45f, glm::vec3(1.0f, 0.0f, 0.0f)) * rest);  // about left: forward
  Rig rig = make_body_rig("leaning Mixamo", leaning);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  const int foot = role_joint(rig, ik::Role::foot, ik::Side::left);
  turn_in_model(rig.skeleton, pose, foot, glm::angleAxis(2.0f, glm::vec3(0.0f, 1.0f, 0.0f)));  // toes back
  const ik::BodyReading r = ik::read_body(rig.skeleton, rig.roles.joints, pose);
  std::printf("foot turned on the floor: %s\n", ik::describe_body(r).c_str());
  EXPECT_LT(r.feet_below_ground, 1e-4f * r.leg_length);
}

// ---- The full-body reach suite ----------------------------------------------------------

struct Reach {
  const char* name;
  // The main hand's goal: from the hips' rest position, in leg lengths along forward, left
  // (the hand's own side: +) and up; `floor`: `up` is the height over the ground instead.
  float forward, side, up;
  bool floor;
};

const Reach kReaches[] = {
    {"pick up from the floor in front", 0.45f, 0.15f, 0.05f, true},
    {"pick up from the floor to the side", 0.05f, 0.55f, 0.05f, true},
    {"pick up from the floor behind", -0.35f, 0.2f, 0.05f, true},
    {"reach high", 0.1f, 0.2f, 1.15f, false},
    {"reach far forward", 1.0f, 0.1f, 0.45f, false},
    {"crouch, the hand by the ankle", 0.2f, 0.12f, 0.12f, true},
    {"lean on one hand, far to the side", 0.1f, 0.8f, 0.05f, false},
};

// One rig's reaches set up: its full-body chain, directions and the ground.
struct ReachSetup {
  ik::Chain body;
  glm::vec3 forward, left, up, hips;
  float leg = 0.0f, side = 1.0f, ground = INFINITY;
};

ReachSetup set_up_reaches(const Rig& rig, int solver) {
  ReachSetup r;
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, rest, world);
  EXPECT_TRUE(ik::full_body_chain(rig.skeleton, rig.roles, world, solver, r.body)) << rig.name;
  ik::character_directions(rig.skeleton, rig.roles.joints, r.forward, r.left);
  r.up = glm::cross(r.forward, r.left);
  r.leg = ik::read_body(rig.skeleton, rig.roles.joints, rest).leg_length;
  r.hips = ik::position_of(world[static_cast<size_t>(role_joint(rig, ik::Role::hips))]);
  r.side =
      ik::first_joint_with_role(rig.roles.joints, ik::Role::hand, ik::Side::left) == r.body.effector ? 1.0f : -1.0f;
  // The ground: the lowest foot point at rest.
  for (int f : {role_joint(rig, ik::Role::foot, ik::Side::left), role_joint(rig, ik::Role::foot, ik::Side::right)})
    for (int j = f; j < rig.skeleton.subtree_end[static_cast<size_t>(f)]; ++j)
      r.ground = std::min(r.ground, glm::dot(ik::position_of(world[static_cast<size_t>(j)]), r.up));
  return r;
}

// The settings a reach is solved with: the solver's defaults with the heels rising (the
// knees over the toes unless turned off), or all the program's (io/session/full_body_settings.h:
// stiffness and masses from the roles, the balance, the pull toward the rest pose, the free
// arms hanging, the heels rising, the knees over the toes).
enum class Settings { solver, program };

// One reach solved from rest with `settings` (`knees`: the knees over the toes).
ik::SolveResult solve_reach(const Rig& rig, const ReachSetup& setup, const Reach& reach, int solver, bool knees,
                            ik::Pose& pose, Settings settings = Settings::solver) {
  ik::Chain chain = setup.body;
  glm::vec3 goal = setup.hips + setup.leg * (reach.forward * setup.forward + setup.side * reach.side * setup.left);
  goal +=
      setup.up * (reach.floor ? setup.ground + reach.up * setup.leg - glm::dot(goal, setup.up) : setup.leg * reach.up);
  chain.goal.position = goal;
  chain.params.max_iterations = 100;
  pose = ik::rest_pose(rig.skeleton);
  ik::Workspace ws;
  ik::FullBodyScratch& scratch = ik::scratch_of<ik::FullBodyScratch>(ws);
  if (settings == Settings::program) {
    ik::FullBodySettings program;  // the heels rising among them
    program.knees_over_toes = knees;
    ik::apply_full_body_settings(program, rig.skeleton, rig.roles.joints, scratch);
  } else {
    scratch.heels_rise = true;
    scratch.knees_over_toes = knees;
  }
  return ik::solve_chain(ik::solver_table()[solver], rig.skeleton, chain, pose, ws, nullptr);
}

// A reach's pose holds what a person's does: the goal reached, every joint inside its range,
// and the pinned feet on the ground (every joint of them within 1 % of the leg): the solve
// levels them, and where a foot must tilt past its ankle's range (the floor in front and to
// the side) its heel rises (full_body.h, "Feet").
void check_reach(const Rig& rig, const ReachSetup& setup, const Reach& reach, const ik::SolveResult& result,
                 const ik::Pose& pose, const ik::BodyReading& r) {
  EXPECT_EQ(result.status, ik::SolveStatus::reached) << rig.name << ", " << reach.name;
  EXPECT_LE(r.feet_below_ground, 0.01f * setup.leg) << rig.name << ", " << reach.name;
  for (int j = 0; j < rig.skeleton.joint_count(); ++j)
    EXPECT_TRUE(ik::within_limits(rig.skeleton.limits[static_cast<size_t>(j)],
                                  rig.skeleton.rest[static_cast<size_t>(j)].rotation,
                                  pose.local[static_cast<size_t>(j)].rotation, 2e-3f))
        << rig.name << ", " << reach.name << ": " << rig.skeleton.name[static_cast<size_t>(j)];
}

// Under the solver's defaults and under the program's settings (the figures of both are in
// BENCHMARKS.md, "Full body"). Each reach's line, then where the neck (else the head) ends
// from the hips, in legs: how far the trunk leans forward and to the hand's side.
TEST(FullBodyReachSuite, EveryJointStaysInsideItsRange) {
  const int solver = ik::find_solver("full_body");
  ASSERT_GE(solver, 0);
  for (const Settings settings : {Settings::solver, Settings::program}) {
    std::printf("-- %s\n", settings == Settings::solver
                               ? "the solver's defaults, the heels rising, the knees over the toes"
                               : "the program's settings");
    int plausible = 0, tried = 0;
    for (const Rig& rig : all_rigs()) {
      const ReachSetup setup = set_up_reaches(rig, solver);
      const int hips = role_joint(rig, ik::Role::hips);
      const int neck_role = role_joint(rig, ik::Role::neck);
      const int neck = neck_role >= 0 ? neck_role : role_joint(rig, ik::Role::head);
      for (const Reach& reach : kReaches) {
        ik::Pose pose;
        const ik::SolveResult result = solve_reach(rig, setup, reach, solver, true, pose, settings);
        const ik::BodyReading r = ik::read_body(rig.skeleton, rig.roles.joints, pose);
        check_reach(rig, setup, reach, result, pose, r);
        ++tried;
        plausible += ik::body_looks_plausible(r);
        std::vector<glm::mat4> world;
        ik::fk_all(rig.skeleton, pose, world);
        const glm::vec3 lean =
            (ik::position_of(world[static_cast<size_t>(neck)]) - ik::position_of(world[static_cast<size_t>(hips)])) /
            setup.leg;
        std::printf("%-18s %-36s %-10s %5.1f cm  %s\n%57s neck over the hips: forward %5.2f, to the side %5.2f legs\n",
                    rig.name, reach.name, ik::to_string(result.status), 100.0f * result.error,
                    ik::describe_body(r).c_str(), "", glm::dot(lean, setup.forward),
                    setup.side * glm::dot(lean, setup.left));
      }
    }
    std::printf("plausible by every part: %d of %d reaches\n", plausible, tried);
  }
}

// The knees over the toes (FullBodyScratch::knees_over_toes), the last thing the solve does:
// against the same solve without it, every joint above the legs' hips and every foot's
// ankle stays where it was (no effector moves), no knee ends farther off its toes, and the
// reaches to the floor to the side and behind, where the solve left a knee 44-55 degrees
// off its toes, come nearer by at least 10 degrees on every rig.
TEST(FullBodyReachSuite, TheKneesTurnOverTheToesAndNothingElseMoves) {
  const int solver = ik::find_solver("full_body");
  ASSERT_GE(solver, 0);
  for (const Rig& rig : all_rigs()) {
    const ReachSetup setup = set_up_reaches(rig, solver);
    const int thighs[2] = {role_joint(rig, ik::Role::thigh, ik::Side::left),
                           role_joint(rig, ik::Role::thigh, ik::Side::right)};
    const int feet[2] = {role_joint(rig, ik::Role::foot, ik::Side::left),
                         role_joint(rig, ik::Role::foot, ik::Side::right)};
    for (const Reach& reach : kReaches) {
      ik::Pose off, on;
      solve_reach(rig, setup, reach, solver, false, off);
      solve_reach(rig, setup, reach, solver, true, on);
      std::vector<glm::mat4> world_off, world_on;
      ik::fk_all(rig.skeleton, off, world_off);
      ik::fk_all(rig.skeleton, on, world_on);
      for (int j = 0; j < rig.skeleton.joint_count(); ++j) {
        const auto in = [&](int thigh) {
          return j >= thigh && j < rig.skeleton.subtree_end[static_cast<size_t>(thigh)];
        };
        const bool in_a_leg = in(thighs[0]) || in(thighs[1]);
        if (in_a_leg) continue;
        EXPECT_TRUE(off.local[static_cast<size_t>(j)].rotation == on.local[static_cast<size_t>(j)].rotation &&
                    off.local[static_cast<size_t>(j)].translation == on.local[static_cast<size_t>(j)].translation)
            << rig.name << ", " << reach.name << ": " << rig.skeleton.name[static_cast<size_t>(j)] << " moved";
      }
      for (const int foot : feet)
        EXPECT_LT(glm::distance(ik::position_of(world_off[static_cast<size_t>(foot)]),
                                ik::position_of(world_on[static_cast<size_t>(foot)])),
                  1e-4f * setup.leg)
            << rig.name << ", " << reach.name << ": an ankle moved";
      const float before = ik::read_body(rig.skeleton, rig.roles.joints, off).worst_knee_off_toes_degrees;
      const float after = ik::read_body(rig.skeleton, rig.roles.joints, on).worst_knee_off_toes_degrees;
      std::printf("%-18s %-36s knee off the toes %5.1f -> %5.1f deg\n", rig.name, reach.name, before, after);
      EXPECT_LE(after, before + 0.5f) << rig.name << ", " << reach.name;
      const bool side_or_behind = reach.floor && reach.forward < 0.1f;
      if (side_or_behind) {
        EXPECT_LE(after, before - 10.0f) << rig.name << ", " << reach.name;
      }
    }
  }
}

}  // namespace
