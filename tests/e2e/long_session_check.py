#!/usr/bin/python3
"""Checks a long session from ikscope's --state-out dump (standard library only).

    long_session_check.py STATE_JSON --reference SECOND

The dump's "rss_kib_per_second" and "frame_ms_per_second" hold one sample per second of
the main loop (app/main.cpp): resident memory at the end of that second, and {mean, max}
of the frames in it. Rules:
  - memory: the last sample is less than 5% above the sample at the reference second
    (sample k is taken at the end of second k + 1, so the reference second S is sample
    S - 1); the first seconds are not compared, they load fonts, shaders and every rig
    for the first time;
  - frame time: the median of the per-second mean frame times in the last third of the
    run is at most twice the median in the first third (faster is never a failure: under
    Xvfb's software GL on a shared machine it only means the machine got quieter);
  - every sample is there and readable.
Prints the figures either way; exits 1 when a rule fails. With --sanitized (an ASan
build: its quarantine keeps freed memory, its checks slow every frame) the memory and
frame-time figures are printed but not judged.
"""

import argparse
import json
import statistics
import sys

MAX_GROWTH = 0.05
MAX_FRAME_RATIO = 2.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("state")
    parser.add_argument("--reference", type=int, required=True)
    parser.add_argument("--sanitized", action="store_true", help="print memory and frame times, do not judge them")
    args = parser.parse_args()
    try:
        with open(args.state) as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"FAIL: no state written: {e}")
    rss = state.get("rss_kib_per_second", [])
    frames = state.get("frame_ms_per_second", [])
    failures = []
    judge = not args.sanitized  # memory and frame time
    if len(rss) <= args.reference or len(frames) != len(rss):
        sys.exit(f"FAIL: {len(rss)} memory and {len(frames)} frame samples, "
                 f"need more than {args.reference} of each")
    if min(rss) <= 0:
        failures.append("a memory sample could not be read (/proc/self/statm)")

    reference, end = rss[args.reference - 1], rss[-1]
    growth = (end - reference) / reference
    print(f"resident memory: {rss[0] / 1024:.1f} MiB after 1 s, {reference / 1024:.1f} MiB at {args.reference} s, "
          f"peak {max(rss) / 1024:.1f} MiB, {end / 1024:.1f} MiB at the end ({len(rss)} s): "
          f"{100 * growth:+.2f}% since {args.reference} s")
    if judge and growth >= MAX_GROWTH:
        failures.append(f"resident memory grew {100 * growth:.2f}% (limit {100 * MAX_GROWTH:.0f}%)")

    means = [m for m, _ in frames]
    third = len(means) // 3
    first, middle, last = means[:third], means[third:len(means) - third], means[len(means) - third:]
    first_median, last_median = statistics.median(first), statistics.median(last)
    ratio = last_median / first_median
    slowest = max(range(len(frames)), key=lambda i: frames[i][1])
    print(f"frame time, median of per-second means: {first_median:.1f} ms in the first third, "
          f"{statistics.median(middle):.1f} ms in the middle, {last_median:.1f} ms in the last "
          f"(x{ratio:.2f}); longest frame {frames[slowest][1]:.0f} ms (second {slowest + 1}); "
          f"about {sum(1000.0 / m for m in means if m > 0):.0f} frames")
    if judge and ratio > MAX_FRAME_RATIO:
        failures.append(f"frame time grew x{ratio:.2f} from the first third to the last (limit x{MAX_FRAME_RATIO:g})")

    if not judge:
        print("sanitizer build: memory and frame time not judged")
    for failure in failures:
        print("FAIL: " + failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
