#include "app/platform/screenshot.h"

#include <ctime>

#include "render/renderer.h"

namespace app {

void take_requested_screenshot(Editor& editor, const WindowMetrics& metrics, long frame) {
  if (!editor.ui.screenshot_requested) return;
  editor.ui.screenshot_requested = false;
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof(name), "ikscope-%Y%m%d-%H%M%S.png", std::localtime(&now));
  std::string error;
  if (save_screenshot(metrics, name, error)) {
    set_status(editor, std::string("screenshot written to ") + name, false);
    editor.ui.screenshots_taken.push_back({name, frame});
  }
  else
    set_status(editor, error, true);
}

bool save_screenshot(const WindowMetrics& metrics, const std::string& path, std::string& error) {
  return render::save_framebuffer_png(metrics.framebuffer_width, metrics.framebuffer_height, path,
                                      error);
}

}  // namespace app
