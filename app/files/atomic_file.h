// Writes user files so a crash never leaves half a file: the bytes go to a temporary
// file beside the target, are flushed to disk, then renamed over it (atomic on POSIX).
#pragma once

#include <string>

namespace app {

// Returns false with a message naming the file on any failure; the target is then
// untouched and the temporary file removed.
bool write_file_atomically(const std::string& path, const std::string& contents, std::string& error);

}  // namespace app
