// Small file-system helpers shared by the session and export code.
#pragma once

#include <string>

namespace ik {

// Reads a whole file into `bytes`. On failure returns false and sets `error` to
// "<path>: cannot read: <reason>".
bool read_file_bytes(const std::string& path, std::string& bytes, std::string& error);

// True if `a` and `b` name the same existing file (links, "." and ".." resolved).
bool is_same_file(const std::string& a, const std::string& b);

// The absolute folder that holds the file `path` (relative paths are taken from the
// current folder).
std::string folder_of_file(const std::string& path);

// `target` written relative to `folder` ("../assets/humanoid.gltf"), purely by names
// (links are not followed); "" if there is no such path (e.g. a relative target that
// climbs above the current folder's root).
std::string relative_to_folder(const std::string& target, const std::string& folder);

// `path` made absolute from the current folder and normalised; `path` as it is when the
// current folder cannot be read.
std::string absolute_path(const std::string& path);

// How a file written into `folder` names `target` (a session naming its rig or a capture):
// relative to the folder when there is such a path, else absolute (absolute_path).
std::string path_from_folder(const std::string& target, const std::string& folder);

// `path` if absolute, else `path` taken from `folder`; normalised ("a/./b/../c" -> "a/c").
std::string resolve_in_folder(const std::string& path, const std::string& folder);

}  // namespace ik
