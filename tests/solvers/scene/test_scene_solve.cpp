// The scene-level solve on the built-in humanoid: scale chains first, then chains in DFS
// order of their effectors; a later chain never moves what an earlier chain owns. And the
// program's per-frame step around it (solve_frame): the same poses as an untraced solve,
// every chain traced, poses for the inspected chain only, the last trace that iterated kept.
//
// Index:
//   helpers      humanoid, joint, solver_chain, nearby_goal
//   solve_scene  the order (scale chains, then effectors in DFS order), later chains never move what earlier
//                ones own, the listing order does not matter, scale chains before position chains, disabled
//                and invalid chains, each mass-spring chain's own state, a pose of the wrong size
//   solve_frame  moved_program_chains; an untraced solve's poses, every chain traced and poses for the
//                inspected one, the last trace that iterated kept, disabled chains and erase_chain
#include <gtest/gtest.h>

#include <algorithm>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/mass_spring/mass_spring.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::chain_to;

ik::Skeleton scene_humanoid() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(
      ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error))
      << error;
  return rig.skeleton;
}

int scene_joint(const ik::Skeleton& s, const std::string& name) {
  const int i = ik::find_joint(s, name);
  if (i >= 0) return i;
  ADD_FAILURE() << "no joint " << name;
  return 0;
}

ik::Chain solver_chain(const char* solver, int root, int effector, const glm::vec3& goal) {
  ik::Chain c = chain_to(root, effector, goal, 32);
  c.solver = ik::find_solver(solver);
  EXPECT_GE(c.solver, 0) << solver;
  return c;
}

// A goal the chain can reach: where its effector is after turning its joints a little.
glm::vec3 nearby_goal(const ik::Skeleton& s, int root, int effector, unsigned seed) {
  std::mt19937 rng(seed);
  return iktest::world_position(
      s, iktest::random_pose(rng, s, iktest::path_of(s, root, effector), 0.3f), effector);
}

TEST(SceneSolve, OrderIsScaleChainsFirstThenEffectorsInDfsOrder) {
  std::vector<ik::Chain> chains(5);
  chains[0] = solver_chain("fabrik", 0, 9, glm::vec3(0.0f));
  chains[1] = solver_chain("ccd", 0, 4, glm::vec3(0.0f));
  chains[2] = solver_chain("fabrik", 0, 18, glm::vec3(0.0f));
  chains[3] = solver_chain("scale_target", 0, 20, glm::vec3(0.0f));
  chains[4] = solver_chain("fabrik", 0, 2, glm::vec3(0.0f));
  chains[4].enabled = false;
  std::vector<int> order;
  ik::scene_solve_order(chains, order);
  EXPECT_EQ(order, (std::vector<int>{3, 1, 0, 2}));
}

TEST(SceneSolve, LaterChainsNeverMoveWhatEarlierChainsOwn) {
  const ik::Skeleton s = scene_humanoid();
  const int hips = scene_joint(s, "Hips"), spine = scene_joint(s, "Spine"), chest = scene_joint(s, "Chest");
  const int neck = scene_joint(s, "Neck"), head = scene_joint(s, "Head");
  const int shoulder = scene_joint(s, "LeftShoulder"), hand = scene_joint(s, "LeftHand");
  // The head chain (spine..head) and an arm chain that starts at the chest, which the head
  // chain owns. The head's effector comes first in the DFS order; the arm is listed first.
  const ik::Chain head_chain = solver_chain("fabrik", spine, head, nearby_goal(s, spine, head, 1));
  const ik::Chain arm_chain =
      solver_chain("ccd", chest, hand, nearby_goal(s, chest, hand, 2) + glm::vec3(0.05f));
  ASSERT_LT(head, hand);

  // What the head chain does alone, from rest.
  ik::Pose alone = ik::rest_pose(s);
  ik::Workspace ws_alone;
  const ik::SolveResult head_alone =
      ik::solver_table()[head_chain.solver].solve(s, head_chain, alone, ws_alone, nullptr);

  ik::Pose pose = ik::rest_pose(s);
  const ik::Pose before = pose;
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  ik::solve_scene(s, {arm_chain, head_chain}, pose, ws, results);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1].status, head_alone.status);
  EXPECT_EQ(results[1].error, head_alone.error);
  // The head chain's joints (and the hips above it) are exactly as the head chain left
  // them: the arm chain, solved second, did not turn the chest it starts at.
  for (int j : {hips, spine, chest, neck, head})
    EXPECT_EQ(pose.local[static_cast<size_t>(j)].rotation,
              alone.local[static_cast<size_t>(j)].rotation)
        << s.name[static_cast<size_t>(j)];
  EXPECT_LT(glm::length(iktest::world_position(s, pose, head) - head_chain.goal.position),
            1e-3f + head_alone.error);
  // ... and the arm chain did move its own joints toward its goal.
  EXPECT_NE(pose.local[static_cast<size_t>(shoulder)].rotation,
            before.local[static_cast<size_t>(shoulder)].rotation);
  EXPECT_LT(results[0].error,
            glm::length(iktest::world_position(s, before, hand) - arm_chain.goal.position));
  // The locks are cleared afterwards.
  for (std::uint8_t l : ws.locked) EXPECT_EQ(l, 0);
}

