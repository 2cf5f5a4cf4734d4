"""Everyday poses with real mouse events on the generated Mixamo-named rig (centimetres under
a 0.01 root, T-pose, default limits from roles): the left hand's goal dragged to the opposite
shoulder and to the mouth reaches with FABRIK, CCD and DLS; a foot lifted with an orientation
its ankle cannot give reads in two parts.

Each case writes a session with the one chain and its solver, opens it in an orthographic
view (front or top: the drag plane is then the body's frontal or horizontal plane through the
goal) and drags the goal handle to a point placed from the body's joints; where the handle
and the point show comes from one dump of the rig alone in that view."""
import pytest

from driver import MIXAMO_RIG, chain_ending_at, joint_named, window_point, write_session


def arm_session(case, rest, solver, goal, label):
    """A session with the left arm chain of the rig's roles (its root and the hand, from the
    dump `rest`), `solver`, the goal at `goal` (where the drag starts)."""
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


def view_layout(case, view_key, opened=MIXAMO_RIG, orthographic=True):
    """The dump of `opened` (the rig alone: its chains from roles, the rest pose; or a session)
    in the view `view_key` (numpad 1 front: a drag plane is then the frontal plane through the
    goal; numpad 7 top: the horizontal one; numpad 3 right), orthographic unless told. The
    view frames what is open, goals included: a drag plans from a dump of what it opens."""
    program = case.start(opened, state=f"layout_{view_key}.json")
    for key in (("KP_5",) if orthographic else ()) + (view_key,):
        program.key(key)
    program.frames(3)
    program.quit()
    layout = program.state()
    assert layout["camera"]["orthographic"] == orthographic, "numpad 5 did not switch the projection"
    return layout


def in_view(layout, view_key, point):
    """Where the model point `point` shows in `layout`'s view (its two coordinates in that
    view's plane)."""
    if view_key == "KP_1":
        return plane_to_window(layout, ("mixamorig:LeftHand", "mixamorig:RightHand", "mixamorig:Head"), (0, 1), point)
    # Joints near the hand's height: the top view looks down a hair off vertical.
    return plane_to_window(layout, ("mixamorig:LeftHand", "mixamorig:RightHand", "mixamorig:LeftHandThumb4_tip"),
                           (0, 2), point)


def drag_goal_to(case, session, view_key, layout, start, point, label):
    """Opens `session` (its goal at `start`) in the view of `layout`, drags the goal handle to
    where the model point `point` shows, lets the solve settle; returns the dump."""
    program = case.start(session, state=f"{label}.json")
    for key in ("KP_5", view_key):
        program.key(key)
    program.frames(3)
    program.drag(window_point(in_view(layout, view_key, start)), steps=10,
                 to=window_point(in_view(layout, view_key, point)))
    program.frames(5)  # the goal stays: the solve settles (16 iterations a frame)
    program.screenshot()
    program.quit()
    return program.state()


@pytest.mark.ctest(timeout=400, cost=300)
def test_mixamo_hand_to_shoulder_and_mouth(case):
    """FABRIK, CCD and DLS in turn: the left hand's goal, from the hand, dragged in the top
    view onto the right shoulder (11 cm in front of its joint, at the hand's height: the
    everyday-pose suite's landmark, reachable under the anatomical limits); and from a point
    in front of the face's plane (11 cm in front of the head joint, out to the left) dragged in
    the front view to the mouth. Each chain must read reached with the hand at its goal."""
    rest = view_layout(case, "KP_7")  # the rig alone; its goals lie on the joints
    hand = joint_named(rest, "mixamorig:LeftHand")["model"]
    right_arm = joint_named(rest, "mixamorig:RightArm")["model"]
    head = joint_named(rest, "mixamorig:Head")["model"]
    mouth = [0.0, head[1] + 0.03, head[2] + 0.11]
    poses = (("opposite shoulder", hand, "KP_7", [right_arm[0], hand[1], right_arm[2] + 0.11]),
             ("mouth", [0.45, hand[1], mouth[2]], "KP_1", mouth))
    # The mouth's drag starts off the body: its view frames that goal too.
    layouts = {"KP_7": rest, "KP_1": view_layout(case, "KP_1", arm_session(case, rest, "dls", poses[1][1], "mouth"))}
    for solver in ("fabrik", "ccd", "dls"):
        for label, start, view, point in poses:
            name = label.replace(" ", "_")
            session = arm_session(case, rest, solver, start, name)
            s = drag_goal_to(case, session, view, layouts[view], start, point, f"{solver}_{name}")
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
    forward in the right view to a knee raise. DLS: the position reached (it comes first), the
    orientation part short and a joint at its limit named. FABRIK (positions, then the foot's
    own joint turned toward the orientation): the same two parts. Mass-spring (which does not
    honour orientations): the blue "position reached" or short with "orientation not
    supported", never the plain "reached"."""
    layout = view_layout(case, "KP_3", orthographic=False)  # the right view: the front to the left
    leg = layout["chains"][chain_ending_at(layout, "mixamorig:LeftFoot")]
    joints = layout["joints"]
    for solver in ("dls", "fabrik", "mass_spring"):
        chain = {"solver": solver, "root": {"name": joints[leg["root"]]["name"]},
                 "effector": {"name": "mixamorig:LeftFoot"},
                 "goal": {"position": joints[leg["effector"]]["model"], "use_orientation": True,
                          "orientation": [0.0, 1.0, 0.0, 0.0]}}  # x y z w: half a turn about +Y
        session = write_session(case.path(f"foot_{solver}.session.json"), MIXAMO_RIG, [chain])
        start = window_point(joints[leg["effector"]]["window"])  # the goal is on the foot
        program = case.start(session, state=f"foot_{solver}.json")
        program.key("KP_3")
        program.frames(3)
        program.drag(start, (-7, -16), steps=10)  # forward and up
        program.frames(5)
        program.screenshot()
        program.quit()
        c = program.state()["chains"][0]
        parts = c["goal_parts"]
        print(f"{solver}: {c['status']} -> shown '{c['status_shown']}', parts '{parts['text']}'")
        assert c["goal"][1] > 0.3, f"{solver}: the goal did not go up"
        if solver == "dls":  # the position first: the foot at its goal, turned as far as the limits let it
            assert parts["position"] == "reached", parts
            assert c["status_shown"] == "position reached", c["status_shown"]
            # The Convergence plot's two parts per iteration: they add up to the error.
            inspection = program.state()["inspection"]
            errors, position, turn = (inspection[k] for k in ("errors", "position_errors", "orientation_errors"))
            print(f"dls per iteration: error {errors}\n  position {position}\n  orientation {turn}")
            assert len(errors) > 1 and len(position) == len(errors) == len(turn), inspection
            for e, p, o in zip(errors, position, turn):
                assert abs(e - (p + o)) <= 1e-3 * max(1.0, e), (e, p, o)
            assert position[-1] < 0.005, position
            assert parts["orientation"] == "short", parts
            assert "at its limit" in parts["text"], parts
        elif solver == "fabrik":  # the position, then the foot turned as far as the ankle lets it
            assert parts["position"] == "reached", parts
            assert c["status_shown"] == "position reached", c["status_shown"]
            assert parts["orientation"] == "short" and "at its limit" in parts["text"], parts
        else:
            assert parts["orientation"] == "not supported", parts
            assert c["status_shown"] != "reached", c["status_shown"]
