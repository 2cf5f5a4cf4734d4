#include "app/ui/mapping_window.h"

#include <imgui.h>

#include <cmath>
#include <string>

#include "app/editor/editor.h"
#include "app/editor/motion_import.h"
#include "app/editor/timeline.h"
#include "app/ui/panels.h"

namespace app {

namespace {

constexpr const char* kAtRest = "(stays at rest)";

// The import that made the clip on the timeline, by its index in the document's list, or -1.
int shown_import(const Editor& editor) {
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return -1;
  for (size_t i = 0; i < editor.document.imported.size(); ++i)
    if (editor.document.imported[i].name == clip->name) return static_cast<int>(i);
  return -1;
}

// `options` applied to import `i` as one undo step; the status line says what happened.
void apply(Editor& editor, size_t i, const ik::RetargetOptions& options) {
  const std::vector<ik::RetargetOptions> before = motion_options(editor.document.imported);
  if (!remap_motion(editor, i, options)) return;
  editor.history.commit_motions(editor.document.chains, before, motion_options(editor.document.imported));
}

bool edited(const ik::RetargetOptions& options, const std::string& joint) {
  for (const ik::MappingEdit& e : options.edits)
    if (e.joint == joint) return true;
  return false;
}

// One row: the rig's joint and a combo of the source's joints it may follow.
void draw_row(Editor& editor, size_t i, int joint) {
  const RetargetedClip& r = editor.document.imported[i];
  const std::string& name = editor.document.rig.skeleton.name[static_cast<size_t>(joint)];
  const std::string& follows = r.source_of[static_cast<size_t>(joint)];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const bool changed_here = edited(r.options, name);
  ImGui::AlignTextToFramePadding();
  const float name_width = ImGui::GetContentRegionAvail().x;
  bool elided = false;
  const std::string shown = elide_to_width(name, name_width, &elided);
  if (changed_here)
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1.0f), "%s", shown.c_str());
  else
    ImGui::TextUnformatted(shown.c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s%s", name.c_str(), changed_here ? "\n(changed from the mapping by roles)" : "");
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::PushID(joint);
  std::string chosen;
  bool picked = false;
  if (begin_combo_fitted("##follows", follows.empty() ? std::string(kAtRest) : follows)) {
    if (ImGui::Selectable(kAtRest, follows.empty())) picked = true;
    for (const std::string& source : r.contacts->skeleton.name)
      if (ImGui::Selectable(source.c_str(), source == follows)) {
        chosen = source;
        picked = true;
      }
    ImGui::EndCombo();
  }
  remember_rect(editor, ("mapping_row_" + name).c_str());
  ImGui::PopID();
  if (picked && chosen != follows) apply(editor, i, with_mapping_edit(r.options, name, chosen));
}

}  // namespace

void draw_mapping_window(Editor& editor) {
  if (!editor.ui.show_mapping) return;
  const float em = ImGui::GetFontSize();
  // Over the Skeleton panel's side, below the menu: the figure in the view's middle stays
  // in sight while its mapping changes.
  const ImGuiViewport* view = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(view->WorkPos, ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(
      ImVec2(std::fmin(28.0f * em, 0.4f * view->WorkSize.x), std::fmin(36.0f * em, view->WorkSize.y - 6.0f * em)),
      ImGuiCond_Appearing);
  const int shown = shown_import(editor);
  const std::string title =
      shown < 0 ? "Mapping" : "Mapping of '" + editor.document.imported[static_cast<size_t>(shown)].name + "'";
  if (!ImGui::Begin((title + "###mapping").c_str(), &editor.ui.show_mapping, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  remember_rect(editor, "mapping_window");
  const int i = shown;
  if (i < 0 || editor.document.imported[static_cast<size_t>(i)].contacts == nullptr) {
    ImGui::TextWrapped("The clip on the timeline was not imported: File > Import motion onto this rig brings one.");
    ImGui::End();
    return;
  }
  const size_t k = static_cast<size_t>(i);
  const RetargetedClip& r = editor.document.imported[k];
  ImGui::TextWrapped("'%s', retargeted from %s: %d of %zu joints follow it.", r.name.c_str(), r.source.c_str(),
                     r.mapped_joints, r.source_of.size());
  bool fingers = r.options.fingers;
  if (ImGui::Checkbox("Fingers", &fingers)) {
    ik::RetargetOptions options = r.options;
    options.fingers = fingers;
    apply(editor, k, options);
  }
  remember_rect(editor, "mapping_fingers");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Carry the source's finger rotations over where both rigs have the finger;\n"
        "off: the rig's fingers stay at rest");
  ImGui::SameLine();
  ImGui::BeginDisabled(editor.document.imported[k].options.edits.empty());
  if (ImGui::Button("Reset to roles")) {
    ik::RetargetOptions options = editor.document.imported[k].options;
    options.edits.clear();
    apply(editor, k, options);
  }
  ImGui::EndDisabled();
  remember_rect(editor, "mapping_reset");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Forget the changes: every joint follows the source joint with its role");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Joints at rest keep their rest rotation under their parents. Ctrl+Z undoes a change.");
  ImGui::PopStyleColor();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("mapping", 2, flags, ImVec2(0.0f, ImGui::GetContentRegionAvail().y))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("rig joint", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("follows", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    // Rows by index: an edit retargets the clip, which replaces the import's vectors.
    for (int j = 0; j < editor.document.rig.skeleton.joint_count(); ++j) draw_row(editor, k, j);
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace app
