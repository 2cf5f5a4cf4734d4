#!/usr/bin/env bash
# End-to-end cases for ctest. Each case runs the real program under its own Xvfb.
# Environment (set by tests/e2e/CMakeLists.txt): IKSCOPE, CHECK_SCREENSHOT, SHARED, OUT.
set -euo pipefail
case_name=$1
out="$OUT/$case_name"
rm -rf "$out" && mkdir -p "$out"
# ikscope's own path popup unless a case asks for the desktop dialog, and a config folder
# (the recent-files list) of this case's own, never the user's.
export IKSCOPE_FILE_DIALOG=${IKSCOPE_FILE_DIALOG:-popup}
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-$OUT/$case_name/config}
PY=/usr/bin/python3   # Debian's: always present, standard library only
E2E_DIR=$(cd "$(dirname "$0")" && pwd)   # this script's folder (its Python helpers)
XVFB=(with_xvfb)

fail() { echo "FAIL: $*" >&2; exit 1; }

# Runs a command with DISPLAY set to a new Xvfb server of its own (the server picks a
# free display number and tells it through -displayfd), then stops the server.
with_xvfb() {
  local display_file="$out/display.$$"
  : > "$display_file"
  Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp 3> "$display_file" 2> "$out/xvfb.log" &
  local xvfb_pid=$!
  for _ in $(seq 1 100); do [ -s "$display_file" ] && break; sleep 0.05; done
  [ -s "$display_file" ] || { kill "$xvfb_pid" 2>/dev/null; fail "Xvfb did not start: $(cat "$out/xvfb.log")"; }
  local code=0
  DISPLAY=":$(head -n 1 "$display_file")" "$@" || code=$?
  kill "$xvfb_pid" 2>/dev/null
  wait "$xvfb_pid" 2>/dev/null || true
  return "$code"
}

# Starts the program in the background writing its state to $1 on exit (further arguments,
# e.g. a rig file, are passed on); sets $pid and $wid (its window) once the window is there.
start_program() {
  "$IKSCOPE" "${@:2}" --state-out "$1" > "$out/stdout.txt" 2>&1 &
  pid=$!
  wid=$(xdotool search --sync --name '^ikscope' | head -n 1)
  sleep 1
}

# Quits it the way a user does (Ctrl+Q; after edits it asks, and D discards them) and waits
# for a clean exit.
quit_program() {
  xdotool key ctrl+q
  for _ in $(seq 1 5); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then xdotool keydown d; sleep 0.3; xdotool keyup d; fi
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then kill "$pid"; fail "Ctrl+Q did not quit"; fi
  wait "$pid" || fail "ikscope exited with an error"
}

# A key for ImGui (a popup): held a while, as ImGui 1.86 misses a press and release within
# one frame.
imgui_key() { xdotool keydown "$1"; sleep 0.3; xdotool keyup "$1"; sleep 0.3; }

# Drags the gizmo's X arrow (AX AY TX TY: the middle of its shaft and the vector to its tip in
# window points, ui_rects gizmo_arrow_x) ten steps toward its tip; F12 with the arrow lit
# under the mouse and after the drag.
drag_gizmo_x_arrow() {
  xdotool mousemove --window "$wid" "$(($1 + $3 / 2))" "$(($2 + $4 / 2))"; sleep 0.4
  xdotool key F12; sleep 0.4
  xdotool mousedown 1
  for _ in $(seq 1 10); do xdotool mousemove_relative -- "$(($3 / 4))" "$(($4 / 4))"; sleep 0.05; done
  sleep 0.4; xdotool mouseup 1; sleep 0.4
  xdotool key F12; sleep 0.4
}

running() { kill -0 "$pid" 2>/dev/null; }

# Field of a JSON file, by a Python expression over `s`.
json() { "$PY" -c "import json,sys; s=json.load(open(sys.argv[1])); print($2)" "$1"; }

screenshot_case() {  # screenshot_case [FILE]
  "${XVFB[@]}" "$IKSCOPE" "$@" --frames 4 --screenshot "$out/shot.png" --state-out "$out/state.json" \
    > "$out/stdout.txt" 2> "$out/stderr.txt" || { cat "$out/stderr.txt"; fail "ikscope exited with $?"; }
  [ "$(json "$out/state.json" 's["status_is_error"]')" = "False" ] || fail "status shows an error: $(json "$out/state.json" 's["status"]')"
  "$CHECK_SCREENSHOT" "$out/shot.png" "$out/state.json"
}

case "$case_name" in
  screenshot_humanoid)
    screenshot_case
    n=$(json "$out/state.json" 'len(s["joints"])')
    [ "$n" -ge 20 ] || fail "the built-in humanoid has $n joints"
    ;;
  screenshot_cesiumman) screenshot_case "$SHARED/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb" ;;
  screenshot_riggedfigure) screenshot_case "$SHARED/gltf-samples/RiggedFigure/glTF/RiggedFigure.gltf" ;;
  screenshot_riggedsimple) screenshot_case "$SHARED/gltf-samples/RiggedSimple/glTF-Embedded/RiggedSimple.gltf" ;;

  bad_file_keeps_scene)
    # A truncated .glb on the command line: one clear message naming the file, the
    # built-in humanoid stays on screen, and a batch run exits non-zero.
    head -c 1000 "$SHARED/gltf-samples/RiggedSimple/glTF-Binary/RiggedSimple.glb" > "$out/truncated.glb"
    set +e
    "${XVFB[@]}" "$IKSCOPE" "$out/truncated.glb" --frames 3 --screenshot "$out/shot.png" \
      --state-out "$out/state.json" > "$out/stdout.txt" 2> "$out/stderr.txt"
    code=$?
    set -e
    [ "$code" -eq 1 ] || fail "exit code $code, expected 1"
    grep -q "truncated.glb: " "$out/stderr.txt" || fail "stderr does not name the file: $(cat "$out/stderr.txt")"
    [ "$(grep -c "truncated.glb" "$out/stderr.txt")" -eq 1 ] || fail "more than one message: $(cat "$out/stderr.txt")"
    [ "$(json "$out/state.json" 's["status_is_error"]')" = "True" ] || fail "status line shows no error"
    json "$out/state.json" 's["status"]' | grep -q "truncated.glb" || fail "status line does not name the file"
    json "$out/state.json" 's["file"]' | grep -q "humanoid.gltf" || fail "the built-in humanoid is not shown"
    "$CHECK_SCREENSHOT" "$out/shot.png" "$out/state.json"
    ;;

  analyse_goal_path_report)
    # --analyse without a window: a session the test writes (the humanoid, its left arm
    # chain, a goal path "wave" circling in front of the hand) -> a Markdown table with a
    # row per solver that accepts the chain, and the per-frame CSV beside it.
    "${XVFB[@]}" "$IKSCOPE" --frames 2 --state-out "$out/rest.json" > /dev/null
    "$PY" - "$out/rest.json" "$out/session.json" "unused" "$E2E_DIR/../../assets/humanoid.gltf" <<'PYEOF'
import json, math, sys
state = json.load(open(sys.argv[1]))
joints = {j["name"]: j for j in state["joints"]}
hand = joints["LeftHand_end"]["model"]
rig = sys.argv[4]
times, positions = [], []
for i in range(120):
    t = i / 60.0
    a = 2 * math.pi * i / 120
    times.append(t)
    positions.append([hand[0] + 0.1 * math.sin(a), hand[1] + 0.08 * math.sin(2 * a), hand[2] + 0.1])
session = {"format": "ikscope-session", "version": 1, "rig_path": rig,
           "chains": [{"solver": "dls", "root": {"name": "LeftShoulder"}, "effector": {"name": "LeftHand_end"},
                       "goal": {"position": hand}}],
           "goal_paths": [{"chain": 0, "name": "wave", "times": times, "positions": positions}]}
json.dump(session, open(sys.argv[2], "w"))
PYEOF
    "$IKSCOPE" "$out/session.json" --analyse wave --report "$out/report.md" > "$out/stdout.txt" 2> "$out/stderr.txt" \
      || fail "--analyse failed: $(cat "$out/stderr.txt")"
    [ -s "$out/report.md" ] && [ -s "$out/report.csv" ] || fail "no report or no CSV"
    grep -q "goal path 'wave'" "$out/report.md" || fail "the report does not name the path"
    # The plots beside it: a PNG the report shows, a few hundred pixels per series.
    grep -q '!\[Per-frame plots\](report.png)' "$out/report.md" || fail "the report does not show report.png"
    "$PY" - "$out/report.png" <<'PYEOF' || fail "report.png is not the plots"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width == 1200 and height > 600, (width, height)
PYEOF
    rows=$(grep -c "^| .* | on |" "$out/report.md")
    [ "$rows" -eq 7 ] || fail "expected 7 solver rows (4-bone arm: all but the analytic and scale solvers), got $rows: $(cat "$out/report.md")"
    grep -q "^| Damped least squares | on | " "$out/report.md" || fail "no DLS row"
    lines=$(wc -l < "$out/report.csv")
    [ "$lines" -eq $((120 * 7 + 1)) ] || fail "CSV has $lines lines, expected $((120 * 7 + 1))"
    # The table's numbers are numbers, and DLS (the program's default) follows the path:
    # mean error < 1 cm.
    "$PY" - "$out/report.md" <<'PYEOF' || fail "the table is not as expected: $(cat "$out/report.md")"
import sys
rows = 0
for line in open(sys.argv[1]):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 11 and cells[1] == "on":
        rows += 1
        values = [float(c) for c in cells[2:10]]
        assert all(v >= 0 for v in values), line
        if cells[0] == "Damped least squares":
            assert values[4] < 0.01, line
