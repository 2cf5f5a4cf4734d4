"""The end-to-end driver: the real ikscope in a real window under a private Xvfb, driven by
real X input (xdotool), checked through its --state-out dump, its screenshots, its output
and its exit status. Standard library only (plus pytest for the tests that use it).

Parts:
  1. Settings: the environment ctest passes (IKSCOPE, CHECK_SCREENSHOT, SHARED, OUT)
  2. Xvfb: one X server per test, on the display it picks itself (-displayfd)
  3. FramePing: waits for the program's next frames (_NET_WM_PING through libX11)
  4. Program: one interactive run: start, click, drag, keys, screenshot, quit, state
  5. Case: a test's own folder, X server, batch runs (--frames ...) and screenshot checks
  6. Small helpers: JSON, rectangles
"""

import ctypes
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

# --- 1. Settings ----------------------------------------------------------------------------

SOURCE_DIR = Path(__file__).resolve().parent.parent.parent
ASSETS = SOURCE_DIR / "assets"


def _setting(name, default):
    """An environment path, absolute: programs run in their case's folder."""
    return Path(os.environ.get(name, default)).absolute()


IKSCOPE = str(_setting("IKSCOPE", SOURCE_DIR / "build/release/ikscope"))
CHECK_SCREENSHOT = str(_setting("CHECK_SCREENSHOT", SOURCE_DIR / "build/release/tests/e2e/check_screenshot"))
SHARED = _setting("SHARED", SOURCE_DIR.parent / "shared")
OUT = _setting("OUT", SOURCE_DIR / "build/e2e-out")
SAMPLES = SHARED / "gltf-samples"
# The rigs the cases open most.
HUMANOID = ASSETS / "humanoid.gltf"         # the built-in rig, opened when no file is given
MIXAMO_RIG = ASSETS / "mixamo_rig.gltf"
CESIUM_GLB = SAMPLES / "CesiumMan/glTF-Binary/CesiumMan.glb"
CESIUM_GLTF = SAMPLES / "CesiumMan/glTF/CesiumMan.gltf"
SAVED_SESSION = "humanoid.session.json"     # the save popup's default name: in the case's folder

# The sanitizer preset's library to preload into the program, and only the program
# (CMakePresets.json; tests/lsan.supp says why): preloaded into every process ctest starts,
# it cost each xdotool call, X server and Python 0.1 s and a core to load.
PROGRAM_PRELOAD = os.environ.get("IKSCOPE_PRELOAD", "")

# Between the steps of a drag: each step is one motion event, which the program reads in
# order, so a step needs no frame of its own; the pause spreads the drag as a hand would.
STEP_PAUSE = 0.05
# How long a frame may take at most, under load and under AddressSanitizer: beyond it a
# wait for the program is a failure.
FRAME_TIMEOUT = 20.0


# --- 2. Xvfb --------------------------------------------------------------------------------

class Xvfb:
    """A private X server. -displayfd: the server picks a free display number and writes it
    to the pipe, so tests running side by side never race for one. -noreset: by default the
    server resets when its last client leaves, and a client connecting during the reset is
    refused (SDL would then fall back to an invisible window); here programs come and go."""

    def __init__(self, log_path, screen="1280x800x24"):
        read_end, write_end = os.pipe()
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,), stdout=self.log, stderr=subprocess.STDOUT)
        os.close(write_end)
        try:
            number = self._read_display(read_end)
        finally:
            os.close(read_end)
        if number is None:
            self.stop()
            raise RuntimeError(f"Xvfb did not start: {Path(log_path).read_text()}")
        self.name = f":{number}"
        self._ping = None

    @staticmethod
    def _read_display(fd, timeout=10.0):
        data, end = b"", time.time() + timeout
        while b"\n" not in data and time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 64)
                if not chunk:
                    break
                data += chunk
        return data.split(b"\n")[0].decode() if b"\n" in data else None

    def ping(self):
        if self._ping is None:
            self._ping = FramePing(self.name)
        return self._ping

    def stop(self):
        if self._ping is not None:
            self._ping.close()
            self._ping = None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


