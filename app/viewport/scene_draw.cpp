#include "app/viewport/scene_draw.h"

#include <limits>

#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/inspection.h"
#include "app/editor/spline_edits.h"
#include "app/editor/status_colours.h"
#include "app/viewport/balance_draw.h"
#include "app/viewport/contact_draw.h"
#include "app/viewport/drag_draw.h"
#include "app/viewport/gizmo_draw.h"
#include "app/viewport/ground_draw.h"
#include "app/viewport/limit_draw.h"
#include "app/viewport/path_draw.h"
#include "app/viewport/viewport_input.h"
#include "render/skinning.h"
#include "solvers/ik/goal_space.h"
#include "solvers/scene/solver_table.h"

namespace app {

// Goal handles, and a line from each effector to its goal while it is not reached.
void draw_goals(render::Renderer& renderer, const Editor& editor) {
  std::vector<glm::vec3> handles, misses;
  std::vector<glm::vec4> handle_colours, miss_colours;
  const int selected = selected_goal_handle(editor);  // the gizmo's handle
  for (size_t c = 0; c < editor.document.chains.size(); ++c) {
    if (!goal_handle_shown(editor, static_cast<int>(c))) continue;  // off in full-body mode
    const ik::Chain& chain = editor.document.chains[c];
    // In the one colour vocabulary (app/editor/status_colours.h): red only for a failed goal.
    const ik::SolveStatus status =
        c < editor.solve.frame.results.size() ? editor.solve.frame.results[c].status : ik::SolveStatus::invalid_input;
    const bool partial =
        status != ik::SolveStatus::reached && chain_goal_reading(editor, static_cast<int>(c)).partly_reached();
    const Mark mark = goal_mark(status, partial, chain.enabled);
    glm::vec4 colour = mark_style(mark).colour;
    if (static_cast<int>(c) == selected) colour = mark_style(Mark::selected).colour;
    if (static_cast<int>(c) == editor.selection.hovered_goal) colour = mark_style(Mark::hovered).colour;
    const glm::vec3 goal = handed_goal(editor, static_cast<int>(c)).position;  // every goal mode, held feet
    handles.push_back(goal);
    handle_colours.push_back(colour);
    // A line from the effector to a goal whose position it has not reached, in its mark's colour.
    if ((mark == Mark::short_of || mark == Mark::failed) && chain.effector >= 0 &&
        chain.effector < static_cast<int>(editor.solve.world.size())) {
      misses.push_back(ik::position_of(editor.solve.world[static_cast<size_t>(chain.effector)]));
      misses.push_back(goal);
      const glm::vec4 line = mark_style(mark).colour * glm::vec4(1.0f, 1.0f, 1.0f, 0.8f);
      miss_colours.push_back(line);
      miss_colours.push_back(line);
    }
  }
  append_extra_goal_handles(editor, handles, &handle_colours);  // full-body effectors
  if (!misses.empty()) renderer.draw_lines(misses, miss_colours, 1.5f, true);
  // Orientation goals: the wanted axes of the effector (X red, Y green, Z blue).
  std::vector<glm::vec3> axes;
  std::vector<glm::vec4> axis_colours;
  const float axis_length = 0.06f * scene_size(editor);
  for (size_t c = 0; c < editor.document.chains.size(); ++c) {
    if (!goal_has_orientation(editor, static_cast<int>(c))) continue;
    const ik::Goal goal = handed_goal(editor, static_cast<int>(c));
    const glm::mat3 r = glm::mat3_cast(goal.orientation);
    for (int a = 0; a < 3; ++a) {
      glm::vec4 colour(0.25f, 0.25f, 0.25f, 1.0f);
      colour[a] = 1.0f;
      axes.push_back(goal.position);
      axes.push_back(goal.position + axis_length * r[a]);
      axis_colours.push_back(colour);
      axis_colours.push_back(colour);
    }
  }
  if (!axes.empty()) renderer.draw_lines(axes, axis_colours, 2.5f, true);
  renderer.draw_points(handles, handle_colours, 7.0f, true, true);  // overlapping handles culled
}

// Pole handles (pole_shown): a violet dot at each pole target with a dashed line from the
// chain's middle joint (ten dashes, as line segments with gaps); the selected chain's brighter.
void draw_poles(render::Renderer& renderer, const Editor& editor) {
  std::vector<glm::vec3> points, dashes;
  std::vector<int> chains;
  pole_handles(editor, points, chains);
  if (points.empty()) return;
  std::vector<glm::vec4> colours, dash_colours;
  for (size_t k = 0; k < points.size(); ++k) {
    const bool selected = chains[k] == editor.selection.chain;
    const glm::vec4 colour = selected ? glm::vec4(0.85f, 0.6f, 1.0f, 1.0f) : glm::vec4(0.62f, 0.42f, 0.9f, 1.0f);
    colours.push_back(colour);
    const int middle = chain_middle_joint(editor, chains[k]);
    if (middle < 0 || middle >= static_cast<int>(editor.solve.world.size())) continue;
    const glm::vec3 from = ik::position_of(editor.solve.world[static_cast<size_t>(middle)]), to = points[k];
    constexpr int kDashes = 10;
    for (int d = 0; d < kDashes; ++d) {
      const float t0 = static_cast<float>(d) / kDashes, t1 = (static_cast<float>(d) + 0.55f) / kDashes;
      dashes.push_back(glm::mix(from, to, t0));
      dashes.push_back(glm::mix(from, to, t1));
      dash_colours.push_back(colour);
      dash_colours.push_back(colour);
    }
  }
  if (!dashes.empty()) renderer.draw_lines(dashes, dash_colours, 1.5f, true);
  renderer.draw_points(points, colours, 6.0f, true);
}

// Spline chains (app/editor/spline_edits.h): the curve the chain follows, from its root through
// its control points to its goal, and a teal dot on each control point; the selected chain's
// brighter.
void draw_splines(render::Renderer& renderer, const Editor& editor) {
  std::vector<glm::vec3> points;
  std::vector<int> chains, indices;
  spline_handles(editor, points, chains, indices);
  std::vector<glm::vec4> colours;
  for (size_t k = 0; k < points.size(); ++k)
    colours.push_back(chains[k] == editor.selection.chain ? glm::vec4(0.45f, 1.0f, 0.85f, 1.0f)
                                                          : glm::vec4(0.25f, 0.7f, 0.6f, 1.0f));
  for (int c = 0; c < static_cast<int>(editor.document.chains.size()); ++c) {
    const std::vector<glm::vec3> curve = spline_curve_points(editor, c);
    const float alpha = c == editor.selection.chain ? 0.9f : 0.5f;
    if (curve.size() > 1) renderer.draw_polyline(curve, {glm::vec4(0.3f, 0.85f, 0.7f, alpha)}, 1.5f, true);
  }
  if (!points.empty()) renderer.draw_points(points, colours, 6.0f, true);
}

// Step mode: the selected chain at the chosen iteration as a ghost, and the effector's
// path over the iterations; comparison: each solver's result as a ghost in its colour;
// joints a limit clamped, in the vocabulary's magenta (app/editor/status_colours.h).
void draw_solve_overlays(render::Renderer& renderer, const Editor& editor) {
  const glm::vec4 ghost_colour(0.35f, 0.85f, 1.0f, 0.9f);
  const int c = editor.selection.chain;
  const ik::Trace* inspected = editor.inspection.step_mode ? inspected_trace(editor, c, nullptr) : nullptr;
  if (inspected != nullptr) {
    const ik::Trace& trace = *inspected;
    const std::vector<glm::vec3> trail = effector_trail(editor, c, trace);
    if (trail.size() > 1) {
      renderer.draw_polyline(trail, {glm::vec4(1.0f, 0.85f, 0.3f, 0.9f)}, 2.0f, true);
      renderer.draw_points(trail, {glm::vec4(1.0f, 0.85f, 0.3f, 0.9f)}, 3.0f, true);
    }
    GhostPose ghost;
    if (ghost_at_iteration(editor, trace, editor.inspection.iteration, ghost)) {
      renderer.draw_lines(ghost.bone_segments, {ghost_colour}, 3.0f, true);
      renderer.draw_points(ghost.joints, {ghost_colour}, 4.0f, true);
    }
  }
  for (const ComparisonRun& run : editor.inspection.comparison) {
    const glm::vec4 colour(ik::solver_colour(run.solver), 1.0f);
    renderer.draw_lines(run.ghost.bone_segments, {colour}, 2.5f, true);
    renderer.draw_points(run.ghost.joints, {colour}, 3.5f, true);
  }
  std::vector<GhostPose> motion;  // the Motion panel's ghost frame: the other solvers' poses
  std::vector<int> motion_solvers;
  motion_ghosts(editor, motion, motion_solvers);
  for (size_t g = 0; g < motion.size(); ++g) {
    // Solver -1: the chain as the clip has it, before the feet's cleanup (white).
    const glm::vec4 colour = motion_solvers[g] < 0 ? glm::vec4(0.95f, 0.95f, 0.95f, 0.8f)
                                                   : glm::vec4(ik::solver_colour(motion_solvers[g]), 0.85f);
    renderer.draw_lines(motion[g].bone_segments, {colour}, 2.5f, true);
    renderer.draw_points(motion[g].joints, {colour}, 3.5f, true);
  }
  if (editor.inspection.show_clamped) {
    const std::vector<glm::vec3> clamped = clamped_joints(editor);
    if (!clamped.empty()) renderer.draw_points(clamped, {mark_style(Mark::at_limit).colour}, 6.0f, true);
  }
}

void draw_viewport(render::Renderer& renderer, const Editor& editor, const WindowMetrics& metrics,
                   const ViewportArea& area) {
  renderer.begin_frame(metrics.framebuffer_width, metrics.framebuffer_height, editor.view.camera,
                       framebuffer_rect(area, metrics));
  renderer.draw_grid(scene_size(editor));
  draw_ground(renderer, editor);  // a ramp, stairs or waves the feet are cleaned up on (app/viewport/ground_draw.h)
  if (editor.document.has_rig) {
    render::SkeletonDraw draw;
    draw.skeleton = &editor.document.rig.skeleton;
    draw.world = &editor.solve.world;
    draw.selected_joint = editor.selection.joint;
    draw.hovered_joint = editor.selection.hovered_joint;
    renderer.draw_skeleton(draw);
    if (editor.view.show_mesh && !editor.document.rig.meshes.empty()) {
      render::SkinnedMeshDraw mesh;
      mesh.world = &editor.solve.world;
      renderer.draw_skinned_meshes(mesh);
    }
    draw_solve_overlays(renderer, editor);
    draw_selected_joint_limits(renderer, editor);
    draw_poles(renderer, editor);
    draw_splines(renderer, editor);
    draw_goal_paths(renderer, editor);  // recorded goal paths with time ticks (app/viewport/path_draw.h)
    draw_contacts(renderer, editor);    // planted feet's rings on the ground (app/viewport/contact_draw.h)
    draw_drag_cues(renderer, editor);   // the drag's plane, the goal's drop line (app/viewport/drag_draw.h)
    draw_goals(renderer, editor);
    draw_balance(renderer, editor);  // full body: the centre of mass over the feet (app/viewport/balance_draw.h)
    draw_gizmo(renderer, editor, area);
  }
  renderer.end_frame();
}

void frame_all(Editor& editor, float aspect) {
  // Everything drawn: the joints of the current pose, and the skinned mesh when shown
  // (a head reaches past its last joint).
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (const glm::mat4& w : editor.solve.world) {
    lo = glm::min(lo, ik::position_of(w));
    hi = glm::max(hi, ik::position_of(w));
  }
  if (editor.view.show_mesh)
    for (const ik::SkinnedMesh& mesh : editor.document.rig.meshes) {
      glm::vec3 mesh_lo, mesh_hi;
      if (render::skinned_bounds(mesh, editor.solve.world, mesh_lo, mesh_hi)) {
        lo = glm::min(lo, mesh_lo);
        hi = glm::max(hi, mesh_hi);
      }
    }
  if (lo.x <= hi.x) editor.view.camera.frame(lo, hi, aspect);
}

void follow_character(Editor& editor) {
  View& view = editor.view;
  if (!view.follow || !editor.document.has_rig || editor.solve.world.empty()) {
    view.followed_known = false;
    return;
  }
  const int hips = ik::first_joint_with_role(editor.document.rig.roles, ik::Role::hips, ik::Side::centre);
  const glm::vec3 at = ik::position_of(editor.solve.world[static_cast<size_t>(hips >= 0 ? hips : 0)]);
  // Up and down only by what placed the body on the ground (a ramp, stairs): the hips' own
  // bob in the clip would shake the view.
  const Timeline& t = editor.timeline;
  const float lift = t.cleaning && t.cleanup.clip == t.clip ? ik::cleanup_body_y_at(t.cleanup.cleanup, t.time) : 0.0f;
  if (view.followed_known)
    view.camera.target += glm::vec3(at.x - view.followed.x, lift - view.followed_lift, at.z - view.followed.z);
  view.followed = at;
  view.followed_lift = lift;
  view.followed_known = true;
}

}  // namespace app