assert rows == 7
PYEOF
    # A name it does not have: one message, exit 1, no report.
    set +e
    "$IKSCOPE" "$out/session.json" --analyse nope --report "$out/nope.md" > /dev/null 2> "$out/stderr2.txt"; code=$?
    set -e
    [ "$code" -eq 1 ] || fail "unknown name gave exit code $code"
    grep -q "no goal path or clip named 'nope' (there are: wave)" "$out/stderr2.txt" || fail "unclear: $(cat "$out/stderr2.txt")"
    [ ! -e "$out/nope.md" ] || fail "a report was written for an unknown name"
    ;;

  bad_options)
    set +e
    "$IKSCOPE" --frames nope > /dev/null 2> "$out/stderr.txt"; code=$?
    set -e
    [ "$code" -eq 2 ] || fail "bad --frames gave exit code $code"
    grep -q -- "--frames needs a whole number" "$out/stderr.txt" || fail "unclear message: $(cat "$out/stderr.txt")"
    "$IKSCOPE" --help > "$out/help.txt"
    for word in --frames --screenshot --state-out --size "Orbit\|orbit"; do
      grep -q -- "$word" "$out/help.txt" || fail "--help does not mention $word"
    done
    ;;

  large_rig_draw_calls)
    # A generated 10,000-joint rig costs the renderer no more draw calls than the humanoid
    # (one instanced call per kind), its joints two triangles each (eye-facing squares, not
    # meshes), and its overlapping goal handles are culled on screen.
    "$PY" "$E2E_DIR/../../bench/make_tree_rig.py" 10000 "$out/tree10000.gltf"
    "${XVFB[@]}" "$IKSCOPE" --frames 4 --state-out "$out/humanoid.json" > "$out/stdout.txt" 2>&1 || fail "humanoid run failed"
    "${XVFB[@]}" "$IKSCOPE" "$out/tree10000.gltf" --frames 4 --screenshot "$out/shot.png" \
      --state-out "$out/state.json" >> "$out/stdout.txt" 2>&1 || fail "10,000-joint run failed"
    small=$(json "$out/humanoid.json" 's["draws_last_frame"]["draw_calls"]')
    large=$(json "$out/state.json" 's["draws_last_frame"]["draw_calls"]')
    [ "$large" -le "$small" ] || fail "$large draw calls for 10,000 joints against $small for the humanoid"
    joints=$(json "$out/state.json" 'len(s["joints"])')
    [ "$(json "$out/state.json" 's["draws_last_frame"]["joints"]')" -eq "$joints" ] || fail "not every joint drawn"
    triangles=$(json "$out/state.json" 's["draws_last_frame"]["triangles"]')
    [ "$triangles" -le $((12 * joints)) ] || fail "$triangles triangles for $joints joints (more than 12 per joint)"
    [ "$(json "$out/state.json" 's["draws_last_frame"]["points_culled"]')" -gt 0 ] || fail "no overlapping handle culled"
    "$CHECK_SCREENSHOT" "$out/shot.png" "$out/state.json"
    ;;

  click_selects_joint)
    # Real mouse events: find a joint's pixel from one run's state, start the program,
    # click there with xdotool, quit with Ctrl+Q, and read what was selected.
    "${XVFB[@]}" bash "$0" __click_inside
    ;;
  __click_inside)
    "$IKSCOPE" --frames 2 --state-out "$OUT/click_selects_joint/before.json" > /dev/null
    out="$OUT/click_selects_joint"
    # The joint farthest (on screen) from every other joint and every goal handle (a
    # press on a handle drags the goal): an unambiguous target.
    read -r target tx ty < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys, math
s = json.load(open(sys.argv[1]))
js = [j for j in s["joints"]]
goals = [c["goal_window"] for c in s["chains"]]
def clearance(a):
    return min([math.dist(a["window"], b["window"]) for b in js if b is not a] +
               [math.dist(a["window"], g) for g in goals])
best = max(js, key=clearance)
print(best["index"], round(best["window"][0]), round(best["window"][1]))
PYEOF
)
    start_program "$out/after.json"
    xdotool mousemove --window "$wid" "$tx" "$ty"
    sleep 0.3
    xdotool click 1
    sleep 0.5
    quit_program
    got=$(json "$out/after.json" 's["selected_joint"]')
    [ "$got" = "$target" ] || fail "clicked joint $target at ($tx, $ty), selected $got"
    echo "clicked joint $target at ($tx, $ty): selected"
    ;;
  export_motion_reopens_as_clip)
    # The clip with the IK on top, baked (--export-motion: File > Export motion's command):
    # the file reopens with one clip, "<clip> IK", whose pose at a frame's time is the pose
    # the program solved at that time (one frame at --time starts from the clip's pose, as
    # each baked frame does), and Blender-style clients play it (unit-tested). The goals
    # follow the animation (the default on a rig with clips); a session lifts the left
    # foot's goal 10 cm above the animated foot, so the IK has something to do.
    gltf="$SHARED/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb"
    t=0.875   # frame 20 of 24 per second, from the clip's start at 1/24 s
    "${XVFB[@]}" "$IKSCOPE" "$gltf" --frames 1 --state-out "$out/chains.json" > /dev/null 2>&1 \
      || fail "ikscope exited with an error"
    "$PY" - "$out" "$gltf" <<'PYEOF'
import json, sys
out, gltf = sys.argv[1], sys.argv[2]
s = json.load(open(f"{out}/chains.json"))
chains = []
for c in s["chains"]:
    lifted = s["joints"][c["effector"]]["name"] == "leg_joint_L_3"
    chains.append({"solver": "dls", "root": {"index": c["root"]}, "effector": {"index": c["effector"]},
                   "goal": {"position": [0.0, 0.1, 0.0] if lifted else [0.0, 0.0, 0.0]},
                   "goal_motion": {"mode": "animation"}})
assert any(ch["goal"]["position"][1] for ch in chains), [s["joints"][c["effector"]]["name"] for c in s["chains"]]
json.dump({"format": "ikscope-session", "version": 1, "rig_path": gltf, "chains": chains},
          open(f"{out}/lifted.session.json", "w"))
PYEOF
    "${XVFB[@]}" "$IKSCOPE" "$out/lifted.session.json" --clip "animation 0" --time "$t" --frames 1 \
      --export-motion "$out/baked.glb" --state-out "$out/solved.json" > "$out/stdout.txt" 2> "$out/stderr.txt" \
      || fail "ikscope --export-motion exited with an error: $(cat "$out/stderr.txt")"
    json "$out/solved.json" 's["status"]' | grep -q "motion exported to .*baked.glb: clip 'animation 0 IK', 48 frames" \
      || fail "status: $(json "$out/solved.json" 's["status"]')"
    "${XVFB[@]}" "$IKSCOPE" "$out/baked.glb" --clip "animation 0 IK" --time "$t" --frames 1 \
      --state-out "$out/reopened.json" > "$out/stdout2.txt" 2>&1 || fail "the export does not reopen"
    "$PY" - "$out" "$t" <<'PYEOF'
import json, sys, math
out, t = sys.argv[1], float(sys.argv[2])
solved = json.load(open(f"{out}/solved.json"))
reopened = json.load(open(f"{out}/reopened.json"))
tl = reopened["timeline"]
assert [c["name"] for c in tl["clips"]] == ["animation 0 IK"], tl["clips"]
assert abs(tl["time"] - t) < 1e-6, tl["time"]
# The solved pose had the IK move something (else this checks only the clip).
animated = solved["timeline"]["animated"]
moved = max(math.dist(j["model"], a) for j, a in zip(solved["joints"], animated))
assert moved > 1e-3, f"the IK did not move any joint ({moved})"
worst = 0.0
for joint, baked in zip(solved["joints"], tl["animated"]):
    if joint["added_tip"]:
        continue  # placed by the importer from the file's rest, not keyed
    worst = max(worst, math.dist(joint["model"], baked))
assert worst < 1e-4, f"the baked clip is {worst} m off the solved pose at {t} s"
print(f"baked clip at {t} s: farthest joint {worst:.2g} m from the solved pose; the IK moved joints up to {moved:.3g} m")
PYEOF
    ;;
  goal_path_replays_without_clips)
    # The built-in humanoid has no clips: a goal following a recorded path replays on the
    # timeline's path clock (real time, looping on the path's length). A session (written
    # here) puts the left hand's goal on a 2 s circle; two runs, 10 and 40 frames: the
    # clock has moved on, and each time the goal sits on the circle where the path is at
    # that clock (linear between samples), and the two places differ. Then the bake.
    "$PY" - "$out" "$E2E_DIR/../../assets/humanoid.gltf" <<'PYEOF'
import json, math, sys
out, rig = sys.argv[1], sys.argv[2]
times = [i * 0.1 for i in range(21)]
positions = [[0.35 + 0.15 * math.cos(math.pi * t), 1.0 + 0.15 * math.sin(math.pi * t), 0.35] for t in times]
chain = {"solver": "dls", "root": {"index": 7, "name": "LeftUpperArm"}, "effector": {"index": 9, "name": "LeftHand"},
         "goal": {"position": positions[0]}, "goal_motion": {"mode": "path", "path": "circle"}}
json.dump({"format": "ikscope-session", "version": 1, "rig_path": rig, "chains": [chain],
           "goal_paths": [{"chain": 0, "name": "circle", "times": times, "positions": positions}]},
          open(f"{out}/circle.session.json", "w"))
PYEOF
    for n in 10 40; do
      "${XVFB[@]}" "$IKSCOPE" "$out/circle.session.json" --frames "$n" --state-out "$out/f$n.json" > "$out/stdout.txt" 2>&1 \
        || fail "ikscope exited with an error: $(cat "$out/stdout.txt")"
    done
    "$PY" - "$out" <<'PYEOF'
import json, math, sys
out = sys.argv[1]
def expected(clock):
    t = clock % 2.0
    k = min(int(t / 0.1), 19)
    f = (t - 0.1 * k) / 0.1
    at = lambda i: [0.35 + 0.15 * math.cos(math.pi * 0.1 * i), 1.0 + 0.15 * math.sin(math.pi * 0.1 * i), 0.35]
    a, b = at(k), at(k + 1)
    return [a[i] + f * (b[i] - a[i]) for i in range(3)]
goals = []
clocks = []
for n in (10, 40):
    s = json.load(open(f"{out}/f{n}.json"))
    assert not s["status_is_error"], s["status"]
    chain = s["chains"][0]
    assert chain["goal_mode"] == "follows path", chain["goal_mode"]
    clock = s["timeline"]["path_clock"]
    # The dump is written after the last frame's solve; the clock may have moved on by
    # less than one frame's advance (at most a quarter of a second) since then.
    miss = min(math.dist(chain["goal"], expected(clock - d)) for d in [i * 0.005 for i in range(51)])
    assert miss < 2e-3, f"frame {n}: the goal is {miss} off the path at clock {clock}"
    goals.append(chain["goal"]); clocks.append(clock)
