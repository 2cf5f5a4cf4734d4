// The desktop file dialog as a subprocess (app/editor/native_dialog.h) and the recent-files
// list (app/editor/recent_files.h). The subprocess tests run stand-in programs (sh scripts)
// in place of zenity, so they need no display.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "app/editor/elide.h"
#include "app/editor/native_dialog.h"
#include "app/editor/recent_files.h"

namespace {

// Polls until the dialog is no longer running (at most ~5 s).
app::NativeDialog::State finish(app::NativeDialog& d) {
  for (int i = 0; i < 500 && d.poll() == app::NativeDialog::State::running; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return d.state();
}

// A folder under the test tmp folder with an executable script `name` in it.
std::string folder_with_program(const std::string& folder_name, const std::string& name) {
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/" + folder_name;
  ::mkdir(folder.c_str(), 0755);
  const std::string file = folder + "/" + name;
  std::ofstream(file) << "#!/bin/sh\nexit 0\n";
  ::chmod(file.c_str(), 0755);
  return folder;
}

}  // namespace

TEST(NativeDialog, ToolIsChosenBySettingThenPathThenPopup) {
  const std::string with_zenity = folder_with_program("dialog_zenity", "zenity");
  const std::string with_kdialog = folder_with_program("dialog_kdialog", "kdialog");
  const std::string both = with_kdialog + ":" + with_zenity;
  EXPECT_EQ(app::choose_dialog_tool(nullptr, both.c_str(), true), app::DialogTool::zenity);  // zenity first
  EXPECT_EQ(app::choose_dialog_tool(nullptr, with_kdialog.c_str(), true), app::DialogTool::kdialog);
  EXPECT_EQ(app::choose_dialog_tool(nullptr, "/nonexistent:", true), app::DialogTool::popup);
  EXPECT_EQ(app::choose_dialog_tool(nullptr, nullptr, true), app::DialogTool::popup);
  EXPECT_EQ(app::choose_dialog_tool("popup", both.c_str(), true), app::DialogTool::popup);
  EXPECT_EQ(app::choose_dialog_tool("kdialog", with_zenity.c_str(), true), app::DialogTool::kdialog);
  // No display: no dialog can show, whatever is installed.
  EXPECT_EQ(app::choose_dialog_tool(nullptr, both.c_str(), false), app::DialogTool::popup);
}

TEST(NativeDialog, ZenityAndKdialogCommandLines) {
  app::DialogRequest r;
  r.save = true;
  r.title = "Save session";
  r.default_path = "/home/a/humanoid.session.json";
  r.filter_name = "ikscope session";
  r.patterns = {"*.json"};
  const std::vector<std::string> zenity = app::dialog_command(app::DialogTool::zenity, r);
  const std::vector<std::string> expected_zenity = {"zenity",
                                                    "--file-selection",
                                                    "--title=Save session",
                                                    "--filename=/home/a/humanoid.session.json",
                                                    "--save",
                                                    "--confirm-overwrite",
                                                    "--file-filter=ikscope session (*.json) | *.json",
                                                    "--file-filter=All files | *"};
  EXPECT_EQ(zenity, expected_zenity);
  r.save = false;
  r.patterns = {"*.gltf", "*.glb"};
  r.filter_name = "glTF";
  const std::vector<std::string> kdialog = app::dialog_command(app::DialogTool::kdialog, r);
  const std::vector<std::string> expected_kdialog = {
      "kdialog", "--title", "Save session", "--getopenfilename", "/home/a/humanoid.session.json", "*.gltf *.glb|glTF"};
  EXPECT_EQ(kdialog, expected_kdialog);
  EXPECT_TRUE(app::dialog_command(app::DialogTool::popup, r).empty());
}

TEST(NativeDialog, ChosenPathCancelAndFailure) {
  {
    app::NativeDialog d;  // a path with spaces, as a dialog prints it, newline-terminated
    ASSERT_TRUE(d.start({"sh", "-c", "sleep 0.1; echo '/tmp/a rig.gltf'"}));
    EXPECT_EQ(d.poll(), app::NativeDialog::State::running);  // the program is not waited for
    EXPECT_EQ(finish(d), app::NativeDialog::State::chosen);
    EXPECT_EQ(d.path(), "/tmp/a rig.gltf");
  }
  {
    app::NativeDialog d;  // zenity and kdialog exit 1 on Cancel
    ASSERT_TRUE(d.start({"sh", "-c", "exit 1"}));
    EXPECT_EQ(finish(d), app::NativeDialog::State::cancelled);
    EXPECT_TRUE(d.path().empty());
  }
  {
    app::NativeDialog d;  // any other status is a failure, said in words
    ASSERT_TRUE(d.start({"sh", "-c", "exit 5"}));
    EXPECT_EQ(finish(d), app::NativeDialog::State::failed);
    EXPECT_NE(d.error().find("exit status 5"), std::string::npos) << d.error();
  }
  {
    app::NativeDialog d;
    EXPECT_FALSE(d.start({"/nonexistent/zenity"}));
    EXPECT_EQ(d.state(), app::NativeDialog::State::failed);
    EXPECT_NE(d.error().find("/nonexistent/zenity"), std::string::npos) << d.error();
  }
  {
    app::NativeDialog d;  // cancel() ends a dialog still open, at once
    ASSERT_TRUE(d.start({"sh", "-c", "sleep 30"}));
    const auto before = std::chrono::steady_clock::now();
    d.cancel();
    EXPECT_EQ(d.state(), app::NativeDialog::State::idle);
    EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::seconds(5));
  }
}

