// Rig: the generator's description of one built-in rig — joints with names, parents,
// rest transforms, joint limits and a bone thickness for the preview mesh.
//
// This is the generator's own editing type, not ik::RawSkeleton: it carries what the
// glTF file needs (degrees as written in the extras, a mesh radius per joint) and
// nothing the runtime needs.
//
// Conventions shared by every rig (see assets/README.md):
//   * Model space: Y up, metres, the character faces +Z (so its left is +X), as glTF.
//   * Each joint's rest frame has its +Y axis along its bone (towards its first child).
//   * Joints are listed parents first, so a rig's joint order is a valid DFS order.
#pragma once

#include <string>
#include <vector>

#include "solvers/base/transform.h"

namespace rigs {

// Joint limits as written into the node's "extras": degrees, relative to the rest
// rotation, axes of the joint's own rest frame.
struct RigLimits {
  enum class Kind { none, hinge, ball };
  Kind kind = Kind::none;
  // Hinge: rotation by an angle in [min_deg, max_deg] about hinge_axis (unit).
  glm::vec3 hinge_axis{1.0f, 0.0f, 0.0f};
  float min_deg = 0.0f;
  float max_deg = 0.0f;
  // Ball: offset = Rx(a.x) * Ry(a.y) * Rz(a.z), each a in [ball_min_deg, ball_max_deg].
  glm::vec3 ball_min_deg{0.0f};
  glm::vec3 ball_max_deg{0.0f};
};

RigLimits hinge_limits(const glm::vec3& axis, float min_deg, float max_deg);
RigLimits ball_limits(const glm::vec3& min_deg, const glm::vec3& max_deg);

struct RigJoint {
  std::string name;
  int parent = -1;       // index of an earlier joint, or -1 for the root
  ik::Transform rest;    // local to the parent joint (to the model, for the root)
  float radius = 0.02f;  // half-width of the preview mesh's bone where it leaves this joint, metres
  RigLimits limits;
};

struct Rig {
  std::string name;             // "humanoid", also the mesh's name
  glm::vec3 color{0.8f};        // base colour of the preview mesh, linear RGB
  // Metres per unit of the joints' translations. 1: the joints are the scene's top nodes.
  // Otherwise (0.01: centimetres, as a Mixamo character exported through Blender) the root
  // joints hang under a non-joint "Armature" node scaled by it, and the preview mesh and
  // the inverse bind matrices are in metres.
  float unit_scale = 1.0f;
  std::vector<RigJoint> joints;
};

// Appends a joint and returns its index.
int add_joint(Rig& rig, const std::string& name, int parent, const ik::Transform& rest, float radius,
              const RigLimits& limits = RigLimits{});

// Model-space rest matrix of every joint: world[i] = world[parent] * local[i].
std::vector<glm::mat4> world_rest_matrices(const Rig& rig);

// Rounds every rest transform to the precision written into the file (translations to
// a micrometre, quaternion components to 1e-7, limits to 0.1 degree), so that the
// mesh and the inverse bind matrices are computed from exactly the values a reader
// of the file gets back.
void quantize(Rig& rig);

// Throws std::runtime_error if a parent is not an earlier joint or a name repeats.
void check(const Rig& rig);

}  // namespace rigs
