// The ImGui panels (panels.h): the menu bar, the skeleton outline, the status line, help and
// the modal prompts, laid out by draw_ui.
//
// Index:
//   Widget helpers   remember_rect, same_line_if_fits, button_width, elide_to_width
//   Menu bar         request_path, draw_recent_files_menu, draw_menu_bar
//   Prompts          enter_pressed, escape_pressed, folder_of, draw_path_popup, draw_pending_prompt
//   Outline          draw_outline (the joint table with its role column, then the joint details)
//   Status and help  draw_status_line, draw_help
//   Layout           draw_ui (the panels, splitters, timeline, status line and motion panel; returns the
//                    viewport's area), draw_modal_prompts
#include "app/ui/panels.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "app/editor/controls.h"
#include "app/editor/elide.h"
#include "app/editor/file_commands.h"
#include "app/editor/motion_export.h"
#include "app/editor/status_colours.h"
#include "app/editor/timeline.h"
#include "app/ui/chain_panel.h"
#include "app/ui/joint_panel.h"
#include "app/ui/mapping_window.h"
#include "app/ui/motion_panel_view.h"
#include "app/ui/panel_layout.h"
#include "app/ui/timeline_panel.h"

namespace app {

// ---- Widget helpers -----------------------------------------------------------------------

void remember_rect(Editor& editor, const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  editor.ui.widget_rects[name] = {a.x, a.y, b.x - a.x, b.y - a.y};
}

void same_line_if_fits(float next_width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + next_width <= right) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

std::string elide_to_width(const std::string& text, float width, bool* elided) {
  if (elided) *elided = false;
  width -= 2.0f;  // a text that ends on its cell's edge looks cut (and text_fit.h reads it so)
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  if (elided) *elided = true;
  // The most characters that fit: elide_middle's result widens with max_chars.
  size_t low = 3, high = text.size();
  while (low < high) {
    const size_t mid = (low + high + 1) / 2;
    if (ImGui::CalcTextSize(elide_middle(text, mid).c_str()).x <= width)
      low = mid;
    else
      high = mid - 1;
  }
  return elide_middle(text, low);
}

float width_beside_label(float wanted, const char* label) {
  const float label_width = ImGui::CalcTextSize(label, nullptr, true).x;
  const float room = ImGui::GetContentRegionAvail().x - label_width - ImGui::GetStyle().ItemInnerSpacing.x - 2.0f;
  return std::floor(std::max(ImGui::GetFrameHeight() * 2.0f, std::min(wanted, room)));
}

bool begin_combo_fitted(const char* label, const std::string& preview) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float box = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - style.FramePadding.x * 2.0f;
  bool elided = false;
  const std::string shown = elide_to_width(preview, std::max(box, 1.0f), &elided);
  const bool open = ImGui::BeginCombo(label, shown.c_str());
  if (elided && !open && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preview.c_str());
  return open;
}

