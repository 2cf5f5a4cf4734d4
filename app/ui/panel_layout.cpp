#include "app/ui/panel_layout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/ui/panels.h"
#include "io/files/atomic_file.h"

namespace app {
namespace {

float strip_width() { return std::floor(ImGui::GetFrameHeight() + 8.0f); }

bool& collapsed_of(PanelLayout& layout, PanelSide side) {
  return side == PanelSide::skeleton ? layout.skeleton_collapsed : layout.chains_collapsed;
}
float& width_of(PanelLayout& layout, PanelSide side) {
  return side == PanelSide::skeleton ? layout.skeleton_width : layout.chains_width;
}

// Writes the layout if it differs from the file's (never during a drag: at its end).
void save_if_changed(Editor& editor) {
  if (editor.ui.panel_layout_path.empty() || editor.ui.panel_layout == editor.ui.panel_layout_saved) return;
  editor.ui.panel_layout_saved = editor.ui.panel_layout;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(editor.ui.panel_layout_path).parent_path(), ec);
  std::string error;
  if (ec || !write_file_atomically(editor.ui.panel_layout_path, format_panel_layout(editor.ui.panel_layout), error))
    std::fprintf(stderr, "ikscope: cannot keep the panel sizes: %s\n",
                 ec ? (editor.ui.panel_layout_path + ": " + ec.message()).c_str() : error.c_str());
}

// A panel's edge: a borderless window at `pos` of `size`, the collapsed strip (with
// `strip_padding` and a background) or the open panel's splitter (no padding, see-through).
// end_edge_window() after its contents.
void begin_edge_window(const char* name, ImVec2 pos, ImVec2 size, bool collapsed, ImVec2 strip_padding) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, collapsed ? strip_padding : ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 (collapsed ? 0 : ImGuiWindowFlags_NoBackground);
  ImGui::Begin(name, nullptr, flags);
}

void end_edge_window() {
  ImGui::End();
  ImGui::PopStyleVar(3);
}

// The splitter that is the last item: a line along its middle (across: a horizontal line,
// else a vertical one), thicker and brighter while hovered or dragged, with a resize cursor.
void draw_splitter_line(bool across) {
  const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (hot) ImGui::SetMouseCursor(across ? ImGuiMouseCursor_ResizeNS : ImGuiMouseCursor_ResizeEW);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const ImU32 colour = ImGui::GetColorU32(ImGui::IsItemActive() ? ImGuiCol_SeparatorActive
                                          : hot                 ? ImGuiCol_SeparatorHovered
                                                                : ImGuiCol_Separator);
  const float half = hot ? 2.0f : 0.5f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (across) {
    const float mid = std::floor((a.y + b.y) * 0.5f);
    dl->AddRectFilled(ImVec2(a.x, mid - half), ImVec2(b.x, mid + half), colour);
  } else {
    const float mid = std::floor((a.x + b.x) * 0.5f);
    dl->AddRectFilled(ImVec2(mid - half, a.y), ImVec2(mid + half, b.y), colour);
  }
}

}  // namespace