TEST(SceneSolve, TheOrderTheChainsAreListedInDoesNotMatter) {
  const ik::Skeleton s = scene_humanoid();
  const int hips = scene_joint(s, "Hips");
  std::vector<ik::Chain> chains = {
      solver_chain("fabrik", hips, scene_joint(s, "Head"), nearby_goal(s, hips, scene_joint(s, "Head"), 3)),
      solver_chain("fabrik", scene_joint(s, "LeftUpperArm"), scene_joint(s, "LeftHand"),
                   nearby_goal(s, scene_joint(s, "LeftUpperArm"), scene_joint(s, "LeftHand"), 4)),
      solver_chain("ccd", scene_joint(s, "RightThigh"), scene_joint(s, "RightFoot"),
                   nearby_goal(s, scene_joint(s, "RightThigh"), scene_joint(s, "RightFoot"), 5)),
  };
  ik::Pose a = ik::rest_pose(s), b = a;
  ik::Workspace ws;
  std::vector<ik::SolveResult> ra, rb;
  ik::solve_scene(s, chains, a, ws, ra);
  std::reverse(chains.begin(), chains.end());
  ik::solve_scene(s, chains, b, ws, rb);
  EXPECT_TRUE(iktest::same_pose(a, b));
  for (size_t i = 0; i < chains.size(); ++i)
    EXPECT_EQ(ra[i].error, rb[chains.size() - 1 - i].error);
}

TEST(SceneSolve, ScaleChainsRunBeforePositionChains) {
  // Three unit bones reach 3; the goal at 4.5 is reachable only once the scale chain has
  // made every bone 1.5 times longer. The position chain is listed first.
  const ik::Skeleton s = iktest::chain_skeleton(4);
  const glm::vec3 root = iktest::world_position(s, ik::rest_pose(s), 1);
  ik::Chain reach = solver_chain("fabrik", 1, 4, root + glm::vec3(0.0f, 0.0f, 4.4f));
  ik::Chain grow = solver_chain("scale_target", 1, 3, glm::vec3(0.0f));
  grow.goal.scale = 1.5f * 1.5f * 1.5f;
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  ik::solve_scene(s, {reach, grow}, pose, ws, results);
  EXPECT_EQ(results[1].status, ik::SolveStatus::reached);
  EXPECT_EQ(results[0].status, ik::SolveStatus::reached) << ik::to_string(results[0].status);
  EXPECT_LT(glm::length(iktest::world_position(s, pose, 4) - reach.goal.position), 0.01f);
}

