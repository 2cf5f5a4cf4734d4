// Base64 (RFC 4648, standard alphabet, '=' padding), for glTF data URIs.
#pragma once

#include <string>

namespace ik {

std::string base64_encode(const std::string& bytes);

// Decodes `text` (padding optional, no whitespace). Returns false on a character outside
// the alphabet or a length that no encoding produces.
bool base64_decode(const std::string& text, std::string& bytes);

}  // namespace ik
