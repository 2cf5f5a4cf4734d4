"""The long session: the real ikscope driven for SECONDS by random real input through the
driver's Program (goal drags, clicks on joints and panels, orbit, pan, zoom, keys, opens of
good and broken files, sessions saved and opened), then checked: exit status 0, the state
written, the last goal drag still works, resident memory at the end < 5% above the sample
at the reference second, frame time stable (the median of the last third at most twice the
first third's). Under AddressSanitizer only crashes and sanitizer reports count (its
quarantine keeps freed memory, its checks slow every frame).

Parts: (1. broken files and 2. home views: long_session_files.py) 3. Session (the view
model and the actions); 4. the run; 5. the checks; 6. the command line.

test_long_session.py runs 60 s (memory compared from second 20). The 10-minute run (memory
compared from second 60), with the same environment as the tests (README.md):
    /usr/bin/python3 tests/e2e/long_session.py 600 [REFERENCE_SECOND] [--seed K]

What a run does, in order:
  1. writes broken rig and session files into OUT/files (truncated .glb, invalid JSON, a
     node cycle, two parents, a zero scale, a missing .bin, garbage behind a glTF header,
     an accessor far past its buffer, an empty file, a folder, a missing path, ...);
  2. runs `ikscope FILE --frames 3 --state-out` once per good rig (assets/*.gltf and every
     .gltf/.glb of SHARED/gltf-samples) to learn where its joints and goal handles are on
     screen right after it is opened (the "home" view);
  3. starts `ikscope --state-out OUT/state.json` and drives it until SECONDS have passed
     since its window appeared:
       - a tour: the good rigs opened largest first, one goal dragged on each;
       - around the reference second and at the end, the same settled scene: the built-in
         humanoid's home session opened afresh and left idle a few seconds, so the two
         memory samples compare like with like (what a rig costs is not a leak);
       - in between, random actions with fixed weights (see ACTIONS), among them the
         timeline's (play / pause, steps, scrubs) and goal drags recorded as goal paths;
       - last, one goal of the humanoid dragged toward its chain's root: after the
         session, a drag must still move the goal with the mouse and the hand must follow;
  4. quits with Ctrl+Q and checks (part 5); writes a summary to OUT/driver.json.

Goal handles and joints are only known on screen in the home view. For each good rig the
run also writes a "home session" (OUT/homes/*.session.json): that rig, its suggested chains
with their goals, and the home camera, so opening it (Ctrl+Shift+O) gives the home view
exactly, whatever was done to the camera before. Opening a rig with Ctrl+O gives its home
view too, unless the view was turned (orbit; a pan counts, in case Shift was missed). Pan,
zoom and F leave home; a goal dragged in the camera plane follows the mouse, so its new
screen position is known; undo, redo and axis-locked drags forget goals. Outside home,
presses land on random viewport points (still real input), and half the goal drags open a
home session first.
"""

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import time

import driver
from driver import HUMANOID, SHARED
from long_session_files import good_rigs, home_view, write_broken_files, write_broken_sessions, write_home_session
from rig_plans import limb_goal_drag

MAX_GROWTH = 0.05      # resident memory, end against the reference second
MAX_FRAME_RATIO = 2.0  # median frame time, last third against first third

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


# --- 3. the session ---------------------------------------------------------------------

