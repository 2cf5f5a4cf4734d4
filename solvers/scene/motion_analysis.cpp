// Index:
//   tracks               track_from_goal_path, track_from_clip: the goal of every frame; track_feet
//   solvers              motion_solver_accepts
//   start                check the chain and track, size every run's state and report
//   step / analyse       one frame: the pose under the chain, then per run solve, measure
//   measures             rotation angles, bend-plane normal, chain forward kinematics
//   summarise            per-run summary once the last frame is done
#include "solvers/scene/motion_analysis.h"

#include <algorithm>
#include <cmath>

#include "solvers/anim/pose.h"
#include "solvers/ik/auto_pole.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/pole.h"
#include "solvers/scene/solver_table.h"

namespace ik {
namespace {

constexpr float kDegreesPerRadian = 57.29577951308232f;

// The rotation angle of a unit quaternion, radians in [0, pi] (the shorter way: q and -q
// are the same rotation). atan2 keeps small angles exact where acos(w) would lose them.
float rotation_angle(const glm::quat& q) {
  const float vector_length = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  return 2.0f * std::atan2(vector_length, std::fabs(q.w));
}

// The normal of the plane through the chain's root, middle joint and effector (not
// normalised; zero-ish for a straight chain).
glm::vec3 bend_normal(const glm::vec3* positions, int count) {
  const glm::vec3& root = positions[0];
  return glm::cross(positions[count / 2] - root, positions[count - 1] - root);
}

// A plane exists when the normal is not tiny against the chain's extent (1e-4 of the
// squared root -> effector and root -> middle lengths: sine of about 0.006 degrees).
bool has_plane(const glm::vec3& normal, const glm::vec3* positions, int count) {
  const float a = glm::length(positions[count / 2] - positions[0]);
  const float b = glm::length(positions[count - 1] - positions[0]);
  return glm::length(normal) > 1e-4f * a * b;
}

}  // namespace

// ---- Tracks -----------------------------------------------------------------------------

std::string track_from_goal_path(const GoalPath& path, float frame_rate, int frame_count, PathWrap wrap,
                                 MotionTrack& out) {
  const std::string problem = check_goal_path(path);
  if (!problem.empty()) return problem;
  if (!(frame_rate > 0.0f && frame_rate <= 1e4f)) return "frame rate must be a number in (0, 10000] frames per second";
  const int count = frame_count > 0 ? frame_count : static_cast<int>(std::floor(path.duration() * frame_rate)) + 1;
  if (count > 10000000) return "goal path '" + path.name + "' is too long for frame-by-frame analysis";
  out.frame_rate = frame_rate;
  out.source = "goal path '" + path.name + "'";
  out.clip = nullptr;
  out.has_orientation = path.has_orientation;
  out.times.resize(static_cast<size_t>(count));
  out.positions.resize(static_cast<size_t>(count));
  out.orientations.resize(path.has_orientation ? static_cast<size_t>(count) : 0);
  for (int f = 0; f < count; ++f) {
    const float time = path.start_time() + static_cast<float>(f) / frame_rate;
    const GoalPathSample sample = sample_goal_path(path, time, wrap);
    out.times[static_cast<size_t>(f)] = time;
    out.positions[static_cast<size_t>(f)] = sample.position;
    if (path.has_orientation) out.orientations[static_cast<size_t>(f)] = sample.orientation;
  }
  return {};
}

std::string track_from_clip(const Skeleton& skeleton, const Pose& base_pose, const Clip& clip, int effector,
                            float frame_rate, int frame_count, MotionTrack& out) {
  if (effector < 0 || effector >= skeleton.joint_count()) return "effector joint out of range";
  if (base_pose.local.size() != static_cast<size_t>(skeleton.joint_count()))
    return "the pose does not match the skeleton";
  if (!(frame_rate > 0.0f && frame_rate <= 1e4f)) return "frame rate must be a number in (0, 10000] frames per second";
  for (const ClipChannel& channel : clip.channels) {
    const std::string problem = check_channel(channel, skeleton.joint_count());
    if (!problem.empty()) return "clip '" + clip.name + "': " + problem;
  }
  const int count = frame_count > 0 ? frame_count : static_cast<int>(std::floor(clip.duration() * frame_rate)) + 1;
  if (count > 10000000) return "clip '" + clip.name + "' is too long for frame-by-frame analysis";
  out.frame_rate = frame_rate;
  out.source = "clip '" + clip.name + "'";
  out.clip = &clip;
  out.has_orientation = true;
  out.times.resize(static_cast<size_t>(count));
  out.positions.resize(static_cast<size_t>(count));
  out.orientations.resize(static_cast<size_t>(count));
  Pose pose = base_pose;
  std::vector<glm::mat4> world(pose.local.size());
  for (int f = 0; f < count; ++f) {
    const float time = clip.start + static_cast<float>(f) / frame_rate;
    sample_clip(clip, time, pose);
    fk(skeleton, pose, world, 0, effector + 1);
    const glm::mat4& w = world[static_cast<size_t>(effector)];
    out.times[static_cast<size_t>(f)] = time;
    out.positions[static_cast<size_t>(f)] = position_of(w);
    // The rotation part, scale taken out first: quat_cast reads a scaled matrix (a centimetre
    // rig's 0.01) as a different rotation, and near its branch points one that flips 177
    // degrees from frame to frame (the Mixamo-style rig's walk popped 60-98 degrees so).
    out.orientations[static_cast<size_t>(f)] = rotation_of(glm::mat3(w));
  }
  return {};
}

bool track_feet(MotionTrack& track, const Skeleton& skeleton, const std::vector<ContactJoint>& joints,
                const std::vector<FootContacts>& plants, const glm::vec3& ground_velocity, int effector, bool clean_up,
                const Ground& ground, const std::vector<std::vector<glm::vec3>>& stand) {
  size_t e = 0;
  while (e < joints.size() && joints[e].joint != effector) ++e;
  if (e == joints.size() || plants.size() != joints.size() || track.times.empty()) return false;
  const float start = track.times[0];
  const int frames = static_cast<int>(track.times.size());
  track.source_positions = track.positions;
  track.source_turns.clear();
  if (track.has_orientation) {
    std::vector<glm::mat4> rest(static_cast<size_t>(skeleton.joint_count()), glm::mat4(1.0f));
    fk_all(skeleton, rest_pose(skeleton), rest);
    track.effector_rest = rotation_of(glm::mat3(rest[static_cast<size_t>(effector)]));
    for (const glm::quat& q : track.orientations) track.source_turns.push_back(foot_turn(q, track.effector_rest));
  }
  track.foot = foot_track(plants[e], joints[e], ground_velocity, track.positions, start, track.frame_rate);
  track.foot.ground = ground;
  if (e < stand.size()) track.foot.stand = stand[e];
  track.has_foot = true;
  if (!clean_up || track.clip == nullptr) return true;
  const FeetCleanup cleanup = clean_up_feet(skeleton, *track.clip, start, track.frame_rate, frames, joints, plants,
                                            ground_velocity, ground, stand);
  track.positions = cleanup.goals[e];
  if (track.has_orientation && e < cleanup.turns.size() && cleanup.turns[e].size() == track.orientations.size())
    for (size_t f = 0; f < track.orientations.size(); ++f)
      track.orientations[f] = cleanup.turns[e][f] * track.orientations[f];
  track.body_joint = cleanup.body_joint;
  track.body_offsets.assign(static_cast<size_t>(frames), glm::vec3(0.0f));
  for (size_t f = 0; f < cleanup.body_y.size() && f < track.body_offsets.size(); ++f)
    track.body_offsets[f].y = cleanup.body_y[f];
  return true;
}

// ---- Solvers ----------------------------------------------------------------------------

bool motion_solver_accepts(int solver, int bones, bool body_chain) {
  if (solver < 0 || solver >= solver_count()) return false;
  const SolverInfo& info = solver_table()[solver];
  if (solver == find_solver("full_body") && !body_chain) return false;
  return !info.scale_goal && (info.exact_bones == 0 || info.exact_bones == bones);
}

// ---- Start ------------------------------------------------------------------------------

std::string MotionAnalysis::start(const Skeleton& skeleton, const Chain& chain, const Pose& base_pose,
                                  const MotionTrack& track, const MotionOptions& options) {
  const int n = skeleton.joint_count();
  if (chain.root < 0 || chain.root >= n || chain.effector < 0 || chain.effector >= n)
    return "the chain's joints are not in the rig";
  if (base_pose.local.size() != static_cast<size_t>(n)) return "the pose does not match the rig";
  const size_t frames = track.times.size();
  if (frames == 0) return "the track has no frames";
  if (track.positions.size() != frames || (track.has_orientation && track.orientations.size() != frames))
    return "the track's times, positions and orientations differ in length";

  skeleton_ = &skeleton;
  track_ = &track;
  chain_ = chain;
  base_pose_ = base_pose;
  animated_ = base_pose;
  report_.source = track.source;
  report_.has_source_skate = track.has_foot && !track.source_positions.empty();
  report_.source_skate =
      report_.has_source_skate
          ? measure_foot_skate(
                track.source_positions.data(), 1, static_cast<int>(track.source_positions.size()), track.foot,
                track.source_turns.size() == track.source_positions.size() ? track.source_turns.data() : nullptr)
          : FootSkate{};
  report_.has_contact_places = track.has_foot && !track.foot.stand.empty();
  report_.frame_rate = track.frame_rate;
  report_.times = track.times;
  // The path root -> effector, written into the kept vector (chain_path would allocate).
  report_.path.clear();
  for (int j = chain.effector; j >= 0 && j >= chain.root; j = skeleton.parent[static_cast<size_t>(j)]) {
    report_.path.push_back(j);
    if (j == chain.root) break;
  }
  if (report_.path.empty() || report_.path.back() != chain.root)
    return "the chain's root is not an ancestor of its effector";
  std::reverse(report_.path.begin(), report_.path.end());
  const int joints = static_cast<int>(report_.path.size());
  in_chain_.assign(static_cast<size_t>(n), 0);
  for (int j : report_.path) in_chain_[static_cast<size_t>(j)] = 1;

  // The runs: warm then from rest per solver, in the order given (or the table's).
  std::vector<std::pair<int, bool>>& runs = run_plan_;
  runs.clear();
  const int listed = options.solvers.empty() ? solver_count() : static_cast<int>(options.solvers.size());
  for (int i = 0; i < listed; ++i) {
    const int s = options.solvers.empty() ? i : options.solvers[static_cast<size_t>(i)];
    if (!motion_solver_accepts(s, joints - 1, !chain.extra_effectors.empty())) continue;
    if (options.warm_start) runs.emplace_back(s, true);
    if (options.from_rest) runs.emplace_back(s, false);
  }
  if (runs.empty()) return "no solver accepts this chain (" + std::to_string(joints - 1) + " bones)";

  states_.resize(runs.size());  // kept: their workspaces have grown already on a rerun
  report_.runs.resize(runs.size());
  for (size_t r = 0; r < runs.size(); ++r) {
    RunState& state = states_[r];
    MotionRun& run = report_.runs[r];
    state.chain = chain;
    state.chain.solver = runs[r].first;
    state.chain.params.warm_start = runs[r].second;
    state.rest_chain = state.chain;
    state.rest_chain.params.warm_start = false;
    state.pose = base_pose;
    state.rest_pose = base_pose;
    state.workspace.chain_slot = 0;
    // A simulation (mass-spring) restarts from the pose.
    state.workspace.restart_solvers();
    state.rest_workspace.restart_solvers();
    state.previous.assign(static_cast<size_t>(joints), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    state.previous_step.assign(static_cast<size_t>(joints), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    state.last_normal = glm::vec3(0.0f);
    state.against_pole = false;
    run.solver = runs[r].first;
    run.warm_start = runs[r].second;
    run.has_drift = options.drift && runs[r].second;
    run.frames.assign(frames, MotionFrame{});
    run.positions.assign(frames * static_cast<size_t>(joints), glm::vec3(0.0f));
    const bool levels = track.has_foot && track.source_turns.size() == frames;
    run.foot_turns.assign(levels ? frames : 0, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    run.summary = MotionSummary{};
  }
  scratch_positions_.resize(static_cast<size_t>(joints));
  source_previous_.assign(static_cast<size_t>(joints), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  source_pops_.assign(frames, 0.0f);
  rest_positions_.resize(static_cast<size_t>(joints));
  next_frame_ = 0;
  frame_count_ = static_cast<int>(frames);
  return {};
}

// ---- Step -------------------------------------------------------------------------------

bool MotionAnalysis::step() {
  if (next_frame_ >= frame_count_) return false;
  const int f = next_frame_++;
  const Skeleton& s = *skeleton_;
  // The pose under the chain at this frame, and the model-space transform the chain hangs from.
  if (track_->clip != nullptr) sample_clip(*track_->clip, track_->times[static_cast<size_t>(f)], animated_);
  move_body(f);
  root_parent_world_ = glm::mat4(1.0f);
  for (int j = s.parent[static_cast<size_t>(report_.path.front())]; j >= 0; j = s.parent[static_cast<size_t>(j)])
    root_parent_world_ = to_matrix(animated_.local[static_cast<size_t>(j)]) * root_parent_world_;
  // The clip's own pop this frame (the chain's joints as animated), for the plant speed.
  float pop = 0.0f;
  for (size_t k = 0; k < report_.path.size(); ++k) {
    const glm::quat& current = animated_.local[static_cast<size_t>(report_.path[k])].rotation;
    if (f >= 1) pop = std::max(pop, rotation_angle(glm::conjugate(source_previous_[k]) * current));
    source_previous_[k] = current;
  }
  source_pops_[static_cast<size_t>(f)] = pop * kDegreesPerRadian;
  for (size_t r = 0; r < states_.size(); ++r) analyse(states_[r], report_.runs[r], f);
  if (next_frame_ == frame_count_) {
    report_.source_plant_speed =
        track_->has_foot && track_->clip != nullptr
            ? peak_near_plant_ends(frame_count_, track_->foot,
                                   [&](int g) { return source_pops_[static_cast<size_t>(g)]; }) *
                  track_->frame_rate
            : 0.0f;
    for (MotionRun& run : report_.runs) summarise(run);
  }
  return true;
}

// The cleanup's hips (track_feet): the body joint moved by this frame's model-space offset,
// turned into its parent's space.
void MotionAnalysis::move_body(int f) {
  if (track_->body_joint >= 0 && static_cast<size_t>(f) < track_->body_offsets.size())
    translate_in_model_space(*skeleton_, animated_, track_->body_joint, track_->body_offsets[static_cast<size_t>(f)]);
}

void MotionAnalysis::run() {
  while (step()) {
  }
}

// Joints outside the chain take this frame's pose; chain joints keep their rotation (the
// warm start: the solver reads it, or resets it to rest when warm start is off) but take
// the animation's translation and scale.
void MotionAnalysis::set_frame_pose(Pose& pose, bool keep_chain_rotations) const {
  if (track_->clip == nullptr) return;  // the base pose never changes
  const size_t n = pose.local.size();
  for (size_t j = 0; j < n; ++j) {
    if (in_chain_[j] && keep_chain_rotations) {
      pose.local[j].translation = animated_.local[j].translation;
      pose.local[j].scale = animated_.local[j].scale;
    } else {
      pose.local[j] = animated_.local[j];
    }
  }
}

// Model-space positions of the chain's joints in `pose` (each path joint's parent is the
// one before it), and the effector's rotation (scale taken out) when asked.
void MotionAnalysis::chain_positions(const Pose& pose, glm::vec3* out, glm::quat* effector_rotation) const {
  glm::mat4 world = root_parent_world_;
  for (size_t k = 0; k < report_.path.size(); ++k) {
    world = world * to_matrix(pose.local[static_cast<size_t>(report_.path[k])]);
    out[k] = position_of(world);
  }
  if (effector_rotation != nullptr) *effector_rotation = rotation_of(glm::mat3(world));
}

void MotionAnalysis::analyse(RunState& state, MotionRun& run, int f) {
  const size_t frame = static_cast<size_t>(f);
  const int joints = static_cast<int>(report_.path.size());
  const SolverInfo& info = solver_table()[state.chain.solver];

  state.chain.goal.position = track_->positions[frame];
  if (track_->has_orientation) state.chain.goal.orientation = track_->orientations[frame];
  // A full-body chain following the animation: its extra effectors on their joints as animated
  // this frame, as the program's solve hands them (goal_space.h).
  animated_extra_goals(*skeleton_, animated_, chain_, state.chain);
  set_frame_pose(state.pose, true);
  // A pole that follows the motion: from this frame's animated pose (auto_pole.h).
  if (state.chain.goal.auto_pole) automatic_pole(*skeleton_, state.chain, state.pose, &animated_, state.chain.goal);

  const auto t0 = std::chrono::steady_clock::now();
  const SolveResult result = solve_chain(info, *skeleton_, state.chain, state.pose, state.workspace, nullptr);
  const auto t1 = std::chrono::steady_clock::now();

  MotionFrame& out = run.frames[frame];
  glm::vec3* positions = &run.positions[frame * static_cast<size_t>(joints)];
  glm::quat effector_rotation(1.0f, 0.0f, 0.0f, 0.0f);
  chain_positions(state.pose, positions, &effector_rotation);
  if (frame < run.foot_turns.size()) run.foot_turns[frame] = foot_turn(effector_rotation, track_->effector_rest);
  out.error = glm::length(positions[joints - 1] - state.chain.goal.position);
  out.iterations = result.iterations;
  out.microseconds = std::chrono::duration<float, std::micro>(t1 - t0).count();

  // Pop and jitter: per chain joint, this frame's step and how it differs from the last.
  float pop = 0.0f, jitter_sum = 0.0f;
  for (int k = 0; k < joints; ++k) {
    const glm::quat& current = state.pose.local[static_cast<size_t>(report_.path[static_cast<size_t>(k)])].rotation;
    const glm::quat step = glm::conjugate(state.previous[static_cast<size_t>(k)]) * current;
    if (f >= 1) pop = std::max(pop, rotation_angle(step));
    if (f >= 2) {
      const float change = rotation_angle(glm::conjugate(state.previous_step[static_cast<size_t>(k)]) * step);
      jitter_sum += change * change;
    }
    state.previous_step[static_cast<size_t>(k)] = step;
    state.previous[static_cast<size_t>(k)] = current;
  }
  out.pop_degrees = pop * kDegreesPerRadian;
  out.jitter_degrees = std::sqrt(jitter_sum / static_cast<float>(joints)) * kDegreesPerRadian;

  // Flip: the bend plane's normal against the last one the chain had.
  out.flip = false;
  if (joints >= 3) {
    const glm::vec3 normal = bend_normal(positions, joints);
    if (has_plane(normal, positions, joints)) {
      if (glm::dot(normal, state.last_normal) < 0.0f) out.flip = true;
      state.last_normal = normal;
      // With a pole: starting to bend against it where its side is defined (outside the
      // band round the root -> pole line, solvers/ik/pole.h); inside the band it is not judged.
      const Goal& goal = state.chain.goal;
      if (goal.use_pole) {
        const PoleSide pole = pole_side(positions[0], positions[joints - 1], goal.pole_target, goal.pole_twist);
        if (pole.valid && pole.sine >= kPoleBandSine) {
          const bool against = bends_against_pole(positions, joints, goal.pole_target, goal.pole_twist);
          if (against && !state.against_pole) out.flip = true;
          state.against_pole = against;
        }
      }
    }
  }

  // Drift: the same frame solved from rest.
  if (run.has_drift) {
    state.rest_chain.goal = state.chain.goal;
    set_frame_pose(state.rest_pose, false);
    for (int j : report_.path) state.rest_pose.local[static_cast<size_t>(j)] = state.pose.local[static_cast<size_t>(j)];
    solve_chain(info, *skeleton_, state.rest_chain, state.rest_pose, state.rest_workspace, nullptr);
    chain_positions(state.rest_pose, rest_positions_.data());
    float distance = 0.0f;
    for (int k = 0; k < joints; ++k)
      distance = std::max(distance, glm::length(positions[k] - rest_positions_[static_cast<size_t>(k)]));
    out.drift_distance = distance;
    out.drift_error =
        out.error - glm::length(rest_positions_[static_cast<size_t>(joints - 1)] - state.chain.goal.position);
  }
}

// ---- Summaries --------------------------------------------------------------------------

void MotionAnalysis::summarise(MotionRun& run) const {
  MotionSummary& s = run.summary;
  s = MotionSummary{};
  double error = 0.0, microseconds = 0.0, iterations = 0.0, jitter2 = 0.0;
  for (const MotionFrame& frame : run.frames) {
    s.max_pop_degrees = std::max(s.max_pop_degrees, frame.pop_degrees);
    s.flips += frame.flip ? 1 : 0;
    s.max_jitter_degrees = std::max(s.max_jitter_degrees, frame.jitter_degrees);
    s.max_error = std::max(s.max_error, frame.error);
    s.max_drift_distance = std::max(s.max_drift_distance, frame.drift_distance);
    error += frame.error;
    microseconds += frame.microseconds;
    iterations += frame.iterations;
    jitter2 += static_cast<double>(frame.jitter_degrees) * frame.jitter_degrees;
  }
  const double n = static_cast<double>(std::max<size_t>(run.frames.size(), 1));
  s.mean_error = static_cast<float>(error / n);
  s.mean_microseconds = static_cast<float>(microseconds / n);
  s.mean_iterations = static_cast<float>(iterations / n);
  s.rms_jitter_degrees = static_cast<float>(std::sqrt(jitter2 / n));
  // The effector's foot skate: the last of the chain's joints in each frame's positions.
  const size_t joints = report_.path.size();
  if (track_->has_foot && joints > 0 && run.positions.size() >= joints * run.frames.size()) {
    s.has_skate = true;
    const glm::vec3* foot = run.positions.data() + (joints - 1);
    const int frames = static_cast<int>(run.frames.size());
    // The run's peak pop near the plants' ends, against the clip's.
    const float peak = peak_near_plant_ends(frames, track_->foot,
                                            [&](int f) { return run.frames[static_cast<size_t>(f)].pop_degrees; });
    if (report_.source_plant_speed > 0.0f) s.plant_speed_ratio = peak * track_->frame_rate / report_.source_plant_speed;
    s.skate = measure_foot_skate(foot, joints, frames, track_->foot,
                                 run.foot_turns.size() == run.frames.size() ? run.foot_turns.data() : nullptr);
    foot_slide_per_frame(foot, joints, frames, track_->foot,
                         [&](int f, float slide) { run.frames[static_cast<size_t>(f)].foot_slide = slide; });
  }
}

std::string analyse_motion(const Skeleton& skeleton, const Chain& chain, const Pose& base_pose,
                           const MotionTrack& track, const MotionOptions& options, MotionReport& out) {
  MotionAnalysis analysis;
  const std::string problem = analysis.start(skeleton, chain, base_pose, track, options);
  if (!problem.empty()) return problem;
  analysis.run();
  out = analysis.report();
  return {};
}

}  // namespace ik
