// The one vocabulary the readers of the user's JSON files speak (sessions and their
// sections): where a value is, what it must be, and one way to say that it is not.
//
// A JsonValue is a value of a parsed document together with its key path
// ("chains[2].goal.position") and the JsonReader it is read for, which knows the file's name
// and collects the warnings. Its getters check the value's shape (an object, an array of 3
// numbers, a whole number, ...) and its Bound, and on the first fault throw a JsonProblem
// "KEY PATH: problem", so a reader reads as a straight list of fields; read_json() catches
// it and reports one line:
//
//   FILE: KEY PATH: problem, not VALUE      "s.json: chains[0].goal.position[2]: must be
//                                            within ±1e18, not -5e+19"
//
// VALUE is the file's own number when a number is out of its bound, else what the value is
// ("not a string", "not the number 2.5", "not an array of 2"). A part of a file that may be
// wrong without costing the rest (a joint limit, a full-body setting) reads through
// warn_instead(): its problem becomes one warning in the same words, "KEY PATH: problem;
// CONSEQUENCE" ("full_body.balance: must be true or false, not a string; the default true
// is kept"). Warnings do not name the file: the program puts its name in front of the
// status line they end up in. Unknown keys are warnings too ("chains[0].colour: unknown,
// ignored"): a newer ikscope may have written them.
//
// Bounds are the library's own (kMaxGoalCoordinate, the param table's ranges, ...), passed in
// by the reader that knows which one a value has: this file holds no bound of its own but
// the float range and the whole numbers a float holds exactly.
//
// Keys and strings come from the file and may hold newlines: whoever hands an error or a
// warning on passes it through one_line (io/files/message_text.h, which io/json, beside
// io/files in the layers, does not include).
//
// Numbers are read as floats, as the library holds them, and a bound is checked on the
// float, as the library checks it: a value past float's range is "not finite".
//
// Index: Bound, describe / number_text / value_text, JsonProblem, JsonReader, JsonValue
//        (members, shapes, values, problems), parse_json, read_json, warn_instead
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace ik {

using Json = nlohmann::ordered_json;

// ---- Bounds -------------------------------------------------------------------------------

// The numbers a value may take: [min, max] (min excluded when `above_min`), both finite, so
// NaN and infinity are never inside. `words` says it in a message instead of the numbers
// ("from -pi to pi"). Build one with the functions below.
struct Bound {
  float min = -std::numeric_limits<float>::max();
  float max = std::numeric_limits<float>::max();
  bool above_min = false;
  const char* words = nullptr;

  bool contains(float value) const { return (above_min ? value > min : value >= min) && value <= max; }
  // "a finite number", "within ±1e18", "from 0 to 1", "at least 0", "positive", "above 2".
  std::string text() const;
};

// Any finite float.
inline constexpr Bound kAnyFinite{};
// The whole numbers a float holds exactly (the param table passes integers as floats).
inline constexpr Bound kWholeFloats{-16777216.0f, 16777216.0f, false, nullptr};

inline constexpr Bound within(float limit) { return Bound{-limit, limit, false, nullptr}; }
inline constexpr Bound from_to(float min, float max, const char* words = nullptr) {
  return Bound{min, max, false, words};
}
inline constexpr Bound at_least(float min) { return Bound{min, std::numeric_limits<float>::max(), false, nullptr}; }
inline constexpr Bound above(float min) { return Bound{min, std::numeric_limits<float>::max(), true, nullptr}; }

// ---- Words for values -----------------------------------------------------------------------

// What a value is, for messages: "null", "true", "the number 2.5", "a string", "an array of
// 2", "an object".
std::string describe(const Json& value);

// A float in the fewest digits that give it back, exponents without '+' or leading zeros:
// 0.1, 4, 16777216, 1e18, 1e-5. For bounds and defaults in messages.
std::string number_text(float value);

// A number as the file wrote it ("-5e+19", "2.5"; NaN and infinities, which a document built
// in memory may hold, as "NaN", "infinity", "-infinity").
std::string value_text(const Json& number);

// ---- Problems and the reader ------------------------------------------------------------------

// "KEY PATH: problem" (just the problem at the document's root).
struct JsonProblem {
  std::string text;
};

// What every value of one document shares: the name that heads its errors (the file's
// path, or "s.json: cannot save" when a save checks what it writes) and its warnings.
class JsonReader {
 public:
  explicit JsonReader(std::string name) : name_(std::move(name)) {}
  const std::string& name() const { return name_; }
  void warn(const std::string& text) { warnings_.push_back(text); }
  const std::vector<std::string>& warnings() const { return warnings_; }
  // "NAME: KEY PATH: problem".
  std::string error_text(const JsonProblem& problem) const { return name_ + ": " + problem.text; }

 private:
  std::string name_;
  std::vector<std::string> warnings_;
};

class JsonValue {
 public:
  JsonValue(const Json& json, std::string path, JsonReader& reader)
      : json_(&json), path_(std::move(path)), reader_(&reader) {}

  const Json& json() const { return *json_; }
  const std::string& path() const { return path_; }
  JsonReader& reader() const { return *reader_; }

  // ---- Members and elements ----
  // The member `key` of this object; missing: "PATH: missing 'key'". Fails unless an object.
  JsonValue member(const char* key) const;
  // The member `key` if this object has it. Fails unless an object.
  std::optional<JsonValue> find(const char* key) const;
  // Element `i` of this array (i < its size).
  JsonValue element(std::size_t i) const;

  // ---- Shapes ----
  void object() const;                        // "must be an object, not ..."
  std::size_t array() const;                  // "must be an array, not ..."; the size
  // An array of `size` elements: "must be an array of 3 numbers, not an array of 2" (`of`
  // names the elements: "numbers", "positions (one per time)").
  void array_of(std::size_t size, const char* of) const;

  // ---- Values ----
  float number(const Bound& bound = kAnyFinite) const;
  int whole_number(const Bound& bound = kWholeFloats) const;
  bool boolean() const;
  const std::string& string() const;
  glm::vec2 vec2(const Bound& bound = kAnyFinite) const;  // [x, y], each within `bound`
  glm::vec3 vec3(const Bound& bound = kAnyFinite) const;  // [x, y, z], each within `bound`
  // A vec3 within `bound` that is not zero (its squared length, in float, above 0: what a
  // solver reads as a direction), as written.
  glm::vec3 direction(const Bound& bound = kAnyFinite) const;
  // The same made unit; kept bit for bit when already unit to float precision.
  glm::vec3 unit_direction() const;
  // [x, y, z, w], finite and not zero, made unit (kept bit for bit when already unit to
  // float precision, so a loaded goal solves exactly as saved).
  glm::quat quat_xyzw() const;
  // The index of `text` among `names`: "unknown WHAT 'x' (known: a, b, c)".
  int one_of(const char* what, const std::vector<std::string>& names) const;

  // ---- Problems ----
  [[noreturn]] void fail(const std::string& problem) const;
  // A warning about this value: "PATH: problem".
  void warn(const std::string& problem) const;
  // Warns "PATH.key: unknown, ignored" for every member not in `known`.
  void note_unknown_keys(const std::vector<const char*>& known) const;

 private:
  std::string child_path(const char* key) const;
  // "must be WHAT, not DESCRIPTION".
  [[noreturn]] void fail_not(const std::string& what) const;

  const Json* json_;
  std::string path_;
  JsonReader* reader_;
};

// ---- Documents ----------------------------------------------------------------------------------

// Parses `text`; on failure `error` is one line "NAME: invalid JSON: where".
bool parse_json(const std::string& text, const std::string& name, Json& doc, std::string& error);

// Runs read(root value) for `reader`: true, or false with `error` = reader.error_text(the
// problem).
template <typename Read>
bool read_json(const Json& doc, JsonReader& reader, Read&& read, std::string& error) {
  try {
    read(JsonValue(doc, "", reader));
  } catch (const JsonProblem& problem) {
    error = reader.error_text(problem);
    return false;
  }
  return true;
}

// Runs read() for a part of a file that may be wrong alone: a problem becomes the warning
// "KEY PATH: problem; CONSEQUENCE" and the result false. `consequence` is a string, or a
// function giving it once a problem is found (it may depend on what read() got to).
template <typename Consequence, typename Read>
bool warn_instead(JsonReader& reader, const Consequence& consequence, Read&& read) {
  try {
    read();
  } catch (const JsonProblem& problem) {
    if constexpr (std::is_invocable_v<const Consequence&>)
      reader.warn(problem.text + "; " + consequence());
    else
      reader.warn(problem.text + "; " + consequence);
    return false;
  }
  return true;
}

}  // namespace ik
