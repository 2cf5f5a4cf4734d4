// The "motions" section of session files (session_motions.h): one field table for an entry.
#include "io/session/session_motions.h"

#include "io/files/file_paths.h"
#include "io/json/json_fields.h"

namespace ik {
namespace {

using MotionRow = JsonField<SessionMotion, const std::string>;

const JsonFields<SessionMotion, const std::string>& motion_fields() {
  static const JsonFields<SessionMotion, const std::string> fields{{
      MotionRow::custom(
          "source", kRequired,
          [](const JsonValue& v, SessionMotion& out, const std::string& folder) {
            if (v.string().empty()) v.fail("must not be empty");
            out.source = resolve_in_folder(v.string(), folder);
          },
          [](const SessionMotion& in, const std::string& folder) { return path_from_folder(in.source, folder); }),
      MotionRow::custom(
          "source_clip", kOptional,
          [](const JsonValue& v, SessionMotion& out, const std::string&) { out.source_clip = v.string(); },
          [](const SessionMotion& in, const std::string&) { return in.source_clip; },
          [](const SessionMotion& in, const std::string&) { return !in.source_clip.empty(); }),
      MotionRow::custom(
          "clip", kRequired,
          [](const JsonValue& v, SessionMotion& out, const std::string&) {
            if (v.string().empty()) v.fail("must not be empty");
            out.clip = v.string();
          },
          [](const SessionMotion& in, const std::string&) { return in.clip; }),
      MotionRow::custom(
          "bvh_units", kOptional,
          [](const JsonValue& v, SessionMotion& out, const std::string&) {
            std::string problem;
            if (!parse_bvh_units(v.string(), out.bvh, problem)) v.fail(problem);
          },
          [](const SessionMotion& in, const std::string&) { return bvh_units_spec(in.bvh); }),
      MotionRow::custom(
          "z_up", kOptional,
          [](const JsonValue& v, SessionMotion& out, const std::string&) { out.bvh.z_up = v.boolean(); },
          [](const SessionMotion& in, const std::string&) { return in.bvh.z_up; }),
      MotionRow::custom(
          "fingers", kOptional,
          [](const JsonValue& v, SessionMotion& out, const std::string&) { out.options.fingers = v.boolean(); },
          [](const SessionMotion& in, const std::string&) { return in.options.fingers; },
          [](const SessionMotion& in, const std::string&) { return !in.options.fingers; }),
      MotionRow::custom(
          "mapping", kOptional,
          [](const JsonValue& v, SessionMotion& out, const std::string&) {
            for (size_t i = 0, n = v.array(); i < n; ++i) {
              const JsonValue edit = v.element(i);
              edit.note_unknown_keys({"joint", "follows"});
              const std::string& joint = edit.member("joint").string();
              if (joint.empty()) edit.member("joint").fail("must not be empty");
              out.options.edits.push_back({joint, edit.member("follows").string()});
            }
          },
          [](const SessionMotion& in, const std::string&) {
            Json edits = Json::array();
            for (const MappingEdit& e : in.options.edits) edits.push_back({{"joint", e.joint}, {"follows", e.follows}});
            return edits;
          },
          [](const SessionMotion& in, const std::string&) { return !in.options.edits.empty(); }),
  }};
  return fields;
}

}  // namespace

Json motions_json(const std::vector<SessionMotion>& motions, const std::string& folder) {
  Json out = Json::array();
  for (const SessionMotion& m : motions) out.push_back(write_fields(motion_fields(), m, folder));
  return out;
}

std::vector<SessionMotion> read_motions(const JsonValue& section, const std::string& folder) {
  std::vector<SessionMotion> out;
  for (size_t i = 0, n = section.array(); i < n; ++i) {
    SessionMotion motion;
    read_fields(section.element(i), motion_fields(), motion, folder);
    for (const SessionMotion& other : out)
      if (other.clip == motion.clip)
        section.element(i).member("clip").fail("clip '" + motion.clip + "' is listed twice");
    out.push_back(std::move(motion));
  }
  return out;
}

}  // namespace ik
