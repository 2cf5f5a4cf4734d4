"""Files and what guards them: a bad file on the command line, bad options, sessions saved
(path popup, desktop dialog) and opened, and the unsaved-changes prompt on quit (also over
an open combo box)."""
import os
import re
import stat
from pathlib import Path

from driver import SAMPLES, SAVED_SESSION, rect_point, wait_for_file, wait_until


def test_bad_file_keeps_scene(case):
    """A truncated .glb on the command line: one clear message naming the file, the built-in
    humanoid stays on screen, and a batch run exits non-zero."""
    glb = (SAMPLES / "RiggedSimple/glTF-Binary/RiggedSimple.glb").read_bytes()
    Path(case.path("truncated.glb")).write_bytes(glb[:1000])
    run = case.run(case.path("truncated.glb"), frames=3, screenshot="shot.png", state="state.json", expect=None)
    assert run.code == 1, f"exit code {run.code}, expected 1"
    assert "truncated.glb: " in run.stderr, f"stderr does not name the file: {run.stderr}"
    lines = [line for line in run.stderr.splitlines() if "truncated.glb" in line]
    assert len(lines) == 1, f"more than one message: {run.stderr}"
    state = run.state
    assert state["status_is_error"] is True, "status line shows no error"
    assert "truncated.glb" in state["status"], "status line does not name the file"
    assert "humanoid.gltf" in state["file"], "the built-in humanoid is not shown"
    case.check_screenshot("shot.png", "state.json")


def test_bad_options(case):
    run = case.run("--frames", "nope", expect=None, window=False)
    assert run.code == 2, f"bad --frames gave exit code {run.code}"
    assert "--frames needs a whole number" in run.stderr, f"unclear message: {run.stderr}"
    run = case.run("--msaa", "3", expect=None, window=False, label="msaa")
    assert run.code == 2 and "--msaa needs 0, 2, 4 or 8" in run.stderr, f"bad --msaa: {run.code} {run.stderr}"
    help_text = case.run("--help", label="help", window=False).stdout
    for words in (["--frames"], ["--screenshot"], ["--state-out"], ["--size"], ["--msaa"], ["Orbit", "orbit"]):
        assert any(w in help_text for w in words), f"--help does not mention {words[0]}"


def test_save_popup_enter_writes(case):
    """Ctrl+S opens the path popup with a default name; Enter alone must write the file."""
    program = case.start(state="after.json")
    program.imgui_key("ctrl+s")
    program.confirm_save(case.path(SAVED_SESSION), "Enter in the save popup wrote nothing", shot=True)
    program.quit()  # saved just now: no prompt
    state = program.state()
    assert "session saved to" in state["status"], f"status: {state['status']}"
    assert state["unsaved_changes"] is False, "unsaved changes right after a save"


def test_open_session_from_command_line(case):
    """A session written by the program (its rig: the built-in humanoid, one chain's
    orientation goal on) opens from the command line: the rig, the chains, the goal."""
    program = case.start(state="saved.json")
    program.key("o")  # the selected chain's orientation goal on: an edit
    program.imgui_key("ctrl+s")
    program.confirm_save(case.path(SAVED_SESSION), "no session written")
    program.quit()
    saved = program.state()
    opened = case.run(case.path(SAVED_SESSION), frames=3, state="opened.json",
                      what="ikscope FILE.session.json").state
    assert opened["status_is_error"] is False, f"status: {opened['status']}"
    assert re.search("session .* opened", opened["status"]), f"status: {opened['status']}"
    assert "humanoid.gltf" in opened["file"], "the session's rig is not open"
    assert len(opened["chains"]) == len(saved["chains"]), "chain count differs"
    # O turned the selected chain's orientation goal on (the legs' are on from the start).
    oriented = lambda s: sum("goal_orientation_wxyz" in c for c in s["chains"])  # noqa: E731
    assert oriented(opened) == oriented(saved), "the orientation goals differ"
    assert "goal_orientation_wxyz" in opened["chains"][opened["selected_chain"]], "the edited goal did not come back"
    assert opened["unsaved_changes"] is False, "a session just opened has unsaved changes"


