"""Where the tests press and drag, planned from a --state-out dump of the same start (the
dump has every joint and goal handle in window points, and ui_rects every named widget)."""
import math
from collections import namedtuple

from driver import window_point

# A drag of chain `chain`'s goal: press at `start`, `steps` moves of `step` points each.
GoalDrag = namedtuple("GoalDrag", "chain start step steps")


def trunc_div(a, b):
    """Integer division toward zero (as the shell's $((a / b)) that planned these drags)."""
    return int(a / b)


def limb_goal_drag(state):
    """The longest chain (a limb), its goal dragged 40% of the way toward the window position
    of its root (nearer the root in 3-D too, so still reachable), in 10 steps; ties go to the
    goal farthest from the other goals on screen."""
    chains, joints = state["chains"], state["joints"]

    def bones(c):
        n, j = 0, c["effector"]
        while j != c["root"]:
            j = joints[j]["parent"]
            n += 1
        return n

    def clearance(i):
        return min(math.dist(chains[i]["goal_window"], chains[k]["goal_window"])
                   for k in range(len(chains)) if k != i)

    best = max(range(len(chains)), key=lambda i: (bones(chains[i]), clearance(i)))
    g = chains[best]["goal_window"]
    r = joints[chains[best]["root"]]["window"]
    step = (round(0.4 * (r[0] - g[0]) / 10), round(0.4 * (r[1] - g[1]) / 10))
    return GoalDrag(best, window_point(g), step, 10)


def goal_point(state, chain):
    return window_point(state["chains"][chain]["goal_window"])


def drag_gizmo_x_arrow(program, layout):
    """Drags the translate gizmo's X arrow (the layout dump's ui_rects gizmo_arrow_x: the
    middle of its shaft and the vector to its tip) ten steps of a quarter of that vector
    toward its tip; F12 with the arrow lit under the mouse and after the drag."""
    ax, ay, tx, ty = (round(v) for v in layout["ui_rects"]["gizmo_arrow_x"])
    start = (ax + trunc_div(tx, 2), ay + trunc_div(ty, 2))
    program.hover(*start)
    program.screenshot()
    program.drag(start, (trunc_div(tx, 4), trunc_div(ty, 4)), steps=10)
    program.screenshot()