class Session:
    """The random actions on one running Program, and what the run knows of the view."""

    def __init__(self, program, out, homes, home_sessions, broken, broken_sessions, rng):
        self.program, self.out, self.homes, self.home_sessions, self.rng = program, out, homes, home_sessions, rng
        self.broken, self.broken_sessions = broken, broken_sessions
        self.saved_sessions = []
        self.start = time.time()
        self.actions_log = open(os.path.join(out, "actions.log"), "w")  # seconds since the window appeared, action
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

    # Input: the driver's Program, which waits for the program's frames where ImGui needs
    # them (a click's hover, a key held until a frame has read it). Keys are all held that
    # way here: some are ImGui's (Return, Escape, Ctrl+A in a text field), and a held key
    # does no harm to those the viewport reads.
    def move(self, x, y):
        self.program.move(x, y)

    def click(self, x, y, button=1):
        self.program.click(x, y, button)

    def key(self, combo):
        self.program.imgui_key(combo)

    def drag(self, start, end, button=1, hold_key=None, steps=8):
        # The program reads Shift and Alt (SDL_GetModState) when it handles the press, after
        # the whole frame's events are in: Program.drag holds a modifier a frame around it.
        self.program.drag(start, to=end, steps=steps, modifier=hold_key, button=button, step_pause=0.04)

    def wheel(self, clicks, button):
        self.program.xdo("click", "--repeat", clicks, "--delay", 30, button)
        self.program.frames(1)

    def viewport_point(self, margin=0.1):
        x, y, w, h = self.viewport
        return [round(x + w * self.rng.uniform(margin, 1 - margin)), round(y + h * self.rng.uniform(margin, 1 - margin))]

    def tidy(self):
        """Closes the path popup or ends a text edit (Escape) and any open combo (a click on
        the status line), so the next key or press reaches the viewport."""
        self.key("Escape")
        self.click(self.window[0] / 2, self.window[1] - 8)

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
        self.program.frames(2)  # the popup opens, then its field takes the keyboard
        self.key("ctrl+a")      # the suggested path selected, so typing replaces it
        self.program.xdo("type", "--delay", 4, path)
        self.program.frames(1)
        self.key("Return")      # the file opens or is written during the next frame
        if command in ("ctrl+o", "ctrl+shift+o"):
            # With unsaved edits, opening asks first: D discards them (without the prompt,
            # D reaches the viewport, where it does nothing).
            self.key("d")
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
        path = os.path.join(self.out, "sessions", f"session{self.file_number}.json")
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
        self.type_path("ctrl+e", os.path.join(self.out, "exports", f"export{self.file_number}{ext}"))

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
        self.click(px, py)
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
        self.wheel(self.rng.randint(1, 5), self.rng.choice([4, 5]))
        self.home = None

    def scroll_panel(self):
        self.move(self.rng.uniform(10, self.viewport[0] - 10), self.rng.uniform(120, 500))
        self.wheel(self.rng.randint(1, 6), self.rng.choice([4, 5]))
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
            self.key("t")
            self.drag_goal()
            self.ready_viewport()
            self.key("t")
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
        """In the home view: the drag of test_drag_goal_moves_effector (the longest chain's
        goal 40% of the way toward its root on screen). Returns (chain, expected
        goal_window) for the final dump."""
        plan = limb_goal_drag(self.home)
        start = plan.start
        end = [start[0] + plan.steps * plan.step[0], start[1] + plan.steps * plan.step[1]]
        self.ready_viewport()
        self.drag(start, end)
        goal = self.home["chains"][plan.chain]["goal_window"]
        return plan.chain, [goal[0] + end[0] - start[0], goal[1] + end[1] - start[1]]



# --- 4. the run -------------------------------------------------------------------------

def prepare(case, rng):
    """Broken files, and the home view and home session of every good rig."""
    for sub in ("files", "homes", "sessions", "exports"):
        os.makedirs(case.path(sub), exist_ok=True)
    broken = write_broken_files(case.path("files"), SHARED, rng)
    broken_sessions = write_broken_sessions(case.path("files"))
    rigs = good_rigs()
    homes, home_sessions = {}, {}
    for i, rig in enumerate(rigs):
        homes[rig] = home_view(case, rig, str(i))
        home_sessions[rig] = case.path(f"homes/{i}.session.json")
        write_home_session(homes[rig], rig, home_sessions[rig])
    log(f"{len(rigs)} good rigs, {len(broken)} broken files, {len(broken_sessions)} broken sessions")
    return rigs, homes, home_sessions, broken, broken_sessions


def run_long_session(case, seconds, reference, seed=1):
    """Parts 1-4 of the module comment; returns the final --state-out dump and whether the
    last drag worked (see check_last_drag)."""
    rng = random.Random(seed)
    rigs, homes, home_sessions, broken, broken_sessions = prepare(case, rng)
    humanoid = str(HUMANOID)
    program = case.start(state="state.json")
    start = time.time()
    elapsed = lambda: time.time() - start  # noqa: E731 - seconds since the window appeared

    def alive():
        assert program.running(), (f"ikscope died after {elapsed():.1f} s with status {program.process.returncode}: "
                                   f"{program.log_tail()}")

    session = Session(program, case.out, homes, home_sessions, broken, broken_sessions, rng)
    session.start = start
    phases = []
    # Tour: every good rig once, largest first, while it fits before the reference scene.
    tour_end = reference - 7
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
    session.rest_until(reference + 2, elapsed)
    alive()
    phases.append(("random", elapsed()))
    while elapsed() < seconds - 7:
        session.random_action()
        alive()
    phases.append(("final scene", elapsed()))
    session.open_home_session(humanoid)
    last_drag = session.checked_drag()
    session.rest_until(seconds, elapsed)
    alive()
    session.tidy()
    program.quit()  # Ctrl+Q, D on the unsaved-changes prompt; exit status 0
    phases.append(("quit", elapsed()))
    assert os.path.exists(program.state_path), "no state written"
    state = program.state()
    last_drag_worked = check_last_drag(state, *last_drag)
    log(f"{session.aimed_goal_drags} of {session.goal_drags} goal drags pressed where the view model had a handle")
    summary = {"seconds": elapsed(), "seed": seed, "actions": session.counts,
               "goal_drags": session.goal_drags, "aimed_goal_drags": session.aimed_goal_drags,
               "recordings": session.recordings, "phases": phases, "last_drag_worked": last_drag_worked}
    driver.write_json(case.path("driver.json"), summary)
    log("phases: " + ", ".join(f"{name} at {t:.1f} s" for name, t in phases))
    log("actions: " + ", ".join(f"{k} {v}" for k, v in sorted(session.counts.items())))
    return state, last_drag_worked


