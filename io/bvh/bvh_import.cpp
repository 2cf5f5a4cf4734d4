// BVH import (bvh_import.h).
//
//   reading     Lexer (words and rest-of-line names, with line numbers), Failure
//   hierarchy   read_joint_block, read_hierarchy
//   motion      read_number, read_motion
//   units       the zero pose's size, the units note (the units themselves: bvh_units.h)
//   building    build_raw, build_clip, import_text
//   public      is_bvh_path, import_bvh_text, import_bvh_file
#include "io/bvh/bvh_import.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>
#include <vector>

#include "io/files/file_paths.h"
#include "io/files/message_text.h"
#include "solvers/anim/pose.h"

namespace ik {

namespace {

// More joints than any rig (a Mixamo rig with fingers has 65; a face rig a few hundred),
// and a frame count past any capture (a day at 120 fps): the bounds keep a hostile
// file from asking for gigabytes.
constexpr int kMaxBvhJoints = 4096;
constexpr long kMaxBvhFrames = 10'000'000;
constexpr int kMaxBvhDepth = 512;  // nesting: a real skeleton is a few dozen deep

// Thrown inside the reader only; import_text turns it into the one line.
struct Failure {
  int line;
  std::string problem;
};

enum class Channel : unsigned char { x_position, y_position, z_position, x_rotation, y_rotation, z_rotation };

bool is_position(Channel c) { return c <= Channel::z_position; }
int axis_of(Channel c) { return static_cast<int>(c) % 3; }

struct BvhJoint {
  std::string name;
  int parent = -1;
  glm::vec3 offset{0.0f};
  std::vector<Channel> channels;
  int first_value = 0;  // index of its first channel in a frame line
};

struct Lexer {
  std::string_view text;
  size_t pos = 0;
  int line = 1;

  void skip_space() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
      if (text[pos] == '\n') ++line;
      ++pos;
    }
  }
  // The next word (up to white space); empty at the end of the text.
  std::string_view word() {
    skip_space();
    const size_t start = pos;
    while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
    return text.substr(start, pos - start);
  }
  // The rest of the current line, trimmed (a joint's name).
  std::string rest_of_line() {
    while (pos < text.size() && text[pos] != '\n' && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
    const size_t start = pos;
    while (pos < text.size() && text[pos] != '\n') ++pos;
    std::string_view rest = text.substr(start, pos - start);
    while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back()))) rest.remove_suffix(1);
    return std::string(rest);
  }
  // Moves past the end of the current line; returns the line (without its newline).
  std::string_view take_line() {
    const size_t start = pos;
    while (pos < text.size() && text[pos] != '\n') ++pos;
    std::string_view l = text.substr(start, pos - start);
    if (pos < text.size()) {
      ++pos;
      ++line;
    }
    return l;
  }
};

std::string quoted(std::string_view w) { return "'" + one_line(std::string(w), 40) + "'"; }

// The word of `line` at or after `i` (empty when there is none), `i` moved past it.
std::string_view next_word(std::string_view line, size_t& i) {
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  const size_t start = i;
  while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  return line.substr(start, i - start);
}

// What a message says was found instead: the word, quoted, or the end of the file.
std::string found_text(std::string_view w) { return w.empty() ? std::string("the end of the file") : quoted(w); }

void expect(Lexer& lex, std::string_view wanted, std::string_view where) {
  const int line = (lex.skip_space(), lex.line);
  const std::string_view w = lex.word();
  if (w == wanted) return;
  throw Failure{line, "expected '" + std::string(wanted) + "' " + std::string(where) + ", found " + found_text(w)};
}

bool parse_float(std::string_view w, float& out) {
  if (!w.empty() && w.front() == '+') w.remove_prefix(1);
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && end == w.data() + w.size() && std::isfinite(out);
}

float read_number(Lexer& lex, std::string_view what) {
  const int line = (lex.skip_space(), lex.line);
  const std::string_view w = lex.word();
  float v = 0.0f;
  if (!parse_float(w, v)) throw Failure{line, std::string(what) + " must be a finite number, not " + found_text(w)};
  return v;
}

glm::vec3 read_offset(Lexer& lex, std::string_view owner) {
  expect(lex, "OFFSET", "after the '{' of " + std::string(owner));
  glm::vec3 v;
  for (int k = 0; k < 3; ++k) v[k] = read_number(lex, "an OFFSET value");
  return v;
}

