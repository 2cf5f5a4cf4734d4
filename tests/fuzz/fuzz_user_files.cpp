// libFuzzer target over the readers of the files ikscope writes for the user: every input
// is read as a session (on the built-in humanoid), as a recent-files list and as a panel
// layout file, and each reader's contract is checked (user_files_contract.h). Besides
// crashes, leaks, ASan and UBSan reports, a broken promise aborts, so libFuzzer keeps
// the input.
//
// The rig sessions are read against: IKSCOPE_FUZZ_RIG (run_fuzz.cmake sets it to
// assets/humanoid.gltf), imported once at start.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "io/gltf/gltf_import.h"
#include "tests/fuzz/user_files_contract.h"

namespace {
ik::ImportedRig g_rig;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* rig = std::getenv("IKSCOPE_FUZZ_RIG");
  std::string error;
  if (rig == nullptr || !ik::import_gltf_file(rig, g_rig, error)) {
    std::fprintf(stderr, "fuzz_user_files: set IKSCOPE_FUZZ_RIG to a rig that loads (%s)\n",
                 rig == nullptr ? "not set" : error.c_str());
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string problem = fuzzcheck::session_contract_violation(text, g_rig.skeleton);
  if (problem.empty()) problem = fuzzcheck::recent_files_contract_violation(text);
  if (problem.empty()) problem = fuzzcheck::panel_layout_contract_violation(text);
  if (!problem.empty()) {
    std::fprintf(stderr, "user-file reader contract broken: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
