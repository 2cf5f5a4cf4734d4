// save_framebuffer_png: glReadPixels, flip to top-row-first, stb_image_write, rename.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <glad/gl.h>
// Declarations only: the implementation comes from Debian's libstb.so (see CMakeLists.txt).
#include <stb_image_write.h>

#include "render/renderer.h"

namespace render {

bool save_framebuffer_png(int width, int height, const std::string& path, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = path + ": cannot save a " + std::to_string(width) + "x" + std::to_string(height) +
            " screenshot";
    return false;
  }
  const auto row_bytes = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> bottom_up(row_bytes * static_cast<std::size_t>(height));

  // Tightly packed rows from client memory; put back the caller's alignment afterwards.
  GLint old_alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &old_alignment);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  while (glGetError() != GL_NO_ERROR) {
  }  // so the check below sees only this read's errors
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, bottom_up.data());
  const GLenum read_error = glGetError();
  glPixelStorei(GL_PACK_ALIGNMENT, old_alignment);
  if (read_error != GL_NO_ERROR) {
    error =
        path + ": could not read the framebuffer (OpenGL error " + std::to_string(read_error) + ")";
    return false;
  }

  // GL's rows go bottom to top, PNG's top to bottom.
  std::vector<unsigned char> top_down(bottom_up.size());
  for (int y = 0; y < height; ++y) {
    const unsigned char* from =
        bottom_up.data() + static_cast<std::size_t>(height - 1 - y) * row_bytes;
    std::copy(from, from + row_bytes, top_down.data() + static_cast<std::size_t>(y) * row_bytes);
  }

  // Write beside the target and rename, so a reader never sees a half-written PNG.
  const std::string temporary = path + ".tmp";
  if (stbi_write_png(temporary.c_str(), width, height, 3, top_down.data(),
                     static_cast<int>(row_bytes)) == 0) {
    std::remove(temporary.c_str());
    error = path + ": could not write the PNG (is the folder there and writable?)";
    return false;
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    error = path + ": could not move the finished PNG into place";
    return false;
  }
  return true;
}

}  // namespace render
