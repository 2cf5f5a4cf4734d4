// Motion analysis: how a chain's solvers behave over time, not on one frozen pose.
//
// A MotionTrack is the goal of every frame at a fixed rate: sampled from a recorded goal
// path (solvers/anim/goal_path.h), or from a clip (solvers/anim/clip.h) as the chain effector's
// animated model-space position, with the clip's pose under the chain at every frame. The
// analysis replays the track through one or more solvers ("runs": a solver with warm start
// on — each frame starts from the previous frame's solution — or off — each frame starts
// from rest), frame by frame, and measures per frame and run:
//
//   error       distance from the effector to the goal after the solve, scene units, by
//               forward kinematics of the solved pose (the same measure for every solver;
//               orientation goals are not counted)
//   iterations  as the solver reports them
//   us          wall time of the solver call, microseconds
//   pop         the largest change of any chain joint's local rotation since the previous
//               frame, degrees (the angle of prev^-1 * cur; 0 on the first frame)
//   flip        the bend plane (through the chain's root, its middle joint path[n / 2] and
//               its effector) has a normal that turned by more than 90 degrees since the
//               last frame that had a plane (a straight chain has none); and, for a chain
//               with a pole target (Goal::use_pole), the chain starting to bend against the
//               pole where the pole's side is defined (solvers/ik/pole.h, bends_against_pole)
//   jitter      RMS over the chain's joints of the second difference of their local
//               rotations, degrees: the angle between this frame's step (prev^-1 * cur) and
//               the previous frame's step; 0 on the first two frames
//   drift       warm-started runs with MotionOptions::drift only: each frame is solved a
//               second time from rest (same goal, same pose under the chain, warm start
//               off); drift is the largest distance between a chain joint of the two poses
//               (scene units) and drift_error the warm error minus the from-rest error
//
// and a summary per run (max pop, flips, RMS and max jitter, mean and max error, mean us,
// max drift). The from-rest solves of `drift` are not timed into `us`.
//
// Cost. MotionAnalysis sizes everything in start(); step() (one frame of every run)
// allocates nothing once the solvers' workspaces have grown on the first frame. Keeping
// one MotionAnalysis and starting it again on the same chain and track allocates nothing
// at all, so the program can rerun an analysis while a slider moves.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/foot_skate.h"
#include "solvers/anim/goal_path.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

// The goal of every frame.
struct MotionTrack {
  float frame_rate = 60.0f;             // frames per second
  std::vector<float> times;             // per frame: seconds in the source's time line
  std::vector<glm::vec3> positions;     // per frame: goal position, model space
  bool has_orientation = false;         // orientations are filled (a path with orientations)
  std::vector<glm::quat> orientations;  // per frame, model space (empty unless has_orientation)
  const Clip* clip = nullptr;           // the pose under the chain is this clip at each frame's
                                        // time (onto the base pose); null: the base pose
  std::string source;                   // for reports: "goal path 'wave'", "clip 'Walk'"
  // The effector's foot contacts in the clip, when it is a contact joint (set by
  // track_feet): every run's summary then measures its foot skate (solvers/anim/foot_skate.h),
  // and the report the clip's own, from `source_positions` (the effector's path in the clip
  // as it is: the goals before a cleanup held the plants).
  bool has_foot = false;
  FootTrack foot;
  std::vector<glm::vec3> source_positions;
  // The effector's turn from rest (foot_turn: solvers/anim/foot_skate.h's level and sole) in
  // the clip as it is, per frame, and its model-space rotation at rest, from which each run's
  // is read. Empty: no level or sole measured (the foot taken as at rest).
  std::vector<glm::quat> source_turns;
  glm::quat effector_rest{1.0f, 0.0f, 0.0f, 0.0f};
  // The cleanup's hips: per frame, a model-space move of `body_joint` (the joint the legs
  // hang from) on top of the clip; empty: none.
  int body_joint = -1;
  std::vector<glm::vec3> body_offsets;
};

