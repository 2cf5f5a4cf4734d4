// Command-line parsing: every option --help lists, and clear errors.
#include "app/core/command_line.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

bool parse(std::vector<const char*> args, app::Options& o, std::string& error) {
  args.insert(args.begin(), "ikscope");
  return app::parse_command_line(static_cast<int>(args.size()), args.data(), o, error);
}

TEST(CommandLine, FileAndOptions) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"rig.glb", "--frames", "5", "--screenshot", "a.png", "--state-out", "s.json", "--size",
                     "800x600"},
                    o, error))
      << error;
  EXPECT_EQ(o.file, "rig.glb");
  EXPECT_EQ(o.frames, 5);
  EXPECT_EQ(o.screenshot, "a.png");
  EXPECT_EQ(o.state_out, "s.json");
  EXPECT_EQ(o.width, 800);
  EXPECT_EQ(o.height, 600);
}

TEST(CommandLine, ScreenshotAloneRendersThreeFrames) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"--screenshot", "a.png"}, o, error));
  EXPECT_EQ(o.frames, 3);
  EXPECT_TRUE(o.file.empty());
}

TEST(CommandLine, ErrorsNameTheProblem) {
  struct Case {
    std::vector<const char*> args;
    const char* message;
  };
  const Case cases[] = {
      {{"--frames"}, "--frames needs a number of frames"},
      {{"--frames", "0"}, "--frames needs a whole number of at least 1, not '0'"},
      {{"--frames", "ten"}, "--frames needs a whole number of at least 1, not 'ten'"},
      {{"--size", "800"}, "--size needs WIDTHxHEIGHT between 64 and 16384, not '800'"},
      {{"--bogus"}, "unknown option '--bogus' (see --help)"},
      {{"a.glb", "b.glb"}, "only one FILE can be opened, got 'a.glb' and 'b.glb'"},
  };
  for (const Case& c : cases) {
    app::Options o;
    o.file = "untouched";
    std::string error;
    EXPECT_FALSE(parse(c.args, o, error));
    EXPECT_EQ(error, c.message);
    EXPECT_EQ(o.file, "untouched") << "a failed parse leaves the options alone";
  }
}

TEST(CommandLine, HelpMentionsEveryOption) {
  const std::string help = app::usage_text();
  for (const char* option : {"--help", "--frames", "--screenshot", "--state-out", "--size"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
}

}  // namespace
