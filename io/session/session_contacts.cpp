// The "contacts" section of session files (session_contacts.h): one field table each for the
// settings, a clip's entry and a foot's.
#include "io/session/session_contacts.h"

#include "io/json/json_fields.h"
#include "io/json/json_output.h"
#include "io/session/session_fields.h"

namespace ik {
namespace {

const JsonFields<ContactSettings>& settings_fields() {
  using Row = JsonField<ContactSettings>;
  static const JsonFields<ContactSettings> fields{{
      Row::member("height", &ContactSettings::height, from_to(0.0f, kMaxContactHeight)),
      Row::member("speed", &ContactSettings::speed, from_to(0.0f, kMaxContactSpeed)),
      Row::member("min_plant", &ContactSettings::min_plant, from_to(0.0f, kMaxContactSeconds)),
      Row::member("max_gap", &ContactSettings::max_gap, from_to(0.0f, kMaxContactSeconds)),
  }};
  return fields;
}

using FootRow = JsonField<FootContacts, const Skeleton>;

const JsonFields<FootContacts, const Skeleton>& foot_fields() {
  static const JsonFields<FootContacts, const Skeleton> fields{{
      FootRow::custom(
          "joint", kRequired,
          [](const JsonValue& v, FootContacts& out, const Skeleton& skeleton) { out.joint = read_joint(v, skeleton); },
          [](const FootContacts& in, const Skeleton& skeleton) { return joint_json(skeleton, in.joint); }),
      // [[start, end], ...] in seconds, each plant after the one before.
      FootRow::custom(
          "plants", kRequired,
          [](const JsonValue& v, FootContacts& out, const Skeleton&) {
            out.plants.resize(v.array());
            for (size_t k = 0; k < out.plants.size(); ++k) {
              const JsonValue plant = v.element(k);
              const glm::vec2 t = plant.vec2(within(kMaxClipTime));
              out.plants[k] = {t.x, t.y};
              if (t.y < t.x)
                plant.fail("ends (" + number_text(t.y) + " s) before it starts (" + number_text(t.x) + " s)");
              if (k > 0 && t.x <= out.plants[k - 1].end)
                plant.fail("starts at " + number_text(t.x) + " s, not after the plant before it ends (" +
                           number_text(out.plants[k - 1].end) + " s)");
            }
          },
          [](const FootContacts& in, const Skeleton&) {
            Json plants = Json::array();
            for (const ContactInterval& p : in.plants)
              plants.push_back(Json::array({json_float(p.start), json_float(p.end)}));
            return plants;
          }),
  }};
  return fields;
}

using ClipRow = JsonField<SessionClipContacts, const Skeleton>;

const JsonFields<SessionClipContacts, const Skeleton>& clip_fields() {
  static const JsonFields<SessionClipContacts, const Skeleton> fields{{
      ClipRow::custom(
          "clip", kRequired,
          [](const JsonValue& v, SessionClipContacts& out, const Skeleton&) { out.clip = v.string(); },
          [](const SessionClipContacts& in, const Skeleton&) { return in.clip; }),
      ClipRow::custom(
          "feet", kRequired,
          [](const JsonValue& v, SessionClipContacts& out, const Skeleton& skeleton) {
            for (size_t i = 0, n = v.array(); i < n; ++i) {
              FootContacts foot;
              read_fields(v.element(i), foot_fields(), foot, skeleton);
              for (const FootContacts& other : out.feet)
                if (other.joint == foot.joint)
                  v.element(i).member("joint").fail(joint_label(skeleton, foot.joint) +
                                                    " is listed twice for this clip");
              out.feet.push_back(std::move(foot));
            }
          },
          [](const SessionClipContacts& in, const Skeleton& skeleton) {
            Json feet = Json::array();
            for (const FootContacts& foot : in.feet) feet.push_back(write_fields(foot_fields(), foot, skeleton));
            return feet;
          }),
  }};
  return fields;
}

using SectionRow = JsonField<SessionContacts, const Skeleton>;

const JsonFields<SessionContacts, const Skeleton>& section_fields() {
  static const JsonFields<SessionContacts, const Skeleton> fields{{
      SectionRow::custom(
          "settings", kOptional,
          [](const JsonValue& v, SessionContacts& out, const Skeleton&) {
            read_fields(v, settings_fields(), out.settings);
          },
          [](const SessionContacts& in, const Skeleton&) { return write_fields(settings_fields(), in.settings); }),
      SectionRow::custom(
          "clips", kOptional,
          [](const JsonValue& v, SessionContacts& out, const Skeleton& skeleton) {
            for (size_t c = 0, n = v.array(); c < n; ++c) {
              SessionClipContacts clip;
              read_fields(v.element(c), clip_fields(), clip, skeleton);
              for (const SessionClipContacts& other : out.clips)
                if (other.clip == clip.clip)
                  v.element(c).member("clip").fail("clip '" + clip.clip + "' is listed twice");
              out.clips.push_back(std::move(clip));
            }
          },
          [](const SessionContacts& in, const Skeleton& skeleton) {
            Json clips = Json::array();
            for (const SessionClipContacts& clip : in.clips)
              clips.push_back(write_fields(clip_fields(), clip, skeleton));
            return clips;
          },
          [](const SessionContacts& in, const Skeleton&) { return !in.clips.empty(); }),
  }};
  return fields;
}

}  // namespace

Json contacts_json(const SessionContacts& contacts, const Skeleton& skeleton) {
  return write_fields(section_fields(), contacts, skeleton);
}

SessionContacts read_contacts(const JsonValue& section, const Skeleton& skeleton) {
  SessionContacts out;
  read_fields(section, section_fields(), out, skeleton);
  return out;
}

}  // namespace ik
