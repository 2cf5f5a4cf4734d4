// The OpenGL 3.3 core renderer: one program per kind of thing drawn, one static mesh
// each, and one streamed instance buffer each, refilled once per draw call (the CPU
// side vectors keep their capacity, so a steady frame allocates nothing).
//
// Index:
//   Colours and vertex layout    background and grid colours, attribute locations, float_attribute,
//                                mesh_instance_attributes, upload_stream (a fresh data store each time)
//   Renderer::Impl               programs, vertex arrays and buffers, this frame's camera, stats, scratch
//   Set-up and shutdown          build_programs, build_meshes, init, shutdown
//   Frame start, grid, skeleton  begin_frame (clear, background, camera), draw_grid, draw_skeleton
//   Lines and points             draw_line_instances, draw_lines, draw_polyline, draw_points (culling overlaps)
//   Skinned meshes               upload_skinned_meshes, draw_skinned_meshes
//   End of the frame             last_frame_stats, end_frame (the GL state back to its defaults)
#include "render/renderer.h"

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <iterator>

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>

#include "render/bone_instances.h"
#include "render/gl_program.h"
#include "render/grid_spacing.h"
#include "render/meshes.h"
#include "render/overlay_instances.h"
#include "render/skinned_mesh_draw.h"

namespace render {
namespace {

// ---- Colours and vertex layout ----------------------------------------------------------

// Background gradient (display RGB), Blender-like dark grey, lighter at the top.
const glm::vec3 kBackgroundBottom(0.145f, 0.148f, 0.157f);
const glm::vec3 kBackgroundTop(0.285f, 0.292f, 0.310f);
// Grid line colours: display RGB + opacity over the background.
const glm::vec4 kGridMinor(0.55f, 0.56f, 0.60f, 0.09f);
const glm::vec4 kGridMajor(0.62f, 0.63f, 0.67f, 0.26f);
const glm::vec4 kGridAxisX(0.86f, 0.30f, 0.32f, 0.85f);  // the X axis, red as in Blender
const glm::vec4 kGridAxisZ(0.30f, 0.48f, 0.90f, 0.85f);  // the Z axis, blue
// Selected and hovered joints are drawn at least this big (framebuffer pixels).
constexpr float kHighlightRadiusPixels = 4.0f;

// Vertex attribute locations shared by the instanced programs (see the .vert files).
constexpr GLuint kInstanceModelLocation = 2;  // mat4: locations 2..5
constexpr GLuint kInstanceColourLocation = 6;

static_assert(sizeof(MeshInstance) == 20 * sizeof(float), "MeshInstance must be tightly packed");

void float_attribute(GLuint location, GLint components, GLsizei stride, std::size_t offset,
                     GLuint divisor) {
  glEnableVertexAttribArray(location);
  glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, stride, byte_offset(offset));
  glVertexAttribDivisor(location, divisor);
}

// The per-instance matrix (four vec4 columns) and colour of the bone and joint programs.
void mesh_instance_attributes(GLuint instance_buffer) {
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer);
  const auto stride = static_cast<GLsizei>(sizeof(MeshInstance));
  for (GLuint column = 0; column < 4; ++column)
    float_attribute(kInstanceModelLocation + column, 4, stride, column * sizeof(glm::vec4), 1);
  float_attribute(kInstanceColourLocation, 4, stride, sizeof(glm::mat4), 1);
}

template <typename T>
void upload_stream(GLuint buffer, const std::vector<T>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  // A fresh data store each time ("orphaning"): the driver need not wait for draws still
  // reading the previous contents.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(),
               GL_STREAM_DRAW);
}

}  // namespace

// ---- Renderer::Impl ---------------------------------------------------------------------