bool channel_from_name(std::string_view w, Channel& c) {
  static const std::pair<const char*, Channel> names[] = {
      {"Xposition", Channel::x_position}, {"Yposition", Channel::y_position}, {"Zposition", Channel::z_position},
      {"Xrotation", Channel::x_rotation}, {"Yrotation", Channel::y_rotation}, {"Zrotation", Channel::z_rotation}};
  for (const auto& [name, channel] : names)
    if (w == name) return c = channel, true;
  return false;
}

// --- hierarchy ---------------------------------------------------------------------------

// After "ROOT name" or "JOINT name": the block, its children read recursively (depth is
// bounded by kMaxBvhJoints).
void read_joint_block(Lexer& lex, std::vector<BvhJoint>& joints, int parent, std::string name, int& value_count,
                      int depth) {
  if (static_cast<int>(joints.size()) >= kMaxBvhJoints)
    throw Failure{lex.line, "more than " + std::to_string(kMaxBvhJoints) + " joints"};
  if (depth > kMaxBvhDepth)
    throw Failure{lex.line, "joints nested more than " + std::to_string(kMaxBvhDepth) + " deep"};
  const int self = static_cast<int>(joints.size());
  joints.push_back(BvhJoint{});
  joints[static_cast<size_t>(self)].name = name;
  joints[static_cast<size_t>(self)].parent = parent;
  const std::string owner = "joint '" + one_line(name, 60) + "'";
  expect(lex, "{", "after " + owner);
  const glm::vec3 offset = read_offset(lex, owner);
  joints[static_cast<size_t>(self)].offset = offset;

  lex.skip_space();
  int line = lex.line;
  std::string_view w = lex.word();
  if (w == "CHANNELS") {
    const int count_line = lex.line;
    const std::string_view count_word = lex.word();
    int count = -1;
    const auto [end, ec] = std::from_chars(count_word.data(), count_word.data() + count_word.size(), count);
    if (ec != std::errc() || end != count_word.data() + count_word.size() || count < 0 || count > 6)
      throw Failure{count_line, "CHANNELS of " + owner + " must be a count from 0 to 6, not " + quoted(count_word)};
    // The names are on the CHANNELS line: a count that does not match them is caught here,
    // not as a frame line that reads wrong.
    std::string_view rest = lex.take_line();
    std::vector<Channel> channels;
    size_t i = 0;
    for (std::string_view cw = next_word(rest, i); !cw.empty(); cw = next_word(rest, i)) {
      Channel c{};
      if (!channel_from_name(cw, c))
        throw Failure{count_line, "unknown channel " + quoted(cw) + " of " + owner +
                                      " (Xposition, Yposition, Zposition, Xrotation, Yrotation or Zrotation)"};
      for (Channel seen : channels)
        if (seen == c) throw Failure{count_line, "channel " + quoted(cw) + " listed twice for " + owner};
      channels.push_back(c);
    }
    if (static_cast<int>(channels.size()) != count)
      throw Failure{count_line, "CHANNELS says " + std::to_string(count) + " for " + owner + " but lists " +
                                    std::to_string(channels.size())};
    joints[static_cast<size_t>(self)].channels = std::move(channels);
    joints[static_cast<size_t>(self)].first_value = value_count;
    value_count += count;
    lex.skip_space();
    line = lex.line;
    w = lex.word();
  }
  while (true) {
    if (w == "}") return;
    if (w == "JOINT") {
      std::string child = lex.rest_of_line();
      if (child.empty()) throw Failure{line, "a JOINT without a name"};
      read_joint_block(lex, joints, self, std::move(child), value_count, depth + 1);
    } else if (w == "End") {
      const std::string site = lex.rest_of_line();
      if (site != "Site") throw Failure{line, "expected 'End Site', found 'End " + one_line(site, 40) + "'"};
      if (static_cast<int>(joints.size()) >= kMaxBvhJoints)
        throw Failure{line, "more than " + std::to_string(kMaxBvhJoints) + " joints"};
      BvhJoint tip;
      tip.name = name + "_End";
      tip.parent = self;
      expect(lex, "{", "after End Site");
      tip.offset = read_offset(lex, "the End Site of " + owner);
      expect(lex, "}", "closing the End Site of " + owner);
      joints.push_back(std::move(tip));
    } else {
      throw Failure{line, "expected JOINT, End Site or '}' in " + owner + ", found " + found_text(w)};
    }
    lex.skip_space();
    line = lex.line;
    w = lex.word();
  }
}

