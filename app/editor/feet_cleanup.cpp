// The feet's cleanup during playback (feet_cleanup.h).
#include "app/editor/feet_cleanup.h"

#include "app/editor/editor.h"
#include "solvers/anim/clip_playback.h"

namespace app {

bool refresh_feet_cleanup(Editor& editor) {
  PlaybackCleanup& p = editor.timeline.cleanup;
  const ContactsState& contacts = editor.document.contacts;
  const int clip = editor.timeline.clip;
  const ik::Clip* shown = current_clip(editor);
  if (shown == nullptr || static_cast<size_t>(clip) >= contacts.clips.size()) {
    const bool had = p.clip >= 0;
    p = PlaybackCleanup{};
    return had;
  }
  const std::vector<ik::FootContacts>& plants = contacts.clips[static_cast<size_t>(clip)];
  const ik::Ground& ground = editor.document.ground;
  if (p.clip == clip && ik::same_contacts(p.plants, plants) && ik::same_ground(p.ground, ground)) return false;
  p.clip = clip;
  p.plants = plants;
  p.ground = ground;
  const float rate = editor.timeline.frame_rate;
  const int frames = ik::last_frame(shown->start, shown->end, rate) + 1;
  p.cleanup = ik::clean_up_feet(editor.document.rig.skeleton, *shown, shown->start, rate, frames, contacts.joints,
                                plants, contacts.ground_velocity[static_cast<size_t>(clip)], ground,
                                stand_paths(contacts, static_cast<size_t>(clip), shown->start, rate, frames));
  return true;
}

void lower_hips(const Editor& editor, ik::Pose& animated) {
  const ik::FeetCleanup& c = editor.timeline.cleanup.cleanup;
  ik::translate_in_model_space(editor.document.rig.skeleton, animated, c.body_joint,
                               glm::vec3(0.0f, ik::cleanup_body_y_at(c, editor.timeline.time), 0.0f));
}

void held_goals(const Editor& editor, std::vector<std::uint8_t>& held, std::vector<glm::vec3>& goals,
                std::vector<glm::quat>& turns) {
  const size_t joints = editor.document.rig.skeleton.rest.size();
  held.assign(joints, 0);
  goals.assign(joints, glm::vec3(0.0f));
  turns.assign(joints, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  const ContactsState& contacts = editor.document.contacts;
  const ik::FeetCleanup& c = editor.timeline.cleanup.cleanup;
  if (editor.timeline.cleanup.clip != editor.timeline.clip) return;
  for (size_t i = 0; i < contacts.joints.size() && i < c.goals.size(); ++i) {
    const size_t j = static_cast<size_t>(contacts.joints[i].joint);
    if (j >= joints) continue;
    held[j] = 1;
    goals[j] = ik::cleanup_goal_at(c, i, editor.timeline.time);
    turns[j] = ik::cleanup_turn_at(c, i, editor.timeline.time);
  }
}

}  // namespace app
