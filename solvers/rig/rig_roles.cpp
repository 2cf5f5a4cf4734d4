// Index: words of a name -> role_from_name -> generic arm/leg runs -> conflicts ->
// numbering and hips/head promotion -> shape fallback -> recognise_roles.
#include "solvers/rig/rig_roles.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "solvers/anim/pose.h"

namespace ik {
namespace {

// Lower-case words of a name (see the header for the cuts).
std::vector<std::string> words_of(const std::string& full) {
  const size_t colon = full.rfind(':');
  const std::string name = colon == std::string::npos ? full : full.substr(colon + 1);
  std::vector<std::string> words;
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) words.push_back(word);
    word.clear();
  };
  for (size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (!std::isalnum(c)) {
      flush();
      continue;
    }
    if (!word.empty()) {
      const unsigned char prev = static_cast<unsigned char>(name[i - 1]);
      const bool case_change = std::isupper(c) && std::islower(prev);
      const bool digit_change = (std::isdigit(c) != 0) != (std::isdigit(prev) != 0);
      if (case_change || digit_change) flush();
    }
    word += static_cast<char>(std::tolower(c));
  }
  flush();
  return words;
}

bool has(const std::vector<std::string>& words, const char* w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

bool has_pair(const std::vector<std::string>& words, const char* a, const char* b) {
  for (size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == a && words[i + 1] == b) return true;
  return false;
}

bool is_number(const std::string& w) { return !w.empty() && std::isdigit(static_cast<unsigned char>(w[0])); }

// A bare "arm" or "leg": resolved down the limb by resolve_generic_limbs.
enum class Generic { none, arm, leg };

struct NameRole {
  JointRole role;
  Generic generic = Generic::none;
};

NameRole classify(const std::string& name, bool rigify_def_rig) {
  NameRole out;
  std::vector<std::string> words = words_of(name);
  if (words.empty()) return out;
  const std::string last = words.back();
  if (last == "end" || last == "tip" || last == "nub" || last == "top") return out;

  JointRole& r = out.role;
  r.source = RoleSource::name;
  // Side and the numbers, then the words that say what the joint is.
  int number = 0;
  bool number_after_side = false;
  bool seen_side = false;
  std::vector<std::string> core;
  for (const std::string& w : words) {
    if (w == "left" || w == "l") {
      r.side = Side::left;
      seen_side = true;
    } else if (w == "right" || w == "r") {
      r.side = Side::right;
      seen_side = true;
    } else if (is_number(w)) {
      if (number == 0) number = std::atoi(w.substr(0, 6).c_str());
      if (seen_side) number_after_side = true;
    } else {
      core.push_back(w);
    }
  }
  const bool rigify_def = !core.empty() && core.front() == "def";
  const bool rigify_helper = rigify_def_rig && !core.empty() && (core.front() == "org" || core.front() == "mch");
  const auto set = [&](Role role) {
    r.role = role;
    return out;
  };
  if (rigify_helper) return set(Role::twist);
  for (const char* w : {"twist", "roll", "helper", "corrective", "metacarpal", "palm", "ik", "pole"})
    if (has(core, w)) return set(Role::twist);

  const std::pair<const char*, Finger> fingers[] = {{"thumb", Finger::thumb},   {"index", Finger::index},
                                                    {"middle", Finger::middle}, {"ring", Finger::ring},
                                                    {"pinky", Finger::little},  {"little", Finger::little}};
  for (const auto& [w, finger] : fingers) {
    if (!has(core, w)) continue;
    if (number < 1 || number > 3) return set(Role::none);  // Mixamo's 4th segment is a tip
    r.finger = finger;
    r.segment = number;
    return set(Role::finger);
  }
  if (has(core, "eye")) return set(Role::eye);
  if (has(core, "jaw")) return set(Role::jaw);
  if (has(core, "head") || has(core, "headtop")) return set(Role::head);
  if (has(core, "neck") || has(core, "lowerneck") || has(core, "upperneck")) return set(Role::neck);
  if (has(core, "chest")) return set(Role::chest);
  if (has(core, "hips") || has(core, "pelvis")) return set(Role::hips);
  if (has(core, "hip")) return set(r.side == Side::centre ? Role::hips : Role::thigh);
  if (has(core, "spine") || has(core, "torso") || has(core, "abdomen") || has(core, "back") || has(core, "lowerback") ||
      has(core, "upperback"))
    return set(Role::spine);
  if (has(core, "tail")) return set(Role::tail);
  // A Rigify limb bone split in segments: the ones after the first are helpers.
  if (rigify_def && number_after_side) {
    r.role = Role::twist;
    return out;
  }
  if (has(core, "clavicle") || has(core, "shoulder") || has(core, "collar")) return set(Role::clavicle);
  if (has(core, "upperarm") || has_pair(core, "upper", "arm") || has_pair(core, "up", "arm"))
    return set(Role::upper_arm);
  if (has(core, "forearm") || has(core, "lowerarm") || has_pair(core, "fore", "arm") ||
      has_pair(core, "lower", "arm") || has(core, "elbow"))
    return set(Role::forearm);
  if (has(core, "hand") || has(core, "wrist")) return set(Role::hand);
  if (has(core, "thigh") || has(core, "upleg") || has(core, "upperleg") || has_pair(core, "up", "leg") ||
      has_pair(core, "upper", "leg"))
    return set(Role::thigh);
  if (has(core, "shin") || has(core, "calf") || has(core, "lowerleg") || has_pair(core, "lower", "leg") ||
      has(core, "knee"))
    return set(Role::shin);
  if (has(core, "foot") || has(core, "ankle")) return set(Role::foot);
  if (has(core, "toe") || has(core, "toes") || has(core, "toebase") || has(core, "ball")) return set(Role::toe);
  if (has(core, "arm")) out.generic = Generic::arm;
  if (has(core, "leg")) out.generic = Generic::leg;
  r.role = Role::none;
  return out;
}

Role next_in_limb(Role parent, Generic generic) {
  if (generic == Generic::arm) {
    switch (parent) {
      case Role::upper_arm:
        return Role::forearm;
      case Role::forearm:
        return Role::hand;
      case Role::hand:
        return Role::none;
      default:
        return Role::upper_arm;
    }
  }
  switch (parent) {
    case Role::thigh:
      return Role::shin;
    case Role::shin:
      return Role::foot;
    case Role::foot:
      return Role::toe;
    case Role::toe:
      return Role::none;
    default:
      return Role::thigh;
  }
}

// Key of a single role: two joints with equal keys conflict.
std::tuple<Role, Side, Finger, int> single_key(const JointRole& r) { return {r.role, r.side, r.finger, r.segment}; }

bool is_numbered(Role role) { return role == Role::spine || role == Role::neck || role == Role::tail; }

void number_segments(std::vector<JointRole>& roles) {
  int spine = 0, neck = 0, tail = 0;
  for (JointRole& r : roles) {
    if (r.role == Role::spine) r.segment = ++spine;
    if (r.role == Role::neck) r.segment = ++neck;
    if (r.role == Role::tail) r.segment = ++tail;
  }
}

bool any_role(const std::vector<JointRole>& roles, Role role) {
  for (const JointRole& r : roles)
    if (r.role == role) return true;
  return false;
}

// --- the fallback by shape -------------------------------------------------------------

struct Shape {
  const Skeleton& s;
  std::vector<glm::vec3> p;  // rest positions, model space
  std::vector<std::vector<int>> children;

  explicit Shape(const Skeleton& skeleton) : s(skeleton), children(static_cast<size_t>(skeleton.joint_count())) {
    std::vector<glm::mat4> world;
    fk_all(s, rest_pose(s), world);
    for (const glm::mat4& m : world) p.push_back(position_of(m));
    for (int j = 0; j < s.joint_count(); ++j)
      if (s.parent[static_cast<size_t>(j)] >= 0)
        children[static_cast<size_t>(s.parent[static_cast<size_t>(j)])].push_back(j);
  }
  const std::vector<int>& kids(int j) const { return children[static_cast<size_t>(j)]; }
  glm::vec3 at(int j) const { return p[static_cast<size_t>(j)]; }
  // The subtree's joint farthest from j.
  glm::vec3 far_end(int j) const {
    glm::vec3 best = at(j);
    float d = -1.0f;
    for (int k = j; k < s.subtree_end[static_cast<size_t>(j)]; ++k) {
      const float dk = glm::length(at(k) - at(j));
      if (dk > d) d = dk, best = at(k);
    }
    return best;
  }
  int size(int j) const { return s.subtree_end[static_cast<size_t>(j)] - j; }
  // The single-child run from j down to (and including) the first joint with != 1
  // child, without added tips.
  std::vector<int> run(int j) const {
    std::vector<int> out;
    while (true) {
      if (!s.is_added_tip[static_cast<size_t>(j)]) out.push_back(j);
      if (kids(j).size() != 1) return out;
      j = kids(j)[0];
    }
  }
};

// Gives j a role unless it has one, or another joint already holds that single role.
void put(std::vector<JointRole>& roles, int j, Role role, Side side) {
  if (j < 0) return;
  JointRole& r = roles[static_cast<size_t>(j)];
  if (r.role != Role::none) return;
  JointRole candidate;
  candidate.role = role;
  candidate.side = side;
  if (is_single_role(role))
    for (const JointRole& other : roles)
      if (other == candidate) return;
  r = candidate;
  r.source = RoleSource::shape;
}

// Roles down a run; a short arm run has no clavicle (drop_first), a short leg no toe.
void put_run(std::vector<JointRole>& roles, const std::vector<int>& run, std::vector<Role> sequence, Side side,
             bool drop_first) {
  if (drop_first && run.size() < sequence.size())
    sequence.erase(sequence.begin(), sequence.begin() + static_cast<long>(sequence.size() - run.size()));
  for (size_t k = 0; k < run.size() && k < sequence.size(); ++k) put(roles, run[k], sequence[k], side);
}

Side side_of(float x) { return x > 0.0f ? Side::left : Side::right; }

void roles_from_shape(const Skeleton& s, std::vector<JointRole>& roles) {
  const Shape shape(s);
  for (int root = 0; root < s.joint_count(); ++root) {
    if (!s.is_root(root)) continue;
    // The hips: first joint down the single-child run with 3+ children, two of which
    // end below it on opposite sides.
    int hips = root;
    while (shape.kids(hips).size() == 1) hips = shape.kids(hips)[0];
    const std::vector<int>& kids = shape.kids(hips);
    if (kids.size() < 3) continue;
    const float extent = glm::length(shape.far_end(hips) - shape.at(hips));
    std::vector<int> down, other;
    for (int k : kids) {
      // The end of the child's single-child run: a leg's foot, the spine's chest (the
      // subtree's far end would be a hand for a quadruped's spine).
      const glm::vec3 d = shape.at(shape.run(k).back()) - shape.at(hips);
      (d.y < -0.25f * extent ? down : other).push_back(k);
    }
    if (down.size() != 2 || other.empty()) continue;
    const float x0 = shape.far_end(down[0]).x - shape.at(hips).x, x1 = shape.far_end(down[1]).x - shape.at(hips).x;
    if (!(x0 * x1 < 0.0f)) continue;
    std::sort(other.begin(), other.end(), [&](int a, int b) { return shape.size(a) > shape.size(b); });
    const int spine_start = other[0];
    put(roles, hips, Role::hips, Side::centre);
    for (int leg : down)
      put_run(roles, shape.run(leg), {Role::thigh, Role::shin, Role::foot, Role::toe},
              side_of(shape.far_end(leg).x - shape.at(hips).x), false);
    if (other.size() > 1)
      for (int j : shape.run(other[1])) put(roles, j, Role::tail, Side::centre);
    // The spine up to the chest.
    const std::vector<int> spine = shape.run(spine_start);
    const int chest = spine.back();
    if (shape.kids(chest).size() < 2) {
      for (int j : spine) put(roles, j, Role::spine, Side::centre);
      continue;
    }
    for (size_t k = 0; k + 1 < spine.size(); ++k) put(roles, spine[k], Role::spine, Side::centre);
    put(roles, chest, Role::chest, Side::centre);
    const glm::vec3 axis = glm::normalize(shape.at(chest) - shape.at(hips));
    int neck = -1;
    float best = -1e30f;
    for (int k : shape.kids(chest)) {
      const float along = glm::dot(shape.far_end(k) - shape.at(chest), axis);
      if (along > best) best = along, neck = k;
    }
    std::vector<int> neck_run = shape.run(neck);
    if (!neck_run.empty()) {
      for (size_t k = 0; k + 1 < neck_run.size(); ++k) put(roles, neck_run[k], Role::neck, Side::centre);
      put(roles, neck_run.back(), Role::head, Side::centre);
    }
    std::vector<int> arms;
    for (int k : shape.kids(chest))
      if (k != neck) arms.push_back(k);
    if (arms.size() != 2) continue;
    const float a0 = shape.far_end(arms[0]).x - shape.at(chest).x, a1 = shape.far_end(arms[1]).x - shape.at(chest).x;
    if (!(a0 * a1 < 0.0f)) continue;
    for (int arm : arms)
      put_run(roles, shape.run(arm), {Role::clavicle, Role::upper_arm, Role::forearm, Role::hand},
              side_of(shape.far_end(arm).x - shape.at(chest).x), true);
  }
}

}  // namespace

