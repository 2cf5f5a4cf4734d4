#!/usr/bin/env bash
# Long session: the real ikscope under its own Xvfb, driven for SECONDS by random real
# input (long_session_drive.py: goal drags, clicks on joints and panels, orbit, pan, zoom,
# keys, opens of good and broken files, sessions saved and opened), then checked
# (long_session_check.py): exit status 0, state written, resident memory at the end
# < 5% above the sample at the reference second, frame time stable (median of the last
# third at most twice the first third's).
#
#   tests/e2e/long_session.sh SECONDS [REFERENCE_SECOND]
#
# REFERENCE_SECOND: 60 by default, 20 when SECONDS < 120 (ctest runs 60 seconds).
# Environment, all optional: IKSCOPE (default build/release/ikscope), SHARED (default
# ../shared beside the checkout), OUT (default build/long_session), SEED (default 1).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
seconds=${1:?usage: long_session.sh SECONDS [REFERENCE_SECOND]}
if [ "${seconds%.*}" -lt 120 ]; then reference=${2:-20}; else reference=${2:-60}; fi
IKSCOPE=${IKSCOPE:-$source_dir/build/release/ikscope}
SHARED=${SHARED:-$source_dir/../shared}
# The path popup (the driver types paths into it) and a config folder of the run's own.
export IKSCOPE_FILE_DIALOG=popup
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-${OUT:-$source_dir/build/long_session}/config}
out=$(realpath -m "${OUT:-$source_dir/build/long_session}")
PY=/usr/bin/python3   # Debian's: always present, standard library only

fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$IKSCOPE" ] || fail "no program at $IKSCOPE (build it, or set IKSCOPE)"
IKSCOPE=$(realpath "$IKSCOPE")
[ "$reference" -lt "${seconds%.*}" ] || fail "the reference second ($reference) must come before the end ($seconds)"
rm -rf "$out" && mkdir -p "$out"

# A private X server (it picks a free display and says which through -displayfd), as in
# e2e.sh, stopped on any exit. -noreset: by default the server resets whenever its last
# client leaves, and a client connecting during the reset is refused (seen here: 30% of
# connections in a connect/disconnect loop), so SDL would fall back to an invisible window.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3> "$out/display" 2> "$out/xvfb.log" &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [ -s "$out/display" ] && break; sleep 0.05; done
[ -s "$out/display" ] || fail "Xvfb did not start: $(cat "$out/xvfb.log")"
export DISPLAY=":$(head -n 1 "$out/display")"

echo "long session: $seconds s, memory reference at $reference s, output in $out"
code=0
"$PY" "$here/long_session_drive.py" --ikscope "$IKSCOPE" --source "$source_dir" --shared "$SHARED" \
  --out "$out" --seconds "$seconds" --reference "$reference" --seed "${SEED:-1}" || code=$?
[ "$code" -eq 0 ] || { tail -n 20 "$out/ikscope.log" >&2 || true; fail "the session failed (status $code)"; }
# Under AddressSanitizer (the 'asan' preset runs every ctest entry) the run still checks
# for crashes and sanitizer reports (they end the program with an error), but not memory
# or frame time: ASan holds freed memory in quarantine and its checks slow every frame.
sanitized=()
if nm -D "$IKSCOPE" 2>/dev/null | grep -q __asan_init; then sanitized=(--sanitized); fi
"$PY" "$here/long_session_check.py" "$out/state.json" --reference "$reference" "${sanitized[@]}"
echo "PASS: long session of $seconds s"
