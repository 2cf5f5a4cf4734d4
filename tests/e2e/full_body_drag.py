#!/usr/bin/env python3
"""Full-body e2e helpers (tests/e2e/e2e.sh, case full_body_drag_hand).

  full_body_drag.py plan BEFORE.json          -> "gx gy dx dy": the main hand's goal handle
      in window points and one mouse step (points) toward the model's +Z (forward: the
      screen direction of a toe bone, which points along +Z at rest)
  full_body_drag.py check BEFORE.json AFTER.json STEPS DX DY
      -> asserts: the goal went far forward, the hips moved, the feet did not (<= 1e-4 of
      the rig's height), every holding effector reached or the error is printed
"""
import json
import math
import sys


def load(path):
    return json.load(open(path))


def joint(state, name):
    return next(j for j in state["joints"] if j["name"] == name)


def plan(before):
    fb = before["full_body"]
    assert fb["on"], "--full-body did not turn full-body mode on: " + before["status"]
    chain = before["chains"][fb["chain"]]
    gx, gy = chain["goal_window"]
    # Screen direction of model +Z: the left toe bone (LeftToe -> LeftToe_end is along +Z).
    a, b = joint(before, "LeftToe")["window"], joint(before, "LeftToe_end")["window"]
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(vx, vy)
    assert n > 1.0, "the toe bone is edge-on to the camera"
    print(round(gx), round(gy), round(10 * vx / n), round(10 * vy / n))


def check(before, after, steps, dx, dy):
    fb0, fb1 = before["full_body"], after["full_body"]
    assert fb1["on"], "full-body mode is off after the drag"
    ys = [j["model"][1] for j in before["joints"]]
    height = max(ys) - min(ys)
    e0 = {e["name"]: e for e in fb0["effectors"]}
    e1 = {e["name"]: e for e in fb1["effectors"]}
    hand = after["joints"][after["chains"][fb1["chain"]]["effector"]]["name"]
    g0, g1 = e0[hand]["goal"], e1[hand]["goal"]
    hips_moved = math.dist(fb0["root_position"], fb1["root_position"])
    print(f"mouse moved ({steps * dx}, {steps * dy}) points; {hand} goal moved {math.dist(g0, g1):.3f} "
          f"(z {g0[2]:.3f} -> {g1[2]:.3f}); rig height {height:.3f}; hips moved {hips_moved:.4f}")
    for name, e in e1.items():
        moved = math.dist(e0[name]["position"], e["position"])
        print(f"  {name}: pinned {e['pinned']}, weight {e['weight']}, holds {e['holds']}, "
              f"error {e['error']:.2e}, moved {moved:.5f}")
    assert g1[2] - g0[2] > 0.3, "the hand goal did not go far forward"
    assert hips_moved > 0.01, "the hips did not move"
    for name, e in e1.items():
        if e["pinned"]:
            moved = math.dist(e0[name]["position"], e["position"])
            assert moved <= 1e-4 * height, f"pinned {name} moved {moved:.2e} (> 1e-4 of the height)"
    reach = [e1[hand]["error"], fb1["tolerance"]]
    print(f"  {hand} {reach[0]:.2e} from its goal (tolerance {reach[1]:.2e})")
    # The arm alone ends at most an arm's length from its shoulder; the goal is beyond it, so
    # getting close means the body leaned (the hips moved, checked above).
    assert e1[hand]["error"] < 0.05 * height, "the hand is far from its goal"


if __name__ == "__main__":
    if sys.argv[1] == "plan":
        plan(load(sys.argv[2]))
    else:
        check(load(sys.argv[2]), load(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
