// Inputs that once broke the glTF importer (tests/fuzz/regressions/), each imported as the
// fuzz target imports it (as .gltf and, without the glTF magic, as .glb) and checked
// against the same contract (tests/fuzz/import_contract.h). Every file there is a case;
// tests/fuzz/README.md says what each one was.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/import_contract.h"

namespace {

std::vector<std::string> regression_files() {
  const std::filesystem::path folder =
      std::filesystem::path(IKSCOPE_SOURCE_DIR) / "tests" / "fuzz" / "regressions";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(FuzzRegressions, EveryKeptInputKeepsTheImporterContract) {
  const std::vector<std::string> files = regression_files();
  ASSERT_FALSE(files.empty()) << "tests/fuzz/regressions holds no input";
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
    ASSERT_FALSE(bytes.empty()) << path;
    for (const std::string& name : fuzzcheck::import_names(bytes.data(), bytes.size())) {
      EXPECT_EQ(fuzzcheck::import_contract_violation(bytes.data(), bytes.size(), name,
                                                     "/nonexistent-ikscope-fuzz-base-dir"),
                "")
          << path << " imported as " << name;
    }
  }
}

}  // namespace