void text_fitted(const std::string& text, bool disabled, float leave) {
  bool elided = false;
  const std::string shown = elide_to_width(text, ImGui::GetContentRegionAvail().x - leave, &elided);
  if (disabled)
    ImGui::TextDisabled("%s", shown.c_str());
  else
    ImGui::TextUnformatted(shown.c_str());
  if (elided && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

namespace {

// What the joint table measures over the whole rig -- its widest role, each joint's depth --
// kept while the rig, its roles and the font are the same: formatting every role and walking
// every joint's ancestors each frame cost a 10,000-joint rig that much every frame.
struct OutlineMeasures {
  int generation = -1;
  float font_size = 0.0f;
  std::vector<ik::JointRole> roles;
  float widest_role = 0.0f;
  std::vector<int> depth;  // per joint: how many ancestors it has
  int deepest = 1;         // the largest depth, at least 1
};

const OutlineMeasures& outline_measures(const Document& document) {
  static OutlineMeasures m;
  const float font_size = ImGui::GetFontSize();
  if (m.generation == document.rig_generation && m.font_size == font_size && m.roles == document.rig.roles) return m;
  m.generation = document.rig_generation;
  m.font_size = font_size;
  m.roles = document.rig.roles;
  m.widest_role = ImGui::CalcTextSize("role").x;
  for (const ik::JointRole& r : m.roles)
    if (r.role != ik::Role::none)
      m.widest_role = std::fmax(m.widest_role, ImGui::CalcTextSize(ik::describe_role(r).c_str()).x);
  // Parents come before their children (depth-first order): one pass.
  const ik::Skeleton& s = document.rig.skeleton;
  m.depth.assign(static_cast<size_t>(s.joint_count()), 0);
  m.deepest = 1;
  for (size_t i = 0; i < m.depth.size(); ++i) {
    const int parent = s.parent[i];
    if (parent >= 0) m.depth[i] = m.depth[static_cast<size_t>(parent)] + 1;
    m.deepest = std::max(m.deepest, m.depth[i]);
  }
  return m;
}

// ---- Menu bar -----------------------------------------------------------------------------

void request_path(Editor& editor, PathCommand command) {
  editor.ui.path_command_requested = command;
}

// File > Open recent: file names, their folders (elided in the middle) where a shortcut
// would be, the full path on hover; files that are gone are greyed out.
void draw_recent_files_menu(Editor& editor) {
  if (!ImGui::BeginMenu("Open recent", !editor.ui.recent_files.empty())) return;
  std::string chosen;
  for (const std::string& path : editor.ui.recent_files) {
    const std::filesystem::path p(path);
    std::error_code ec;
    const bool exists = std::filesystem::exists(p, ec);
    const std::string folder = elide_middle(p.parent_path().string(), 40);
    ImGui::PushID(path.c_str());
    if (ImGui::MenuItem(p.filename().string().c_str(), folder.c_str(), false, exists)) chosen = path;
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s%s", path.c_str(), exists ? "" : "\n(not found)");
    ImGui::PopID();
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Clear list")) forget_recent_files(editor);
  ImGui::EndMenu();
  if (chosen.empty()) return;
  request_open(editor, open_command_for(chosen), chosen);
}

void draw_menu_bar(Editor& editor) {
  if (!ImGui::BeginMainMenuBar()) return;
  const bool file_menu = ImGui::BeginMenu("File");
  remember_rect(editor, "menu_file");
  if (file_menu) {
    if (ImGui::MenuItem("Open rig...", "Ctrl+O")) request_path(editor, PathCommand::open_rig);
    if (ImGui::MenuItem("Open session...", "Ctrl+Shift+O")) request_path(editor, PathCommand::open_session);
    draw_recent_files_menu(editor);
    if (ImGui::MenuItem("Import motion onto this rig...", nullptr, false, editor.document.has_rig))
      request_path(editor, PathCommand::import_motion);
    remember_rect(editor, "menu_import_motion");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "A BVH capture, or a clip of another glTF rig, retargeted onto this rig by joint\n"
          "roles and added to its clips (--retarget does the same at start)");
    if (ImGui::MenuItem("Mapping of this clip...", nullptr, false, !editor.document.imported.empty()))
      editor.ui.show_mapping = true;
    remember_rect(editor, "menu_mapping");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Which source joint each of the rig's joints follows in the imported clip on\n"
          "the timeline: change one, leave fingers at rest, reset to roles");
    if (ImGui::MenuItem("Save session...", "Ctrl+S", false, editor.document.has_rig))
      request_path(editor, PathCommand::save_session);
    if (ImGui::MenuItem("Export posed glTF...", "Ctrl+E", false, editor.document.has_rig))
      request_path(editor, PathCommand::export_gltf);
    if (ImGui::MenuItem("Export motion (clip or goal paths + IK)...", "Ctrl+Shift+E", false, can_bake_motion(editor)))
      request_path(editor, PathCommand::export_motion);
    if (ImGui::MenuItem("Screenshot", "F12")) editor.ui.screenshot_requested = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) editor.ui.quit_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, editor.history.can_undo())) undo(editor);
    if (ImGui::MenuItem("Redo", "Ctrl+Shift+Z", false, editor.history.can_redo())) redo(editor);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset pose", "Alt+R")) reset_pose_and_goals(editor);
    if (ImGui::MenuItem(editor.solve.running ? "Pause solving" : "Resume solving", "P"))
      editor.solve.running = !editor.solve.running;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Frame all", "F")) editor.view.frame_all_requested = true;
    ImGui::MenuItem("Follow the character", nullptr, &editor.view.follow, editor.document.has_rig);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The view moves along the floor with the hips: a clip that walks away stays in view");
    ImGui::MenuItem("Skinned mesh", "M", &editor.view.show_mesh, editor.document.has_rig && !editor.document.rig.meshes.empty());
    ImGui::MenuItem("Clamped joints", nullptr, &editor.inspection.show_clamped);
    if (ImGui::MenuItem("Motion analysis", nullptr, editor.motion.open, editor.document.has_rig))  // app/editor/motion_panel.h
      editor.motion.open ? void(editor.motion.open = false) : open_motion_panel(editor, "", false);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Controls", "F1")) editor.ui.show_help = true;
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

// ---- Prompts ------------------------------------------------------------------------------

bool enter_pressed() {
  // No key repeat: an Enter still held from the popup before (held past ImGui's repeat
  // delay on a slow frame) must not answer the next one.
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
         ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
}
bool escape_pressed() { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false); }

