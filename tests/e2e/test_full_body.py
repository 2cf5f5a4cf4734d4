"""Full-body mode on the humanoid (--full-body): the main hand dragged far forward (the
body leans, keeps its balance, then holds still), the head's goal moved with the gizmo,
the Stiffness sliders as edits (save, undo, the unsaved prompt), a reach to the floor
(the heels rise) and back up (the body stands again)."""
import math
import os
import time

import pytest

import full_body_drag
from driver import MIXAMO_RIG, SAVED_SESSION, STEP_PAUSE, read_json, rect_point, window_point
from rig_plans import drag_gizmo_x_arrow


# 900 frames: a minute or more at about 12 a second under load.
@pytest.mark.ctest(timeout=300, cost=500)
def test_full_body_drag_hand(case):
    """The main hand's goal dragged far forward (about 0.27 m) with real mouse events
    (full_body_drag.plan picks the direction): the spine bends, the hips shift back and the
    centre of mass stays over the feet (the balance), the pinned feet do not move (<= 1e-4
    of the rig's height), and the screenshot (F12 after the release) shows the body leaning.
    Goals unchanged from there to the last frame: at least 600 frames later the 3D view
    must be the same to the pixel. The frames between the two screenshots are counted, not
    timed (--state-out's screenshots[].frame and frames_run)."""
    before = case.run("--full-body", frames=2, state="before.json").state
    start, step = full_body_drag.plan(before)
    # 900 frames, then the program exits by itself with a screenshot of its last one; the
    # drag and the F12 after it take the first few seconds.
    program = case.start("--full-body", "--frames", 900, "--screenshot", case.path("shot_later.png"),
                         state="after.json")
    program.drag(start, step, steps=18)
    program.click(*rect_point(before, "full_body_window", dx=12, dy=10))  # collapse it: the hand shows
    shot = program.screenshot()
    program.assert_exits(200, "the program did not end after its 900 frames")
    shots = case.screenshots()
    assert len(shots) == 1 and os.path.exists(case.path("shot_later.png")), "the two screenshots were not written"
    os.replace(shot, case.path("shot.png"))
    after = program.state()
    full_body_drag.check(before, after, 18, *step)
    full_body_drag.still(case.path("shot.png"), case.path("shot_later.png"), after)


def head_effector(state):
    return next(e for e in state["full_body"]["effectors"] if state["joints"][e["joint"]]["role"] == "head")


def test_gizmo_moves_full_body_effector(case):
    """Real mouse events click the head's goal handle, which selects it (the gizmo moves onto
    it; the click alone changes no goal, so the head still holds nothing), then drag the
    head's gizmo's red X arrow: the head's goal moves along model X only, the head starts
    holding, the main hand's goal stays. Two runs of the same start: the first only clicks
    and learns where the head's arrow is. F12 screenshots: the gizmo on the head, the arrow
    lit under the mouse, after the drag."""
    before = case.run("--full-body", frames=2, state="before.json").state
    assert not head_effector(before)["holds"], "the head holds a goal before anything was done"
    head = window_point(before["joints"][head_effector(before)["joint"]]["window"])  # a free effector's handle sits on its joint
    program = case.start("--full-body", state="layout.json")
    program.click(*head)
    program.screenshot()  # the gizmo on the head
    program.quit()
    layout = program.state()
    program = case.start("--full-body", state="after.json")
    program.click(*head)
    drag_gizmo_x_arrow(program, layout)
    program.quit()
    after = program.state()
    fb = before["full_body"]["chain"]
    sel, hb, ha = layout["selected_goal_handle"], head_effector(layout), head_effector(after)
    print(f"selected after the click: {sel}")
    assert sel["chain"] == fb and sel["extra_effector"] >= 0 and sel["joint"] == hb["joint"], \
        "the click did not select the head's handle"
    assert after["selected_goal_handle"]["joint"] == hb["joint"], "the head's handle is not selected after the drag"
    assert not hb["holds"] and hb["weight"] == 0, "the click alone made the head hold"
    start = sel["goal"]  # the handle (on the head joint) where the gizmo was
    move = [ha["goal"][k] - start[k] for k in range(3)]
    print(f"head goal moved {move}, holds {ha['holds']} (weight {ha['weight']})")
    assert move[0] > 0.05, "the head's goal did not move along +X"
    assert abs(move[1]) < 1e-4 and abs(move[2]) < 1e-4, "the head's goal left the X axis"
    assert ha["holds"] and ha["weight"] == 1, "the dragged head does not hold its goal"
    hand_b, hand_a = before["chains"][fb]["goal"], after["chains"][fb]["goal"]
    assert max(abs(hand_a[k] - hand_b[k]) for k in range(3)) < 1e-6, f"the main hand's goal moved: {hand_b} -> {hand_a}"
    for eb, ea in zip(before["full_body"]["effectors"], after["full_body"]["effectors"]):
        if eb["joint"] != hb["joint"]:
            assert eb["goal"] == ea["goal"] and eb["weight"] == ea["weight"], f"{eb['name']} changed"
    assert len(case.screenshots()) == 3, "F12 did not write three screenshots"


