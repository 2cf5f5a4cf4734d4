# Picks the goal an e2e test drags, from a --state-out dump: the longest chain (a limb),
# its goal dragged 40% of the way toward the window position of its root (nearer the root
# in 3-D too, so still reachable), in 10 steps; ties go to the goal farthest from the other
# goals on screen. Prints "chain goal_x goal_y step_x step_y", then the centre of each
# named UI rectangle (the dump's ui_rects) given after the dump's path.
#   python3 limb_goal_drag.py STATE.json [RECT_NAME ...]
import json
import math
import sys

s = json.load(open(sys.argv[1]))
cs = s["chains"]


def bones(c):
    n, j = 0, c["effector"]
    while j != c["root"]:
        j = s["joints"][j]["parent"]
        n += 1
    return n


def clearance(i):
    return min(math.dist(cs[i]["goal_window"], cs[k]["goal_window"]) for k in range(len(cs)) if k != i)


best = max(range(len(cs)), key=lambda i: (bones(cs[i]), clearance(i)))
g = cs[best]["goal_window"]
r = s["joints"][cs[best]["root"]]["window"]
fields = [best, round(g[0]), round(g[1]), round(0.4 * (r[0] - g[0]) / 10), round(0.4 * (r[1] - g[1]) / 10)]
for name in sys.argv[2:]:
    x, y, w, h = s["ui_rects"][name]
    fields += [round(x + w / 2), round(y + h / 2)]
print(*fields)
