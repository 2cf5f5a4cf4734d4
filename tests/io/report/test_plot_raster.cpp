// The plot rasteriser (io/report/plot_raster.h) on tiny images, pixel by pixel: rectangles cover
// the pixels whose centres they contain, lines cover their pixels fully and fade over one
// pixel at their edges, blending is source-over, text lands where it is put, and the PNG
// bytes decode back (stb_image) to the same pixels. Then the motion plots
// (io/report/motion_plot_png.h): tick steps, and a rendered report whose curves are in the
// solvers' colours.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cmath>

#include "io/report/motion_plot_png.h"
#include "io/report/plot_raster.h"
#include "solvers/scene/solver_table.h"

namespace {

const ik::Rgba kBlack{0, 0, 0, 255};
const ik::Rgba kWhite{255, 255, 255, 255};
const ik::Rgba kRed{255, 0, 0, 255};

TEST(PlotRaster, FillRectCoversThePixelsWhoseCentresItContains) {
  ik::RgbaImage image(6, 4, kBlack);
  ik::fill_rect(image, 1.0f, 0.6f, 3.4f, 2.5f, kWhite);  // centres x 1.5, 2.5 (3.5 is out); y 1.5 (0.5 is out)
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) {
      const bool inside = (x == 1 || x == 2) && (y == 1);
      EXPECT_EQ(image.at(x, y).r, inside ? 255 : 0) << x << "," << y;
    }
  EXPECT_EQ(image.at(9, 9).a, 0);  // outside the image
}

TEST(PlotRaster, HorizontalLineIsFullInsideAndFadesAtItsEdge) {
  ik::RgbaImage image(8, 5, kBlack);
  // Through the centres of row 2, 1 pixel thick: row 2 full, rows 1 and 3 untouched
  // (distance 1 from the centre line = half + 0.5: coverage 0).
  ik::draw_line(image, 1.5f, 2.5f, 5.5f, 2.5f, kWhite, 1.0f);
  for (int x = 1; x <= 5; ++x) {
    EXPECT_EQ(image.at(x, 2).g, 255) << x;
    EXPECT_EQ(image.at(x, 1).g, 0) << x;
    EXPECT_EQ(image.at(x, 3).g, 0) << x;
  }
  EXPECT_EQ(image.at(7, 2).g, 0);
  // Half a pixel lower: rows 2 and 3 each half covered (distance 0.5: coverage 0.5).
  ik::RgbaImage half(8, 5, kBlack);
  ik::draw_line(half, 1.5f, 3.0f, 5.5f, 3.0f, kWhite, 1.0f);
  EXPECT_EQ(half.at(3, 2).r, 128);
  EXPECT_EQ(half.at(3, 3).r, 128);
  EXPECT_EQ(half.at(3, 1).r, 0);
}

TEST(PlotRaster, DiagonalThickLineCoversItsPixels) {
  ik::RgbaImage image(10, 10, kBlack);
  ik::draw_line(image, 0.5f, 0.5f, 9.5f, 9.5f, kRed, 3.0f);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(image.at(i, i).r, 255) << i;  // on the line
    EXPECT_EQ(image.at(i, i).g, 0) << i;
  }
  // (5, 2): its centre is 3 * sqrt(2) / 2 = 2.12 from the line: past half + 0.5 = 2.
  EXPECT_EQ(image.at(5, 2).r, 0);
  // (5, 4): 0.71 from the line, inside half - 0.5 = 1: full.
  EXPECT_EQ(image.at(5, 4).r, 255);
}

TEST(PlotRaster, BlendsSourceOver) {
  ik::RgbaImage image(2, 1, ik::Rgba{100, 100, 100, 255});
  ik::blend_pixel(image, 0, 0, ik::Rgba{200, 0, 50, 128});
  // 100 + (200 - 100) * 128/255 = 150.2; 100 - 100 * 0.502 = 49.8; 100 - 50 * 0.502 = 74.9
  EXPECT_EQ(image.at(0, 0).r, 150);
  EXPECT_EQ(image.at(0, 0).g, 50);
  EXPECT_EQ(image.at(0, 0).b, 75);
  EXPECT_EQ(image.at(1, 0).r, 100);
  ik::blend_pixel(image, 1, 0, kWhite, 0.25f);  // coverage scales the alpha
  EXPECT_EQ(image.at(1, 0).r, 139);             // 100 + 155 * 0.25 = 138.75
}

