#include "app/ui/timeline_panel.h"

#include <SDL.h>
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/goal_recorder.h"
#include "app/editor/timeline.h"
#include "app/ui/contact_rows.h"
#include "app/ui/panels.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/clip_playback.h"

namespace app {

float timeline_height(const Editor& editor) {
  const ImGuiStyle& style = ImGui::GetStyle();
  if (!has_clips(editor)) return std::floor(ImGui::GetTextLineHeight() + 2.0f * style.WindowPadding.y);
  return std::floor(2.0f * ImGui::GetFrameHeight() + style.ItemSpacing.y + 2.0f * style.WindowPadding.y +
                    contact_rows_height(editor));
}

namespace {

// An imported clip's mapping: each rig joint and the source joint it follows.
void draw_mapping(const Editor& editor, const RetargetedClip& r) {
  ImGui::Separator();
  ImGui::Text("'%s' retargeted from %s", r.name.c_str(), r.source.c_str());
  ImGui::Text("%d of %zu joints follow the source; hips' path x%.2f", r.mapped_joints, r.source_of.size(),
              static_cast<double>(r.leg_ratio));
  if (!ImGui::BeginTable("mapping", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("joint");
  ImGui::TableSetupColumn("follows");
  ImGui::TableHeadersRow();
  const ik::Skeleton& s = editor.document.rig.skeleton;
  for (size_t j = 0; j < r.source_of.size() && j < s.name.size(); ++j) {
    if (r.source_of[j].empty()) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.name[j].c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.source_of[j].c_str());
  }
  ImGui::EndTable();
  ImGui::TextDisabled("Joints not listed stay at rest under their parents. File > Mapping of this clip changes it.");
}

// The clip list, the transport buttons, loop, speed and the time readout: one row.
void draw_controls(Editor& editor, const ik::Clip& clip) {
  Timeline& t = editor.timeline;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(std::floor(em * 9.0f));
  if (begin_combo_fitted("##clip", clip.name.empty() ? "(unnamed)" : clip.name)) {
    for (size_t c = 0; c < editor.document.rig.clips.size(); ++c) {
      const ik::Clip& option = editor.document.rig.clips[c];
      char label[160];
      std::snprintf(label, sizeof(label), "%s  (%.2f s)##%zu", option.name.empty() ? "(unnamed)" : option.name.c_str(),
                    static_cast<double>(option.duration()), c);
      if (ImGui::Selectable(label, static_cast<int>(c) == t.clip)) select_clip(editor, static_cast<int>(c));
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::Text("The rig's clips (%zu)", editor.document.rig.clips.size());
    if (const RetargetedClip* r = imported_clip(editor, clip.name)) draw_mapping(editor, *r);
    ImGui::EndTooltip();
  }
  remember_rect(editor, "timeline_clip");
  ImGui::SameLine();
  if (ImGui::Button("|<")) jump_to_end(editor, false);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("To the start (Home)");
  ImGui::SameLine(0.0f, 2.0f);
  if (ImGui::Button("<")) step_frame(editor, -1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One frame back (J or Left)");
  ImGui::SameLine(0.0f, 2.0f);
  if (ImGui::Button(t.playing ? "Pause" : "Play ", ImVec2(std::floor(em * 3.2f), 0.0f))) toggle_play(editor);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play / pause (Space or K)");
  remember_rect(editor, "timeline_play");
  ImGui::SameLine(0.0f, 2.0f);
  if (ImGui::Button(">")) step_frame(editor, 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One frame forward (L or Right)");
  ImGui::SameLine(0.0f, 2.0f);
  if (ImGui::Button(">|")) jump_to_end(editor, true);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("To the end (End)");
  ImGui::SameLine();
  ImGui::Checkbox("Loop", &t.loop);
  ImGui::SameLine();
  draw_contacts_toggle(editor);  // app/ui/contact_rows.h
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::floor(em * 7.5f));
  ImGui::SliderFloat("##speed", &t.speed, kMinSpeed, kMaxSpeed, "speed %.2fx", ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed (Ctrl+click to type)");
  ImGui::SameLine();
  const int frame = ik::frame_at(t.time, clip.start, t.frame_rate);
  const int last = ik::last_frame(clip.start, clip.end, t.frame_rate);
  // The rate as a person reads it: whole (24, 120) or to two places (BrainStem's 37.5375
  // frames per second reads 37.54); the key interval in the tooltip.
  const double rate = static_cast<double>(t.frame_rate);
  char rate_text[32];
  std::snprintf(rate_text, sizeof rate_text, std::fabs(rate - std::round(rate)) < 0.005 ? "%.0f" : "%.2f", rate);
  char full[128], shorter[64];
  std::snprintf(full, sizeof full, "%.3f s / %.3f s   frame %d / %d at %s fps", static_cast<double>(t.time),
                static_cast<double>(clip.end), frame, last, rate_text);
  std::snprintf(shorter, sizeof shorter, "%.3f s  frame %d/%d", static_cast<double>(t.time), frame, last);
  // A narrow window (1024 points) has no room for all of it: the rest goes in the tooltip.
  const bool fits = ImGui::CalcTextSize(full).x <= ImGui::GetContentRegionAvail().x;
  ImGui::TextUnformatted(fits ? full : shorter);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s\n%zu channels; the rate is the clip's most common key interval, %.4g ms", full,
                      clip.channels.size(), 1000.0 / rate);
}

// Record (T): the selected chain's goal as a timed goal path (app/editor/goal_recorder.h); red while
// recording. T works wherever the keyboard is not typing into a field (ImGui 1.86's SDL
// backend keeps keys by SDL scancode).
void draw_record_button(Editor& editor) {
  const bool recording = editor.recorder.active;
  if (recording) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.15f, 0.15f, 1.0f));
  char label[64];
  std::snprintf(label, sizeof(label), recording ? "Stop %zu###record" : "Record###record",
                editor.recorder.path.samples.size());
  if (ImGui::Button(label)) toggle_recording(editor);
  if (recording) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Record the selected goal's motion as a path while you drag it or play (T)");
  remember_rect(editor, "timeline_record");
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && ImGui::IsKeyPressed(SDL_SCANCODE_T, false))
    toggle_recording(editor);
}

// The scrub bar: the whole width (after the contact rows' label column while they show),
// start to end of the clip; then the contact rows on its time axis.
void draw_scrub_bar(Editor& editor, const ik::Clip& clip) {
  Timeline& t = editor.timeline;
  float time = t.time;
  const float label_width = contact_label_width(editor);
  if (label_width > 0.0f) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("time");
    ImGui::SameLine(label_width);
  }
  ImGui::SetNextItemWidth(-1.0f);
  const float end = clip.end > clip.start ? clip.end : clip.start + 1e-3f;
  if (ImGui::SliderFloat("##scrub", &time, clip.start, end, "%.3f s", ImGuiSliderFlags_AlwaysClamp)) {
    t.playing = false;
    set_time(editor, time);
  }
  remember_rect(editor, "timeline_scrub");
  // Where the slider puts clip.start and clip.end: the grab's centre runs from a padding plus
  // half the grab in from each side (Dear ImGui 1.86's SliderBehavior: 2 px, GrabMinSize).
  const float inset = 2.0f + 0.5f * ImGui::GetStyle().GrabMinSize;
  draw_contact_rows(editor, clip, ImGui::GetItemRectMin().x + inset, ImGui::GetItemRectMax().x - inset);
}

}  // namespace

void draw_timeline(Editor& editor, float x, float y, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Timeline", nullptr, flags);
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) {
    ImGui::TextDisabled("Timeline: no clips in this rig.");
    ImGui::SameLine();
    draw_record_button(editor);
    if (editor.timeline.path_counter != 0) {
      ImGui::SameLine();
      ImGui::Text("goal paths playing: %.2f s (each loops on its own length)",
                  static_cast<double>(editor.timeline.path_clock));
    }
  } else {
    draw_record_button(editor);
    ImGui::SameLine();
    draw_controls(editor, *clip);
    draw_scrub_bar(editor, *clip);
  }
  ImGui::End();
}

}  // namespace app
