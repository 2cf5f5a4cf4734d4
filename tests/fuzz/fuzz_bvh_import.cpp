// libFuzzer target over the BVH importer (io/bvh/bvh_import.h): every input is read as a
// .bvh file and the importer's contract is checked (import_contract.h,
// bvh_contract_violation). Besides crashes, leaks, ASan and UBSan reports, a broken promise
// aborts, so libFuzzer keeps the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/fuzz/import_contract.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string problem = fuzzcheck::bvh_contract_violation(std::string(reinterpret_cast<const char*>(data), size));
  if (!problem.empty()) {
    std::fprintf(stderr, "BVH importer contract broken: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
