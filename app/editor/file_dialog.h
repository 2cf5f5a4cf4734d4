// File > Open / Save / Export through the desktop's own file dialog (zenity or kdialog run
// as a subprocess, app/editor/native_dialog.h) when there is one, else through the path
// popup (panels.cpp). Either way a command starts as editor.ui.path_command_requested (menu,
// Ctrl+O / Ctrl+S / Ctrl+E); this file takes the request before the popup sees it, runs the
// dialog while the program keeps drawing, and runs the command on the chosen path. A dialog
// that fails to start or ends in an error hands the request back to the popup, with the
// reason in the status line.
#pragma once

#include "app/editor/editor.h"
#include "app/editor/native_dialog.h"

namespace app {

struct FileDialogs {
  DialogTool tool = DialogTool::popup;
  NativeDialog dialog;
  PathCommand command = PathCommand::none;  // the command the open dialog is for
};

// Picks the tool from the environment (IKSCOPE_FILE_DIALOG, PATH, DISPLAY / WAYLAND_DISPLAY).
void init_file_dialogs(FileDialogs& dialogs);

// Once per frame, before the panels: starts a dialog for a new request, polls the open one,
// and runs its command on the chosen path (opening asks first about unsaved changes).
void update_file_dialogs(FileDialogs& dialogs, Editor& editor);

}  // namespace app