# --- 5. the checks ----------------------------------------------------------------------

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


def sanitized():
    """An AddressSanitizer build (the 'asan' preset runs every ctest entry)."""
    symbols = subprocess.run(["nm", "-D", driver.IKSCOPE], capture_output=True, text=True).stdout
    return "__asan_init" in symbols


def health_failures(state, reference, judge=True):
    """The dump's "rss_kib_per_second" and "frame_ms_per_second" hold one sample per second
    of the main loop (app/main.cpp): resident memory at the end of that second, and {mean,
    max} of the frames in it. Rules:
      - memory: the last sample is less than 5% above the sample at the reference second
        (sample k is taken at the end of second k + 1, so the reference second S is sample
        S - 1); the first seconds are not compared, they load fonts, shaders and every rig
        for the first time;
      - frame time: the median of the per-second mean frame times in the last third of the
        run is at most twice the median in the first third (faster is never a failure: under
        Xvfb's software GL on a shared machine it only means the machine got quieter);
      - every sample is there and readable.
    Prints the figures either way; returns the rules broken. judge=False (a sanitizer
    build): figures printed, not judged."""
    rss = state.get("rss_kib_per_second", [])
    frames = state.get("frame_ms_per_second", [])
    assert len(rss) > reference and len(frames) == len(rss), \
        f"{len(rss)} memory and {len(frames)} frame samples, need more than {reference} of each"
    failures = []
    if min(rss) <= 0:
        failures.append("a memory sample could not be read (/proc/self/statm)")
    at_reference, end = rss[reference - 1], rss[-1]
    growth = (end - at_reference) / at_reference
    log(f"resident memory: {rss[0] / 1024:.1f} MiB after 1 s, {at_reference / 1024:.1f} MiB at {reference} s, "
        f"peak {max(rss) / 1024:.1f} MiB, {end / 1024:.1f} MiB at the end ({len(rss)} s): "
        f"{100 * growth:+.2f}% since {reference} s")
    if judge and growth >= MAX_GROWTH:
        failures.append(f"resident memory grew {100 * growth:.2f}% (limit {100 * MAX_GROWTH:.0f}%)")
    means = [m for m, _ in frames]
    third = len(means) // 3
    first, middle, last = means[:third], means[third:len(means) - third], means[len(means) - third:]
    first_median, last_median = statistics.median(first), statistics.median(last)
    ratio = last_median / first_median
    slowest = max(range(len(frames)), key=lambda i: frames[i][1])
    log(f"frame time, median of per-second means: {first_median:.1f} ms in the first third, "
        f"{statistics.median(middle):.1f} ms in the middle, {last_median:.1f} ms in the last "
        f"(x{ratio:.2f}); longest frame {frames[slowest][1]:.0f} ms (second {slowest + 1}); "
        f"about {sum(1000.0 / m for m in means if m > 0):.0f} frames")
    if judge and ratio > MAX_FRAME_RATIO:
        failures.append(f"frame time grew x{ratio:.2f} from the first third to the last (limit x{MAX_FRAME_RATIO:g})")
    if not judge:
        log("sanitizer build: memory and frame time not judged")
    return failures


def check_long_session(case, seconds, reference, seed=1):
    """The run, then its checks (the module comment)."""
    assert reference < seconds, f"the reference second ({reference}) must come before the end ({seconds})"
    log(f"long session: {seconds} s, memory reference at {reference} s, output in {case.out}")
    state, last_drag_worked = run_long_session(case, seconds, reference, seed)
    assert last_drag_worked, "after the session, the last goal drag did not move the goal or the effector did not follow"
    failures = health_failures(state, reference, judge=not sanitized())
    assert not failures, "; ".join(failures)


# --- 6. the command line ----------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seconds", type=int)
    parser.add_argument("reference", type=int, nargs="?", help="default: 60, or 20 under 120 seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reference = args.reference or (20 if args.seconds < 120 else 60)
    case = driver.Case(f"long_session_{args.seconds}s")
    try:
        check_long_session(case, args.seconds, reference, args.seed)
    finally:
        case.close()
    log(f"PASS: long session of {args.seconds} s")


if __name__ == "__main__":
    sys.exit(main())
