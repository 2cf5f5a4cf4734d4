#include "solvers/rig/role_chains.h"

#include <algorithm>

#include "solvers/ik/goal_space.h"
#include "solvers/rig/suggest_chains.h"

namespace ik {
namespace {

constexpr Side kSides[] = {Side::left, Side::right};
constexpr Finger kFingers[] = {Finger::thumb, Finger::index, Finger::middle, Finger::ring, Finger::little};

struct Builder {
  const Skeleton& skeleton;
  const std::vector<JointRole>& roles;
  std::vector<glm::mat4> world;
  int solver = 0;
  std::vector<Chain> chains;
  std::vector<bool> pinned;  // per chain: pinned by default (no following)

  int count() const { return skeleton.joint_count(); }
  const JointRole& role(int j) const { return roles[static_cast<size_t>(j)]; }

  // The first joint in DFS order with this role (and side, finger, segment when given);
  // segment -1: the highest segment, -2: the lowest.
  int find(Role r, Side side = Side::centre, bool any_side = true, Finger finger = Finger::none,
           int segment = 0) const {
    int found = -1;
    for (int j = 0; j < count(); ++j) {
      const JointRole& jr = role(j);
      if (jr.role != r || (!any_side && jr.side != side) || (finger != Finger::none && jr.finger != finger)) continue;
      if (segment > 0 && jr.segment != segment) continue;
      if (segment == 0) return j;
      if (found < 0 || (segment == -1 && jr.segment > role(found).segment) ||
          (segment == -2 && jr.segment < role(found).segment))
        found = j;
    }
    return found;
  }

  bool is_ancestor(int ancestor, int joint) const {
    return ancestor >= 0 && joint >= 0 && ancestor <= joint &&
           joint < skeleton.subtree_end[static_cast<size_t>(ancestor)];
  }

  int single_child(int j) const {
    const int end = skeleton.subtree_end[static_cast<size_t>(j)];
    return (j + 1 < end && skeleton.subtree_end[static_cast<size_t>(j + 1)] == end) ? j + 1 : -1;
  }

  // Down the single-child run from `j` to its last joint (a tip, or a branch point). A
  // joint without a role is already a tip ("LeftHandIndex4", "HeadTop_End"): the tip
  // build_skeleton added below it is not taken.
  int run_end(int j) const {
    for (int c = single_child(j); c >= 0; c = single_child(j)) {
      if (skeleton.is_added_tip[static_cast<size_t>(c)] && role(j).role == Role::none) break;
      j = c;
    }
    return j;
  }

  Chain& add(int root, int effector, ChainGroup group, bool enabled, bool pinned_by_default) {
    Chain chain;
    chain.root = root;
    chain.effector = effector;
    chain.solver = solver;
    chain.group = group;
    chain.enabled = enabled;
    const glm::mat4& e = world[static_cast<size_t>(effector)];
    chain.goal.position = position_of(e);
    chain.goal.orientation = rotation_of(e);
    chains.push_back(chain);
    pinned.push_back(pinned_by_default);
    return chains.back();
  }

  // An aim chain for `joint` from `root`: its forward axis is model +Z at rest; the target
  // sits `distance` in front of it.
  void add_aim(int root, int joint, bool enabled, float distance) {
    Chain& chain = add(root, joint, ChainGroup::head, enabled, root != joint);
    chain.aim = true;
    chain.aim_axis = glm::normalize(glm::conjugate(chain.goal.orientation) * glm::vec3(0.0f, 0.0f, 1.0f));
    chain.goal.position += glm::vec3(0.0f, 0.0f, distance);
  }

  float height() const {
    float lo = 0.0f, hi = 0.0f;
    for (int j = 0; j < count(); ++j) {
      const float y = world[static_cast<size_t>(j)][3].y;
      lo = j == 0 ? y : std::min(lo, y);
      hi = j == 0 ? y : std::max(hi, y);
    }
    return hi - lo;
  }

  // The chest: the joint with that role, else the highest spine segment an arm hangs from
  // (Rigify and the Unreal mannequin name no chest), else the highest spine segment.
  int chest() const {
    const int named = find(Role::chest);
    if (named >= 0) return named;
    int best = -1;
    for (int j = 0; j < count(); ++j) {
      if (role(j).role != Role::spine) continue;
      bool carries_arm = false;
      for (int k = j + 1; k < skeleton.subtree_end[static_cast<size_t>(j)]; ++k)
        carries_arm = carries_arm || role(k).role == Role::clavicle || role(k).role == Role::upper_arm;
      if (carries_arm && (best < 0 || role(j).segment > role(best).segment)) best = j;
    }
    return best >= 0 ? best : find(Role::spine, Side::centre, true, Finger::none, -1);
  }

