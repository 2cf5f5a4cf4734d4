// The OpenGL 3.3 core renderer. Reads skeletons and world transforms, never changes
// them, knows nothing of ImGui or SDL. Needs a current GL context; load_gl() first.
//
// A frame:  begin_frame, then any of draw_grid / draw_skeleton / draw_lines /
// draw_polyline / draw_points in any order (depth-tested against each other), then
// draw_skinned_meshes if wanted (translucent: after the opaque draws), then end_frame.
// Everything drawn is in model space (forward kinematics' world space). Works with and
// without a multisampled framebuffer; lines, points, grid and bone edges are anti-aliased
// in the shaders either way.
//
// GL state: between begin_frame and end_frame the renderer owns the state and expects
// nobody else to change it. end_frame leaves: depth test, blending, face culling and
// scissor test disabled; depth writes on; no program, vertex array or array buffer
// bound; no texture bound to GL_TEXTURE_BUFFER, texture unit 0 active; glViewport the
// whole framebuffer. (ImGui's OpenGL3 backend sets everything it needs itself, so it can
// draw right after.)
#pragma once

#include <string>
#include <vector>

#include "render/camera.h"
#include "solvers/anim/skeleton.h"

namespace ik {
struct SkinnedMesh;  // io/gltf/skinned_mesh.h
}

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

struct SkinnedMeshDraw {
  // Model space, one per joint of the skeleton given to upload_skinned_meshes (forward
  // kinematics of the current pose).
  const std::vector<glm::mat4>* world = nullptr;
  glm::vec4 colour{0.64f, 0.73f, 0.87f, 0.38f};  // display RGB + opacity: light bluish grey
};

// What one frame (begin_frame to end_frame) asked of GL, for --state-out and for the
// tests that a large rig costs no more draw calls than a small one: every draw call
// (instanced draws count once; the skinned meshes one per mesh), the triangles the
// background, grid, skeleton and overlay draws submit (instances times the mesh's
// triangles; the skinned meshes' are not counted), and the instances of each kind.
struct FrameStats {
  int draw_calls = 0;
  long long triangles = 0;
  int bones = 0;          // octahedra drawn
  int joints = 0;         // joint spheres drawn (eye-facing squares, two triangles each)
  int points = 0;         // round points drawn (goal handles, markers)
  int points_culled = 0;  // points left out by draw_points' overlap culling
};

class Renderer {
 public:
  Renderer() = default;
  ~Renderer();  // frees CPU memory only: call shutdown() while the context is current
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Compiles the embedded shaders and builds the meshes. Returns false with a message
  // (naming the shader file and the driver's log if a shader does not compile).
  bool init(std::string& error);
  // Deletes every GL object; needs the context current. Safe to call twice.
  void shutdown();

  // Clears the whole framebuffer, draws the background into `viewport` and sets the
  // camera (aspect = the viewport's) and glViewport for the draws that follow.
  void begin_frame(int framebuffer_width, int framebuffer_height, const Camera& camera,
                   const ViewportRect& viewport = {});
  // A floor grid in the XZ plane through the origin, sized for a rig of `scene_size` units
  // (e.g. its bounding-box diagonal): minor lines at the power of ten that puts 10-100 of
  // them across the rig, major lines every ten, X axis red, Z axis blue, fading out at
  // five times the scene size (see grid_spacing.h). Depth-tested, writes no depth.
  void draw_grid(float scene_size);
  // Bones as shaded octahedra from each joint to each child (Blender's octahedral bones:
  // widest at 10% of the length, roll following the parent joint's X axis), joints as
  // small spheres. The selected joint and its bones (to its children) are orange, the
  // hovered ones pale orange; tips that build_skeleton added are smaller and dimmer.
  // One instanced draw call for all bones and one for all joints; a joint is an
  // eye-facing square whose fragments ray-trace the sphere (two triangles, not a mesh).
  void draw_skeleton(const SkeletonDraw& draw);

  // Line segments points[0]-points[1], points[2]-points[3], ... (model space). `colours`
  // has one colour per point (a segment blends between its ends) or a single colour for
  // all; display RGB + alpha. Width in framebuffer pixels. `on_top` draws them through
  // everything (no depth test). An odd last point is ignored; a colour count that is
  // neither 1 nor points.size() draws nothing.
  void draw_lines(const std::vector<glm::vec3>& points, const std::vector<glm::vec4>& colours,
                  float width_pixels = 2.0f, bool on_top = false);
  // A connected line through points[0], points[1], ... (e.g. an effector's trail); the
  // same rules for colours, width and on_top as draw_lines.
  void draw_polyline(const std::vector<glm::vec3>& points, const std::vector<glm::vec4>& colours,
                     float width_pixels = 2.0f, bool on_top = false);
  // Round screen-facing dots with a dark outline (goal handles, markers), one per centre
  // (model space), `radius_pixels` in framebuffer pixels; colours as in draw_lines.
  // `cull_overlapping`: a point whose centre falls within radius_pixels of a point drawn
  // after it (so drawn over it) is left out (overlay_instances.h, cull_overlapping_points):
  // thousands of goal handles on a large rig stay a readable set of dots.
  void draw_points(const std::vector<glm::vec3>& centres, const std::vector<glm::vec4>& colours,
                   float radius_pixels = 6.0f, bool on_top = false, bool cull_overlapping = false);

  // Skinned meshes (ik::ImportedRig::meshes). Upload once per rig, when it is opened: the
  // vertex and index buffers go to the GPU and stay there (an empty list frees them).
  // `skeleton` is the rig's; the meshes' joint indices refer to it. Needs init() (a call
  // before it does nothing), not a frame.
  void upload_skinned_meshes(const ik::Skeleton& skeleton,
                             const std::vector<ik::SkinnedMesh>& meshes);
  // Draws the uploaded meshes deformed by `draw.world` (linear blend skinning on the GPU;
  // the joint matrices are uploaded once per call, one texture buffer for all meshes).
  // Translucent, so the bones show through: call it after the opaque draws. Depth-tested,
  // writes no depth, back faces culled, lit like the bones. Draws nothing if no mesh is
  // uploaded or `draw.world` does not have one matrix per joint of the uploaded skeleton.
  void draw_skinned_meshes(const SkinnedMeshDraw& draw);

  // Leaves the GL state documented above.
  void end_frame();
  // The counts of the frame that last ended (all zero before the first).
  const FrameStats& last_frame_stats() const;

 private:
  struct Impl;
  Impl* impl_ = nullptr;
};

// Reads the current read framebuffer (glReadPixels from (0, 0); the back buffer of a
// double-buffered window, so call it before swapping) and writes it as an RGB PNG,
// top row first, atomically ("<path>.tmp", then rename). Returns false with a message
// naming the file.
bool save_framebuffer_png(int width, int height, const std::string& path, std::string& error);

}  // namespace render
