#include "app/editor/goal_handles.h"

#include "solvers/anim/pose.h"
#include "solvers/rig/full_body_setup.h"

namespace app {
namespace {

int extra_count(const std::vector<ik::Chain>& chains, int body) {
  if (body < 0 || body >= static_cast<int>(chains.size())) return 0;
  return static_cast<int>(chains[static_cast<size_t>(body)].extra_effectors.size());
}

}  // namespace

GoalHandleRef goal_handle_ref(const std::vector<ik::Chain>& chains, int body, int handle) {
  const int n = static_cast<int>(chains.size());
  if (handle < 0) return {};
  if (handle < n) return {handle, -1};
  if (handle - n < extra_count(chains, body)) return {body, handle - n};
  return {};
}

int goal_handle_index(const std::vector<ik::Chain>& chains, int body, int chain, int extra) {
  if (chain < 0 || chain >= static_cast<int>(chains.size())) return -1;
  if (extra < 0) return chain;
  if (chain != body || extra >= extra_count(chains, body)) return -1;
  return static_cast<int>(chains.size()) + extra;
}

int selected_goal_handle(const std::vector<ik::Chain>& chains, int body, int selected_chain, int selected_extra) {
  const int extra = goal_handle_index(chains, body, selected_chain, selected_extra);
  return extra >= 0 ? extra : goal_handle_index(chains, body, selected_chain, -1);
}

bool extra_effector_holds(const ik::EffectorGoal& effector) { return effector.pinned || effector.weight > 0.0f; }

ik::Goal extra_effector_handle_goal(const ik::Chain& chain, int extra, const std::vector<glm::mat4>& world,
                                    const ik::GoalMotion& motion) {
  const ik::EffectorGoal& effector = chain.extra_effectors[static_cast<size_t>(extra)];
  ik::Goal goal = ik::effector_goal_in_model_space(chain, extra + 1, world, motion);
  if (!extra_effector_holds(effector) && effector.joint >= 0 && effector.joint < static_cast<int>(world.size()))
    goal.position = ik::position_of(world[static_cast<size_t>(effector.joint)]);
  return goal;
}

void set_extra_effector_handle_goal(ik::Chain& chain, int extra, const std::vector<glm::mat4>& world,
                                    const ik::GoalMotion& motion, const ik::Goal& goal) {
  ik::set_effector_goal_in_model_space(chain, extra + 1, world, motion, goal);
  ik::EffectorGoal& effector = chain.extra_effectors[static_cast<size_t>(extra)];
  if (!extra_effector_holds(effector)) effector.weight = ik::kFullBodyHandWeight;  // a moved goal pulls
}

}  // namespace app