JointRole role_from_name(const std::string& name) { return classify(name, false).role; }

bool is_single_role(Role role) {
  return role != Role::none && role != Role::spine && role != Role::neck && role != Role::tail && role != Role::twist;
}

RigRoles recognise_roles(const Skeleton& s, const std::vector<JointRole>& given) {
  const int n = s.joint_count();
  RigRoles out;
  out.joints.assign(static_cast<size_t>(n), JointRole{});
  const bool has_given = given.size() == static_cast<size_t>(n);
  bool rigify_def_rig = false;
  for (const std::string& name : s.name)
    if (name.rfind("DEF-", 0) == 0) rigify_def_rig = true;

  // Given roles first: they hold their single roles against names.
  std::set<std::tuple<Role, Side, Finger, int>> taken;
  if (has_given)
    for (int j = 0; j < n; ++j) {
      const JointRole& g = given[static_cast<size_t>(j)];
      if (g.role == Role::none) continue;
      out.joints[static_cast<size_t>(j)] = g;
      out.joints[static_cast<size_t>(j)].source = RoleSource::given;
      if (is_single_role(g.role)) taken.insert(single_key(g));
    }

  // Names, in depth-first order, so a generic "arm" sees its parent's role.
  std::vector<std::pair<std::tuple<Role, Side, Finger, int>, int>> holders;
  for (int j = 0; j < n; ++j) {
    if (out.joints[static_cast<size_t>(j)].role != Role::none || s.is_added_tip[static_cast<size_t>(j)]) continue;
    NameRole named = classify(s.name[static_cast<size_t>(j)], rigify_def_rig);
    if (named.generic != Generic::none) {
      const int parent = s.parent[static_cast<size_t>(j)];
      const Role parent_role = parent >= 0 ? out.joints[static_cast<size_t>(parent)].role : Role::none;
      named.role.role = next_in_limb(parent_role, named.generic);
    }
    JointRole r = named.role;
    if (r.role == Role::none) continue;
    // The role the parent already holds by its name: mocap names a limb by its joints, one
    // further down (CMU's LeftShoulder under LeftCollar is the upper arm, its lhand under
    // LeftWrist no hand of its own), and a second chest under a chest is the upper one.
    const int parent = s.parent[static_cast<size_t>(j)];
    if (parent >= 0 && is_single_role(r.role) && single_key(out.joints[static_cast<size_t>(parent)]) == single_key(r) &&
        out.joints[static_cast<size_t>(parent)].source == RoleSource::name) {
      if (r.role == Role::chest) {
        out.joints[static_cast<size_t>(parent)].role = Role::spine;
        out.joints[static_cast<size_t>(j)] = r;
        for (auto& holder : holders)
          if (holder.second == parent) holder.second = j;
        continue;
      }
      const bool arm =
          r.role == Role::clavicle || r.role == Role::upper_arm || r.role == Role::forearm || r.role == Role::hand;
      const bool leg = r.role == Role::thigh || r.role == Role::shin || r.role == Role::foot || r.role == Role::toe;
      if (arm || leg) {
        r.role = next_in_limb(r.role, arm ? Generic::arm : Generic::leg);
        if (r.role == Role::none) continue;
      }
    }
    if (is_single_role(r.role)) {
      const auto key = single_key(r);
      if (taken.count(key)) {
        std::string holder = "a VRM bone";
        for (const auto& [k, joint] : holders)
          if (k == key) holder = "'" + s.name[static_cast<size_t>(joint)] + "'";
        out.warnings.push_back("joint '" + s.name[static_cast<size_t>(j)] + "' also looks like the " +
                               describe_role(r) + ", which " + holder + " already is: left without a role");
        continue;
      }
      taken.insert(key);
      holders.push_back({key, j});
    }
    out.joints[static_cast<size_t>(j)] = r;
  }

  // No joint named hips: the lowest spine segment both thighs hang from.
  if (!any_role(out.joints, Role::hips)) {
    for (int j = 0; j < n; ++j) {
      if (out.joints[static_cast<size_t>(j)].role != Role::spine) continue;
      int thighs = 0;
      for (int k = j + 1; k < s.subtree_end[static_cast<size_t>(j)]; ++k)
        if (out.joints[static_cast<size_t>(k)].role == Role::thigh) ++thighs;
      if (thighs >= 2) out.joints[static_cast<size_t>(j)].role = Role::hips;
      break;
    }
  }
  // No joint named head: the last of two or more neck segments.
  if (!any_role(out.joints, Role::head)) {
    int last = -1, count = 0;
    for (int j = 0; j < n; ++j)
      if (out.joints[static_cast<size_t>(j)].role == Role::neck) last = j, ++count;
    if (count >= 2 && s.parent[static_cast<size_t>(last)] >= 0 &&
        out.joints[static_cast<size_t>(s.parent[static_cast<size_t>(last)])].role == Role::neck)
      out.joints[static_cast<size_t>(last)].role = Role::head;
  }

  if (!any_role(out.joints, Role::thigh) && !any_role(out.joints, Role::upper_arm)) roles_from_shape(s, out.joints);
  number_segments(out.joints);
  for (JointRole& r : out.joints)
    if (!is_numbered(r.role) && r.role != Role::finger) r.segment = 0;
  return out;
}