assert clocks[1] > clocks[0] + 0.1, clocks
assert math.dist(goals[0], goals[1]) > 0.01, goals
print(f"path clock {clocks[0]:.2f} s -> {clocks[1]:.2f} s; the goal followed the circle")
PYEOF
    # File > Export motion on this rig bakes the path (30 per second, from rest): the baked
    # clip, reopened, has the hand on the circle at 1.3 s.
    "${XVFB[@]}" "$IKSCOPE" "$out/circle.session.json" --frames 1 --export-motion "$out/circle.glb" \
      --state-out "$out/baked.json" > "$out/stdout.txt" 2>&1 || fail "--export-motion failed: $(cat "$out/stdout.txt")"
    json "$out/baked.json" 's["status"]' | grep -q "clip 'circle IK', 61 frames at 30 per second" \
      || fail "status: $(json "$out/baked.json" 's["status"]')"
    "${XVFB[@]}" "$IKSCOPE" "$out/circle.glb" --time 1.3 --frames 1 --state-out "$out/reopened.json" > /dev/null 2>&1 \
      || fail "the baked file does not reopen"
    "$PY" - "$out" <<'PYEOF'
import json, math, sys
s = json.load(open(f"{sys.argv[1]}/reopened.json"))
hand = next(i for i, j in enumerate(s["joints"]) if j["name"] == "LeftHand")
want = [0.35 + 0.15 * math.cos(math.pi * 1.3), 1.0 + 0.15 * math.sin(math.pi * 1.3), 0.35]
miss = math.dist(s["timeline"]["animated"][hand], want)
assert [c["name"] for c in s["timeline"]["clips"]] == ["circle IK"], s["timeline"]["clips"]
assert miss < 5e-3, f"the baked hand is {miss} m off the circle at 1.3 s"
print(f"baked goal path: the hand {miss:.2g} m off the circle at 1.3 s")
PYEOF
    ;;
  timeline_clip_time)
    # CesiumMan opened at its clip at two times (--clip, --time, paused): the clip's pose at
    # each time matches an independent sample of the glTF (tests/e2e/gltf_clip_sample.py reads
    # the JSON and buffers itself), joints outside the IK chains show exactly that pose, the
    # two times give different poses and different screenshots. A 1024x640 run to look at.
    gltf="$SHARED/gltf-samples/CesiumMan/glTF/CesiumMan.gltf"
    for t in 0.5 1.25; do
      "${XVFB[@]}" "$IKSCOPE" "$gltf" --clip "animation 0" --time "$t" --frames 4 --screenshot "$out/t$t.png" \
        --state-out "$out/t$t.json" > "$out/stdout.txt" 2> "$out/stderr.txt" || fail "ikscope exited with $?"
      [ "$(json "$out/t$t.json" 's["status_is_error"]')" = "False" ] || fail "status: $(json "$out/t$t.json" 's["status"]')"
      "$PY" "$E2E_DIR/gltf_clip_sample.py" "$gltf" 0 "$t" > "$out/sample$t.json"
      "$CHECK_SCREENSHOT" "$out/t$t.png" "$out/t$t.json"
    done
    "${XVFB[@]}" "$IKSCOPE" "$gltf" --time 1.0 --size 1024x640 --frames 4 --screenshot "$out/small.png" > /dev/null
    "$PY" - "$out" <<'PYEOF'
import json, sys, math
out = sys.argv[1]
states = {t: json.load(open(f"{out}/t{t}.json")) for t in ("0.5", "1.25")}
for t, s in states.items():
    tl = s["timeline"]
    assert tl["clip"] == "animation 0" and abs(tl["time"] - float(t)) < 1e-6 and not tl["playing"], tl
    clip = tl["clips"][0]
    assert clip["channels"] == 57 and abs(clip["duration"] - (2.0 - 1 / 24)) < 1e-4, clip
    assert abs(tl["frame_rate"] - 24.0) < 1e-6, tl["frame_rate"]
    sample = json.load(open(f"{out}/sample{t}.json"))
    compared = 0
    for j in s["joints"]:
        if j["name"] not in sample:
            assert j["added_tip"], j["name"]
            continue
        err = math.dist(tl["animated"][j["index"]], sample[j["name"]])
        assert err < 1e-4, f"t={t} {j['name']}: ikscope {tl['animated'][j['index']]} vs glTF {sample[j['name']]}"
        compared += 1
    assert compared >= 19, compared
    # Joints on no chain's path, nor below a joint that is, are shown exactly as the clip
    # has them (a chain that ends at the head turns the head's tip with it).
    parent = [j["parent"] for j in s["joints"]]
    in_chain = set()
    for c in s["chains"]:
        j = c["effector"]
        while j >= 0:
            in_chain.add(j)
            if j == c["root"]:
                break
            j = parent[j]
    def moved_by_ik(i):
        while i >= 0:
            if i in in_chain:
                return True
            i = parent[i]
        return False
    # (With a spine chain from the hips every joint may be below a chain; the IK weight 0
    # run below checks the whole pose then.)
    free = [j for j in s["joints"] if not moved_by_ik(j["index"])]
    for j in free:
        assert math.dist(j["model"], tl["animated"][j["index"]]) < 1e-5, j["name"]
    print(f"t={t}: {compared} joints match the glTF sample; {len(free)} joints outside chains show the clip")
a, b = (states[t]["timeline"]["animated"] for t in ("0.5", "1.25"))
moved = max(math.dist(p, q) for p, q in zip(a, b))
assert moved > 0.05, f"the clip's pose hardly changes between the two times ({moved})"
print(f"largest joint move between t=0.5 and t=1.25: {moved:.3f}")
PYEOF
    "$CHECK_SCREENSHOT" --differ "$out/t0.5.png" "$out/t1.25.png" 2000
    # IK weight 0 on every chain (a session file): the program shows the clip's pose exactly,
    # where at weight 1 the chains held their effectors on the goals.
    "$PY" - "$out/t1.25.json" "$gltf" "$out/weight0.session.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
chains = [{"solver": "dls", "root": {"index": c["root"]}, "effector": {"index": c["effector"]},
           "goal": {"position": c["goal"]}, "ik_weight": 0} for c in s["chains"]]
json.dump({"format": "ikscope-session", "version": 1, "rig_path": sys.argv[2], "chains": chains},
          open(sys.argv[3], "w"))
PYEOF
    "${XVFB[@]}" "$IKSCOPE" "$out/weight0.session.json" --clip "animation 0" --time 1.25 --frames 4 \
      --state-out "$out/weight0.json" > "$out/stdout.txt" 2> "$out/stderr.txt" || fail "ikscope exited with $?"
    # Weight 1 with goals pinned where the effectors were at 0.5 s (the default goals follow
    # the animation, which would show the clip too): the IK holds them there at 1.25 s.
    "$PY" - "$out/t0.5.json" "$gltf" "$out/weight1.session.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
chains = [{"solver": "dls", "root": {"index": c["root"]}, "effector": {"index": c["effector"]},
           "goal": {"position": c["goal"]}, "ik_weight": 1} for c in s["chains"] if not c["aim"]]
json.dump({"format": "ikscope-session", "version": 1, "rig_path": sys.argv[2], "chains": chains},
          open(sys.argv[3], "w"))
PYEOF
    "${XVFB[@]}" "$IKSCOPE" "$out/weight1.session.json" --clip "animation 0" --time 1.25 --frames 4 \
      --state-out "$out/weight1.json" > "$out/stdout.txt" 2> "$out/stderr.txt" || fail "ikscope exited with $?"
    "$PY" - "$out/weight0.json" "$out/weight1.json" <<'PYEOF'
import json, sys, math
w0, w1 = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert all(c["ik_weight"] == 0 for c in w0["chains"]) and w0["chains"], "the session's weights were not loaded"
anim = w0["timeline"]["animated"]
worst0 = max(math.dist(j["model"], anim[j["index"]]) for j in w0["joints"])
worst1 = max(math.dist(j["model"], anim[j["index"]]) for j in w1["joints"])
print(f"weight 0: joints at most {worst0:.2e} from the clip's pose; weight 1: {worst1:.3f}")
assert worst0 < 1e-5, "weight 0 does not show the clip's pose"
assert worst1 > 0.01, "weight 1 shows the clip's pose: the IK did nothing, so the check means nothing"
PYEOF
    ;;
  motion_panel_summary)
    "${XVFB[@]}" bash "$0" __motion_panel_inside
    ;;
  __motion_panel_inside)
    # --motion-panel on CesiumMan's left arm (upper arm -> hand, 2 bones): the panel runs the
    # analysis of the clip at start and --state-out reports the summary per solver: a run
    # for each solver that takes a 2-bone chain, every number finite, DLS following its
    # animated hand (mean error < 1 cm).
    # Then a real click on the table's first row jumps the timeline to that run's worst
    # frame and draws the other solvers' ghosts there.
    out="$OUT/motion_panel_summary"
    cd "$out"   # F12 writes its screenshot here
    glb="$SHARED/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb"
    arm=Skeleton_arm_joint_L__2_
    "$IKSCOPE" "$glb" --motion-panel --chain "$arm" --frames 5 --state-out "$out/panel.json" \
      --screenshot "$out/panel.png" > "$out/stdout.txt" 2>&1 || fail "--motion-panel run failed: $(cat "$out/stdout.txt")"
    "$PY" - "$out/panel.json" <<'PYEOF' || fail "the panel's summary is not as expected"
import json, math, sys
s = json.load(open(sys.argv[1]))
m = s["motion_analysis"]
assert m["open"] and m["has_result"], m
assert m["source"] == "clip 'animation 0'" and m["chain"] == "Skeleton_arm_joint_L__2_", m
assert m["frames"] >= 40, m["frames"]  # 2 s at the clip's 24 frames per second
panel = sorted(r["solver"] for r in m["runs"])
expected = ["ccd", "ccd_dls", "dls", "fabrik", "full_body", "jacobian_transpose", "mass_spring", "two_bone"]
assert panel == expected, panel
for r in m["runs"]:
    for key in ("max_pop_deg", "jitter_rms_deg", "mean_error", "max_error", "mean_us"):
        assert math.isfinite(r[key]) and r[key] >= 0, (r["solver"], key, r[key])
    assert r["warm_start"] and r["flips"] >= 0 and r["max_error"] >= r["mean_error"], r
