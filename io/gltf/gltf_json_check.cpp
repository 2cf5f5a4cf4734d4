// glTF's JSON before tinygltf sees it (gltf_json_check.h): parsed with nlohmann::json and
// checked for the types and shapes tinygltf would read as "absent" or index out of bounds.
//
// Index:
//   Values                 quoted, describe, is_index, is_count
//   Checker                fail, then one check per kind of value: optional_string, optional_index,
//                          index_array, number_array, array_of_objects, array_of_strings
//   Parts of the document  array_or_empty, check_asset, check_nodes, check_skins_and_scenes, check_buffers
//                          (buffers, bufferViews and images)
//   Parsing                nesting_depth, parse_json_text
//   The checks             check_gltf_json (the list below, part by part)
//   Required extensions    required_extensions, skeleton_only_json (the document of the skeleton-only load)
#include "io/gltf/gltf_json_check.h"

#include <algorithm>
#include <climits>
#include <cstdint>

#include "io/files/message_text.h"

// What check_gltf_json checks (everything else is left to tinygltf):
//   root         an object, with `asset` an object whose `version` is a string "2..."
//   top level    nodes, skins, scenes, buffers, bufferViews, images, accessors, meshes,
//                materials, textures, samplers, animations, cameras: arrays of objects;
//                extensionsUsed, extensionsRequired: arrays of strings; scene: an index
//   scenes[i]    nodes: array of indices; name: string
//   nodes[i]     name: string; children: array of indices; skin, mesh, camera: index;
//                matrix: 16 numbers; translation: 3; rotation: 4; scale: 3;
//                weights: numbers. (Both a matrix and TRS: a warning, the matrix wins,
//                as in tinygltf.)
//   skins[i]     joints (required): array of indices; skeleton, inverseBindMatrices:
//                index; name: string
//   buffers[i]   byteLength (required): a whole number >= 1; uri: string
//   bufferViews  buffer (required): an index of an existing buffer; byteOffset >= 0 and
//                byteLength >= 1, together inside that buffer's byteLength
//   images[i]    bufferView: an index of an existing bufferView; uri: string
// An index is a whole number from 0 to INT_MAX (tinygltf stores indices as int).
// Index *ranges* against the node count are checked later, on the loaded model.

namespace ik {
namespace {

using nlohmann::json;

// --- Values ------------------------------------------------------------------------------

std::string quoted_key(const std::string& key) { return "'" + key + "'"; }

// A short description of a JSON value for messages: its type, or the number itself.
std::string describe_gltf_value(const json& v) {
  if (v.is_number()) return "the number " + one_line(v.dump(), 40);
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  if (v.is_boolean()) return "a boolean";
  return "null";
}

bool is_index(const json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX);
  if (v.is_number_integer()) {
    const std::int64_t i = v.get<std::int64_t>();
    return i >= 0 && i <= INT_MAX;
  }
  return false;
}

// A whole number >= `min_value` that fits in 53 bits (so sums cannot overflow).
bool is_count(const json& v, std::uint64_t min_value) {
  if (!v.is_number_unsigned()) return false;
  const std::uint64_t n = v.get<std::uint64_t>();
  return n >= min_value && n <= (std::uint64_t{1} << 53);
}

// --- Checker -----------------------------------------------------------------------------

// Each check returns false and sets `problem` on the first violation. `where` names
// the object ("node 3", "skin 0", "the root").
class Checker {
 public:
  explicit Checker(std::string& problem) : problem_(problem) {}

  bool fail(const std::string& where, const std::string& what) {
    problem_ = where.empty() ? what : where + ": " + what;
    return false;
  }

  bool optional_string(const json& o, const char* key, const std::string& where) {
    const auto it = o.find(key);
    if (it == o.end() || it->is_string()) return true;
    return fail(where, quoted_key(key) + " must be a string, not " + describe_gltf_value(*it));
  }

  bool optional_index(const json& o, const char* key, const std::string& where) {
    const auto it = o.find(key);
    if (it == o.end() || is_index(*it)) return true;
    return fail(where, quoted_key(key) + " must be an index (a whole number from 0), not " + describe_gltf_value(*it));
  }

