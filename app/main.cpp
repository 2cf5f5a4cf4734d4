// ikscope: the program. One straight line, as in Dear ImGui's SDL2 + OpenGL3 example:
// init, then per frame poll events -> new frame -> build UI -> render -> swap, then
// cleanup in reverse order. The editor state (app/editor.h) is the single source of
// truth; the panels and the viewport input edit it, the renderer only reads it.
#include <SDL.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <unistd.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <string>
#include <vector>

#include "app/core/command_line.h"
#include "app/editor.h"
#include "app/inspection.h"
#include "app/scene_draw.h"
#include "app/panels.h"
#include "app/state_dump.h"
#include "app/viewport_input.h"
#include "render/renderer.h"

namespace {

// Creates the window with a GL 3.3 core context, preferring 4x MSAA.
bool create_window(const app::Options& options, SDL_Window*& window, SDL_GLContext& context,
                   std::string& error) {
  for (int samples : {4, 0}) {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 0 ? 1 : 0);
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples);
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    window = SDL_CreateWindow("ikscope", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                              options.height, flags);
    if (!window) continue;
    context = SDL_GL_CreateContext(window);
    if (context) return true;
    SDL_DestroyWindow(window);
    window = nullptr;
  }
  error = std::string("cannot create an OpenGL 3.3 core window: ") + SDL_GetError();
  return false;
}

// How much larger than 96 dpi the UI should be drawn (1 on an ordinary screen). On
// macOS-style HiDPI the framebuffer is already larger than the window and ImGui's
// backend scales for us; on X11/Windows the DPI says it.
float ui_scale(SDL_Window* window) {
  int ww = 0, wh = 0, dw = 0, dh = 0;
  SDL_GetWindowSize(window, &ww, &wh);
  SDL_GL_GetDrawableSize(window, &dw, &dh);
  if (dw > ww) return 1.0f;
  float ddpi = 0.0f;
  if (SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), &ddpi, nullptr, nullptr) != 0) return 1.0f;
  const float scale = ddpi / 96.0f;
  return scale > 1.2f && scale < 4.0f ? scale : 1.0f;
}

void setup_imgui_style(float scale) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowBorderSize = 0.0f;
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.135f, 0.145f, 1.0f);
  style.Colors[ImGuiCol_MenuBarBg] = ImVec4(0.10f, 0.105f, 0.115f, 1.0f);
  style.ScaleAllSizes(scale);
  ImGuiIO& io = ImGui::GetIO();
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (FILE* f = std::fopen(font, "rb")) {
    std::fclose(f);
    io.Fonts->AddFontFromFileTTF(font, 15.0f * scale);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }
}

// Follows the pointer through the window's own events (window coordinates).
void track_pointer(const SDL_Event& event, ImVec2& pointer) {
  switch (event.type) {
    case SDL_MOUSEMOTION:
      pointer = ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      pointer = ImVec2(static_cast<float>(event.button.x), static_cast<float>(event.button.y));
      break;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_LEAVE) pointer = ImVec2(-FLT_MAX, -FLT_MAX);
      break;
    default:
      break;
  }
}

// Resident memory in KiB: /proc/self/statm's second field, in pages; -1 without /proc.
long resident_kib() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return -1;
  long total_pages = 0, resident_pages = 0;
  const bool read = std::fscanf(f, "%ld %ld", &total_pages, &resident_pages) == 2;
  std::fclose(f);
  return read ? resident_pages * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

// Milliseconds since this process started: CLOCK_BOOTTIME now minus the start time the
// kernel keeps in /proc/self/stat (field 22, in clock ticks since boot, usually 10 ms).
// Unlike a clock read in main(), this includes loading the shared libraries. -1 without /proc.
double ms_since_process_start() {
  std::FILE* file = std::fopen("/proc/self/stat", "r");
  if (file == nullptr) return -1.0;
  char text[1024];
  const size_t length = std::fread(text, 1, sizeof text - 1, file);
  std::fclose(file);
  text[length] = '\0';
  // Fields after the command name (which may hold spaces) start at field 3.
  const char* p = std::strrchr(text, ')');
  if (p == nullptr) return -1.0;
  unsigned long long start_ticks = 0;
  int field = 2;
  for (const char* token = std::strtok(const_cast<char*>(p + 1), " "); token != nullptr; token = std::strtok(nullptr, " "))
    if (++field == 22) {
      start_ticks = std::strtoull(token, nullptr, 10);
      break;
    }
  timespec now{};
  if (field != 22 || clock_gettime(CLOCK_BOOTTIME, &now) != 0) return -1.0;
  const double now_s = static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  return 1000.0 * (now_s - static_cast<double>(start_ticks) / static_cast<double>(sysconf(_SC_CLK_TCK)));
}

