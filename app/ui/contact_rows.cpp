// The timeline's foot-contact toggle, settings and rows (contact_rows.h).
#include "app/ui/contact_rows.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/editor/contact_edits.h"
#include "app/editor/editor.h"
#include "app/editor/timeline.h"
#include "app/ui/panels.h"
#include "solvers/rig/rig_roles.h"

namespace app {
namespace {

// Plants: a warm amber used for nothing else (the same in the viewport's markers).
const ImU32 kPlant = IM_COL32(240, 170, 50, 255);
const ImU32 kPlantActive = IM_COL32(255, 215, 120, 255);
constexpr float kEdgePixels = 4.0f;  // how near a bar's end the mouse grabs it
constexpr float kNewPlantSeconds = 0.2f;

float row_height() { return std::floor(ImGui::GetTextLineHeight() + 3.0f); }

// "L foot", "R toe" from the roles; else the joint's name.
std::string row_label(const Editor& editor, int joint) {
  const ik::ImportedRig& rig = editor.document.rig;
  if (static_cast<size_t>(joint) < rig.roles.size()) {
    const ik::JointRole& role = rig.roles[static_cast<size_t>(joint)];
    if (role.role == ik::Role::foot || role.role == ik::Role::toe || role.role == ik::Role::hand) {
      const char* side = role.side == ik::Side::left ? "L " : role.side == ik::Side::right ? "R " : "";
      const char* what = role.role == ik::Role::foot ? "foot" : role.role == ik::Role::toe ? "toe" : "front paw";
      return std::string(side) + what;
    }
  }
  return rig.skeleton.name[static_cast<size_t>(joint)];
}

struct TimeAxis {
  float x0, x1, start, end;
  float x_of(float t) const { return end > start ? x0 + (t - start) / (end - start) * (x1 - x0) : x0; }
  float t_of(float x) const {
    return x1 > x0 ? std::clamp(start + (x - x0) / (x1 - x0) * (end - start), start, end) : start;
  }
};

// The plant under `x` and whether `x` is on its start or end (-1: none).
void plant_under(const ik::FootContacts& foot, const TimeAxis& axis, float x, int& plant, int& edge) {
  plant = -1;
  edge = -1;
  for (size_t k = 0; k < foot.plants.size(); ++k) {
    const float a = axis.x_of(foot.plants[k].start), b = axis.x_of(foot.plants[k].end);
    if (std::fabs(x - b) <= kEdgePixels) {
      plant = static_cast<int>(k), edge = 1;
      return;
    }
    if (std::fabs(x - a) <= kEdgePixels) {
      plant = static_cast<int>(k), edge = 0;
      return;
    }
    if (x > a && x < b) plant = static_cast<int>(k);
  }
}

// The ground the feet are cleaned up on (solvers/anim/ground.h): its kind and its one number.
void draw_ground_settings(Editor& editor) {
  ImGui::Separator();
  ImGui::TextUnformatted("Clean up places the feet on the ground:");
  ik::Ground& ground = editor.document.ground;
  // Each kind's item remembers its place while the list is open (end-to-end tests click it).
  struct KindItem {
    const char* label;
    const char* rect;
  };
  static constexpr KindItem kKinds[] = {{"plane", "ground_kind_plane"},
                                        {"ramp", "ground_kind_ramp"},
                                        {"stairs", "ground_kind_stairs"},
                                        {"waves", "ground_kind_waves"},
                                        {"mesh file...", "ground_kind_mesh"}};
  static constexpr float kStart[] = {0.0f, 15.0f, 0.15f, 0.1f};  // a value worth seeing
  int kind = -1;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  if (ImGui::BeginCombo("##ground", kKinds[static_cast<int>(ground.kind)].label)) {
    for (int k = 0; k < 5; ++k) {
      if (ImGui::Selectable(kKinds[k].label, k == static_cast<int>(ground.kind))) kind = k;
      remember_rect(editor, kKinds[k].rect);
    }
    ImGui::EndCombo();
  }
  remember_rect(editor, "ground_kind");
  if (kind == static_cast<int>(ik::GroundKind::mesh)) {
    editor.ui.path_command_requested = PathCommand::open_ground;  // the ground changes once a file is read
  } else if (kind >= 0 && kind != static_cast<int>(ground.kind)) {
    const ik::Ground before = ground;
    ground = ik::Ground{static_cast<ik::GroundKind>(kind), kStart[kind]};
    editor.history.commit_ground(editor.document.chains, before, ground);  // one undo step
  }
  if (ground.kind == ik::GroundKind::plane) return;
  if (ground.kind == ik::GroundKind::mesh) {
    ImGui::SameLine();
    ImGui::TextUnformatted(std::filesystem::path(ground.source).filename().string().c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ground.source.c_str());
    return;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  if (ground.kind == ik::GroundKind::ramp)
    ImGui::SliderFloat("slope (deg)", &ground.value, -ik::kMaxRampDegrees, ik::kMaxRampDegrees, "%.1f",
                       ImGuiSliderFlags_AlwaysClamp);
  else if (ground.kind == ik::GroundKind::stairs)
    ImGui::SliderFloat("step height", &ground.value, -0.5f, 0.5f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
  else
    ImGui::SliderFloat("bump height", &ground.value, 0.0f, 0.5f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
  // A drag of the slider is one undo step, from where it was when the drag began.
  static ik::Ground before_drag;
  const auto one_undo_step = [&] {
    if (ImGui::IsItemActivated()) before_drag = ground;
    if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit_ground(editor.document.chains, before_drag, ground);
  };
  one_undo_step();
  if (ground.kind != ik::GroundKind::stairs) return;
  // The tread: as deep as the clip's step, each step of a level walk climbs one stair.
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderFloat("tread depth", &ground.depth, 0.1f, 2.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A level walk's step (about 0.7 m) crosses two 0.3 m treads: treads as deep as\n"
        "the clip's step make each step climb one stair, as a person does");
  one_undo_step();
}

void draw_settings_popup(Editor& editor) {
  static ik::ContactSettings editing;
  if (ImGui::IsPopupOpen("contact_settings") == false) editing = editor.document.contacts.settings;
  if (!ImGui::BeginPopup("contact_settings")) return;
  ImGui::TextUnformatted("A foot is planted where it is near the ground and slow:");
  bool done = false;
  float height = editing.height * 100.0f;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  if (ImGui::SliderFloat("height (% of the leg)", &height, 0.0f, 30.0f, "%.1f %%", ImGuiSliderFlags_AlwaysClamp))
    editing.height = height / 100.0f;
  done |= ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderFloat("speed (legs per second)", &editing.speed, 0.0f, 3.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  done |= ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderFloat("shortest plant (s)", &editing.min_plant, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  done |= ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderFloat("join gaps under (s)", &editing.max_gap, 0.0f, 0.5f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  done |= ImGui::IsItemDeactivatedAfterEdit();
  if (done) set_contact_settings(editor, editing);  // the clips not edited, found again
  const size_t clip = static_cast<size_t>(editor.timeline.clip);
  const ContactsState& c = editor.document.contacts;
  const bool edited = clip < c.edited.size() && c.edited[clip];
  ImGui::BeginDisabled(!edited);
  if (ImGui::Button("Find this clip's plants again")) detect_shown_clip_again(editor);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(edited ? "Drop your edits of this clip's plants" : "This clip's plants are as found");
  draw_ground_settings(editor);
  ImGui::EndPopup();
}

}  // namespace

float contact_rows_height(const Editor& editor) {
  if (!editor.timeline.show_contacts) return 0.0f;
  const float rows = static_cast<float>(editor.document.contacts.joints.size());
  return rows > 0.0f ? rows * row_height() : 0.0f;
}

float contact_label_width(const Editor& editor) {
  return editor.timeline.show_contacts ? std::floor(ImGui::GetFontSize() * 5.0f) : 0.0f;
}

void draw_contacts_toggle(Editor& editor) {
  ImGui::Checkbox("Contacts", &editor.timeline.show_contacts);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Where each foot is planted: a row per foot under the time bar, a marker on the ground");
  remember_rect(editor, "contacts_toggle");
  ImGui::SameLine(0.0f, 2.0f);
  if (ImGui::SmallButton("...##contact_settings")) ImGui::OpenPopup("contact_settings");
  remember_rect(editor, "contact_settings");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("How contacts are found");
  draw_settings_popup(editor);
  ImGui::SameLine();
  ImGui::Checkbox("Clean up", &editor.timeline.clean_feet);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Clean up feet: each planted foot held still (chains that end at a foot), the hips\n"
        "lowered where the legs need it; the Motion panel's analysis does the same");
  remember_rect(editor, "clean_feet_toggle");
}

void draw_contact_rows(Editor& editor, const ik::Clip& clip, float x0, float x1) {
  std::vector<ik::FootContacts>* feet = shown_clip_contacts(editor);
  if (!editor.timeline.show_contacts || feet == nullptr) return;
  Timeline& t = editor.timeline;
  const TimeAxis axis{x0, x1, clip.start, clip.end};
  const float h = row_height(), label_width = contact_label_width(editor);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetMousePos();
  // Rows one pixel apart, so contact_rows_height is their height.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 1.0f));
  const float first_row_y = ImGui::GetCursorScreenPos().y;
  for (size_t i = 0; i < feet->size(); ++i) {
    ik::FootContacts& foot = (*feet)[i];
    const ImVec2 row = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(row_label(editor, foot.joint).c_str());
    ImGui::SameLine(label_width);
    ImGui::SetCursorScreenPos(ImVec2(x0, row.y));
    char id[48];
    std::snprintf(id, sizeof id, "##contacts_row_%zu", i);
    ImGui::InvisibleButton(id, ImVec2(std::max(1.0f, x1 - x0), h - 1.0f),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    char rect_name[48];
    std::snprintf(rect_name, sizeof rect_name, "contacts_row_%zu", i);
    remember_rect(editor, rect_name);
    const bool hovered = ImGui::IsItemHovered();
    int plant = -1, edge = -1;
    plant_under(foot, axis, mouse.x, plant, edge);
    const bool dragging = t.dragged_contact_foot == static_cast<int>(i);

    if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      if (edge >= 0) {  // a bar's end: drag it
        begin_contact_edit(editor);
        t.dragged_contact_foot = static_cast<int>(i);
        t.dragged_contact_plant = plant;
        t.dragged_contact_end = edge == 1;
      }
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      if (dragging)
        ik::move_plant_edge(foot, t.dragged_contact_plant, t.dragged_contact_end, axis.t_of(mouse.x), clip.start,
                            clip.end);
      else if (t.dragged_contact_foot < 0 && !ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        t.playing = false;  // elsewhere on a row: scrub, as on the time bar
        set_time(editor, axis.t_of(mouse.x));
      }
    }
    if (ImGui::IsItemDeactivated() && dragging) {
      end_contact_edit(editor);
      t.dragged_contact_foot = -1;
    }
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && plant < 0) {
      begin_contact_edit(editor);
      ik::add_plant(foot, axis.t_of(mouse.x), kNewPlantSeconds, clip.start, clip.end);
      end_contact_edit(editor);
    }
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && plant >= 0) {
      begin_contact_edit(editor);
      ik::remove_plant(foot, plant);
      end_contact_edit(editor);
      plant = -1;
    }
    if ((hovered && edge >= 0) || dragging) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (hovered && !dragging) {
      if (plant >= 0)
        ImGui::SetTooltip("%s planted %.2f to %.2f s\nDrag an end to move it; right-click to remove it",
                          row_label(editor, foot.joint).c_str(),
                          static_cast<double>(foot.plants[static_cast<size_t>(plant)].start),
                          static_cast<double>(foot.plants[static_cast<size_t>(plant)].end));
      else
        ImGui::SetTooltip("%s in the air\nDouble-click to add a plant here; press to scrub",
                          row_label(editor, foot.joint).c_str());
    }

    draw->AddRectFilled(ImVec2(x0, row.y), ImVec2(x1, row.y + h - 1.0f), ImGui::GetColorU32(ImGuiCol_FrameBg));
    for (size_t k = 0; k < foot.plants.size(); ++k) {
      const bool active =
          (dragging && t.dragged_contact_plant == static_cast<int>(k)) || (hovered && plant == static_cast<int>(k));
      const float a = axis.x_of(foot.plants[k].start), b = std::max(a + 2.0f, axis.x_of(foot.plants[k].end));
      draw->AddRectFilled(ImVec2(a, row.y + 2.0f), ImVec2(b, row.y + h - 3.0f), active ? kPlantActive : kPlant, 2.0f);
    }
  }
  ImGui::PopStyleVar();
  // The current time across the rows.
  if (!feet->empty()) {
    const float x = axis.x_of(t.time);
    draw->AddLine(ImVec2(x, first_row_y), ImVec2(x, ImGui::GetItemRectMax().y), IM_COL32(255, 255, 255, 200), 1.0f);
  }
}

}  // namespace app
