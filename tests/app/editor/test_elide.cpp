// Shortening for narrow panels (app/editor/elide.h): names give way in the middle, figures
// keep to the width of "999.9" whatever their size.
#include <gtest/gtest.h>

#include <limits>

#include "app/editor/elide.h"

namespace {

TEST(Elide, ALongNameKeepsBothEnds) {
  EXPECT_EQ(app::elide_middle("mixamorig:LeftHandThumb4", 24), "mixamorig:LeftHandThumb4");
  const std::string shown = app::elide_middle("mixamorig:LeftHandThumb4", 9);
  EXPECT_EQ(shown, "mixa\xE2\x80\xA6umb4");
}

TEST(Elide, AFigureNeverTakesMoreThanFiveCharacters) {
  EXPECT_EQ(app::compact_number(0.0), "0.0");
  EXPECT_EQ(app::compact_number(27.84), "27.8");
  EXPECT_EQ(app::compact_number(999.94), "999.9");
  EXPECT_EQ(app::compact_number(999.96), "1000") << "rounds up into the next step, not to 1000.0";
  EXPECT_EQ(app::compact_number(3581.5), "3582");  // a sanitizer build's chain time
  EXPECT_EQ(app::compact_number(9999.6), "10k");
  EXPECT_EQ(app::compact_number(45678.0), "46k");
  EXPECT_EQ(app::compact_number(999.6e3), "1M");
  EXPECT_EQ(app::compact_number(2.5e12), ">1G");
  EXPECT_EQ(app::compact_number(-1.0), "0.0");
  EXPECT_EQ(app::compact_number(std::numeric_limits<double>::infinity()), "inf");
  for (double v = 0.01; v < 1e10; v *= 1.37) EXPECT_LE(app::compact_number(v).size(), 5u) << v;
}

}  // namespace
