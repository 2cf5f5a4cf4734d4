// The controls table (app/editor/controls.h): docs/controls.md is exactly what
// controls_markdown() writes, so the page cannot go stale; every entry has keys and an
// action; --help's text lists every entry.
#include "app/editor/controls.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

TEST(Controls, DocsPageIsTheTableAsMarkdown) {
  const std::string path = std::string(IKSCOPE_SOURCE_DIR) + "/docs/controls.md";
  std::ifstream file(path);
  ASSERT_TRUE(file) << path << " is missing: ./build/release/ikscope --controls-markdown > docs/controls.md";
  std::stringstream page;
  page << file.rdbuf();
  EXPECT_EQ(page.str(), app::controls_markdown())
      << "docs/controls.md is stale: regenerate it with ./build/release/ikscope --controls-markdown > "
         "docs/controls.md";
}

TEST(Controls, EveryEntryHasKeysAndAnActionAndIsInTheText) {
  const std::string text = app::controls_text();
  const std::string markdown = app::controls_markdown();
  ASSERT_GT(app::control_count(), 10);
  for (int i = 0; i < app::control_count(); ++i) {
    const app::Control& c = app::controls()[i];
    EXPECT_GT(std::string(c.keys).size(), 0u) << i;
    EXPECT_GT(std::string(c.action).size(), 0u) << i;
    EXPECT_NE(text.find(c.keys), std::string::npos) << c.keys;
    EXPECT_NE(markdown.find(std::string("| ") + c.keys + " |"), std::string::npos) << c.keys;
  }
}

}  // namespace