void load_panel_layout(Editor& editor) {
  if (editor.ui.panel_layout_loaded) return;
  editor.ui.panel_layout_loaded = true;
  editor.ui.panel_layout_path =
      panel_layout_path(std::getenv("IKSCOPE_PANEL_LAYOUT"), std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
  editor.ui.panel_layout = editor.ui.panel_layout_saved = PanelLayout{};
  if (editor.ui.panel_layout_path.empty()) return;
  std::ifstream in(editor.ui.panel_layout_path, std::ios::binary);
  if (!in) return;  // not written yet: the defaults
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<std::string> warnings;
  editor.ui.panel_layout = parse_panel_layout(text.str(), editor.ui.panel_layout_path, warnings);
  // What the file holds as written, so a clamped or skipped value is rewritten only when
  // the user changes the layout.
  editor.ui.panel_layout_saved = editor.ui.panel_layout;
  for (const std::string& w : warnings) {
    std::fprintf(stderr, "ikscope: %s\n", w.c_str());
    set_status(editor, w, false);
  }
}

float splitter_width() { return std::floor(std::max(4.0f, ImGui::GetFontSize() * 0.4f)); }

PanelWidths current_panel_widths(const Editor& editor, float window_width) {
  return fit_panels(editor.ui.panel_layout, window_width, strip_width(), splitter_width());
}

bool begin_side_panel(Editor& editor, PanelSide side, const char* title, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  // Opened from its strip: the window's own collapsed state (ImGui's) follows the layout.
  ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;
  const bool open = ImGui::Begin(title, nullptr, flags);
  if (ImGui::IsWindowCollapsed()) {  // its title bar's arrow was clicked
    collapsed_of(editor.ui.panel_layout, side) = true;
    save_if_changed(editor);
    return false;
  }
  const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
  editor.ui.widget_rects[side == PanelSide::skeleton ? "skeleton_panel" : "chains_panel"] = {at.x, at.y, extent.x, extent.y};
  return open;
}

void draw_panel_edge(Editor& editor, PanelSide side, float x, float top, float width, float height) {
  const bool is_left = side == PanelSide::skeleton;
  const bool collapsed = collapsed_of(editor.ui.panel_layout, side);
  begin_edge_window(is_left ? "##skeleton_edge" : "##chains_edge", ImVec2(x, top),
                    ImVec2(collapsed ? width : splitter_width(), height), collapsed, ImVec2(4.0f, 4.0f));
  if (collapsed) {
    // The arrow points where the panel will open.
    if (ImGui::ArrowButton("##open", is_left ? ImGuiDir_Right : ImGuiDir_Left)) {
      collapsed_of(editor.ui.panel_layout, side) = false;
      save_if_changed(editor);
    }
    remember_rect(editor, is_left ? "skeleton_strip" : "chains_strip");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(is_left ? "Show the Skeleton panel" : "Show the Chains panel");
  } else {
    // Dragging moves the edge; the other panel keeps its width, and the two together stay
    // within the budget that leaves the viewport half the window.
    ImGui::InvisibleButton("##split", ImVec2(splitter_width(), height));
    remember_rect(editor, is_left ? "skeleton_splitter" : "chains_splitter");
    draw_splitter_line(false);
    if (ImGui::IsItemActive() && ImGui::GetIO().MouseDelta.x != 0.0f) {
      const PanelWidths now = current_panel_widths(editor, ImGui::GetIO().DisplaySize.x);
      PanelLayout& layout = editor.ui.panel_layout;
      // Both as shown (they may be narrowed to fit), then the dragged one follows the mouse;
      // kept as their widths in a window of the reference width (panel_fit.h).
      if (!layout.skeleton_collapsed) layout.skeleton_width = now.skeleton / now.grow;
      if (!layout.chains_collapsed) layout.chains_width = now.chains / now.grow;
      const float other =
          is_left ? (layout.chains_collapsed ? 0.0f : now.chains) : (layout.skeleton_collapsed ? 0.0f : now.skeleton);
      const float delta = ImGui::GetIO().MouseDelta.x * (is_left ? 1.0f : -1.0f);
      const float most = std::max(kMinPanelWidth, now.budget - other);
      const float shown = is_left ? now.skeleton : now.chains;
      width_of(layout, side) = std::clamp(std::floor(shown + delta), kMinPanelWidth, most) / now.grow;
    }
    if (ImGui::IsItemDeactivated()) save_if_changed(editor);
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive())
      ImGui::SetTooltip("Drag to resize the %s panel (remembered between runs)", is_left ? "Skeleton" : "Chains");
  }
  end_edge_window();
}

float motion_strip_height() { return std::floor(ImGui::GetFrameHeight() + 6.0f); }

float motion_dock_height(const Editor& editor, float body_height) {
  return fit_motion_dock(editor.ui.panel_layout, editor.motion.open, body_height, motion_strip_height());
}

void draw_motion_dock_edge(Editor& editor, float top, float width) {
  PanelLayout& layout = editor.ui.panel_layout;
  const bool collapsed = layout.motion_collapsed;
  const float height = collapsed ? motion_strip_height() : splitter_width();
  begin_edge_window("##motion_edge", ImVec2(0.0f, top), ImVec2(width, height), collapsed, ImVec2(4.0f, 3.0f));
  if (collapsed) {
    if (ImGui::ArrowButton("##open", ImGuiDir_Up)) {
      layout.motion_collapsed = false;
      save_if_changed(editor);
    }
    remember_rect(editor, "motion_strip");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the Motion analysis");
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Motion analysis");
  } else {
    // Dragging moves the dock's top edge: up makes it taller, the view shorter.
    ImGui::InvisibleButton("##split", ImVec2(width, height));
    remember_rect(editor, "motion_splitter");
    draw_splitter_line(true);
    if (ImGui::IsItemActive() && ImGui::GetIO().MouseDelta.y != 0.0f)
      layout.motion_height =
          std::clamp(std::floor(layout.motion_height - ImGui::GetIO().MouseDelta.y), kMinPanelWidth, kMaxPanelWidth);
    if (ImGui::IsItemDeactivated()) save_if_changed(editor);
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive())
      ImGui::SetTooltip("Drag to resize the Motion analysis (remembered between runs)");
  }
  end_edge_window();
}

bool begin_motion_dock(Editor& editor, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;
  const bool open = ImGui::Begin("Motion analysis", &editor.motion.open, flags);
  if (ImGui::IsWindowCollapsed()) {  // its title bar's arrow was clicked
    editor.ui.panel_layout.motion_collapsed = true;
    save_if_changed(editor);
    return false;
  }
  const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
  editor.ui.widget_rects["motion_window"] = {at.x, at.y, extent.x, extent.y};
  return open;
}

}  // namespace app