// Fills app::RunHealth: frame_done() once per frame; each time a second has passed it
// appends that second's resident memory and mean / longest frame. Cheap enough to stay on:
// one counter read per frame, one small /proc read per second.
struct HealthSampler {
  const Uint64 ticks_per_second = SDL_GetPerformanceFrequency();
  Uint64 second_start = SDL_GetPerformanceCounter();
  Uint64 frame_start = second_start;
  double sum_ms = 0.0, max_ms = 0.0;
  int frames = 0;

  void frame_done(app::RunHealth& health) {
    const Uint64 now = SDL_GetPerformanceCounter();
    const double ms = 1000.0 * static_cast<double>(now - frame_start) / static_cast<double>(ticks_per_second);
    frame_start = now;
    sum_ms += ms;
    max_ms = std::max(max_ms, ms);
    ++frames;
    if (now - second_start < ticks_per_second) return;
    health.rss_kib_per_second.push_back(resident_kib());
    health.frame_ms_per_second.push_back({sum_ms / frames, max_ms});
    // Whole seconds from the start, so sample k stays at second k + 1 over a long run;
    // after a frame longer than a second, start counting again from now.
    second_start += ticks_per_second;
    if (now - second_start >= ticks_per_second) second_start = now;
    sum_ms = max_ms = 0.0;
    frames = 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  app::Options options;
  std::string error;
  if (!app::parse_command_line(argc, argv, options, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    return 2;
  }
  if (options.help) {
    std::fputs(app::usage_text(), stdout);
    return 0;
  }

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "ikscope: cannot start SDL: %s\n", SDL_GetError());
    return 1;
  }
  SDL_Window* window = nullptr;
  SDL_GLContext gl_context = nullptr;
  if (!create_window(options, window, gl_context, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    SDL_Quit();
    return 1;
  }
  SDL_GL_MakeCurrent(window, gl_context);
  // Batch runs (--frames) go as fast as they can; interactive runs follow the display.
  SDL_GL_SetSwapInterval(options.frames > 0 ? 0 : 1);
  if (!render::load_gl(reinterpret_cast<render::GetProcAddress>(SDL_GL_GetProcAddress), error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    SDL_GL_DeleteContext(gl_context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; nothing to remember
  setup_imgui_style(ui_scale(window));
  ImGui_ImplSDL2_InitForOpenGL(window, gl_context);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  render::Renderer renderer;
  if (!renderer.init(error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    return 1;
  }

  app::Editor editor;
  bool initial_open_failed = false;
  if (!options.file.empty()) initial_open_failed = !app::open_rig(editor, options.file);
  if (!editor.has_rig) {
    // Nothing to show yet: open the built-in humanoid, but keep the error on screen.
    const std::string failure = editor.status;
    app::open_rig(editor, IKSCOPE_DEFAULT_RIG);
    if (initial_open_failed) {  // already printed once: show it again, do not log it again
      editor.status = failure;
      editor.status_is_error = true;
    }
  }

  int uploaded_generation = -1;  // the rig whose meshes the renderer holds
  app::ViewportInput input;
  app::ViewportArea area;
  app::WindowMetrics metrics;
  app::RunHealth health;  // per-second memory and frame-time samples, for --state-out
  std::string title_path;  // the rig named in the window title
  std::vector<SDL_Event> viewport_events;           // this frame's input, for the viewport
  ImVec2 pointer(-FLT_MAX, -FLT_MAX);               // window coordinates, from events
  int exit_code = 0;
  HealthSampler health_sampler;
  bool running = true;
  for (int frame = 0; running; ++frame) {
    SDL_Event event;
    viewport_events.clear();
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      track_pointer(event, pointer);
      if (event.type == SDL_QUIT) running = false;
      if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
          event.window.windowID == SDL_GetWindowID(window))
        running = false;
      if (event.type == SDL_DROPFILE) {
        app::open_rig(editor, event.drop.file);
        SDL_free(event.drop.file);
        continue;
      }
      viewport_events.push_back(event);
    }
    if (editor.has_rig && editor.rig.path != title_path) {
      title_path = editor.rig.path;
      SDL_SetWindowTitle(window, ("ikscope - " + title_path).c_str());
    }

    SDL_GetWindowSize(window, &metrics.window_width, &metrics.window_height);
    SDL_GL_GetDrawableSize(window, &metrics.framebuffer_width, &metrics.framebuffer_height);

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // The pointer as our window's own events place it. ImGui 1.86's SDL backend polls
    // SDL's global mouse state, which on X11 can lag behind the window's events (it is
    // refreshed by XInput2 raw motion, which warped or synthetic pointers do not send):
    // ImGui would then hover, and click, where the pointer was frames ago.
    if (pointer.x > -FLT_MAX) ImGui::GetIO().MousePos = pointer;
    ImGui::NewFrame();
    // Viewport input after NewFrame, so WantCaptureMouse describes where the pointer is now.
    for (const SDL_Event& e : viewport_events)
      app::handle_viewport_event(editor, input, e, area, ImGui::GetIO().WantCaptureMouse,
                                 ImGui::GetIO().WantCaptureKeyboard);
    if (editor.quit_requested) running = false;
    editor.hovered_joint = -1;  // re-found this frame by the panels or the viewport
    editor.hovered_goal = -1;
    area = app::draw_ui(editor, static_cast<float>(metrics.window_width),
                        static_cast<float>(metrics.window_height));
    if (!ImGui::GetIO().WantCaptureMouse && input.drag == app::ViewportInput::Drag::none) {
      int mx = 0, my = 0;
      SDL_GetMouseState(&mx, &my);
      const float fx = static_cast<float>(mx), fy = static_cast<float>(my);
      if (editor.has_rig && area.contains(fx, fy)) {
        // A goal handle under the mouse wins over the joint behind it (it is what a press drags).
        editor.hovered_goal =
            app::pick_point(editor.camera, area, app::goal_positions(editor), fx, fy, app::kGoalPickRadius);
        if (editor.hovered_goal < 0)
          editor.hovered_joint = app::pick_joint(editor.camera, area, editor.world, fx, fy, app::kPickRadius);
      }
    } else if (input.drag == app::ViewportInput::Drag::goal) {
      editor.hovered_goal = input.goal_chain;
    }
    if (editor.solving) app::solve_chains(editor);
    if (editor.compare_mode) editor.comparison = app::compare_solvers(editor);
    if (editor.frame_all_requested && editor.has_rig) {
      app::frame_all(editor, area.aspect());
      editor.frame_all_requested = false;
    }
    ImGui::Render();

    // The viewport in framebuffer pixels, origin bottom-left.
    const float sx = static_cast<float>(metrics.framebuffer_width) / static_cast<float>(metrics.window_width);
    const float sy = static_cast<float>(metrics.framebuffer_height) / static_cast<float>(metrics.window_height);
    render::ViewportRect rect;
    rect.x = static_cast<int>(area.x * sx);
    rect.width = static_cast<int>(area.width * sx);
    rect.height = static_cast<int>(area.height * sy);
    rect.y = metrics.framebuffer_height - static_cast<int>((area.y + area.height) * sy);
    if (editor.has_rig && editor.rig_generation != uploaded_generation) {
      renderer.upload_skinned_meshes(editor.rig.skeleton, editor.rig.meshes);
      uploaded_generation = editor.rig_generation;
    }
    renderer.begin_frame(metrics.framebuffer_width, metrics.framebuffer_height, editor.camera, rect);
    renderer.draw_grid(app::scene_size(editor));
    if (editor.has_rig) {
      render::SkeletonDraw draw;
      draw.skeleton = &editor.rig.skeleton;
      draw.world = &editor.world;
      draw.selected_joint = editor.selected_joint;
      draw.hovered_joint = editor.hovered_joint;
      renderer.draw_skeleton(draw);
      if (editor.show_mesh && !editor.rig.meshes.empty()) {
        render::SkinnedMeshDraw mesh;
        mesh.world = &editor.world;
        renderer.draw_skinned_meshes(mesh);
      }
      app::draw_solve_overlays(renderer, editor);
      app::draw_goals(renderer, editor);
    }
    renderer.end_frame();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (editor.screenshot_requested) {
      editor.screenshot_requested = false;
      char name[64];
      const std::time_t now = std::time(nullptr);
      std::strftime(name, sizeof(name), "ikscope-%Y%m%d-%H%M%S.png", std::localtime(&now));
      if (render::save_framebuffer_png(metrics.framebuffer_width, metrics.framebuffer_height, name, error))
        app::set_status(editor, std::string("screenshot written to ") + name, false);
      else
        app::set_status(editor, error, true);
    }
    const bool last_frame = options.frames > 0 && frame + 1 >= options.frames;
    if (last_frame && !options.screenshot.empty()) {
      if (!render::save_framebuffer_png(metrics.framebuffer_width, metrics.framebuffer_height,
                                        options.screenshot, error)) {
        std::fprintf(stderr, "ikscope: %s\n", error.c_str());
        exit_code = 1;
      }
    }
    SDL_GL_SwapWindow(window);
    if (frame == 0) health.startup_ms = ms_since_process_start();
    health_sampler.frame_done(health);
    if (last_frame) running = false;
  }

  if (!options.state_out.empty() &&
      !app::write_state_json(editor, area, metrics, health, options.state_out, error)) {
    std::fprintf(stderr, "ikscope: %s\n", error.c_str());
    exit_code = 1;
  }
  // A script that asked for a file it did not get should know.
  if (initial_open_failed && options.frames > 0) exit_code = 1;

  renderer.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl_context);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exit_code;
}
