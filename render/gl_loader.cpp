// load_gl: glad 2 with the window system's GetProcAddress, then a version check.
#include "render/renderer.h"

#include <glad/gl.h>

namespace render {
namespace {

// glad's loader callback has its own signature; the window system's function travels
// through glad's user pointer.
GLADapiproc load_entry_point(void* user, const char* name) {
  const auto get_proc = *static_cast<const GetProcAddress*>(user);
  return reinterpret_cast<GLADapiproc>(get_proc(name));
}

}  // namespace

bool load_gl(GetProcAddress get_proc, std::string& error) {
  if (get_proc == nullptr) {
    error = "OpenGL: no GetProcAddress function given";
    return false;
  }
  const int version = gladLoadGLUserPtr(load_entry_point, &get_proc);
  if (version == 0) {
    error = "OpenGL: could not load the OpenGL entry points (is a context current?)";
    return false;
  }
  const int major = GLAD_VERSION_MAJOR(version);
  const int minor = GLAD_VERSION_MINOR(version);
  if (major < 3 || (major == 3 && minor < 3)) {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    error = "OpenGL 3.3 core is needed, but the context has " + std::to_string(major) + "." +
            std::to_string(minor) + " (" + (renderer ? renderer : "unknown renderer") + ")";
    return false;
  }
  return true;
}

}  // namespace render
