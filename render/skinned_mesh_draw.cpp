#include "render/skinned_mesh_draw.h"

#include <cstddef>
#include <cstdint>
#include <glm/gtc/type_ptr.hpp>

#include "render/gl_program.h"
#include "render/skinning.h"

namespace render {
namespace {

// Attribute locations of shaders/skinned.vert.
constexpr GLuint kPositionLocation = 0;
constexpr GLuint kNormalLocation = 1;
constexpr GLuint kJointsLocation = 2;
constexpr GLuint kWeightsLocation = 3;

// The texture unit the joint matrices are bound to while drawing (ImGui's backend and the
// other passes use unit 0 and bind what they need themselves).
constexpr GLint kMatrixUnit = 0;

template <typename T>
std::size_t bytes_of(const std::vector<T>& v) {
  return v.size() * sizeof(T);
}

}  // namespace

bool SkinnedMeshPass::init(std::string& error) {
  shutdown();
  program_ = build_program("skinned.vert", "skinned.frag", error, "lighting.glsl");
  if (program_ == 0) return false;
  view_ = required_uniform(program_, "u_view", "skinned", error);
  projection_ = required_uniform(program_, "u_projection", "skinned", error);
  view_up_ = required_uniform(program_, "u_view_up", "skinned", error);
  colour_ = required_uniform(program_, "u_colour", "skinned", error);
  joint_matrices_ = required_uniform(program_, "u_joint_matrices", "skinned", error);
  first_matrix_ = required_uniform(program_, "u_first_matrix", "skinned", error);
  if (!error.empty()) {
    shutdown();
    return false;
  }
  glGenBuffers(1, &matrix_buffer_);
  glBindBuffer(GL_TEXTURE_BUFFER, matrix_buffer_);
  glBufferData(GL_TEXTURE_BUFFER, sizeof(glm::mat4), nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  glGenTextures(1, &matrix_texture_);
  glBindTexture(GL_TEXTURE_BUFFER, matrix_texture_);
  // The texture follows the buffer object, whatever data store glBufferData gives it later.
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, matrix_buffer_);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  GLint max_texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels);  // at least 65536 in GL 3.3
  max_matrices_ = max_texels / 4;
  return true;
}

void SkinnedMeshPass::free_meshes() {
  for (Mesh& m : meshes_) {
    glDeleteVertexArrays(1, &m.vao);
    const GLuint buffers[] = {m.vertices, m.indices};
    glDeleteBuffers(2, buffers);
  }
  meshes_.clear();
  joint_count_ = 0;
}

void SkinnedMeshPass::shutdown() {
  free_meshes();
  if (program_ != 0) glDeleteProgram(program_);
  glDeleteBuffers(1, &matrix_buffer_);  // deleting the name 0 is a no-op
  glDeleteTextures(1, &matrix_texture_);
  program_ = matrix_buffer_ = matrix_texture_ = 0;
}

