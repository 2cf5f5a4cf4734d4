// Field tables: a struct's fields as a file holds them, described once, as Dear ImGui's .ini
// handlers are one table. A row says the key, how the value is read and written, whether
// it is required, and (for the rows made from a member) the Bound it is read within; its
// default is the member's in a default-constructed struct, as the param table's defaults are
// (solvers/scene/solver_table.h). The writer, the unknown-key check and the reader all walk
// the same rows, so a new field is one row:
//
//   JsonFields<Goal> fields{{
//       JsonField<Goal>::member("position", &Goal::position, within(kMaxGoalCoordinate), kRequired),
//       JsonField<Goal>::member("scale", &Goal::scale),
//   }};
//   Json out = write_fields(fields, goal);               // {"position": [...], "scale": 1}
//   read_fields(value, fields, goal);                    // value: a JsonValue (json_read.h)
//
// `Env` is what a row needs besides the struct (the rig, to name joints; what a row reads
// into outside the struct); read gets it to change, write to look at.
//
// Index: JsonField (member rows, custom rows), JsonFields, read_fields, write_fields
#pragma once

#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/json/json_output.h"
#include "io/json/json_read.h"

namespace ik {

struct NoEnv {};

template <typename S, typename Env>
struct JsonFields;

enum Need : bool { kOptional = false, kRequired = true };

// ---- One value of each member type: read within a bound, written in short form ----
inline void read_member(const JsonValue& v, float& out, const Bound& bound) { out = v.number(bound); }
inline void read_member(const JsonValue& v, int& out, const Bound& bound) { out = v.whole_number(bound); }
inline void read_member(const JsonValue& v, bool& out, const Bound&) { out = v.boolean(); }
inline void read_member(const JsonValue& v, glm::vec3& out, const Bound& bound) { out = v.vec3(bound); }
inline void read_member(const JsonValue& v, glm::quat& out, const Bound&) { out = v.quat_xyzw(); }
inline void read_member(const JsonValue& v, std::string& out, const Bound&) { out = v.string(); }
inline Json write_member(float value) { return json_float(value); }
inline Json write_member(int value) { return value; }
inline Json write_member(bool value) { return value; }
inline Json write_member(const glm::vec3& value) { return json_vec3(value); }
inline Json write_member(const glm::quat& value) { return json_quat_xyzw(value); }
inline Json write_member(const std::string& value) { return value; }

template <typename S, typename Env = NoEnv>
struct JsonField {
  using Read = std::function<void(const JsonValue& value, S& out, Env& env)>;
  using Write = std::function<Json(const S& in, const Env& env)>;
  using Written = std::function<bool(const S& in, const Env& env)>;

  const char* key;
  Need need = kOptional;
  Read read;
  Write write;
  Written written;  // empty: always written; else written only when it says so

  // The member `m`, read within `bound` (booleans, quaternions and strings have none).
  template <typename T>
  static JsonField member(const char* key, T S::*m, const Bound& bound = kAnyFinite, Need need = kOptional) {
    return {key, need, [m, bound](const JsonValue& v, S& out, Env&) { read_member(v, out.*m, bound); },
            [m](const S& in, const Env&) { return write_member(in.*m); }, {}};
  }
  // A vec3 member read as a direction within `bound` (JsonValue::direction), or as a unit
  // one (unit_direction, any finite direction) when `bound` is null.
  static JsonField direction(const char* key, glm::vec3 S::*m, const Bound* bound, Need need = kOptional) {
    return {key, need,
            [m, bound](const JsonValue& v, S& out, Env&) {
              out.*m = bound != nullptr ? v.direction(*bound) : v.unit_direction();
            },
            [m](const S& in, const Env&) { return write_member(in.*m); }, {}};
  }
  // A member that is itself a struct with a table of its own (NoEnv).
  template <typename T>
  static JsonField nested(const char* key, T S::*m, const JsonFields<T, NoEnv>& fields, Need need = kOptional);
  // Anything else: its own read and write.
  static JsonField custom(const char* key, Need need, Read read, Write write, Written written = {}) {
    return {key, need, std::move(read), std::move(write), std::move(written)};
  }
};

template <typename S, typename Env = NoEnv>
struct JsonFields {
  std::vector<JsonField<S, Env>> rows;
  // Rules across fields, after every row has been read (`object` is the struct's value).
  std::function<void(const JsonValue& object, S& out, Env& env)> check;
};

// Reads `object`'s members into `out` row by row, in the table's order (a row may rely on
// the ones above it); absent optional members keep what `out` holds. Members no row knows
// are warned about first.
// (The table alone says what Env is: `env` is not deduced.)
template <typename S, typename Env>
void read_fields(const JsonValue& object, const JsonFields<S, Env>& fields, S& out, std::enable_if_t<true, Env>& env) {
  object.object();
  std::vector<const char*> known;
  for (const JsonField<S, Env>& row : fields.rows) known.push_back(row.key);
  object.note_unknown_keys(known);
  for (const JsonField<S, Env>& row : fields.rows) {
    if (row.need == kRequired) {
      row.read(object.member(row.key), out, env);
    } else if (const std::optional<JsonValue> value = object.find(row.key)) {
      row.read(*value, out, env);
    }
  }
  if (fields.check) fields.check(object, out, env);
}

template <typename S>
void read_fields(const JsonValue& object, const JsonFields<S, NoEnv>& fields, S& out) {
  NoEnv none;
  read_fields(object, fields, out, none);
}

// `in` as an object, the rows in the table's order.
template <typename S, typename Env>
Json write_fields(const JsonFields<S, Env>& fields, const S& in, const std::enable_if_t<true, Env>& env) {
  Json out = Json::object();
  for (const JsonField<S, Env>& row : fields.rows)
    if (!row.written || row.written(in, env)) out[row.key] = row.write(in, env);
  return out;
}

template <typename S>
Json write_fields(const JsonFields<S, NoEnv>& fields, const S& in) {
  return write_fields(fields, in, NoEnv{});
}

template <typename S, typename Env>
template <typename T>
JsonField<S, Env> JsonField<S, Env>::nested(const char* key, T S::*m, const JsonFields<T, NoEnv>& fields, Need need) {
  return {key, need, [m, &fields](const JsonValue& v, S& out, Env&) { read_fields(v, fields, out.*m); },
          [m, &fields](const S& in, const Env&) { return write_fields(fields, in.*m); }, {}};
}

}  // namespace ik
