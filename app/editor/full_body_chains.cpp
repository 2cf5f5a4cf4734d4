#include "app/editor/full_body_chains.h"

#include "solvers/ik/goal_space.h"

namespace app {

std::vector<std::uint8_t> body_joints(const ik::Skeleton& skeleton, const ik::Chain& body) {
  std::vector<std::uint8_t> in_body(static_cast<size_t>(skeleton.joint_count()), 0);
  for (int i = 0; i < ik::effector_count(body); ++i)
    for (int j : ik::chain_path(skeleton, body.root, ik::effector_joint(body, i))) in_body[static_cast<size_t>(j)] = 1;
  return in_body;
}

bool overlaps_body(const ik::Skeleton& skeleton, const ik::Chain& c, const std::vector<std::uint8_t>& in_body) {
  for (int j : ik::chain_path(skeleton, c.root, c.effector))
    if (j != c.root && in_body[static_cast<size_t>(j)] != 0) return true;
  return false;
}

void enter_full_body(const ik::Skeleton& skeleton, const ik::Chain& body, std::vector<ik::Chain>& chains,
                     std::vector<std::uint8_t>& disabled_by_mode) {
  const std::vector<std::uint8_t> in_body = body_joints(skeleton, body);
  disabled_by_mode.resize(chains.size(), 0);
  for (size_t c = 0; c < chains.size(); ++c) {
    if (!chains[c].enabled || !overlaps_body(skeleton, chains[c], in_body)) continue;
    chains[c].enabled = false;
    disabled_by_mode[c] = 1;
  }
  chains.push_back(body);
  disabled_by_mode.push_back(0);
}

void leave_full_body(const std::vector<glm::mat4>& world, int body, std::vector<ik::Chain>& chains,
                     std::vector<std::uint8_t>& disabled_by_mode) {
  if (body < 0 || body >= static_cast<int>(chains.size())) return;
  chains.erase(chains.begin() + body);
  forget_removed_chain(disabled_by_mode, body);
  for (size_t c = 0; c < chains.size() && c < disabled_by_mode.size(); ++c) {
    if (disabled_by_mode[c] == 0) continue;
    ik::Chain& chain = chains[c];
    chain.enabled = true;
    ik::Goal goal = ik::goal_in_model_space(chain, world);  // onto the effector: nothing jumps
    goal.position = ik::position_of(world[static_cast<size_t>(chain.effector)]);
    ik::set_goal_in_model_space(chain, world, goal);
  }
  disabled_by_mode.clear();
}

void forget_removed_chain(std::vector<std::uint8_t>& disabled_by_mode, int c) {
  if (c >= 0 && c < static_cast<int>(disabled_by_mode.size())) disabled_by_mode.erase(disabled_by_mode.begin() + c);
}

std::vector<std::uint8_t> marks_of_an_older_session(const ik::Skeleton& skeleton, const std::vector<ik::Chain>& chains,
                                                    int body) {
  std::vector<std::uint8_t> marks(chains.size(), 0);
  if (body < 0 || body >= static_cast<int>(chains.size())) return marks;
  const std::vector<std::uint8_t> in_body = body_joints(skeleton, chains[static_cast<size_t>(body)]);
  for (size_t c = 0; c < chains.size(); ++c)
    if (static_cast<int>(c) != body && !chains[c].enabled && overlaps_body(skeleton, chains[c], in_body)) marks[c] = 1;
  return marks;
}

}  // namespace app