void SkinnedMeshPass::upload(const ik::Skeleton& skeleton,
                             const std::vector<ik::SkinnedMesh>& meshes) {
  free_meshes();
  joint_count_ = skeleton.joint_count();
  for (const ik::SkinnedMesh& source : meshes) {
    const std::size_t n = source.positions.size();
    if (n == 0 || source.indices.empty() || source.normals.size() != n ||
        source.joints.size() != n || source.weights.size() != n)
      continue;  // not what the importer makes; nothing sensible to draw
    Mesh mesh;
    mesh.index_count = static_cast<GLsizei>(source.indices.size());
    mesh.joints_only.skeleton_joint = source.skeleton_joint;
    mesh.joints_only.inverse_bind = source.inverse_bind;

    // One vertex buffer, attribute after attribute: positions, normals, joints, weights.
    const std::size_t normals_at = bytes_of(source.positions);
    const std::size_t joints_at = normals_at + bytes_of(source.normals);
    const std::size_t weights_at = joints_at + bytes_of(source.joints);
    const std::size_t total = weights_at + bytes_of(source.weights);
    glGenVertexArrays(1, &mesh.vao);
    glBindVertexArray(mesh.vao);
    glGenBuffers(1, &mesh.vertices);
    glBindBuffer(GL_ARRAY_BUFFER, mesh.vertices);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(total), nullptr, GL_STATIC_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(normals_at),
                    source.positions.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(normals_at),
                    static_cast<GLsizeiptr>(joints_at - normals_at), source.normals.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(joints_at),
                    static_cast<GLsizeiptr>(weights_at - joints_at), source.joints.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(weights_at),
                    static_cast<GLsizeiptr>(total - weights_at), source.weights.data());
    glEnableVertexAttribArray(kPositionLocation);
    glVertexAttribPointer(kPositionLocation, 3, GL_FLOAT, GL_FALSE, 0, byte_offset(0));
    glEnableVertexAttribArray(kNormalLocation);
    glVertexAttribPointer(kNormalLocation, 3, GL_FLOAT, GL_FALSE, 0, byte_offset(normals_at));
    glEnableVertexAttribArray(kJointsLocation);
    // An integer attribute: the shader reads uvec4, not floats.
    glVertexAttribIPointer(kJointsLocation, 4, GL_UNSIGNED_SHORT, 0, byte_offset(joints_at));
    glEnableVertexAttribArray(kWeightsLocation);
    glVertexAttribPointer(kWeightsLocation, 4, GL_FLOAT, GL_FALSE, 0, byte_offset(weights_at));

    glGenBuffers(1, &mesh.indices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.indices);  // recorded in the vertex array
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes_of(source.indices)),
                 source.indices.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    meshes_.push_back(std::move(mesh));
  }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void SkinnedMeshPass::draw(const std::vector<glm::mat4>& world, const glm::vec4& colour,
                           const glm::mat4& view, const glm::mat4& projection,
                           const glm::vec3& view_up) {
  if (program_ == 0 || meshes_.empty() || world.size() != static_cast<std::size_t>(joint_count_))
    return;

  // Every mesh's matrices into one buffer, uploaded in one call.
  matrices_.clear();
  first_matrix_of_mesh_.assign(meshes_.size(), -1);
  for (std::size_t m = 0; m < meshes_.size(); ++m) {
    if (!skinning_matrices(meshes_[m].joints_only, world, mesh_matrices_)) continue;
    if (matrices_.size() + mesh_matrices_.size() > static_cast<std::size_t>(max_matrices_))
      continue;  // past what the texture buffer can address: not drawn
    first_matrix_of_mesh_[m] = static_cast<int>(matrices_.size());
    matrices_.insert(matrices_.end(), mesh_matrices_.begin(), mesh_matrices_.end());
  }
  if (matrices_.empty()) return;
  glBindBuffer(GL_TEXTURE_BUFFER, matrix_buffer_);
  // A fresh data store each frame ("orphaning"), so the driver need not wait for the last
  // frame's draws to finish reading.
  glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(bytes_of(matrices_)), matrices_.data(),
               GL_STREAM_DRAW);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);

  glUseProgram(program_);
  glUniformMatrix4fv(view_, 1, GL_FALSE, glm::value_ptr(view));
  glUniformMatrix4fv(projection_, 1, GL_FALSE, glm::value_ptr(projection));
  glUniform3fv(view_up_, 1, glm::value_ptr(view_up));
  glUniform4fv(colour_, 1, glm::value_ptr(colour));
  glUniform1i(joint_matrices_, kMatrixUnit);
  glActiveTexture(GL_TEXTURE0 + kMatrixUnit);
  glBindTexture(GL_TEXTURE_BUFFER, matrix_texture_);

  // Translucent over what is already drawn: blended, depth-tested so the floor and bones in
  // front hide it, writing no depth so the bones inside show through it and nothing drawn
  // later is hidden by it. Back faces culled, so each layer of skin is blended once.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);  // glTF's front faces
  for (std::size_t m = 0; m < meshes_.size(); ++m) {
    if (first_matrix_of_mesh_[m] < 0) continue;
    glUniform1i(first_matrix_, first_matrix_of_mesh_[m]);
    glBindVertexArray(meshes_[m].vao);
    glDrawElements(GL_TRIANGLES, meshes_[m].index_count, GL_UNSIGNED_INT, nullptr);
  }
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glActiveTexture(GL_TEXTURE0);
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace render
