// glTF import, as a table of contents:
//   1. bytes: read the file (or take the caller's memory)       -> gltf_import.cpp
//   2. container: a .glb's header and chunks, checked            -> glb_container.cpp
//   3. JSON: parsed and checked where tinygltf is lenient         -> gltf_json_check.cpp
//   4. tinygltf loads the document (buffers too, image pixels skipped)
//   5. node hierarchy -> RawSkeleton (joints, parents, rest)     -> gltf_skeleton.cpp
//   6. build_skeleton, then bounds from forward kinematics of the rest pose.
//   7. skinned meshes, for drawing (never fatal: if tinygltf refused the file for a
//      broken accessor or mesh, step 4 is redone without them)     -> gltf_mesh.cpp
//   8. animations as clips (never fatal either)                   -> gltf_clips.cpp
//   9. rig roles: a VRM bone map, then names and shape (never fatal) -> vrm_humanoid.cpp,
//      solvers/rig/rig_roles.cpp
//  10. a file without any limits: defaults from the roles (kept switchable) -> solvers/rig/default_limits.cpp
// Every step reports one problem; the caller's ImportedRig is only assigned at the end.
//
// Index:
//   reading the file  read_gltf_bytes (step 1, gltf_model_load.h)
//   tinygltf's hooks  FsContext, fs_file_exists, fs_expand_path, fs_read_file, fs_write_file, skip_image_pixels
//   helpers           ends_with_glb, add_lines_as_warnings, glb_with_json (for the load without meshes), join
//   load_gltf_model   steps 2 to 4 (gltf_model_load.h), with the load again without meshes when
//                     tinygltf refuses the file
//   import_bytes      steps 5 to 10
//   default limits    use_default_limits
//   entry points      gltf_error_line, import_gltf_memory, import_gltf_file
#include "io/gltf/gltf_import.h"

#include <tiny_gltf.h>

#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>

#include "io/files/message_text.h"
#include "io/gltf/glb_container.h"
#include "io/gltf/gltf_clips.h"
#include "io/gltf/gltf_json_check.h"
#include "io/gltf/gltf_mesh.h"
#include "io/gltf/gltf_model_load.h"
#include "io/gltf/gltf_skeleton.h"
#include "io/gltf/vrm_humanoid.h"
#include "solvers/anim/pose.h"
#include "solvers/rig/default_limits.h"

namespace ik {
namespace {

// tinygltf and the .glb format count bytes in 32 bits.
constexpr std::uintmax_t kMaxFileBytes = UINT32_MAX;

}  // namespace

bool read_gltf_bytes(const std::string& path, std::vector<unsigned char>& bytes, std::string& problem) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) {
    problem = "file not found";
    return false;
  }
  if (ec) {
    problem = "cannot read the file: " + ec.message();
    return false;
  }
  if (status.type() == fs::file_type::directory) {
    problem = "is a directory, not a file";
    return false;
  }
  if (status.type() != fs::file_type::regular) {
    problem = "is not a regular file";
    return false;
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) {
    problem = "cannot read the file: " + ec.message();
    return false;
  }
  if (size > kMaxFileBytes) {
    problem = "file too large (" + std::to_string(size) + " bytes; the limit is 4 GiB)";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problem = std::string("cannot open the file: ") + std::strerror(errno);
    return false;
  }
  std::vector<unsigned char> data;
  try {  // up to 4 GiB: the allocation may fail, which is a problem with the file, not a crash
    data.resize(static_cast<size_t>(size));
  } catch (const std::bad_alloc&) {
    problem = "out of memory";
    return false;
  }
  if (size > 0 && !in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(size))) {
    problem = "cannot read the file (it changed size while being read?)";
    return false;
  }
  bytes = std::move(data);
  return true;
}

namespace {

// --- tinygltf's file system and image hooks ------------------------------------------

// External buffers and images are looked up in the glTF file's folder only. (tinygltf
// also tries the current directory, which would make a load depend on where the
// program was started.)
struct FsContext {
  std::string prefix;  // base_dir with a trailing '/', or "" for "anywhere relative"
};

bool fs_file_exists(const std::string& path, void* user) {
  const auto* context = static_cast<const FsContext*>(user);
  if (!context->prefix.empty() && path.compare(0, context->prefix.size(), context->prefix) != 0) return false;
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

// tinygltf's default runs wordexp() on URIs from the file; paths are taken literally.
std::string fs_expand_path(const std::string& path, void*) { return path; }

bool fs_read_file(std::vector<unsigned char>* out, std::string* err, const std::string& path, void*) {
  std::string problem;
  if (read_gltf_bytes(path, *out, problem)) return true;
  if (err) *err += problem;
  return false;
}

bool fs_write_file(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
  if (err) *err += "the importer does not write files";
  return false;
}

// The skeleton needs no pixels: images are not decoded (fast, and stb_image never sees
// untrusted bytes).
bool skip_image_pixels(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
                       void*) {
  return true;
}

// ---------------------------------------------------------------------------------------

bool ends_with_glb(const std::string& name) {
  if (name.size() < 4) return false;
  std::string ext = name.substr(name.size() - 4);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".glb";
}

void add_lines_as_warnings(const std::string& text, std::vector<std::string>& warnings) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = one_line(text.substr(start, end - start));
    if (!line.empty()) warnings.push_back(line);
    start = end + 1;
  }
}

