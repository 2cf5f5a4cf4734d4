// Sessions (session.h): the document's own field table, and saving and loading through it.
// The parts it is made of are described in session_fields.h (chains, goals, camera, roles,
// goal paths), session_limits.h and session_full_body.h; every one reads through the
// vocabulary of io/json/json_read.h.
//
// Index: the header (format, version, rig path), session_fields, save_session,
//        read_session_rig_path, load_session(_text)
#include "io/session/session.h"

#include <filesystem>
#include <system_error>

#include "io/files/atomic_file.h"
#include "io/files/file_paths.h"
#include "io/files/message_text.h"
#include "io/gltf/gltf_ground.h"
#include "io/json/json_output.h"
#include "io/session/session_fields.h"
#include "io/session/session_full_body.h"

namespace ik {
namespace {

constexpr const char* kFormat = "ikscope-session";
constexpr int kVersion = kSessionVersion;

// What the document's rows need besides the session: the rig (to name joints) and the
// session file's folder (rig paths are stored relative to it).
struct SessionFile {
  const Skeleton* skeleton = nullptr;
  std::string folder;
};

// ---- The header: checked before anything else, so another kind of file says so -----------

// The file's version.
int check_header(const JsonValue& doc) {
  if (!doc.json().is_object())
    doc.fail("not an ikscope session (the file is " + describe(doc.json()) + ", not an object)");
  const Json* format = doc.json().contains("format") ? &doc.json().at("format") : nullptr;
  if (format == nullptr || !format->is_string() || format->get<std::string>() != kFormat)
    doc.fail(std::string("not an ikscope session ('format' is not \"") + kFormat + "\")");
  const JsonValue version_value = doc.member("version");
  const int version = version_value.whole_number();
  if (version > kVersion)
    version_value.fail("the file is version " + std::to_string(version) + ", newer than this ikscope reads (" +
                       std::to_string(kVersion) + ")");
  if (version < 1) version_value.fail("must be at least 1, not " + std::to_string(version));
  return version;
}

// ---- The rig path: relative to the session's folder where possible, the absolute one as a
// fallback for when only the session file moved ----

void read_stored_rig_path(const JsonValue& value, Session& out, const SessionFile& env) {
  const std::string& stored = value.string();
  if (stored.empty()) value.fail("must not be empty");
  out.rig_path = resolve_in_folder(stored, env.folder);
}

// After the relative path: taken if that file is gone but this one exists.
void read_rig_path_fallback(const JsonValue& value, Session& out, const SessionFile&) {
  const std::string& fallback = value.string();
  std::error_code ec;
  if (!std::filesystem::exists(out.rig_path, ec) && !fallback.empty() && std::filesystem::exists(fallback, ec))
    out.rig_path = fallback;
}

// ---- The chains and the full-body mark each carries ----

void read_chains(const JsonValue& value, Session& out, const SessionFile& env) {
  for (size_t c = 0, n = value.array(); c < n; ++c) {
    Chain chain;
    ChainFile chain_env{env.skeleton, false};
    read_fields(value.element(c), chain_fields(), chain, chain_env);
    out.chains.push_back(std::move(chain));
    out.disabled_by_full_body.push_back(chain_env.disabled_by_full_body ? 1 : 0);
  }
}

Json chains_json(const Session& session, const SessionFile& env) {
  Json chains = Json::array();
  for (size_t c = 0; c < session.chains.size(); ++c) {
    const bool marked = c < session.disabled_by_full_body.size() && session.disabled_by_full_body[c] != 0;
    chains.push_back(write_fields(chain_fields(), session.chains[c], ChainFile{env.skeleton, marked}));
  }
  return chains;
}

// Every chain that follows a path follows one of its own recorded paths.
void check_followed_paths(const JsonValue& doc, const Session& session) {
  for (size_t c = 0; c < session.chains.size(); ++c) {
    const Chain& chain = session.chains[c];
    if (chain.motion != Chain::Motion::path) continue;
    bool found = false;
    for (const SessionGoalPath& entry : session.goal_paths)
      found = found || (entry.chain == static_cast<int>(c) && entry.path.name == chain.follow_path);
    if (!found)
      doc.member("chains")
          .element(c)
          .member("goal_motion")
          .member("path")
          .fail("chain " + std::to_string(c) + " has no goal path named '" + chain.follow_path + "'");
  }
}

// ---- The document ----

using DocumentRow = JsonField<Session, const SessionFile>;

// A row written always, read by nothing (check_header has read it, or it only informs).
DocumentRow written_only(const char* key, Json (*write)(const Session&, const SessionFile&)) {
  return DocumentRow::custom(
      key, kOptional, [](const JsonValue&, Session&, const SessionFile&) {}, write);
}

const JsonFields<Session, const SessionFile>& session_fields() {
  static const JsonFields<Session, const SessionFile> fields{
      {
          written_only("format", [](const Session&, const SessionFile&) { return Json(kFormat); }),
          written_only("version", [](const Session&, const SessionFile&) { return Json(kVersion); }),
          DocumentRow::custom(
              "rig_path", kRequired, read_stored_rig_path,
              [](const Session& in, const SessionFile& env) { return path_from_folder(in.rig_path, env.folder); }),
          DocumentRow::custom("rig_path_absolute", kOptional, read_rig_path_fallback,
                              [](const Session& in, const SessionFile&) { return absolute_path(in.rig_path); }),
          // Informative: the rig's joints when saved.
          written_only("joint_count",
                       [](const Session&, const SessionFile& env) { return Json(env.skeleton->joint_count()); }),
          DocumentRow::custom(
              "camera", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile&) {
                read_fields(v, camera_fields(), out.camera);
                out.has_camera = true;
              },
              [](const Session& in, const SessionFile&) { return write_fields(camera_fields(), in.camera); },
              [](const Session& in, const SessionFile&) { return in.has_camera; }),
          DocumentRow::custom("chains", kOptional, read_chains, chains_json),
          DocumentRow::custom(
              "roles", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile& env) {
                out.roles = read_roles(v, *env.skeleton);
                out.has_roles = true;
              },
              [](const Session& in, const SessionFile& env) { return roles_json(in.roles, *env.skeleton); },
              [](const Session& in, const SessionFile&) { return in.has_roles; }),
          DocumentRow::custom(
              "goal_paths", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile&) {
                out.goal_paths = read_goal_paths(v, out.chains.size());
              },
              [](const Session& in, const SessionFile&) { return goal_paths_json(in.goal_paths); },
              [](const Session& in, const SessionFile&) { return !in.goal_paths.empty(); }),
          DocumentRow::custom(
              "joint_limits", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile& env) {
                out.joint_limits = read_joint_limits(v, *env.skeleton);
              },
              [](const Session& in, const SessionFile& env) {
                return joint_limits_json(in.joint_limits, *env.skeleton);
              },
              [](const Session& in, const SessionFile&) { return !in.joint_limits.empty(); }),
          DocumentRow::custom(
              "full_body", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile&) {
                out.full_body = read_full_body_settings(v);
                out.has_full_body = true;
              },
              [](const Session& in, const SessionFile&) { return full_body_settings_json(in.full_body); }),
          DocumentRow::custom(
              "contacts", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile& env) {
                out.contacts = read_contacts(v, *env.skeleton);
                out.has_contacts = true;
              },
              [](const Session& in, const SessionFile& env) { return contacts_json(in.contacts, *env.skeleton); },
              [](const Session& in, const SessionFile&) { return in.has_contacts; }),
          DocumentRow::custom(
              "ground", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile& env) {
                // A mesh's file is written relative to the session, read from beside it.
                std::string problem;
                const std::string spec =
                    is_ground_file(v.string()) ? resolve_in_folder(v.string(), env.folder) : v.string();
                if (!read_ground_spec(spec, out.ground, problem)) v.fail(problem);
                out.has_ground = true;
              },
              [](const Session& in, const SessionFile& env) {
                return in.ground.kind == GroundKind::mesh ? path_from_folder(in.ground.source, env.folder)
                                                          : ground_spec(in.ground);
              },
              [](const Session& in, const SessionFile&) { return in.has_ground; }),
          DocumentRow::custom(
              "motions", kOptional,
              [](const JsonValue& v, Session& out, const SessionFile& env) {
                out.motions = read_motions(v, env.folder);
              },
              [](const Session& in, const SessionFile& env) { return motions_json(in.motions, env.folder); },
              [](const Session& in, const SessionFile&) { return !in.motions.empty(); }),
      },
      [](const JsonValue& doc, Session& out, const SessionFile&) { check_followed_paths(doc, out); }};
  return fields;
}

