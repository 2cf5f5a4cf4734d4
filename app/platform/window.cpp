#include "app/platform/window.h"

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <cstdio>

#include "render/renderer.h"

namespace app {
namespace {

// Creates the window with a GL 3.3 core context, with options.msaa samples if the system
// has such a window, else none.
bool create_window(const Options& options, Window& window, std::string& error) {
  for (int samples : {options.msaa, 0}) {
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
    window.sdl = SDL_CreateWindow("ikscope", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  options.width, options.height, flags);
    if (!window.sdl) continue;
    window.gl = SDL_GL_CreateContext(window.sdl);
    if (window.gl) return true;
    SDL_DestroyWindow(window.sdl);
    window.sdl = nullptr;
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
  if (SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), &ddpi, nullptr, nullptr) != 0)
    return 1.0f;
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
    // Latin-1 plus the general punctuation block: the ellipsis of names elided in the
    // middle (app/editor/elide.h), dashes and quotes.
    static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2010, 0x206F, 0};
    io.Fonts->AddFontFromFileTTF(font, 15.0f * scale, nullptr, kRanges);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }
}

}  // namespace

bool open_window(const Options& options, Window& window, std::string& error) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    error = std::string("cannot start SDL: ") + SDL_GetError();
    return false;
  }
  if (!create_window(options, window, error)) {
    SDL_Quit();
    return false;
  }
  SDL_GL_MakeCurrent(window.sdl, window.gl);
  // Batch runs (--frames) go as fast as they can; interactive runs follow the display.
  SDL_GL_SetSwapInterval(options.frames > 0 ? 0 : 1);
  if (!render::load_gl(reinterpret_cast<render::GetProcAddress>(SDL_GL_GetProcAddress), error)) {
    SDL_GL_DeleteContext(window.gl);
    SDL_DestroyWindow(window.sdl);
    SDL_Quit();
    window = Window{};
    return false;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; nothing to remember
  setup_imgui_style(ui_scale(window.sdl));
  ImGui_ImplSDL2_InitForOpenGL(window.sdl, window.gl);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  return true;
}

void close_window(Window& window) {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(window.gl);
  SDL_DestroyWindow(window.sdl);
  SDL_Quit();
  window = Window{};
}

void track_pointer(Window& window, const SDL_Event& event) {
  switch (event.type) {
    case SDL_MOUSEMOTION:
      window.pointer =
          ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      window.pointer =
          ImVec2(static_cast<float>(event.button.x), static_cast<float>(event.button.y));
      break;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_LEAVE) window.pointer = ImVec2(-FLT_MAX, -FLT_MAX);
      break;
    default:
      break;
  }
}

bool is_close_request(const Window& window, const SDL_Event& event) {
  return event.type == SDL_QUIT ||
         (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
          event.window.windowID == SDL_GetWindowID(window.sdl));
}

WindowMetrics measure(const Window& window) {
  WindowMetrics metrics;
  SDL_GetWindowSize(window.sdl, &metrics.window_width, &metrics.window_height);
  SDL_GL_GetDrawableSize(window.sdl, &metrics.framebuffer_width, &metrics.framebuffer_height);
  return metrics;
}

void begin_ui_frame(const Window& window) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // The pointer as our window's own events place it. ImGui 1.86's SDL backend polls
  // SDL's global mouse state, which on X11 can lag behind the window's events (it is
  // refreshed by XInput2 raw motion, which warped or synthetic pointers do not send):
  // ImGui would then hover, and click, where the pointer was frames ago.
  if (window.pointer.x > -FLT_MAX) ImGui::GetIO().MousePos = window.pointer;
  ImGui::NewFrame();
}

void draw_ui_frame() { ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); }

void swap_buffers(const Window& window) { SDL_GL_SwapWindow(window.sdl); }

double refresh_rate_hz(const Window& window) {
  SDL_DisplayMode mode;
  if (SDL_GetWindowDisplayMode(window.sdl, &mode) == 0 && mode.refresh_rate > 0) return mode.refresh_rate;
  return 60.0;
}

void set_window_title(const Window& window, const std::string& what) {
  SDL_SetWindowTitle(window.sdl, ("ikscope - " + what).c_str());
}

}  // namespace app