const char* role_name(Role role) {
  switch (role) {
    case Role::none:
      return "none";
    case Role::hips:
      return "hips";
    case Role::spine:
      return "spine";
    case Role::chest:
      return "chest";
    case Role::neck:
      return "neck";
    case Role::head:
      return "head";
    case Role::eye:
      return "eye";
    case Role::jaw:
      return "jaw";
    case Role::clavicle:
      return "clavicle";
    case Role::upper_arm:
      return "upper_arm";
    case Role::forearm:
      return "forearm";
    case Role::hand:
      return "hand";
    case Role::finger:
      return "finger";
    case Role::thigh:
      return "thigh";
    case Role::shin:
      return "shin";
    case Role::foot:
      return "foot";
    case Role::toe:
      return "toe";
    case Role::tail:
      return "tail";
    case Role::twist:
      return "twist";
  }
  return "none";
}

const char* side_name(Side side) {
  switch (side) {
    case Side::left:
      return "left";
    case Side::right:
      return "right";
    case Side::centre:
      return "centre";
  }
  return "centre";
}

const char* finger_name(Finger finger) {
  switch (finger) {
    case Finger::thumb:
      return "thumb";
    case Finger::index:
      return "index";
    case Finger::middle:
      return "middle";
    case Finger::ring:
      return "ring";
    case Finger::little:
      return "little";
    case Finger::none:
      return "none";
  }
  return "none";
}