  void add_spine_and_head() {
    // From the lowest spine segment, not the hips: a spine chain rooted at the hips would
    // turn the pelvis, and with it both legs, to reach its goal (the legs' goals then pull
    // against it). Without a spine segment below the chest, from the hips.
    const int top = chest();
    int root = find(Role::spine, Side::centre, true, Finger::none, -2);
    if (root < 0 || root >= top || !is_ancestor(root, top)) root = find(Role::hips);
    if (root >= 0 && top > root && is_ancestor(root, top)) add(root, top, ChainGroup::spine, true, true);

    const int head = find(Role::head);
    if (head < 0) return;
    // From the first neck segment; without a neck, from the joint below the chest on the
    // way to the head (Rigify's last spine bone is its neck).
    int neck = find(Role::neck, Side::centre, true, Finger::none, -2);
    if (!is_ancestor(neck, head) && is_ancestor(top, head))
      for (int j = head; j > top; j = skeleton.parent[static_cast<size_t>(j)]) neck = j;
    const float distance = std::max(0.3f * height(), 1e-3f);
    add_aim(is_ancestor(neck, head) ? neck : head, head, true, distance);
    for (Side side : kSides) {
      const int eye = find(Role::eye, side, false);
      if (eye >= 0) add_aim(eye, eye, false, distance);
    }
  }

  void add_limbs() {
    for (Side side : kSides) {
      const int clavicle = find(Role::clavicle, side, false);
      const int upper_arm = find(Role::upper_arm, side, false);
      const int hand = find(Role::hand, side, false);
      if (is_ancestor(clavicle, upper_arm) && clavicle != upper_arm)
        add(clavicle, upper_arm, ChainGroup::limbs, true, false);
      if (is_ancestor(upper_arm, hand) && upper_arm != hand) add(upper_arm, hand, ChainGroup::limbs, true, true);
      for (Finger finger : kFingers) {
        const int first = find(Role::finger, side, false, finger, -2);
        const int last = find(Role::finger, side, false, finger, -1);
        if (first < 0 || !is_ancestor(first, last)) continue;
        const int tip = run_end(last);
        if (tip != first) add(first, tip, ChainGroup::fingers, false, false);
      }
      const int thigh = find(Role::thigh, side, false);
      const int foot = find(Role::foot, side, false);
      if (is_ancestor(thigh, foot) && thigh != foot) {
        Chain& leg = add(thigh, foot, ChainGroup::limbs, true, true);
        leg.goal.use_orientation = true;
        leg.goal.auto_pole = true;  // the knee bends where the clip (else the rest) bends it
      }
    }
  }

  void add_tails() {
    std::vector<bool> covered(static_cast<size_t>(count()), false);
    for (int j = 0; j < count(); ++j) {
      if (role(j).role != Role::tail || covered[static_cast<size_t>(j)]) continue;
      const int tip = run_end(j);
      for (int k = j; k <= tip; ++k) covered[static_cast<size_t>(k)] = true;
      if (tip != j) add(j, tip, ChainGroup::tail, true, true);
    }
  }

  // A chain not pinned by default follows the nearest effector of another chain above its root.
  void set_following() {
    for (size_t c = 0; c < chains.size(); ++c) {
      if (pinned[c]) continue;
      for (int j = skeleton.parent[static_cast<size_t>(chains[c].root)]; j >= 0 && chains[c].follow_joint < 0;
           j = skeleton.parent[static_cast<size_t>(j)])
        for (size_t o = 0; o < chains.size(); ++o)
          if (o != c && chains[o].effector == j) {
            set_follow_joint(chains[c], world, j);
            break;
          }
    }
  }
};

}  // namespace

std::vector<Chain> chains_from_roles(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                                     int solver) {
  if (roles.size() != static_cast<size_t>(skeleton.joint_count())) return {};
  Builder b{skeleton, roles, {}, solver, {}, {}};
  fk_all(skeleton, pose, b.world);
  b.add_spine_and_head();
  b.add_limbs();
  b.add_tails();
  const bool has_body = std::any_of(b.chains.begin(), b.chains.end(), [](const Chain& c) {
    return c.group == ChainGroup::limbs || c.group == ChainGroup::spine;
  });
  if (!has_body) return {};
  b.set_following();
  std::stable_sort(b.chains.begin(), b.chains.end(),
                   [](const Chain& x, const Chain& y) { return x.effector < y.effector; });
  return b.chains;
}

std::vector<Chain> suggest_rig_chains(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                                      int solver) {
  std::vector<Chain> chains = chains_from_roles(skeleton, roles, pose, solver);
  if (chains.empty()) chains = suggest_chains(skeleton, pose, solver);
  return chains;
}

}  // namespace ik