dls = next(r for r in m["runs"] if r["solver"] == "dls")
assert dls["mean_error"] < 0.01, dls
print("runs", len(panel), "run_ms", m["run_ms"])
PYEOF
    start_program "$out/clicked.json" "$glb" --motion-panel --chain "$arm"
    read -r cx cy < <(json "$out/panel.json" '" ".join(str(int(v)) for v in (s["ui_rects"]["motion_first_row"][0] + 20, s["ui_rects"]["motion_first_row"][1] + s["ui_rects"]["motion_first_row"][3] / 2))')
    xdotool mousemove --window "$wid" "$cx" "$cy"
    sleep 0.3
    xdotool mousedown 1
    sleep 0.3
    xdotool mouseup 1
    sleep 0.5
    xdotool key F12
    sleep 0.5
    quit_program
    "$PY" - "$out/clicked.json" <<'PYEOF' || fail "clicking the first row did not jump to its worst frame"
import json, sys
s = json.load(open(sys.argv[1]))
m = s["motion_analysis"]
assert m["ghost_frame"] >= 0, m
t = s["timeline"]
assert t["frame"] == m["ghost_frame"], (t["frame"], m["ghost_frame"])
assert not t["playing"]
print("jumped to frame", m["ghost_frame"], "time", t["time"])
PYEOF
    ;;
  timeline_play)
    "${XVFB[@]}" bash "$0" __timeline_play_inside
    ;;
  __timeline_play_inside)
    # Space plays CesiumMan's clip for real; two F12 screenshots a second apart differ and
    # the state on exit says it is playing, later than where it started.
    out="$OUT/timeline_play"
    gltf="$SHARED/gltf-samples/CesiumMan/glTF/CesiumMan.gltf"
    cd "$out"
    "$IKSCOPE" "$gltf" --state-out "$out/play.json" > "$out/stdout.txt" 2>&1 &
    pid=$!
    wid=$(xdotool search --sync --name '^ikscope' | head -n 1)
    sleep 1
    xdotool key space
    sleep 0.6
    xdotool key F12
    sleep 1.1   # screenshot names carry the second
    xdotool key F12
    sleep 0.5
    quit_program
    shots=(ikscope-*.png)
    [ "${#shots[@]}" -eq 2 ] || fail "expected two F12 screenshots, got ${#shots[@]}"
    [ "$(json "$out/play.json" 's["timeline"]["playing"]')" = "True" ] || fail "Space did not start playing"
    json "$out/play.json" 's["timeline"]["time"]'
    "$CHECK_SCREENSHOT" --differ "${shots[0]}" "${shots[1]}" 2000
    ;;
  motion_play_follows_clip)
    "${XVFB[@]}" bash "$0" __motion_play_inside
    ;;
  __motion_play_inside)
    # CesiumMan with its default goal modes (every goal follows the animated effector, zero
    # offset): played for real with Space, quit at two different times; each time every
    # joint's position equals the clip's own pose at that time (IK does not fight the walk).
    out="$OUT/motion_play_follows_clip"
    gltf="$SHARED/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb"
    for wait in 0.7 1.5; do
      start_program "$out/play_$wait.json" "$gltf"
      xdotool key space
      sleep "$wait"
      quit_program
    done
    "$PY" - "$out/play_0.7.json" "$out/play_1.5.json" <<'PYEOF'
import json, sys, math
states = [json.load(open(p)) for p in sys.argv[1:]]
for s in states:
    t = s["timeline"]
    modes = {c["goal_mode"] for c in s["chains"]}
    worst = max(math.dist(j["model"], a) for j, a in zip(s["joints"], t["animated"]))
    print(f"t = {t['time']:.3f} s, playing {t['playing']}, goal modes {sorted(modes)}, "
          f"largest joint distance from the clip's pose {worst:.2e}")
    assert t["playing"], "Space did not start playing"
    assert modes == {"follows animation"}, "the default goal mode on a rig with clips"
    assert len(s["joints"]) == len(t["animated"]) > 10
    assert worst < 1e-5, "the IK moved the pose away from the clip"
a, b = states
assert abs(a["timeline"]["time"] - b["timeline"]["time"]) > 0.1, "the two runs stopped at the same time"
moved = max(math.dist(p["model"], q["model"]) for p, q in zip(a["joints"], b["joints"]))
print(f"the pose at the two times differs by up to {moved:.3f}")
assert moved > 0.01, "the clip did not move the joints"
PYEOF
    ;;
  record_goal_path)
    "${XVFB[@]}" bash "$0" __record_inside
    ;;
  __record_inside)
    # On CesiumMan (paused): click a limb's goal (selects its chain), T starts recording,
    # the goal dragged in steps with real mouse events, T stops; the state on exit lists the
    # recorded path on that chain: its name, sample count, duration, and where it went.
    out="$OUT/record_goal_path"
    gltf="$SHARED/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb"
    "$IKSCOPE" "$gltf" --frames 2 --state-out "$out/before.json" > /dev/null
    read -r chain gx gy dx dy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/before.json")
    start_program "$out/after.json" "$gltf"
    xdotool mousemove --window "$wid" "$gx" "$gy"
    sleep 0.3
    xdotool click 1
    sleep 0.3
    imgui_key t
    xdotool mousedown 1
    for _ in $(seq 1 10); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.1; done
    sleep 0.3
    xdotool mouseup 1
    sleep 0.3
    imgui_key t
    sleep 0.3
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" "$chain" <<'PYEOF'
import json, sys, math
before, after, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
paths = after["goal_paths"]
print("status:", after["status"])
for p in paths:
    print(f"path '{p['name']}' on chain {p['chain']}: {p['samples']} samples, {p['duration']:.2f} s")
assert len(paths) == 1, "one recorded path"
p = paths[0]
assert p["chain"] == c and p["name"] == "take 1"
assert p["samples"] >= 10 and p["duration"] > 0.5, "too short a recording"
assert not after["recording"]["active"]
start, end = p["positions"][0], p["positions"][-1]
goal_before, goal_after = before["chains"][c]["goal"], after["chains"][c]["goal"]
print(f"path from {math.dist(start, goal_before):.4f} of the goal's start to {math.dist(end, goal_after):.4f} of its end")
assert math.dist(start, goal_before) < 0.01 and math.dist(end, goal_after) < 0.01
assert math.dist(goal_before, goal_after) > 0.05, "the goal did not move"
assert after["chains"][c]["goal_mode"] == "follows animation" and math.dist(after["chains"][c]["goal_offset"], [0, 0, 0]) > 0.05
PYEOF
    ;;
  drag_goal_moves_effector)
    "${XVFB[@]}" bash "$0" __drag_inside
    ;;
  __drag_inside)
    # Real mouse events: press on a goal handle, drag it in steps, release; the program's
    # own state on exit says where the goal went and whether the effector followed.
    out="$OUT/drag_goal_moves_effector"
    "$IKSCOPE" --frames 2 --state-out "$out/before.json" > /dev/null
    # The longest chain (a limb), its goal dragged toward its root (limb_goal_drag.py).
    read -r chain gx gy dx dy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/before.json")
    start_program "$out/after.json"
    xdotool mousemove --window "$wid" "$gx" "$gy"
    sleep 0.3
    xdotool mousedown 1
    for _ in $(seq 1 10); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
    sleep 0.5
    xdotool mouseup 1
    sleep 0.5
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" "$chain" "$((10 * dx))" "$((10 * dy))" <<'PYEOF'
import json, sys, math
before, after = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
c, dx, dy = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
b, a = before["chains"][c], after["chains"][c]
moved = (a["goal_window"][0] - b["goal_window"][0], a["goal_window"][1] - b["goal_window"][1])
print(f"chain {c}: mouse moved ({dx}, {dy}), goal moved ({moved[0]:.1f}, {moved[1]:.1f}) on screen, "
      f"{math.dist(a['goal'], b['goal']):.4f} in the model; effector {a['distance_to_goal']:.2e} from it ({a['status']})")
assert abs(moved[0] - dx) <= 3 and abs(moved[1] - dy) <= 3, "the goal did not follow the mouse"
assert math.dist(a["goal"], b["goal"]) > 0.01, "the goal did not move"
assert a["status"] == "reached", "the effector did not follow the goal"
assert math.dist(a["effector_position"], a["goal"]) < 0.01, "the effector is far from the goal"
PYEOF
    ;;
  rotate_goal_turns_effector)
    "${XVFB[@]}" bash "$0" __rotate_inside
    ;;
  __rotate_inside)
    # Click a hand's goal (selects its chain), O turns its orientation goal on (at the
    # effector's orientation), Ctrl + drag turns it 90 points to the right (0.9 rad about
    # the camera's up axis); the effector must turn with it.
    out="$OUT/rotate_goal_turns_effector"
    "$IKSCOPE" --frames 2 --state-out "$out/before.json" > /dev/null
    read -r chain gx gy < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
cs = s["chains"]
# The right arm's chain: it ends at the hand (chains from roles) or at the hand's tip.
best = next(i for i, c in enumerate(cs) if "RightHand" in (s["joints"][c["effector"]]["name"], s["joints"][s["joints"][c["effector"]]["parent"]]["name"]))
print(best, round(cs[best]["goal_window"][0]), round(cs[best]["goal_window"][1]))
PYEOF
)
    start_program "$out/after.json"
    xdotool mousemove --window "$wid" "$gx" "$gy"
    sleep 0.3
    xdotool click 1
    sleep 0.3
    xdotool key o
    sleep 0.3
    xdotool keydown ctrl
    xdotool mousedown 1
    for _ in $(seq 1 15); do xdotool mousemove_relative -- 6 0; sleep 0.05; done
    xdotool mouseup 1
    xdotool keyup ctrl
    sleep 0.8
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" "$chain" <<'PYEOF'
import json, sys, math
before, after = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
b, c = before["chains"][int(sys.argv[3])], after["chains"][int(sys.argv[3])]
assert "goal_orientation_wxyz" in c, "O did not turn the orientation goal on"
def angle(p, q):
    d = abs(sum(x * y for x, y in zip(p, q)))
    return 2 * math.acos(min(1.0, d))
