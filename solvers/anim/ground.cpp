// The ground (ground.h): heights, normals and specs.
#include "solvers/anim/ground.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "solvers/anim/ground_mesh.h"

namespace ik {
namespace {

constexpr float kFullTurn = 6.28318530717959f;
constexpr float kWaveX = 1.7f, kWaveZ = 2.3f;

struct KindName {
  GroundKind kind;
  const char* name;
  float min, max;
  const char* what;
};
constexpr KindName kKinds[] = {
    {GroundKind::ramp, "ramp", -kMaxRampDegrees, kMaxRampDegrees, "the slope must be from -60 to 60 degrees"},
    {GroundKind::stairs, "stairs", -kMaxStepHeight, kMaxStepHeight, "the step height must be from -1 to 1"},
    {GroundKind::waves, "waves", 0.0f, kMaxWaveHeight, "the bump height must be from 0 to 1"},
};

// A whole finite number and nothing after it.
bool read_number(const std::string& text, float& out) {
  char* end = nullptr;
  const float value = text.empty() ? NAN : std::strtof(text.c_str(), &end);
  if (text.empty() || end == nullptr || *end != '\0' || !std::isfinite(value)) return false;
  out = value;
  return true;
}

}  // namespace

int stair_steps(const Ground& ground, float z) {
  return z >= 0.0f ? static_cast<int>(std::floor(z / ground.depth)) + 1 : 0;
}

float tread_start(const Ground& ground, float z) {
  return static_cast<float>(stair_steps(ground, z) - 1) * ground.depth;
}

float ground_height(const Ground& ground, float x, float z) {
  switch (ground.kind) {
    case GroundKind::mesh:
      return ground.mesh ? ground_mesh_height(*ground.mesh, x, z) : 0.0f;
    case GroundKind::ramp:
      return z * std::tan(glm::radians(ground.value));
    case GroundKind::stairs:
      return ground.value * static_cast<float>(stair_steps(ground, z));
    case GroundKind::waves:
      return 0.5f * ground.value * (std::sin(kFullTurn * x / kWaveX) * std::sin(kFullTurn * z / kWaveZ) + 1.0f);
    default:
      return 0.0f;
  }
}

glm::vec3 ground_normal(const Ground& ground, float x, float z) {
  switch (ground.kind) {
    case GroundKind::mesh:
      return ground.mesh ? ground_mesh_normal(*ground.mesh, x, z) : glm::vec3(0.0f, 1.0f, 0.0f);
    case GroundKind::ramp: {
      const float a = glm::radians(ground.value);
      return {0.0f, std::cos(a), -std::sin(a)};
    }
    case GroundKind::waves: {
      // The gradient of the height, d/dx and d/dz.
      const float h = 0.5f * ground.value;
      const float dx = h * (kFullTurn / kWaveX) * std::cos(kFullTurn * x / kWaveX) * std::sin(kFullTurn * z / kWaveZ);
      const float dz = h * (kFullTurn / kWaveZ) * std::sin(kFullTurn * x / kWaveX) * std::cos(kFullTurn * z / kWaveZ);
      return glm::normalize(glm::vec3(-dx, 1.0f, -dz));
    }
    default:
      return {0.0f, 1.0f, 0.0f};
  }
}

bool is_ground_file(const std::string& spec) {
  const auto ends = [&](const char* tail) {
    const std::string t(tail);
    if (spec.size() < t.size()) return false;
    for (size_t k = 0; k < t.size(); ++k)
      if (std::tolower(static_cast<unsigned char>(spec[spec.size() - t.size() + k])) != t[k]) return false;
    return true;
  };
  return ends(".gltf") || ends(".glb");
}

std::string ground_spec(const Ground& ground) {
  if (ground.kind == GroundKind::mesh) return ground.source;
  for (const KindName& k : kKinds)
    if (k.kind == ground.kind) {
      char text[96];
      if (k.kind == GroundKind::stairs && ground.depth != kStairDepth)
        std::snprintf(text, sizeof text, "%s:%g:%g", k.name, static_cast<double>(ground.value),
                      static_cast<double>(ground.depth));
      else
        std::snprintf(text, sizeof text, "%s:%g", k.name, static_cast<double>(ground.value));
      return text;
    }
  return "plane";
}

bool parse_ground(const std::string& spec, Ground& out, std::string& error) {
  if (spec == "plane") {
    out = Ground{};
    return true;
  }
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  for (const KindName& k : kKinds) {
    if (name != k.name) continue;
    std::string number = colon == std::string::npos ? "" : spec.substr(colon + 1);
    // Stairs may name their tread's depth after a second ':'.
    const size_t second = k.kind == GroundKind::stairs ? number.find(':') : std::string::npos;
    const std::string depth_text = second == std::string::npos ? "" : number.substr(second + 1);
    if (second != std::string::npos) number.resize(second);
    float value = 0.0f, depth = kStairDepth;
    if (!read_number(number, value)) {
      error = spec + ": '" + k.name + "' needs a number after ':' (" + k.name + ":" +
              (k.kind == GroundKind::ramp ? "15" : "0.2") + ")";
      return false;
    }
    if (value < k.min || value > k.max) {
      error = spec + ": " + k.what;
      return false;
    }
    if (second != std::string::npos && !read_number(depth_text, depth)) {
      error = spec + ": the tread's depth after the second ':' must be a number (stairs:0.2:0.8)";
      return false;
    }
    if (depth < kMinStairDepth || depth > kMaxStairDepth) {
      error = spec + ": the tread's depth must be from 0.05 to 10";
      return false;
    }
    out = Ground{k.kind, value};
    out.depth = depth;
    return true;
  }
  error = is_ground_file(spec) ? spec + ": a ground mesh is read from its file, not from a spec"
                               : spec +
                                     ": not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a "
                                     ".gltf/.glb file)";
  return false;
}

}  // namespace ik