// A .glb with the JSON chunk replaced by `json` (padded with spaces, as the format asks)
// and the BIN chunk of `chunks`, if any, kept.
std::vector<unsigned char> glb_with_json(const std::string& json, const GlbChunks& chunks) {
  std::string padded = json;
  while (padded.size() % 4 != 0) padded += ' ';
  const auto put_u32 = [](std::vector<unsigned char>& out, std::uint64_t v) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<unsigned char>((v >> (8 * k)) & 0xFFu));
  };
  const std::uint64_t total = 12 + 8 + padded.size() + (chunks.bin != nullptr ? 8 + chunks.bin_size : 0);
  std::vector<unsigned char> glb;
  glb.reserve(static_cast<size_t>(total));
  put_u32(glb, 0x46546C67u);  // "glTF"
  put_u32(glb, 2);
  put_u32(glb, total);
  put_u32(glb, padded.size());
  put_u32(glb, 0x4E4F534Au);  // "JSON"
  glb.insert(glb.end(), padded.begin(), padded.end());
  if (chunks.bin != nullptr) {
    put_u32(glb, chunks.bin_size);
    put_u32(glb, 0x004E4942u);  // "BIN\0"
    glb.insert(glb.end(), chunks.bin, chunks.bin + chunks.bin_size);
  }
  return glb;
}

std::string join(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + one_line(n, 80);
  return text;
}

}  // namespace

// Steps 2 to 4 (gltf_model_load.h).
bool load_gltf_model(const unsigned char* data, size_t size, const std::string& name, const std::string& base_dir,
                     tinygltf::Model& model, nlohmann::json& doc, std::vector<std::string>& warnings,
                     std::string& problem) {
  if (size == 0) {
    problem = "empty file";
    return false;
  }
  if (data == nullptr) {
    problem = "no data";
    return false;
  }
  if (size > kMaxFileBytes) {
    problem = "file too large (" + std::to_string(size) + " bytes; the limit is 4 GiB)";
    return false;
  }

  const bool binary = ends_with_glb(name) || has_glb_magic(data, size);
  const char* json_text = reinterpret_cast<const char*>(data);
  size_t json_size = size;
  GlbChunks chunks;
  if (binary) {
    if (!split_glb(data, size, chunks, problem)) return false;
    json_text = reinterpret_cast<const char*>(chunks.json);
    json_size = chunks.json_size;
  }

  if (!parse_json_text(json_text, json_size, doc, problem)) return false;
  if (!check_gltf_json(doc, warnings, problem)) return false;

  tinygltf::TinyGLTF loader;
  FsContext fs_context;
  if (!base_dir.empty()) fs_context.prefix = base_dir.back() == '/' ? base_dir : base_dir + "/";
  loader.SetFsCallbacks({&fs_file_exists, &fs_expand_path, &fs_read_file, &fs_write_file, &fs_context});
  loader.SetImageLoader(&skip_image_pixels, nullptr);

  std::string err, warn;
  bool loaded = false;
  // tinygltf 2.7 ignores extensionsRequired, but refuses the data such an extension
  // changes (a Draco-compressed primitive's accessors have no bufferView: "accessor[0]
  // invalid bufferView"). The skeleton lives in nodes and skins, which no extension
  // here alters, so such a file is loaded from those parts alone.
  const std::vector<std::string> required = required_extensions(doc);
  if (!required.empty()) {
    warnings.push_back("required extension" + std::string(required.size() > 1 ? "s " : " ") + join(required) +
                       (required.size() > 1 ? " are" : " is") +
                       " not supported: loaded the skeleton only (meshes, buffers, images and animations "
                       "were skipped)");
    const std::string reduced = skeleton_only_json(doc);
    loaded = loader.LoadASCIIFromString(&model, &err, &warn, reduced.c_str(), static_cast<unsigned int>(reduced.size()),
                                        base_dir);
  } else if (binary) {
    loaded = loader.LoadBinaryFromMemory(&model, &err, &warn, data, static_cast<unsigned int>(size), base_dir);
  } else {
    loaded = loader.LoadASCIIFromString(&model, &err, &warn, json_text, static_cast<unsigned int>(json_size), base_dir);
  }
  if (!loaded && required.empty()) {
    // tinygltf refuses a whole file for one broken accessor or primitive, which the
    // skeleton does not need: once more without them (buffers kept, so a missing .bin is
    // still the error), and only the meshes are lost.
    const std::string reduced = json_without_meshes(doc);
    tinygltf::Model bare;
    std::string bare_err, bare_warn;
    bool bare_loaded = false;
    if (binary) {
      const std::vector<unsigned char> glb = glb_with_json(reduced, chunks);
      if (glb.size() <= kMaxFileBytes)
        bare_loaded = loader.LoadBinaryFromMemory(&bare, &bare_err, &bare_warn, glb.data(),
                                                  static_cast<unsigned int>(glb.size()), base_dir);
    } else {
      bare_loaded = loader.LoadASCIIFromString(&bare, &bare_err, &bare_warn, reduced.c_str(),
                                               static_cast<unsigned int>(reduced.size()), base_dir);
    }
    if (bare_loaded) {
      warnings.push_back("tinygltf refused the file's meshes or animations (" +
                         (err.empty() ? std::string("no reason given") : one_line(err, 200)) +
                         "): the skeleton loaded without them");
      model = std::move(bare);
      warn = std::move(bare_warn);
      loaded = true;
    }
  }
  if (!loaded) {
    problem = err.empty() ? "tinygltf could not load the file" : one_line(err);
    return false;
  }
  // On success tinygltf's `err` may still hold notes about optional properties it
  // looked for ("'inverseBindMatrices' property is missing"): not problems, dropped.
  add_lines_as_warnings(warn, warnings);
  return true;
}

