// --state-out (state_dump.h): the program's state as one JSON document.
//
// Index:
//   parts         timeline_json, contacts_json, full_body_json, selected_goal_handle_json, goal_paths_json
//   the document  write_state_json: rig, joints and their projections, camera, status, chains (goal,
//                 pole, spline control points, the last solve's status and note), the parts above,
//                 meshes, selection, inspection, the UI's rects and clipped text, health, draws
#include "app/platform/state_dump.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "app/editor/file_commands.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_handles.h"
#include "app/editor/goal_motion.h"
#include "app/editor/inspection.h"
#include "app/editor/spline_edits.h"
#include "app/editor/stop_reason.h"
#include "app/platform/text_fit.h"
#include "app/viewport/viewport_input.h"
#include "io/files/atomic_file.h"
#include "io/session/session_full_body.h"
#include "render/skinning.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/goal_space.h"
#include "solvers/rig/body_reading.h"

namespace app {
namespace {

// The time axis (app/editor/timeline.h): the rig's clips (name, duration in seconds, channel
// count), the clip shown, its time and frame, playing or not, and every joint's
// model-space position in the clip's own pose at that time ("animated", before the IK and
// the blend; "joints"[i]["model"] is after them).
nlohmann::json timeline_json(const Editor& editor) {
  using nlohmann::json;
  const Timeline& t = editor.timeline;
  json clips = json::array();
  if (editor.document.has_rig)
    for (const ik::Clip& clip : editor.document.rig.clips) {
      size_t keys = 0;  // the most keys of a channel: a BVH's or a baked clip's frame count
      for (const ik::ClipChannel& c : clip.channels) keys = std::max(keys, c.times.size());
      clips.push_back({{"name", clip.name},
                       {"start", clip.start},
                       {"end", clip.end},
                       {"duration", clip.duration()},
                       {"channels", clip.channels.size()},
                       {"keys", keys}});
    }
  json out = {{"clips", std::move(clips)}};
  const bool has_clip = editor.document.has_rig && t.clip >= 0 && t.clip < static_cast<int>(editor.document.rig.clips.size());
  out["clip"] = has_clip ? json(editor.document.rig.clips[static_cast<size_t>(t.clip)].name) : json(nullptr);
  out["clip_index"] = t.clip;
  out["time"] = t.time;
  out["path_clock"] = t.path_clock;  // without a clip: the goal paths' replay time
  out["playing"] = t.playing;
  out["loop"] = t.loop;
  out["speed"] = t.speed;
  out["frame_rate"] = t.frame_rate;
  if (has_clip) out["frame"] = ik::frame_at(t.time, editor.document.rig.clips[static_cast<size_t>(t.clip)].start, t.frame_rate);
  json animated = json::array();
  if (editor.document.has_rig && t.animated.local.size() == editor.document.rig.skeleton.rest.size()) {
    std::vector<glm::mat4> world;
    ik::fk_all(editor.document.rig.skeleton, t.animated, world);
    for (const glm::mat4& m : world) {
      const glm::vec3 p = ik::position_of(m);
      animated.push_back({p.x, p.y, p.z});
    }
  }
  out["animated"] = std::move(animated);
  return out;
}

// The foot contacts (app/editor/foot_contacts.h): the settings, whether they show and the
// feet are cleaned up, the contact joints (with the sole under each at rest, from the joint),
// and per clip (in the rig's order) whether the
// user edited it, its ground's own motion (model units per second) and each joint's plants
// in seconds with its foot skate in the clip as it is.
nlohmann::json contacts_json(const Editor& editor) {
  using nlohmann::json;
  const ContactsState& c = editor.document.contacts;
  json joints = json::array();
  for (const ik::ContactJoint& j : c.joints)
    joints.push_back({{"joint", j.joint},
                      {"name", editor.document.rig.skeleton.name[static_cast<size_t>(j.joint)]},
                      {"leg_length", j.leg_length},
                      {"heel", {j.heel.x, j.heel.y, j.heel.z}},
                      {"toe", {j.toe.x, j.toe.y, j.toe.z}}});
  json clips = json::array();
  for (size_t k = 0; k < c.clips.size(); ++k) {
    json feet = json::array();
    const std::vector<ik::FootSkate> skate = clip_foot_skate(editor.document.rig, c, k);
    for (size_t i = 0; i < c.clips[k].size(); ++i) {
      const ik::FootContacts& foot = c.clips[k][i];
      json plants = json::array();
      for (const ik::ContactInterval& p : foot.plants) plants.push_back({p.start, p.end});
      json entry = {{"joint", foot.joint}, {"plants", std::move(plants)}};
      if (i < skate.size())  // the clip as it is, at its own frame rate (model units)
        entry["as_is"] = {{"planted_frames", skate[i].planted_frames},
                          {"skate_ratio", skate[i].skate_ratio},
                          {"planted_drift", skate[i].planted_drift},
                          {"penetration", skate[i].penetration},
                          {"lift", skate[i].lift},
                          {"contact_error", skate[i].contact_error}};
      feet.push_back(std::move(entry));
    }
    const glm::vec3 v = k < c.ground_velocity.size() ? c.ground_velocity[k] : glm::vec3(0.0f);
    clips.push_back({{"edited", k < c.edited.size() && c.edited[k] != 0},
                     {"ground_velocity", {v.x, v.y, v.z}},
                     {"feet", std::move(feet)}});
  }
  return {{"settings",
           {{"height", c.settings.height},
            {"speed", c.settings.speed},
            {"min_plant", c.settings.min_plant},
            {"max_gap", c.settings.max_gap}}},
          {"show", editor.timeline.show_contacts},
          {"clean_feet", editor.timeline.clean_feet},
          {"ground", ik::ground_spec(editor.document.ground)},
          {"joints", std::move(joints)},
          {"clips", std::move(clips)}};
}

// Full-body mode (app/editor/full_body_mode.h): whether it is on, its chain, its settings (as a
// session saves them), the root (hips) position, the tolerance, the balance as the last
// solve measured it (active, the centre of mass, its target and the distance across up),
// the body reading (solvers/rig/body_reading.h), and each effector's name, joint, pinned,
// weight, whether it holds, goal, position and error (model space).
nlohmann::json full_body_json(const Editor& editor) {
  using nlohmann::json;
  const int fb = full_body_chain_index(editor);
  json out = {{"on", fb >= 0}, {"chain", fb}};
  // The session's own writer (an ordered_json, hence the round trip through text).
  out["settings"] = json::parse(ik::full_body_settings_json(editor.document.full_body.settings).dump());
  if (fb < 0) return out;
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  const glm::vec3 root = ik::position_of(editor.solve.world[static_cast<size_t>(body.root)]);
  out["root"] = body.root;
  out["root_position"] = {root.x, root.y, root.z};
  out["tolerance"] = full_body_tolerance(editor, fb);
  const ik::FullBodyScratch& solve = ik::full_body_scratch(editor.solve.workspace);
  const glm::vec3 centre = solve.centre_of_mass, target = solve.balance_target;
  out["balance"] = {{"active", solve.balance_active},
                    {"centre_of_mass", {centre.x, centre.y, centre.z}},
                    {"target", {target.x, target.y, target.z}},
                    {"error", solve.balance_error}};
  {  // How the pose reads against what a person can do (solvers/rig/body_reading.h).
    const ik::BodyReading r = read_body_now(editor);
    out["body"] = {{"valid", r.valid},
                   {"joints_at_limit", r.joints_at_limit},
                   {"limited_joints", r.limited_joints},
                   {"feet_below_ground", r.feet_below_ground},
                   {"worst_knee_off_toes_degrees", r.worst_knee_off_toes_degrees},
                   {"head_above_hips", r.head_above_hips},
                   {"plausible", ik::body_looks_plausible(r)},
                   {"text", ik::describe_body(r)}};
  }
  json effectors = json::array();
  for (const EffectorState& e : full_body_effectors(editor, fb))
    effectors.push_back({{"name", e.name},
                         {"joint", e.joint},
                         {"pinned", e.pinned},
                         {"weight", e.weight},
                         {"holds", e.holds},
                         {"goal", {e.goal.x, e.goal.y, e.goal.z}},
                         {"position", {e.position.x, e.position.y, e.position.z}},
                         {"error", e.error},
                         {"heel_rise", e.heel_rise}});
  out["effectors"] = std::move(effectors);
  return out;
}

// The selected goal handle, which the gizmo is on (app/editor/full_body_mode.h): its index, its
// chain, the full-body extra effector it is (-1: the chain's own goal), that effector's joint
// and name, and its goal (model space, and in window points).
nlohmann::json selected_goal_handle_json(const Editor& editor, const ViewportArea& area) {
  using nlohmann::json;
  const int h = selected_goal_handle(editor);
  json out = {{"handle", h}, {"chain", editor.selection.chain}, {"extra_effector", -1}, {"joint", -1}, {"name", ""}};
  if (h < 0 || !editor.document.has_rig) return out;
  const GoalHandleRef ref = goal_handle_ref(editor.document.chains, full_body_chain_index(editor), h);
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(ref.chain)];
  const int extra = ref.extra;
  const int joint = extra >= 0 ? chain.extra_effectors[static_cast<size_t>(extra)].joint : chain.effector;
  const glm::vec3 goal = goal_handle_goal(editor, h).position;
  const glm::vec2 window = project_to_window(editor.view.camera, area, goal);
  out["extra_effector"] = extra;
  out["joint"] = joint;
  out["name"] = joint >= 0 && joint < editor.document.rig.skeleton.joint_count()
                    ? editor.document.rig.skeleton.name[static_cast<size_t>(joint)]
                    : "";
  out["goal"] = {goal.x, goal.y, goal.z};
  out["goal_window"] = {window.x, window.y};
  return out;
}

// Goal paths (app/editor/goal_recorder.h): each recorded path with its chain, sample count and
// duration, and the recorder.
nlohmann::json goal_paths_json(const Editor& editor) {
  using nlohmann::json;
  json paths = json::array();
  for (const ik::SessionGoalPath& entry : editor.document.goal_paths) {
    json positions = json::array();
    for (const ik::GoalPathSample& s : entry.path.samples)
      positions.push_back({s.position.x, s.position.y, s.position.z});
    paths.push_back({{"chain", entry.chain},
                     {"name", entry.path.name},
                     {"samples", entry.path.samples.size()},
                     {"duration", entry.path.duration()},
                     {"has_orientation", entry.path.has_orientation},
                     {"positions", std::move(positions)}});
  }
  return paths;
}

}  // namespace