start, g, e = b["effector_orientation_wxyz"], c["goal_orientation_wxyz"], c["effector_orientation_wxyz"]
print(f"goal turned {math.degrees(angle(start, g)):.1f} deg (90 points = 51.6 deg); effector vs goal "
      f"{math.degrees(angle(g, e)):.2f} deg; {c['status']}, {c['distance_to_goal']:.2e} from the goal position")
assert abs(angle(start, g) - 0.9) < 0.1, "the goal did not turn by the drag"
assert c["status"] == "reached", "the effector did not reach the turned goal"
assert angle(g, e) < 0.02, "the effector does not face the goal's orientation"
PYEOF
    ;;
  step_shows_explicit_solve)
    "${XVFB[@]}" bash "$0" __step_inside
    ;;
  __step_inside)
    # Drag a limb's goal (selects its chain), press Solve from rest, let a few warm-started
    # frames run, then tick Step: Step must show the solve that was asked for (from rest:
    # a decreasing error), labelled so, and the iteration slider must not move.
    out="$OUT/step_shows_explicit_solve"
    "$IKSCOPE" --frames 2 --state-out "$out/start.json" > /dev/null
    read -r _ gx gy dx dy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/start.json")
    drag_limb_goal() {
      xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3
      xdotool mousedown 1
      for _ in $(seq 1 10); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
      sleep 0.3; xdotool mouseup 1; sleep 0.3
    }
    # Runs only to learn where the limb chain's Convergence tab is once the drag selected
    # it, then where its buttons are in that tab (each chain's panel has its own rows),
    # then the run for real.
    start_program "$out/tab.json"
    drag_limb_goal
    quit_program
    read -r _ _ _ _ _ vx vy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/tab.json" tab_convergence)
    start_program "$out/before.json"
    drag_limb_goal
    xdotool mousemove --window "$wid" "$vx" "$vy"; sleep 0.2; xdotool click 1; sleep 0.4
    quit_program
    read -r _ _ _ _ _ sx sy tx ty < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/before.json" solve_from_rest step)
    cd "$out"   # where F12 writes its screenshot
    start_program "$out/after.json"
    drag_limb_goal
    xdotool mousemove --window "$wid" "$vx" "$vy"; sleep 0.2; xdotool click 1; sleep 0.4
    xdotool mousemove --window "$wid" "$sx" "$sy"; sleep 0.2; xdotool click 1; sleep 0.6
    xdotool mousemove --window "$wid" "$tx" "$ty"; sleep 0.2; xdotool click 1; sleep 0.4
    xdotool key F12; sleep 0.3   # a screenshot of step mode in $out, to look at
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" <<'PYEOF'
import json, sys
before, after = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
i = after["inspection"]
e = i["errors"]
print(f"step_mode {i['step_mode']}, source {i['source']}, errors {[round(x, 4) for x in e]}")
assert i["step_mode"], "Step is not ticked"
assert i["source"] == "last explicit solve", "Step does not show the solve that was asked for"
assert len(e) >= 3 and e[0] > 10 * e[-1], "not a solve from rest: the error does not fall"
assert all(b <= a * 1.05 for a, b in zip(e, e[1:])), "the error does not decrease"
assert before["ui_rects"]["iteration_slider"] == after["ui_rects"]["iteration_slider"], "ticking Step moved the layout"
PYEOF
    ;;
  panels_fit_small_window)
    "${XVFB[@]}" bash "$0" __panels_inside
    # The same at 1920x1080, to look at (screenshot only).
    IKSCOPE_PANEL_LAYOUT=none XVFB_SCREEN=1920x1080x24 "${XVFB[@]}" "$IKSCOPE" --size 1920x1080 --frames 4 --screenshot "$out/large.png" \
      --state-out "$out/large.json" > /dev/null 2>&1 || fail "the 1920x1080 run failed"
    "$PY" - "$out/large.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["ui_rects"]["skeleton_panel"][2] == 330 and s["ui_rects"]["chains_panel"][2] == 360, "a wide window keeps the default widths"
PYEOF
    ;;
  __panels_inside)
    # At 1024x640 the viewport gets at least half the window; at 1280x800 the Chains
    # panel's last row is inside it. Dragging the Skeleton panel's splitter and collapsing
    # the Chains panel are remembered (panels.ini in this case's config folder) by the
    # next run; a damaged panels.ini gives one message naming it and the program runs.
    out="$OUT/panels_fit_small_window"
    ini="$XDG_CONFIG_HOME/ikscope/panels.ini"
    "$IKSCOPE" --size 1024x640 --frames 4 --screenshot "$out/small.png" --state-out "$out/small.json" > /dev/null
    "$IKSCOPE" --size 1280x800 --frames 4 --state-out "$out/default.json" > /dev/null
    [ ! -e "$ini" ] || fail "a run without layout changes wrote $ini"
    "$PY" - "$out/small.json" "$out/default.json" <<'PYEOF'
import json, sys
small, default = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
w, vp = small["window"][0], small["viewport"]
print(f"1024x640: viewport x {vp[0]:.0f} width {vp[2]:.0f} of {w}")
assert vp[2] >= w / 2, "the viewport is narrower than half the window"
r = small["ui_rects"]
assert r["skeleton_panel"][2] + r["chains_panel"][2] + vp[2] <= w, "panels and viewport overlap"
d = default["ui_rects"]
bottom = d["chains_panel"][1] + d["chains_panel"][3]
pole = d["pole_checkbox"]
print(f"1280x800: the Chains panel ends at {bottom:.0f}, its last row (Pole) at {pole[1] + pole[3]:.0f}")
assert pole[1] + pole[3] <= bottom, "the Chains panel overflows at 1280x800"
PYEOF
    read -r sx sy cx cy < <("$PY" - "$out/small.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))["ui_rects"]
s, c = r["skeleton_splitter"], r["chains_panel"]
print(round(s[0] + s[2] / 2), round(s[1] + s[3] / 2), round(c[0] + 12), round(c[1] + 9))  # splitter; title arrow
PYEOF
)
    start_program "$out/dragged.json" --size 1024x640
    # ImGui takes the press only on an item it already saw hovered: time for a few frames.
    xdotool mousemove --window "$wid" "$sx" "$sy"; sleep 0.6
    xdotool mousedown 1; sleep 0.3
    for _ in $(seq 1 8); do xdotool mousemove_relative -- -5 0; sleep 0.05; done
    sleep 0.3; xdotool mouseup 1; sleep 0.3
    xdotool mousemove --window "$wid" "$cx" "$cy"; sleep 0.3; xdotool click 1; sleep 0.5
    quit_program
    [ -s "$ini" ] || fail "the layout was not written to $ini"
    cat "$ini"
    grep -q "^chains_collapsed = 1$" "$ini" || fail "the collapsed Chains panel is not remembered"
    "$IKSCOPE" --size 1024x640 --frames 4 --screenshot "$out/remembered.png" --state-out "$out/remembered.json" > /dev/null
    "$PY" - "$out/small.json" "$out/dragged.json" "$out/remembered.json" <<'PYEOF'
import json, sys
small, dragged, again = (json.load(open(p)) for p in sys.argv[1:4])
before = small["ui_rects"]["skeleton_panel"][2]
after = again["ui_rects"]["skeleton_panel"][2]
print(f"Skeleton panel {before:.0f} -> {after:.0f} wide after a 40-point drag, in the next run")
assert abs((before - after) - 40) <= 2, "the splitter drag is not remembered"
assert "chains_strip" in again["ui_rects"] and again["viewport"][0] + again["viewport"][2] > 950, \
    "the collapsed Chains panel did not give the viewport its room"
PYEOF
    printf 'skeleton_width = 250\n\x01\xff garbage\nchains_width = wide\n' > "$ini"
    "$IKSCOPE" --size 1024x640 --frames 3 --state-out "$out/damaged.json" > /dev/null 2> "$out/damaged.txt" \
      || fail "a damaged panels.ini stopped the program"
    [ "$(grep -c "panels.ini: " "$out/damaged.txt")" -eq 1 ] || fail "expected one message naming panels.ini: $(cat "$out/damaged.txt")"
    cat "$out/damaged.txt"
    ;;
  compare_nine_solvers_plot)
    "${XVFB[@]}" bash "$0" __compare_inside
    ;;
  __compare_inside)
    # A two-bone arm chain compared across every solver in the Compare tab, at the default
    # window size: the table of all ten solvers ends inside the tab's view (no scrolling),
    # nine of them ran and the two-bone row is one of them, and a screenshot to look at.
    # Two runs: the drag selects the chain; the first run finds the tab, the second clicks it.
    out="$OUT/compare_nine_solvers_plot"
    "$IKSCOPE" --frames 2 --state-out "$out/start.json" > /dev/null
    read -r _ gx gy dx dy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/start.json")
    drag_limb_goal() {
      xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3
      xdotool mousedown 1
      for _ in $(seq 1 10); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
      sleep 0.3; xdotool mouseup 1; sleep 0.3
    }
    click_at() { xdotool mousemove --window "$wid" "$1" "$2"; sleep 0.2; xdotool click 1; sleep 0.4; }
    start_program "$out/run1.json"; drag_limb_goal; quit_program
    read -r _ _ _ _ _ tx ty < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/run1.json" tab_compare)
    cd "$out"   # where F12 writes its screenshot
    start_program "$out/run2.json"; drag_limb_goal; click_at "$tx" "$ty"
    xdotool mousemove --window "$wid" 640 400   # off the panel: no tooltip in the picture
    sleep 0.5; xdotool key F12; sleep 0.5
    quit_program
    ls "$out"/ikscope-*.png > /dev/null 2>&1 || fail "no F12 screenshot"
    "$PY" - "$out/run2.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
