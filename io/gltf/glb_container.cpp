#include "io/gltf/glb_container.h"

#include <cstdint>
#include <cstdio>

namespace ik {
namespace {

constexpr std::uint32_t kChunkJson = 0x4E4F534Au;  // "JSON" read as little-endian
constexpr std::uint32_t kChunkBin = 0x004E4942u;   // "BIN\0"
constexpr std::size_t kHeaderSize = 12;
constexpr std::size_t kChunkHeaderSize = 8;

std::uint32_t read_u32_le(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

std::string hex32(std::uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", static_cast<unsigned>(v));
  return text;
}

}  // namespace

bool has_glb_magic(const unsigned char* data, std::size_t size) {
  return size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F';
}

bool split_glb(const unsigned char* data, std::size_t size, GlbChunks& out, std::string& problem) {
  if (size >= 4 && !has_glb_magic(data, size)) {
    problem = "not a binary glTF file: it does not start with the magic 'glTF'";
    return false;
  }
  if (size < kHeaderSize) {
    problem = "truncated: a .glb starts with a 12-byte header but the file has " +
              std::to_string(size) + " bytes";
    return false;
  }
  const std::uint32_t version = read_u32_le(data + 4);
  if (version != 2) {
    problem = "unsupported .glb container version " + std::to_string(version) +
              " (only version 2 exists)";
    return false;
  }
  const std::size_t length = read_u32_le(data + 8);
  if (length > size) {
    problem = "truncated: header says " + std::to_string(length) + " bytes but the file has " +
              std::to_string(size);
    return false;
  }
  if (length < size) {
    problem = "header says " + std::to_string(length) + " bytes but the file has " +
              std::to_string(size) + " (a wrong length field, or data after the end)";
    return false;
  }

  // Walk the chunks inside [12, length). Unknown chunk types after the first two are
  // allowed by the specification and skipped.
  GlbChunks chunks;
  std::size_t offset = kHeaderSize;
  for (int index = 0; offset < length; ++index) {
    const std::size_t remaining = length - offset;
    if (remaining < kChunkHeaderSize) {
      problem = "truncated: chunk " + std::to_string(index) + " at byte " + std::to_string(offset) +
                " needs an 8-byte header but only " + std::to_string(remaining) + " bytes remain";
      return false;
    }
    const std::size_t chunk_size = read_u32_le(data + offset);
    const std::uint32_t chunk_type = read_u32_le(data + offset + 4);
    if (chunk_size > remaining - kChunkHeaderSize) {
      problem = "truncated: chunk " + std::to_string(index) + " at byte " + std::to_string(offset) +
                " says " + std::to_string(chunk_size) + " bytes but only " +
                std::to_string(remaining - kChunkHeaderSize) + " remain";
      return false;
    }
    const unsigned char* chunk_data = data + offset + kChunkHeaderSize;
    if (index == 0) {
      if (chunk_type != kChunkJson) {
        problem = "the first chunk is not JSON (its type is " + hex32(chunk_type) + ")";
        return false;
      }
      if (chunk_size == 0) {
        problem = "the JSON chunk is empty";
        return false;
      }
      chunks.json = chunk_data;
      chunks.json_size = chunk_size;
    } else if (index == 1) {
      // tinygltf reads a second chunk as the BIN chunk whatever it is, and refuses an
      // empty or unaligned one; say so in plain words first.
      if (chunk_type != kChunkBin) {
        problem = "the second chunk is not BIN (its type is " + hex32(chunk_type) + ")";
        return false;
      }
      if (chunk_size == 0 || chunk_size % 4 != 0) {
        problem = "the BIN chunk is " + std::to_string(chunk_size) +
                  " bytes long; it must be a non-zero multiple of 4";
        return false;
      }
      chunks.bin = chunk_data;
      chunks.bin_size = chunk_size;
    }
    offset += kChunkHeaderSize + chunk_size;
  }
  if (chunks.json == nullptr) {
    problem = "the .glb has no JSON chunk";
    return false;
  }
  out = chunks;
  return true;
}

}  // namespace ik
