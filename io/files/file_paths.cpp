#include "io/files/file_paths.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace ik {

namespace fs = std::filesystem;

bool read_file_bytes(const std::string& path, std::string& bytes, std::string& error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = path + ": cannot read: it is a folder";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read: " + std::strerror(errno);
    return false;
  }
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = path + ": cannot read: input error";
    return false;
  }
  bytes = std::move(data);
  return true;
}

bool is_same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  const bool same = fs::equivalent(a, b, ec);
  return !ec && same;
}

std::string folder_of_file(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(fs::path(path), ec);
  if (ec) return fs::path(path).parent_path().string();
  return absolute.lexically_normal().parent_path().string();
}

std::string relative_to_folder(const std::string& target, const std::string& folder) {
  std::error_code ec;
  const fs::path t = fs::absolute(fs::path(target), ec).lexically_normal();
  if (ec) return "";
  const fs::path f = fs::absolute(fs::path(folder), ec).lexically_normal();
  if (ec) return "";
  return t.lexically_relative(f).string();
}

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(fs::path(path), ec);
  return ec ? path : absolute.lexically_normal().string();
}

std::string path_from_folder(const std::string& target, const std::string& folder) {
  const std::string relative = relative_to_folder(target, folder);
  return relative.empty() ? absolute_path(target) : relative;
}

std::string resolve_in_folder(const std::string& path, const std::string& folder) {
  const fs::path p(path);
  if (p.is_absolute()) return p.lexically_normal().string();
  return (fs::path(folder) / p).lexically_normal().string();
}

}  // namespace ik