// The track of `path` at `frame_rate` frames per second from its first sample: its
// duration's frames (floor(duration * rate) + 1), or `frame_count` frames when > 0 (past
// the end the path is clamped or looped as `wrap` says). "" on success, else the problem
// (check_goal_path's, or a rate that is not finite and positive).
std::string track_from_goal_path(const GoalPath& path, float frame_rate, int frame_count, PathWrap wrap,
                                 MotionTrack& out);

// The track of `clip` at `frame_rate` from its start: each frame the clip is sampled onto
// `base_pose` and the goal is `effector`'s model-space position (and rotation) in it.
// `clip` must outlive the track and any analysis of it.
std::string track_from_clip(const Skeleton& skeleton, const Pose& base_pose, const Clip& clip, int effector,
                            float frame_rate, int frame_count, MotionTrack& out);

// Gives a clip's track (track_from_clip) the foot contacts of its effector, when that is one
// of `joints` (else returns false and leaves the track alone); `plants` (one per joint) and
// `ground_velocity` as detect_contacts gives them. With `clean_up`, the cleanup: every
// contact joint's plants held (hold_plants), the body lowered only as far as the legs need
// to reach them (hips_drop, on the joint the legs hang from), and the effector's goals the
// held ones, placed on `ground` (solvers/anim/ground.h; the skate is measured over it too),
// its orientations (a clip's track has them) turned to the ground under it, level on it in
// the plants (ground_turns).
// `stand`: per contact joint, where its plants are held (clean_up_feet's; on the track's
// frames), as a retargeted clip's feet are held where the capture's stood.
bool track_feet(MotionTrack& track, const Skeleton& skeleton, const std::vector<ContactJoint>& joints,
                const std::vector<FootContacts>& plants, const glm::vec3& ground_velocity, int effector, bool clean_up,
                const Ground& ground = {}, const std::vector<std::vector<glm::vec3>>& stand = {});

// True if solver `solver` (a solver-table index) can be run on a chain of `bones` bones
// in a motion analysis: a position solver (not the scale-target job) whose exact_bones,
// if any, matches; full body only on a full-body chain (`body_chain`: one with extra
// effectors) -- on a single limb it would move the body the limb hangs from.
bool motion_solver_accepts(int solver, int bones, bool body_chain);

struct MotionOptions {
  std::vector<int> solvers;  // solver-table indices; empty: every solver that accepts the chain
  bool warm_start = true;    // a run per solver with warm start on
  bool from_rest = false;    // a run per solver with warm start off
  bool drift = false;        // warm runs: also solve each frame from rest and measure the drift
};

struct MotionFrame {
  float error = 0.0f;  // scene units
  int iterations = 0;
  float microseconds = 0.0f;
  float pop_degrees = 0.0f;
  bool flip = false;
  float jitter_degrees = 0.0f;
  float drift_distance = 0.0f;  // scene units (0 unless measured)
  float drift_error = 0.0f;     // scene units, warm minus from rest (0 unless measured)
  // A chain that ends at a foot: on a planted frame, how fast the effector slides
  // horizontally against the ground (scene units per second, from the frame before); 0 on
  // the other frames and without a foot (the series the foot skate summarises).
  float foot_slide = 0.0f;
};

struct MotionSummary {
  float max_pop_degrees = 0.0f;
  int flips = 0;
  float rms_jitter_degrees = 0.0f;  // RMS of the per-frame jitter over the frames
  float max_jitter_degrees = 0.0f;
  float mean_error = 0.0f;
  float max_error = 0.0f;
  float mean_microseconds = 0.0f;
  float mean_iterations = 0.0f;
  float max_drift_distance = 0.0f;  // 0 unless drift was measured
  bool has_skate = false;           // the track has a foot: `skate` is the effector's
  FootSkate skate;
  // With a foot: the chain's peak joint speed near its plants' starts and ends (within
  // kPlantBlend: peak_near_plant_ends of the per-frame pop) over the clip's own there
  // (MotionReport::source_plant_speed); 0 when the clip's is 0. A cleanup that pops as the
  // foot is caught or let go reads over 1 (the bound: 1.2).
  float plant_speed_ratio = 0.0f;
};