TEST(PlotRaster, TextLandsWhereItIsPut) {
  ik::RgbaImage image(40, 20, kBlack);
  ik::draw_text(image, 10.0f, 5.0f, "1", kWhite, 1);
  int lit = 0, min_x = 99, min_y = 99, max_x = -1, max_y = -1;
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 40; ++x)
      if (image.at(x, y).r > 0) {
        ++lit;
        min_x = std::min(min_x, x), max_x = std::max(max_x, x);
        min_y = std::min(min_y, y), max_y = std::max(max_y, y);
      }
  EXPECT_GT(lit, 4);
  EXPECT_GE(min_x, 10);
  EXPECT_GE(min_y, 5);
  EXPECT_LT(max_x, 10 + ik::text_width("1"));
  EXPECT_LT(max_y, 5 + ik::text_height());
  EXPECT_EQ(ik::text_width("12", 2), 2 * ik::text_width("12", 1));
  EXPECT_GT(ik::text_width("12"), ik::text_width("1"));
}

TEST(PlotRaster, PngDecodesToTheSamePixels) {
  ik::RgbaImage image(5, 3, ik::Rgba{10, 20, 30, 255});
  ik::draw_line(image, 0.0f, 1.5f, 5.0f, 1.5f, ik::Rgba{200, 100, 0, 255});
  const std::string png = ik::encode_png(image);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  int w = 0, h = 0, channels = 0;
  unsigned char* decoded = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                 static_cast<int>(png.size()), &w, &h, &channels, 4);
  ASSERT_NE(decoded, nullptr);
  EXPECT_EQ(w, 5);
  EXPECT_EQ(h, 3);
  EXPECT_TRUE(std::equal(image.pixels.begin(), image.pixels.end(), decoded));
  stbi_image_free(decoded);
  EXPECT_EQ(ik::encode_png(ik::RgbaImage()), "");
}

TEST(MotionPlots, NiceTickSteps) {
  EXPECT_FLOAT_EQ(ik::nice_tick_step(10.0f, 5), 2.0f);
  EXPECT_FLOAT_EQ(ik::nice_tick_step(16.65f, 8), 5.0f);  // 2.08 a step -> 5
  EXPECT_FLOAT_EQ(ik::nice_tick_step(0.3f, 4), 0.1f);    // 0.075 -> 0.1
  EXPECT_FLOAT_EQ(ik::nice_tick_step(1.0f, 1), 1.0f);
  EXPECT_EQ(ik::nice_tick_step(0.0f, 4), 0.0f);
  EXPECT_EQ(ik::nice_tick_step(NAN, 4), 0.0f);
  EXPECT_EQ(ik::motion_plots_path("out/r.md"), "out/r.png");
}

// Two runs with known series: the image has a panel per series and pixels in each solver's
// colour (the curves), and is as wide as asked.
TEST(MotionPlots, CurvesInTheSolversColours) {
  ik::MotionReport report;
  report.source = "goal path 'p'";
  for (int f = 0; f < 50; ++f) report.times.push_back(static_cast<float>(f) / 25.0f);
  for (const char* id : {"dls", "fabrik"}) {
    const float offset = report.runs.empty() ? 0.0f : 5.0f;  // the curves apart, so neither hides the other
    ik::MotionRun run;
    run.solver = ik::find_solver(id);
    for (int f = 0; f < 50; ++f) {
      ik::MotionFrame m;
      m.error = 1e-3f * static_cast<float>(f + 1) * (1.0f + offset);
      m.pop_degrees = static_cast<float>(f % 10) + offset;
      m.jitter_degrees = 0.5f + offset;
      m.flip = f == 20;
      run.frames.push_back(m);
    }
    report.runs.push_back(run);
  }
  const ik::RgbaImage image = ik::render_motion_plots(report, ik::default_plot_series(report), "title", 640);
  EXPECT_EQ(image.width, 640);
  EXPECT_EQ(ik::default_plot_series(report).size(), 3u);  // no drift measured
  for (int r = 0; r < 2; ++r) {
    const glm::vec3 c = ik::solver_colour(report.runs[static_cast<size_t>(r)].solver);
    const int want_r = static_cast<int>(std::lround(c.r * 255.0f)),
              want_g = static_cast<int>(std::lround(c.g * 255.0f));
    int exact = 0;
    for (int y = 0; y < image.height; ++y)
      for (int x = 0; x < image.width; ++x) {
        const ik::Rgba p = image.at(x, y);
        if (p.r == want_r && p.g == want_g) ++exact;
      }
    EXPECT_GT(exact, 150) << r;  // three panels of curves (500 px each) plus the legend swatch
  }
}

}  // namespace
