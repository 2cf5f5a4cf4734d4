# Helpers of the e2e pole test (e2e.sh, pole_drag_moves_elbow), from --state-out dumps of
# the built-in humanoid. The chain is the left arm's (root LeftUpperArm); its pole's line
# starts at the chain's middle joint (the elbow).
#   pole_drag.py goal STATE            chain goal_x goal_y [pole_checkbox_x pole_checkbox_y]
#   pole_drag.py mirror STATE          pole_x pole_y, then the pole mirrored on screen across
#                                      the chain's root -> effector line (across the limb)
#   pole_drag.py check BEFORE AFTER    exit 1 unless the pole is used in both, the elbow was
#                                      on its first pole's side and away from the dragged
#                                      pole's, and after the drag is on the dragged pole's side
import json
import sys


def sub(a, b): return [x - y for x, y in zip(a, b)]
def add(a, b): return [x + y for x, y in zip(a, b)]
def mul(a, k): return [x * k for x in a]
def dot(a, b): return sum(x * y for x, y in zip(a, b))
def norm(a): return dot(a, a) ** 0.5
def cos(a, b): return dot(a, b) / (norm(a) * norm(b))


def load(path):
    s = json.load(open(path))
    names = [j["name"] for j in s["joints"]]
    c = next(i for i, ch in enumerate(s["chains"]) if names[ch["root"]] == "LeftUpperArm")
    return s, c, s["chains"][c]


def off_line(s, ch, point):
    """point's offset from the chain's root -> effector line (model space)."""
    r = s["joints"][ch["root"]]["model"]
    d = sub(s["joints"][ch["effector"]]["model"], r)
    d = mul(d, 1 / norm(d))
    v = sub(point, r)
    return sub(v, mul(d, dot(v, d)))


mode = sys.argv[1]
if mode == "goal":
    s, c, ch = load(sys.argv[2])
    out = [c, round(ch["goal_window"][0]), round(ch["goal_window"][1])]
    if "pole_checkbox" in s["ui_rects"]:
        x, y, w, h = s["ui_rects"]["pole_checkbox"]
        out += [round(x + h / 2), round(y + h / 2)]  # the box itself, left of the label
    print(*out)
elif mode == "mirror":
    s, c, ch = load(sys.argv[2])
    p = ch["pole"]["window"]
    a = s["joints"][ch["root"]]["window"]
    b = s["joints"][ch["effector"]]["window"]
    d = mul(sub(b, a), 1 / norm(sub(b, a)))
    m = sub(mul(add(a, mul(d, dot(sub(p, a), d))), 2), p)
    print(round(p[0]), round(p[1]), round(m[0]), round(m[1]))
else:
    (s0, _, before), (s1, _, after) = load(sys.argv[2]), load(sys.argv[3])
    elbow0 = off_line(s0, before, s0["joints"][before["pole"]["middle_joint"]]["model"])
    elbow1 = off_line(s1, after, s1["joints"][after["pole"]["middle_joint"]]["model"])
    pole0 = off_line(s0, before, before["pole"]["target"])
    pole1 = off_line(s1, after, after["pole"]["target"])
    a, b, c = cos(elbow0, pole0), cos(elbow0, pole1), cos(elbow1, pole1)
    print("elbow vs first pole %.2f, vs dragged pole before %.2f, after %.2f; status %s" % (a, b, c, after["status"]))
    ok = before["pole"]["used"] and after["pole"]["used"] and a > 0.5 and b < -0.5 and c > 0.0
    ok = ok and after["status"] == "reached"
    sys.exit(0 if ok else 1)