// HIERARCHY and its roots, up to (and including) MOTION.
std::vector<BvhJoint> read_hierarchy(Lexer& lex, int& value_count) {
  // A UTF-8 byte-order mark some exporters write.
  if (lex.text.substr(0, 3) == "\xEF\xBB\xBF") lex.pos = 3;
  expect(lex, "HIERARCHY", "at the start of a BVH file");
  std::vector<BvhJoint> joints;
  while (true) {
    lex.skip_space();
    const int line = lex.line;
    const std::string_view w = lex.word();
    if (w == "MOTION") break;
    if (w != "ROOT") throw Failure{line, "expected ROOT or MOTION, found " + found_text(w)};
    std::string name = lex.rest_of_line();
    if (name.empty()) throw Failure{line, "a ROOT without a name"};
    read_joint_block(lex, joints, -1, std::move(name), value_count, 0);
  }
  if (joints.empty()) throw Failure{lex.line, "no ROOT before MOTION"};
  return joints;
}

// --- motion ------------------------------------------------------------------------------

struct Motion {
  long frames = 0;
  int frames_line = 0;  // where the count is, for a count the lines do not match
  float frame_time = 0.0f;
  std::vector<float> values;  // frames * value_count
};

// "Frames:" and "Frame Time:" (the colon may stand apart), then the frame lines.
Motion read_motion(Lexer& lex, int value_count) {
  Motion m;
  expect(lex, "Frames:", "after MOTION");
  {
    const int line = lex.line;
    m.frames_line = line;
    const std::string_view w = lex.word();
    long long n = -1;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    if (ec != std::errc() || end != w.data() + w.size() || n < 0)
      throw Failure{line, "Frames must be a count, not " + quoted(w)};
    if (n > kMaxBvhFrames)
      throw Failure{line, "Frames says " + std::to_string(n) + ", more than " + std::to_string(kMaxBvhFrames)};
    m.frames = static_cast<long>(n);
  }
  expect(lex, "Frame", "after the Frames count");
  {
    lex.skip_space();
    const int line = lex.line;
    std::string_view w = lex.word();
    if (w != "Time:") throw Failure{line, "expected 'Frame Time:', found 'Frame " + one_line(std::string(w), 40) + "'"};
    float t = 0.0f;
    const std::string_view tw = lex.word();
    // From 10 kHz (so the keys i * Frame Time of even 10 million frames stay distinct
    // floats) to a minute.
    if (!parse_float(tw, t) || t < 1e-4f || t > 60.0f)
      throw Failure{line, "Frame Time must be a number of seconds from 0.0001 to 60, not " + quoted(tw)};
    if (static_cast<double>(t) * static_cast<double>(m.frames) > static_cast<double>(kMaxClipTime))
      throw Failure{line, "Frames times Frame Time is longer than a clip can be"};
    // Files write 120 fps as 0.0083333: a Frame Time within 0.01 % of 1/n second for a
    // whole n is 1/n, so frame 993 falls on frame 993 of the clip's rate, not 992.996.
    const double rate = std::round(1.0 / static_cast<double>(t));
    if (rate >= 1.0 && std::fabs(1.0 / rate - static_cast<double>(t)) <= 1e-4 * static_cast<double>(t))
      t = static_cast<float>(1.0 / rate);
    m.frame_time = t;
  }
  lex.take_line();  // the rest of the Frame Time line
  // No reserve from the Frames count: a file that claims a billion frames has to hold them.
  long frame = 0;
  while (lex.pos < lex.text.size()) {
    const int line = lex.line;
    const std::string_view l = lex.take_line();
    size_t i = 0;
    int count = 0;
    for (std::string_view w = next_word(l, i); !w.empty(); w = next_word(l, i)) {
      if (count == 0 && frame >= m.frames)
        throw Failure{line, "more frame lines than Frames says (" + std::to_string(m.frames) + ")"};
      float v = 0.0f;
      if (!parse_float(w, v))
        throw Failure{line, "frame " + std::to_string(frame + 1) + ": value " + std::to_string(count + 1) + " is " +
                                quoted(w) + ", not a finite number"};
      if (count >= value_count)
        throw Failure{line, "frame " + std::to_string(frame + 1) + " has more than the " + std::to_string(value_count) +
                                " values the channels need"};
      m.values.push_back(v);
      ++count;
    }
    if (count == 0) continue;  // a blank line
    if (count != value_count)
      throw Failure{line, "frame " + std::to_string(frame + 1) + " has " + std::to_string(count) + " values; the " +
                              "channels need " + std::to_string(value_count)};
    ++frame;
  }
  if (frame != m.frames)
    throw Failure{m.frames_line, "Frames says " + std::to_string(m.frames) + " but the file has " +
                                     std::to_string(frame) + " frame lines"};
  return m;
}

