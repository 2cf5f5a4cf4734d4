#!/usr/bin/env bash
# End-to-end cases for ctest. Each case runs the real program under its own Xvfb.
# Environment (set by tests/e2e/CMakeLists.txt): IKSCOPE, CHECK_SCREENSHOT, SHARED, OUT.
set -euo pipefail
case_name=$1
out="$OUT/$case_name"
rm -rf "$out" && mkdir -p "$out"
PY=/usr/bin/python3   # Debian's: always present, standard library only
XVFB=(xvfb-run -a -s "-screen 0 1280x800x24")

fail() { echo "FAIL: $*" >&2; exit 1; }

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

  click_selects_joint)
    # Real mouse events: find a joint's pixel from one run's state, start the program,
    # click there with xdotool, quit with Ctrl+Q, and read what was selected.
    "${XVFB[@]}" bash "$0" __click_inside
    ;;
  __click_inside)
    "$IKSCOPE" --frames 2 --state-out "$OUT/click_selects_joint/before.json" > /dev/null
    out="$OUT/click_selects_joint"
    # The joint farthest (on screen) from every other joint: an unambiguous target.
    read -r target tx ty < <("$PY" - "$out/before.json" <<'PYEOF'
import json, sys, math
s = json.load(open(sys.argv[1]))
js = [j for j in s["joints"]]
best = max(js, key=lambda a: min(math.dist(a["window"], b["window"]) for b in js if b is not a))
print(best["index"], round(best["window"][0]), round(best["window"][1]))
PYEOF
)
    "$IKSCOPE" --state-out "$out/after.json" > "$out/stdout.txt" 2>&1 &
    pid=$!
    wid=$(xdotool search --sync --name '^ikscope' | head -n 1)
    sleep 1
    xdotool mousemove --window "$wid" "$tx" "$ty"
    sleep 0.3
    xdotool click 1
    sleep 0.5
    xdotool windowfocus --sync "$wid" 2>/dev/null || true
    xdotool key ctrl+q
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; fail "Ctrl+Q did not quit"; fi
    wait "$pid" || fail "ikscope exited with an error"
    got=$(json "$out/after.json" 's["selected_joint"]')
    [ "$got" = "$target" ] || fail "clicked joint $target at ($tx, $ty), selected $got"
    echo "clicked joint $target at ($tx, $ty): selected"
    ;;
  *) fail "unknown case $case_name" ;;
esac
echo "PASS: $case_name"