def test_full_body_stiffness_undo_save(case):
    """Full-body mode's Stiffness sliders are edits like any other: a drag of "hips move" and
    a click of "Knees over toes" (off), saved with Ctrl+S; a drag of "spine" makes Ctrl+Q ask;
    Ctrl+Z undoes that drag alone, so Ctrl+Q then quits without asking; the saved session
    opens with the dragged value and the knees off."""
    layout0 = case.run("--full-body", frames=2, state="layout0.json").state
    header = rect_point(layout0, "full_body_stiffness", dx=30, dy=10)
    # The sliders' places: a run with the section open (the window grows upward from its
    # fixed lower edge, the same in every run).
    program = case.start("--full-body", state="layout1.json")
    program.click(*header)
    program.quit()
    layout1 = program.state()
    hips = rect_point(layout1, "stiffness_hips_move", dx=20, dy=10)
    spine = rect_point(layout1, "stiffness_spine", dx=40, dy=10)
    knees = rect_point(layout1, "full_body_knees", dx=8, dy=8)  # the checkbox's box
    program = case.start("--full-body", state="after.json")
    program.click(*header)
    program.drag(hips, (14, 0), steps=5)  # from near the low end to near the high end: far above the default 4
    program.click(*knees)
    program.screenshot()  # the dragged slider, to look at
    program.imgui_key("ctrl+s")
    program.confirm_save(case.path(SAVED_SESSION), "Ctrl+S, Enter wrote no session")
    program.drag(spine, (-6, 0), steps=5)
    program.imgui_key("ctrl+q")
    assert not program.wait_exit(0.5), "Ctrl+Q after a stiffness drag quit without asking"
    program.imgui_key("Escape")
    assert not program.wait_exit(0.3), "Cancel quit"
    program.imgui_key("ctrl+z")
    program.screenshot()  # the spine back, to look at
    program.xdo("key", "ctrl+q")
    program.assert_exits(5, "Ctrl+Q asked after the spine drag was undone (or the undo did more)")
    reopened = case.run(case.path(SAVED_SESSION), frames=3, state="reopened.json", label="reopen",
                        what="the saved session (reopened)").state
    after, session = program.state(), read_json(case.path(SAVED_SESSION))
    start, end = layout0["full_body"]["settings"], after["full_body"]["settings"]
    assert end["hips_translation_stiffness"] > start["hips_translation_stiffness"], ("the hips drag did nothing", start, end)
    assert end["role_stiffness"] == start["role_stiffness"], ("Ctrl+Z did not bring the spine back", end["role_stiffness"])
    assert session["full_body"]["hips_translation_stiffness"] == end["hips_translation_stiffness"], session["full_body"]
    assert start["knees_over_toes"] and not end["knees_over_toes"], ("the knees' checkbox", start, end)
    assert session["full_body"]["knees_over_toes"] is False, session["full_body"]
    assert reopened["full_body"]["settings"] == end, ("the session opened with other settings", reopened["full_body"]["settings"])
    assert reopened["full_body"]["on"], "the session did not open in full-body mode"
    assert not after["unsaved_changes"], "unsaved changes after undoing back to the saved state"


