// The OpenGL 3.3 core renderer. Reads skeletons and world transforms, never changes
// them, knows nothing of ImGui or SDL. Needs a current GL context; load_gl() first.
#pragma once

#include <string>
#include <vector>

#include "render/camera.h"
#include "solvers/skeleton.h"

namespace render {

// Loads the GL 3.3 core entry points through glad with the window system's
// GetProcAddress. Returns false if the context is older than 3.3.
using GetProcAddress = void* (*)(const char* name);
bool load_gl(GetProcAddress get_proc, std::string& error);

struct SkeletonDraw {
  const ik::Skeleton* skeleton = nullptr;
  const std::vector<glm::mat4>* world = nullptr;  // model space, one per joint
  int selected_joint = -1;                        // drawn highlighted, -1 = none
  int hovered_joint = -1;
};

// The part of the framebuffer the 3D view occupies, in framebuffer pixels, origin at the
// bottom-left (GL's convention). A zero width or height means the whole framebuffer.
struct ViewportRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

class Renderer {
 public:
  // Compiles the embedded shaders and builds the meshes. Returns false with a message.
  bool init(std::string& error);
  void shutdown();

  // Clears the whole framebuffer, draws the background into `viewport` and sets the
  // camera (aspect = the viewport's) and glViewport for the draws that follow.
  void begin_frame(int framebuffer_width, int framebuffer_height, const Camera& camera,
                   const ViewportRect& viewport = {});
  // A floor grid in the XZ plane through the origin, sized for a rig of `scene_size` units.
  void draw_grid(float scene_size);
  // Bones as shaded octahedra from each joint to each child, joints as small spheres.
  void draw_skeleton(const SkeletonDraw& draw);
  void end_frame();

 private:
  struct Impl;
  Impl* impl_ = nullptr;
};

// Reads the current framebuffer (glReadPixels) and writes it as a PNG, atomically
// (temporary file, then rename). Returns false with a message naming the file.
bool save_framebuffer_png(int width, int height, const std::string& path, std::string& error);

}  // namespace render