// --- units -------------------------------------------------------------------------------

// The zero pose's joint positions in the file's units and axes.
std::vector<glm::vec3> zero_pose_positions(const std::vector<BvhJoint>& joints) {
  std::vector<glm::vec3> p(joints.size());
  for (size_t j = 0; j < joints.size(); ++j)
    p[j] = joints[j].offset + (joints[j].parent >= 0 ? p[static_cast<size_t>(joints[j].parent)] : glm::vec3(0.0f));
  return p;
}

// The largest side of the zero pose's box: a standing person's height, or their arm span
// in a T-pose (about the same), whichever way the file lies.
float zero_pose_size(const std::vector<BvhJoint>& joints) {
  const std::vector<glm::vec3> p = zero_pose_positions(joints);
  glm::vec3 lo = p[0], hi = p[0];
  for (const glm::vec3& q : p) lo = glm::min(lo, q), hi = glm::max(hi, q);
  const glm::vec3 size = hi - lo;
  return std::max(size.x, std::max(size.y, size.z));
}

std::string metres_text(float m) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f m", static_cast<double>(m));
  return text;
}

// --- building ----------------------------------------------------------------------------

// glTF's +Y up from a +Z-up file: a turn of -90 degrees about X.
glm::quat up_turn(bool z_up) {
  return z_up ? glm::angleAxis(-0.5f * 3.14159265358979f, glm::vec3(1.0f, 0.0f, 0.0f))
              : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

RawSkeleton build_raw(const std::vector<BvhJoint>& joints, float scale, bool z_up) {
  RawSkeleton raw;
  raw.joints.resize(joints.size());
  const glm::quat turn = up_turn(z_up);
  for (size_t j = 0; j < joints.size(); ++j) {
    RawJoint& r = raw.joints[j];
    r.name = joints[j].name;
    r.parent = joints[j].parent;
    r.rest.translation = joints[j].offset * scale;
    if (r.parent < 0) {
      r.rest.translation = turn * r.rest.translation;
      r.rest.rotation = turn;
    }
  }
  return raw;
}

// The local rotation a joint's rotation channels give in one frame (degrees, listed order).
glm::quat frame_rotation(const BvhJoint& joint, const float* values) {
  static const glm::vec3 axes[3] = {{1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}, {0.0f, 0.0f, 1.0f}};
  glm::quat q(1.0f, 0.0f, 0.0f, 0.0f);
  for (size_t c = 0; c < joint.channels.size(); ++c)
    if (!is_position(joint.channels[c]))
      q = q * glm::angleAxis(glm::radians(values[c]), axes[axis_of(joint.channels[c])]);
  return glm::normalize(q);
}

Clip build_clip(const std::vector<BvhJoint>& joints, const Skeleton& skeleton, const Motion& motion, int value_count,
                float scale, bool z_up, const std::string& name) {
  std::vector<int> built(joints.size(), -1);  // file joint -> skeleton joint
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (skeleton.raw_index[static_cast<size_t>(j)] >= 0)
      built[static_cast<size_t>(skeleton.raw_index[static_cast<size_t>(j)])] = j;
  const glm::quat turn = up_turn(z_up);
  Clip clip;
  clip.name = name;
  std::vector<float> times(static_cast<size_t>(motion.frames));
  for (long f = 0; f < motion.frames; ++f) times[static_cast<size_t>(f)] = static_cast<float>(f) * motion.frame_time;
  for (size_t j = 0; j < joints.size(); ++j) {
    const BvhJoint& joint = joints[j];
    bool has_position = false, has_rotation = false;
    for (Channel c : joint.channels) (is_position(c) ? has_position : has_rotation) = true;
    ClipChannel rotation, translation;
    rotation.joint = translation.joint = built[j];
    rotation.property = ClipProperty::rotation;
    translation.property = ClipProperty::translation;
    for (long f = 0; f < motion.frames; ++f) {
      const float* v = motion.values.data() + static_cast<size_t>(f) * static_cast<size_t>(value_count) +
                       static_cast<size_t>(joint.first_value);
      if (has_rotation) {
        glm::quat q = frame_rotation(joint, v);
        if (joint.parent < 0) q = turn * q;
        rotation.values.emplace_back(q.x, q.y, q.z, q.w);
      }
      if (has_position) {
        glm::vec3 t = joint.offset;
        for (size_t c = 0; c < joint.channels.size(); ++c)
          if (is_position(joint.channels[c])) t[axis_of(joint.channels[c])] = v[c];
        t *= scale;
        if (joint.parent < 0) t = turn * t;
        translation.values.emplace_back(t, 0.0f);
      }
    }
    if (has_rotation) {
      rotation.times = times;
      clip.channels.push_back(std::move(rotation));
    }
    if (has_position) {
      translation.times = times;
      clip.channels.push_back(std::move(translation));
    }
  }
  set_time_range(clip);
  return clip;
}

std::string file_stem(const std::string& name) {
  const size_t slash = name.find_last_of("/\\");
  std::string stem = slash == std::string::npos ? name : name.substr(slash + 1);
  const size_t dot = stem.rfind('.');
  if (dot != std::string::npos && dot > 0) stem.erase(dot);
  return stem.empty() ? std::string("motion") : stem;
}

bool import_text(const std::string& text, const std::string& name, const BvhOptions& options, ImportedRig& rig,
                 std::string& error) {
  Lexer lex{text};
  std::vector<BvhJoint> joints;
  Motion motion;
  int value_count = 0;
  try {
    joints = read_hierarchy(lex, value_count);
    motion = read_motion(lex, value_count);
  } catch (const Failure& f) {
    error = one_line(name, 200) + ":" + std::to_string(f.line) + ": " + one_line(f.problem);
    return false;
  }

  // Units: the option's, else the guess; said either way, with the size it gives.
  const float size = zero_pose_size(joints);
  BvhUnits units = options.units;
  float scale = options.metres_per_unit > 0.0f ? options.metres_per_unit : bvh_metres_per_unit(units);
  const bool guessed = !(options.metres_per_unit > 0.0f) && units == BvhUnits::guess;
  if (guessed) {
    if (!(size > 0.0f) || !std::isfinite(size)) {
      error =
          one_line(name, 200) + ": every joint of the zero pose is at one point: cannot guess the units (give them)";
      return false;
    }
    units = guess_bvh_units(size);
    scale = bvh_metres_per_unit(units);
  }
  char size_text[64];
  std::snprintf(size_text, sizeof size_text, "%g", static_cast<double>(size));
  const std::string unit_text =
      options.metres_per_unit > 0.0f ? "1 unit = " + metres_text(scale) : std::string(bvh_units_name(units));
  rig.notes.push_back(std::string(guessed ? "units guessed: " : "units: ") + unit_text + " (the zero pose is " +
                      size_text + " units across: " + metres_text(size * scale) + ")" +
                      (guessed ? "; --bvh-units to choose" : ""));

  const RawSkeleton raw = build_raw(joints, scale, options.z_up);
  if (!build_skeleton(raw, rig.skeleton, error)) {
    error = one_line(name, 200) + ": " + one_line(error);
    return false;
  }
  std::string problem;
  if (!set_rest_bounds(rig, problem)) {
    error = one_line(name, 200) + ": " + problem;
    return false;
  }
  if (motion.frames > 0)
    rig.clips.push_back(build_clip(joints, rig.skeleton, motion, value_count, scale, options.z_up, file_stem(name)));
  else
    rig.warnings.push_back("Frames is 0: the skeleton has no motion");
  for (const Clip& clip : rig.clips)
    for (const ClipChannel& channel : clip.channels) {
      const std::string why = check_channel(channel, rig.skeleton.joint_count());
      if (!why.empty()) {
        error = one_line(name, 200) + ": " + one_line(why) + " (the values are too large once converted)";
        return false;
      }
    }
  set_roles_and_default_limits(rig);
  rig.path = name;
  return true;
}

}  // namespace

bool is_bvh_path(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".bvh";
}

bool import_bvh_text(const std::string& text, const std::string& name, const BvhOptions& options, ImportedRig& out,
                     std::string& error) {
  ImportedRig rig;
  if (!import_text(text, name, options, rig, error)) return false;
  out = std::move(rig);
  return true;
}

bool import_bvh_file(const std::string& path, const BvhOptions& options, ImportedRig& out, std::string& error) {
  std::string text;
  if (!read_file_bytes(path, text, error)) return false;
  if (text.empty()) {
    error = one_line(path, 200) + ": empty file";
    return false;
  }
  return import_bvh_text(text, path, options, out, error);
}

}  // namespace ik
