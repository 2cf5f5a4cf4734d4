"""Everyday poses with real mouse events on the generated Mixamo-named rig (centimetres under
a 0.01 root, T-pose, default limits from roles): the left hand's goal dragged to the opposite
shoulder and to the mouth reaches with FABRIK, CCD and DLS; a foot lifted with an orientation
its ankle cannot give reads in two parts.

Each case writes a session with the one chain and its solver, opens it in an orthographic
view (front or top: the drag plane is then the body's frontal or horizontal plane through the
goal) and drags the goal handle to a point placed from the body's joints."""
import pytest

from driver import MIXAMO_RIG, chain_ending_at, joint_named, window_point, write_session


def arm_session(case, rest, solver, goal, label):
    """A session with the left arm chain of the rig's roles (its root and the hand), `solver`,
    the goal at `goal` (where the drag starts)."""
    arm = rest["chains"][chain_ending_at(rest, "mixamorig:LeftHand")]
    chain = {"solver": solver, "root": {"name": rest["joints"][arm["root"]]["name"]},
             "effector": {"name": "mixamorig:LeftHand"}, "goal": {"position": goal}}
    return write_session(case.path(f"arm_{solver}_{label}.session.json"), MIXAMO_RIG, [chain])


def plane_to_window(layout, names, axes, point):
    """Where the model point `point` shows in an orthographic view, from three joints
    `names` (not on one line in the view's plane): the window position is an affine function
    of the point's two coordinates `axes` in that plane, fitted through the three joints."""
    rows = [[joint_named(layout, n)["model"][axes[0]], joint_named(layout, n)["model"][axes[1]], 1.0] for n in names]

    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    d = det(rows)
    out = []
    for w in range(2):  # Cramer's rule for the window's x, then y
        values = [joint_named(layout, n)["window"][w] for n in names]
        coeffs = [det([[values[r] if c == k else rows[r][c] for c in range(3)] for r in range(3)]) / d for k in range(3)]
        out.append(coeffs[0] * point[axes[0]] + coeffs[1] * point[axes[1]] + coeffs[2])
    return out


def view_layout(case, session, view_key, label):
    """The dump of `session` opened in the orthographic view `view_key` (numpad 1 front: the
    drag plane is then the frontal plane through the goal; numpad 7 top: the horizontal one)."""
    program = case.start(session, state=f"{label}_layout.json")
    for key in ("KP_5", view_key):  # orthographic, then the view
        program.key(key)
    program.frames(3)
    program.quit()
    layout = program.state()
    assert layout["camera"]["orthographic"], "numpad 5 did not make the view orthographic"
    return layout


def drag_goal_to(case, session, view_key, layout, point, label):
    """Opens `session` in the view of `layout` (view_layout of a session with the same goal),
    drags chain 0's goal handle to where the model point `point` shows (its two coordinates in
    that view's plane) in 20 steps, lets the solve settle; returns the dump."""
    if view_key == "KP_1":
        target = plane_to_window(layout, ("mixamorig:LeftHand", "mixamorig:RightHand", "mixamorig:Head"), (0, 1), point)
    else:  # joints near the hand's height: the top view looks down a hair off vertical
        target = plane_to_window(layout, ("mixamorig:LeftHand", "mixamorig:RightHand", "mixamorig:LeftHandThumb4_tip"),
                                 (0, 2), point)
    program = case.start(session, state=f"{label}.json")
    for key in ("KP_5", view_key):
        program.key(key)
    program.frames(3)
    program.drag(window_point(layout["chains"][0]["goal_window"]), steps=20, to=window_point(target))
    program.frames(10)  # the goal stays: the solve settles (16 iterations a frame)
    program.screenshot()
    program.quit()
    return program.state()