// The folder a path resolves to (relative paths are from the current folder).
std::string folder_of(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path full = std::filesystem::absolute(path.empty() ? "." : path, ec);
  if (ec) return "?";
  return (path.empty() ? full : full.parent_path()).string();
}

// The path popup of the File commands when there is no desktop file dialog (file_dialog.h)
// or it failed: a text field
// with a default and the folder it resolves to; for commands that write, a warning before
// replacing a file. Enter presses the default button (OK / Replace), Escape cancels.
void draw_path_popup(Editor& editor) {
  if (editor.ui.path_command_requested != PathCommand::none) {
    editor.ui.path_command = editor.ui.path_command_requested;
    editor.ui.path_command_requested = PathCommand::none;
    const std::string suggestion = default_path(editor, editor.ui.path_command);
    std::snprintf(editor.ui.path_text, sizeof(editor.ui.path_text), "%s", suggestion.c_str());
    ImGui::OpenPopup("File");
  }
  if (!ImGui::BeginPopupModal("File", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const PathCommand command = editor.ui.path_command;
  ImGui::TextUnformatted(path_command_title(command));
  if (command == PathCommand::open_rig) ImGui::TextDisabled("(or drop the file on the window)");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
  const bool entered =
      ImGui::InputText("##path", editor.ui.path_text, sizeof(editor.ui.path_text), ImGuiInputTextFlags_EnterReturnsTrue);
  const std::string path = editor.ui.path_text;
  ImGui::TextDisabled("in %s", folder_of(path).c_str());
  const bool exists = path_command_writes(command) && std::filesystem::exists(path);
  if (exists) ImGui::TextColored(ImVec4(0.95f, 0.75f, 0.35f, 1.0f), "%s exists: it will be replaced.", path.c_str());
  const bool go = ImGui::Button(exists ? "Replace (Enter)" : "OK (Enter)") || entered || enter_pressed();
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel (Esc)") || escape_pressed();
  if (go && !path.empty()) {
    if (command == PathCommand::open_rig || command == PathCommand::open_session)
      request_open(editor, command, path);  // asks first if the chains have unsaved changes
    else
      run_path_command(editor, command, path);
    ImGui::CloseCurrentPopup();
  } else if (cancel) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// The prompt of an action that would lose unsaved work (quit, open another file, suggest
// chains over edited ones). Keys: Enter = the first button, D = Discard, Escape = Cancel.
void draw_pending_prompt(Editor& editor) {
  const GuardedAction action = editor.ui.pending_action;
  if (action == GuardedAction::none) return;
  const char* title = action == GuardedAction::suggest_chains ? "Replace the chains?" : "Unsaved changes";
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings))
    return;
  // Keys count from the frame after it appears: the Enter that confirmed a path popup must
  // not answer this prompt too.
  const bool keys = !ImGui::IsWindowAppearing();
  bool save = false, discard = false, cancel = false;
  if (action == GuardedAction::suggest_chains) {
    ImGui::Text("The %zu chains were edited. Replace them with the suggested ones?", editor.document.chains.size());
    ImGui::TextDisabled("Ctrl+Z brings the current chains back.");
    discard = ImGui::Button("Replace (Enter)") || (keys && enter_pressed());
  } else {
    const char* what = action == GuardedAction::quit ? "Quit" : "Open";
    ImGui::Text("The chains, goals or parameters changed since the last save or load.");
    ImGui::Text("%s: save them first?", what);
    const std::string target = pending_save_path(editor);
    ImGui::TextDisabled("Save writes %s in %s", target.c_str(), folder_of(target).c_str());
    save = ImGui::Button("Save (Enter)") || (keys && enter_pressed());
    ImGui::SameLine();
    discard = ImGui::Button("Discard (D)") || (keys && ImGui::IsKeyPressed(SDL_SCANCODE_D, false));
  }
  ImGui::SameLine();
  cancel = ImGui::Button("Cancel (Esc)") || (keys && escape_pressed());
  if (save || discard || cancel) {
    ImGui::CloseCurrentPopup();
    answer_pending(editor, save, !cancel);
  }
  ImGui::EndPopup();
}

// ---- Outline ------------------------------------------------------------------------------

void draw_outline(Editor& editor, const ImVec2& pos, const ImVec2& size) {
  if (!begin_side_panel(editor, PanelSide::skeleton, "Skeleton", pos, size)) {
    ImGui::End();
    return;
  }
  if (!editor.document.has_rig) {
    ImGui::TextDisabled("No rig open.");
    ImGui::End();
    return;
  }
  const ik::Skeleton& s = editor.document.rig.skeleton;
  int roots = 0, tips = 0;
  for (int i = 0; i < s.joint_count(); ++i) {
    roots += s.is_root(i);
    tips += s.is_added_tip[static_cast<size_t>(i)];
  }
  // The file's name; the whole path on hover (it rarely fits the panel).
  const std::string& path = editor.document.rig.path;
  const size_t slash = path.find_last_of("/\\");
  ImGui::TextUnformatted(slash == std::string::npos ? path.c_str() : path.c_str() + slash + 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
  ImGui::Text("%d joints, %d root%s, %d added tip%s", s.joint_count(), roots, roots == 1 ? "" : "s",
              tips, tips == 1 ? "" : "s");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Depth-first order; grey rows are added tips.");
  ImGui::PopStyleColor();

  // The joint details need their room only with a joint selected; without one the table
  // keeps all but two rows (the defaults checkbox and "No joint selected").
  const float details_height =
      editor.selection.joint >= 0 ? joint_details_height() : ImGui::GetFrameHeightWithSpacing() * 2.5f;
  const ImGuiTableFlags table_flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                      ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_SizingFixedFit;
  const float table_height = ImGui::GetContentRegionAvail().y - details_height;
  // Each joint's rig role (solvers/rig/rig_roles.h); the selected row's is a combo to change it
  // (a role held by one joint per side moves: its old holder gets none). Saved in the session.
  const auto set_role = [&editor, &s](int joint, ik::Role role) {
    std::vector<ik::JointRole>& roles = editor.document.rig.roles;
    if (roles.size() != static_cast<size_t>(s.joint_count())) roles.assign(static_cast<size_t>(s.joint_count()), {});
    ik::JointRole wanted = roles[static_cast<size_t>(joint)];
    wanted.role = role;
    wanted.source = ik::RoleSource::given;
    if (role != ik::Role::finger) wanted.finger = ik::Finger::none;
    if (role != ik::Role::finger && role != ik::Role::spine && role != ik::Role::neck && role != ik::Role::tail)
      wanted.segment = 0;
    for (size_t k = 0; k < roles.size(); ++k)
      if (static_cast<int>(k) != joint && ik::is_single_role(role) && roles[k] == wanted) {
        set_status(editor, s.name[k] + " had that role: it has none now", false);
        roles[k] = ik::JointRole{};
      }
    roles[static_cast<size_t>(joint)] = wanted;
    refind_contact_joints(editor.document.rig, editor.document.contacts);  // feet follow roles
  };
  bool scroll_next_frame = false;
  if (ImGui::BeginTable("joints", 3, table_flags, ImVec2(0.0f, table_height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("joint", ImGuiTableColumnFlags_WidthStretch);
    // The role column as wide as its longest role, up to 30 % of the panel (names matter
    // more); longer roles give way in the middle ("left fin…mb 3").
    const OutlineMeasures& measures = outline_measures(editor.document);
    const float panel = ImGui::GetContentRegionAvail().x;
    ImGui::TableSetupColumn("role", ImGuiTableColumnFlags_WidthFixed,
                            std::floor(std::fmin(measures.widest_role, panel * 0.3f)));
    ImGui::TableHeadersRow();
    // The tree's depth as indent, at most a fifth of the panel at the deepest joint (a
    // finger tip 12 joints down keeps room for its name).
    const int deepest = measures.deepest;
    const float indent = std::fmin(ImGui::GetFontSize() * 0.6f, panel * 0.2f / static_cast<float>(deepest));
    ImGuiListClipper clipper;
    clipper.Begin(s.joint_count());
    // Keep the selected row (e.g. picked in the viewport) in view.
    const bool scroll_to_selection = editor.selection.outline_scroll_to_selection && editor.selection.joint >= 0;
    if (scroll_to_selection) clipper.ForceDisplayRangeByIndices(editor.selection.joint, editor.selection.joint + 1);
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const size_t u = static_cast<size_t>(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const bool is_selected = editor.selection.joint == i;
        char label[32];
        std::snprintf(label, sizeof(label), "%d##row", i);
        if (ImGui::Selectable(label, is_selected,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
          // The table shrinks for the details the first time: keep the clicked row in view.
          if (editor.selection.joint < 0) scroll_next_frame = true;
          editor.selection.joint = i;
        }
        if (ImGui::IsItemHovered()) editor.selection.hovered_joint = i;
        if (is_selected && scroll_to_selection) ImGui::SetScrollHereY(0.5f);
        ImGui::TableNextColumn();
        ImGui::Dummy(ImVec2(indent * static_cast<float>(u < measures.depth.size() ? measures.depth[u] : 0), 0.0f));
        ImGui::SameLine(0.0f, 0.0f);
        text_fitted(s.name[u], s.is_added_tip[u]);
        ImGui::TableNextColumn();
        const std::string role = u < editor.document.rig.roles.size() ? ik::describe_role(editor.document.rig.roles[u]) : "none";
        if (is_selected) {
          ImGui::SetNextItemWidth(-1.0f);
          if (begin_combo_fitted("##role", role)) {
            for (int r = 0; r <= static_cast<int>(ik::Role::twist); ++r) {
              const ik::Role option = static_cast<ik::Role>(r);
              const bool current = u < editor.document.rig.roles.size() && editor.document.rig.roles[u].role == option;
              if (ImGui::Selectable(ik::role_name(option), current)) set_role(i, option);
            }
            ImGui::EndCombo();
          }
          remember_rect(editor, "joint_role");
          if (ImGui::IsItemHovered())
            ImGui::SetTooltip("This joint's role (saved in the session). Suggest chains makes chains from roles.");
        } else if (role == "none") {
          ImGui::TextDisabled("-");
        } else {
          text_fitted(role);
        }
      }
    }
    ImGui::EndTable();
  }
  editor.selection.outline_scroll_to_selection = scroll_next_frame;
  ImGui::Separator();
  draw_joint_details(editor);
  ImGui::End();
}

// ---- Status and help ----------------------------------------------------------------------

void draw_status_line(const Editor& editor, const ImVec2& pos, const ImVec2& size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("##status", nullptr, flags);
  // A message wider than the window gives way in the middle (its start says what, its end
  // the figures); the whole of it in the tooltip.
  bool elided = false;
  const std::string shown = elide_to_width(editor.ui.status, ImGui::GetContentRegionAvail().x, &elided);
  if (editor.ui.status_is_error)
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", shown.c_str());
  else
    ImGui::TextUnformatted(shown.c_str());
  if (elided && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", editor.ui.status.c_str());
  ImGui::End();
}

void draw_help(Editor& editor) {
  if (!editor.ui.show_help) return;
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  // Never taller than the window: the rest scrolls (the list is longer than 800 points).
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                      ImVec2(ImGui::GetMainViewport()->WorkSize.x - 2.0f * ImGui::GetFontSize(),
                                             ImGui::GetMainViewport()->WorkSize.y - 2.0f * ImGui::GetFontSize()));
  if (ImGui::Begin("Controls", &editor.ui.show_help,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    // The one colour vocabulary of goals and joints (app/editor/status_colours.h).
    ImGui::TextUnformatted("Colours of goals, status words and joints");
    if (ImGui::BeginTable("colours", 2, flags)) {
      ImGui::TableSetupColumn("colour");
      ImGui::TableSetupColumn("meaning", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 30.0f);
      for (Mark mark : kMarks) {
        const MarkStyle& style = mark_style(mark);
        const ImVec4 colour(style.colour.r, style.colour.g, style.colour.b, style.colour.a);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::ColorButton(style.word, colour, ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
        ImGui::SameLine();
        ImGui::TextColored(colour, "%s", style.word);
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(style.meaning);
        ImGui::PopTextWrapPos();
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    // One row per entry of the list --help prints too (app/editor/controls.h).
    if (ImGui::BeginTable("controls", 2, flags)) {
      ImGui::TableSetupColumn("keys");
      ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 30.0f);
      ImGui::TableHeadersRow();
      for (int i = 0; i < control_count(); ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(controls()[i].keys);
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(controls()[i].action);
        ImGui::PopTextWrapPos();
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace

// ---- Layout -------------------------------------------------------------------------------

ViewportArea draw_ui(Editor& editor, float window_width, float window_height) {
  load_panel_layout(editor);
  draw_menu_bar(editor);

  const float menu_height = ImGui::GetFrameHeight();
  const float status_height = ImGui::GetFrameHeightWithSpacing() + 2.0f;
  const float timeline_strip = timeline_height(editor);  // above the status line, full width
  // Under the menu: the body (side panels and view), the Motion analysis dock when it is
  // open (the view shrinks for it: it never covers the figure), the timeline, the status.
  const float below_menu = window_height - menu_height - status_height - timeline_strip;
  const float dock = motion_dock_height(editor, below_menu);
  const float dock_edge = dock > 0.0f && !editor.ui.panel_layout.motion_collapsed ? splitter_width() : 0.0f;
  const float body_height = below_menu - dock - dock_edge;

  // Left to right: the Skeleton panel (or its strip), its splitter, the viewport, the
  // Chains panel's splitter, the Chains panel (or its strip).
  const PanelWidths widths = current_panel_widths(editor, window_width);
  const float split = splitter_width();
  const PanelLayout& layout = editor.ui.panel_layout;
  float left = 0.0f;
  if (layout.skeleton_collapsed) {
    draw_panel_edge(editor, PanelSide::skeleton, 0.0f, menu_height, widths.skeleton, body_height);
    left = widths.skeleton;
  } else {
    draw_outline(editor, ImVec2(0.0f, menu_height), ImVec2(widths.skeleton, body_height));
    draw_panel_edge(editor, PanelSide::skeleton, widths.skeleton, menu_height, split, body_height);
    left = widths.skeleton + split;
  }
  const float chains_x = window_width - widths.chains;
  float right = 0.0f;
  if (layout.chains_collapsed) {
    draw_panel_edge(editor, PanelSide::chains, chains_x, menu_height, widths.chains, body_height);
    right = widths.chains;
  } else {
    draw_panel_edge(editor, PanelSide::chains, chains_x - split, menu_height, split, body_height);
    draw_chain_panel(editor, chains_x, menu_height, widths.chains, body_height);
    right = widths.chains + split;
  }
  if (dock > 0.0f) {
    draw_motion_dock_edge(editor, menu_height + body_height, window_width);
    if (!editor.ui.panel_layout.motion_collapsed)
      draw_motion_panel(editor, 0.0f, menu_height + body_height + dock_edge, window_width, dock);
  }
  draw_timeline(editor, 0.0f, menu_height + below_menu, window_width, timeline_strip);
  draw_status_line(editor, ImVec2(0.0f, window_height - status_height), ImVec2(window_width, status_height));
  draw_help(editor);
  draw_mapping_window(editor);

  ViewportArea area;
  area.x = left;
  area.y = menu_height;
  area.width = std::fmax(1.0f, window_width - left - right);
  area.height = std::fmax(1.0f, body_height);
  return area;
}

void draw_modal_prompts(Editor& editor) {
  draw_path_popup(editor);
  draw_pending_prompt(editor);  // after the path popup: confirming an open may ask about unsaved changes
}

}  // namespace app