# --- 3. FramePing ---------------------------------------------------------------------------

class _ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xclient", _ClientMessage), ("pad", ctypes.c_long * 24)]


# Xlib's default error handler ends the process: a ping to a window that just closed (the
# program quitting) would end the test run. Errors are ignored; a ping that is not answered
# is the failure.
_IGNORE_X_ERRORS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda display, error: 0)


def _libx11():
    x = ctypes.CDLL("libX11.so.6")
    x.XSetErrorHandler(_IGNORE_X_ERRORS)
    pointer, window = ctypes.c_void_p, ctypes.c_ulong
    x.XOpenDisplay.restype, x.XOpenDisplay.argtypes = pointer, [ctypes.c_char_p]
    x.XDefaultRootWindow.restype, x.XDefaultRootWindow.argtypes = window, [pointer]
    x.XInternAtom.restype, x.XInternAtom.argtypes = ctypes.c_ulong, [pointer, ctypes.c_char_p, ctypes.c_int]
    x.XSelectInput.argtypes = [pointer, window, ctypes.c_long]
    x.XSendEvent.argtypes = [pointer, window, ctypes.c_int, ctypes.c_long, ctypes.POINTER(_XEvent)]
    x.XFlush.argtypes = x.XPending.argtypes = x.XConnectionNumber.argtypes = x.XCloseDisplay.argtypes = [pointer]
    x.XNextEvent.argtypes = [pointer, ctypes.POINTER(_XEvent)]
    return x


class FramePing:
    """Waits until the program has begun a new frame, without guessing how long frames take
    (75-450 ms under Xvfb's software GL on a busy machine). SDL answers a window manager's
    _NET_WM_PING (sent to its window) by sending it back to the root window, and does so
    while it reads its X events: in ikscope, at the start of each frame (poll_events). The
    xdotool commands before a ping have finished (xdotool syncs with the server as it
    exits), so their events are queued ahead of the ping: the answer means the program read
    them, and the frame that read them acts on them."""

    CLIENT_MESSAGE, SUBSTRUCTURE_NOTIFY = 33, 1 << 19

    def __init__(self, display_name):
        self.x = _libx11()
        self.display = self.x.XOpenDisplay(display_name.encode())
        if not self.display:
            raise RuntimeError(f"cannot open X display {display_name}")
        self.root = self.x.XDefaultRootWindow(self.display)
        self.x.XSelectInput(self.display, self.root, self.SUBSTRUCTURE_NOTIFY)  # where the answers go
        self.protocols = self.x.XInternAtom(self.display, b"WM_PROTOCOLS", 0)
        self.ping_atom = self.x.XInternAtom(self.display, b"_NET_WM_PING", 0)
        self.serial = 0

    def round_trip(self, window, alive, timeout=FRAME_TIMEOUT):
        """Pings `window`; True once answered, False if `alive()` turns false first."""
        self.serial += 1
        event = _XEvent()
        message = event.xclient
        message.type, message.window, message.message_type, message.format = (
            self.CLIENT_MESSAGE, window, self.protocols, 32)
        message.data[0], message.data[1], message.data[2] = self.ping_atom, self.serial, window
        self.x.XSendEvent(self.display, window, 0, 0, ctypes.byref(event))
        self.x.XFlush(self.display)
        end = time.time() + timeout
        while time.time() < end:
            while self.x.XPending(self.display):
                self.x.XNextEvent(self.display, ctypes.byref(event))
                if (event.type == self.CLIENT_MESSAGE and message.data[0] == self.ping_atom
                        and message.data[1] == self.serial):
                    return True
            if not alive():
                return False
            select.select([self.x.XConnectionNumber(self.display)], [], [], 0.05)
        raise TimeoutError(f"the program answered no ping for {timeout} s (a frame that long)")

    def close(self):
        self.x.XCloseDisplay(self.display)