r = s["ui_rects"]
assert "compare_table" in r, "the Compare tab is not open"
table, view = r["compare_table"], r["compare_view"]
bottom, view_bottom = table[1] + table[3], view[1] + view[3]
assert bottom <= view_bottom + 0.5, f"the comparison table ends at {bottom}, below its view ({view_bottom})"
print(f"compare table: {table[3]:.0f} px tall, ends at {bottom:.0f} within the view ending at {view_bottom:.0f}")
PYEOF
    ;;
  save_popup_enter_writes)
    "${XVFB[@]}" bash "$0" __save_inside
    ;;
  __save_inside)
    # Ctrl+S opens the path popup with a default name; Enter alone must write the file.
    out="$OUT/save_popup_enter_writes"
    cd "$out"   # the default path is relative: the session lands here, and F12's screenshot
    start_program "$out/after.json"
    imgui_key ctrl+s
    sleep 0.3
    xdotool key F12; sleep 0.3   # the popup, to look at
    imgui_key Return
    sleep 0.3
    [ -s "$out/humanoid.session.json" ] || fail "Enter in the save popup wrote nothing"
    quit_program   # saved just now: no prompt
    json "$out/after.json" 's["status"]' | grep -q "session saved to" || fail "status: $(json "$out/after.json" 's["status"]')"
    [ "$(json "$out/after.json" 's["unsaved_changes"]')" = "False" ] || fail "unsaved changes right after a save"
    ;;
  native_dialog_saves_and_remembers)
    "${XVFB[@]}" bash "$0" __native_dialog_inside
    ;;
  __native_dialog_inside)
    # Ctrl+S with the desktop dialog: a stand-in "zenity" first on PATH records its command
    # line and answers a path, as the real one does when the user picks a file. The session
    # is written there, the program kept drawing while the dialog was open, and the file is
    # at the top of the recent-files list in the config folder. Then a dialog that fails
    # (exit status 5) falls back to the path popup, with the reason in the status line.
    out="$OUT/native_dialog_saves_and_remembers"
    cd "$out"   # F12's screenshot lands here
    mkdir -p "$out/bin"
    cat > "$out/bin/zenity" <<SCRIPT
#!/bin/sh
printf '%s\n' "\$@" > "$out/zenity-args.txt"
[ -e "$out/fail-next" ] && exit 5
sleep 1
echo "$out/picked.session.json"
SCRIPT
    chmod +x "$out/bin/zenity"
    export IKSCOPE_FILE_DIALOG= PATH="$out/bin:$PATH"
    start_program "$out/after.json"
    imgui_key ctrl+s
    sleep 2.5
    [ -s "$out/picked.session.json" ] || fail "the session was not written where the dialog said"
    grep -qx -- "--save" "$out/zenity-args.txt" || fail "zenity was not asked to save: $(cat "$out/zenity-args.txt")"
    grep -qx -- "--confirm-overwrite" "$out/zenity-args.txt" || fail "zenity does not confirm overwrites"
    grep -qx -- "--filename=humanoid.session.json" "$out/zenity-args.txt" || fail "no default name: $(cat "$out/zenity-args.txt")"
    grep -qx "$out/picked.session.json" "$out/config/ikscope/recent-files.txt" || fail "not in the recent files: $(cat "$out/config/ikscope/recent-files.txt")"
    touch "$out/fail-next"
    imgui_key ctrl+e
    sleep 1.5
    xdotool key F12; sleep 0.3   # the popup the failed dialog handed over to, to look at
    imgui_key Escape
    quit_program
    grep -q "exit status 5); using ikscope's own path field instead" "$out/stdout.txt" || fail "the failure was not said: $(cat "$out/stdout.txt")"
    json "$out/after.json" 's["recent_files"][0]' | grep -qx "$out/picked.session.json" || fail "state-out recent files"
    ;;
  pole_drag_moves_elbow)
    "${XVFB[@]}" bash "$0" __pole_inside
    ;;
  __pole_inside)
    # Real mouse events on the built-in humanoid: select the left arm's chain (a click on
    # its goal), tick "Pole" in its panel (a violet handle appears, placed from the arm's
    # bend), drag the handle across the limb: the elbow goes to the other side. Three runs
    # of the same start: the first finds the checkbox, the second the handle (pole_drag.py).
    out="$OUT/pole_drag_moves_elbow"
    cd "$out"   # where F12 writes its screenshot
    select_arm() {  # clicks the arm chain's goal: selects the chain without moving it
      xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3; xdotool click 1; sleep 0.5
    }
    "$IKSCOPE" --frames 3 --state-out "$out/layout.json" > "$out/stdout0.txt" 2>&1 || fail "ikscope exited with an error"
    read -r _ gx gy < <("$PY" "$E2E_DIR/pole_drag.py" goal "$out/layout.json")
    start_program "$out/selected.json"; select_arm; quit_program
    read -r _ _ _ bx by < <("$PY" "$E2E_DIR/pole_drag.py" goal "$out/selected.json")
    [ -n "${by:-}" ] || fail "the arm chain's panel shows no Pole checkbox"
    start_program "$out/pole_on.json"; select_arm
    xdotool mousemove --window "$wid" "$bx" "$by"; sleep 0.3; xdotool click 1; sleep 0.5
    quit_program
    read -r px py tx ty < <("$PY" "$E2E_DIR/pole_drag.py" mirror "$out/pole_on.json")
    start_program "$out/dragged.json"; select_arm
    xdotool mousemove --window "$wid" "$bx" "$by"; sleep 0.3; xdotool click 1; sleep 0.5
    xdotool mousemove --window "$wid" "$px" "$py"; sleep 0.3
    xdotool mousedown 1
    for i in $(seq 1 20); do
      xdotool mousemove --window "$wid" $((px + (tx - px) * i / 20)) $((py + (ty - py) * i / 20)); sleep 0.05
    done
    sleep 0.3; xdotool mouseup 1; sleep 0.5
    xdotool key F12; sleep 0.5
    quit_program
    "$PY" "$E2E_DIR/pole_drag.py" check "$out/pole_on.json" "$out/dragged.json" || fail "the elbow did not follow the pole"
    ;;
  open_session_from_command_line)
    # A session written by the program (its rig: the built-in humanoid, one chain's
    # orientation goal on) opens from the command line: the rig, the chains, the goal.
    "${XVFB[@]}" bash "$0" __session_inside
    ;;
  __session_inside)
    out="$OUT/open_session_from_command_line"
    cd "$out"
    start_program "$out/saved.json"
    xdotool key o; sleep 0.3          # the selected chain's orientation goal on: an edit
    imgui_key ctrl+s; sleep 0.3
    imgui_key Return; sleep 0.3
    quit_program
    [ -s "$out/humanoid.session.json" ] || fail "no session written"
    "$IKSCOPE" "$out/humanoid.session.json" --frames 3 --state-out "$out/opened.json" > "$out/stdout2.txt" 2>&1 \
      || fail "ikscope FILE.session.json exited with an error: $(cat "$out/stdout2.txt")"
    [ "$(json "$out/opened.json" 's["status_is_error"]')" = "False" ] || fail "status: $(json "$out/opened.json" 's["status"]')"
    json "$out/opened.json" 's["status"]' | grep -q "session .* opened" || fail "status: $(json "$out/opened.json" 's["status"]')"
    json "$out/opened.json" 's["file"]' | grep -q "humanoid.gltf" || fail "the session's rig is not open"
    [ "$(json "$out/opened.json" 'len(s["chains"])')" = "$(json "$out/saved.json" 'len(s["chains"])')" ] || fail "chain count differs"
    # O turned the selected chain's orientation goal on (the legs' are on from the start).
    [ "$(json "$out/opened.json" 'sum("goal_orientation_wxyz" in c for c in s["chains"])')" = \
      "$(json "$out/saved.json" 'sum("goal_orientation_wxyz" in c for c in s["chains"])')" ] || fail "the orientation goals differ"
    [ "$(json "$out/opened.json" '"goal_orientation_wxyz" in s["chains"][s["selected_chain"]]')" = True ] || fail "the edited goal did not come back"
    [ "$(json "$out/opened.json" 's["unsaved_changes"]')" = "False" ] || fail "a session just opened has unsaved changes"
    ;;
  unsaved_prompt_on_quit)
    "${XVFB[@]}" bash "$0" __unsaved_inside
    ;;
  __unsaved_inside)
    # An edit (O: an orientation goal), then Ctrl+Q asks; Escape (Cancel) keeps the program
    # running; Ctrl+Q again and D (Discard) quits.
    out="$OUT/unsaved_prompt_on_quit"
    cd "$out"
    start_program "$out/after.json"
    xdotool key o; sleep 0.3
    imgui_key ctrl+q; sleep 0.5
    running || fail "Ctrl+Q with unsaved changes quit without asking"
    xdotool key F12; sleep 0.3   # the prompt, to look at
    imgui_key Escape; sleep 0.5
    running || fail "Cancel quit"
    imgui_key ctrl+q; sleep 0.3
    imgui_key d
    for _ in $(seq 1 25); do running || break; sleep 0.2; done
    if running; then kill "$pid"; fail "Discard did not quit"; fi
    wait "$pid" || fail "ikscope exited with an error"
    [ "$(json "$out/after.json" 's["unsaved_changes"]')" = "True" ] || fail "the edit did not count as unsaved"
    [ ! -e "$out/humanoid.session.json" ] || fail "Discard saved"
    ;;
  quit_prompt_over_open_combo)
    "${XVFB[@]}" bash "$0" __quit_over_combo_inside
    ;;
  __quit_over_combo_inside)
    # An edit (O), the Goal combo under the chain table opened with a click, then Ctrl+Q:
    # the prompt must appear (ImGui 1.86 asserted here: the combo closed and the combo's
    # tooltip appeared for the first time after the new prompt, app/panels.h), Escape keeps
    # the program, and Ctrl+Q, D quits it cleanly.
    out="$OUT/quit_prompt_over_open_combo"
    cd "$out"
    "$IKSCOPE" --frames 2 --state-out "$out/before.json" > /dev/null
    read -r cx cy < <(json "$out/before.json" 'round(s["ui_rects"]["goal_space"][0] + 20), round(s["ui_rects"]["goal_space"][1] + 10)')
    start_program "$out/after.json"
    xdotool key o; sleep 0.3
    xdotool mousemove --window "$wid" "$cx" "$cy"; sleep 0.2; xdotool click 1; sleep 0.5
    xdotool key F12; sleep 0.3   # the open combo, to look at
    xdotool key ctrl+q; sleep 1.0
    running || { wait "$pid" || true; fail "Ctrl+Q over the open combo ended the program: $(tail -n 2 "$out/stdout.txt")"; }
    xdotool key F12; sleep 0.3   # the prompt, to look at
    imgui_key Escape; sleep 0.5
    running || fail "Cancel quit"
    imgui_key ctrl+q; sleep 0.3
    imgui_key d
    for _ in $(seq 1 25); do running || break; sleep 0.2; done
    if running; then kill "$pid"; fail "Discard did not quit"; fi
    wait "$pid" || fail "ikscope exited with an error: $(tail -n 2 "$out/stdout.txt")"
    [ "$(json "$out/after.json" 's["unsaved_changes"]')" = "True" ] || fail "the edit did not count as unsaved"
    shots=("$out"/ikscope-*.png)
    [ "${#shots[@]}" -eq 2 ] && [ -f "${shots[1]}" ] || fail "F12 did not write two screenshots"
    ;;
  full_body_stiffness_undo_save)
    "${XVFB[@]}" bash "$0" __stiffness_inside
    ;;
  __stiffness_inside)
    # Full-body mode's Stiffness sliders are edits like any other: a drag of "hips move",
    # saved with Ctrl+S; a drag of "spine" makes Ctrl+Q ask; Ctrl+Z undoes that drag alone,
    # so Ctrl+Q then quits without asking; the saved session opens with the dragged value.
    out="$OUT/full_body_stiffness_undo_save"
    cd "$out"   # the save popup's default path and F12's screenshots land here
    "$IKSCOPE" --full-body --frames 2 --state-out "$out/layout0.json" > /dev/null
    read -r hx hy < <(json "$out/layout0.json" 'round(s["ui_rects"]["full_body_stiffness"][0] + 30), round(s["ui_rects"]["full_body_stiffness"][1] + 10)')
    # The sliders' places: a run with the section open (the window grows upward from its
    # fixed lower edge, the same in every run).
    start_program "$out/layout1.json" --full-body
    xdotool mousemove --window "$wid" "$hx" "$hy"; sleep 0.2; xdotool click 1; sleep 0.5
    quit_program
    read -r px py sx sy < <(json "$out/layout1.json" '" ".join(str(round(v)) for v in [s["ui_rects"]["stiffness_hips_move"][0] + 20, s["ui_rects"]["stiffness_hips_move"][1] + 10, s["ui_rects"]["stiffness_spine"][0] + 40, s["ui_rects"]["stiffness_spine"][1] + 10])')
    drag_slider() {  # drag_slider X Y DX: press on the slider, move DX pixels, release
      xdotool mousemove --window "$wid" "$1" "$2"; sleep 0.2
      xdotool mousedown 1; sleep 0.2
      for _ in 1 2 3 4 5; do xdotool mousemove_relative -- "$(($3 / 5))" 0; sleep 0.05; done
      sleep 0.3; xdotool mouseup 1; sleep 0.5
    }
    start_program "$out/after.json" --full-body
    xdotool mousemove --window "$wid" "$hx" "$hy"; sleep 0.2; xdotool click 1; sleep 0.5
    drag_slider "$px" "$py" 70   # from near the low end to near the high end: far above the default 4
    xdotool key F12; sleep 0.3   # the dragged slider, to look at
    imgui_key ctrl+s; sleep 0.3
    imgui_key Return; sleep 0.3
    [ -s "$out/humanoid.session.json" ] || fail "Ctrl+S, Enter wrote no session"
    drag_slider "$sx" "$sy" -30
    imgui_key ctrl+q; sleep 0.5
    running || fail "Ctrl+Q after a stiffness drag quit without asking"
    imgui_key Escape; sleep 0.3
    running || fail "Cancel quit"
    imgui_key ctrl+z; sleep 0.3
    xdotool key F12; sleep 0.3   # the spine back, to look at
    xdotool key ctrl+q
    for _ in $(seq 1 25); do running || break; sleep 0.2; done
    if running; then kill "$pid"; fail "Ctrl+Q asked after the spine drag was undone (or the undo did more)"; fi
    wait "$pid" || fail "ikscope exited with an error"
    "$IKSCOPE" "$out/humanoid.session.json" --frames 3 --state-out "$out/reopened.json" > "$out/reopen.txt" 2>&1 \
      || fail "the saved session does not open: $(cat "$out/reopen.txt")"
    "$PY" - "$out/layout0.json" "$out/after.json" "$out/reopened.json" "$out/humanoid.session.json" <<'PYEOF'