def cancel_then_discard(program):
    """At the unsaved-changes prompt: Escape (Cancel) keeps the program running; Ctrl+Q
    again and D (Discard) quits it cleanly. The second Ctrl+Q, D is the driver's quit: the
    prompt takes keys from the frame after it appears, and on a loaded machine a D sent
    right after Ctrl+Q can land in that first frame (CI saw "Discard did not quit" once)."""
    program.screenshot()  # the prompt, to look at
    program.imgui_key("Escape")
    assert not program.wait_exit(0.5), "Cancel quit"
    program.quit()


def test_unsaved_prompt_on_quit(case):
    """An edit (O: an orientation goal), then Ctrl+Q asks; Escape (Cancel) keeps the program
    running; Ctrl+Q again and D (Discard) quits."""
    program = case.start(state="after.json")
    program.key("o")
    program.imgui_key("ctrl+q")
    assert not program.wait_exit(0.5), "Ctrl+Q with unsaved changes quit without asking"
    cancel_then_discard(program)
    assert program.state()["unsaved_changes"] is True, "the edit did not count as unsaved"
    assert not os.path.exists(case.path(SAVED_SESSION)), "Discard saved"


def test_quit_prompt_over_open_combo(case):
    """An edit (O), the Goal combo under the chain table opened with a click, then Ctrl+Q:
    the prompt must appear (ImGui 1.86 asserted here: the combo closed and the combo's
    tooltip appeared for the first time after the new prompt, app/ui/panels.h), Escape keeps
    the program, and Ctrl+Q, D quits it cleanly."""
    before = case.run(frames=2, state="before.json").state
    combo = rect_point(before, "goal_space", dx=20, dy=10)
    program = case.start(state="after.json")
    program.key("o")
    program.click(*combo)
    program.screenshot()  # the open combo, to look at
    program.key("ctrl+q")
    assert not program.wait_exit(0.5), f"Ctrl+Q over the open combo ended the program: {program.log_tail()}"
    cancel_then_discard(program)
    assert program.state()["unsaved_changes"] is True, "the edit did not count as unsaved"
    assert len(case.screenshots()) == 2, "F12 did not write two screenshots"


def write_zenity_stand_in(case):
    """A stand-in "zenity" (first on PATH): records its command line and answers a path
    after a second, as the real one does when the user picks a file; with fail-next present
    it fails (exit status 5)."""
    folder = Path(case.path("bin"))
    folder.mkdir()
    script = folder / "zenity"
    script.write_text("#!/bin/sh\n"
                      f"printf '%s\\n' \"$@\" > '{case.path('zenity-args.txt')}'\n"
                      f"[ -e '{case.path('fail-next')}' ] && exit 5\n"
                      "sleep 1\n"
                      f"echo '{case.path('picked.session.json')}'\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(folder)


def test_native_dialog_saves_and_remembers(case):
    """Ctrl+S with the desktop dialog (a stand-in zenity): the session is written where it
    said, the program kept drawing while the dialog was open, and the file is at the top of
    the recent-files list in the config folder. Then a dialog that fails (exit status 5)
    falls back to the path popup, with the reason in the status line."""
    picked = case.path("picked.session.json")
    bin_folder = write_zenity_stand_in(case)
    program = case.start(state="after.json", IKSCOPE_FILE_DIALOG="", PATH=f"{bin_folder}:{os.environ['PATH']}")
    program.imgui_key("ctrl+s")
    wait_for_file(picked, "the session was not written where the dialog said")
    args = Path(case.path("zenity-args.txt")).read_text().splitlines()
    assert "--save" in args, f"zenity was not asked to save: {args}"
    assert "--confirm-overwrite" in args, "zenity does not confirm overwrites"
    assert "--filename=humanoid.session.json" in args, f"no default name: {args}"
    # The list is written after the session (it names a file that exists).
    recent = Path(case.path("config/ikscope/recent-files.txt"))
    wait_until(lambda: recent.exists() and picked in recent.read_text().splitlines(),
               lambda: f"not in the recent files: {recent.read_text() if recent.exists() else 'no list'}")
    Path(case.path("fail-next")).touch()
    program.imgui_key("ctrl+e")
    said = "exit status 5); using ikscope's own path field instead"
    wait_until(lambda: said in program.log(), lambda: f"the failure was not said: {program.log()}")
    program.frames(2)
    program.screenshot()  # the popup the failed dialog handed over to, to look at
    program.imgui_key("Escape")
    program.quit()
    assert program.state()["recent_files"][0] == picked, "state-out recent files"
