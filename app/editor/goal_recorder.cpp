#include "app/editor/goal_recorder.h"

#include <algorithm>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/goal_motion.h"
#include "app/editor/wall_clock.h"

namespace app {
namespace {

void stop_recording(Editor& editor) {
  GoalRecorder& r = editor.recorder;
  r.active = false;
  const int c = r.chain;
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size()) || r.path.samples.size() < 2) {
    set_status(editor, "recording stopped: fewer than two samples, nothing kept", true);
    r.path.samples.clear();
    return;
  }
  r.path.name = new_take_name(editor, c);
  char text[256];
  std::snprintf(text, sizeof(text),
                "recorded goal path '%s' on chain %d: %zu samples, %.2f s (Goal mode > follows path replays it)",
                r.path.name.c_str(), c, r.path.samples.size(), static_cast<double>(r.path.duration()));
  editor.document.goal_paths.push_back({c, std::move(r.path)});
  r.path = ik::GoalPath{};
  set_status(editor, text, false);
}

}  // namespace

std::string new_take_name(const Editor& editor, int chain) {
  for (int n = 1;; ++n) {
    const std::string name = "take " + std::to_string(n);
    const bool taken =
        std::any_of(editor.document.goal_paths.begin(), editor.document.goal_paths.end(),
                    [&](const ik::SessionGoalPath& p) { return p.chain == chain && p.path.name == name; });
    if (!taken) return name;
  }
}

void toggle_recording(Editor& editor) {
  GoalRecorder& r = editor.recorder;
  if (r.active) {
    stop_recording(editor);
    return;
  }
  const int c = editor.selection.chain;
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.chains.size())) {
    set_status(editor, "select a chain (click its goal) to record its goal's motion", true);
    return;
  }
  r = GoalRecorder{};
  r.active = true;
  r.chain = c;
  set_status(editor, "recording chain " + std::to_string(c) + "'s goal: drag it or play; T or Record stops", false);
}

void record_frame(Editor& editor) {
  GoalRecorder& r = editor.recorder;
  if (!r.active) return;
  if (r.chain < 0 || r.chain >= static_cast<int>(editor.document.chains.size())) {
    stop_recording(editor);
    return;
  }
  const std::uint64_t now = wall_clock_ns();
  if (r.last_counter != 0) {
    const double wall = seconds_between(r.last_counter, now);
    r.seconds += wall * (editor.timeline.playing ? static_cast<double>(editor.timeline.speed) : 1.0);
  }
  r.last_counter = now;
  const ik::Goal goal = model_goal(editor, r.chain);
  if (goal.use_orientation) r.path.has_orientation = true;
  ik::record_goal_sample(r.path, static_cast<float>(r.seconds), goal.position, goal.orientation);
}

}  // namespace app
