// The renderer's skinned-mesh pass (used by render::Renderer; see renderer.h for the
// public calls): mesh buffers uploaded once per rig, joint matrices once per frame, linear
// blend skinning in shaders/skinned.vert.
#pragma once

#include <glad/gl.h>

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "io/gltf/skinned_mesh.h"
#include "solvers/anim/skeleton.h"

namespace render {

class SkinnedMeshPass {
 public:
  // Compiles the program and makes the joint-matrix texture buffer. Needs the context.
  bool init(std::string& error);
  // Deletes every GL object (the uploaded meshes too). Safe to call twice.
  void shutdown();

  // Replaces the uploaded meshes by `meshes` (vertex and index buffers to the GPU; the
  // joint mapping and inverse bind matrices kept on the CPU), which skin `skeleton`.
  void upload(const ik::Skeleton& skeleton, const std::vector<ik::SkinnedMesh>& meshes);
  bool empty() const { return meshes_.empty(); }
  int mesh_count() const { return static_cast<int>(meshes_.size()); }  // draw calls per draw()

  // Draws every uploaded mesh posed by `world` (model space, one matrix per joint of the
  // skeleton given to upload; any other count draws nothing). Translucent: blended, depth
  // tested but not written, back faces culled. Leaves blending and culling off, depth
  // writes on, no texture bound to GL_TEXTURE_BUFFER and texture unit 0 active.
  void draw(const std::vector<glm::mat4>& world, const glm::vec4& colour, const glm::mat4& view,
            const glm::mat4& projection, const glm::vec3& view_up);

 private:
  struct Mesh {
    GLuint vao = 0, vertices = 0, indices = 0;
    GLsizei index_count = 0;
    ik::SkinnedMesh joints_only;  // skeleton_joint and inverse_bind; no vertices
  };
  void free_meshes();

  GLuint program_ = 0;
  GLint view_ = -1, projection_ = -1, view_up_ = -1, colour_ = -1;
  GLint joint_matrices_ = -1, first_matrix_ = -1;
  GLuint matrix_buffer_ = 0, matrix_texture_ = 0;
  GLint max_matrices_ = 0;  // what GL_MAX_TEXTURE_BUFFER_SIZE allows (texels / 4)

  std::vector<Mesh> meshes_;
  int joint_count_ = 0;  // of the skeleton the meshes were uploaded for

  // Scratch reused every frame: all meshes' matrices, one block per mesh.
  std::vector<glm::mat4> matrices_, mesh_matrices_;
  std::vector<int> first_matrix_of_mesh_;
};

}  // namespace render
