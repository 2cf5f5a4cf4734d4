// The desktop's own file dialog, run as a subprocess: zenity (GNOME and most desktops) or
// kdialog (KDE), as small programs without a GUI toolkit of their own do. The program keeps
// drawing while the dialog is open: the child is started, then polled once per frame (its
// output read without blocking, its exit collected with WNOHANG), never waited for.
//
// Which tool: IKSCOPE_FILE_DIALOG=zenity|kdialog|popup picks one ("popup" = ikscope's own
// path popup, for scripts and tests); unset, the first of zenity, kdialog found on PATH when
// there is a display (DISPLAY or WAYLAND_DISPLAY set), else the popup. A dialog that cannot
// start or fails (a crash, an exit status other than 0 or 1) falls back to the popup with a
// status message. The tools' own chatter on stderr (GTK warnings) is dropped.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace app {

enum class DialogTool { popup, zenity, kdialog };

// What to ask for.
struct DialogRequest {
  bool save = false;                  // choose a file to write (the tool asks before replacing one)
  std::string title;                  // window title
  std::string default_path;           // suggested file (its folder is where the dialog opens)
  std::string filter_name;            // "glTF", "ikscope session"
  std::vector<std::string> patterns;  // "*.gltf", "*.glb"
};

// The tool to use, given the values of IKSCOPE_FILE_DIALOG and PATH (either may be null) and
// whether there is a display to show a dialog on.
DialogTool choose_dialog_tool(const char* setting, const char* path_variable, bool has_display);

// The tool's command line (argv, program first) for `request`.
std::vector<std::string> dialog_command(DialogTool tool, const DialogRequest& request);

// One dialog process. Not copyable; the destructor ends a dialog still open.
class NativeDialog {
 public:
  enum class State { idle, running, chosen, cancelled, failed };

  NativeDialog() = default;
  NativeDialog(const NativeDialog&) = delete;
  NativeDialog& operator=(const NativeDialog&) = delete;
  ~NativeDialog();

  // Starts `command` (argv; the program is looked up on PATH). False (state failed,
  // error() says why) if it cannot start.
  bool start(const std::vector<std::string>& command);
  // Reads what the child wrote and checks whether it ended: running until then; chosen
  // (path() is the first line of its output) when it exits 0 with a path, cancelled when
  // it exits 1 or with nothing, failed otherwise (error() says why).
  State poll();
  State state() const { return state_; }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }
  // Ends a running dialog (SIGTERM) and forgets it: state idle.
  void cancel();

 private:
  State state_ = State::idle;
  pid_t pid_ = -1;
  int output_ = -1;  // read end of the child's stdout, non-blocking
  std::string buffer_, path_, error_;
};

}  // namespace app
