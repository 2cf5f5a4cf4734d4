#include "app/editor/file_dialog.h"

#include <cstdlib>

#include "app/editor/file_commands.h"

namespace app {
namespace {

DialogRequest request_for(const Editor& editor, PathCommand command) {
  DialogRequest r;
  r.save = path_command_writes(command);
  r.title = std::string("ikscope: ") + path_command_title(command);
  r.default_path = default_path(editor, command);
  const bool session = command == PathCommand::open_session || command == PathCommand::save_session;
  r.filter_name = session ? "ikscope session" : "glTF";
  r.patterns = session                               ? std::vector<std::string>{"*.json"}
               : command == PathCommand::open_ground ? std::vector<std::string>{"*.gltf", "*.glb"}
                                                     : std::vector<std::string>{"*.gltf", "*.glb", "*.bvh"};
  return r;
}

}  // namespace

void init_file_dialogs(FileDialogs& dialogs) {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  const bool has_display = (display && *display) || (wayland && *wayland);
  dialogs.tool = choose_dialog_tool(std::getenv("IKSCOPE_FILE_DIALOG"), std::getenv("PATH"), has_display);
}

void update_file_dialogs(FileDialogs& dialogs, Editor& editor) {
  if (dialogs.dialog.state() == NativeDialog::State::running) {
    editor.ui.path_command_requested = PathCommand::none;  // one file dialog at a time
    const NativeDialog::State state = dialogs.dialog.poll();
    const PathCommand command = dialogs.command;
    if (state == NativeDialog::State::chosen) {
      const std::string path = dialogs.dialog.path();
      dialogs.dialog.cancel();  // forget it (it has ended)
      if (command == PathCommand::open_rig || command == PathCommand::open_session)
        request_open(editor, command, path);  // asks first if the chains have unsaved changes
      else
        run_path_command(editor, command, path);  // the dialog asked before replacing a file
    } else if (state == NativeDialog::State::cancelled) {
      dialogs.dialog.cancel();
      set_status(editor, "cancelled", false);
    } else if (state == NativeDialog::State::failed) {
      set_status(editor, dialogs.dialog.error() + "; using ikscope's own path field instead", true);
      dialogs.dialog.cancel();
      dialogs.tool = DialogTool::popup;  // do not try a broken tool again this run
      editor.ui.path_command_requested = dialogs.command;
    }
    return;
  }
  if (editor.ui.path_command_requested == PathCommand::none || dialogs.tool == DialogTool::popup) return;
  const PathCommand command = editor.ui.path_command_requested;
  if (!dialogs.dialog.start(dialog_command(dialogs.tool, request_for(editor, command)))) {
    set_status(editor, dialogs.dialog.error() + "; using ikscope's own path field instead", true);
    dialogs.dialog.cancel();
    dialogs.tool = DialogTool::popup;
    return;  // the request stays: the popup opens
  }
  dialogs.command = editor.ui.path_command_requested;
  editor.ui.path_command_requested = PathCommand::none;
  set_status(editor, std::string(path_command_title(command)) + ": choose the file in the dialog", false);
}

}  // namespace app