  bool index_array(const json& o, const char* key, bool required, const std::string& where) {
    const auto it = o.find(key);
    if (it == o.end()) return required ? fail(where, quoted_key(key) + " is missing") : true;
    if (!it->is_array())
      return fail(where, quoted_key(key) + " must be an array of indices, not " + describe_gltf_value(*it));
    for (std::size_t k = 0; k < it->size(); ++k)
      if (!is_index((*it)[k]))
        return fail(where, quoted_key(key) +
                               " must be an array of indices (whole numbers from 0): "
                               "element " +
                               std::to_string(k) + " is " + describe_gltf_value((*it)[k]));
    return true;
  }

  // An array of exactly `count` numbers (count 0: any length).
  bool number_array(const json& o, const char* key, std::size_t count, const std::string& where) {
    const auto it = o.find(key);
    if (it == o.end()) return true;
    const std::string shape =
        count > 0 ? "an array of " + std::to_string(count) + " numbers" : "an array of numbers";
    if (!it->is_array())
      return fail(where, quoted_key(key) + " must be " + shape + ", not " + describe_gltf_value(*it));
    if (count > 0 && it->size() != count)
      return fail(where, quoted_key(key) + " must be " + shape + ", not an array of " + std::to_string(it->size()));
    for (std::size_t k = 0; k < it->size(); ++k)
      if (!(*it)[k].is_number())
        return fail(where, quoted_key(key) + " must be " + shape + ": element " + std::to_string(k) + " is " +
                               describe_gltf_value((*it)[k]));
    return true;
  }

  // `doc[key]`, if present, must be an array whose elements are objects.
  bool array_of_objects(const json& doc, const char* key) {
    const auto it = doc.find(key);
    if (it == doc.end()) return true;
    if (!it->is_array()) return fail("", quoted_key(key) + " must be an array, not " + describe_gltf_value(*it));
    for (std::size_t k = 0; k < it->size(); ++k)
      if (!(*it)[k].is_object())
        return fail("", quoted_key(key) + " element " + std::to_string(k) + " must be an object, not " +
                            describe_gltf_value((*it)[k]));
    return true;
  }

  bool array_of_strings(const json& doc, const char* key) {
    const auto it = doc.find(key);
    if (it == doc.end()) return true;
    if (!it->is_array())
      return fail("", quoted_key(key) + " must be an array of strings, not " + describe_gltf_value(*it));
    for (std::size_t k = 0; k < it->size(); ++k)
      if (!(*it)[k].is_string())
        return fail("", quoted_key(key) + " must be an array of strings: element " + std::to_string(k) + " is " +
                            describe_gltf_value((*it)[k]));
    return true;
  }

 private:
  std::string& problem_;
};

// --- Parts of the document ---------------------------------------------------------------

const json& array_or_empty(const json& doc, const char* key) {
  static const json kEmpty = json::array();
  const auto it = doc.find(key);
  return it == doc.end() ? kEmpty : *it;
}

bool check_asset(const json& doc, Checker& c) {
  const auto asset = doc.find("asset");
  if (asset == doc.end()) return c.fail("", "not a glTF file: 'asset' is missing");
  if (!asset->is_object()) return c.fail("", "'asset' must be an object, not " + describe_gltf_value(*asset));
  const auto version = asset->find("version");
  if (version == asset->end()) return c.fail("", "'asset.version' is missing");
  if (!version->is_string())
    return c.fail("", "'asset.version' must be a string, not " + describe_gltf_value(*version));
  const std::string v = version->get<std::string>();
  if (v.empty() || v[0] != '2' || (v.size() > 1 && v[1] != '.'))
    return c.fail("", "glTF version '" + one_line(v, 20) + "' is not supported (only 2.x)");
  return true;
}

bool check_nodes(const json& doc, Checker& c, std::vector<std::string>& warnings) {
  const json& nodes = array_or_empty(doc, "nodes");
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const json& n = nodes[i];
    const std::string where = "node " + std::to_string(i);
    if (!c.optional_string(n, "name", where) || !c.index_array(n, "children", false, where) ||
        !c.optional_index(n, "skin", where) || !c.optional_index(n, "mesh", where) ||
        !c.optional_index(n, "camera", where) || !c.number_array(n, "matrix", 16, where) ||
        !c.number_array(n, "translation", 3, where) || !c.number_array(n, "rotation", 4, where) ||
        !c.number_array(n, "scale", 3, where) || !c.number_array(n, "weights", 0, where))
      return false;
    if (n.contains("matrix") &&
        (n.contains("translation") || n.contains("rotation") || n.contains("scale")))
      warnings.push_back(where +
                         " has both a 'matrix' and translation/rotation/scale; the matrix is used");
  }
  return true;
}