bool write_state_json(const Editor& editor, const ViewportArea& area, const WindowMetrics& metrics,
                      const RunHealth& health, const render::FrameStats& draws, const std::string& path,
                      std::string& error) {
  using nlohmann::json;
  const float scale_x =
      metrics.window_width > 0 ? static_cast<float>(metrics.framebuffer_width) / metrics.window_width : 1.0f;
  const float scale_y =
      metrics.window_height > 0 ? static_cast<float>(metrics.framebuffer_height) / metrics.window_height : 1.0f;
  json state;
  state["window"] = {metrics.window_width, metrics.window_height};
  state["framebuffer"] = {metrics.framebuffer_width, metrics.framebuffer_height};
  // The 3D viewport in framebuffer pixels, origin top-left (as in a screenshot).
  state["viewport"] = {area.x * scale_x, area.y * scale_y, area.width * scale_x, area.height * scale_y};
  state["camera"] = {
      {"target", {editor.view.camera.target.x, editor.view.camera.target.y, editor.view.camera.target.z}},
      {"distance", editor.view.camera.distance},
      {"yaw", editor.view.camera.yaw},
      {"pitch", editor.view.camera.pitch},
      {"orthographic", editor.view.camera.orthographic},
      {"follow", editor.view.follow},                            // View > Follow the character
      {"drag_plane", drag_plane_name(editor.view.drag_plane)}};  // the toolbar's Drag
  state["gizmo_mode"] = editor.selection.gizmo_mode == GizmoMode::translate ? "translate" : "rotate";
  state["status"] = editor.ui.status;
  state["status_is_error"] = editor.ui.status_is_error;
  state["selected_joint"] = editor.selection.joint;
  state["file"] = editor.document.has_rig ? editor.document.rig.path : "";
  state["rig_notes"] = editor.document.has_rig ? editor.document.rig.notes : std::vector<std::string>{};
  // Clips imported onto the rig (app/editor/motion_import.h): source, name, the legs' ratio,
  // the mapping (rig joint -> source joint), whether fingers follow and the user's edits.
  json motions = json::array();
  for (const RetargetedClip& r : editor.document.imported) {
    json mapping = json::object();
    for (size_t j = 0; j < r.source_of.size() && j < editor.document.rig.skeleton.name.size(); ++j)
      if (!r.source_of[j].empty()) mapping[editor.document.rig.skeleton.name[j]] = r.source_of[j];
    json edits = json::array();
    for (const ik::MappingEdit& e : r.options.edits) edits.push_back({{"joint", e.joint}, {"follows", e.follows}});
    motions.push_back({{"clip", r.name},
                       {"source", r.source},
                       {"mapped_joints", r.mapped_joints},
                       {"leg_ratio", r.leg_ratio},
                       {"mapping", std::move(mapping)},
                       {"fingers", r.options.fingers},
                       {"edits", std::move(edits)}});
  }
  state["mapping_open"] = editor.ui.show_mapping;
  state["help_open"] = editor.ui.show_help;  // F1: the controls and the colour vocabulary
  state["motions"] = std::move(motions);
  state["recent_files"] = editor.ui.recent_files;  // File > Open recent, newest first
  json joints = json::array();
  if (editor.document.has_rig) {
    const ik::Skeleton& s = editor.document.rig.skeleton;
    for (int i = 0; i < s.joint_count(); ++i) {
      const size_t u = static_cast<size_t>(i);
      const glm::vec3 p = ik::position_of(editor.solve.world[u]);
      bool visible = false;
      const glm::vec2 w = project_to_window(editor.view.camera, area, p, &visible);
      joints.push_back({{"index", i},
                        {"name", s.name[u]},
                        {"parent", s.parent[u]},
                        {"added_tip", s.is_added_tip[u] != 0},
                        // The joint's rig role ("left hand", "spine 2", "none"): solvers/rig/rig_roles.h.
                        {"role", u < editor.document.rig.roles.size() ? ik::describe_role(editor.document.rig.roles[u]) : "none"},
                        {"model", {p.x, p.y, p.z}},
                        {"window", {w.x, w.y}},
                        {"pixel", {w.x * scale_x, w.y * scale_y}},
                        {"in_front_of_camera", visible}});
    }
  }
  state["joints"] = std::move(joints);
  json chains = json::array();
  for (size_t c = 0; c < editor.document.chains.size(); ++c) {
    const ik::Chain& chain = editor.document.chains[c];
    const glm::vec3 goal = handed_goal(editor, static_cast<int>(c)).position;  // model space, as the solver has it
    const glm::vec3 effector = ik::position_of(editor.solve.world[static_cast<size_t>(chain.effector)]);
    const glm::vec2 goal_window = project_to_window(editor.view.camera, area, goal);
    json entry = {{"root", chain.root},
                  {"effector", chain.effector},
                  {"enabled", chain.enabled},
                  {"goal", {goal.x, goal.y, goal.z}},
                  {"goal_window", {goal_window.x, goal_window.y}},
                  {"effector_position", {effector.x, effector.y, effector.z}},
                  {"distance_to_goal", glm::length(effector - goal)}};
    // The rotation part of a possibly scaled (a centimetre rig's 0.01) or sheared matrix:
    // quat_cast expects a pure rotation.
    const glm::quat e = ik::rotation_of(glm::mat3(editor.solve.world[static_cast<size_t>(chain.effector)]));
    entry["effector_orientation_wxyz"] = {e.w, e.x, e.y, e.z};
    // ---- Group and goal space (solvers/ik/goal_space.h): "pinned" or "follows joint N". ----
    entry["group"] = ik::to_string(chain.group);
    entry["goal_space"] =
        chain.follow_joint < 0 ? std::string("pinned") : "follows joint " + std::to_string(chain.follow_joint);
    entry["follow_joint"] = chain.follow_joint;
    // Goal mode (app/editor/goal_motion.h): "pinned", "follows joint", "follows animation", "follows path".
    entry["goal_mode"] = ik::to_string(ik::goal_mode(chain));
    entry["follow_path"] = chain.follow_path;
    if (chain.motion == ik::Chain::Motion::animated)
      entry["goal_offset"] = {chain.goal.position.x, chain.goal.position.y, chain.goal.position.z};
    entry["aim"] = chain.aim;
    entry["aim_axis"] = {chain.aim_axis.x, chain.aim_axis.y, chain.aim_axis.z};  // in the effector's frame
    if (chain.goal.use_orientation) {
      const glm::quat q = model_goal(editor, static_cast<int>(c)).orientation;
      entry["goal_orientation_wxyz"] = {q.w, q.x, q.y, q.z};
    }
    entry["ik_weight"] = chain.ik_weight;  // solvers/scene/ik_blend.h
    {  // Pole target (solvers/ik/pole.h): where it is, whether the solve uses it, its handle on screen.
      const ik::Goal& g = chain.goal;
      const glm::vec2 pole_window = project_to_window(editor.view.camera, area, g.pole_target);
      entry["pole"] = {{"used", pole_shown(editor, static_cast<int>(c))},
                       {"on", g.use_pole},
                       {"auto", g.auto_pole},
                       {"target", {g.pole_target.x, g.pole_target.y, g.pole_target.z}},
                       {"twist", g.pole_twist},
                       {"window", {pole_window.x, pole_window.y}},
                       {"middle_joint", chain_middle_joint(editor, static_cast<int>(c))}};
    }
    if (c < editor.solve.frame.results.size()) {
      entry["status"] = ik::to_string(editor.solve.frame.results[c].status);
      entry["iterations"] = editor.solve.frame.results[c].iterations;
      entry["error"] = editor.solve.frame.results[c].error;
      if (editor.solve.frame.results[c].note != nullptr) entry["note"] = editor.solve.frame.results[c].note;
      // Each part of the goal apart (solvers/scene/goal_reading.h), as the panels word them.
      const ik::GoalReading reading = chain_goal_reading(editor, static_cast<int>(c));
      json parts = {{"position_error", reading.position_error},
                    {"position", ik::to_string(reading.position)},
                    {"orientation", ik::to_string(reading.orientation)},
                    {"pole_ignored", reading.pole_ignored},
                    {"text", ik::describe_goal_parts(reading, editor.document.rig.skeleton)}};
      if (reading.orientation != ik::GoalPart::not_asked) parts["orientation_degrees"] = reading.orientation_degrees;
      if (reading.limiting_joint >= 0) parts["limiting_joint"] = reading.limiting_joint;
      entry["goal_parts"] = std::move(parts);
      if (editor.solve.frame.results[c].status != ik::SolveStatus::invalid_input)
        entry["status_shown"] = describe_stop(ik::solver_table()[chain.solver], chain.params,
                                              editor.solve.frame.results[c], reading, editor.document.rig.skeleton)
                                    .status;
    }
    {  // Spline IK (app/editor/spline_edits.h): the control points and their handles on screen.
      json points = json::array(), windows = json::array();
      for (const glm::vec3& p : chain.spline_points) {
        const glm::vec2 w = project_to_window(editor.view.camera, area, p);
        points.push_back({p.x, p.y, p.z});
        windows.push_back({w.x, w.y});
      }
      entry["spline"] = {{"shown", spline_shown(editor, static_cast<int>(c))},
                         {"points", std::move(points)},
                         {"windows", std::move(windows)}};
    }
    chains.push_back(std::move(entry));
  }
  state["chains"] = std::move(chains);
  state["timeline"] = timeline_json(editor);
  state["contacts"] = contacts_json(editor);
  state["motion_analysis"] = motion_panel_json(editor);  // the Motion panel's last run (app/editor/motion_panel.h)
  state["full_body"] = full_body_json(editor);
  state["goal_paths"] = goal_paths_json(editor);
  state["recording"] = {{"active", editor.recorder.active},
                        {"chain", editor.recorder.chain},
                        {"samples", editor.recorder.path.samples.size()}};
  // Where the skinned meshes are drawn: each mesh's box projected, in framebuffer pixels
  // (x0, y0, x1, y1), so a test knows which pixels may be mesh rather than background.
  json meshes = json::array();
  if (editor.document.has_rig && editor.view.show_mesh) {
    for (const ik::SkinnedMesh& mesh : editor.document.rig.meshes) {
      glm::vec3 lo, hi;
      if (!render::skinned_bounds(mesh, editor.solve.world, lo, hi)) continue;
      glm::vec2 a(1e9f), b(-1e9f);
      for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p((corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y, (corner & 4) ? hi.z : lo.z);
        const glm::vec2 w = project_to_window(editor.view.camera, area, p);
        a = glm::min(a, w);
        b = glm::max(b, w);
      }
      meshes.push_back({a.x * scale_x, a.y * scale_y, b.x * scale_x, b.y * scale_y});
    }
  }
  state["mesh_pixels"] = std::move(meshes);
  state["selected_chain"] = editor.selection.chain;
  state["selected_goal_handle"] = selected_goal_handle_json(editor, area);
  // Whether chains are solved every frame (Space, Pause and step mode stop it): a test that
  // drags a goal needs to know if the effector should have followed.
  state["solving"] = editor.solve.running;
  // The selected chain's inspection: which solve Step and the plot show, and its errors.
  json inspection = {{"step_mode", editor.inspection.step_mode}, {"iteration", editor.inspection.iteration}};
  bool is_explicit = false;
  const ik::Trace* trace = inspected_trace(editor, editor.selection.chain, &is_explicit);
  inspection["source"] = trace == nullptr ? "none" : is_explicit ? "last explicit solve" : "current frame";
  inspection["errors"] = trace == nullptr ? std::vector<float>{} : trace->error;
  std::vector<float> position_part, orientation_part;  // a goal with an orientation: its parts too
  if (trace != nullptr)
    goal_parts_per_iteration(editor, editor.selection.chain, *trace, position_part, orientation_part);
  inspection["position_errors"] = position_part;
  inspection["orientation_errors"] = orientation_part;
  state["inspection"] = std::move(inspection);
  json rects = json::object();
  for (const auto& [name, r] : editor.ui.widget_rects) rects[name] = {r[0], r[1], r[2], r[3]};
  state["ui_rects"] = std::move(rects);
  json clipped = json::array();  // text the last frame's UI cut at an edge (text_fit.h)
  for (const ClippedText& t : find_clipped_text_last_frame())
    clipped.push_back({{"window", t.window}, {"text", t.text}, {"x", t.x}, {"y", t.y}});
  state["clipped_text"] = std::move(clipped);
  state["unsaved_changes"] = has_unsaved_changes(editor);
  state["pending_prompt"] = editor.ui.pending_action != GuardedAction::none;
  state["rss_kib_per_second"] = health.rss_kib_per_second;
  state["frame_ms_per_second"] = health.frame_ms_per_second;
  state["startup_ms"] = health.startup_ms;
  state["frames_run"] = health.frames;
  json shots = json::array();
  for (const UiState::ScreenshotTaken& shot : editor.ui.screenshots_taken)
    shots.push_back({{"file", shot.file}, {"frame", shot.frame}});
  state["screenshots"] = std::move(shots);
  state["draws_last_frame"] = {{"draw_calls", draws.draw_calls}, {"triangles", draws.triangles},
                               {"bones", draws.bones},           {"joints", draws.joints},
                               {"points", draws.points},         {"points_culled", draws.points_culled}};
  return write_file_atomically(path, state.dump(1) + "\n", error);
}

}  // namespace app
