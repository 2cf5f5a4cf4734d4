// make_rigs: writes the built-in rigs (humanoid, tentacle, arm7, panda, ur5 and mixamo_rig
// .gltf) into the folder given as the first argument. Run by the `regenerate_rigs` target
// into assets/.
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

#include "assets/generator/gltf_writer.h"
#include "assets/generator/rigs.h"

namespace {

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_FOLDER\n", argv[0]);
    return 2;
  }
  const std::string folder = argv[1];
  try {
    const rigs::Rig all[] = {rigs::make_humanoid(), rigs::make_tentacle(), rigs::make_arm7(),
                               rigs::make_panda(), rigs::make_ur5(), rigs::make_mixamo_rig()};
    for (const rigs::Rig& rig : all) {
      const std::string path = folder + "/" + rig.name + ".gltf";
      if (!write_file(path, rigs::gltf_text(rig))) {
        std::fprintf(stderr, "make_rigs: cannot write %s\n", path.c_str());
        return 1;
      }
      std::printf("wrote %s (%zu joints)\n", path.c_str(), rig.joints.size());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_rigs: %s\n", e.what());
    return 1;
  }
  return 0;
}