bool check_skins_and_scenes(const json& doc, Checker& c) {
  const json& skins = array_or_empty(doc, "skins");
  for (std::size_t i = 0; i < skins.size(); ++i) {
    const std::string where = "skin " + std::to_string(i);
    if (!c.optional_string(skins[i], "name", where) ||
        !c.index_array(skins[i], "joints", true, where) ||
        !c.optional_index(skins[i], "skeleton", where) ||
        !c.optional_index(skins[i], "inverseBindMatrices", where))
      return false;
  }
  const json& scenes = array_or_empty(doc, "scenes");
  for (std::size_t i = 0; i < scenes.size(); ++i) {
    const std::string where = "scene " + std::to_string(i);
    if (!c.optional_string(scenes[i], "name", where) ||
        !c.index_array(scenes[i], "nodes", false, where))
      return false;
  }
  return c.optional_index(doc, "scene", "");
}

// Buffers and views: tinygltf hands an image loader &buffer.data[view.byteOffset] without
// checking that the view lies inside the buffer, and calls data.at(0) on an empty one.
bool check_buffers(const json& doc, Checker& c) {
  const json& buffers = array_or_empty(doc, "buffers");
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const std::string where = "buffer " + std::to_string(i);
    const auto length = buffers[i].find("byteLength");
    if (length == buffers[i].end()) return c.fail(where, "'byteLength' is missing");
    if (!is_count(*length, 1))
      return c.fail(where, "'byteLength' must be a whole number from 1, not " + describe_gltf_value(*length));
    if (!c.optional_string(buffers[i], "uri", where)) return false;
  }
  const json& views = array_or_empty(doc, "bufferViews");
  for (std::size_t i = 0; i < views.size(); ++i) {
    const json& v = views[i];
    const std::string where = "bufferView " + std::to_string(i);
    const auto buffer = v.find("buffer");
    if (buffer == v.end()) return c.fail(where, "'buffer' is missing");
    if (!is_index(*buffer) || buffer->get<std::uint64_t>() >= buffers.size())
      return c.fail(where, "'buffer' must be the index of one of the file's " + std::to_string(buffers.size()) +
                               " buffers, not " + describe_gltf_value(*buffer));
    const auto offset_it = v.find("byteOffset");
    if (offset_it != v.end() && !is_count(*offset_it, 0))
      return c.fail(where, "'byteOffset' must be a whole number from 0, not " + describe_gltf_value(*offset_it));
    const auto length_it = v.find("byteLength");
    if (length_it == v.end()) return c.fail(where, "'byteLength' is missing");
    if (!is_count(*length_it, 1))
      return c.fail(where, "'byteLength' must be a whole number from 1, not " + describe_gltf_value(*length_it));
    const std::uint64_t offset = offset_it == v.end() ? 0 : offset_it->get<std::uint64_t>();
    const std::uint64_t length = length_it->get<std::uint64_t>();
    const std::uint64_t buffer_length =
        buffers[buffer->get<std::size_t>()].at("byteLength").get<std::uint64_t>();
    if (offset + length > buffer_length)  // both <= 2^53: no overflow
      return c.fail(where, "bytes " + std::to_string(offset) + " to " +
                               std::to_string(offset + length) + " run past the end of buffer " +
                               std::to_string(buffer->get<std::size_t>()) + " (" +
                               std::to_string(buffer_length) + " bytes)");
  }
  const json& images = array_or_empty(doc, "images");
  for (std::size_t i = 0; i < images.size(); ++i) {
    const std::string where = "image " + std::to_string(i);
    if (!c.optional_string(images[i], "uri", where)) return false;
    const auto view = images[i].find("bufferView");
    if (view == images[i].end()) continue;
    if (!is_index(*view) || view->get<std::uint64_t>() >= views.size())
      return c.fail(where, "'bufferView' must be the index of one of the file's " + std::to_string(views.size()) +
                               " bufferViews, not " + describe_gltf_value(*view));
  }
  return true;
}

