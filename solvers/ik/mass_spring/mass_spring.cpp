#include "solvers/ik/mass_spring/mass_spring.h"

#include <algorithm>
#include <cmath>

#include "solvers/ik/chain_aim.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

bool params_valid(const Params& p) {
  return is_finite(p.gravity) && p.mass > 0.0f && std::isfinite(p.mass) && p.damping >= 0.0f &&
         p.damping <= 1.0f && p.time_step >= 0.0f && std::isfinite(p.time_step) &&
         p.substep > 0.0f && std::isfinite(p.substep) && p.constraint_iterations >= 0;
}

// (Re)starts the simulation at the pose, at rest, if the state belongs to another chain.
void ensure_state(const Chain& chain, const std::vector<glm::vec3>& positions,
                  MassSpringState& state) {
  if (state.root == chain.root && state.effector == chain.effector &&
      state.current.size() == positions.size() && state.lengths.size() == positions.size())
    return;
  state.root = chain.root;
  state.effector = chain.effector;
  state.current = positions;
  state.previous = positions;
  state.lengths.assign(positions.size(), 0.0f);
  for (size_t k = 1; k < positions.size(); ++k)
    state.lengths[k] = glm::length(positions[k] - positions[k - 1]);
  state.pending_substeps = 0.0;
}

// Where the goal pins the effector particle: the goal moved to the nearest distance from the
// root that the chain can span.
glm::vec3 effector_pin(const MassSpringState& state, const glm::vec3& root, const glm::vec3& goal) {
  float total = 0.0f, longest = 0.0f;
  for (float l : state.lengths) {
    total += l;
    longest = std::max(longest, l);
  }
  const float nearest = std::max(0.0f, 2.0f * longest - total);
  const glm::vec3 fallback = direction_or(state.current.back() - root, glm::vec3(0, 1, 0));
  const glm::vec3 dir = direction_or(goal - root, fallback);
  return root + dir * std::clamp(glm::length(goal - root), nearest, total);
}

// One fixed substep: Verlet for the free particles, the two pins, then the distance
// constraints. Returns the largest distance a particle moved.
float substep(const Params& p, const glm::vec3& root, const glm::vec3& pin, MassSpringState& s) {
  const size_t n = s.current.size();
  const float h2 = p.substep * p.substep;
  const float keep = 1.0f - p.damping;
  for (size_t k = 1; k + 1 < n; ++k) {
    const glm::vec3 x = s.current[k];
    s.current[k] = x + (x - s.previous[k]) * keep + p.gravity * h2;
    s.previous[k] = x;
  }
  s.current[0] = s.previous[0] = root;
  if (n >= 2) s.current[n - 1] = s.previous[n - 1] = pin;

  // Inverse masses: 0 pins a particle (the root and the effector).
  const float w_free = 1.0f / p.mass;
  auto w = [&](size_t k) { return (k == 0 || k + 1 == n) ? 0.0f : w_free; };
  for (int pass = 0; pass < p.constraint_iterations; ++pass) {
    for (size_t k = 1; k < n; ++k) {
      const glm::vec3 d = s.current[k] - s.current[k - 1];
      const float len = glm::length(d);
      const float wa = w(k - 1), wb = w(k);
      if (!(len > 0.0f) || wa + wb == 0.0f) continue;
      // Moving a by +wa*c and b by -wb*c along d restores the length exactly.
      const glm::vec3 c = d * ((len - s.lengths[k]) / (len * (wa + wb)));
      s.current[k - 1] += c * wa;
      s.current[k] -= c * wb;
    }
  }
  float moved = 0.0f;
  for (size_t k = 0; k < n; ++k) moved = std::max(moved, glm::length(s.current[k] - s.previous[k]));
  return moved;
}

}  // namespace

SolveResult solve_mass_spring(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                              Workspace& ws, Trace* trace) {
  SolveResult result;
  const Params& params = chain.params;
  if (!is_valid_chain(skeleton, chain, pose, ws) || !params_valid(params)) return result;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return result;
  use_path_as_tree(ws);
  fill_tree_children(ws.tree_parent, ws.first_child, ws.next_sibling);
  const size_t n = ws.path.size();

  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  // The particles live in the frame of the root's parent ("chain space"): there the bones
  // keep their lengths whatever the parent's scale, and the root particle is fixed.
  const glm::mat3 model_from_chain(parent_of_root);
  const glm::vec3 chain_origin(parent_of_root[3]);
  const glm::mat3 chain_from_model = glm::inverse(model_from_chain);
  MassSpringScratch& scratch = scratch_of<MassSpringScratch>(ws);
  scratch.start_in_chain_space.resize(n);
  scratch.particle_targets.resize(n);
  scratch.posed_bone_lengths.resize(n);
  for (size_t k = 0; k < n; ++k)
    scratch.start_in_chain_space[k] = chain_from_model * (ws.positions[k] - chain_origin);
  const size_t slot = static_cast<size_t>(std::max(ws.chain_slot, 0));
  if (scratch.states.size() <= slot) scratch.states.resize(slot + 1);
  MassSpringState& state = scratch.states[slot];
  ensure_state(chain, scratch.start_in_chain_space, state);

  const glm::vec3 goal = chain.goal.position;
  const glm::vec3 root = scratch.start_in_chain_space[0];
  const glm::vec3 pin = effector_pin(state, root, chain_from_model * (goal - chain_origin));
  // Held at both ends on one line with every joint on it, the constraints could only slide
  // the particles along the line: bend them off it (the colinear bump) so they can fold.
  if (bump_colinear_path(state.current.data(), static_cast<int>(n), pin,
                         chain_from_model * chain.goal.pole))
    for (size_t k = 1; k + 1 < n; ++k) state.previous[k] = state.current[k];
  Params chain_params = params;
  chain_params.gravity = chain_from_model * params.gravity;  // same motion seen in model space
  const float reach = path_length(ws.positions, ws.tree_parent, static_cast<int>(n) - 1);
  const float tolerance = resolve_tolerance(params, reach);

  // Whole substeps owed (the tiny margin absorbs rounding, e.g. (1/30) / (1/240) = 7.99999).
  state.pending_substeps +=
      static_cast<double>(params.time_step) / static_cast<double>(params.substep);
  const double whole = std::floor(state.pending_substeps + 1e-6);
  state.pending_substeps = std::max(0.0, state.pending_substeps - whole);
  const int substeps = static_cast<int>(std::min(whole, static_cast<double>(kMaxSubstepsPerSolve)));

  trace_begin(trace, ws.path, pose, glm::length(ws.positions[n - 1] - goal), substeps);
  auto pose_from_particles = [&] {
    for (size_t k = 0; k < n; ++k)
      scratch.particle_targets[k] = chain_origin + model_from_chain * state.current[k];
    aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, scratch.particle_targets, nullptr,
                   pose, ws.positions, scratch.posed_bone_lengths, trace);
    return glm::length(ws.positions[n - 1] - goal);
  };
  float motion = 0.0f;  // in chain space; compared with the tolerance, a rough measure
  for (int s = 0; s < substeps; ++s) {
    motion = substep(chain_params, root, pin, state);
    if (trace != nullptr) trace_iteration(trace, pose, pose_from_particles());
  }
  result.error = pose_from_particles();
  result.iterations = substeps;
  if (result.error <= tolerance)
    result.status = SolveStatus::reached;
  else if (glm::length(goal - ws.positions[0]) > reach * (1.0f + 1e-5f))
    result.status = SolveStatus::unreachable;
  else
    result.status = motion > 1e-2f * tolerance ? SolveStatus::max_iterations : SolveStatus::stalled;
  return result;
}

}  // namespace ik