struct MotionRun {
  int solver = 0;          // solver-table index
  bool warm_start = true;  // the run's warm start
  bool has_drift = false;  // drift was measured
  std::vector<MotionFrame> frames;
  // Model-space positions of the chain's joints after each frame's solve (for ghost poses):
  // positions[frame * joints + k] for chain joint k (path order).
  std::vector<glm::vec3> positions;
  // With a foot and the clip's orientations (MotionTrack::source_turns): per frame, the
  // effector's turn from rest after the solve (its level and sole).
  std::vector<glm::quat> foot_turns;
  MotionSummary summary;
};

struct MotionReport {
  std::string source;  // the track's
  float frame_rate = 60.0f;
  std::vector<float> times;  // per frame
  std::vector<int> path;     // the chain's joints, root to effector
  std::vector<MotionRun> runs;
  bool has_source_skate = false;  // the track has a foot: the clip's own foot skate
  FootSkate source_skate;
  bool has_contact_places = false;  // the foot has places to stand (FootTrack::stand): contact errors
  // With a foot and a clip: the clip's own peak joint speed near the plants' ends, degrees
  // per second (the largest change of a chain joint's rotation in the clip as it is, per
  // frame, times the frame rate).
  float source_plant_speed = 0.0f;
};

// Replays a track through a chain's solvers. start() then step() until it returns false
// (or run()), then report(). `skeleton`, `track` and the `chain` copy are held until the
// next start().
class MotionAnalysis {
 public:
  // Sets up the runs: the chain (its params, limits, pole and extra effectors as given; its
  // solver replaced per run) solved on `base_pose` (the pose of the joints outside the
  // chain, and the chain's start). "" on success, else one line: a chain the skeleton
  // does not have, no frames, a track whose vectors disagree, no solver that accepts it.
  std::string start(const Skeleton& skeleton, const Chain& chain, const Pose& base_pose, const MotionTrack& track,
                    const MotionOptions& options);
  // Analyses the next frame for every run; false once every frame is done (then the
  // summaries are filled).
  bool step();
  // step() until done.
  void run();
  int frame() const { return next_frame_; }
  const MotionReport& report() const { return report_; }

 private:
  struct RunState {
    Chain chain;       // with this run's solver and warm start
    Chain rest_chain;  // drift: the same chain with warm start off
    Pose pose;
    Pose rest_pose;  // drift: the from-rest solve's pose
    Workspace workspace;
    Workspace rest_workspace;
    std::vector<glm::quat> previous;       // per chain joint: local rotation of the previous frame
    std::vector<glm::quat> previous_step;  // per chain joint: previous^-1 * current of the previous frame
    glm::vec3 last_normal{0.0f};           // the last bend-plane normal (zero: none yet)
    bool against_pole = false;             // the previous frame bent against the pole
  };

  void set_frame_pose(Pose& pose, bool keep_chain_rotations) const;
  void move_body(int frame);
  void chain_positions(const Pose& pose, glm::vec3* out, glm::quat* effector_rotation = nullptr) const;
  void analyse(RunState& state, MotionRun& run, int frame);
  void summarise(MotionRun& run) const;

  const Skeleton* skeleton_ = nullptr;
  const MotionTrack* track_ = nullptr;
  Chain chain_;  // as given: a chain following the animation keeps its extra effectors' offsets here
  Pose base_pose_;
  Pose animated_;                       // this frame's pose under the chain
  std::vector<std::uint8_t> in_chain_;  // per skeleton joint
  glm::mat4 root_parent_world_{1.0f};   // this frame's model-space transform of the root's parent
  std::vector<glm::vec3> scratch_positions_;
  std::vector<glm::quat> source_previous_;  // per chain joint: the clip's rotation last frame
  std::vector<float> source_pops_;          // per frame: the clip's pop (degrees)
  std::vector<glm::vec3> rest_positions_;
  std::vector<RunState> states_;
  std::vector<std::pair<int, bool>> run_plan_;  // start(): (solver, warm start) per run
  MotionReport report_;
  int next_frame_ = 0;
  int frame_count_ = 0;
};

// start() and run() in one call; "" on success, else start()'s problem.
std::string analyse_motion(const Skeleton& skeleton, const Chain& chain, const Pose& base_pose,
                           const MotionTrack& track, const MotionOptions& options, MotionReport& out);

}  // namespace ik
