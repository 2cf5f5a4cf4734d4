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
    # A tall window: the selected chain's inspection buttons sit at the foot of the Chains
    # panel, below the fold at 800 pixels since the timeline strip took the bottom.
    XVFB_SCREEN=1280x1000x24 "${XVFB[@]}" bash "$0" __step_inside
    ;;
  __step_inside)
    # Drag a limb's goal (selects its chain), press Solve from rest, let a few warm-started
    # frames run, then tick Step: Step must show the solve that was asked for (from rest:
    # a decreasing error), labelled so, and the iteration slider must not move.
    out="$OUT/step_shows_explicit_solve"
    "$IKSCOPE" --size 1280x1000 --frames 2 --state-out "$out/start.json" > /dev/null
    read -r _ gx gy dx dy < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/start.json")
    drag_limb_goal() {
      xdotool mousemove --window "$wid" "$gx" "$gy"; sleep 0.3
      xdotool mousedown 1
      for _ in $(seq 1 10); do xdotool mousemove_relative -- "$dx" "$dy"; sleep 0.05; done
      sleep 0.3; xdotool mouseup 1; sleep 0.3
    }
    # A first run only to learn where the limb chain's buttons are once the drag selected
    # it (each chain's panel has its own rows), the second one for real.
    start_program "$out/before.json" --size 1280x1000
    drag_limb_goal
    quit_program
    read -r _ _ _ _ _ sx sy tx ty < <("$PY" "$E2E_DIR/limb_goal_drag.py" "$out/before.json" solve_from_rest step)
    cd "$out"   # where F12 writes its screenshot
    start_program "$out/after.json" --size 1280x1000
    drag_limb_goal
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
  *) fail "unknown case $case_name" ;;
esac
echo "PASS: $case_name"
