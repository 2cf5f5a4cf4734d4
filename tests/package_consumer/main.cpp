// Builds a three-joint limb, asks the installed ikscope library's two-bone solver for a
// reachable goal, and checks by forward kinematics that the effector got there. Exit
// status 0 on success, so ctest can run it.
#include <cstdio>
#include <string>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"

int main() {
  ik::RawSkeleton raw;
  raw.joints.resize(3);
  raw.joints[0].name = "shoulder";
  raw.joints[1].name = "elbow";
  raw.joints[1].parent = 0;
  raw.joints[1].rest.translation = {0.0f, -0.3f, 0.02f};
  raw.joints[2].name = "wrist_end";
  raw.joints[2].parent = 1;
  raw.joints[2].rest.translation = {0.0f, -0.25f, -0.02f};
  ik::Skeleton skeleton;
  std::string error;
  if (!ik::build_skeleton(raw, skeleton, error)) {
    std::fprintf(stderr, "build_skeleton: %s\n", error.c_str());
    return 1;
  }
  ik::Chain chain;
  chain.root = ik::find_joint(skeleton, "shoulder");
  chain.effector = ik::find_joint(skeleton, "wrist_end");
  chain.solver = ik::find_solver("two_bone");
  chain.goal.position = {0.2f, -0.3f, 0.2f};
  ik::Pose pose = ik::rest_pose(skeleton);
  ik::Workspace workspace;
  const ik::SolveResult result =
      ik::solver_table()[chain.solver].solve(skeleton, chain, pose, workspace, nullptr);
  std::vector<glm::mat4> world;
  ik::fk_all(skeleton, pose, world);
  const float miss = glm::length(ik::position_of(world[static_cast<size_t>(chain.effector)]) - chain.goal.position);
  std::printf("%s after %d iteration(s), effector %.2g from the goal\n", ik::to_string(result.status),
              result.iterations, static_cast<double>(miss));
  return result.status == ik::SolveStatus::reached && miss < 1e-4f ? 0 : 1;
}
