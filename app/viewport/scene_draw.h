// What the 3D viewport draws for the editor: the grid, the skeleton and its skinned mesh,
// and on top of them the goal handles, misses, orientation axes, step-mode ghost and trail,
// comparison ghosts and clamped joints; and framing. Reads the editor, never changes it
// (frame_all moves only the camera).
#pragma once

#include "app/editor/editor.h"
#include "app/editor/viewport.h"
#include "render/renderer.h"

namespace app {

// The whole 3D view of this frame, into the viewport area of a framebuffer of `metrics`'
// size: grid, skeleton (selected and hovered joints highlighted), the skinned mesh if shown,
// then draw_solve_overlays, the pole handles (a violet dot with a dashed line from the
// chain's middle joint), spline chains' curves and control points (teal) and draw_goals.
// The rig's meshes must be uploaded already.
void draw_viewport(render::Renderer& renderer, const Editor& editor, const WindowMetrics& metrics,
                   const ViewportArea& area);

// Goal handles in the colour vocabulary (app/editor/status_colours.h: green reached, blue
// position only, amber short, red unreachable, grey off; white selected, light blue hovered),
// a line from each effector to a goal whose position it has not reached, and the axes of
// orientation goals.
void draw_goals(render::Renderer& renderer, const Editor& editor);

// What the last solve did, over the pose: in step mode the selected chain at the chosen
// iteration as a ghost and the effector's path over the iterations; in comparison each
// solver's result as a ghost in its colour; joints a limit clamped, in magenta.
void draw_solve_overlays(render::Renderer& renderer, const Editor& editor);

// Points the camera at everything drawn: the posed joints and the skinned mesh if shown.
void frame_all(Editor& editor, float aspect);

// With View > Follow the character on: the camera's target moves along the floor (x and z)
// as far as the hips (by role, else the root joint) moved since the last frame; the camera
// keeps its height, turn and distance, so a walk stays where it was in the view.
void follow_character(Editor& editor);

}  // namespace app
