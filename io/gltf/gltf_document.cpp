#include "io/gltf/gltf_document.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "io/files/atomic_file.h"
#include "io/files/file_paths.h"
#include "io/gltf/base64.h"
#include "io/gltf/glb_container.h"
#include "io/json/json_output.h"

namespace ik {
using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it

namespace {

std::string lower_extension(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// "%20" -> " ": glTF URIs are URI-encoded; files are looked up by the decoded name.
std::string percent_decode(const std::string& uri) {
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

// The bytes a URI names: a base64 data URI, or a file relative to the glTF's folder.
// `what` ("buffer 2") and the source path go into messages.
bool read_uri(const std::string& uri, const std::string& folder, const std::string& what,
              std::string& bytes, std::string& problem) {
  if (starts_with(uri, "data:")) {
    const size_t comma = uri.find(',');
    const std::string header = uri.substr(0, comma == std::string::npos ? 0 : comma);
    if (comma == std::string::npos || header.size() < 7 ||
        header.compare(header.size() - 7, 7, ";base64") != 0) {
      problem = what + ": only base64 data URIs are supported";
      return false;
    }
    if (!base64_decode(uri.substr(comma + 1), bytes)) {
      problem = what + ": its data URI is not valid base64";
      return false;
    }
    return true;
  }
  if (uri.find("://") != std::string::npos) {
    problem = what + ": URI '" + uri.substr(0, 80) + "' is not a file beside the glTF";
    return false;
  }
  std::string read_error;
  if (!read_file_bytes(resolve_in_folder(percent_decode(uri), folder), bytes, read_error)) {
    problem = what + ": " + read_error;
    return false;
  }
  return true;
}

std::string mime_type_of(const Json& image, const std::string& uri) {
  const auto it = image.find("mimeType");
  if (it != image.end() && it->is_string()) return it->get<std::string>();
  const std::string ext = lower_extension(percent_decode(uri));
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".webp") return "image/webp";
  if (ext == ".ktx2") return "image/ktx2";
  return "";
}

bool read_buffers(const Json& json, const std::string& folder, const unsigned char* bin,
                  size_t bin_size, GltfDocument& doc, std::string& problem) {
  const auto buffers = json.find("buffers");
  if (buffers == json.end()) return true;
  if (!buffers->is_array()) {
    problem = "'buffers' must be an array";
    return false;
  }
  for (size_t i = 0; i < buffers->size(); ++i) {
    const Json& buffer = (*buffers)[i];
    const std::string what = "buffer " + std::to_string(i);
    const auto length = buffer.is_object() ? buffer.find("byteLength") : buffer.end();
    if (length == buffer.end() || !length->is_number_unsigned() ||
        length->get<std::uint64_t>() == 0) {
      problem = what + " must be an object with a positive integer 'byteLength'";
      return false;
    }
    const size_t byte_length = length->get<size_t>();
    const auto uri = buffer.find("uri");
    std::string bytes;
    if (uri == buffer.end()) {
      if (i != 0 || bin == nullptr) {  // no data of its own (a meshopt fallback buffer)
        doc.buffers.emplace_back();
        continue;
      }
      bytes.assign(reinterpret_cast<const char*>(bin), bin_size);
    } else {
      if (!uri->is_string()) {
        problem = what + ": 'uri' must be a string";
        return false;
      }
      if (!read_uri(uri->get<std::string>(), folder, what, bytes, problem)) return false;
    }
    if (bytes.size() < byte_length) {
      problem = what + " has " + std::to_string(bytes.size()) + " bytes but its byteLength is " +
                std::to_string(byte_length);
      return false;
    }
    bytes.resize(byte_length);  // a .glb's BIN chunk may carry up to 3 bytes of padding
    doc.buffers.emplace_back(std::move(bytes));
  }
  return true;
}

bool read_images(const Json& json, const std::string& folder, GltfDocument& doc,
                 std::string& problem) {
  const auto images = json.find("images");
  if (images == json.end()) return true;
  if (!images->is_array()) {
    problem = "'images' must be an array";
    return false;
  }
  for (size_t i = 0; i < images->size(); ++i) {
    const Json& image = (*images)[i];
    const auto uri = image.is_object() ? image.find("uri") : image.end();
    // Images in a bufferView travel with their buffer; data URIs stay as they are.
    if (uri == image.end() || !uri->is_string() || starts_with(uri->get<std::string>(), "data:")) {
      doc.images.emplace_back();
      continue;
    }
    const std::string what = "image " + std::to_string(i);
    GltfDocument::EmbeddedImage embedded;
    embedded.mime_type = mime_type_of(image, uri->get<std::string>());
    if (embedded.mime_type.empty()) {
      problem = what + ": cannot embed '" + uri->get<std::string>() +
                "': unknown image type (give it a 'mimeType')";
      return false;
    }
    if (!read_uri(uri->get<std::string>(), folder, what, embedded.bytes, problem)) return false;
    doc.images.emplace_back(std::move(embedded));
  }
  return true;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) out += static_cast<char>((v >> (8 * k)) & 0xFFu);
}

// header | JSON chunk (padded with spaces) | BIN chunk (padded with zeros), if any.
std::string assemble_glb(std::string json_text, std::string bin) {
  while (json_text.size() % 4 != 0) json_text += ' ';
  while (bin.size() % 4 != 0) bin += '\0';
  const size_t total = 12 + 8 + json_text.size() + (bin.empty() ? 0 : 8 + bin.size());
  std::string out;
  out.reserve(total);
  put_u32(out, 0x46546C67u);  // "glTF"
  put_u32(out, 2);
  put_u32(out, static_cast<std::uint32_t>(total));
  put_u32(out, static_cast<std::uint32_t>(json_text.size()));
  put_u32(out, 0x4E4F534Au);  // "JSON"
  out += json_text;
  if (!bin.empty()) {
    put_u32(out, static_cast<std::uint32_t>(bin.size()));
    put_u32(out, 0x004E4942u);  // "BIN\0"
    out += bin;
  }
  return out;
}

}  // namespace

bool has_gltf_extension(const std::string& path) {
  const std::string ext = lower_extension(path);
  return ext == ".gltf" || ext == ".glb";
}

bool read_gltf_document(const std::string& path, GltfDocument& out, std::string& error) {
  std::string bytes;
  if (!read_file_bytes(path, bytes, error)) return false;
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  GlbChunks chunks;
  std::string problem;
  const bool binary = has_glb_magic(data, bytes.size());
  if (binary && !split_glb(data, bytes.size(), chunks, problem)) {
    error = path + ": " + problem;
    return false;
  }
  GltfDocument doc;
  try {
    doc.json =
        binary ? Json::parse(chunks.json, chunks.json + chunks.json_size) : Json::parse(bytes);
  } catch (const nlohmann::json::exception& e) {
    std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line ..."
    const size_t bracket = what.find("] ");
    error = path +
            ": invalid JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2));
    return false;
  }
  if (!doc.json.is_object()) {
    error = path + ": not a glTF file (its JSON is not an object)";
    return false;
  }
  const std::string folder = folder_of_file(path);
  if (!read_buffers(doc.json, folder, chunks.bin, chunks.bin_size, doc, problem) ||
      !read_images(doc.json, folder, doc, problem)) {
    error = path + ": " + problem;
    return false;
  }
  out = std::move(doc);
  return true;
}

bool write_gltf_document(const std::string& path, const GltfDocument& document,
                         std::string& error) {
  const bool binary = lower_extension(path) == ".glb";
  if (!has_gltf_extension(path)) {
    error = path + ": cannot write: the name must end in .gltf or .glb";
    return false;
  }
  Json json = document.json;
  std::string bin;
  for (size_t i = 0; i < document.buffers.size(); ++i) {
    if (!document.buffers[i]) continue;
    Json& buffer = json["buffers"][i];
    if (binary && i == 0) {
      buffer.erase("uri");
      bin = *document.buffers[i];
    } else {
      buffer["uri"] = "data:application/octet-stream;base64," + base64_encode(*document.buffers[i]);
    }
  }
  if (binary && !document.buffers.empty() && !document.buffers[0]) {
    error = path + ": cannot write a .glb: buffer 0 has no data for the BIN chunk";
    return false;
  }
  for (size_t i = 0; i < document.images.size(); ++i) {
    if (!document.images[i]) continue;
    json["images"][i]["uri"] = "data:" + document.images[i]->mime_type + ";base64," +
                               base64_encode(document.images[i]->bytes);
  }
  // Names are UTF-8 in a valid glTF; a stray invalid byte is replaced rather than thrown.
  const std::string text =
      binary ? json.dump(-1, ' ', false, Json::error_handler_t::replace) : dump_readable(json);
  return app::write_file_atomically(path, binary ? assemble_glb(text, bin) : text + "\n", error);
}

}  // namespace ik
