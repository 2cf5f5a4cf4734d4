"""Goals moved with real mouse events: a click that selects a joint, goal drags the effector
follows, an orientation goal turned, the gizmo's X arrow, a pole handle dragged across the
arm, the finger goals riding with the hand, a Mixamo knee bending forward.

Parts: clicks and drags on the humanoid; the Mixamo-named rig (fingers, gizmo, knee); the
pole (its geometry helpers, then the test)."""
import math

from driver import ASSETS, MIXAMO_RIG, chain_ending_at, joint_named, rect_point, window_point, write_session
from rig_plans import drag_gizmo_x_arrow, goal_point, limb_goal_drag


def test_click_selects_joint(case):
    """Real mouse events: the joint farthest (on screen) from every other joint and every
    goal handle (a press on a handle drags the goal) is clicked; the dump says it is selected."""
    before = case.run(frames=2, state="before.json").state
    joints, goals = before["joints"], [c["goal_window"] for c in before["chains"]]

    def clearance(a):
        return min([math.dist(a["window"], b["window"]) for b in joints if b is not a] +
                   [math.dist(a["window"], g) for g in goals])
    target = max(joints, key=clearance)
    x, y = window_point(target["window"])
    program = case.start(state="after.json")
    program.click(x, y)
    program.quit()
    got = program.state()["selected_joint"]
    assert got == target["index"], f"clicked joint {target['index']} at ({x}, {y}), selected {got}"
    print(f"clicked joint {target['index']} at ({x}, {y}): selected")