struct Renderer::Impl {
  struct Program {
    GLuint id = 0;
    GLint view = -1, projection = -1, view_projection = -1, view_up = -1;
    GLint viewport_size = -1, half_width = -1, cap = -1, radius = -1;
    GLint bottom_colour = -1, top_colour = -1;
    GLint minor = -1, major = -1, extent = -1;
    GLint minor_colour = -1, major_colour = -1, axis_x_colour = -1, axis_z_colour = -1;
  };
  Program background, grid, bone, joint, line, point;

  GLuint empty_vao = 0;  // the background needs a bound vertex array, with no attributes
  GLuint grid_vao = 0, grid_corners = 0;
  GLuint bone_vao = 0, bone_mesh = 0, bone_instance_buffer = 0;
  GLsizei bone_vertex_count = 0;
  GLuint joint_vao = 0, joint_corners = 0, joint_instance_buffer = 0;  // sphere impostors
  GLuint line_vao = 0, line_corners = 0, line_instance_buffer = 0;
  GLuint point_vao = 0, point_corners = 0, point_instance_buffer = 0;
  SkinnedMeshPass skinned;  // its own program, mesh buffers and joint matrices

  // This frame's camera and viewport.
  glm::mat4 view{1.0f}, projection{1.0f}, view_projection{1.0f};
  glm::vec3 view_up{0.0f, 1.0f, 0.0f};  // model +Y in view space
  glm::vec2 viewport_size{1.0f};
  HighlightSize highlight;  // selected / hovered joints at least kHighlightRadiusPixels
  int framebuffer_width = 0, framebuffer_height = 0;
  FrameStats stats, last_stats;  // this frame's counts so far; the last finished frame's

  void count_draw(long long triangles_per_instance, std::size_t instances) {
    ++stats.draw_calls;
    stats.triangles += triangles_per_instance * static_cast<long long>(instances);
  }

  // Scratch reused every frame.
  SkeletonPalette palette;
  std::vector<MeshInstance> bone_instances, joint_instances;
  std::vector<LineInstance> line_instances;
  std::vector<PointInstance> point_instances;
  std::vector<glm::vec2> point_pixels;  // draw_points' culling: each centre in pixels
  std::vector<int> points_kept;

  bool build_programs(std::string& error);
  void build_meshes();
  void draw_line_instances(float width_pixels, float cap_pixels, bool on_top);
};

// ---- Set-up and shutdown ----------------------------------------------------------------

bool Renderer::Impl::build_programs(std::string& error) {
  struct Spec {
    Program* program;
    const char* name;              // shaders/<name>.vert and shaders/<name>.frag
    const char* fragment_library;  // inserted into the fragment shader, or nullptr
  };
  const Spec specs[] = {{&background, "background", nullptr},
                        {&grid, "grid", nullptr},
                        {&bone, "bone", "lighting.glsl"},
                        {&joint, "joint", "lighting.glsl"},
                        {&line, "line", nullptr},
                        {&point, "point", nullptr}};
  for (const Spec& spec : specs) {
    const std::string vertex = std::string(spec.name) + ".vert";
    const std::string fragment = std::string(spec.name) + ".frag";
    spec.program->id =
        build_program(vertex.c_str(), fragment.c_str(), error, spec.fragment_library);
    if (spec.program->id == 0) return false;
  }
  auto uniform = [&error](const Program& p, const char* name, const char* program_name) {
    return required_uniform(p.id, name, program_name, error);
  };
  background.bottom_colour = uniform(background, "u_bottom_colour", "background");
  background.top_colour = uniform(background, "u_top_colour", "background");
  grid.view_projection = uniform(grid, "u_view_projection", "grid");
  grid.extent = uniform(grid, "u_extent", "grid");
  grid.minor = uniform(grid, "u_minor", "grid");
  grid.major = uniform(grid, "u_major", "grid");
  grid.minor_colour = uniform(grid, "u_minor_colour", "grid");
  grid.major_colour = uniform(grid, "u_major_colour", "grid");
  grid.axis_x_colour = uniform(grid, "u_axis_x_colour", "grid");
  grid.axis_z_colour = uniform(grid, "u_axis_z_colour", "grid");
  for (Program* p : {&bone, &joint}) {
    const char* name = p == &bone ? "bone" : "joint";
    p->view = uniform(*p, "u_view", name);
    p->projection = uniform(*p, "u_projection", name);
    p->view_up = uniform(*p, "u_view_up", name);
  }
  line.view_projection = uniform(line, "u_view_projection", "line");
  line.viewport_size = uniform(line, "u_viewport_size", "line");
  line.half_width = uniform(line, "u_half_width", "line");
  line.cap = uniform(line, "u_cap", "line");
  point.view_projection = uniform(point, "u_view_projection", "point");
  point.viewport_size = uniform(point, "u_viewport_size", "point");
  point.radius = uniform(point, "u_radius", "point");
  return error.empty();
}

