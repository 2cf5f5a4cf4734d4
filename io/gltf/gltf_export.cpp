#include "io/gltf/gltf_export.h"

#include <cmath>
#include <cstdint>
#include <glm/gtc/quaternion.hpp>

#include "io/files/file_paths.h"
#include "io/gltf/gltf_document.h"
#include "io/gltf/gltf_joint_nodes.h"
#include "io/json/json_output.h"

namespace ik {
using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it

namespace {

// The source's animations go: a client that plays or shows a clip (Blender applies the
// first one when it imports) would put the clip's keys on the posed nodes, so the file
// would show the clip's first frame, not the pose. A one-frame clip of the pose would
// show the pose too, but it would still be an animation a user did not make; a pose
// export is a pose. (Their accessors stay, unused: the glTF validator reports that as
// information, not as a warning.)
void drop_animations(nlohmann::ordered_json& json) { json.erase("animations"); }

}  // namespace

bool check_export_path(const std::string& source_rig_path, const std::string& out_path, std::string& error) {
  if (!has_gltf_extension(out_path)) {
    error = out_path + ": cannot export: the name must end in .gltf or .glb";
    return false;
  }
  if (is_same_file(out_path, source_rig_path)) {
    error = out_path + ": is the source file; export to another name (the source is never overwritten)";
    return false;
  }
  return true;
}

bool export_posed_gltf(const std::string& source_rig_path, const Skeleton& skeleton,
                       const Pose& pose, const std::string& out_path, std::string& error) {
  if (!check_export_path(source_rig_path, out_path, error)) return false;
  std::string problem;
  if (!pose_fits(skeleton, pose, problem)) {
    error = out_path + ": cannot export: " + problem;
    return false;
  }
  GltfDocument document;
  if (!read_gltf_document(source_rig_path, document, error)) return false;
  if (!pose_joint_nodes(document.json, skeleton, pose, problem)) {
    error = source_rig_path + ": " + problem;
    return false;
  }
  drop_animations(document.json);
  return write_gltf_document(out_path, document, error);
}

}  // namespace ik
