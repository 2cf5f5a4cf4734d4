// ikscope: the program, shaped like a sokol sample (sokol-samples' cube-sapp): everything it
// holds between frames is one struct, Program, and main() is init -> frame until done ->
// cleanup. A frame is one straight line, as in Dear ImGui's SDL2 + OpenGL3 example: wait
// for the display (frame_pacer.h) -> poll events -> new UI frame -> panels, viewport input,
// hover, solve -> 3D view -> UI on top -> screenshots -> swap -> health sample.
//
// The editor state (editor.h) is the single source of truth; the panels and the viewport
// input edit it, the renderer only reads it. The side jobs live in their own files: the
// window and ImGui glue (window.h), hover picking (picking.h), screenshots (screenshot.h),
// per-second health samples (health.h), the frame rate (frame_pacer.h), the 3D view (scene_draw.h), --state-out
// (state_dump.h).
#include <SDL.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/editor/command_line.h"
#include "app/editor/controls.h"
#include "app/editor/editor.h"
#include "app/editor/file_commands.h"
#include "app/editor/file_dialog.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/inspection.h"
#include "app/editor/motion_batch.h"
#include "app/editor/motion_export.h"
#include "app/editor/motion_import.h"
#include "app/editor/recent_files.h"
#include "app/platform/frame_pacer.h"
#include "app/platform/health.h"
#include "app/platform/screenshot.h"
#include "app/platform/state_dump.h"
#include "app/platform/window.h"
#include "app/ui/full_body_panel.h"
#include "app/ui/panels.h"
#include "app/viewport/gizmo_draw.h"
#include "app/viewport/picking.h"
#include "app/viewport/scene_draw.h"
#include "app/viewport/viewport_input.h"
#include "render/renderer.h"

namespace {

struct Program {
  app::Options options;
  app::Window window;
  render::Renderer renderer;
  app::Editor editor;