TEST(RecentFiles, NewestFirstNoDuplicatesCapped) {
  std::vector<std::string> list;
  for (int i = 0; i < 15; ++i) app::add_recent_file(list, "/rigs/" + std::to_string(i) + ".gltf");
  ASSERT_EQ(list.size(), app::kMaxRecentFiles);
  EXPECT_EQ(list.front(), "/rigs/14.gltf");
  EXPECT_EQ(list.back(), "/rigs/5.gltf");
  app::add_recent_file(list, "/rigs/9.gltf");  // moves up, not duplicated
  EXPECT_EQ(list.front(), "/rigs/9.gltf");
  EXPECT_EQ(std::count(list.begin(), list.end(), "/rigs/9.gltf"), 1);
  EXPECT_EQ(list.size(), app::kMaxRecentFiles);
  app::add_recent_file(list, "relative.gltf");  // not absolute: not added
  app::add_recent_file(list, "/bad\nname.gltf");
  EXPECT_EQ(list.front(), "/rigs/9.gltf");
}

TEST(RecentFiles, TextRoundTripAndForgivingParse) {
  const std::vector<std::string> list = {"/a/b c.gltf", "/d/e.session.json"};
  int skipped = -1;
  EXPECT_EQ(app::parse_recent_files(app::recent_files_text(list), skipped), list);
  EXPECT_EQ(skipped, 0);
  // Hand-edited: CRLF, blank lines, comments, a relative path, a duplicate, a control byte.
  const std::string text = "# mine\r\n/x.gltf\r\n\r\nrelative.glb\n/x.gltf\n/y\x01z.gltf\n/z.glb";
  const std::vector<std::string> parsed = app::parse_recent_files(text, skipped);
  EXPECT_EQ(parsed, (std::vector<std::string>{"/x.gltf", "/z.glb"}));
  EXPECT_EQ(skipped, 2);
  EXPECT_TRUE(app::parse_recent_files("", skipped).empty());
  const std::string too_long = "/" + std::string(app::kMaxRecentPathLength, 'a');
  EXPECT_TRUE(app::parse_recent_files(too_long, skipped).empty());
  EXPECT_EQ(skipped, 1);
}

TEST(RecentFiles, ConfigFolderFollowsXdg) {
  EXPECT_EQ(app::config_folder("/cfg", "/home/u"), "/cfg/ikscope");
  EXPECT_EQ(app::config_folder("", "/home/u"), "/home/u/.config/ikscope");
  EXPECT_EQ(app::config_folder("relative", "/home/u"), "/home/u/.config/ikscope");  // XDG says: ignore
  EXPECT_EQ(app::config_folder(nullptr, nullptr), "");
}

TEST(ElideMiddle, KeepsBothEndsAndUtf8) {
  EXPECT_EQ(app::elide_middle("short", 10), "short");
  EXPECT_EQ(app::elide_middle("mixamorig:LeftHandThumb4", 12), "mixam\xE2\x80\xA6Thumb4");
  // 12 characters: 5 + the ellipsis + 6.
  EXPECT_EQ(app::elide_middle("abcdefghij", 5), "ab\xE2\x80\xA6ij");
  // A two-byte character near the cut is kept whole or dropped whole.
  const std::string s = "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9";  // six é
  EXPECT_EQ(app::elide_middle(s, 5), "\xC3\xA9\xC3\xA9\xE2\x80\xA6\xC3\xA9\xC3\xA9");
  EXPECT_EQ(app::elide_middle("abcdef", 1),
            "a\xE2\x80\xA6"
            "f");  // at least 3
}