TEST(SceneSolve, DisabledAndInvalidChainsDoNotStopTheOthers) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  const glm::vec3 goal = nearby_goal(s, 1, 6, 9);
  std::vector<ik::Chain> chains = {
      solver_chain("fabrik", 1, 6, goal),
      solver_chain("fabrik", 1, 3, glm::vec3(std::nanf(""))),
      solver_chain("ccd", 1, 4, goal),
  };
  chains[2].enabled = false;
  ik::Chain unknown = chains[0];
  unknown.solver = 99;
  chains.push_back(unknown);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  std::vector<ik::Trace> traces;
  ik::solve_scene(s, chains, pose, ws, results, &traces);
  ASSERT_EQ(results.size(), 4u);
  ASSERT_EQ(traces.size(), 4u);
  EXPECT_EQ(results[0].status, ik::SolveStatus::reached);
  EXPECT_EQ(results[1].status, ik::SolveStatus::invalid_input);
  EXPECT_EQ(results[2].iterations, 0);  // disabled: not solved
  EXPECT_TRUE(traces[2].error.empty());
  EXPECT_EQ(results[3].status, ik::SolveStatus::invalid_input);
  EXPECT_EQ(traces[0].error.size(), static_cast<size_t>(results[0].iterations) + 1);
  EXPECT_EQ(traces[0].joints, iktest::path_of(s, 1, 6));
}

TEST(SceneSolve, EveryMassSpringChainKeepsItsOwnState) {
  const ik::Skeleton s = scene_humanoid();
  const int l_arm = scene_joint(s, "LeftUpperArm"), l_hand = scene_joint(s, "LeftHand");
  const int r_arm = scene_joint(s, "RightUpperArm"), r_hand = scene_joint(s, "RightHand");
  std::vector<ik::Chain> chains = {
      solver_chain("mass_spring", l_arm, l_hand, nearby_goal(s, l_arm, l_hand, 1)),
      solver_chain("mass_spring", r_arm, r_hand, nearby_goal(s, r_arm, r_hand, 2)),
  };
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  for (int frame = 0; frame < 3; ++frame) ik::solve_scene(s, chains, pose, ws, results);
  ASSERT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states.size(), 2u);
  EXPECT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states[0].effector, l_hand);
  EXPECT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states[1].effector, r_hand);
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(SceneSolve, WrongPoseSizeSolvesNothing) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  ik::Pose pose;
  pose.local.resize(2);
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  ik::solve_scene(s, {solver_chain("fabrik", 1, 4, glm::vec3(1.0f))}, pose, ws, results);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ik::SolveStatus::invalid_input);
}

// ---- solve_frame: the program's per-frame step -------------------------------------------

// The humanoid's chains as the program suggests them (DLS on each), goals moved off the
// effectors so that every chain iterates.
std::vector<ik::Chain> moved_program_chains(const ik::Skeleton& s) {
  std::vector<ik::Chain> chains = ik::suggest_chains(s, ik::rest_pose(s), ik::find_solver("dls"));
  EXPECT_GE(chains.size(), 4u);
  for (size_t c = 0; c < chains.size(); ++c)
    chains[c].goal.position =
        nearby_goal(s, chains[c].root, chains[c].effector, static_cast<unsigned>(20 + c));
  return chains;
}

TEST(SolveFrame, PosesAndResultsAreThoseOfAnUntracedSceneSolve) {
  const ik::Skeleton s = scene_humanoid();
  const std::vector<ik::Chain> chains = moved_program_chains(s);
  ik::Pose untraced = ik::rest_pose(s), framed = untraced;
  ik::Workspace ws_untraced, ws_framed;
  std::vector<ik::SolveResult> results;
  ik::FrameSolve frame;
  for (int f = 0; f < 3; ++f) {  // warm started: the second and third frames start from the first
    ik::solve_scene(s, chains, untraced, ws_untraced, results);
    ik::solve_frame(s, chains, 0, framed, ws_framed, frame);
    ASSERT_TRUE(iktest::same_pose(untraced, framed)) << "frame " << f;
    ASSERT_EQ(frame.results.size(), results.size());
    for (size_t c = 0; c < results.size(); ++c) {
      EXPECT_EQ(frame.results[c].status, results[c].status) << c;
      EXPECT_EQ(frame.results[c].iterations, results[c].iterations) << c;
      EXPECT_EQ(frame.results[c].error, results[c].error) << c;
    }
  }
}

