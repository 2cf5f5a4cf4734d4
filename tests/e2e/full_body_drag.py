"""Helpers of the full-body hand drag (test_full_body.py, test_full_body_drag_hand), on
--state-out dumps of the humanoid in full-body mode:

  plan(BEFORE) -> ((gx, gy), (dx, dy)): the main hand's goal handle in window points and one
      mouse step (points) toward the model's +Z (forward: the screen direction of a toe
      bone, which points along +Z at rest)
  check(BEFORE, AFTER, STEPS, DX, DY): asserts the goal went far forward, the hips moved,
      the feet did not (<= 1e-4 of the rig's height), the hand came within 5 % of the
      height of its goal
  still(A.png, B.png, AFTER): asserts the 3D view (AFTER's "viewport") is pixel-identical
      in A (the F12 screenshot after the drag) and B (the last frame's, --screenshot) with
      unchanged goals, and at least 600 frames ran between them (AFTER's
      screenshots[0].frame and frames_run)
"""
import math
import struct
import zlib

from driver import joint_named as joint


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
    return (round(gx), round(gy)), (round(10 * vx / n), round(10 * vy / n))


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
    assert g1[2] - g0[2] > 0.2, "the hand goal did not go far forward"
    assert hips_moved > 0.01, "the hips did not move"
    # The balance (on by default) keeps the centre of mass over the feet: the hips go back
    # (-Z) while the hand goes forward, and the spine bends (the head comes forward).
    balance = fb1["balance"]
    head = next(name for name in e1 if name.lower().startswith("head"))
    head_forward = e1[head]["position"][2] - e0[head]["position"][2]
    hips_back = fb0["root_position"][2] - fb1["root_position"][2]
    print(f"  balance: centre of mass {balance['error']:.2e} off (settled within "
          f"{10 * fb1['tolerance']:.2e}); hips back {hips_back:.3f}; head forward {head_forward:.3f}")
    assert balance["active"], "the balance is not on"
    assert balance["error"] <= 10 * fb1["tolerance"], "the centre of mass is not over the feet"
    assert hips_back > 0.02, "the hips did not shift back"
    assert head_forward > 0.05, "the spine did not bend forward"
    for name, e in e1.items():
        if e["pinned"]:
            moved = math.dist(e0[name]["position"], e["position"])
            assert moved <= 1e-4 * height, f"pinned {name} moved {moved:.2e} (> 1e-4 of the height)"
    reach = [e1[hand]["error"], fb1["tolerance"]]
    print(f"  {hand} {reach[0]:.2e} from its goal (tolerance {reach[1]:.2e})")
    # The arm alone ends at most an arm's length from its shoulder; the goal is beyond it, so
    # getting close means the body leaned (the hips moved, checked above).
    assert e1[hand]["error"] < 0.05 * height, "the hand is far from its goal"


def read_png(path):
    """8-bit RGB or RGBA, non-interlaced (what the program writes): (width, height, rows)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path + " is not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"{path}: unsupported PNG (depth {depth}, colour {colour})"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def still(shot_a, shot_b, after):
    """shot_a: the F12 screenshot after the drag; shot_b: the last frame's (--screenshot)."""
    wa, ha, ca, ra = read_png(shot_a)
    wb, hb, cb, rb = read_png(shot_b)
    assert (wa, ha, ca) == (wb, hb, cb), "the screenshots differ in size"
    x, y, w, h = (int(round(v)) for v in after["viewport"])
    differing = 0
    for row in range(y, min(y + h, ha)):
        a, b = ra[row][x * ca:(x + w) * ca], rb[row][x * cb:(x + w) * cb]
        if a != b:
            differing += sum(1 for i in range(0, len(a), ca) if a[i:i + ca] != b[i:i + cb])
    assert len(after["screenshots"]) == 1, f"expected one F12 screenshot: {after['screenshots']}"
    frames = after["frames_run"] - 1 - after["screenshots"][0]["frame"]  # the last frame is frames_run - 1
    print(f"3D view {w}x{h}: {differing} pixels differ between screenshots {frames} frames apart")
    assert frames >= 600, f"only {frames} frames between the screenshots (the drag took longer than planned)"
    assert differing == 0, "the pose drifted with unchanged goals"

