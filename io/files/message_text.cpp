#include "io/files/message_text.h"

namespace ik {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one.
// Rejects overlong forms, surrogates and code points above U+10FFFF.
std::size_t utf8_sequence_length(const std::string& s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return len;
}

bool is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::string one_line(const std::string& text, std::size_t max_bytes) {
  std::string out;
  out.reserve(text.size() < max_bytes ? text.size() : max_bytes);
  bool pending_space = false;
  bool cut = false;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (is_space(c)) {
      pending_space = !out.empty();
      ++i;
      continue;
    }
    std::string piece;
    if (c < 0x20 || c == 0x7F) {
      piece = "?";
      ++i;
    } else if (c < 0x80) {
      piece.assign(1, static_cast<char>(c));
      ++i;
    } else if (const std::size_t len = utf8_sequence_length(text, i); len > 0) {
      piece = text.substr(i, len);
      i += len;
    } else {
      piece = "?";
      ++i;
    }
    const std::size_t needed = piece.size() + (pending_space ? 1 : 0);
    if (out.size() + needed > max_bytes) {
      cut = true;
      break;
    }
    if (pending_space) out += ' ';
    out += piece;
    pending_space = false;
  }
  if (cut) {
    // Make room for "..." without splitting a UTF-8 sequence.
    while (!out.empty() && out.size() + 3 > max_bytes) {
      std::size_t k = out.size() - 1;
      while (k > 0 && (static_cast<unsigned char>(out[k]) & 0xC0) == 0x80) --k;
      out.erase(k);
    }
    out += "...";
  }
  return out;
}

}  // namespace ik
