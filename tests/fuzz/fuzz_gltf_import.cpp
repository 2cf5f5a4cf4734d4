// libFuzzer target over the glTF importer (ik::import_gltf_memory): every input is
// imported as a .gltf and, without the glTF magic, as a .glb, and read as a ground mesh
// (io/gltf/gltf_ground.h); the importer's and the ground reader's contracts are checked
// (import_contract.h). Besides crashes, leaks, ASan and UBSan reports, a broken
// promise aborts, so libFuzzer keeps the input.
//
// External buffers (uri "x.bin") are looked up in IKSCOPE_FUZZ_BASE_DIR (the fuzz run
// copies the samples' .bin files there); without it, in a folder that does not exist.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/fuzz/import_contract.h"

namespace {
std::string g_base_dir = "/nonexistent-ikscope-fuzz-base-dir";
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("IKSCOPE_FUZZ_BASE_DIR")) g_base_dir = dir;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  for (const std::string& name : fuzzcheck::import_names(data, size)) {
    std::string problem = fuzzcheck::import_contract_violation(data, size, name, g_base_dir);
    if (problem.empty()) problem = fuzzcheck::ground_contract_violation(data, size, name, g_base_dir);
    if (!problem.empty()) {
      std::fprintf(stderr, "importer contract broken (%s): %s\n", name.c_str(), problem.c_str());
      std::abort();
    }
  }
  return 0;
}