def test_drag_goal_moves_effector(case):
    """Press on a limb's goal handle, drag it in steps, release: the dump on exit says where
    the goal went and whether the effector followed."""
    before = case.run(frames=2, state="before.json").state
    drag = limb_goal_drag(before)
    program = case.start(state="after.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.quit()
    after = program.state()
    c = drag.chain
    dx, dy = drag.steps * drag.step[0], drag.steps * drag.step[1]
    b, a = before["chains"][c], after["chains"][c]
    moved = (a["goal_window"][0] - b["goal_window"][0], a["goal_window"][1] - b["goal_window"][1])
    print(f"chain {c}: mouse moved ({dx}, {dy}), goal moved ({moved[0]:.1f}, {moved[1]:.1f}) on screen, "
          f"{math.dist(a['goal'], b['goal']):.4f} in the model; effector {a['distance_to_goal']:.2e} from it ({a['status']})")
    assert abs(moved[0] - dx) <= 3 and abs(moved[1] - dy) <= 3, "the goal did not follow the mouse"
    assert math.dist(a["goal"], b["goal"]) > 0.01, "the goal did not move"
    assert a["status"] == "reached", "the effector did not follow the goal"
    assert math.dist(a["effector_position"], a["goal"]) < 0.01, "the effector is far from the goal"


def quaternion_angle(p, q):
    d = abs(sum(x * y for x, y in zip(p, q)))
    return 2 * math.acos(min(1.0, d))


def test_rotate_goal_turns_effector(case):
    """Click a hand's goal (selects its chain), O turns its orientation goal on (at the
    effector's orientation), Ctrl + drag turns it 90 points to the right (0.9 rad about the
    camera's up axis); the effector must turn with it."""
    before = case.run(frames=2, state="before.json").state
    joints = before["joints"]
    # The right arm's chain: it ends at the hand (chains from roles) or at the hand's tip.
    chain = next(i for i, c in enumerate(before["chains"])
                 if "RightHand" in (joints[c["effector"]]["name"], joints[joints[c["effector"]]["parent"]]["name"]))
    goal = goal_point(before, chain)
    program = case.start(state="after.json")
    program.click(*goal)
    program.key("o")
    program.drag(goal, (6, 0), steps=15, modifier="ctrl")
    program.quit()
    b, c = before["chains"][chain], program.state()["chains"][chain]
    assert "goal_orientation_wxyz" in c, "O did not turn the orientation goal on"
    start, g, e = b["effector_orientation_wxyz"], c["goal_orientation_wxyz"], c["effector_orientation_wxyz"]
    print(f"goal turned {math.degrees(quaternion_angle(start, g)):.1f} deg (90 points = 51.6 deg); effector vs goal "
          f"{math.degrees(quaternion_angle(g, e)):.2f} deg; {c['status']}, {c['distance_to_goal']:.2e} from the goal position")
    assert abs(quaternion_angle(start, g) - 0.9) < 0.1, "the goal did not turn by the drag"
    assert c["status"] == "reached", "the effector did not reach the turned goal"
    assert quaternion_angle(g, e) < 0.02, "the effector does not face the goal's orientation"


# --- The Mixamo-named rig -------------------------------------------------------------------

def test_finger_goals_ride_with_hand(case):
    """The generated Mixamo rig: tick "Fingers L" (the finger chains, made off, whose goals
    follow the hand), drag the left hand's goal most of the way to the left hip. The finger
    goals must move with the hand, rigidly, and every finger chain must reach."""
    before = case.run(MIXAMO_RIG, frames=2, state="before.json").state
    arm = chain_ending_at(before, "mixamorig:LeftHand")
    hip = joint_named(before, "mixamorig:LeftUpLeg")["window"]
    g = before["chains"][arm]["goal_window"]
    steps = 20  # 75 % of the way to the hip
    step = (round(0.75 * (hip[0] - g[0]) / steps), round(0.75 * (hip[1] - g[1]) / steps))
    _, _, _, h = before["ui_rects"]["fingers_left"]
    program = case.start(MIXAMO_RIG, state="after.json")
    program.click(*rect_point(before, "fingers_left", dx=h / 2))  # the box, left of its label
    program.drag(window_point(g), step, steps)
    program.screenshot()  # the posed hand, to look at
    program.quit()
    check_fingers_followed(before, program.state(), arm)


def check_fingers_followed(before, after, arm):
    name = lambda j: after["joints"][j]["name"]  # noqa: E731
    hand = joint_named(after, "mixamorig:LeftHand")["index"]
    fingers = [i for i, c in enumerate(after["chains"])
               if c["group"] == "fingers" and name(c["root"]).startswith("mixamorig:LeftHand")]
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
        assert abs(math.dist(a["goal"], ha) - math.dist(b["goal"], hb)) < 1e-3, \
            "the finger goal did not move rigidly with the hand"
        assert a["status"] == "reached" and a["distance_to_goal"] < 2e-3, "the finger chain did not reach"
    # Rigidly: the finger goals keep their distances to one another.
    for i in fingers:
        for k in fingers:
            db = math.dist(before["chains"][i]["goal"], before["chains"][k]["goal"])
            da = math.dist(after["chains"][i]["goal"], after["chains"][k]["goal"])
            assert abs(da - db) < 1e-3, "the finger goals moved apart"


def test_gizmo_arrow_moves_goal_along_x(case):
    """A click on the right foot's goal selects its chain (the translate gizmo appears on
    it); a press on the gizmo's red X arrow and a drag along it moves the goal along model X
    only. Two runs of the same start: the first only learns where the arrow is. F12
    screenshots: hovering the arrow, after the drag, and the rotate gizmo (R), to look at."""
    before = case.run(MIXAMO_RIG, frames=2, state="before.json").state
    chain = chain_ending_at(before, "mixamorig:RightFoot")
    foot = goal_point(before, chain)
    program = case.start(MIXAMO_RIG, state="layout.json")
    program.click(*foot)
    program.quit()
    layout = program.state()
    program = case.start(MIXAMO_RIG, state="after.json")
    program.click(*foot)
    drag_gizmo_x_arrow(program, layout)
    program.key("r")
    program.screenshot()  # the rotate gizmo
    program.quit()
    after = program.state()
    b, a = before["chains"][chain]["goal"], after["chains"][chain]["goal"]
    move = [a[k] - b[k] for k in range(3)]
    print(f"chain {chain} selected {after['selected_chain']}, goal moved {move}, gizmo {after['gizmo_mode']}")
    assert after["selected_chain"] == chain, "the click did not select the foot's chain"
    assert move[0] > 0.05, "the goal did not move along +X"
    assert abs(move[1]) < 1e-4 and abs(move[2]) < 1e-4, "the goal left the X axis"
    assert after["gizmo_mode"] == "rotate", "R did not switch to the rotate gizmo"
    assert case.screenshots(), "no screenshot written"


def test_escape_takes_the_gizmo_off_the_goal(case):
    """A click on the right foot's goal selects its chain and puts the gizmo on it; Escape
    clears the selection: no chain, no goal handle, no gizmo (screenshots before and after)."""
    before = case.run(MIXAMO_RIG, frames=2, state="before.json").state
    chain = chain_ending_at(before, "mixamorig:RightFoot")
    program = case.start(MIXAMO_RIG, state="after.json")
    program.click(*goal_point(before, chain))
    program.screenshot()  # the gizmo on the foot's goal
    program.key("Escape")
    program.frames(2)
    program.screenshot()  # no gizmo
    program.quit()
    after = program.state()
    print("after Escape:", after["selected_chain"], after["selected_goal_handle"])
    assert after["selected_chain"] == -1 and after["selected_goal_handle"]["handle"] == -1, after["selected_goal_handle"]
    assert len(case.screenshots()) == 2


def test_mixamo_knee_bends_forward(case):
    """The Mixamo-named rig (cm, T-pose, no limits in the file: the default limits from
    roles apply): numpad 3 (right view, +Z to the left), then a drag of the foot goal under
    the mouse forward and up. The knee must end in front of the hip-ankle line (model +Z is
    the character's front). In the right view both feet's goals are on one spot: the press
    takes the nearer one (the left foot's)."""
    program = case.start(MIXAMO_RIG, state="layout.json")
    program.key("KP_3")
    program.quit()
    layout = program.state()
    assert abs(layout["camera"]["yaw"] - 1.5708) < 1e-3, "numpad 3 did not turn to the right view"
    foot = goal_point(layout, chain_ending_at(layout, "mixamorig:RightFoot"))
    program = case.start(MIXAMO_RIG, state="after.json")
    program.key("KP_3")
    program.drag(foot, (-7, -16), steps=10)
    program.screenshot()
    program.quit()
    s = program.state()
    joints, c = s["joints"], s["selected_chain"]
    chain = s["chains"][c]
    ankle = joints[chain["effector"]]
    knee = joints[ankle["parent"]]
    hip = joints[knee["parent"]]
    h, k, a = hip["model"], knee["model"], ankle["model"]
    d = [a[i] - h[i] for i in range(3)]
    t = sum((k[i] - h[i]) * d[i] for i in range(3)) / sum(x * x for x in d)
    front = k[2] - (h[2] + t * d[2])  # +Z is the front
    print(f"chain {c} ({ankle['name']}): goal {chain['goal']}, {chain['status']}; knee {front:+.4f} in front of the hip-ankle line")
    assert "Foot" in ankle["name"], "the drag did not take a foot goal"
    assert chain["goal"][1] > 0.3 and chain["goal"][2] > 0.1, "the goal did not go forward and up"
    assert front > 0.02, "the knee is not in front of the hip-ankle line"


# --- The pole -------------------------------------------------------------------------------
# The chain is the humanoid's left arm (root LeftUpperArm); its pole's line starts at the
# chain's middle joint (the elbow).

def sub(a, b): return [x - y for x, y in zip(a, b)]
def add(a, b): return [x + y for x, y in zip(a, b)]
def mul(a, k): return [x * k for x in a]
def dot(a, b): return sum(x * y for x, y in zip(a, b))
def norm(a): return dot(a, a) ** 0.5
def cos(a, b): return dot(a, b) / (norm(a) * norm(b))


def left_arm(state):
    names = [j["name"] for j in state["joints"]]
    return next(ch for ch in state["chains"] if names[ch["root"]] == "LeftUpperArm")


def off_line(state, chain, point):
    """point's offset from the chain's root -> effector line (model space)."""
    r = state["joints"][chain["root"]]["model"]
    d = sub(state["joints"][chain["effector"]]["model"], r)
    d = mul(d, 1 / norm(d))
    v = sub(point, r)
    return sub(v, mul(d, dot(v, d)))


def pole_mirrored(state):
    """The pole handle, and the same mirrored on screen across the chain's root -> effector
    line (across the limb)."""
    chain = left_arm(state)
    p = chain["pole"]["window"]
    a = state["joints"][chain["root"]]["window"]
    b = state["joints"][chain["effector"]]["window"]
    d = mul(sub(b, a), 1 / norm(sub(b, a)))
    m = sub(mul(add(a, mul(d, dot(sub(p, a), d))), 2), p)
    return window_point(p), window_point(m)


def check_elbow_followed_pole(s0, s1):
    """The pole is used in both; the elbow was on its first pole's side and away from the
    dragged pole's, and after the drag is on the dragged pole's side."""
    before, after = left_arm(s0), left_arm(s1)
    elbow0 = off_line(s0, before, s0["joints"][before["pole"]["middle_joint"]]["model"])
    elbow1 = off_line(s1, after, s1["joints"][after["pole"]["middle_joint"]]["model"])
    pole0 = off_line(s0, before, before["pole"]["target"])
    pole1 = off_line(s1, after, after["pole"]["target"])
    a, b, c = cos(elbow0, pole0), cos(elbow0, pole1), cos(elbow1, pole1)
    print("elbow vs first pole %.2f, vs dragged pole before %.2f, after %.2f; status %s" % (a, b, c, after["status"]))
    ok = before["pole"]["used"] and after["pole"]["used"] and a > 0.5 and b < -0.5 and c > 0.0
    assert ok and after["status"] == "reached", "the elbow did not follow the pole"


def test_pole_drag_moves_elbow(case):
    """Select the left arm's chain (a click on its goal), tick "Pole" in its panel (a violet
    handle appears, placed from the arm's bend), drag the handle across the limb: the elbow
    goes to the other side. Three runs of the same start: the first finds the checkbox, the
    second the handle."""
    layout = case.run(frames=3, state="layout.json").state
    arm_goal = window_point(left_arm(layout)["goal_window"])
    program = case.start(state="selected.json")
    program.click(*arm_goal)  # selects the chain without moving it
    program.quit()
    selected = program.state()
    assert "pole_checkbox" in selected["ui_rects"], "the arm chain's panel shows no Pole checkbox"
    _, _, _, h = selected["ui_rects"]["pole_checkbox"]
    checkbox = rect_point(selected, "pole_checkbox", dx=h / 2)  # the box itself, left of the label
    program = case.start(state="pole_on.json")
    program.click(*arm_goal)
    program.click(*checkbox)
    program.quit()
    pole_on = program.state()
    pole, across = pole_mirrored(pole_on)
    program = case.start(state="dragged.json")
    program.click(*arm_goal)
    program.click(*checkbox)
    program.drag(pole, to=across, steps=20)
    program.screenshot()
    program.quit()
    check_elbow_followed_pole(pole_on, program.state())


# --- Spline IK --------------------------------------------------------------------------------

def test_spline_point_drag_bends_the_tentacle(case):
    """The tentacle with a spline chain from its base to its tip (a session: two control points
    on its joints at a third and two thirds, the goal on the tip): the first control point's teal
    handle dragged with the mouse moves the point, and the tentacle follows the new curve
    smoothly: every bone keeps its length and no joint bends against its neighbours by more
    than 25 degrees. A screenshot to look at."""
    tentacle = ASSETS / "tentacle.gltf"
    rest = case.run(tentacle, frames=2, state="rest.json").state
    joints = rest["joints"]
    ref = lambda j: {"index": j["index"], "name": j["name"]}
    n = len(joints)
    chain = {"solver": "spline", "root": ref(joints[0]), "effector": ref(joints[-1]),
             "goal": {"position": joints[-1]["model"]},
             "spline_points": [joints[n // 3]["model"], joints[2 * n // 3]["model"]]}
    session = write_session(case.path("spline.session.json"), tentacle, [chain])
    before = case.run(session, frames=3, state="before.json").state
    spline = before["chains"][0]["spline"]
    assert spline["shown"] and len(spline["points"]) == 2, spline
    handle = window_point(spline["windows"][0])
    program = case.start(session, state="after.json")
    program.drag(handle, (4, -2), 15)
    program.screenshot()
    program.quit()
    after = program.state()
    moved = math.dist(after["chains"][0]["spline"]["points"][0], spline["points"][0])
    assert moved > 0.01, f"the control point did not follow the mouse ({moved})"
    p0 = [j["model"] for j in before["joints"]]
    p1 = [j["model"] for j in after["joints"]]
    shift = max(math.dist(a, b) for a, b in zip(p0, p1))
    assert shift > 0.01, f"the tentacle did not bend ({shift})"
    for k in range(1, n):
        a, b = math.dist(p0[k - 1], p0[k]), math.dist(p1[k - 1], p1[k])
        assert abs(a - b) <= 1e-3 * a + 1e-6, f"bone {k} changed length: {a} -> {b}"
    worst = 0.0
    for k in range(1, n - 1):
        u = [p1[k][i] - p1[k - 1][i] for i in range(3)]
        v = [p1[k + 1][i] - p1[k][i] for i in range(3)]
        c = sum(x * y for x, y in zip(u, v)) / (math.hypot(*u) * math.hypot(*v))
        worst = max(worst, math.degrees(math.acos(max(-1.0, min(1.0, c)))))
    print(f"control point moved {moved:.3f}, tentacle up to {shift:.3f}, sharpest bend {worst:.1f} deg, "
          f"status {after['chains'][0].get('status')}: {after['chains'][0].get('note', '')}")
    assert worst < 25.0, f"a joint bends {worst:.1f} degrees: not a smooth curve"


def test_drag_on_the_ground_plane_keeps_the_goal_height(case):
    """The viewport toolbar's Drag set to 'ground' with real clicks, then a limb's goal
    dragged: it moves along the ground (its height kept, within a tenth of a millimetre)
    while the drag's plane and the goal's drop line are drawn (a screenshot mid-drag); with
    'view' (the default) the same drag changes its height."""
    before = case.run(frames=2, state="before.json").state
    drag = limb_goal_drag(before)
    combo = rect_point(before, "drag_plane", dx=20)

    def dragged(plane, label):
        program = case.start(state=f"{label}.json")
        if plane != "view":
            program.click(*combo)
            program.frames(2)
            # The combo's list: view, ground, limb, one line each under the combo.
            line = before["ui_rects"]["drag_plane"][3]
            index = {"ground": 1, "limb": 2}[plane]
            program.click(combo[0], combo[1] + line * (index + 1) - 2)
            program.frames(2)
        x0, y0 = drag.start
        program.hover(x0, y0)
        program.xdo("mousedown", 1)
        program.frames(2)
        for k in range(1, drag.steps + 1):
            program.move(x0 + k * drag.step[0], y0 + k * drag.step[1])
            program.frames(1)
        program.frames(2)
        program.screenshot()  # the plane and the drop line while dragging
        program.xdo("mouseup", 1)
        program.frames(2)
        program.quit()
        return program.state()

    on_ground = dragged("ground", "ground")
    assert on_ground["camera"]["drag_plane"] == "ground", on_ground["camera"]
    b, a = before["chains"][drag.chain], on_ground["chains"][drag.chain]
    print(f"ground: goal {b['goal']} -> {a['goal']}")
    assert math.dist(a["goal"], b["goal"]) > 0.01, "the goal did not move"
    assert abs(a["goal"][1] - b["goal"][1]) < 1e-4, "the goal's height changed on the ground plane"
    in_view = dragged("view", "view")
    v = in_view["chains"][drag.chain]
    print(f"view: goal {b['goal']} -> {v['goal']}")
    assert abs(v["goal"][1] - b["goal"][1]) > 0.01, "the view plane drag kept the height (it should not here)"