int first_joint_with_role(const std::vector<JointRole>& roles, Role role, Side side) {
  for (size_t j = 0; j < roles.size(); ++j)
    if (roles[j].role == role && (side == Side::centre || roles[j].side == side)) return static_cast<int>(j);
  return -1;
}

std::string describe_role(const JointRole& r) {
  std::string text = r.side == Side::centre ? "" : std::string(side_name(r.side)) + " ";
  text += role_name(r.role);
  if (r.role == Role::finger) text += std::string(" ") + finger_name(r.finger);
  if (r.segment > 0) text += " " + std::to_string(r.segment);
  return text;
}

std::string roles_problem(const Skeleton& s, const std::vector<JointRole>& roles) {
  if (roles.empty()) return "";
  if (roles.size() != static_cast<size_t>(s.joint_count())) return "not one role per joint";
  std::set<std::tuple<Role, Side, Finger, int>> seen;
  for (size_t j = 0; j < roles.size(); ++j) {
    const JointRole& r = roles[j];
    if (r.role > Role::twist || r.side > Side::right || r.finger > Finger::little)
      return "joint " + std::to_string(j) + ": role out of range";
    if (is_single_role(r.role) && !seen.insert(single_key(r)).second)
      return "joint " + std::to_string(j) + ": a second " + describe_role(r);
  }
  return "";
}

}  // namespace ik