TEST(SolveFrame, TracesEveryChainAndRecordsPosesOfTheInspectedOneOnly) {
  const ik::Skeleton s = scene_humanoid();
  const std::vector<ik::Chain> chains = moved_program_chains(s);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::FrameSolve frame;
  const int inspected = 1;
  ik::solve_frame(s, chains, inspected, pose, ws, frame);
  ASSERT_EQ(frame.traces.size(), chains.size());
  ASSERT_EQ(frame.last_work.size(), chains.size());
  ASSERT_EQ(frame.chain_microseconds.size(), chains.size());
  float chain_sum = 0.0f;
  for (size_t c = 0; c < chains.size(); ++c) {
    SCOPED_TRACE(c);
    const ik::Trace& t = frame.traces[c];
    EXPECT_EQ(t.error.size(), static_cast<size_t>(frame.results[c].iterations) + 1);
    EXPECT_GT(frame.results[c].iterations, 0);
    EXPECT_EQ(t.poses.empty(), static_cast<int>(c) != inspected);
    if (static_cast<int>(c) == inspected) {
      EXPECT_EQ(t.poses.size(), t.error.size() * t.joints.size());
    }
    EXPECT_EQ(frame.last_work[c].error, t.error);  // it iterated: kept
    EXPECT_GE(frame.chain_microseconds[c], 0.0f);
    chain_sum += frame.chain_microseconds[c];
  }
  EXPECT_GT(frame.microseconds, 0.0f);
  EXPECT_GE(frame.microseconds, chain_sum);
}

TEST(SolveFrame, KeepsTheLastTraceThatIterated) {
  const ik::Skeleton s = scene_humanoid();
  const std::vector<ik::Chain> chains = moved_program_chains(s);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::FrameSolve frame;
  ik::solve_frame(s, chains, 0, pose, ws, frame);
  // Solve until every chain that converged stops iterating (warm start, the same goals).
  for (int f = 0; f < 20; ++f) ik::solve_frame(s, chains, 0, pose, ws, frame);
  const ik::FrameSolve converged = frame;
  ik::solve_frame(s, chains, 0, pose, ws, frame);
  int idle = 0;
  for (size_t c = 0; c < chains.size(); ++c) {
    if (frame.results[c].status != ik::SolveStatus::reached || frame.results[c].iterations != 0)
      continue;
    ++idle;
    EXPECT_EQ(frame.traces[c].error.size(), 1u) << c;     // this frame: none
    EXPECT_GT(frame.last_work[c].error.size(), 1u) << c;  // still the plot
    EXPECT_EQ(frame.last_work[c].error, converged.last_work[c].error) << c;
  }
  EXPECT_GT(idle, 0);
}

TEST(SolveFrame, DisabledChainsTakeNoTimeAndChainsCanBeErased) {
  const ik::Skeleton s = scene_humanoid();
  std::vector<ik::Chain> chains = moved_program_chains(s);
  chains[2].enabled = false;
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::FrameSolve frame;
  ik::solve_frame(s, chains, -1, pose, ws, frame);
  EXPECT_EQ(frame.chain_microseconds[2], 0.0f);
  EXPECT_EQ(frame.results[2].iterations, 0);
  for (const ik::Trace& t : frame.traces) EXPECT_TRUE(t.poses.empty());  // none inspected

  const ik::SolveResult third = frame.results[3];
  frame.erase_chain(2);
  for (size_t n : {frame.results.size(), frame.traces.size(), frame.last_work.size(),
                   frame.chain_microseconds.size()})
    EXPECT_EQ(n, chains.size() - 1);
  EXPECT_EQ(frame.results[2].error, third.error);  // the later chains moved up one
  frame.reset(3);
  EXPECT_EQ(frame.results.size(), 3u);
  EXPECT_TRUE(frame.last_work[0].error.empty());
  EXPECT_EQ(frame.microseconds, 0.0f);
}

}  // namespace
