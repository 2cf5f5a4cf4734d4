// glTF animations -> Clips, as a table of contents:
//   clips_from_model      per animation: read_clip, or one warning and the next clip
//     read_clip           per channel: skip what is not a joint's TRS (noted), else
//       read_channel      the sampler's interpolation, times and values (gltf_accessor.h
//                         checks every byte range), then check_channel (solvers/anim/clip.h)
//     joint frames        for the keyed joints below non-joint nodes (gltf_skeleton.h)
#include "io/gltf/gltf_clips.h"

#include "io/files/message_text.h"
#include "io/gltf/gltf_accessor.h"
#include "io/gltf/gltf_skeleton.h"

namespace ik {
namespace {

bool interpolation_of(const std::string& name, Interpolation& out) {
  if (name == "LINEAR" || name.empty()) {
    out = Interpolation::linear;
  } else if (name == "STEP") {
    out = Interpolation::step;
  } else if (name == "CUBICSPLINE") {
    out = Interpolation::cubic_spline;
  } else {
    return false;
  }
  return true;
}

bool property_of(const std::string& path, ClipProperty& out) {
  if (path == "translation") {
    out = ClipProperty::translation;
  } else if (path == "rotation") {
    out = ClipProperty::rotation;
  } else if (path == "scale") {
    out = ClipProperty::scale;
  } else {
    return false;
  }
  return true;
}

// The sampler's keys into `channel` (joint and property already set). `keys_left` is what
// the file may still allocate (kMaxClipKeys). On failure sets `problem`.
bool read_channel(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler, ClipChannel& channel,
                  std::size_t& keys_left, std::string& problem) {
  if (!interpolation_of(sampler.interpolation, channel.interpolation)) {
    problem = "unknown interpolation '" + one_line(sampler.interpolation, 40) + "'";
    return false;
  }
  AccessorSpan times;
  if (!locate(model, sampler.input, TINYGLTF_TYPE_SCALAR, {TINYGLTF_COMPONENT_TYPE_FLOAT}, times, problem)) {
    problem = "input (times): " + problem;
    return false;
  }
  const bool rotation = channel.property == ClipProperty::rotation;
  AccessorSpan values;
  const bool located =
      rotation ? locate(model, sampler.output, TINYGLTF_TYPE_VEC4,
                        {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE,
                         TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT,
                         TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                        values, problem)
               : locate(model, sampler.output, TINYGLTF_TYPE_VEC3, {TINYGLTF_COMPONENT_TYPE_FLOAT}, values, problem);
  if (!located) {
    problem = "output (values): " + problem;
    return false;
  }
  if (rotation && values.component_type != TINYGLTF_COMPONENT_TYPE_FLOAT && !values.normalized) {
    problem = "output (values): integer rotations must be normalized";
    return false;
  }
  if (times.count + values.count > keys_left) {
    problem = "more keys than ikscope reads from one file (" + std::to_string(kMaxClipKeys) + ")";
    return false;
  }
  keys_left -= times.count + values.count;
  channel.times.resize(times.count);
  for (std::size_t k = 0; k < times.count; ++k) channel.times[k] = float_component(times, k, 0);
  channel.values.resize(values.count);
  for (std::size_t i = 0; i < values.count; ++i)
    channel.values[i] = glm::vec4(float_component(values, i, 0), float_component(values, i, 1),
                                  float_component(values, i, 2), rotation ? float_component(values, i, 3) : 0.0f);
  return true;
}

// "channel 3 (node 5 'LeftArm' rotation)", for messages.
std::string channel_label(const tinygltf::Model& model, std::size_t index, const tinygltf::AnimationChannel& c) {
  std::string label = "channel " + std::to_string(index) + " (node " + std::to_string(c.target_node);
  if (c.target_node >= 0 && static_cast<std::size_t>(c.target_node) < model.nodes.size() &&
      !model.nodes[static_cast<std::size_t>(c.target_node)].name.empty())
    label += " '" + one_line(model.nodes[static_cast<std::size_t>(c.target_node)].name, 60) + "'";
  return label + " " + one_line(c.target_path, 40) + ")";
}

// One animation into `clip`. Returns false with `problem` naming the channel; `notes`
// gets what was skipped on purpose.
bool read_clip(const tinygltf::Model& model, const tinygltf::Animation& animation, const std::vector<int>& joint_of_node,
               int joint_count, Clip& clip, std::size_t& keys_left, std::string& notes, std::string& problem) {
  int on_non_joints = 0, morph_weights = 0;
  for (std::size_t i = 0; i < animation.channels.size(); ++i) {
    const tinygltf::AnimationChannel& c = animation.channels[i];
    const std::string label = channel_label(model, i, c);
    if (c.target_path == "weights") {
      ++morph_weights;
      continue;
    }
    ClipChannel channel;
    if (!property_of(c.target_path, channel.property)) {
      problem = label + ": unknown path '" + one_line(c.target_path, 40) + "'";
      return false;
    }
    if (c.target_node < 0) {  // glTF allows a channel without a node (an extension's target)
      ++on_non_joints;
      continue;
    }
    if (static_cast<std::size_t>(c.target_node) >= model.nodes.size()) {
      problem = label + ": node " + std::to_string(c.target_node) + " is out of range (the file has " +
                std::to_string(model.nodes.size()) + " nodes)";
      return false;
    }
    channel.joint = joint_of_node[static_cast<std::size_t>(c.target_node)];
    if (channel.joint < 0) {
      ++on_non_joints;
      continue;
    }
    if (c.sampler < 0 || static_cast<std::size_t>(c.sampler) >= animation.samplers.size()) {
      problem = label + ": sampler " + std::to_string(c.sampler) + " is out of range (the animation has " +
                std::to_string(animation.samplers.size()) + " samplers)";
      return false;
    }
    std::string channel_problem;
    if (!read_channel(model, animation.samplers[static_cast<std::size_t>(c.sampler)], channel, keys_left,
                      channel_problem) ||
        !(channel_problem = check_channel(channel, joint_count)).empty()) {
      problem = label + ": " + channel_problem;
      return false;
    }
    clip.channels.push_back(std::move(channel));
  }
  if (on_non_joints > 0)
    notes += std::to_string(on_non_joints) + " channel" + (on_non_joints > 1 ? "s" : "") +
             " on nodes that are not joints";
  if (morph_weights > 0)
    notes += std::string(notes.empty() ? "" : " and ") + std::to_string(morph_weights) + " morph-weight channel" +
             (morph_weights > 1 ? "s" : "");
  return true;
}

}  // namespace

void clips_from_model(const tinygltf::Model& model, const Skeleton& skeleton, std::vector<Clip>& clips,
                      std::vector<std::string>& warnings) {
  if (model.animations.empty()) return;
  std::vector<int> joint_of_node(model.nodes.size(), -1);
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int node = skeleton.source_node[static_cast<std::size_t>(j)];
    if (node >= 0 && static_cast<std::size_t>(node) < joint_of_node.size())
      joint_of_node[static_cast<std::size_t>(node)] = j;
  }
  const std::vector<JointFrame> frames = joint_frames_from_model(model, skeleton);
  std::size_t keys_left = kMaxClipKeys;
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    const tinygltf::Animation& animation = model.animations[a];
    Clip clip;
    clip.name = animation.name.empty() ? "animation " + std::to_string(a) : one_line(animation.name, 120);
    std::string notes, problem;
    if (!read_clip(model, animation, joint_of_node, skeleton.joint_count(), clip, keys_left, notes, problem)) {
      warnings.push_back("clip '" + clip.name + "', " + problem + "; clip skipped");
      continue;
    }
    if (!notes.empty()) warnings.push_back("clip '" + clip.name + "': " + notes + " skipped");
    if (clip.channels.empty()) {
      warnings.push_back("clip '" + clip.name + "' keys no joint; clip skipped");
      continue;
    }
    std::vector<std::uint8_t> keyed(static_cast<std::size_t>(skeleton.joint_count()), 0);
    for (const ClipChannel& c : clip.channels) keyed[static_cast<std::size_t>(c.joint)] = 1;
    for (const JointFrame& f : frames)
      if (keyed[static_cast<std::size_t>(f.joint)]) clip.frames.push_back(f);
    set_time_range(clip);
    clips.push_back(std::move(clip));
  }
}

}  // namespace ik