Session read_session(const JsonValue& doc, const SessionFile& env) {
  Session session;
  session.version = check_header(doc);
  read_fields(doc, session_fields(), session, env);
  return session;
}

// Keys and names come from the file: a key holding a newline must not split a message.
void append_one_line(const std::vector<std::string>& notes, std::vector<std::string>* out) {
  if (out != nullptr)
    for (const std::string& note : notes) out->push_back(one_line(note));
}

}  // namespace

bool save_session(const std::string& path, const Skeleton& skeleton, const Session& session, std::string& error) {
  if (session.rig_path.empty()) {
    error = path + ": cannot save: the session names no rig file";
    return false;
  }
  if (is_same_file(path, session.rig_path)) {
    error = path + ": is the rig file itself; save the session under another name";
    return false;
  }
  const SessionFile env{&skeleton, folder_of_file(path)};
  const Json doc = write_fields(session_fields(), session, env);
  // The load-time checks, on what is about to be written: a saved file always loads.
  JsonReader check(path + ": cannot save");
  if (!read_json(
          doc, check, [&](const JsonValue& root) { read_session(root, env); }, error)) {
    error = one_line(error);
    return false;
  }
  return app::write_file_atomically(path, dump_readable(doc) + "\n", error);
}

bool read_session_rig_path(const std::string& path, std::string& rig_path, std::string& error) {
  std::string text;
  Json doc;
  if (!read_file_bytes(path, text, error)) return false;
  if (!parse_json(text, path, doc, error)) {
    error = one_line(error);
    return false;
  }
  JsonReader reader(path);
  const SessionFile env{nullptr, folder_of_file(path)};
  Session session;
  const bool read = read_json(
      doc, reader,
      [&](const JsonValue& root) {
        check_header(root);
        read_stored_rig_path(root.member("rig_path"), session, env);
        if (const std::optional<JsonValue> fallback = root.find("rig_path_absolute"))
          read_rig_path_fallback(*fallback, session, env);
      },
      error);
  if (!read) {
    error = one_line(error);
    return false;
  }
  rig_path = session.rig_path;
  return true;
}

bool load_session(const std::string& path, const Skeleton& skeleton, Session& session, std::string& error,
                  std::vector<std::string>* warnings) {
  std::string text;
  if (!read_file_bytes(path, text, error)) return false;
  return load_session_text(text, path, folder_of_file(path), skeleton, session, error, warnings);
}

bool load_session_text(const std::string& text, const std::string& name, const std::string& folder,
                       const Skeleton& skeleton, Session& session, std::string& error,
                       std::vector<std::string>* warnings) {
  Json doc;
  if (!parse_json(text, name, doc, error)) {
    error = one_line(error);
    return false;
  }
  JsonReader reader(name);
  Session loaded;
  const SessionFile env{&skeleton, folder};
  if (!read_json(
          doc, reader, [&](const JsonValue& root) { loaded = read_session(root, env); }, error)) {
    error = one_line(error);
    return false;
  }
  session = std::move(loaded);
  append_one_line(reader.warnings(), warnings);
  return true;
}

}  // namespace ik