import json, sys
before, after, reopened, session = (json.load(open(p)) for p in sys.argv[1:5])
start, end = before["full_body"]["settings"], after["full_body"]["settings"]
assert end["hips_translation_stiffness"] > start["hips_translation_stiffness"], ("the hips drag did nothing", start, end)
assert end["role_stiffness"] == start["role_stiffness"], ("Ctrl+Z did not bring the spine back", end["role_stiffness"])
assert session["full_body"]["hips_translation_stiffness"] == end["hips_translation_stiffness"], session["full_body"]
assert reopened["full_body"]["settings"] == end, ("the session opened with other settings", reopened["full_body"]["settings"])
assert reopened["full_body"]["on"], "the session did not open in full-body mode"
assert not after["unsaved_changes"], "unsaved changes after undoing back to the saved state"
PYEOF
    ;;
  finger_goals_ride_with_hand)
    "${XVFB[@]}" bash "$0" __fingers_inside
    ;;
  __fingers_inside)
    # The generated Mixamo rig: tick "Fingers L" (the finger chains, made off, whose goals
    # follow the hand), drag the left hand's goal most of the way to the left hip. The
    # finger goals must move with the hand, rigidly, and every finger chain must reach.
    out="$OUT/finger_goals_ride_with_hand"
    cd "$out"   # the F12 screenshot goes here
    rig="$E2E_DIR/../../assets/mixamo_rig.gltf"
    "$IKSCOPE" "$rig" --frames 2 --state-out "$out/before.json" > /dev/null
    read -r chain gx gy dx dy fx fy < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
name = lambda j: s["joints"][j]["name"]
arm = next(i for i, c in enumerate(s["chains"]) if name(c["effector"]) == "mixamorig:LeftHand")
hip = next(j["window"] for j in s["joints"] if j["name"] == "mixamorig:LeftUpLeg")
g = s["chains"][arm]["goal_window"]
x, y, w, h = s["ui_rects"]["fingers_left"]
steps = 20  # 75 % of the way to the hip
print(arm, round(g[0]), round(g[1]), round(0.75 * (hip[0] - g[0]) / steps), round(0.75 * (hip[1] - g[1]) / steps),
      round(x + h / 2), round(y + h / 2))
PYEOF
)
    start_program "$out/after.json" "$rig"
    xdotool mousemove --window "$wid" "$fx" "$fy"; sleep 0.2; xdotool click 1; sleep 0.5
    xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3
    xdotool mousedown 1
    for _ in $(seq 1 20); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
    sleep 0.5; xdotool mouseup 1; sleep 0.8
    xdotool key F12; sleep 0.3   # a screenshot of the posed hand, to look at
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" "$chain" <<'PYEOF'
import json, sys, math
before, after, arm = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
name = lambda j: after["joints"][j]["name"]
hand = next(j["index"] for j in after["joints"] if j["name"] == "mixamorig:LeftHand")
fingers = [i for i, c in enumerate(after["chains"]) if c["group"] == "fingers" and name(c["root"]).startswith("mixamorig:LeftHand")]
assert len(fingers) == 5, f"{len(fingers)} left finger chains"
hb, ha = before["joints"][hand]["model"], after["joints"][hand]["model"]
print(f"hand moved {math.dist(ha, hb):.3f} (arm chain {after['chains'][arm]['status']})")
assert math.dist(ha, hb) > 0.15, "the hand did not move"
for i in fingers:
    b, a = before["chains"][i], after["chains"][i]
    print(f"{name(a['effector'])}: {a['goal_space']}, enabled {a['enabled']}, goal moved {math.dist(a['goal'], b['goal']):.3f}, "
          f"{math.dist(a['goal'], ha):.4f} from the hand (was {math.dist(b['goal'], hb):.4f}), {a['status']}, "
          f"tip {a['distance_to_goal']:.1e} from it")
    assert a["enabled"], "Fingers L did not turn the finger chain on"
    assert a["goal_space"] == f"follows joint {hand}", "the finger goal does not follow the hand"
    assert math.dist(a["goal"], b["goal"]) > 0.1, "the finger goal stayed behind"
    assert abs(math.dist(a["goal"], ha) - math.dist(b["goal"], hb)) < 1e-3, "the finger goal did not move rigidly with the hand"
    assert a["status"] == "reached" and a["distance_to_goal"] < 2e-3, "the finger chain did not reach"
# Rigidly: the finger goals keep their distances to one another.
for i in fingers:
    for k in fingers:
        db = math.dist(before["chains"][i]["goal"], before["chains"][k]["goal"])
        da = math.dist(after["chains"][i]["goal"], after["chains"][k]["goal"])
        assert abs(da - db) < 1e-3, "the finger goals moved apart"
PYEOF
    ;;
  gizmo_arrow_moves_goal_along_x)
    "${XVFB[@]}" bash "$0" __gizmo_arrow_inside
    ;;
  __gizmo_arrow_inside)
    # Real mouse events on the Mixamo-named rig: a click on the right foot's goal selects its
    # chain (the translate gizmo appears on it); a press on the gizmo's red X arrow and a drag
    # along it moves the goal along model X only. Two runs of the same start: the first only
    # learns where the arrow is (ui_rects gizmo_arrow_x). F12 screenshots: hovering the arrow,
    # after the drag, and the rotate gizmo (R), to look at.
    out="$OUT/gizmo_arrow_moves_goal_along_x"
    cd "$out"
    rig="$E2E_DIR/../../assets/mixamo_rig.gltf"
    "$IKSCOPE" "$rig" --frames 2 --state-out "$out/before.json" > /dev/null 2>&1 || fail "ikscope exited with an error"
    read -r chain gx gy < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
c = next(i for i, c in enumerate(s["chains"]) if s["joints"][c["effector"]]["name"] == "mixamorig:RightFoot")
print(c, round(s["chains"][c]["goal_window"][0]), round(s["chains"][c]["goal_window"][1]))
PYEOF
)
    select_foot() { xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3; xdotool click 1; sleep 0.5; }
    start_program "$out/layout.json" "$rig"
    select_foot
    quit_program
    read -r ax ay tx ty < <(json "$out/layout.json" '" ".join(str(round(v)) for v in s["ui_rects"]["gizmo_arrow_x"])')
    start_program "$out/after.json" "$rig"
    select_foot
    drag_gizmo_x_arrow "$ax" "$ay" "$tx" "$ty"
    xdotool key r; sleep 0.4
    xdotool key F12; sleep 0.4   # the rotate gizmo
    quit_program
    "$PY" - "$out/before.json" "$out/after.json" "$chain" <<'PYEOF'
