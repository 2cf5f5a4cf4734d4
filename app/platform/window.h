// The window-system glue: SDL2 with an OpenGL 3.3 core context, Dear ImGui on top (its
// SDL2 and OpenGL3 backends, our style and font), and the pointer as the window's own
// events place it. Nothing here knows the editor; main.cpp's frame goes
// poll (track_pointer) -> begin_ui_frame -> panels -> 3D view -> draw_ui_frame -> swap_buffers.
#pragma once

#include <SDL.h>
#include <imgui.h>

#include <cfloat>
#include <string>

#include "app/editor/command_line.h"
#include "app/editor/viewport.h"

namespace app {

struct Window {
  SDL_Window* sdl = nullptr;
  SDL_GLContext gl = nullptr;
  // Where the window's own events last put the pointer (window coordinates); -FLT_MAX
  // when it is outside (begin_ui_frame says why ImGui is told so).
  ImVec2 pointer{-FLT_MAX, -FLT_MAX};
};

// Starts SDL, opens the window (options.width x options.height, options.msaa samples if the
// system has such a window), loads OpenGL 3.3 core, starts ImGui. Batch runs (options.frames > 0) do not wait for
// the display's refresh. On failure undoes what it did and `error` says what failed.
bool open_window(const Options& options, Window& window, std::string& error);

// ImGui, the context, the window and SDL, in reverse order of open_window.
void close_window(Window& window);

// Follows the pointer through one of the window's events.
void track_pointer(Window& window, const SDL_Event& event);

// True if `event` asks to close the program (the window's close button, SDL_QUIT).
bool is_close_request(const Window& window, const SDL_Event& event);

// The window's size in points and its framebuffer's in pixels, now.
WindowMetrics measure(const Window& window);

// ImGui's new frame (after the events were fed to ImGui_ImplSDL2_ProcessEvent).
void begin_ui_frame(const Window& window);

// ImGui's draw lists (from ImGui::Render) onto the framebuffer, over the 3D view.
void draw_ui_frame();

// Shows the frame drawn.
void swap_buffers(const Window& window);

// The refresh rate of the display the window is on, in Hz; 60 where SDL does not know it.
double refresh_rate_hz(const Window& window);

// Puts "ikscope - <what>" in the title bar.
void set_window_title(const Window& window, const std::string& what);

}  // namespace app
