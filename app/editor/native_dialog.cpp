#include "app/editor/native_dialog.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace app {
namespace {

// True if `name` is an executable file in one of PATH's folders.
bool on_path(const char* path_variable, const std::string& name) {
  if (!path_variable) return false;
  const std::string path = path_variable;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t end = path.find(':', start);
    const std::string folder = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const std::string file = (folder.empty() ? "." : folder) + "/" + name;
    struct stat st {};
    if (::stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(file.c_str(), X_OK) == 0) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

}  // namespace

DialogTool choose_dialog_tool(const char* setting, const char* path_variable, bool has_display) {
  const std::string s = setting ? setting : "";
  if (s == "popup") return DialogTool::popup;
  if (s == "zenity") return DialogTool::zenity;
  if (s == "kdialog") return DialogTool::kdialog;
  if (!has_display) return DialogTool::popup;
  if (on_path(path_variable, "zenity")) return DialogTool::zenity;
  if (on_path(path_variable, "kdialog")) return DialogTool::kdialog;
  return DialogTool::popup;
}

std::vector<std::string> dialog_command(DialogTool tool, const DialogRequest& r) {
  const std::string patterns = joined(r.patterns, " ");
  switch (tool) {
    case DialogTool::zenity: {
      std::vector<std::string> c = {"zenity", "--file-selection", "--title=" + r.title};
      if (!r.default_path.empty()) c.push_back("--filename=" + r.default_path);
      if (r.save) {
        c.push_back("--save");
        c.push_back("--confirm-overwrite");
      }
      if (!r.patterns.empty()) c.push_back("--file-filter=" + r.filter_name + " (" + patterns + ") | " + patterns);
      c.push_back("--file-filter=All files | *");
      return c;
    }
    case DialogTool::kdialog: {
      std::vector<std::string> c = {"kdialog", "--title", r.title, r.save ? "--getsavefilename" : "--getopenfilename",
                                    r.default_path.empty() ? "." : r.default_path};
      if (!r.patterns.empty()) c.push_back(patterns + "|" + r.filter_name);
      return c;
    }
    case DialogTool::popup:
      break;
  }
  return {};
}

NativeDialog::~NativeDialog() { cancel(); }

bool NativeDialog::start(const std::vector<std::string>& command) {
  cancel();
  buffer_.clear();
  path_.clear();
  error_.clear();
  state_ = State::failed;
  if (command.empty()) {
    error_ = "no dialog program";
    return false;
  }
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) {
    error_ = std::string("cannot make a pipe: ") + std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
  posix_spawn_file_actions_addclose(&actions, pipe_ends[1]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<char*> argv;
  for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int status = ::posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_ends[1]);
  if (status != 0) {
    ::close(pipe_ends[0]);
    error_ = command[0] + " cannot be started: " + std::strerror(status);
    return false;
  }
  ::fcntl(pipe_ends[0], F_SETFL, ::fcntl(pipe_ends[0], F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  output_ = pipe_ends[0];
  state_ = State::running;
  return true;
}

NativeDialog::State NativeDialog::poll() {
  if (state_ != State::running) return state_;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(output_, chunk, sizeof(chunk));
    if (n > 0 && buffer_.size() < 65536) buffer_.append(chunk, static_cast<size_t>(n));
    if (n <= 0) break;
  }
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == 0) return state_;  // still open
  ::close(output_);
  output_ = -1;
  pid_ = -1;
  const std::string first_line = buffer_.substr(0, buffer_.find('\n'));
  if (done < 0) {
    error_ = std::string("lost the dialog process: ") + std::strerror(errno);
    state_ = State::failed;
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !first_line.empty()) {
    path_ = first_line;
    state_ = State::chosen;
  } else if (WIFEXITED(status) && (WEXITSTATUS(status) == 1 || WEXITSTATUS(status) == 0)) {
    state_ = State::cancelled;
  } else {
    error_ = WIFEXITED(status) ? "the file dialog failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")"
                               : "the file dialog was killed by signal " + std::to_string(WTERMSIG(status));
    state_ = State::failed;
  }
  return state_;
}

void NativeDialog::cancel() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  if (output_ >= 0) ::close(output_);
  pid_ = -1;
  output_ = -1;
  state_ = State::idle;
}

}  // namespace app
