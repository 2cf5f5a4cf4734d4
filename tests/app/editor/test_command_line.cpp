// Command-line parsing: every option --help lists, and clear errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/editor/command_line.h"

namespace {

bool parse(std::vector<const char*> args, app::Options& o, std::string& error) {
  args.insert(args.begin(), "ikscope");
  return app::parse_command_line(static_cast<int>(args.size()), args.data(), o, error);
}

TEST(CommandLine, FileAndOptions) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"rig.glb", "--frames", "5", "--screenshot", "a.png", "--state-out", "s.json", "--size", "800x600"},
                    o, error))
      << error;
  EXPECT_EQ(o.file, "rig.glb");
  EXPECT_EQ(o.frames, 5);
  EXPECT_EQ(o.screenshot, "a.png");
  EXPECT_EQ(o.state_out, "s.json");
  EXPECT_EQ(o.width, 800);
  EXPECT_EQ(o.height, 600);
}

TEST(CommandLine, RetargetWithoutFingers) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"--retarget", "walk.bvh", "--no-fingers"}, o, error)) << error;
  EXPECT_EQ(o.retarget, "walk.bvh");
  EXPECT_FALSE(o.retarget_options.fingers);
  app::Options plain;
  ASSERT_TRUE(parse({"--retarget", "walk.bvh"}, plain, error)) << error;
  EXPECT_TRUE(plain.retarget_options.fingers) << "fingers follow by default";
}

TEST(CommandLine, ClipAndTime) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"CesiumMan.glb", "--clip", "Walk cycle", "--time", "0.75"}, o, error)) << error;
  EXPECT_EQ(o.clip, "Walk cycle");  // a name with a space, as glTF allows
  EXPECT_TRUE(o.has_time);
  EXPECT_EQ(o.time, 0.75f);
  // Whether the rig has that clip, or the clip that time, is known only once the rig is
  // open (app::start_at_clip): a negative time parses, and is judged there.
  app::Options negative;
  ASSERT_TRUE(parse({"--time", "-1e-3"}, negative, error)) << error;
  EXPECT_EQ(negative.time, -1e-3f);
  app::Options none;
  ASSERT_TRUE(parse({"rig.glb"}, none, error));
  EXPECT_TRUE(none.clip.empty());
  EXPECT_FALSE(none.has_time);
}

TEST(CommandLine, Antialiasing) {
  std::string error;
  app::Options by_default;
  ASSERT_TRUE(parse({"rig.glb"}, by_default, error));
  EXPECT_EQ(by_default.msaa, 4);
  for (int samples : {0, 2, 4, 8}) {
    app::Options o;
    const std::string text = std::to_string(samples);
    ASSERT_TRUE(parse({"--msaa", text.c_str()}, o, error)) << error;
    EXPECT_EQ(o.msaa, samples);
  }
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
      {{"--msaa"}, "--msaa needs a number of samples"},
      {{"--msaa", "3"}, "--msaa needs 0, 2, 4 or 8 samples, not '3'"},
      {{"--msaa", "-4"}, "--msaa needs 0, 2, 4 or 8 samples, not '-4'"},
      {{"--bogus"}, "unknown option '--bogus' (see --help)"},
      {{"a.glb", "b.glb"}, "only one FILE can be opened, got 'a.glb' and 'b.glb'"},
      {{"--clip"}, "--clip needs a clip name"},
      {{"--time"}, "--time needs a time in seconds"},
      {{"--time", "soon"}, "--time needs a number of seconds, not 'soon'"},
      {{"--time", "1.5s"}, "--time needs a number of seconds, not '1.5s'"},
      {{"--time", "nan"}, "--time needs a number of seconds, not 'nan'"},
      {{"--time", "inf"}, "--time needs a number of seconds, not 'inf'"},
      {{"--ground"}, "--ground needs a ground (plane, ramp:15, stairs:0.2, waves:0.1, or a .gltf/.glb file)"},
      {{"--ground", "hill"},
       "--ground hill: not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a .gltf/.glb file)"},
      {{"--ground", "ramp:80"}, "--ground ramp:80: the slope must be from -60 to 60 degrees"},
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
  for (const char* option : {"--help", "--frames", "--screenshot", "--state-out", "--size", "--msaa", "--clip",
                             "--time", "--clean-feet", "--ground", "--compare", "--motion-panel"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
}

}  // namespace

namespace {

TEST(CommandLine, AnalyseReportAndChain) {
  app::Options o;
  std::string error;
  ASSERT_TRUE(parse({"s.json", "--analyse", "wave", "--report", "out/r.md", "--chain", "LeftHand"}, o, error)) << error;
  EXPECT_EQ(o.file, "s.json");
  EXPECT_EQ(o.analyse, "wave");
  EXPECT_EQ(o.report, "out/r.md");
  EXPECT_EQ(o.chain, "LeftHand");
  app::Options alone;
  EXPECT_FALSE(parse({"--analyse", "wave"}, alone, error));
  EXPECT_EQ(error, "--analyse and --report go together");
  EXPECT_FALSE(parse({"--report", "r.md"}, alone, error));
  EXPECT_EQ(error, "--analyse and --report go together");
  EXPECT_FALSE(parse({"--analyse"}, alone, error));
  EXPECT_EQ(error, "--analyse needs a name");
  const std::string help = app::usage_text();
  EXPECT_NE(help.find("--analyse NAME --report FILE.md"), std::string::npos);
  EXPECT_NE(help.find("--chain NAME"), std::string::npos);
}

}  // namespace