# --- 4. Program -----------------------------------------------------------------------------

class Program:
    """One interactive run of ikscope in the case's X server, writing --state-out on exit.
    Positions are window points (the dump's window and ui_rects coordinates)."""

    def __init__(self, case, args, state, env):
        self.case, self.state_path = case, case.path(state)
        self.display = case.display()
        self.log_path = case.path(f"{Path(state).stem}.log")
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen([IKSCOPE, *case.program_options(), *map(str, args),
                                             "--state-out", self.state_path],
                                            cwd=case.out, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.window = self._wait_for_window()
        # Keys go to the focused window; with no window manager, say which one it is.
        self.xdo("windowfocus", self.window)
        self.frames(3)  # ImGui lays its windows out over the first frames

    def _wait_for_window(self, timeout=60.0):
        """The title becomes "ikscope - FILE" in the first frame (app/main.cpp, poll_events):
        from then on the program reads input. Polled, not `xdotool search --sync`, so a
        program that dies at start fails the test at once."""
        end = time.time() + timeout
        while time.time() < end:
            found = subprocess.run(["xdotool", "search", "--name", "^ikscope - "], env=self.case.env(),
                                   capture_output=True, text=True)
            if found.returncode == 0 and found.stdout.split():
                return int(found.stdout.split()[0])
            assert self.running(), f"ikscope exited with {self.process.returncode} before its window: {self.log()}"
            time.sleep(0.05)
        raise AssertionError(f"no ikscope window after {timeout} s")

    # Input ----------------------------------------------------------------------------

    def xdo(self, *args):
        subprocess.run(["xdotool", *map(str, args)], env=self.case.env(), check=True)

    def frames(self, count=2):
        """Waits until the program has begun `count` more frames (or exited). After one,
        the input sent so far is read; after two, the frame that read it is drawn. Pings
        30 ms apart: a frame's reading of events takes far less, so two answers are two
        frames."""
        ping = self.display.ping()
        for i in range(count):
            if i:
                time.sleep(0.03)
            if not ping.round_trip(self.window, self.running):
                return

    def move(self, x, y):
        self.xdo("mousemove", "--window", self.window, round(x), round(y))

    def hover(self, x, y):
        """The mouse to (x, y), resting until ImGui has drawn a frame with it there: ImGui
        takes a press only on an item it saw hovered."""
        self.move(x, y)
        self.frames(2)

    def click(self, x, y, button=1):
        self.hover(x, y)
        self.xdo("click", button)
        self.frames(2)

    def drop_file(self, path, x=None, y=None):
        """`path` dropped on the window (XDND, as a file manager drops it: file_drop.py), at
        window point (x, y) or the window's middle."""
        from file_drop import drop_file  # python3-xlib: only the drop tests need it
        if x is None:
            size = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(self.window)], env=self.case.env(),
                                  capture_output=True, text=True, check=True).stdout
            values = dict(line.split("=") for line in size.split())
            x, y = int(values["WIDTH"]) / 2, int(values["HEIGHT"]) / 2
        drop_file(self.case.env()["DISPLAY"], self.window, x, y, path)
        self.frames(3)

    def press(self, x, y):
        """A click held over a frame (ImGui table rows act on the release of a press they saw)."""
        self.hover(x, y)
        self.xdo("mousedown", 1)
        self.frames(2)
        self.xdo("mouseup", 1)
        self.frames(2)

    def key(self, combo):
        """A key the program reads from SDL's event queue (viewport shortcuts): no hold needed."""
        self.xdo("key", combo)
        self.frames(2)

    def imgui_key(self, combo):
        """A key for ImGui (popups, prompts, its shortcuts): ImGui 1.86 misses a press and
        release read in the same frame, so the key is held until a frame has read the press
        (and no longer: ImGui repeats a key held past 0.25 s)."""
        self.xdo("keydown", combo)
        self.frames(1)
        self.xdo("keyup", combo)
        self.frames(2)

    def drag(self, start, step=None, steps=10, to=None, modifier=None, button=1, step_pause=STEP_PAUSE):
        """The one drag: press at `start`, move in `steps` equal steps (each `step` points,
        or together to `to`), release. The press, the last position and the release each get
        a frame, so ImGui widgets (splitters, sliders, gizmo arrows) see them as well as the
        viewport, which reads every event. `modifier` (e.g. "ctrl", "x") is held around the
        whole drag: the program reads modifiers when it handles the press. `button`: 2 is
        the middle one (orbit, pan)."""
        x0, y0 = start
        if to is None:
            to = (x0 + steps * step[0], y0 + steps * step[1])
        self.hover(x0, y0)
        if modifier:
            self.xdo("keydown", modifier)
            self.frames(1)
        self.xdo("mousedown", button)
        self.frames(2)
        for k in range(1, steps + 1):
            self.move(x0 + round(k * (to[0] - x0) / steps), y0 + round(k * (to[1] - y0) / steps))
            time.sleep(step_pause)
        self.frames(2)
        self.xdo("mouseup", button)
        self.frames(2)
        if modifier:
            self.xdo("keyup", modifier)
            self.frames(1)

    def screenshot(self):
        """F12: waits for the file (ikscope-DATE-TIME.png in the case's folder) and returns
        its path. Its name carries the second: a shot waits for a second with no shot yet
        (this program's or an earlier one's), else it would write over that file."""
        before = set(self.case.screenshots())
        latest = max((Path(p).name for p in before), default="")
        while time.strftime("ikscope-%Y%m%d-%H%M%S.png") <= latest:
            time.sleep(0.05)
        self.xdo("key", "F12")
        end = time.time() + FRAME_TIMEOUT
        while time.time() < end:
            new = [p for p in self.case.screenshots() if p not in before and _png_complete(p)]
            if new:
                return new[0]
            assert self.running(), "ikscope exited instead of taking a screenshot"
            time.sleep(0.05)
        raise AssertionError("F12 wrote no screenshot")

    # Ending ---------------------------------------------------------------------------

    def running(self):
        return self.process.poll() is None

    def wait_exit(self, timeout):
        """True if the program ended within `timeout` seconds."""
        try:
            self.process.wait(timeout=timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def assert_exits(self, timeout, message):
        """Waits for the program to end by itself; kills it and fails with `message` if it
        does not, fails if it ended with an error."""
        if not self.wait_exit(timeout):
            self.kill()
            raise AssertionError(message)
        assert self.process.returncode == 0, f"ikscope exited with {self.process.returncode}: {self.log_tail()}"

    def confirm_save(self, path, message, shot=False):
        """Return in the save popup Ctrl+S just asked for, until `path` is written: the popup's
        field takes the keyboard a frame after it opens, and on a loaded machine a key sent at
        once can land before that (CI saw "wrote no session" so). So when nothing is written
        within 4 s, Ctrl+S (the same popup, the same path) and Return once more, three tries
        in all. `shot`: an F12 of the popup first."""
        self.frames(2)
        if shot:
            self.screenshot()
        for attempt in range(3):
            if attempt > 0:
                self.imgui_key("ctrl+s")
                self.frames(2)
            self.imgui_key("Return")
            try:
                wait_for_file(path, message, timeout=4 if attempt < 2 else FRAME_TIMEOUT)
                return
            except AssertionError:
                if attempt == 2:
                    raise

    def quit(self):
        """Quits the way a user does: Ctrl+Q; if it asks about unsaved edits, D discards them.
        On a loaded machine the prompt can open a frame after a D was read (CI saw one run end
        with the prompt up): D again while it is still running, and Ctrl+Q once more half way."""
        self.xdo("key", "ctrl+q")
        self.frames(2)
        for attempt in range(6):
            if self.wait_exit(0.5 if attempt == 0 else 2):
                break
            if attempt == 3:
                self.xdo("key", "ctrl+q")
                self.frames(2)
            self.imgui_key("d")
        self.assert_exits(20, "Ctrl+Q did not quit")

    def kill(self):
        if self.running():
            self.process.kill()
            self.process.wait()

    def log(self):
        return Path(self.log_path).read_text(errors="replace")

    def log_tail(self, lines=20):
        return "\n".join(self.log().splitlines()[-lines:])

    def state(self):
        return read_json(self.state_path)


def _png_complete(path):
    """The PNG's last chunk (IEND) is written: the program has finished the file."""
    try:
        with open(path, "rb") as f:
            f.seek(-12, os.SEEK_END)
            return f.read(8)[4:] == b"IEND"
    except OSError:
        return False


# --- 5. Case --------------------------------------------------------------------------------

class Batch:
    """A finished run without interaction: exit code, output, and its --state-out dump."""

    def __init__(self, code, stdout, stderr, state_path):
        self.code, self.stdout, self.stderr, self.state_path = code, stdout, stderr, state_path

    @property
    def state(self):
        return read_json(self.state_path)


class Case:
    """One test's world: its folder OUT/NAME (made afresh; programs run in it, so F12 and
    relative paths land there), its config folder (the recent-files list, panels.ini: never
    the user's), its X servers, started when first needed, and its programs."""

    def __init__(self, name):
        self.name = name
        self.out = OUT / name
        shutil.rmtree(self.out, ignore_errors=True)
        self.out.mkdir(parents=True)
        self.extra_env = {
            # ikscope's own path popup unless a case asks for the desktop dialog.
            "IKSCOPE_FILE_DIALOG": "popup",
            "XDG_CONFIG_HOME": str(self.out / "config"),
            # X11 or nothing: SDL would otherwise fall back to an invisible offscreen window.
            "SDL_VIDEODRIVER": "x11",
        }
        self._displays = {}
        self._programs = []
        # Antialiasing off (--msaa 0): under Xvfb's software GL (llvmpipe) the 4 samples
        # a user gets by default cost two thirds of every frame's CPU time, and no check
        # here looks at edges. The screenshot cases set 4, the picture a user sees.
        self.msaa = 0

    def program_options(self):
        """The options every run of the program gets before the case's own."""
        return ["--msaa", str(self.msaa)]

    def path(self, name):
        return str(self.out / name)

    def display(self, screen="1280x800x24"):
        if screen not in self._displays:
            self._displays[screen] = Xvfb(self.path(f"xvfb-{screen}.log"), screen)
        return self._displays[screen]

    def env(self, screen=None, **extra):
        env = dict(os.environ)
        env.update(self.extra_env)
        env.update(extra)
        display = self._displays.get(screen) if screen else next(iter(self._displays.values()), None)
        if display is not None:
            env["DISPLAY"] = display.name
        return env

    def program_env(self, screen=None, **extra):
        """env() for the program itself: with the sanitizer preset's preload."""
        env = self.env(screen, **extra)
        if PROGRAM_PRELOAD:
            env["LD_PRELOAD"] = PROGRAM_PRELOAD
        return env

    def start(self, *args, state="after.json", **env):
        """Starts the program interactively (its window up and drawing); see Program."""
        self.display()
        program = Program(self, args, state, self.program_env(**env))
        self._programs.append(program)
        return program

    def run(self, *args, state=None, screenshot=None, frames=None, expect=0, label="run", screen=None,
            window=True, what="ikscope", timeout=300, **env):
        """A batch run: `ikscope ARGS [--frames N] [--screenshot PNG] [--state-out JSON]`,
        no input. Checks the exit code is `expect` (None: any) and returns the Batch. Output
        is kept in LABEL.out.txt and LABEL.err.txt. window=False: no X server (no window)."""
        command = [IKSCOPE, *self.program_options(), *map(str, args)]
        if frames is not None:
            command += ["--frames", str(frames)]
        if screenshot:
            command += ["--screenshot", self.path(screenshot)]
        if state:
            command += ["--state-out", self.path(state)]
        if window:
            self.display(screen or "1280x800x24")
        done = subprocess.run(command, cwd=self.out, env=self.program_env(screen=screen, **env), capture_output=True,
                              text=True, errors="replace", timeout=timeout)
        Path(self.path(f"{label}.out.txt")).write_text(done.stdout)
        Path(self.path(f"{label}.err.txt")).write_text(done.stderr)
        if expect is not None:
            assert done.returncode == expect, f"{what} exited with {done.returncode}: {done.stderr}{done.stdout}"
        return Batch(done.returncode, done.stdout, done.stderr, self.path(state) if state else None)

    def check_screenshot(self, shot, state):
        """check_screenshot: the picture against the program's own dump (check_screenshot.cpp)."""
        self._check_screenshot_tool(self.path(shot), self.path(state))

    def check_differ(self, a, b, min_pixels):
        """check_screenshot --differ: two pictures differ in at least `min_pixels` pixels."""
        self._check_screenshot_tool("--differ", self.path(a), self.path(b), str(min_pixels))

    @staticmethod
    def _check_screenshot_tool(*args):
        done = subprocess.run([CHECK_SCREENSHOT, *args], capture_output=True, text=True)
        print(done.stdout + done.stderr)
        assert done.returncode == 0, f"check_screenshot {' '.join(args)}: {done.stderr}{done.stdout}"

    def screenshots(self):
        """The F12 screenshots in the case's folder, oldest name first."""
        return sorted(str(p) for p in self.out.glob("ikscope-*.png"))

    def close(self):
        """Ends what the case started (by its own handles), programs first."""
        for program in self._programs:
            program.kill()
        for display in self._displays.values():
            display.stop()


# --- 6. Small helpers ------------------------------------------------------------------------

def read_json(path):
    with open(path) as f:
        return json.load(f)


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f)


