#include "io/report/plot_raster.h"

#include <stb_easy_font.h>
// Declarations only: the implementation comes from Debian's libstb (io/CMakeLists.txt).
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>

#include "solvers/scene/solver_table.h"

namespace ik {
namespace {

// Distance from (px, py) to the segment (x0, y0) - (x1, y1).
float segment_distance(float px, float py, float x0, float y0, float x1, float y1) {
  const float dx = x1 - x0, dy = y1 - y0;
  const float length2 = dx * dx + dy * dy;
  float t = length2 > 0.0f ? ((px - x0) * dx + (py - y0) * dy) / length2 : 0.0f;
  t = std::clamp(t, 0.0f, 1.0f);
  const float ex = x0 + t * dx - px, ey = y0 + t * dy - py;
  return std::sqrt(ex * ex + ey * ey);
}

std::uint8_t mix(std::uint8_t under, std::uint8_t over, float alpha) {
  return static_cast<std::uint8_t>(std::lround(static_cast<float>(under) + (static_cast<float>(over) - under) * alpha));
}

}  // namespace

RgbaImage::RgbaImage(int w, int h, Rgba fill) : width(std::max(0, w)), height(std::max(0, h)) {
  pixels.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
  for (size_t i = 0; i < pixels.size(); i += 4) {
    pixels[i] = fill.r;
    pixels[i + 1] = fill.g;
    pixels[i + 2] = fill.b;
    pixels[i + 3] = fill.a;
  }
}

Rgba RgbaImage::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) return {0, 0, 0, 0};
  const size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  return {pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]};
}

void blend_pixel(RgbaImage& image, int x, int y, Rgba colour, float coverage) {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height || !(coverage > 0.0f)) return;
  const float alpha = std::min(coverage, 1.0f) * static_cast<float>(colour.a) / 255.0f;
  const size_t i = (static_cast<size_t>(y) * static_cast<size_t>(image.width) + static_cast<size_t>(x)) * 4;
  std::uint8_t* p = &image.pixels[i];
  p[0] = mix(p[0], colour.r, alpha);
  p[1] = mix(p[1], colour.g, alpha);
  p[2] = mix(p[2], colour.b, alpha);
  p[3] = static_cast<std::uint8_t>(std::lround(static_cast<float>(p[3]) + (255.0f - p[3]) * alpha));
}

void fill_rect(RgbaImage& image, float x0, float y0, float x1, float y1, Rgba colour) {
  // Pixel x is inside when its centre x + 0.5 lies in [x0, x1): x >= ceil(x0 - 0.5).
  const int from_x = std::max(0, static_cast<int>(std::ceil(x0 - 0.5f)));
  const int to_x = std::min(image.width, static_cast<int>(std::ceil(x1 - 0.5f)));
  const int from_y = std::max(0, static_cast<int>(std::ceil(y0 - 0.5f)));
  const int to_y = std::min(image.height, static_cast<int>(std::ceil(y1 - 0.5f)));
  for (int y = from_y; y < to_y; ++y)
    for (int x = from_x; x < to_x; ++x) blend_pixel(image, x, y, colour);
}

void draw_line(RgbaImage& image, float x0, float y0, float x1, float y1, Rgba colour, float thickness) {
  if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1)) return;
  const float half = std::max(thickness, 1.0f) * 0.5f;
  const float reach = half + 1.0f;
  const int from_x = std::max(0, static_cast<int>(std::floor(std::min(x0, x1) - reach)));
  const int to_x = std::min(image.width - 1, static_cast<int>(std::ceil(std::max(x0, x1) + reach)));
  const int from_y = std::max(0, static_cast<int>(std::floor(std::min(y0, y1) - reach)));
  const int to_y = std::min(image.height - 1, static_cast<int>(std::ceil(std::max(y0, y1) + reach)));
  for (int y = from_y; y <= to_y; ++y)
    for (int x = from_x; x <= to_x; ++x) {
      const float d = segment_distance(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f, x0, y0, x1, y1);
      // Full inside half - 0.5, fading to nothing at half + 0.5.
      const float coverage = std::clamp(half + 0.5f - d, 0.0f, 1.0f);
      if (coverage > 0.0f) blend_pixel(image, x, y, colour, coverage);
    }
}

void draw_polyline(RgbaImage& image, const std::vector<float>& xs, const std::vector<float>& ys, Rgba colour,
                   float thickness, int style) {
  const size_t n = std::min(xs.size(), ys.size());
  const float* pattern = line_style_pattern(style);
  int part = 0;             // the pattern's part: even parts are drawn
  float left = pattern[0];  // of that part
  for (size_t i = 1; i < n; ++i) {
    if (style <= 0) {
      draw_line(image, xs[i - 1], ys[i - 1], xs[i], ys[i], colour, thickness);
      continue;
    }
    float ax = xs[i - 1], ay = ys[i - 1];
    float length = std::hypot(xs[i] - ax, ys[i] - ay);
    if (!std::isfinite(length)) continue;  // a break in the line
    const float ux = length > 0.0f ? (xs[i] - ax) / length : 0.0f, uy = length > 0.0f ? (ys[i] - ay) / length : 0.0f;
    while (length > 0.0f) {
      const float step = std::min(left, length);
      if (part % 2 == 0) draw_line(image, ax, ay, ax + ux * step, ay + uy * step, colour, thickness);
      ax += ux * step;
      ay += uy * step;
      length -= step;
      left -= step;
      if (left <= 0.0f) {
        part = (part + 1) % 4;
        left = pattern[part];
      }
    }
  }
  // A lone point between breaks (or a one-point line) still shows as a dot.
  if (n == 1) draw_line(image, xs[0], ys[0], xs[0], ys[0], colour, thickness);
}

void draw_text(RgbaImage& image, float x, float y, const std::string& text, Rgba colour, int scale) {
  if (text.empty()) return;
  scale = std::max(scale, 1);
  std::vector<char> chars(text.begin(), text.end());
  for (char& c : chars)
    if (c < 32 || c > 126) c = '?';
  chars.push_back('\0');
  // About 270 bytes of vertices per character (stb_easy_font's figure); a quad is 4 x 16 bytes.
  std::vector<char> vertices(chars.size() * 400 + 64);
  const int quads =
      stb_easy_font_print(0.0f, 0.0f, chars.data(), nullptr, vertices.data(), static_cast<int>(vertices.size()));
  const float s = static_cast<float>(scale);
  for (int q = 0; q < quads; ++q) {
    const float* v0 = reinterpret_cast<const float*>(vertices.data() + q * 64);
    const float* v2 = reinterpret_cast<const float*>(vertices.data() + q * 64 + 32);
    fill_rect(image, x + v0[0] * s, y + v0[1] * s, x + v2[0] * s, y + v2[1] * s, colour);
  }
}

int text_width(const std::string& text, int scale) {
  std::vector<char> chars(text.begin(), text.end());
  chars.push_back('\0');
  return stb_easy_font_width(chars.data()) * std::max(scale, 1);
}

// The font's capitals and digits are 7 units tall; descenders reach 2 below.
int text_height(int scale) { return 9 * std::max(scale, 1); }

std::string encode_png(const RgbaImage& image) {
  std::string bytes;
  if (image.width <= 0 || image.height <= 0) return bytes;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  if (stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.pixels.data(), image.width * 4) == 0)
    bytes.clear();
  return bytes;
}

}  // namespace ik
