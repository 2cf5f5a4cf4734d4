#!/usr/bin/python3
"""Drives the real ikscope for a long session with random real input (xdotool), on the X
server in $DISPLAY (long_session.sh starts a private Xvfb). Standard library only.

    long_session_drive.py --ikscope BIN --shared DIR --out DIR --seconds N --reference S [--seed K]

What it does, in order:
  1. writes broken rig and session files into OUT/files (truncated .glb, invalid JSON, a
     node cycle, two parents, a zero scale, a missing .bin, garbage behind a glTF header,
     an accessor far past its buffer, an empty file, a folder, a missing path, ...);
  2. runs `ikscope FILE --frames 3 --state-out` once per good rig (assets/*.gltf and every
     .gltf/.glb of SHARED/gltf-samples) to learn where its joints and goal handles are on
     screen right after it is opened (the "home" view);
  3. starts `ikscope --state-out OUT/state.json` and drives it until N seconds have
     passed since its window appeared:
       - a tour: the good rigs opened largest first, one goal dragged on each;
       - around second S (the memory reference) and at the end, the same settled scene:
         the built-in humanoid opened afresh and left idle for a few seconds, so the two
         memory samples compare like with like (what a rig costs is not a leak);
       - in between, random actions with fixed weights (see ACTIONS);
  4. quits with Ctrl+Q and waits; prints a summary and writes OUT/driver.json.
Exit status: ikscope's, or 1 if it died during the session or did not quit.

Goal handles and joints are only known on screen in the home view. The driver keeps a
small model of the view: opening a good rig restores home (the camera is framed anew,
yaw and pitch kept), so every orbit is remembered and undone before the next open;
pan, zoom and F leave home until the next open; a goal dragged in the camera plane
follows the mouse, so its new screen position is known; undo, redo and axis-locked drags
forget goals. Outside home, presses land on random viewport points (still real input).
"""

import argparse
import json
import os
import random
import struct
import subprocess
import sys
import time

ORBIT_RADIANS_PER_PIXEL = 0.005  # render/camera.cpp kOrbitRadiansPerPixel
START_PITCH = 0.25               # render/camera.h Camera::pitch
PITCH_KEPT_WITHIN = 1.2          # radians; the camera clamps at 1.56, which would break undoing an orbit
FRAME_WAIT = 0.5                 # seconds: longer than the slowest ordinary frame (see Session.move)

# Random actions and their weights (per hundred).
ACTIONS = [
    ("drag_goal", 30),
    ("click_joint", 8),
    ("click_panel", 10),
    ("orbit", 8),
    ("pan", 4),
    ("zoom", 5),
    ("key", 17),
    ("open_good", 6),
    ("open_broken", 6),
    ("save_session", 2),
    ("open_session", 2),
    ("export", 1),
    ("scroll_panel", 1),
]
# Keys (xdotool names); those that change what the driver knows are handled in key().
KEYS = ["f", "r", "m", "space", "ctrl+z", "ctrl+shift+z", "ctrl+y", "F1", "Escape"]


def log(*parts):
    print(*parts, flush=True)


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


# --- 1. broken files -------------------------------------------------------------------

def gltf_text(nodes, extra=None):
    doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes}
    doc.update(extra or {})
    return json.dumps(doc)


def write_broken_files(folder, shared, rng):
    """Writes files ikscope must refuse with one message each; returns their paths (and
    a few paths that are not files at all)."""
    os.makedirs(folder, exist_ok=True)
    samples = os.path.join(shared, "gltf-samples")
    glb = open(os.path.join(samples, "RiggedSimple/glTF-Binary/RiggedSimple.glb"), "rb").read()
    simple_gltf = open(os.path.join(samples, "RiggedSimple/glTF/RiggedSimple.gltf")).read()
    files = {
        "truncated.glb": glb[:1000],
        "truncated_header.glb": glb[:10],
        "wrong_magic.glb": b"glTX" + glb[4:],
        "garbage_after_header.glb": glb[:20] + bytes(rng.randrange(256) for _ in range(4000)),
        "empty.glb": b"",
        "empty.gltf": b"",
        "invalid_json.gltf": b'{"asset": {"version": "2.0"}, "nodes": [{"name": "a",, }]',
        "not_an_object.gltf": b"[1, 2, 3]",
        "cycle.gltf": gltf_text([{"children": [1]}, {"children": [2]}, {"children": [1]}]).encode(),
        "two_parents.gltf": gltf_text([{"children": [2]}, {"children": [2]}, {}]).encode(),
        "zero_scale.gltf": gltf_text([{"children": [1]}, {"scale": [0, 1, 1]}]).encode(),
        "bad_child.gltf": gltf_text([{"children": [7]}]).encode(),
        "no_nodes.gltf": b'{"asset": {"version": "2.0"}}',
        # A skin whose inverse bind matrices claim far more than their buffer holds.
        "accessor_past_buffer.gltf": gltf_text(
            [{"children": [1]}, {}],
            {"skins": [{"joints": [0, 1], "inverseBindMatrices": 0}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1000000000, "type": "MAT4"}],
             "bufferViews": [{"buffer": 0, "byteLength": 128}],
             "buffers": [{"byteLength": 128, "uri": "data:application/octet-stream;base64," + "A" * 172}]}).encode(),
        # The sample's JSON without its .bin beside it.
        "missing_bin.gltf": simple_gltf.encode(),
    }
    paths = []
    for name, data in files.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    os.makedirs(os.path.join(folder, "a_folder.gltf"), exist_ok=True)
    paths += [os.path.join(folder, "a_folder.gltf"), os.path.join(folder, "there_is_no_such_file.glb")]
    return paths


