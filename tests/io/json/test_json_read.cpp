// The reading vocabulary (io/json/json_read.h) and field tables (io/json/json_fields.h): one
// message style, "KEY PATH: problem, not VALUE", bounds checked on the float, warnings in the
// same words, and a table that writes, checks keys and reads from one list of rows.
#include <gtest/gtest.h>

#include "io/json/json_fields.h"
#include "io/json/json_read.h"

namespace {

using ik::Json;
using ik::JsonReader;
using ik::JsonValue;

// The problem `read` finds in `text` (parsed), "" if none.
template <typename Read>
std::string problem_in(const std::string& text, Read&& read) {
  const Json doc = Json::parse(text);
  JsonReader reader("f.json");
  std::string error;
  if (ik::read_json(doc, reader, read, error)) return "";
  return error;
}

TEST(JsonRead, NumbersAreWrittenShort) {
  EXPECT_EQ(ik::number_text(0.1f), "0.1");
  EXPECT_EQ(ik::number_text(4.0f), "4");
  EXPECT_EQ(ik::number_text(100.0f), "100");
  EXPECT_EQ(ik::number_text(16777216.0f), "16777216");
  EXPECT_EQ(ik::number_text(1e18f), "1e18");
  EXPECT_EQ(ik::number_text(1e9f), "1e9");
  EXPECT_EQ(ik::number_text(1.5e9f), "1.5e9");
  EXPECT_EQ(ik::number_text(1e-5f), "1e-5");
  EXPECT_EQ(ik::number_text(0.0001f), "0.0001");
  EXPECT_EQ(ik::number_text(-2.5f), "-2.5");
  EXPECT_EQ(ik::number_text(0.0f), "0");
  EXPECT_EQ(ik::number_text(3.14159265f), "3.1415927");
}

TEST(JsonRead, ValuesAreDescribed) {
  EXPECT_EQ(ik::describe(Json(nullptr)), "null");
  EXPECT_EQ(ik::describe(Json(true)), "true");
  EXPECT_EQ(ik::describe(Json(2.5)), "the number 2.5");
  EXPECT_EQ(ik::describe(Json("x")), "a string");
  EXPECT_EQ(ik::describe(Json::array({1, 2})), "an array of 2");
  EXPECT_EQ(ik::describe(Json::object()), "an object");
  EXPECT_EQ(ik::value_text(Json(-5e19)), "-5e+19");
  EXPECT_EQ(ik::value_text(Json(std::nan(""))), "NaN");
  EXPECT_EQ(ik::value_text(Json(-HUGE_VAL)), "-infinity");
}

TEST(JsonRead, BoundsSayThemselves) {
  EXPECT_EQ(ik::kAnyFinite.text(), "a finite number");
  EXPECT_EQ(ik::within(1e18f).text(), "within ±1e18");
  EXPECT_EQ(ik::from_to(0.0f, 1.0f).text(), "from 0 to 1");
  EXPECT_EQ(ik::from_to(0.0f, 3.1415927f, "from 0 to pi").text(), "from 0 to pi");
  EXPECT_EQ(ik::at_least(0.0f).text(), "at least 0");
  EXPECT_EQ(ik::above(0.0f).text(), "positive");
  EXPECT_EQ(ik::above(2.0f).text(), "above 2");
  EXPECT_TRUE(ik::above(0.0f).contains(1e-30f));
  EXPECT_FALSE(ik::above(0.0f).contains(0.0f));
  EXPECT_FALSE(ik::kAnyFinite.contains(std::nanf("")));
  EXPECT_FALSE(ik::kAnyFinite.contains(HUGE_VALF));
}

TEST(JsonRead, EachProblemIsOneLineNamingTheFileAndTheKey) {
  const auto position = [](const JsonValue& root) { root.member("goal").member("position").vec3(ik::within(1e18f)); };
  EXPECT_EQ(problem_in(R"({"goal": {"position": [0, 1, 2]}})", position), "");
  EXPECT_EQ(problem_in(R"({"goal": {"position": [-0.66, 1.44, -5e19]}})", position),
            "f.json: goal.position[2]: must be within ±1e18, not -5e+19");
  EXPECT_EQ(problem_in(R"({"goal": {"position": [0, null, 2]}})", position),
            "f.json: goal.position[1]: must be a number, not null");
  EXPECT_EQ(problem_in(R"({"goal": {"position": [0, 1]}})", position),
            "f.json: goal.position: must be an array of 3 numbers, not an array of 2");
  EXPECT_EQ(problem_in(R"({"goal": {}})", position), "f.json: goal: missing 'position'");
  EXPECT_EQ(problem_in(R"({"goal": 3})", position), "f.json: goal: must be an object, not the number 3");
  EXPECT_EQ(problem_in("[1]", position), "f.json: must be an object, not an array of 1");
}

TEST(JsonRead, ScalarsOfEachKind) {
  const auto whole = [](const JsonValue& root) { root.member("n").whole_number(ik::from_to(1.0f, 256.0f)); };
  EXPECT_EQ(problem_in(R"({"n": 256})", whole), "");
  EXPECT_EQ(problem_in(R"({"n": 257})", whole), "f.json: n: must be a whole number from 1 to 256, not 257");
  EXPECT_EQ(problem_in(R"({"n": 2.5})", whole), "f.json: n: must be a whole number from 1 to 256, not the number 2.5");
  EXPECT_EQ(problem_in(R"({"n": 1e30})", [](const JsonValue& r) { r.member("n").whole_number(); }),
            "f.json: n: must be a whole number within ±16777216, not 1e+30");
  EXPECT_EQ(problem_in(R"({"b": 1})", [](const JsonValue& r) { r.member("b").boolean(); }),
            "f.json: b: must be true or false, not the number 1");
  EXPECT_EQ(problem_in(R"({"s": []})", [](const JsonValue& r) { r.member("s").string(); }),
            "f.json: s: must be a string, not an array of 0");
  EXPECT_EQ(problem_in(R"({"x": 1e39})", [](const JsonValue& r) { r.member("x").number(); }),
            "f.json: x: must be a finite number, not 1e+39");
  EXPECT_EQ(problem_in(R"({"k": "ball"})", [](const JsonValue& r) { r.member("k").one_of("kind", {"hinge", "cone"}); }),
            "f.json: k: unknown kind 'ball' (known: hinge, cone)");
}

TEST(JsonRead, DirectionsAndQuaternionsAreNotZero) {
  const Json doc = Json::parse(R"({"q": [0, 0, 0, 2], "big": [3e38, 3e38, 0, 0], "unit": [0, 0.6, 0, 0.8],
                                   "d": [0, 3, 4], "zero": [0, 0, 0]})");
  JsonReader reader("f.json");
  const JsonValue root(doc, "", reader);
  EXPECT_EQ(root.member("q").quat_xyzw(), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  const glm::quat big = root.member("big").quat_xyzw();
  EXPECT_NEAR(glm::length(big), 1.0f, 1e-6f);
  EXPECT_EQ(root.member("unit").quat_xyzw(), glm::quat(0.8f, 0.0f, 0.6f, 0.0f));  // kept bit for bit
  EXPECT_EQ(root.member("d").direction(), glm::vec3(0, 3, 4));
  EXPECT_EQ(root.member("d").unit_direction(), glm::vec3(0, 0.6f, 0.8f));
  EXPECT_EQ(problem_in(R"({"zero": [0, 0, 0]})", [](const JsonValue& r) { r.member("zero").direction(); }),
            "f.json: zero: must be a non-zero direction");
  EXPECT_EQ(problem_in(R"({"q": [0, 0, 0, 0]})", [](const JsonValue& r) { r.member("q").quat_xyzw(); }),
            "f.json: q: must not be a zero quaternion");
}

TEST(JsonRead, WarningsSayWhatIsKept) {
  const Json doc = Json::parse(R"({"stiffness": "high", "colour": "red"})");
  JsonReader reader("f.json");
  const JsonValue root(doc, "", reader);
  float stiffness = 4.0f;
  EXPECT_FALSE(ik::warn_instead(reader, "the default 4 is kept",
                                [&] { stiffness = root.member("stiffness").number(ik::from_to(0.1f, 100.0f)); }));
  EXPECT_EQ(stiffness, 4.0f);
  root.note_unknown_keys({"stiffness"});
  EXPECT_EQ(reader.warnings(), (std::vector<std::string>{"stiffness: must be a number, not a string; the default 4 is kept",
                                                         "colour: unknown, ignored"}));
}

TEST(JsonRead, InvalidJsonSaysWhere) {
  Json doc;
  std::string error;
  EXPECT_FALSE(ik::parse_json("{\"a\": ", "f.json", doc, error));
  EXPECT_EQ(error.rfind("f.json: invalid JSON: parse error at line 1, column ", 0), 0u) << error;
}

// ---- Field tables -------------------------------------------------------------------------------

struct Probe {
  glm::vec3 at{0.0f};
  float weight = 1.0f;
  bool on = false;
  int count = 0;
};

const ik::JsonFields<Probe>& probe_fields() {
  using Row = ik::JsonField<Probe>;
  static const ik::JsonFields<Probe> fields{
      {
          Row::member("at", &Probe::at, ik::within(10.0f), ik::kRequired),
          Row::member("weight", &Probe::weight, ik::at_least(0.0f)),
          Row::member("on", &Probe::on),
          Row::custom(
              "count", ik::kOptional, [](const JsonValue& v, Probe& out, ik::NoEnv&) { out.count = v.whole_number(); },
              [](const Probe& in, const ik::NoEnv&) { return in.count; },
              [](const Probe& in, const ik::NoEnv&) { return in.count != 0; }),
      },
      [](const JsonValue& object, Probe& out, ik::NoEnv&) {
        if (out.on && out.weight == 0.0f) object.fail("an 'on' probe needs a weight");
      }};
  return fields;
}

TEST(JsonFields, OneTableWritesChecksKeysAndReads) {
  Probe probe;
  probe.at = {1.0f, 2.0f, 0.1f};
  probe.on = true;
  const Json written = ik::write_fields(probe_fields(), probe);
  EXPECT_EQ(written.dump(), R"({"at":[1.0,2.0,0.1],"weight":1.0,"on":true})");  // count 0: not written

  Json doc = written;
  doc["count"] = 3;
  doc["extra"] = 1;
  JsonReader reader("f.json");
  Probe read;
  ik::read_fields(JsonValue(doc, "probe", reader), probe_fields(), read);
  EXPECT_EQ(read.at, probe.at);
  EXPECT_TRUE(read.on);
  EXPECT_EQ(read.count, 3);
  EXPECT_EQ(reader.warnings(), std::vector<std::string>{"probe.extra: unknown, ignored"});

  const auto read_probe = [](const JsonValue& root) {
    Probe p;
    ik::read_fields(root, probe_fields(), p);
  };
  EXPECT_EQ(problem_in(R"({"weight": 1})", read_probe), "f.json: missing 'at'");
  EXPECT_EQ(problem_in(R"({"at": [0, 11, 0]})", read_probe), "f.json: at[1]: must be within ±10, not 11");
  EXPECT_EQ(problem_in(R"({"at": [0, 0, 0], "weight": -1})", read_probe), "f.json: weight: must be at least 0, not -1");
  EXPECT_EQ(problem_in(R"({"at": [0, 0, 0], "weight": 0, "on": true})", read_probe),
            "f.json: an 'on' probe needs a weight");
}

}  // namespace