namespace {

// Steps 2 to 10 (the file's bytes are read by the caller; 2 to 4 are load_gltf_model).
// Returns false with `problem` set; fills `rig` (not the caller's) on success.
bool import_bytes(const unsigned char* data, size_t size, const std::string& name, const std::string& base_dir,
                  ImportedRig& rig, std::string& problem) {
  tinygltf::Model model;
  nlohmann::json doc;
  if (!load_gltf_model(data, size, name, base_dir, model, doc, rig.warnings, problem)) return false;

  RawSkeleton raw;
  if (!raw_skeleton_from_model(model, doc, raw, rig.warnings, problem)) return false;
  if (!build_skeleton(raw, rig.skeleton, problem)) return false;

  if (!set_rest_bounds(rig, problem)) return false;
  rig.skin_count = static_cast<int>(model.skins.size());
  skinned_meshes_from_model(model, rig.skeleton, rig.meshes, rig.warnings);
  clips_from_model(model, rig.skeleton, rig.clips, rig.warnings);
  set_roles_and_default_limits(rig, vrm_humanoid_roles(doc, rig.skeleton, rig.warnings));
  return true;
}

}  // namespace

bool set_rest_bounds(ImportedRig& rig, std::string& problem) {
  std::vector<glm::mat4> world;
  fk_all(rig.skeleton, rest_pose(rig.skeleton), world);
  glm::vec3 lo(0.0f), hi(0.0f);
  for (size_t i = 0; i < world.size(); ++i) {
    const glm::vec3 p = position_of(world[i]);
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      problem = "joint '" + one_line(rig.skeleton.name[i], 80) +
                "' has a non-finite rest position (the transforms above it multiply past the float "
                "range)";
      return false;
    }
    lo = i == 0 ? p : glm::min(lo, p);
    hi = i == 0 ? p : glm::max(hi, p);
  }
  rig.bounds_min = lo;
  rig.bounds_max = hi;
  return true;
}

void set_roles_and_default_limits(ImportedRig& rig, const std::vector<JointRole>& given) {
  RigRoles roles = recognise_roles(rig.skeleton, given);
  rig.roles = std::move(roles.joints);
  for (const std::string& warning : roles.warnings) rig.warnings.push_back(one_line(warning));
  if (!has_any_limits(rig.skeleton)) {
    rig.file_limits = rig.skeleton.limits;
    use_default_limits(rig, true);
  }
}

void use_default_limits(ImportedRig& rig, bool on) {
  if (!default_limits_available(rig) || rig.file_limits.size() != rig.skeleton.limits.size()) return;
  rig.skeleton.limits = on ? default_limits_from_roles(rig.skeleton, rig.roles) : rig.file_limits;
  rig.default_limits_applied = on;
}

// "<path>: <problem>" on one line, whatever bytes the path or the file contained.
std::string gltf_error_line(const std::string& name, const std::string& problem) {
  std::string path = name;
  for (char& c : path)
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  return path + ": " + one_line(problem);
}

bool import_gltf_memory(const unsigned char* data, std::size_t size, const std::string& name,
                        const std::string& base_dir, ImportedRig& out, std::string& error) {
  std::string problem;
  ImportedRig rig;
  rig.path = name;
  bool ok = false;
  try {
    ok = import_bytes(data, size, name, base_dir, rig, problem);
  } catch (const std::bad_alloc&) {
    problem = "out of memory";
  } catch (const std::exception& e) {
    // tinygltf can throw from std::vector::at on inputs it did not expect.
    problem = std::string("could not be read (") + e.what() + ")";
  }
  if (!ok) {
    error = gltf_error_line(name, problem);
    return false;
  }
  for (std::string& w : rig.warnings) w = one_line(w);
  out = std::move(rig);
  return true;
}

bool import_gltf_file(const std::string& path, ImportedRig& out, std::string& error) {
  std::vector<unsigned char> bytes;
  std::string problem;
  if (!read_gltf_bytes(path, bytes, problem)) {
    error = gltf_error_line(path, problem);
    return false;
  }
  const std::string base_dir = std::filesystem::path(path).parent_path().string();
  return import_gltf_memory(bytes.data(), bytes.size(), path, base_dir, out, error);
}

}  // namespace ik
