#include "app/editor/rig_file.h"

namespace app {

bool import_rig_file(const std::string& path, const ik::BvhOptions& bvh, ik::ImportedRig& rig, std::string& error) {
  if (ik::is_bvh_path(path)) return ik::import_bvh_file(path, bvh, rig, error);
  return ik::import_gltf_file(path, rig, error);
}

bool exportable_rig(const ik::ImportedRig& rig, std::string& error) {
  if (!ik::is_bvh_path(rig.path)) return true;
  error = rig.path + ": a BVH rig cannot be exported yet (the exports write into the rig's glTF file)";
  return false;
}

}  // namespace app