void Renderer::Impl::build_meshes() {
  glGenVertexArrays(1, &empty_vao);

  // Grid: a quad as a triangle strip, corners (+-1, +-1).
  const float quad[] = {-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};
  glGenVertexArrays(1, &grid_vao);
  glBindVertexArray(grid_vao);
  glGenBuffers(1, &grid_corners);
  glBindBuffer(GL_ARRAY_BUFFER, grid_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  float_attribute(0, 2, 2 * sizeof(float), 0, 0);

  // Bones: the octahedron (position + barycentric) and the instance stream.
  const std::vector<BoneVertex> octahedron = octahedron_bone();
  bone_vertex_count = static_cast<GLsizei>(octahedron.size());
  glGenVertexArrays(1, &bone_vao);
  glBindVertexArray(bone_vao);
  glGenBuffers(1, &bone_mesh);
  glBindBuffer(GL_ARRAY_BUFFER, bone_mesh);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(octahedron.size() * sizeof(BoneVertex)),
               octahedron.data(), GL_STATIC_DRAW);
  float_attribute(0, 3, sizeof(BoneVertex), offsetof(BoneVertex, position), 0);
  float_attribute(1, 3, sizeof(BoneVertex), offsetof(BoneVertex, barycentric), 0);
  glGenBuffers(1, &bone_instance_buffer);
  mesh_instance_attributes(bone_instance_buffer);

  // Joints: an eye-facing square per sphere (shaders/joint.vert) and the instance stream.
  glGenVertexArrays(1, &joint_vao);
  glBindVertexArray(joint_vao);
  glGenBuffers(1, &joint_corners);
  glBindBuffer(GL_ARRAY_BUFFER, joint_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  float_attribute(0, 2, 2 * sizeof(float), 0, 0);
  glGenBuffers(1, &joint_instance_buffer);
  mesh_instance_attributes(joint_instance_buffer);

  // Lines: a quad per segment, corners (0 = start | 1 = end, -1 | +1 across).
  const float line_quad[] = {0.0f, -1.0f, 1.0f, -1.0f, 0.0f, 1.0f, 1.0f, 1.0f};
  glGenVertexArrays(1, &line_vao);
  glBindVertexArray(line_vao);
  glGenBuffers(1, &line_corners);
  glBindBuffer(GL_ARRAY_BUFFER, line_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof(line_quad), line_quad, GL_STATIC_DRAW);
  float_attribute(0, 2, 2 * sizeof(float), 0, 0);
  glGenBuffers(1, &line_instance_buffer);
  glBindBuffer(GL_ARRAY_BUFFER, line_instance_buffer);
  constexpr auto kLineStride = static_cast<GLsizei>(sizeof(LineInstance));
  float_attribute(1, 3, kLineStride, offsetof(LineInstance, start), 1);
  float_attribute(2, 3, kLineStride, offsetof(LineInstance, end), 1);
  float_attribute(3, 4, kLineStride, offsetof(LineInstance, start_colour), 1);
  float_attribute(4, 4, kLineStride, offsetof(LineInstance, end_colour), 1);

  // Points: a square per point.
  glGenVertexArrays(1, &point_vao);
  glBindVertexArray(point_vao);
  glGenBuffers(1, &point_corners);
  glBindBuffer(GL_ARRAY_BUFFER, point_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  float_attribute(0, 2, 2 * sizeof(float), 0, 0);
  glGenBuffers(1, &point_instance_buffer);
  glBindBuffer(GL_ARRAY_BUFFER, point_instance_buffer);
  constexpr auto kPointStride = static_cast<GLsizei>(sizeof(PointInstance));
  float_attribute(1, 3, kPointStride, offsetof(PointInstance, centre), 1);
  float_attribute(2, 4, kPointStride, offsetof(PointInstance, colour), 1);

  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

Renderer::~Renderer() { delete impl_; }

bool Renderer::init(std::string& error) {
  shutdown();
  impl_ = new Impl;
  error.clear();
  if (!impl_->build_programs(error)) {
    shutdown();
    return false;
  }
  impl_->build_meshes();
  if (!impl_->skinned.init(error)) {
    shutdown();
    return false;
  }
  return true;
}

void Renderer::shutdown() {
  if (impl_ == nullptr) return;
  Impl& r = *impl_;
  r.skinned.shutdown();
  for (Impl::Program* p : {&r.background, &r.grid, &r.bone, &r.joint, &r.line, &r.point})
    if (p->id != 0) glDeleteProgram(p->id);
  const GLuint arrays[] = {r.empty_vao, r.grid_vao, r.bone_vao,
                           r.joint_vao, r.line_vao, r.point_vao};
  const GLuint buffers[] = {r.grid_corners,          r.bone_mesh,    r.bone_instance_buffer, r.joint_corners,
                            r.joint_instance_buffer, r.line_corners, r.line_instance_buffer, r.point_corners,
                            r.point_instance_buffer};
  // Deleting the name 0 is a no-op, so objects never created are fine here.
  glDeleteVertexArrays(static_cast<GLsizei>(std::size(arrays)), arrays);
  glDeleteBuffers(static_cast<GLsizei>(std::size(buffers)), buffers);
  delete impl_;
  impl_ = nullptr;
}

// ---- Frame start, grid, skeleton --------------------------------------------------------

void Renderer::begin_frame(int framebuffer_width, int framebuffer_height, const Camera& camera,
                           const ViewportRect& viewport) {
  Impl& r = *impl_;
  r.stats = FrameStats{};
  r.framebuffer_width = framebuffer_width;
  r.framebuffer_height = framebuffer_height;
  ViewportRect rect = viewport;
  if (rect.width <= 0 || rect.height <= 0) rect = {0, 0, framebuffer_width, framebuffer_height};

  // Clear all of the framebuffer: depth writes must be on for the depth clear to happen.
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glClearColor(kBackgroundBottom.r, kBackgroundBottom.g, kBackgroundBottom.b, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

  glViewport(rect.x, rect.y, rect.width, rect.height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glEnable(GL_MULTISAMPLE);  // no effect without a multisampled framebuffer
  glUseProgram(r.background.id);
  glUniform3fv(r.background.bottom_colour, 1, glm::value_ptr(kBackgroundBottom));
  glUniform3fv(r.background.top_colour, 1, glm::value_ptr(kBackgroundTop));
  glBindVertexArray(r.empty_vao);
  r.count_draw(1, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  // The 3D draws that follow: depth-tested, opaque unless a draw says otherwise.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);

  // A minimised window has a 0 x 0 framebuffer: keep the maths finite.
  const float aspect = rect.width > 0 && rect.height > 0
                           ? static_cast<float>(rect.width) / static_cast<float>(rect.height)
                           : 1.0f;
  r.view = camera.view();
  r.projection = camera.projection(aspect);
  r.view_projection = r.projection * r.view;
  r.view_up = glm::mat3(r.view) * glm::vec3(0.0f, 1.0f, 0.0f);
  r.viewport_size = glm::max(
      glm::vec2(static_cast<float>(rect.width), static_cast<float>(rect.height)), glm::vec2(1.0f));
  r.highlight.view = r.view;
  r.highlight.radius_per_depth =
      kHighlightRadiusPixels * 2.0f * std::tan(0.5f * camera.fov_y) / r.viewport_size.y;
}

void Renderer::draw_grid(float scene_size) {
  Impl& r = *impl_;
  const GridSpacing spacing = grid_spacing(scene_size);
  glUseProgram(r.grid.id);
  glUniformMatrix4fv(r.grid.view_projection, 1, GL_FALSE, glm::value_ptr(r.view_projection));
  glUniform1f(r.grid.extent, spacing.extent);
  glUniform1f(r.grid.minor, spacing.minor);
  glUniform1f(r.grid.major, spacing.major);
  glUniform4fv(r.grid.minor_colour, 1, glm::value_ptr(kGridMinor));
  glUniform4fv(r.grid.major_colour, 1, glm::value_ptr(kGridMajor));
  glUniform4fv(r.grid.axis_x_colour, 1, glm::value_ptr(kGridAxisX));
  glUniform4fv(r.grid.axis_z_colour, 1, glm::value_ptr(kGridAxisZ));
  // Translucent: blended (premultiplied alpha), depth-tested so bones in front hide it,
  // but writing no depth so it never hides what is drawn after it (bones below the floor).
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glBindVertexArray(r.grid_vao);
  r.count_draw(2, 1);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::draw_skeleton(const SkeletonDraw& draw) {
  if (draw.skeleton == nullptr || draw.world == nullptr) return;
  Impl& r = *impl_;
  build_skeleton_instances(*draw.skeleton, *draw.world, draw.selected_joint, draw.hovered_joint,
                           r.palette, r.highlight, r.bone_instances, r.joint_instances);

  if (!r.bone_instances.empty()) {
    glUseProgram(r.bone.id);
    glUniformMatrix4fv(r.bone.view, 1, GL_FALSE, glm::value_ptr(r.view));
    glUniformMatrix4fv(r.bone.projection, 1, GL_FALSE, glm::value_ptr(r.projection));
    glUniform3fv(r.bone.view_up, 1, glm::value_ptr(r.view_up));
    upload_stream(r.bone_instance_buffer, r.bone_instances);
    glBindVertexArray(r.bone_vao);
    r.count_draw(r.bone_vertex_count / 3, r.bone_instances.size());
    r.stats.bones += static_cast<int>(r.bone_instances.size());
    glDrawArraysInstanced(GL_TRIANGLES, 0, r.bone_vertex_count,
                          static_cast<GLsizei>(r.bone_instances.size()));
  }
  if (!r.joint_instances.empty()) {
    glUseProgram(r.joint.id);
    glUniformMatrix4fv(r.joint.view, 1, GL_FALSE, glm::value_ptr(r.view));
    glUniformMatrix4fv(r.joint.projection, 1, GL_FALSE, glm::value_ptr(r.projection));
    glUniform3fv(r.joint.view_up, 1, glm::value_ptr(r.view_up));
    upload_stream(r.joint_instance_buffer, r.joint_instances);
    glBindVertexArray(r.joint_vao);
    // The impostors' edges fade out through their alpha: with multisampling that becomes
    // the covered samples (no blending, so the spheres stay opaque and depth-sorted).
    glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    r.count_draw(2, r.joint_instances.size());
    r.stats.joints += static_cast<int>(r.joint_instances.size());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(r.joint_instances.size()));
    glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  }
}

// ---- Lines and points -------------------------------------------------------------------

void Renderer::Impl::draw_line_instances(float width_pixels, float cap_pixels, bool on_top) {
  if (line_instances.empty()) return;
  glUseProgram(line.id);
  glUniformMatrix4fv(line.view_projection, 1, GL_FALSE, glm::value_ptr(view_projection));
  glUniform2fv(line.viewport_size, 1, glm::value_ptr(viewport_size));
  glUniform1f(line.half_width, 0.5f * width_pixels);
  glUniform1f(line.cap, cap_pixels);
  upload_stream(line_instance_buffer, line_instances);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  if (on_top) glDisable(GL_DEPTH_TEST);
  glBindVertexArray(line_vao);
  count_draw(2, line_instances.size());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(line_instances.size()));
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::draw_lines(const std::vector<glm::vec3>& points,
                          const std::vector<glm::vec4>& colours, float width_pixels, bool on_top) {
  Impl& r = *impl_;
  if (!build_line_segments(points, colours, r.line_instances)) return;
  r.draw_line_instances(width_pixels, 0.5f * width_pixels, on_top);  // square caps
}

void Renderer::draw_polyline(const std::vector<glm::vec3>& points,
                             const std::vector<glm::vec4>& colours, float width_pixels,
                             bool on_top) {
  Impl& r = *impl_;
  if (!build_polyline_segments(points, colours, r.line_instances)) return;
  r.draw_line_instances(width_pixels, 0.0f, on_top);  // butt ends: segments must not overlap
}

void Renderer::draw_points(const std::vector<glm::vec3>& centres, const std::vector<glm::vec4>& colours,
                           float radius_pixels, bool on_top, bool cull_overlapping) {
  Impl& r = *impl_;
  if (!build_points(centres, colours, r.point_instances) || r.point_instances.empty()) return;
  if (cull_overlapping) {
    // Window pixels of each centre (behind the eye: NaN, never culled, clipped by GL).
    r.point_pixels.resize(r.point_instances.size());
    for (std::size_t i = 0; i < r.point_instances.size(); ++i) {
      const glm::vec4 clip = r.view_projection * glm::vec4(r.point_instances[i].centre, 1.0f);
      r.point_pixels[i] =
          clip.w > 0.0f ? (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * r.viewport_size : glm::vec2(std::nanf(""));
    }
    const std::size_t before = r.point_instances.size();
    cull_overlapping_points(r.point_pixels, radius_pixels, r.points_kept);
    keep_points(r.points_kept, r.point_instances);
    r.stats.points_culled += static_cast<int>(before - r.point_instances.size());
  }
  r.stats.points += static_cast<int>(r.point_instances.size());
  glUseProgram(r.point.id);
  glUniformMatrix4fv(r.point.view_projection, 1, GL_FALSE, glm::value_ptr(r.view_projection));
  glUniform2fv(r.point.viewport_size, 1, glm::value_ptr(r.viewport_size));
  glUniform1f(r.point.radius, radius_pixels);
  upload_stream(r.point_instance_buffer, r.point_instances);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  if (on_top) glDisable(GL_DEPTH_TEST);
  glBindVertexArray(r.point_vao);
  r.count_draw(2, r.point_instances.size());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(r.point_instances.size()));
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

// ---- Skinned meshes ---------------------------------------------------------------------

void Renderer::upload_skinned_meshes(const ik::Skeleton& skeleton,
                                     const std::vector<ik::SkinnedMesh>& meshes) {
  if (impl_ != nullptr) impl_->skinned.upload(skeleton, meshes);
}

void Renderer::draw_skinned_meshes(const SkinnedMeshDraw& draw) {
  if (draw.world == nullptr) return;
  Impl& r = *impl_;
  r.skinned.draw(*draw.world, draw.colour, r.view, r.projection, r.view_up);
  r.stats.draw_calls += r.skinned.mesh_count();
}

// ---- End of the frame -------------------------------------------------------------------

const FrameStats& Renderer::last_frame_stats() const {
  static const FrameStats kNone;
  return impl_ != nullptr ? impl_->last_stats : kNone;
}

void Renderer::end_frame() {
  Impl& r = *impl_;
  r.last_stats = r.stats;
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glUseProgram(0);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glViewport(0, 0, r.framebuffer_width, r.framebuffer_height);
}

}  // namespace render