import json, sys
before, after = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
c = int(sys.argv[3])
b, a = before["chains"][c]["goal"], after["chains"][c]["goal"]
move = [a[k] - b[k] for k in range(3)]
print(f"chain {c} selected {after['selected_chain']}, goal moved {move}, gizmo {after['gizmo_mode']}")
assert after["selected_chain"] == c, "the click did not select the foot's chain"
assert move[0] > 0.05, "the goal did not move along +X"
assert abs(move[1]) < 1e-4 and abs(move[2]) < 1e-4, "the goal left the X axis"
assert after["gizmo_mode"] == "rotate", "R did not switch to the rotate gizmo"
PYEOF
    ls "$out"/ikscope-*.png > /dev/null 2>&1 || fail "no screenshot written"
    ;;
  gizmo_moves_full_body_effector)
    "${XVFB[@]}" bash "$0" __gizmo_full_body_inside
    ;;
  __gizmo_full_body_inside)
    # Full-body mode on the humanoid (--full-body; the gizmo starts on the main hand's goal):
    # real mouse events click the head's goal handle, which selects it (the gizmo moves onto
    # it; the click alone changes no goal, so the head still holds nothing), then drag the
    # head's gizmo's red X arrow: the head's goal moves along model X only, the head starts
    # holding, the main hand's goal stays. Two runs of the same start: the first only clicks
    # and learns where the head's arrow is (ui_rects gizmo_arrow_x). F12 screenshots: the
    # gizmo on the head, the arrow lit under the mouse, after the drag.
    out="$OUT/gizmo_moves_full_body_effector"
    cd "$out"
    "$IKSCOPE" --full-body --frames 2 --state-out "$out/before.json" > /dev/null 2>&1 || fail "ikscope exited with an error"
    read -r hx hy < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
head = next(e for e in s["full_body"]["effectors"] if s["joints"][e["joint"]]["role"] == "head")
assert not head["holds"], "the head holds a goal before anything was done"
w = s["joints"][head["joint"]]["window"]   # a free effector's handle sits on its joint
print(round(w[0]), round(w[1]))
PYEOF
)
    click_head() { xdotool mousemove --window "$wid" "$hx" "$hy"; sleep 0.3; xdotool click 1; sleep 0.5; }
    start_program "$out/layout.json" --full-body
    click_head
    xdotool key F12; sleep 0.4   # the gizmo on the head
    quit_program
    read -r ax ay tx ty < <(json "$out/layout.json" '" ".join(str(round(v)) for v in s["ui_rects"]["gizmo_arrow_x"])')
    start_program "$out/after.json" --full-body
    click_head
    drag_gizmo_x_arrow "$ax" "$ay" "$tx" "$ty"
    quit_program
    "$PY" - "$out/before.json" "$out/layout.json" "$out/after.json" <<'PYEOF'
import json, sys
before, layout, after = (json.load(open(f)) for f in sys.argv[1:4])
fb = before["full_body"]["chain"]
def head(s):
    return next(e for e in s["full_body"]["effectors"] if s["joints"][e["joint"]]["role"] == "head")
sel, hb, ha = layout["selected_goal_handle"], head(layout), head(after)
print(f"selected after the click: {sel}")
assert sel["chain"] == fb and sel["extra_effector"] >= 0 and sel["joint"] == hb["joint"], "the click did not select the head's handle"
assert after["selected_goal_handle"]["joint"] == hb["joint"], "the head's handle is not selected after the drag"
assert not hb["holds"] and hb["weight"] == 0, "the click alone made the head hold"
start = sel["goal"]                         # the handle (on the head joint) where the gizmo was
move = [ha["goal"][k] - start[k] for k in range(3)]
print(f"head goal moved {move}, holds {ha['holds']} (weight {ha['weight']})")
assert move[0] > 0.05, "the head's goal did not move along +X"
assert abs(move[1]) < 1e-4 and abs(move[2]) < 1e-4, "the head's goal left the X axis"
assert ha["holds"] and ha["weight"] == 1, "the dragged head does not hold its goal"
hand_b, hand_a = before["chains"][fb]["goal"], after["chains"][fb]["goal"]
assert max(abs(hand_a[k] - hand_b[k]) for k in range(3)) < 1e-6, f"the main hand's goal moved: {hand_b} -> {hand_a}"
for eb, ea in zip(before["full_body"]["effectors"], after["full_body"]["effectors"]):
    if eb["joint"] != hb["joint"]:
        assert eb["goal"] == ea["goal"] and eb["weight"] == ea["weight"], f"{eb['name']} changed"
PYEOF
    shots=("$out"/ikscope-*.png)
    [ "${#shots[@]}" -eq 3 ] || fail "F12 did not write three screenshots"
    ;;
  mixamo_knee_bends_forward)
    "${XVFB[@]}" bash "$0" __knee_inside
    ;;
  __knee_inside)
    # Real mouse events on the Mixamo-named rig (cm, T-pose, no limits in the file: the
    # default limits from roles apply): numpad 3 (right view, +Z to the left), then a drag of
    # the foot goal under the mouse forward and up. The knee must end in front of the
    # hip-ankle line (model +Z is the character's front). In the right view both feet's goals
    # are on one spot: the press takes the nearer one (the left foot's).
    out="$OUT/mixamo_knee_bends_forward"
    cd "$out"
    rig="$E2E_DIR/../../assets/mixamo_rig.gltf"
    start_program "$out/layout.json" "$rig"
    xdotool key KP_3; sleep 0.5
    quit_program
    read -r gx gy < <("$PY" - "$out/layout.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
assert abs(s["camera"]["yaw"] - 1.5708) < 1e-3, "numpad 3 did not turn to the right view"
c = next(i for i, c in enumerate(s["chains"]) if s["joints"][c["effector"]]["name"] == "mixamorig:RightFoot")
print(round(s["chains"][c]["goal_window"][0]), round(s["chains"][c]["goal_window"][1]))
PYEOF
)
    start_program "$out/after.json" "$rig"
    xdotool key KP_3; sleep 0.5
    xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3
    xdotool mousedown 1
    for _ in $(seq 1 10); do xdotool mousemove_relative -- -7 -16; sleep 0.05; done
    sleep 0.5; xdotool mouseup 1; sleep 0.5
    xdotool key F12; sleep 0.4
    quit_program
    "$PY" - "$out/after.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
J = s["joints"]
c = s["selected_chain"]
ch = s["chains"][c]
ankle = J[ch["effector"]]
knee = J[ankle["parent"]]
hip = J[knee["parent"]]
h, k, a = hip["model"], knee["model"], ankle["model"]
d = [a[i] - h[i] for i in range(3)]
t = sum((k[i] - h[i]) * d[i] for i in range(3)) / sum(x * x for x in d)
front = k[2] - (h[2] + t * d[2])   # +Z is the front
print(f"chain {c} ({ankle['name']}): goal {ch['goal']}, {ch['status']}; knee {front:+.4f} in front of the hip-ankle line")
assert "Foot" in ankle["name"], "the drag did not take a foot goal"
assert ch["goal"][1] > 0.3 and ch["goal"][2] > 0.1, "the goal did not go forward and up"
assert front > 0.02, "the knee is not in front of the hip-ankle line"
PYEOF
    ;;
  full_body_drag_hand)
    "${XVFB[@]}" bash "$0" __full_body_inside
    ;;
  __full_body_inside)
    # Full-body mode on the humanoid (--full-body), the main hand's goal dragged far forward
    # (about 0.27 m) with real mouse events (full_body_drag.py plans the direction and
    # checks): the spine bends, the hips shift back and the centre of mass stays over the
    # feet (the balance), the pinned feet do not move (<= 1e-4 of the rig's height), and the
    # screenshot (F12 after the release) shows the body leaning.
    out="$OUT/full_body_drag_hand"
    "$IKSCOPE" --full-body --frames 2 --state-out "$out/before.json" > /dev/null
    read -r gx gy dx dy < <("$PY" "$E2E_DIR/full_body_drag.py" plan "$out/before.json")
    cd "$out"  # F12 writes ikscope-<time>.png into the working folder
    # The program runs 900 frames and exits by itself with a screenshot of its last one
    # (--frames, --screenshot); the drag and the F12 after it take the first few seconds.
    start_program "$out/after.json" --full-body --frames 900 --screenshot "$out/shot_later.png"
    xdotool mousemove --window "$wid" "$gx" "$gy"
    sleep 0.3
    xdotool mousedown 1
    for _ in $(seq 1 18); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
    sleep 0.5
    xdotool mouseup 1
    sleep 0.5
    # Collapse the Full body window (its title bar's arrow) so the reaching hand shows.
    read -r wx wy < <(json "$out/before.json" 'round(s["ui_rects"]["full_body_window"][0] + 12), round(s["ui_rects"]["full_body_window"][1] + 10)')
    xdotool mousemove --window "$wid" "$wx" "$wy" click 1
    sleep 0.5
    xdotool key F12
    # Goals unchanged from here to the last frame: at least 600 frames later (10 s at 60
    # frames per second; software OpenGL under Xvfb draws about 12 a second, fewer under
    # load, so this takes about a minute) the 3D view must be the same to the pixel. The
    # frames between the two screenshots are counted, not timed (--state-out's
    # screenshots[].frame and frames_run).
    for _ in $(seq 1 400); do running || break; sleep 0.5; done
    running && { kill "$pid"; fail "the program did not end after its 900 frames"; }
    wait "$pid" || fail "ikscope exited with an error"
    shots=("$out"/ikscope-*.png)
    [ "${#shots[@]}" -eq 1 ] && [ -f "${shots[0]}" ] && [ -f "$out/shot_later.png" ] || fail "the two screenshots were not written"
    mv "${shots[0]}" "$out/shot.png"
    "$PY" "$E2E_DIR/full_body_drag.py" check "$out/before.json" "$out/after.json" 18 "$dx" "$dy"
    "$PY" "$E2E_DIR/full_body_drag.py" still "$out/shot.png" "$out/shot_later.png" "$out/after.json"
    ;;
  *) fail "unknown case $case_name" ;;
esac
echo "PASS: $case_name"
