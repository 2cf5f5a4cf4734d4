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
         the built-in humanoid's home session opened afresh and left idle a few seconds, so the two
         memory samples compare like with like (what a rig costs is not a leak);
       - in between, random actions with fixed weights (see ACTIONS), among them the
         timeline's (play / pause, steps, scrubs) and goal drags recorded as goal paths;
       - last, one goal of the humanoid dragged toward its chain's root: after the
         session, a drag must still move the goal with the mouse and the hand must follow;
  4. quits with Ctrl+Q, waits, checks that last drag in the final --state-out dump; prints
     a summary and writes OUT/driver.json.
Exit status: ikscope's, or 1 if it died during the session, did not quit, or the last
drag did not work.

Goal handles and joints are only known on screen in the home view. For each good rig the
driver also writes a "home session" (OUT/homes/*.session.json): that rig, its suggested
chains with their goals, and the home camera, so opening it (Ctrl+Shift+O) gives the home
view exactly, whatever was done to the camera before. Opening a rig with Ctrl+O gives its
home view too, unless the view was turned (orbit; a pan counts, in case Shift was missed).
Pan, zoom and F leave home; a goal dragged in the camera plane follows the mouse, so its new
screen position is known; undo, redo and axis-locked drags forget goals. Outside home,
presses land on random viewport points (still real input), and half the goal drags open a
home session first.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time

FRAME_WAIT = 0.5                 # seconds: longer than the slowest ordinary frame (see Session.move)

# Random actions and their weights (per hundred).
ACTIONS = [
    ("drag_goal", 28),
    ("motion", 8),
    ("click_joint", 8),
    ("click_panel", 10),
    ("orbit", 8),
    ("pan", 4),
    ("zoom", 5),
    ("key", 15),
    ("open_good", 6),
    ("open_broken", 4),
    ("save_session", 2),
    ("open_session", 2),
    ("export", 1),
    ("scroll_panel", 1),
]
# Keys (xdotool names); those that change what the driver knows are handled in key().
KEYS = ["f", "alt+r", "m", "space", "ctrl+z", "ctrl+shift+z", "ctrl+y", "F1", "Escape"]


def log(*parts):
    print(*parts, flush=True)


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


# --- 1. broken files -------------------------------------------------------------------

def gltf_text(nodes, extra=None):
    doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes}
    doc.update(extra or {})
    return json.dumps(doc)


def write_files(folder, files):
    """Writes each name -> bytes of `files` into `folder`; returns the paths, in order."""
    paths = []
    for name, data in files.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    return paths


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
    paths = write_files(folder, files)
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
    return write_files(folder, {name: text.encode() for name, text in sessions.items()})


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


def write_home_session(home, rig, path):
    """A session (io/session.h) that reopens `rig` as its home view shows it: the
    chains of the dump with their goals (solver: DLS, as suggested chains have), the pose at
    rest, and the dump's camera."""
    joints = home["joints"]
    chains = []
    for c in home["chains"]:
        chain = {"solver": "dls", "enabled": c["enabled"], "group": c["group"],
                 "root": {"index": c["root"], "name": joints[c["root"]]["name"]},
                 "effector": {"index": c["effector"], "name": joints[c["effector"]]["name"]},
                 "goal": {"position": c["goal"]}}  # in model space: a following goal is pinned here
        if c["aim"]:
            chain["aim"] = {"axis": c["aim_axis"]}  # the goal is a look target
        chains.append(chain)
    session = {"format": "ikscope-session", "version": 1,
               "rig_path": os.path.relpath(rig, os.path.dirname(path)), "rig_path_absolute": rig,
               "camera": home["camera"], "chains": chains}
    with open(path, "w") as f:
        json.dump(session, f)


# --- 3. the session ---------------------------------------------------------------------

class Session:
    def __init__(self, args, wid, homes, home_sessions, broken, broken_sessions, rng):
        self.args, self.wid, self.homes, self.home_sessions, self.rng = args, wid, homes, home_sessions, rng
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
        self.view_turned = False   # yaw or pitch may differ from home: Ctrl+O does not restore it
        self.help_open = False
        # A panel click may have left a combo open, a path popup may still be open (its
        # Return missed): either takes every press until closed.
        self.ui_may_hold_input = False
        self.file_number = 0
        first = next(iter(homes.values()))
        self.viewport = first["viewport"]  # x, y, width, height in window pixels (no HiDPI here)
        self.window = first["window"]
        # The timeline's scrub bar, from the home view of a rig with clips (None: no such rig).
        self.scrub = next((h["ui_rects"]["timeline_scrub"] for h in homes.values()
                           if "timeline_scrub" in h.get("ui_rects", {})), None)
        self.recordings = 0

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
        # The program reads Shift and Alt (SDL_GetModState) when it handles the press, after
        # the whole frame's events are in: a modifier released in the same frame as the press
        # would turn a pan into an orbit. So modifiers are held a long frame around the drag.
        self.move(*start)
        time.sleep(0.15)
        if hold_key:
            xdo("keydown", hold_key)
            time.sleep(FRAME_WAIT)
        xdo("mousedown", button)
        for k in range(1, steps + 1):
            f = k / steps
            self.move(start[0] + f * (end[0] - start[0]), start[1] + f * (end[1] - start[1]))
            time.sleep(0.04)
        time.sleep(0.1)
        xdo("mouseup", button)
        if hold_key:
            time.sleep(FRAME_WAIT)
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
        if command in ("ctrl+o", "ctrl+shift+o"):
            # With unsaved edits, opening asks first: D discards them (without the prompt,
            # D reaches the viewport, where it does nothing).
            self.imgui_key("d")
            time.sleep(FRAME_WAIT)
        self.ui_may_hold_input = True

    # Actions ---------------------------------------------------------------------------

    def set_home(self, rig):
        self.home = self.homes[rig]
        self.goals = {i: list(c["goal_window"]) for i, c in enumerate(self.home["chains"])}
        self.pose_at_rest = True

    def open_good(self, rig=None):
        rig = rig or self.rng.choice(list(self.homes))
        self.type_path("ctrl+o", rig)
        if self.view_turned:
            self.home, self.goals, self.pose_at_rest = None, {}, False
        else:
            self.set_home(rig)

    def open_home_session(self, rig=None):
        rig = rig or self.rng.choice(list(self.homes))
        self.type_path("ctrl+shift+o", self.home_sessions[rig])
        self.set_home(rig)
        self.view_turned = False

    def open_broken(self):
        self.type_path("ctrl+o", self.rng.choice(self.broken))

    def save_session(self):
        self.file_number += 1
        path = os.path.join(self.args.out, "sessions", f"session{self.file_number}.json")
        self.type_path("ctrl+s", path)
        if os.path.exists(path):
            self.saved_sessions.append(path)

    def open_session(self):
        candidates = self.saved_sessions + self.broken_sessions
        self.type_path("ctrl+shift+o", self.rng.choice(candidates))
        self.home, self.goals, self.pose_at_rest = None, {}, False  # maybe another rig, another camera
        self.view_turned = True

    def export(self):
        self.file_number += 1
        ext = self.rng.choice([".gltf", ".glb"])
        self.type_path("ctrl+e", os.path.join(self.args.out, "exports", f"export{self.file_number}{ext}"))

    def drag_goal(self):
        # Half the drags outside the home view open a home session first, so most drags
        # press on a real handle.
        if not (self.home and self.goals) and self.rng.random() < 0.5:
            self.open_home_session()
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
        start = self.viewport_point(0.3)
        end = [start[0] + self.rng.randint(-150, 150), start[1] + self.rng.randint(-100, 100)]
        if self.rng.random() < 0.5:
            self.drag(start, end, hold_key="alt")  # Alt + left
        else:
            self.drag(start, end, button=2)        # middle
        self.home, self.view_turned = None, True

    def pan(self):
        self.ready_viewport()
        start = self.viewport_point(0.3)
        end = [start[0] + self.rng.randint(-120, 120), start[1] + self.rng.randint(-120, 120)]
        self.drag(start, end, button=2, hold_key="shift")
        self.home, self.view_turned = None, True  # an orbit if Shift were missed

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
        elif k == "alt+r":
            self.goals = {}   # rest pose, and the goals move onto the rest effectors
            self.pose_at_rest = False

    def motion(self):
        """The timeline: play / pause, a step or a jump, a scrub on the bar (where it is on a
        rig with clips), or a goal drag recorded as a goal path (T before and after; T is
        read by ImGui, so held a frame). Rigs without clips ignore the timeline keys."""
        self.ready_viewport()
        r = self.rng.random()
        if r < 0.3:
            self.key(self.rng.choice(["space", "k"]))
        elif r < 0.5:
            self.key(self.rng.choice(["j", "l", "Left", "Right", "Home", "End"]))
        elif r < 0.7 and self.scrub is not None:
            x, y, w, h = self.scrub
            start = [x + w * self.rng.uniform(0.05, 0.95), y + h / 2]
            self.drag(start, [x + w * self.rng.uniform(0.05, 0.95), y + h / 2], steps=4)
            self.ui_may_hold_input = True
        else:
            if not (self.home and self.goals):
                self.open_home_session()  # so the drag presses on a goal handle
            self.ready_viewport()
            self.imgui_key("t")
            self.drag_goal()
            self.ready_viewport()
            self.imgui_key("t")
            self.recordings += 1

    def random_action(self):
        names = [n for n, _ in ACTIONS]
        weights = [w for _, w in ACTIONS]
        name = self.rng.choices(names, weights)[0]
        if name == "open_session" and not (self.saved_sessions or self.broken_sessions):
            name = "save_session"
        {"drag_goal": self.drag_goal, "click_joint": self.click_joint, "click_panel": self.click_panel,
         "orbit": self.orbit_view, "pan": self.pan, "zoom": self.zoom, "key": self.press_key,
         "open_good": self.open_good, "open_broken": self.open_broken, "save_session": self.save_session,
         "open_session": self.open_session, "export": self.export, "scroll_panel": self.scroll_panel,
         "motion": self.motion}[name]()
        self.count(name)

    def rest_until(self, until, elapsed):
        """The quiet part of the reference and final scenes: nothing selected, no window
        over the viewport, the mouse on the status line, no input."""
        self.ready_viewport()
        self.key("Escape")
        self.move(self.window[0] - 20, self.window[1] - 8)
        while elapsed() < until:
            time.sleep(0.2)

    def checked_drag(self):
        """In the home view: drags the goal of the longest chain 40% of the way toward its
        root on screen (nearer the root in 3-D too, so still reachable, as in e2e.sh's
        drag_goal_moves_effector). Returns (chain, expected goal_window) for the final dump."""
        joints, chains = self.home["joints"], self.home["chains"]

        def bones(c):
            n, j = 0, c["effector"]
            while j != c["root"]:
                j, n = joints[j]["parent"], n + 1
            return n
        chain = max(range(len(chains)), key=lambda i: bones(chains[i]))
        goal, root = chains[chain]["goal_window"], joints[chains[chain]["root"]]["window"]
        start = [round(goal[0]), round(goal[1])]
        end = [round(goal[0] + 0.4 * (root[0] - goal[0])), round(goal[1] + 0.4 * (root[1] - goal[1]))]
        self.ready_viewport()
        self.drag(start, end)
        return chain, [goal[0] + end[0] - start[0], goal[1] + end[1] - start[1]]


def check_last_drag(state, chain, expected):
    """After the session the last drag still worked: the goal followed the mouse and, if
    the session left solving on (Space, Pause and step mode stop it), the effector reached it."""
    c = state["chains"][chain]
    moved = [c["goal_window"][0] - expected[0], c["goal_window"][1] - expected[1]]
    solving = state["solving"]
    log(f"last drag: chain {chain}'s goal {math.hypot(*moved):.1f} px from where the mouse left it, "
        f"effector {c['distance_to_goal']:.2e} from it ({c.get('status')}; "
        f"{'solving' if solving else 'solving paused by the session, so not judged'})")
    return abs(moved[0]) <= 3 and abs(moved[1]) <= 3 and (not solving or c.get("status") == "reached")


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
    homes, home_sessions = {}, {}
    for i, rig in enumerate(rigs):
        homes[rig] = home_view(args.ikscope, rig, os.path.join(args.out, "homes", f"{i}.json"))
        home_sessions[rig] = os.path.join(args.out, "homes", f"{i}.session.json")
        write_home_session(homes[rig], rig, home_sessions[rig])
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

    session = Session(args, wid, homes, home_sessions, broken, broken_sessions, rng)
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
    session.open_home_session(humanoid)
    session.rest_until(args.reference + 2, elapsed)
    alive()
    phases.append(("random", elapsed()))
    while elapsed() < args.seconds - 7:
        session.random_action()
        alive()
    phases.append(("final scene", elapsed()))
    session.open_home_session(humanoid)
    last_drag = session.checked_drag()
    session.rest_until(args.seconds, elapsed)
    alive()

    session.tidy()
    session.key("ctrl+q")
    time.sleep(2 * FRAME_WAIT)
    if program.poll() is None:
        session.imgui_key("d")  # the unsaved-changes prompt: Discard
    try:
        code = program.wait(timeout=20)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()
        sys.exit("FAIL: Ctrl+Q did not quit ikscope within 20 s")
    phases.append(("quit", elapsed()))
    last_drag_worked = False
    if os.path.exists(state):  # the checker says it if not
        with open(state) as f:
            last_drag_worked = check_last_drag(json.load(f), *last_drag)
    log(f"{session.aimed_goal_drags} of {session.goal_drags} goal drags pressed where the view model had a handle")
    summary = {"seconds": elapsed(), "seed": args.seed, "actions": session.counts,
               "goal_drags": session.goal_drags, "aimed_goal_drags": session.aimed_goal_drags,
               "recordings": session.recordings, "phases": phases,
               "last_drag_worked": last_drag_worked, "exit_code": code}
    with open(os.path.join(args.out, "driver.json"), "w") as f:
        json.dump(summary, f, indent=1)
    log("phases: " + ", ".join(f"{name} at {t:.1f} s" for name, t in phases))
    log("actions: " + ", ".join(f"{k} {v}" for k, v in sorted(session.counts.items())))
    log(f"ikscope exited with status {code}")
    if code == 0 and os.path.exists(state) and not last_drag_worked:
        sys.exit("FAIL: after the session, the last goal drag did not move the goal or the effector did not follow")
    sys.exit(code)


if __name__ == "__main__":
    main()