def write_session(path, rig, chains, **more):
    """A session file (io/session/session.h) of `rig` with `chains`, and any more top-level fields."""
    write_json(path, {"format": "ikscope-session", "version": 1, "rig_path": str(rig), "chains": chains, **more})
    return str(path)


def rect_point(state, name, dx=None, dy=None):
    """A point of the dump's ui_rects[name] (x, y, width, height): its centre, or dx, dy from
    its top left corner."""
    x, y, w, h = state["ui_rects"][name]
    return (round(x + (w / 2 if dx is None else dx)), round(y + (h / 2 if dy is None else dy)))


def joint_named(state, name):
    return next(j for j in state["joints"] if j["name"] == name)


def chain_ending_at(state, effector_name):
    """Index of the chain whose effector is the joint `effector_name`."""
    return next(i for i, c in enumerate(state["chains"]) if state["joints"][c["effector"]]["name"] == effector_name)


def window_point(point):
    """A dump's window position, rounded to whole points as a mouse goes."""
    return (round(point[0]), round(point[1]))


def wait_until(condition, message, timeout=FRAME_TIMEOUT):
    """Polls `condition` until it holds; fails with `message` (a string, or a function that
    makes one) after `timeout` seconds."""
    end = time.time() + timeout
    while not condition():
        if time.time() > end:
            raise AssertionError(message() if callable(message) else message)
        time.sleep(0.05)


def nonempty(path):
    """`path` exists and is not empty (the shell's test -s)."""
    return os.path.exists(path) and os.path.getsize(path) > 0


def wait_for_file(path, message, timeout=FRAME_TIMEOUT):
    """Waits until `path` exists and is not empty."""
    wait_until(lambda: nonempty(path), message, timeout)