@pytest.mark.ctest(timeout=400, cost=300)
def test_mixamo_hand_to_shoulder_and_mouth(case):
    """FABRIK, CCD and DLS in turn: the left hand's goal, from the hand, dragged in the top
    view to a point 20 cm in front of the right shoulder at the hand's height; and from a point
    in front of the face's plane (11 cm in front of the head joint, out to the left) dragged in
    the front view to the mouth. Each chain must read reached with the hand at its goal."""
    rest = case.run(MIXAMO_RIG, frames=2, state="rest.json").state
    hand = joint_named(rest, "mixamorig:LeftHand")["model"]
    right_arm = joint_named(rest, "mixamorig:RightArm")["model"]
    head = joint_named(rest, "mixamorig:Head")["model"]
    mouth = [0.0, head[1] + 0.03, head[2] + 0.11]
    poses = (("opposite shoulder", hand, "KP_7", [0.6 * right_arm[0], hand[1], right_arm[2] + 0.2]),
             ("mouth", [0.45, hand[1], mouth[2]], "KP_1", mouth))
    layouts = {}
    for solver in ("fabrik", "ccd", "dls"):
        for label, start, view, point in poses:
            name = label.replace(" ", "_")
            session = arm_session(case, rest, solver, start, name)
            if name not in layouts:  # the same goal and view whatever the solver
                layouts[name] = view_layout(case, session, view, name)
            s = drag_goal_to(case, session, view, layouts[name], point, f"{solver}_{name}")
            chain = s["chains"][0]
            goal = chain["goal"]
            print(f"{solver}, hand to the {label}: goal {[round(v, 3) for v in goal]} (wanted "
                  f"{[round(v, 3) for v in point]}), {chain['status_shown']}, "
                  f"{chain['distance_to_goal'] * 100:.2f} cm from the goal")
            assert max(abs(goal[i] - point[i]) for i in range(3)) < 0.01, f"{solver}, {label}: the drag missed"
            assert chain["status_shown"] == "reached", f"{solver}, {label}: {chain['status_shown']}"
            assert chain["distance_to_goal"] < 0.005, f"{solver}, {label}: the hand is not at the goal"


def test_mixamo_lifted_foot_reads_in_two_parts(case):
    """The left leg with an orientation goal turned half a turn about the vertical (a foot
    pointing backward: the ankle's and hip's limits cannot give it), its goal dragged up and
    forward in the right view to a knee raise. DLS: the orientation part is short and a joint
    at its limit is named. FABRIK (which does not honour orientations): the blue "position
    reached" with "orientation not supported", never the plain "reached"."""
    rest = case.run(MIXAMO_RIG, frames=2, state="rest.json").state
    leg = rest["chains"][chain_ending_at(rest, "mixamorig:LeftFoot")]
    joints = rest["joints"]
    layout = None
    for solver in ("dls", "fabrik"):
        chain = {"solver": solver, "root": {"name": joints[leg["root"]]["name"]},
                 "effector": {"name": "mixamorig:LeftFoot"},
                 "goal": {"position": joints[leg["effector"]]["model"], "use_orientation": True,
                          "orientation": [0.0, 1.0, 0.0, 0.0]}}  # x y z w: half a turn about +Y
        session = write_session(case.path(f"foot_{solver}.session.json"), MIXAMO_RIG, [chain])
        if layout is None:  # the same goal and view for both
            layout_program = case.start(session, state="foot_layout.json")
            layout_program.key("KP_3")
            layout_program.frames(3)
            layout_program.quit()
            layout = layout_program.state()
        start = window_point(layout["chains"][0]["goal_window"])
        program = case.start(session, state=f"foot_{solver}.json")
        program.key("KP_3")
        program.frames(3)
        program.drag(start, (-7, -16), steps=10)  # forward (+Z is to the left) and up
        program.frames(10)
        program.screenshot()
        program.quit()
        c = program.state()["chains"][0]
        parts = c["goal_parts"]
        print(f"{solver}: {c['status']} -> shown '{c['status_shown']}', parts '{parts['text']}'")
        assert c["goal"][1] > 0.3, f"{solver}: the goal did not go up"
        if solver == "dls":
            assert parts["orientation"] == "short", parts
            assert "at its limit" in parts["text"], parts
        else:
            assert parts["orientation"] == "not supported", parts
            assert c["status_shown"] == "position reached", c["status_shown"]
