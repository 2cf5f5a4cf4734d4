#include "solvers/anim/skeleton.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace ik {
namespace {

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string joint_label(const RawSkeleton& raw, int i) {
  const std::string& n = raw.joints[static_cast<size_t>(i)].name;
  return "joint " + std::to_string(i) + (n.empty() ? "" : " ('" + n + "')");
}

// Average length of the bones (joint to parent) of the raw rig; used to size tips
// where no direction is known. Scale-aware enough for framing, not for physics.
float typical_bone_length(const RawSkeleton& raw) {
  double sum = 0.0;
  int count = 0;
  for (const RawJoint& j : raw.joints) {
    if (j.parent < 0) continue;
    const float len = glm::length(j.rest.translation);
    if (len > 0.0f) {
      sum += len;
      ++count;
    }
  }
  return count > 0 ? static_cast<float>(sum / count) : 1.0f;
}

// The rest transform of a tip added below `leaf`: continues the bone parent -> leaf at
// half its length, expressed in the leaf's own frame.
Transform added_tip_rest(const RawJoint& leaf, float fallback_length) {
  Transform tip;
  const glm::vec3 bone = leaf.rest.translation;  // parent -> leaf, parent frame
  const float len = glm::length(bone);
  if (leaf.parent < 0 || len <= 1e-6f * fallback_length) {
    tip.translation = glm::vec3(0.0f, 0.5f * fallback_length, 0.0f) / leaf.rest.scale;
    return tip;
  }
  // Direction in the leaf's frame: undo its rotation and scale.
  const glm::vec3 dir = glm::normalize(glm::conjugate(leaf.rest.rotation) * bone);
  tip.translation = dir * (0.5f * len) / leaf.rest.scale;
  return tip;
}

}  // namespace

int find_parent_cycle(const std::vector<int>& parent) {
  const int n = static_cast<int>(parent.size());
  // 0 = not seen, 1 = on the walk in progress, 2 = known to reach a root.
  std::vector<std::uint8_t> state(static_cast<size_t>(n), 0);
  std::vector<int> walk;
  for (int start = 0; start < n; ++start) {
    walk.clear();
    int j = start;
    while (j >= 0 && j < n && state[static_cast<size_t>(j)] == 0) {
      state[static_cast<size_t>(j)] = 1;
      walk.push_back(j);
      j = parent[static_cast<size_t>(j)];
    }
    if (j >= 0 && j < n && state[static_cast<size_t>(j)] == 1) return j;
    for (int w : walk) state[static_cast<size_t>(w)] = 2;
  }
  return -1;
}

bool is_spine_name(const std::string& name) {
  static const char* const kWords[] = {"spine", "chest", "torso", "neck",    "head",
                                       "pelvis", "hips", "back", "abdomen"};
  const std::string lower = lowercase(name);
  for (const char* w : kWords)
    if (lower.find(w) != std::string::npos) return true;
  return false;
}

bool is_tip_name(const std::string& name) {
  static const char* const kWords[] = {"end", "tip", "nub"};
  const std::string lower = lowercase(name);
  for (const char* w : kWords) {
    const std::string word(w);
    if (lower == word) return true;
    if (!ends_with(lower, word)) continue;
    const size_t at = name.size() - word.size();
    const char before = name[at - 1];
    // A word boundary: "Bone_end", "Bone.end", "Head End", or camel case "HeadTopEnd".
    if (!std::isalnum(static_cast<unsigned char>(before))) return true;
    if (std::isupper(static_cast<unsigned char>(name[at])) &&
        !std::isupper(static_cast<unsigned char>(before)))
      return true;
  }
  return false;
}