def write_broken_sessions(folder):
    sessions = {
        "session_invalid_json.json": '{"format": "ikscope-session", "version": 1, "chains": [',
        "session_wrong_format.json": '{"format": "something-else", "version": 1}',
        "session_missing_rig.json": json.dumps({"format": "ikscope-session", "version": 1,
                                                 "rig_path": "no_such_rig.gltf", "chains": []}),
    }
    paths = []
    for name, text in sessions.items():
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    return paths


# --- 2. home views ---------------------------------------------------------------------

def good_rigs(source, shared):
    rigs = [os.path.join(source, "assets", n) for n in sorted(os.listdir(os.path.join(source, "assets")))
            if n.endswith(".gltf")]
    for root, _, names in sorted(os.walk(os.path.join(shared, "gltf-samples"))):
        rigs += [os.path.join(root, n) for n in sorted(names) if n.endswith((".gltf", ".glb"))]
    return rigs


def home_view(ikscope, rig, path):
    """What the screen shows right after `rig` opens: ikscope's own --state-out dump."""
    subprocess.run([ikscope, rig, "--frames", "3", "--state-out", path], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, SDL_VIDEODRIVER="x11"))
    with open(path) as f:
        return json.load(f)


# --- 3. the session ---------------------------------------------------------------------

class Session:
    def __init__(self, args, wid, homes, broken, broken_sessions, rng):
        self.args, self.wid, self.homes, self.rng = args, wid, homes, rng
        self.broken, self.broken_sessions = broken, broken_sessions
        self.saved_sessions = []
        self.start = time.time()
        self.actions_log = open(os.path.join(args.out, "actions.log"), "w")  # seconds since the window appeared, action
        self.counts = {}
        self.goal_drags = 0        # the tour's and the random ones
        self.aimed_goal_drags = 0  # of those, pressed on a handle the view model knew
        # The model of the view (see the module comment).
        self.home = None          # the home dump of the open rig while the view is home
        self.goals = {}           # chain index -> [x, y] window position, while known
        self.pose_at_rest = False  # joints where the home dump has them
        self.orbit = [0, 0]       # pixels orbited since the last home view
        self.help_open = False
        # A panel click may have left a combo open, a path popup may still be open (its
        # Return missed): either takes every press until closed.
        self.ui_may_hold_input = False
        self.file_number = 0
        first = next(iter(homes.values()))
        self.viewport = first["viewport"]  # x, y, width, height in window pixels (no HiDPI here)
        self.window = first["window"]

    def count(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1
        self.actions_log.write(f"{time.time() - self.start:7.1f} {name}\n")
        self.actions_log.flush()

    # Input primitives. The program's own keys and the viewport read SDL events, which
    # queue; but ImGui 1.86 reads the mouse position once per frame and misses a key pressed
    # and released within one frame. Frames take 75-450 ms under Xvfb's software GL on a
    # busy machine, so the mouse rests FRAME_WAIT before a click meant for ImGui and keys
    # meant for ImGui (Return, Escape, Ctrl+A in a text field) are held as long.
    def move(self, x, y):
        xdo("mousemove", "--window", self.wid, round(x), round(y))

    def click(self, x, y, button=1, wait=0.2):
        self.move(x, y)
        time.sleep(wait)
        xdo("click", button)
        time.sleep(0.15)

    def key(self, combo, hold=0.15):
        xdo("keydown", combo)
        time.sleep(hold)
        xdo("keyup", combo)
        time.sleep(0.1)

    def imgui_key(self, combo):
        self.key(combo, FRAME_WAIT)

    def drag(self, start, end, button=1, hold_key=None, steps=8):
        self.move(*start)
        time.sleep(0.15)
        if hold_key:
            xdo("keydown", hold_key)
            time.sleep(0.1)
        xdo("mousedown", button)
        for k in range(1, steps + 1):
            f = k / steps
            self.move(start[0] + f * (end[0] - start[0]), start[1] + f * (end[1] - start[1]))
            time.sleep(0.04)
        time.sleep(0.1)
        xdo("mouseup", button)
        if hold_key:
            xdo("keyup", hold_key)
        time.sleep(0.15)

    def viewport_point(self, margin=0.1):
        x, y, w, h = self.viewport
        return [round(x + w * self.rng.uniform(margin, 1 - margin)), round(y + h * self.rng.uniform(margin, 1 - margin))]

    def tidy(self):
        """Closes the path popup or ends a text edit (Escape) and any open combo (a click on
        the status line), so the next key or press reaches the viewport."""
        self.imgui_key("Escape")
        self.click(self.window[0] / 2, self.window[1] - 8, wait=FRAME_WAIT)

    def ready_viewport(self):
        """Before a press that must reach the viewport: no combo or popup open, no help
        window over it."""
        if self.ui_may_hold_input:
            self.tidy()
            self.ui_may_hold_input = False
        if self.help_open:
            self.key("F1")
            self.help_open = False

    def undo_orbit(self):
        """Orbits back by what was orbited since home, so an open shows the home view."""
        self.ready_viewport()
        while self.orbit != [0, 0]:
            dx = max(-200, min(200, -self.orbit[0]))
            dy = max(-200, min(200, -self.orbit[1]))
            # Whole pixels at both ends, so the drag moves by exactly (dx, dy).
            start = [round(self.viewport[0] + self.viewport[2] / 2) - dx // 2,
                     round(self.viewport[1] + self.viewport[3] / 2) - dy // 2]
            self.drag(start, [start[0] + dx, start[1] + dy], hold_key="alt")
            self.orbit[0] += dx
            self.orbit[1] += dy

    def type_path(self, command, path):
        """Ctrl+O, Ctrl+Shift+O, Ctrl+S or Ctrl+E: the popup's field gets `path`, then Return."""
        self.tidy()
        self.key(command)
        time.sleep(2 * FRAME_WAIT)  # the popup opens, then its field takes the keyboard
        self.imgui_key("ctrl+a")      # the suggested path selected, so typing replaces it
        xdo("type", "--delay", 4, path)
        time.sleep(0.1)
        self.imgui_key("Return")
        time.sleep(FRAME_WAIT)  # the file opens or is written during the next frame
        self.ui_may_hold_input = True

    # Actions ---------------------------------------------------------------------------

    def open_good(self, rig=None):
        rig = rig or self.rng.choice(list(self.homes))
        self.undo_orbit()
        self.type_path("ctrl+o", rig)
        self.home = self.homes[rig]
        self.goals = {i: list(c["goal_window"]) for i, c in enumerate(self.home["chains"])}
        self.pose_at_rest = True

    def open_broken(self):
        self.type_path("ctrl+o", self.rng.choice(self.broken))

    def save_session(self):
        # Only with no orbit outstanding: a session keeps the camera, and opening it later
        # must not move the view away from what the driver believes.
        self.undo_orbit()
        self.file_number += 1
        path = os.path.join(self.args.out, "sessions", f"session{self.file_number}.json")
        self.type_path("ctrl+s", path)
        if os.path.exists(path):
            self.saved_sessions.append(path)

    def open_session(self):
        candidates = self.saved_sessions + self.broken_sessions
        self.type_path("ctrl+shift+o", self.rng.choice(candidates))
        self.home, self.goals, self.pose_at_rest = None, {}, False  # maybe another rig, another camera

    def export(self):
        self.file_number += 1
        ext = self.rng.choice([".gltf", ".glb"])
        self.type_path("ctrl+e", os.path.join(self.args.out, "exports", f"export{self.file_number}{ext}"))

    def drag_goal(self):
        # Orbit, pan, zoom and F leave the home view for good; half the drags outside it
        # open a rig first, so most drags press on a real handle.
        if not (self.home and self.goals) and self.rng.random() < 0.5:
            self.open_good()
        self.ready_viewport()
        self.goal_drags += 1
        if self.home and self.goals:
            chain = self.rng.choice(sorted(self.goals))
            start = self.goals[chain]
            self.aimed_goal_drags += 1
        else:
            chain, start = None, self.viewport_point()
        end = self.viewport_point(0.15)
        # Now and then along one axis (X, Y or Z held): then the goal leaves the mouse.
        axis = self.rng.choice(["x", "y", "z"]) if self.rng.random() < 0.15 else None
        self.drag([round(start[0]), round(start[1])], end, hold_key=axis)
        if chain is not None:
            if axis:
                del self.goals[chain]
            else:  # the goal keeps its offset from the mouse: it moved as the mouse did
                self.goals[chain] = [start[0] + end[0] - round(start[0]), start[1] + end[1] - round(start[1])]
        self.pose_at_rest = False

    def click_joint(self):
        self.ready_viewport()
        if self.home and self.pose_at_rest:
            joint = self.rng.choice(self.home["joints"])
            self.click(*joint["window"])
        else:
            self.click(*self.viewport_point())

    def click_panel(self):
        x, y, w, _ = self.viewport
        left = self.rng.random() < 0.5
        px = self.rng.uniform(5, x - 5) if left else self.rng.uniform(x + w + 5, self.window[0] - 5)
        py = self.rng.uniform(30, self.window[1] - 30)  # not the menu bar (File > Quit), not the status line
        self.click(px, py, wait=FRAME_WAIT)
        self.ui_may_hold_input = True

    def orbit_view(self):
        self.ready_viewport()
        dx = self.rng.randint(-150, 150)
        # Keep the pitch well inside the camera's clamp, so undoing the orbit is exact.
        pitch = START_PITCH + self.orbit[1] * ORBIT_RADIANS_PER_PIXEL
        lo = (-PITCH_KEPT_WITHIN - pitch) / ORBIT_RADIANS_PER_PIXEL
        hi = (PITCH_KEPT_WITHIN - pitch) / ORBIT_RADIANS_PER_PIXEL
        dy = self.rng.randint(max(-100, int(lo)), min(100, int(hi)))
        start = self.viewport_point(0.3)
        if self.rng.random() < 0.5:
            self.drag(start, [start[0] + dx, start[1] + dy], hold_key="alt")  # Alt + left
        else:
            self.drag(start, [start[0] + dx, start[1] + dy], button=2)        # middle
        self.orbit[0] += dx
        self.orbit[1] += dy
        self.home = None

    def pan(self):
        self.ready_viewport()
        start = self.viewport_point(0.3)
        end = [start[0] + self.rng.randint(-120, 120), start[1] + self.rng.randint(-120, 120)]
        self.drag(start, end, button=2, hold_key="shift")
        self.home = None

    def zoom(self):
        self.ready_viewport()
        self.move(*self.viewport_point())
        time.sleep(0.1)
        xdo("click", "--repeat", self.rng.randint(1, 5), "--delay", 30, self.rng.choice([4, 5]))
        time.sleep(0.1)
        self.home = None

    def scroll_panel(self):
        self.move(self.rng.uniform(10, self.viewport[0] - 10), self.rng.uniform(120, 500))
        time.sleep(0.1)
        xdo("click", "--repeat", self.rng.randint(1, 6), "--delay", 30, self.rng.choice([4, 5]))
        time.sleep(0.1)
        self.ui_may_hold_input = True

    def press_key(self):
        k = self.rng.choice(KEYS)
        self.key(k)
        if k == "f":
            self.home = None  # framed on the current pose
        elif k.startswith("ctrl"):
            self.goals = {}   # undo / redo moved goals the driver cannot see
            self.pose_at_rest = False
        elif k == "F1":
            self.help_open = not self.help_open  # F1 works even while a text field has the keyboard
        elif k == "r":
            pass  # the pose goes to rest, then solving moves it to the goals again

    def random_action(self):
        names = [n for n, _ in ACTIONS]
        weights = [w for _, w in ACTIONS]
        name = self.rng.choices(names, weights)[0]
        if name == "open_session" and not (self.saved_sessions or self.broken_sessions):
            name = "save_session"
        {"drag_goal": self.drag_goal, "click_joint": self.click_joint, "click_panel": self.click_panel,
         "orbit": self.orbit_view, "pan": self.pan, "zoom": self.zoom, "key": self.press_key,
         "open_good": self.open_good, "open_broken": self.open_broken, "save_session": self.save_session,
         "open_session": self.open_session, "export": self.export, "scroll_panel": self.scroll_panel}[name]()
        self.count(name)

    def settle(self, rig, until, elapsed):
        """The same quiet scene at the reference second and at the end: the humanoid opened
        afresh, the mouse resting, nothing selected."""
        self.open_good(rig)
        self.key("Escape")
        self.move(self.window[0] - 20, self.window[1] - 8)
        while elapsed() < until:
            time.sleep(0.2)


def find_window(timeout):
    end = time.time() + timeout
    while time.time() < end:
        found = subprocess.run(["xdotool", "search", "--name", "^ikscope"], capture_output=True, text=True)
        if found.returncode == 0 and found.stdout.split():
            return found.stdout.split()[0]
        time.sleep(0.1)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ikscope", required=True)
    parser.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser.add_argument("--shared", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--reference", type=float, required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for sub in ("files", "homes", "sessions", "exports"):
        os.makedirs(os.path.join(args.out, sub), exist_ok=True)

    broken = write_broken_files(os.path.join(args.out, "files"), args.shared, rng)
    broken_sessions = write_broken_sessions(os.path.join(args.out, "files"))
    rigs = good_rigs(args.source, args.shared)
    homes = {rig: home_view(args.ikscope, rig, os.path.join(args.out, "homes", f"{i}.json"))
             for i, rig in enumerate(rigs)}
    humanoid = os.path.join(args.source, "assets", "humanoid.gltf")
    log(f"{len(rigs)} good rigs, {len(broken)} broken files, {len(broken_sessions)} broken sessions")

    state = os.path.join(args.out, "state.json")
    if os.path.exists(state):
        os.remove(state)
    program_log = open(os.path.join(args.out, "ikscope.log"), "w")
    # X11 or nothing: SDL would otherwise fall back to an invisible offscreen window when
    # it cannot reach the X server.
    program = subprocess.Popen([args.ikscope, "--state-out", state], cwd=args.out,
                               stdout=program_log, stderr=subprocess.STDOUT,
                               env=dict(os.environ, SDL_VIDEODRIVER="x11"))
    wid = find_window(30)
    if wid is None:
        program.kill()
        sys.exit("ikscope's window did not appear")
    # Keys go to the focused window; with no window manager, say which one it is.
    subprocess.run(["xdotool", "windowfocus", wid], check=False)
    start = time.time()
    elapsed = lambda: time.time() - start  # noqa: E731 - seconds since the window appeared

    def alive():
        if program.poll() is not None:
            sys.exit(f"FAIL: ikscope died after {elapsed():.1f} s with status {program.returncode} "
                     f"(see {program_log.name})")

    session = Session(args, wid, homes, broken, broken_sessions, rng)
    session.start = start
    time.sleep(1.0)
    phases = []
    # Tour: every good rig once, largest first, while it fits before the reference scene.
    tour_end = args.reference - 7
    for rig in sorted(rigs, key=os.path.getsize, reverse=True):
        if elapsed() > tour_end - 2:
            break
        session.open_good(rig)
        session.drag_goal()
        session.count("tour_open")
        alive()
    while elapsed() < tour_end:
        session.random_action()
        alive()
    phases.append(("reference scene", elapsed()))
    session.settle(humanoid, args.reference + 2, elapsed)
    alive()
    phases.append(("random", elapsed()))
    while elapsed() < args.seconds - 7:
        session.random_action()
        alive()
    phases.append(("final scene", elapsed()))
    session.settle(humanoid, args.seconds, elapsed)
    alive()

    session.tidy()
    session.key("ctrl+q")
    try:
        code = program.wait(timeout=20)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()
        sys.exit("FAIL: Ctrl+Q did not quit ikscope within 20 s")
    phases.append(("quit", elapsed()))
    # How well the driver's view model held: the final scene is a home view, so the camera
    # should have the home yaw and pitch (an orbit that did not reach the viewport shows here).
    view_drift = None
    if os.path.exists(state):
        with open(state) as f:
            camera = json.load(f)["camera"]
        view_drift = [camera["yaw"] - homes[humanoid]["camera"]["yaw"], camera["pitch"] - homes[humanoid]["camera"]["pitch"]]
        log(f"view model: yaw {view_drift[0]:+.3f} rad, pitch {view_drift[1]:+.3f} rad off home at the end; "
            f"{session.aimed_goal_drags} of {session.goal_drags} goal drags aimed at a known handle")
    summary = {"seconds": elapsed(), "seed": args.seed, "actions": session.counts,
               "goal_drags": session.goal_drags, "aimed_goal_drags": session.aimed_goal_drags, "phases": phases,
               "view_drift_radians": view_drift, "exit_code": code}
    with open(os.path.join(args.out, "driver.json"), "w") as f:
        json.dump(summary, f, indent=1)
    log("phases: " + ", ".join(f"{name} at {t:.1f} s" for name, t in phases))
    log("actions: " + ", ".join(f"{k} {v}" for k, v in sorted(session.counts.items())))
    log(f"ikscope exited with status {code}")
    sys.exit(code)


if __name__ == "__main__":
    main()
