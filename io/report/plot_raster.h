// A small CPU rasteriser for plots: an RGBA image in memory, filled rectangles, thick
// anti-aliased line segments and polylines, and text in stb_easy_font's built-in bitmap
// font, then PNG bytes (stb_image_write) for an atomic write (io/files/atomic_file.h). No window,
// no GL: `ikscope --analyse` draws its plots with it (io/report/motion_plot_png.h).
//
// Coordinates are pixels, x to the right and y down, (0, 0) the top-left corner of the
// top-left pixel; pixel (x, y) covers [x, x + 1) x [y, y + 1), so its centre is
// (x + 0.5, y + 0.5). Colours are straight (not premultiplied) RGBA, 0..255; drawing
// blends source-over onto what is there. Everything is clipped to the image.
//
// Lines: each pixel takes the colour with a coverage that falls linearly from 1 to 0 over
// the last pixel at the line's edge (distance from the pixel centre to the segment, minus
// half the thickness), so slopes read smoothly without supersampling. Does NOT: fill
// polygons, dash, or draw curves other than as polylines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ik {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4, rows top to bottom

  RgbaImage() = default;
  RgbaImage(int w, int h, Rgba fill);
  Rgba at(int x, int y) const;  // (0, 0, 0, 0) outside the image
};

// Blends `colour` onto pixel (x, y) with `coverage` in [0, 1] times its alpha.
void blend_pixel(RgbaImage& image, int x, int y, Rgba colour, float coverage = 1.0f);

// The pixels whose centres lie in [x0, x1) x [y0, y1).
void fill_rect(RgbaImage& image, float x0, float y0, float x1, float y1, Rgba colour);

// A segment `thickness` pixels wide (at least 1), anti-aliased at its edges.
void draw_line(RgbaImage& image, float x0, float y0, float x1, float y1, Rgba colour, float thickness = 1.0f);

// Consecutive points joined by segments: xs and ys of the same length (a point with a
// non-finite coordinate breaks the line there), in line style `style`
// (solvers/scene/solver_table.h's line_style_pattern, in pixels; 0 solid).
void draw_polyline(RgbaImage& image, const std::vector<float>& xs, const std::vector<float>& ys, Rgba colour,
                   float thickness = 1.0f, int style = 0);

// Text (printable ASCII; others drawn as '?') with its top-left corner at (x, y), each font
// unit `scale` pixels. text_width / text_height: its size in pixels at that scale.
void draw_text(RgbaImage& image, float x, float y, const std::string& text, Rgba colour, int scale = 1);
int text_width(const std::string& text, int scale = 1);
int text_height(int scale = 1);

// The image as PNG bytes (8-bit RGBA); empty if the image is empty or encoding failed.
std::string encode_png(const RgbaImage& image);

}  // namespace ik
