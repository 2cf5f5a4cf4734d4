// Writes user files so a crash never leaves half a file: the bytes go to a temporary
// file beside the target, are flushed to disk, then renamed over it (atomic on POSIX),
// and the folder is flushed so the rename itself survives a power cut.
#pragma once

#include <string>

namespace app {

// Returns false with a message naming the file on any failure; the target is then
// untouched and the temporary file removed.
bool write_file_atomically(const std::string& path, const std::string& contents,
                           std::string& error);

// The temporary file write_file_atomically uses for `path` (same folder, so the rename
// never crosses file systems): "<path>.tmp<process id>".
std::string atomic_temp_path(const std::string& path);

}  // namespace app
