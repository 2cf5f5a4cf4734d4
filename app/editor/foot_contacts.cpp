// The open rig's foot contacts (foot_contacts.h): found, found again, to and from a session.
#include "app/editor/foot_contacts.h"

#include <cstdio>

#include "io/json/json_read.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/anim/joint_paths.h"
#include "solvers/rig/contact_joints.h"

namespace app {

bool same_contact_settings(const ik::ContactSettings& a, const ik::ContactSettings& b) {
  return a.height == b.height && a.speed == b.speed && a.min_plant == b.min_plant && a.max_gap == b.max_gap;
}

bool same_contacts_state(const ContactsState& a, const ContactsState& b) {
  if (!same_contact_settings(a.settings, b.settings) || a.edited != b.edited || a.clips.size() != b.clips.size())
    return false;
  for (size_t c = 0; c < a.clips.size(); ++c)
    if (!ik::same_contacts(a.clips[c], b.clips[c])) return false;
  return true;
}

ContactsState detect_rig_contacts(const ik::ImportedRig& rig, const ik::ContactSettings& settings) {
  ContactsState state;
  state.settings = settings;
  state.joints = ik::find_contact_joints(rig.skeleton, rig.roles);
  state.clips.resize(rig.clips.size());
  state.edited.assign(rig.clips.size(), 0);
  redetect_contacts(rig, state);
  return state;
}

void redetect_contacts(const ik::ImportedRig& rig, ContactsState& state) {
  state.clips.resize(rig.clips.size());
  state.edited.resize(rig.clips.size(), 0);
  state.ground_velocity.resize(rig.clips.size());
  state.sources.resize(rig.clips.size());
  for (size_t c = 0; c < rig.clips.size(); ++c) {
    std::vector<ik::FootContacts> found =
        ik::detect_contacts(rig.skeleton, rig.clips[c], ik::clip_frame_rate(rig.clips[c]), state.joints, state.settings,
                            glm::vec3(0.0f, 1.0f, 0.0f), &state.ground_velocity[c]);
    if (const ContactSource* source = state.sources[c].get()) {
      const std::vector<ik::FootContacts> at_source = ik::detect_contacts(
          source->skeleton, source->clip, ik::clip_frame_rate(source->clip), source->joints, state.settings);
      ik::carry_contacts(source->map, at_source, found);
    }
    if (!state.edited[c]) state.clips[c] = std::move(found);
  }
}

void refind_contact_joints(const ik::ImportedRig& rig, ContactsState& state) {
  const std::vector<ik::ContactJoint> joints = ik::find_contact_joints(rig.skeleton, rig.roles);
  for (size_t c = 0; c < state.clips.size() && c < state.edited.size(); ++c) {
    if (!state.edited[c]) continue;
    std::vector<ik::FootContacts> kept(joints.size());
    for (size_t i = 0; i < joints.size(); ++i) {
      kept[i].joint = joints[i].joint;
      for (const ik::FootContacts& old : state.clips[c])
        if (old.joint == joints[i].joint) kept[i].plants = old.plants;
    }
    state.clips[c] = std::move(kept);
  }
  state.joints = joints;
  redetect_contacts(rig, state);
}

std::vector<ik::FootSkate> clip_foot_skate(const ik::ImportedRig& rig, const ContactsState& state, size_t clip) {
  std::vector<ik::FootSkate> out;
  if (clip >= rig.clips.size() || clip >= state.clips.size() || state.clips[clip].size() != state.joints.size())
    return out;
  const ik::Clip& c = rig.clips[clip];
  const float rate = ik::clip_frame_rate(c);
  const int frames = ik::last_frame(c.start, c.end, rate) + 1;
  std::vector<int> ids;
  for (const ik::ContactJoint& j : state.joints) ids.push_back(j.joint);
  const std::vector<glm::vec3> paths = ik::joint_paths(rig.skeleton, c, c.start, rate, frames, ids);
  const glm::vec3 ground = clip < state.ground_velocity.size() ? state.ground_velocity[clip] : glm::vec3(0.0f);
  std::vector<std::vector<glm::vec3>> stand = stand_paths(state, clip, c.start, rate, frames);
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::vector<glm::vec3> path = ik::path_of_joint(paths, ids.size(), i);
    ik::FootTrack track = ik::foot_track(state.clips[clip][i], state.joints[i], ground, path, c.start, rate);
    if (i < stand.size()) track.stand = std::move(stand[i]);
    out.push_back(ik::measure_foot_skate(path.data(), 1, frames, track));
  }
  return out;
}

std::vector<std::vector<glm::vec3>> stand_paths(const ContactsState& state, size_t clip, float start, float rate,
                                                int frames) {
  std::vector<std::vector<glm::vec3>> out;
  if (clip >= state.sources.size() || state.sources[clip] == nullptr) return out;
  const ContactSource& source = *state.sources[clip];
  for (const ik::ContactJoint& j : state.joints) {
    const int s = j.joint < static_cast<int>(source.map.source_joint.size())
                      ? source.map.source_joint[static_cast<size_t>(j.joint)]
                      : -1;
    out.push_back(s < 0 ? std::vector<glm::vec3>{}
                        : ik::carried_path(source.skeleton, source.clip, source.map, s, start, rate, frames));
  }
  return out;
}

ik::SessionContacts contacts_for_session(const ik::ImportedRig& rig, const ContactsState& state) {
  ik::SessionContacts out;
  out.settings = state.settings;
  for (size_t c = 0; c < rig.clips.size() && c < state.clips.size(); ++c)
    if (c < state.edited.size() && state.edited[c]) out.clips.push_back({rig.clips[c].name, state.clips[c]});
  return out;
}

std::string contacts_from_session(const ik::ImportedRig& rig, const ik::SessionContacts& section, ContactsState& out) {
  ContactsState state = detect_rig_contacts(rig, section.settings);
  for (size_t e = 0; e < section.clips.size(); ++e) {
    const ik::SessionClipContacts& entry = section.clips[e];
    const std::string where = "contacts.clips[" + std::to_string(e) + "]";
    size_t c = 0;
    while (c < rig.clips.size() && rig.clips[c].name != entry.clip) ++c;
    if (c == rig.clips.size()) return where + ".clip: the rig has no clip '" + entry.clip + "'";
    const ik::Clip& clip = rig.clips[c];
    // Every contact joint keeps a row: one the file does not list has no plants.
    std::vector<ik::FootContacts> feet(state.joints.size());
    for (size_t i = 0; i < state.joints.size(); ++i) feet[i].joint = state.joints[i].joint;
    for (size_t f = 0; f < entry.feet.size(); ++f) {
      const ik::FootContacts& foot = entry.feet[f];
      const std::string at = where + ".feet[" + std::to_string(f) + "]";
      size_t i = 0;
      while (i < state.joints.size() && state.joints[i].joint != foot.joint) ++i;
      if (i == state.joints.size())
        return at + ".joint: joint " + std::to_string(foot.joint) + " is not one of the rig's contact joints";
      const std::string problem = ik::contacts_problem(foot, clip.start, clip.end);
      if (!problem.empty()) {
        char range[64];
        std::snprintf(range, sizeof range, " (clip '%s' runs %s to %s s)", clip.name.c_str(),
                      ik::number_text(clip.start).c_str(), ik::number_text(clip.end).c_str());
        return at + ".plants: " + problem + range;
      }
      feet[i].plants = foot.plants;
    }
    state.clips[c] = std::move(feet);
    state.edited[c] = 1;
  }
  out = std::move(state);
  return "";
}

}  // namespace app
