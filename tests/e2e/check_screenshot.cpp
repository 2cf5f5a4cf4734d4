// Checks a screenshot of the real program against its own state dump:
//   * the PNG has the framebuffer's size;
//   * every joint projects inside the 3D viewport (the rig is framed), and the rig
//     covers a readable part of it;
//   * the rig is upright: its highest joint in model space is drawn above its lowest;
//   * bone colour is present where the camera projects the joints (except under a goal
//     handle or the selected goal's gizmo, which are drawn over them);
//   * background elsewhere: pixels far from every bone, outside the skinned mesh's
//     projected box, off the selected goal's gizmo and the view's toolbar match the row's
//     background.
//
// usage: check_screenshot SHOT.png STATE.json
//        check_screenshot --differ A.png B.png MIN_PIXELS
//          two screenshots of the same size differ in at least MIN_PIXELS pixels (a colour
//          distance over 48); prints the count.
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[(static_cast<size_t>(y) * width + x) * 3]; }
};

struct Point {
  float x, y;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "check_screenshot: FAIL: %s\n", message.c_str());
  return 1;
}

int colour_distance(const unsigned char* a, const unsigned char* b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

float distance_to_segment(Point p, Point a, Point b) {
  const float vx = b.x - a.x, vy = b.y - a.y;
  const float len2 = vx * vx + vy * vy;
  float t = len2 > 0.0f ? ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2 : 0.0f;
  t = std::clamp(t, 0.0f, 1.0f);
  const float dx = p.x - (a.x + t * vx), dy = p.y - (a.y + t * vy);
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace

// --differ: counts the pixels whose colours are far apart.
int differ(const char* a_path, const char* b_path, const char* min_text) {
  Image a, b;
  for (auto [path, img] : {std::pair{a_path, &a}, std::pair{b_path, &b}}) {
    int channels = 0;
    unsigned char* data = stbi_load(path, &img->width, &img->height, &channels, 3);
    if (!data) return fail(std::string(path) + ": cannot read PNG");
    img->rgb.assign(data, data + static_cast<size_t>(img->width) * img->height * 3);
    stbi_image_free(data);
  }
  if (a.width != b.width || a.height != b.height) return fail("the two screenshots differ in size");
  long count = 0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) count += colour_distance(a.at(x, y), b.at(x, y)) > 48;
  std::printf("%ld pixels differ\n", count);
  const long min_pixels = std::atol(min_text);
  if (count < min_pixels)
    return fail(std::to_string(count) + " pixels differ, fewer than " + std::to_string(min_pixels));
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--differ") return differ(argv[2], argv[3], argv[4]);
  if (argc != 3) {
    std::fprintf(stderr, "usage: check_screenshot SHOT.png STATE.json\n");
    return 2;
  }
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(argv[1], &img.width, &img.height, &channels, 3);
  if (!data) return fail(std::string(argv[1]) + ": cannot read PNG");
  img.rgb.assign(data, data + static_cast<size_t>(img.width) * img.height * 3);
  stbi_image_free(data);

  std::ifstream in(argv[2]);
  nlohmann::json state;
  try {
    in >> state;
  } catch (const std::exception& e) {
    return fail(std::string(argv[2]) + ": " + e.what());
  }
  if (state["framebuffer"][0] != img.width || state["framebuffer"][1] != img.height)
    return fail("screenshot size differs from the framebuffer size in the state");

  const float vx = state["viewport"][0], vy = state["viewport"][1];
  const float vw = state["viewport"][2], vh = state["viewport"][3];
  const auto& joints = state["joints"];
  if (joints.empty()) return fail("the state has no joints");

  // Joint projections, and the bones as segments from each joint to its parent.
  std::vector<Point> pixel;
  float min_x = 1e9f, max_x = -1e9f, min_y = 1e9f, max_y = -1e9f;
  int highest = 0, lowest = 0;
  for (size_t i = 0; i < joints.size(); ++i) {
    const auto& j = joints[i];
    const Point p{j["pixel"][0].get<float>(), j["pixel"][1].get<float>()};
    pixel.push_back(p);
    if (!j["in_front_of_camera"].get<bool>() || p.x < vx || p.y < vy || p.x >= vx + vw || p.y >= vy + vh)
      return fail("joint " + j["name"].get<std::string>() + " is outside the viewport: not framed");
    min_x = std::min(min_x, p.x);
    max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
    if (j["model"][1].get<float>() > joints[static_cast<size_t>(highest)]["model"][1].get<float>())
      highest = static_cast<int>(i);
    if (j["model"][1].get<float>() < joints[static_cast<size_t>(lowest)]["model"][1].get<float>())
      lowest = static_cast<int>(i);
  }
  if (max_x - min_x < 0.3f * vw && max_y - min_y < 0.4f * vh)
    return fail("the rig covers too little of the viewport to be readable");
  if (pixel[static_cast<size_t>(highest)].y >= pixel[static_cast<size_t>(lowest)].y)
    return fail("the rig is not upright: its highest joint is not drawn above its lowest");

  // The background of a row: its median colour inside the viewport (bones, joints and
  // thin grid lines cover less than half of any row).
  auto row_background = [&](int y, unsigned char out[3]) {
    std::vector<int> c[3];
    for (int x = static_cast<int>(vx); x < static_cast<int>(vx + vw); x += 2)
      for (int k = 0; k < 3; ++k) c[k].push_back(img.at(x, y)[k]);
    for (int k = 0; k < 3; ++k) {
      std::nth_element(c[k].begin(), c[k].begin() + static_cast<long>(c[k].size() / 2), c[k].end());
      out[k] = static_cast<unsigned char>(c[k][c[k].size() / 2]);
    }
  };

  // Bone colour where each joint projects: some pixel within 3 px differs clearly
  // from the background of its row.
  // Goal handles are drawn over joints; their dark rim can match a dark floor row.
  const float to_pixels = state["framebuffer"][0].get<float>() / state["window"][0].get<float>();
  std::vector<Point> handles;
  if (state.contains("chains"))
    for (const auto& c : state["chains"])
      handles.push_back({c["goal_window"][0].get<float>() * to_pixels, c["goal_window"][1].get<float>() * to_pixels});
  const auto under_handle = [&](const Point& p) {
    // 7 px handles (app/viewport/scene_draw.cpp) + 1 px of rim + the 3 px the check looks around.
    const float radius = 11.0f * to_pixels;
    for (const Point& h : handles)
      if ((p.x - h.x) * (p.x - h.x) + (p.y - h.y) * (p.y - h.y) < radius * radius) return true;
    return false;
  };
  // The selected goal's gizmo (app/editor/gizmo.h: 90 points across, drawn over the view): it
  // covers the joints under it, and is not background either.
  Point gizmo{-1e9f, -1e9f};
  if (state.contains("selected_chain") && state.contains("chains") && state["selected_chain"].get<int>() >= 0) {
    const auto& c = state["chains"][state["selected_chain"].get<size_t>()];
    gizmo = {c["goal_window"][0].get<float>() * to_pixels, c["goal_window"][1].get<float>() * to_pixels};
  }
  const float gizmo_radius = 100.0f * to_pixels;
  const auto on_gizmo = [&](const Point& p) {
    return (p.x - gizmo.x) * (p.x - gizmo.x) + (p.y - gizmo.y) * (p.y - gizmo.y) < gizmo_radius * gizmo_radius;
  };
  int missing = 0;
  for (size_t i = 0; i < pixel.size(); ++i) {
    if (under_handle(pixel[i]) || on_gizmo(pixel[i])) continue;
    const int cx = static_cast<int>(std::lround(pixel[i].x)), cy = static_cast<int>(std::lround(pixel[i].y));
    bool found = false;
    for (int dy = -3; dy <= 3 && !found; ++dy) {
      const int y = std::clamp(cy + dy, 0, img.height - 1);
      unsigned char bg[3];
      row_background(y, bg);
      for (int dx = -3; dx <= 3 && !found; ++dx) {
        const int x = std::clamp(cx + dx, 0, img.width - 1);
        found = colour_distance(img.at(x, y), bg) > 60;
      }
    }
    if (!found) {
      ++missing;
      std::fprintf(stderr, "no bone colour at joint %s (%d, %d)\n",
                   joints[i]["name"].get<std::string>().c_str(), cx, cy);
    }
  }
  if (missing > 0) return fail(std::to_string(missing) + " joints have no bone colour under them");

  // Background elsewhere: lattice samples 40+ px away from every bone, outside the meshes.
  std::vector<std::vector<float>> mesh_boxes;
  if (state.contains("mesh_pixels"))
    for (const auto& box : state["mesh_pixels"]) mesh_boxes.push_back(box.get<std::vector<float>>());
  auto inside_mesh = [&](float x, float y) {
    for (const auto& b : mesh_boxes)
      if (x >= b[0] - 4 && x <= b[2] + 4 && y >= b[1] - 4 && y <= b[3] + 4) return true;
    return false;
  };
  // The viewport's toolbar (Move, Rotate, Persp: app/viewport/gizmo_draw.h), a band above the
  // view now (earlier a window over its corner): its buttons' rectangles, padded by its frame.
  std::vector<std::vector<float>> toolbar;
  if (state.contains("ui_rects"))
    for (const char* name : {"gizmo_translate", "gizmo_rotate", "view_projection"})
      if (state["ui_rects"].contains(name)) toolbar.push_back(state["ui_rects"][name].get<std::vector<float>>());
  const auto on_toolbar = [&](const Point& p) {
    for (const auto& r : toolbar)
      if (p.x >= (r[0] - 10) * to_pixels && p.x <= (r[0] + r[2] + 10) * to_pixels && p.y >= (r[1] - 10) * to_pixels &&
          p.y <= (r[1] + r[3] + 10) * to_pixels)
        return true;
    return false;
  };
  int samples = 0, background = 0;
  const float margin = 40.0f;
  for (int y = static_cast<int>(vy) + 4; y < static_cast<int>(vy + vh) - 4; y += 24) {
    unsigned char bg[3];
    row_background(y, bg);
    for (int x = static_cast<int>(vx) + 4; x < static_cast<int>(vx + vw) - 4; x += 24) {
      const Point p{static_cast<float>(x), static_cast<float>(y)};
      float nearest = 1e9f;
      for (size_t i = 0; i < pixel.size(); ++i) {
        const int parent = joints[i]["parent"].get<int>();
        const Point a = pixel[i];
        const Point b = parent >= 0 ? pixel[static_cast<size_t>(parent)] : a;
        nearest = std::min(nearest, distance_to_segment(p, a, b));
      }
      if (nearest < margin || inside_mesh(p.x, p.y) || on_gizmo(p) || on_toolbar(p)) continue;
      ++samples;
      background += colour_distance(img.at(x, y), bg) <= 24;
    }
  }
  if (samples < 50) return fail("too few pixels away from the bones to check the background");
  const double fraction = static_cast<double>(background) / samples;
  std::printf("check_screenshot: %zu joints drawn; %d/%d far samples are background (%.1f%%)\n",
              pixel.size(), background, samples, 100.0 * fraction);
  if (fraction < 0.85) return fail("too much non-background away from the bones");
  return 0;
}
