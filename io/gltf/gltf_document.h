// A glTF file held as its JSON plus the bytes of everything it refers to (buffers,
// external images), so it can be edited and written out again as one self-contained file.
//
// Reading takes .gltf (buffers and images external or as base64 data URIs) and .glb (the
// JSON chunk, the BIN chunk as buffer 0). Writing, chosen by the output's extension:
//   .gltf  every buffer and every image that had a file of its own becomes a base64 data
//          URI inside the JSON: one file, nothing to copy beside it;
//   .glb   buffer 0 goes into the BIN chunk, other buffers and external images become data
//          URIs.
// Everything else in the JSON (meshes, skins, animations, materials, extensions, extras)
// is written back as read, keys in the file's order.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ik {

struct GltfDocument {
  nlohmann::ordered_json json;
  // Bytes of buffer i (exactly its byteLength), or nothing for a buffer without data
  // (EXT_meshopt_compression's fallback buffers), which is then written back as it was.
  std::vector<std::optional<std::string>> buffers;
  // For images that were files of their own: their bytes and media type ("image/png").
  struct EmbeddedImage {
    std::string mime_type;
    std::string bytes;
  };
  std::vector<std::optional<EmbeddedImage>> images;
};

// On failure returns false and sets `error` to one line naming the file: unreadable file
// or buffer, bad .glb container, invalid JSON, a buffer shorter than its byteLength, an
// image of unknown type.
bool read_gltf_document(const std::string& path, GltfDocument& out, std::string& error);

// Writes atomically to `path` (.gltf or .glb, see above). On failure returns false with
// a message naming the file; an existing file there is left as it was.
bool write_gltf_document(const std::string& path, const GltfDocument& document, std::string& error);

// True if `path` ends in .gltf or .glb (any case).
bool has_gltf_extension(const std::string& path);

}  // namespace ik
