// The ground the feet stand on: a height over the horizontal plane (model space, +Y up),
// which the feet's cleanup places each foot on (solvers/anim/foot_skate.h) and the viewport
// draws. A clip is taken as made on the flat plane y = 0; on another ground each foot's
// path is raised by the ground's height under it (ground_under_goals: in the swing, the
// highest within the foot's reach), and the body by the lowest of those.
//
//   plane                 y = 0 (what clips are made on; the default)
//   ramp:DEG              rising along +Z at DEG degrees (-60..60) through the origin:
//                         y = z tan(DEG)
//   stairs:HEIGHT         steps HEIGHT high (-1..1 model units) and 0.3 deep along +Z, the
//                         step from z = 0 on at HEIGHT: y = HEIGHT (floor(z / 0.3) + 1) for z
//                         >= 0, 0 behind
//   stairs:HEIGHT:DEPTH   the same with treads DEPTH deep (0.05..10 model units). A level
//                         walk's step is longer than a stair's tread (about 0.7 m on CMU's
//                         131_01 walk): on 0.3 m treads each step climbs two steps, twice
//                         what a person climbs; treads as deep as the clip's step give one
//                         step each
//   waves:HEIGHT          a generated heightfield: bumps HEIGHT high (0..1), a crossing of
//                         two sines 1.7 and 2.3 units long: y = HEIGHT/2 (sin(2 pi x / 1.7)
//                         sin(2 pi z / 2.3) + 1)
//   FILE.gltf, FILE.glb   a mesh's top surface (ground_mesh.h), the plane y = 0 beyond it;
//                         read from the file by io/gltf/gltf_ground.h
//
// ground_spec and parse_ground read and write those words, so a session and the command
// line say a ground the same way; a mesh's spec is its file, which the callers read.
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <string>

namespace ik {

enum class GroundKind { plane, ramp, stairs, waves, mesh };

struct GroundMesh;

inline constexpr float kStairDepth = 0.3f;  // the default tread
inline constexpr float kMinStairDepth = 0.05f;
inline constexpr float kMaxStairDepth = 10.0f;

struct Ground {
  GroundKind kind = GroundKind::plane;
  float value = 0.0f;                      // ramp: degrees; stairs: step height; waves: bump height
  std::shared_ptr<const GroundMesh> mesh;  // mesh: its triangles (shared: a Ground is copied freely)
  std::string source;                      // mesh: the file it was read from, absolute
  float depth = kStairDepth;               // stairs: a tread's depth along +Z
};

inline constexpr float kMaxRampDegrees = 60.0f;
inline constexpr float kMaxStepHeight = 1.0f;
inline constexpr float kMaxWaveHeight = 1.0f;

// Stairs: how many steps up the tread under z is (the first riser stands at z = 0, one every
// `depth` along +Z; 0 before it), and where along +Z that tread begins. The one place the
// stairs' geometry is written: their height and their drawing both read it.
int stair_steps(const Ground& ground, float z);
float tread_start(const Ground& ground, float z);

// The ground's height at (x, z) and its unit normal there (a stair's flat tread: +Y).
float ground_height(const Ground& ground, float x, float z);
glm::vec3 ground_normal(const Ground& ground, float x, float z);

// The same kind and number (a mesh: the same one read).
inline bool same_ground(const Ground& a, const Ground& b) {
  return a.kind == b.kind && a.value == b.value && a.mesh == b.mesh &&
         (a.kind != GroundKind::stairs || a.depth == b.depth);
}

// A spec that names a mesh file (.gltf, .glb) rather than a generated ground.
bool is_ground_file(const std::string& spec);

// "plane", "ramp:15", "stairs:0.2" (a tread other than kStairDepth: "stairs:0.2:0.8"),
// "waves:0.1"; a mesh's file.
std::string ground_spec(const Ground& ground);

// Reads a spec; false with `error` ("ramp:75: the slope must be from -60 to 60 degrees")
// and `out` untouched when it is not one (a mesh file is not read here: is_ground_file).
bool parse_ground(const std::string& spec, Ground& out, std::string& error);

}  // namespace ik