@pytest.mark.ctest(timeout=300, cost=120)
def test_floor_reach_rises_the_heels(case):
    """The Mixamo-style rig in full-body mode, its main hand's goal dragged down 300 points
    with real mouse events to the floor in front: the shins lean past the ankles' 20 degrees
    of dorsiflexion, and with Heels rise on (the default) the pinned feet stand on their toes
    instead of putting them through the floor -- the body line reads the feet on the ground,
    a pin reports its rise (--state-out's effectors[].heel_rise) and its error is measured
    from the risen pin (green in the table). Without the rise the toes went 4-8 cm into the
    floor (solvers/ik/full_body/full_body.h, "Feet")."""
    before = case.run(MIXAMO_RIG, "--full-body", frames=2, state="before.json").state
    fb = before["full_body"]
    assert fb["on"] and fb["settings"]["heels_rise"], fb["settings"]
    gx, gy = before["chains"][fb["chain"]]["goal_window"]
    program = case.start(MIXAMO_RIG, "--full-body", state="after.json")
    program.drag((round(gx), round(gy)), (0, 10), steps=30)
    program.frames(5)
    shot = program.screenshot()
    program.quit()
    os.replace(shot, case.path("floor_reach.png"))
    after = program.state()["full_body"]
    body, pins = after["body"], [e for e in after["effectors"] if e["pinned"]]
    print(body["text"], [(e["name"], round(e["heel_rise"], 4), e["error"]) for e in pins])
    hand = after["effectors"][0]
    assert hand["position"][1] < 0.35, ("the hand did not go down to the floor", hand)
    assert "feet on the ground" in body["text"], body
    assert max(e["heel_rise"] for e in pins) > 0.01, ("no heel rose", pins)
    assert all(e["error"] <= after["tolerance"] for e in pins), ("a pin is off its risen place", pins)


@pytest.mark.ctest(timeout=300, cost=100)
def test_floor_reach_and_back_stands_up(case):
    """The humanoid in full-body mode with the program's settings (the balance on, pull to
    pose 0.1), its main hand's goal dragged down 300 points to the floor in front with real
    mouse events and back up to where it started: the body crouches to reach (the screenshot
    at the bottom differs from the one after), and stands up again -- the hips within 1 mm of
    where they stand at rest 60 frames after the hand is back. Without the pull the balance
    kept the crouch (the hips 155 mm low)."""
    before = case.run("--full-body", frames=2, state="before.json").state
    fb = before["full_body"]
    assert fb["settings"]["pull_to_pose"] > 0, fb["settings"]
    gx, gy = (round(v) for v in before["chains"][fb["chain"]]["goal_window"])
    program = case.start("--full-body", state="after.json")
    program.hover(gx, gy)
    program.xdo("mousedown", 1)
    program.frames(2)
    for k in list(range(1, 31)) + list(range(29, -1, -1)):
        program.move(gx, gy + 10 * k)
        time.sleep(STEP_PAUSE)
        if k == 30:  # at the floor
            program.frames(5)
            os.replace(program.screenshot(), case.path("down.png"))
    program.frames(2)
    program.xdo("mouseup", 1)
    program.frames(60)
    os.replace(program.screenshot(), case.path("up.png"))
    program.quit()
    after = program.state()["full_body"]
    hips = math.dist(after["root_position"], fb["root_position"])
    print(f"hips {hips * 1000:.2f} mm from rest; {after['body']['text']}")
    case.check_differ("down.png", "up.png", 5000)
    assert hips < 1e-3, f"the body did not stand up again: the hips {hips:.4f} from where they stand at rest"
    assert after["body"]["plausible"], after["body"]