  app::ViewportInput input;                // the viewport's drag in progress
  app::ViewportArea area;                  // where the 3D view is, from this frame's panels
  app::WindowMetrics metrics;              // measured at the start of each frame
  std::vector<SDL_Event> viewport_events;  // this frame's input, for the viewport
  app::HealthSampler health;               // for --state-out
  app::FramePacer pacer;                   // interactive runs: at most the display's rate
  app::FileDialogs file_dialogs;           // the desktop's file dialog, when there is one
  int uploaded_generation = -1;            // the rig whose meshes the renderer holds
  std::string title_path;                  // the rig named in the window title
  bool initial_open_failed = false;        // the file on the command line did not open
  int frame = 0;
  bool running = true;
  int exit_code = 0;
};

// Opens the rig on the command line, or the built-in humanoid.
void open_first_rig(Program& p) {
  app::Editor& editor = p.editor;
  editor.bvh = p.options.bvh;  // every .bvh this run opens, the first too
  editor.retarget = p.options.retarget_options;
  if (!p.options.file.empty()) p.initial_open_failed = !app::open_any(editor, p.options.file);
  if (editor.document.has_rig) return;
  // Nothing to show yet: open the built-in humanoid, but keep the error on screen.
  const std::string failure = editor.ui.status;
  app::open_rig(editor, IKSCOPE_DEFAULT_RIG);
  if (p.initial_open_failed) {  // already printed once: show it again, do not log it again
    editor.ui.status = failure;
    editor.ui.status_is_error = true;
  }
}

bool init(Program& p, std::string& error) {
  if (!app::open_window(p.options, p.window, error)) return false;
  if (!p.renderer.init(error)) {
    p.renderer.shutdown();  // what init made before it failed
    app::close_window(p.window);
    return false;
  }
  app::load_recent_files(p.editor, app::config_folder(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")));
  app::init_file_dialogs(p.file_dialogs);
  open_first_rig(p);
  if (!p.options.retarget.empty() && !app::import_motion(p.editor, p.options.retarget, p.options.source_clip))
    p.initial_open_failed = true;  // --retarget: a batch run that could not exits with 1
  app::start_at_clip(p.editor, p.options.clip, p.options.has_time, p.options.time);  // --clip, --time
  p.editor.view.follow = p.options.follow;                                           // --follow
  p.editor.timeline.clean_feet = p.options.clean_feet;                               // --clean-feet
  if (p.options.has_ground) {                                                        // --ground
    p.editor.document.ground = p.options.ground;
    app::mark_document_saved(p.editor);  // the command line's ground is where the document starts
  }
  if (p.options.motion_panel) app::open_motion_panel(p.editor, p.options.chain, true);  // --motion-panel
  if (p.options.full_body) app::enter_full_body_mode(p.editor);                      // --full-body
  if (p.options.compare) app::open_comparison(p.editor, p.options.chain);            // --compare
  if (p.options.frames <= 0) p.pacer = app::FramePacer(app::refresh_rate_hz(p.window));
  p.health.start();
  return true;
}

// Feeds every pending event to ImGui; keeps the ones the viewport may want. A dropped file
// opens at once; a close request ends the program after this frame.
void poll_events(Program& p) {
  p.viewport_events.clear();
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    app::track_pointer(p.window, event);
    if (app::is_close_request(p.window, event)) p.editor.ui.quit_requested = true;  // asks if unsaved
    if (event.type == SDL_DROPFILE) {
      const std::string path = event.drop.file;
      app::request_open(p.editor, app::open_command_for(path), path);
      SDL_free(event.drop.file);
      continue;
    }
    p.viewport_events.push_back(event);
  }
  if (p.editor.document.has_rig && p.editor.document.rig.path != p.title_path) {
    p.title_path = p.editor.document.rig.path;
    app::set_window_title(p.window, p.title_path);
  }
}

// This frame's UI and editor update: the viewport's input (after NewFrame, so
// WantCaptureMouse describes where the pointer is now), the panels (which say where the 3D
// view goes), what the mouse hovers, the solve, the comparison and framing.
void update(Program& p) {
  app::Editor& editor = p.editor;
  const ImGuiIO& io = ImGui::GetIO();
  app::begin_ui_frame(p.window);
  for (const SDL_Event& e : p.viewport_events)
    app::handle_viewport_event(editor, p.input, e, p.area, io.WantCaptureMouse,
                               io.WantCaptureKeyboard);
  if (editor.ui.quit_requested) {
    editor.ui.quit_requested = false;
    app::request_quit(editor);  // at once, or through the unsaved-changes prompt
  }
  app::update_file_dialogs(p.file_dialogs, editor);  // before the panels: it takes File requests first
  editor.selection.hovered_joint = -1;  // re-found this frame by the panels or the viewport
  editor.selection.hovered_goal = -1;
  p.area = app::draw_ui(editor, static_cast<float>(p.metrics.window_width),
                        static_cast<float>(p.metrics.window_height));
  // Bands across the view's foot (above the Motion dock) and top: the view gives up their
  // height, so nothing covers the figure.
  app::draw_full_body_window(editor, p.area);
  app::draw_viewport_toolbar(editor, p.area);
  app::draw_modal_prompts(editor);  // last of the windows (panels.h says why)
  int mouse_x = 0, mouse_y = 0;
  SDL_GetMouseState(&mouse_x, &mouse_y);
  app::hover_viewport(editor, p.input, p.area, io.WantCaptureMouse, static_cast<float>(mouse_x),
                      static_cast<float>(mouse_y));
  if (editor.ui.quit_confirmed) p.running = false;
  app::update_timeline(editor);  // the clip's clock and animated pose, before the solve
  if (editor.solve.running)
    app::solve_chains(editor);
  else
    app::show_animated_pose(editor);  // solving paused: a clip that moved shows without IK
  if (editor.inspection.compare_mode) editor.inspection.comparison = app::compare_solvers(editor);
  if (editor.view.frame_all_requested && editor.document.has_rig) {
    app::frame_all(editor, p.area.aspect());
    editor.view.frame_all_requested = false;
  }
  app::follow_character(editor);  // View > Follow the character
  ImGui::Render();
}

// The 3D view, then the UI over it.
void draw(Program& p) {
  if (p.editor.document.has_rig && p.editor.document.rig_generation != p.uploaded_generation) {
    p.renderer.upload_skinned_meshes(p.editor.document.rig.skeleton, p.editor.document.rig.meshes);
    p.uploaded_generation = p.editor.document.rig_generation;
  }
  app::draw_viewport(p.renderer, p.editor, p.metrics, p.area);
  app::draw_ui_frame();
}

void frame(Program& p) {
  p.pacer.wait();
  p.health.frame_begin();
  poll_events(p);
  p.metrics = app::measure(p.window);
  update(p);
  draw(p);
  app::take_requested_screenshot(p.editor, p.metrics, p.frame);
  const bool last_frame = p.options.frames > 0 && p.frame + 1 >= p.options.frames;
  std::string error;
  if (last_frame && !p.options.screenshot.empty() &&
      !app::save_screenshot(p.metrics, p.options.screenshot, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    p.exit_code = 1;
  }
  app::swap_buffers(p.window);
  p.health.frame_done();
  ++p.frame;
  if (last_frame) p.running = false;
}

// Writes --export-motion and --state-out, closes everything; returns the exit status.
int cleanup(Program& p) {
  std::string error;
  if (!p.options.export_motion.empty() && !app::export_motion(p.editor, p.options.export_motion)) {
    std::fprintf(stderr, "ikscope: %s\n", p.editor.ui.status.c_str());
    p.exit_code = 1;
  }
  if (!p.options.state_out.empty() &&
      !app::write_state_json(p.editor, p.area, p.metrics, p.health.samples(), p.renderer.last_frame_stats(),
                             p.options.state_out, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    p.exit_code = 1;
  }
  // A script that asked for a file it did not get should know.
  if (p.initial_open_failed && p.options.frames > 0) p.exit_code = 1;
  p.renderer.shutdown();
  app::close_window(p.window);
  return p.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  Program program;
  std::string error;
  if (!app::parse_command_line(argc, argv, program.options, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    return 2;
  }
  if (program.options.help) {
    std::fputs(app::usage_text(), stdout);
    return 0;
  }
  if (program.options.controls_markdown) {
    std::fputs(app::controls_markdown().c_str(), stdout);
    return 0;
  }
  if (!program.options.analyse.empty()) {  // no window: app/editor/motion_batch.h
    const int code = app::run_motion_batch(program.options, IKSCOPE_DEFAULT_RIG, error);
    if (code != 0) std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    return code;
  }
  if (!init(program, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    return 1;
  }
  while (program.running) frame(program);
  return cleanup(program);
}