bool build_skeleton(const RawSkeleton& raw, Skeleton& out, std::string& error) {
  const int n = static_cast<int>(raw.joints.size());
  if (n == 0) {
    error = "the skeleton has no joints";
    return false;
  }
  for (int i = 0; i < n; ++i) {
    const RawJoint& j = raw.joints[static_cast<size_t>(i)];
    if (j.parent < -1 || j.parent >= n) {
      error = joint_label(raw, i) + " has parent index " + std::to_string(j.parent) +
              ", out of range [0, " + std::to_string(n - 1) + "]";
      return false;
    }
    if (j.parent == i) {
      error = joint_label(raw, i) + " is its own parent";
      return false;
    }
    if (!is_valid(j.rest)) {
      error = joint_label(raw, i) + " has a rest transform with a zero, NaN or infinite value";
      return false;
    }
  }
  std::vector<int> parents(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) parents[static_cast<size_t>(i)] = raw.joints[static_cast<size_t>(i)].parent;
  if (const int c = find_parent_cycle(parents); c >= 0) {
    error = "the joint hierarchy has a cycle through " + joint_label(raw, c);
    return false;
  }

  // Children lists in file order, spine-like names first (stable).
  std::vector<std::vector<int>> children(static_cast<size_t>(n));
  std::vector<int> roots;
  for (int i = 0; i < n; ++i) {
    const int p = raw.joints[static_cast<size_t>(i)].parent;
    (p < 0 ? roots : children[static_cast<size_t>(p)]).push_back(i);
  }
  auto spine_first = [&](std::vector<int>& list) {
    std::stable_partition(list.begin(), list.end(), [&](int j) {
      return is_spine_name(raw.joints[static_cast<size_t>(j)].name);
    });
  };
  spine_first(roots);
  for (auto& c : children) spine_first(c);

  const float fallback_length = typical_bone_length(raw);
  Skeleton s;
  auto emit = [&](int parent, const Transform& rest, const std::string& name, std::uint8_t added,
                  const JointLimits& limits, int source_node, int raw_index) {
    s.parent.push_back(parent);
    s.subtree_end.push_back(0);  // filled when the subtree is closed
    s.rest.push_back(rest);
    s.name.push_back(name);
    s.is_added_tip.push_back(added);
    s.limits.push_back(limits);
    s.source_node.push_back(source_node);
    s.raw_index.push_back(raw_index);
    return static_cast<int>(s.parent.size()) - 1;
  };

  // Iterative DFS (a deep tentacle must not overflow the stack).
  struct Frame {
    int raw;          // raw joint index
    int new_index;    // its index in the built skeleton
    size_t next_child;
  };
  std::vector<Frame> stack;
  for (int root : roots) {
    const RawJoint& rj = raw.joints[static_cast<size_t>(root)];
    stack.push_back({root, emit(-1, rj.rest, rj.name, 0, rj.limits, rj.source_node, root), 0});
    while (!stack.empty()) {
      Frame& top = stack.back();
      const auto& kids = children[static_cast<size_t>(top.raw)];
      if (top.next_child < kids.size()) {
        const int c = kids[top.next_child++];
        const RawJoint& cj = raw.joints[static_cast<size_t>(c)];
        const int parent_new = top.new_index;
        stack.push_back({c, emit(parent_new, cj.rest, cj.name, 0, cj.limits, cj.source_node, c), 0});
        continue;
      }
      const RawJoint& rj_top = raw.joints[static_cast<size_t>(top.raw)];
      if (kids.empty() && !is_tip_name(rj_top.name)) {
        const int tip = emit(top.new_index, added_tip_rest(rj_top, fallback_length),
                             rj_top.name + "_tip", 1, JointLimits{}, -1, -1);
        s.subtree_end[static_cast<size_t>(tip)] = tip + 1;
      }
      s.subtree_end[static_cast<size_t>(top.new_index)] = s.joint_count();
      stack.pop_back();
    }
  }
  out = std::move(s);
  return true;
}

int find_joint(const Skeleton& skeleton, const std::string& name) {
  for (int i = 0; i < skeleton.joint_count(); ++i)
    if (skeleton.name[static_cast<size_t>(i)] == name) return i;
  return -1;
}

std::vector<int> chain_path(const Skeleton& skeleton, int root, int effector) {
  std::vector<int> path;
  const int n = skeleton.joint_count();
  if (root < 0 || effector < 0 || root >= n || effector >= n) return path;
  for (int j = effector; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
    path.push_back(j);
    if (j == root) {
      std::reverse(path.begin(), path.end());
      return path;
    }
    if (j < root) break;  // DFS order: an ancestor always has a smaller index
  }
  return {};
}

}  // namespace ik
