// The binary glTF container (.glb): a 12-byte header, then chunks.
//
//   header:  uint32 magic "glTF" | uint32 version (2) | uint32 length of the whole file
//   chunk:   uint32 length of its data | uint32 type ("JSON" or "BIN\0") | data
//
// All little-endian. The first chunk is the JSON document, an optional second chunk
// holds buffer 0. tinygltf 2.7 trusts these fields further than it should (it reads the
// BIN chunk's 8-byte header without checking that it fits, and never checks the
// version), so every length is checked here before it is handed the bytes.
#pragma once

#include <cstddef>
#include <string>

namespace ik {

struct GlbChunks {
  const unsigned char* json = nullptr;  // the JSON chunk's bytes, inside the input
  std::size_t json_size = 0;
  const unsigned char* bin = nullptr;  // the BIN chunk's bytes, or nullptr if none
  std::size_t bin_size = 0;
};

// True if the data starts with the .glb magic "glTF".
bool has_glb_magic(const unsigned char* data, std::size_t size);

// Checks the header and walks the chunk table. On failure returns false and sets
// `problem` (no path) to what is wrong: a wrong magic, a version other than 2, a
// header length that differs from the data size, a chunk that runs past the end, a
// first chunk that is not JSON, an empty or misaligned BIN chunk.
bool split_glb(const unsigned char* data, std::size_t size, GlbChunks& out, std::string& problem);

}  // namespace ik