// --- Parsing -----------------------------------------------------------------------------

// Deepest nesting of arrays and objects in JSON text. Only meaningful for valid JSON
// (strings are skipped, with their escapes).
int nesting_depth(const char* text, std::size_t size) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < size; ++i) {
    const char ch = text[i];
    if (in_string) {
      if (ch == '\\')
        ++i;  // skip the escaped character
      else if (ch == '"')
        in_string = false;
      continue;
    }
    if (ch == '"')
      in_string = true;
    else if (ch == '[' || ch == '{')
      deepest = std::max(deepest, ++depth);
    else if (ch == ']' || ch == '}')
      --depth;
  }
  return deepest;
}

}  // namespace

bool parse_json_text(const char* text, std::size_t size, json& doc, std::string& problem) {
  json parsed;
  try {
    parsed = json::parse(text, text + size);
  } catch (const json::parse_error& e) {
    // what() is "[json.exception.parse_error.101] parse error at line 3, column 5: ...".
    const std::string what = e.what();
    const std::string marker = "parse error at ";
    const std::size_t at = what.find(marker);
    problem = at == std::string::npos
                  ? "invalid JSON at byte " + std::to_string(e.byte) + ": " + one_line(what, 200)
                  : "invalid JSON at " + one_line(what.substr(at + marker.size()), 240);
    return false;
  } catch (const json::exception& e) {
    // For example a number too large for a double: out_of_range.406.
    const std::string what = e.what();
    const std::size_t close = what.find("] ");
    problem = "invalid JSON: " +
              one_line(close == std::string::npos ? what : what.substr(close + 2), 240);
    return false;
  }
  if (nesting_depth(text, size) > kMaxJsonDepth) {
    problem = "JSON nesting is deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return false;
  }
  doc = std::move(parsed);
  return true;
}

// --- The checks --------------------------------------------------------------------------

bool check_gltf_json(const json& doc, std::vector<std::string>& warnings, std::string& problem) {
  Checker c(problem);
  if (!doc.is_object()) return c.fail("", "the JSON root is " + describe_gltf_value(doc) + ", not an object");
  if (!check_asset(doc, c)) return false;
  for (const char* key :
       {"nodes", "skins", "scenes", "buffers", "bufferViews", "images", "accessors", "meshes",
        "materials", "textures", "samplers", "animations", "cameras"})
    if (!c.array_of_objects(doc, key)) return false;
  if (!c.array_of_strings(doc, "extensionsUsed") || !c.array_of_strings(doc, "extensionsRequired"))
    return false;
  return check_nodes(doc, c, warnings) && check_skins_and_scenes(doc, c) && check_buffers(doc, c);
}

// --- Required extensions -----------------------------------------------------------------

std::vector<std::string> required_extensions(const json& doc) {
  std::vector<std::string> names;
  for (const json& name : array_or_empty(doc, "extensionsRequired"))
    if (name.is_string()) names.push_back(name.get<std::string>());
  return names;
}

std::string skeleton_only_json(const json& doc) {
  json reduced = json::object();
  for (const char* key : {"asset", "scene", "scenes", "nodes", "skins", "extensionsUsed"}) {
    const auto it = doc.find(key);
    if (it != doc.end()) reduced[key] = *it;
  }
  return reduced.dump();
}

}  // namespace ik
