"""The timeline: CesiumMan's clip at two times against an independent sample of the glTF,
the IK weight, Space playing for real, the foot contacts' rows edited and undone, the feet
cleaned up on a ramp and on a ground read from a glTF mesh, a goal
drag recorded as a goal path, and a goal path replayed (and baked) on a rig without clips.

Parts: the clip at fixed times (poses, screenshots, IK weight); playing; foot contacts;
recording; goal paths on the humanoid."""
import base64
import json
import math
import struct
import time

from driver import CESIUM_GLB, CESIUM_GLTF, HUMANOID, joint_named, rect_point, write_session
from gltf_clip_sample import sample_clip
from rig_plans import limb_goal_drag


# --- The clip at fixed times ----------------------------------------------------------------

def check_clip_pose(state, t, sample):
    """The clip's pose at `t` is the glTF's own (every named joint within 1e-4), and joints
    outside the IK chains show exactly that pose."""
    tl = state["timeline"]
    assert tl["clip"] == "animation 0" and abs(tl["time"] - float(t)) < 1e-6 and not tl["playing"], tl
    clip = tl["clips"][0]
    assert clip["channels"] == 57 and abs(clip["duration"] - (2.0 - 1 / 24)) < 1e-4, clip
    assert abs(tl["frame_rate"] - 24.0) < 1e-6, tl["frame_rate"]
    compared = 0
    for j in state["joints"]:
        if j["name"] not in sample:
            assert j["added_tip"], j["name"]
            continue
        err = math.dist(tl["animated"][j["index"]], sample[j["name"]])
        assert err < 1e-4, f"t={t} {j['name']}: ikscope {tl['animated'][j['index']]} vs glTF {sample[j['name']]}"
        compared += 1
    assert compared >= 19, compared
    free = joints_outside_chains(state)
    for j in free:
        assert math.dist(j["model"], tl["animated"][j["index"]]) < 1e-5, j["name"]
    print(f"t={t}: {compared} joints match the glTF sample; {len(free)} joints outside chains show the clip")


def joints_outside_chains(state):
    """Joints on no chain's path, nor below a joint that is (a chain that ends at the head
    turns the head's tip with it). With a spine chain from the hips every joint may be below
    a chain; the IK weight 0 run checks the whole pose then."""
    parent = [j["parent"] for j in state["joints"]]
    in_chain = set()
    for c in state["chains"]:
        j = c["effector"]
        while j >= 0:
            in_chain.add(j)
            if j == c["root"]:
                break
            j = parent[j]

    def moved_by_ik(i):
        while i >= 0:
            if i in in_chain:
                return True
            i = parent[i]
        return False
    return [j for j in state["joints"] if not moved_by_ik(j["index"])]


def weighted_session(case, state, weight, name, skip_aim=False):
    """A session of CesiumMan whose chains (goals pinned where `state` had them) have IK
    weight `weight`."""
    chains = [{"solver": "dls", "root": {"index": c["root"]}, "effector": {"index": c["effector"]},
               "goal": {"position": c["goal"]}, "ik_weight": weight}
              for c in state["chains"] if not (skip_aim and c["aim"])]
    return write_session(case.path(name), CESIUM_GLTF, chains)


def test_timeline_clip_time(case):
    """CesiumMan opened at its clip at two times (--clip, --time, paused): the clip's pose at
    each time matches an independent sample of the glTF (gltf_clip_sample.py reads the JSON
    and buffers itself), joints outside the IK chains show exactly that pose, the two times
    give different poses and different screenshots. A 1024x640 run to look at."""
    states = {}
    for t in ("0.5", "1.25"):
        states[t] = case.run(CESIUM_GLTF, "--clip", "animation 0", "--time", t, frames=4,
                             screenshot=f"t{t}.png", state=f"t{t}.json").state
        assert states[t]["status_is_error"] is False, f"status: {states[t]['status']}"
        case.check_screenshot(f"t{t}.png", f"t{t}.json")
    case.run(CESIUM_GLTF, "--time", "1.0", "--size", "1024x640", frames=4, screenshot="small.png", label="small")
    for t, state in states.items():
        check_clip_pose(state, t, sample_clip(CESIUM_GLTF, 0, float(t)))
    a, b = (states[t]["timeline"]["animated"] for t in ("0.5", "1.25"))
    moved = max(math.dist(p, q) for p, q in zip(a, b))
    assert moved > 0.05, f"the clip's pose hardly changes between the two times ({moved})"
    print(f"largest joint move between t=0.5 and t=1.25: {moved:.3f}")
    case.check_differ("t0.5.png", "t1.25.png", 2000)
    # IK weight 0 on every chain: the program shows the clip's pose exactly. Weight 1 with
    # goals pinned where the effectors were at 0.5 s (the default goals follow the
    # animation, which would show the clip too): the IK holds them there at 1.25 s.
    w0 = case.run(weighted_session(case, states["1.25"], 0, "weight0.session.json"), "--clip", "animation 0",
                  "--time", "1.25", frames=4, state="weight0.json").state
    w1 = case.run(weighted_session(case, states["0.5"], 1, "weight1.session.json", skip_aim=True), "--clip",
                  "animation 0", "--time", "1.25", frames=4, state="weight1.json").state
    assert all(c["ik_weight"] == 0 for c in w0["chains"]) and w0["chains"], "the session's weights were not loaded"
    anim = w0["timeline"]["animated"]
    worst0 = max(math.dist(j["model"], anim[j["index"]]) for j in w0["joints"])
    worst1 = max(math.dist(j["model"], anim[j["index"]]) for j in w1["joints"])
    print(f"weight 0: joints at most {worst0:.2e} from the clip's pose; weight 1: {worst1:.3f}")
    assert worst0 < 1e-5, "weight 0 does not show the clip's pose"
    assert worst1 > 0.01, "weight 1 shows the clip's pose: the IK did nothing, so the check means nothing"


# --- Playing --------------------------------------------------------------------------------

def test_timeline_play(case):
    """Space plays CesiumMan's clip for real; two F12 screenshots a second apart differ and
    the state on exit says it is playing."""
    program = case.start(CESIUM_GLTF, state="play.json")
    program.key("space")
    first = program.screenshot()
    time.sleep(1.1)  # a second of playing between the two pictures
    second = program.screenshot()
    program.quit()
    shots = case.screenshots()
    assert len(shots) == 2, f"expected two F12 screenshots, got {len(shots)}"
    state = program.state()
    assert state["timeline"]["playing"] is True, "Space did not start playing"
    print("time on exit:", state["timeline"]["time"])
    case.check_differ(first, second, 2000)


# --- Foot contacts --------------------------------------------------------------------------

def test_contacts_rows_drag_and_undo(case):
    """CesiumMan with Contacts on: a row per foot and toe, each planted somewhere in the walk
    and a ring on the ground under a planted foot (screenshot). The left foot's first plant's
    end dragged 60 px later, undone (Ctrl+Z), dragged 30 px later: the state on exit has the
    clip edited and that end moved by 30 px worth of time, not 90 (the undo took the first
    drag back), the other plants as found, and unsaved changes."""
    layout = case.run(CESIUM_GLTF, frames=3, state="layout.json").state
    toggle = rect_point(layout, "contacts_toggle", 8, None)
    program = case.start(CESIUM_GLTF, state="rows.json")
    program.click(*toggle)
    program.frames(3)
    program.quit()
    found = program.state()
    contacts = found["contacts"]
    assert contacts["show"] is True, "the Contacts toggle did not turn on"
    names = [j["name"] for j in contacts["joints"]]
    assert names == ["leg_joint_L_3", "leg_joint_L_5", "leg_joint_R_3", "leg_joint_R_5"], names
    feet = contacts["clips"][0]["feet"]
    assert all(f["plants"] for f in feet), feet
    row = found["ui_rects"]["contacts_row_0"]
    clip = found["timeline"]["clips"][0]
    plant = feet[0]["plants"][0]
    seconds_per_pixel = (clip["end"] - clip["start"]) / row[2]
    end_x = round(row[0] + (plant[1] - clip["start"]) / seconds_per_pixel)
    y = round(row[1] + row[3] / 2)

    program = case.start(CESIUM_GLTF, "--time", str(plant[0] + 0.05), state="edited.json")
    program.click(*toggle)
    program.frames(3)
    program.screenshot()  # the rows, and the left foot's ring on the ground
    program.drag((end_x, y), to=(end_x + 60, y), steps=6)
    program.frames(2)
    program.key("ctrl+z")
    program.frames(2)
    program.drag((end_x, y), to=(end_x + 30, y), steps=6)
    program.frames(2)
    program.screenshot()
    program.quit()
    edited = program.state()
    after = edited["contacts"]["clips"][0]
    moved = after["feet"][0]["plants"][0][1] - plant[1]
    print(f"left foot's first plant ends {plant[1]:.3f} s as found, {after['feet'][0]['plants'][0][1]:.3f} s after the edits "
          f"({moved / seconds_per_pixel:.1f} px)")
    assert after["edited"] is True, "the drag did not mark the clip edited"
    assert abs(moved - 30 * seconds_per_pixel) < 3 * seconds_per_pixel, f"moved {moved:.3f} s: the undo did not take the first drag back"
    assert after["feet"][1:] == feet[1:], "another row changed"
    assert edited["unsaved_changes"] is True


def test_clean_up_feet_holds_the_plant(case):
    """CesiumMan at two times inside its left ankle's plant (0.9 and 1.2 s), with and without
    --clean-feet: against the in-place clip's ground, the ankle slides more than 10 mm
    between them as the clip has it, and less than 2 mm cleaned up; the hips come down."""
    states = {}
    for clean in (False, True):
        for t in ("0.9", "1.2"):
            flags = ["--clean-feet"] if clean else []
            states[clean, t] = case.run(CESIUM_GLTF, "--time", t, *flags, frames=4,
                                        state=f"clean{int(clean)}_{t}.json").state
    plants = states[False, "0.9"]["contacts"]["clips"][0]["feet"][0]["plants"]
    assert any(p[0] <= 0.9 and 1.2 <= p[1] for p in plants), f"the left ankle's plants: {plants}"
    velocity = states[False, "0.9"]["contacts"]["clips"][0]["ground_velocity"]
    slips = {}
    for clean in (False, True):
        a, b = (joint_named(states[clean, t], "leg_joint_L_3")["model"] for t in ("0.9", "1.2"))
        slips[clean] = math.hypot(b[0] - a[0] - 0.3 * velocity[0], b[2] - a[2] - 0.3 * velocity[2])
        assert states[clean, "0.9"]["contacts"]["clean_feet"] is clean
    hips = [joint_named(states[clean, "0.9"], "Skeleton_torso_joint_1")["model"][1] for clean in (False, True)]
    print(f"left ankle's slip from 0.9 to 1.2 s: {slips[False] * 1000:.1f} mm as the clip has it, "
          f"{slips[True] * 1000:.2f} mm cleaned up; hips at 0.9 s {hips[0]:.4f} -> {hips[1]:.4f}")
    assert slips[False] > 0.01, "the clip's own foot does not slide: the test shows nothing"
    assert slips[True] < 0.002, f"cleaned up, the ankle still slides {slips[True] * 1000:.1f} mm"
    assert hips[1] < hips[0], "the hips did not come down"


def height_above(state, name, degrees):
    """A joint's height over a ramp of `degrees` rising along +Z through the origin."""
    p = joint_named(state, name)["model"]
    return p[1] - p[2] * math.tan(math.radians(degrees))


def planted_at(state, t):
    """The contact joints planted at time `t` of the shown clip."""
    contacts = state["contacts"]
    feet = contacts["clips"][state["timeline"]["clip_index"]]["feet"]
    return [j["name"] for j, f in zip(contacts["joints"], feet) if any(a <= t <= b for a, b in f["plants"])]


def expect_planted_alike(a, a_degrees, b, b_degrees, planted, tolerance):
    """Each of the `planted` joints stands as high over run b's ramp (of `b_degrees`) as over
    run a's, within `tolerance` model units."""
    assert planted, "nothing planted"
    for name in planted:
        over_a, over_b = height_above(a, name, a_degrees), height_above(b, name, b_degrees)
        print(f"{name}: {over_a * 1000:.1f} mm over ground a ({a['contacts']['ground']}), "
              f"{over_b * 1000:.1f} mm over ground b ({b['contacts']['ground']})")
        assert abs(over_b - over_a) < tolerance, f"{name} does not stand on ground b as on ground a"


def test_clean_up_feet_on_a_ramp(case):
    """CesiumMan's walk on a 15 degree ramp with --clean-feet: at 1.0 s every planted foot and
    toe stands on the ramp as high as it stands on the plane cleaned up the same way (within
    1 cm); then played for a second (two screenshots): no planted foot below the ramp."""
    flat = case.run(CESIUM_GLTF, "--time", "1.0", "--clean-feet", frames=4, state="flat.json").state
    ramp = case.run(CESIUM_GLTF, "--time", "1.0", "--clean-feet", "--ground", "ramp:15", frames=4,
                    state="ramp.json").state
    assert ramp["contacts"]["ground"] == "ramp:15", ramp["contacts"]["ground"]
    planted = planted_at(flat, 1.0)
    expect_planted_alike(flat, 0, ramp, 15, planted, 0.01)
    # A held foot's goal handle is where its solver aims (the held place on the ramp), not
    # where the clip's foot was (it was drawn up to 16 cm under the ramp, apart from the foot).
    contact_joints = {j["joint"] for j in ramp["contacts"]["joints"]}
    feet = [c for c in ramp["chains"] if c["effector"] in contact_joints and c["enabled"]]
    assert feet, "no chain ends at a contact joint"
    for c in feet:
        print(f"chain to joint {c['effector']}: {c['status_shown']}, its goal {c['distance_to_goal'] * 1000:.1f} mm away")
        if c["goal_parts"]["position"] == "reached":
            assert c["distance_to_goal"] < 0.01, c
    program = case.start(CESIUM_GLTF, "--clean-feet", "--ground", "ramp:15", state="played.json")
    program.key("space")
    time.sleep(0.5)
    program.screenshot()
    time.sleep(0.5)
    program.screenshot()
    program.key("space")  # paused: the state on exit is that frame's
    program.frames(2)
    program.quit()
    played = program.state()
    t = played["timeline"]["time"]
    for name in planted_at(played, t):
        above = height_above(played, name, 15)
        print(f"played to {t:.2f} s: {name} {above * 1000:.1f} mm over the ramp")
        assert above > -0.01, f"{name} is {-above * 1000:.0f} mm under the ramp at {t:.2f} s"
    assert len(case.screenshots()) == 2


def test_a_held_foots_goal_stays_on_the_ramp_when_dragged(case):
    """CesiumMan cleaned up on a 15 degree ramp at 1.0 s, the left leg's goal handle (drawn on
    the held foot, not at the clip's foot under the ramp) dragged 80 points with the mouse:
    the hold keeps the foot and its goal where they were, and the status line says why."""
    args = (CESIUM_GLTF, "--time", "1.0", "--clean-feet", "--ground", "ramp:15")
    before = case.run(*args, frames=4, state="before.json").state
    contact_joints = {j["joint"] for j in before["contacts"]["joints"]}
    c, chain = next((c, ch) for c, ch in enumerate(before["chains"])
                    if ch["effector"] in contact_joints and ch["enabled"] and ch["distance_to_goal"] < 0.01)
    x, y = (round(v) for v in chain["goal_window"])
    program = case.start(*args, state="dragged.json")
    program.frames(3)
    program.drag((x, y), to=(x + 80, y - 40), steps=8)
    program.frames(2)
    program.screenshot()
    program.quit()
    after = program.state()
    moved = math.dist(after["chains"][c]["goal"], chain["goal"])
    said = [line for line in program.log().splitlines() if "held on the ground by Clean up" in line]
    print(f"chain {c}'s goal moved {moved * 1000:.1f} mm; the status line said: {said[:1]}")
    assert after["selected_chain"] == c, "the press did not pick the held foot's handle"
    assert moved < 0.002, "a held goal moved"
    assert said, program.log_tail()
    case.check_screenshot(case.screenshots()[-1], "dragged.json")


def write_ramp_gltf(path, degrees, half=4.0):
    """A glTF of one square (x, z in [-half, half]) rising along +Z at `degrees` through the
    origin: two triangles, positions and indices in a base64 buffer."""
    rise = half * math.tan(math.radians(degrees))
    positions = [-half, -rise, -half, half, -rise, -half, half, rise, half, -half, rise, half]
    data = struct.pack("<12f", *positions) + struct.pack("<6H", 0, 1, 2, 0, 2, 3)
    gltf = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "buffers": [{"byteLength": len(data),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48},
                        {"buffer": 0, "byteOffset": 48, "byteLength": 12}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
                       "min": [-half, -rise, -half], "max": [half, rise, half]},
                      {"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"}],
    }
    with open(path, "w") as f:
        json.dump(gltf, f)


def test_clean_up_feet_on_a_mesh_ground(case):
    """--ground FILE.gltf: CesiumMan's walk cleaned up on a glTF mesh of a 15 degree ramp stands
    where it stands on the generated ramp:15 (every planted foot and toe within 2 mm at 1.0
    s); a ground file that is no ground gives one line naming it and the program does not
    start with it."""
    ramp_file = case.path("ramp15.gltf")
    write_ramp_gltf(ramp_file, 15)
    mesh = case.run(CESIUM_GLTF, "--time", "1.0", "--clean-feet", "--ground", ramp_file, frames=4,
                    state="mesh.json", screenshot="mesh.png").state
    ramp = case.run(CESIUM_GLTF, "--time", "1.0", "--clean-feet", "--ground", "ramp:15", frames=4,
                    state="ramp.json").state
    assert mesh["contacts"]["ground"] == ramp_file, mesh["contacts"]["ground"]
    expect_planted_alike(ramp, 15, mesh, 15, planted_at(ramp, 1.0), 0.002)
    case.check_screenshot("mesh.png", "mesh.json")

    broken = case.path("broken-ground.gltf")
    with open(broken, "w") as f:
        f.write('{"asset": {"version": "2.0"}, "meshes": []}')
    run = case.run(CESIUM_GLTF, "--ground", broken, frames=2, expect=None, label="broken")
    message = [line for line in run.stderr.splitlines() if "broken-ground.gltf" in line]
    print("broken ground:", message)
    assert run.code != 0 and len(message) == 1 and "has no triangles" in message[0], run.stderr


def test_ground_chosen_in_the_popup_and_undone(case):
    """The Ground chosen with real clicks: the contacts' "..." popup, its ground list, "ramp";
    the ground is ramp:15 and the planted feet stand on it; Ctrl+Z brings the plane back,
    Ctrl+Shift+Z the ramp again (one undo step each way)."""
    layout = case.run(CESIUM_GLTF, frames=3, state="layout.json", label="layout").state
    # The popup open, then its list open: where they are (remembered while drawn).
    popup = opened_with_clicks(case, "popup.json", [(layout, "contact_settings")])
    items = opened_with_clicks(case, "list.json", [(layout, "contact_settings"), (popup, "ground_kind")])

    program = case.start(CESIUM_GLTF, "--clean-feet", "--time", "1.0", state="chosen.json")
    program.click(*rect_point(layout, "contact_settings"))
    program.click(*rect_point(items, "ground_kind"))
    program.click(*rect_point(items, "ground_kind_ramp"))
    program.screenshot()
    program.imgui_key("Escape")  # the popup closed
    program.quit()
    chosen = program.state()
    assert chosen["contacts"]["ground"] == "ramp:15", chosen["contacts"]["ground"]
    for name in planted_at(chosen, 1.0):
        above = height_above(chosen, name, 15)
        print(f"{name}: {above * 1000:.1f} mm over the ramp chosen in the popup")
        assert above > -0.01, f"{name} is under the ramp"

    undone = case.start(CESIUM_GLTF, state="undone.json")
    undone.click(*rect_point(layout, "contact_settings"))
    undone.click(*rect_point(items, "ground_kind"))
    undone.click(*rect_point(items, "ground_kind_ramp"))
    undone.imgui_key("Escape")
    undone.imgui_key("ctrl+z")
    undone.quit()
    assert undone.state()["contacts"]["ground"] == "plane", undone.state()["status"]
    assert undone.state()["status"] == "undone", undone.state()["status"]


def opened_with_clicks(case, state, clicks):
    """CesiumMan opened, each (state, ui rect) of `clicks` clicked in turn, then quit: the state
    on exit, whose ui_rects hold what the clicks opened."""
    program = case.start(CESIUM_GLTF, state=state)
    for where, name in clicks:
        program.click(*rect_point(where, name))
    program.quit()
    return program.state()


# --- Recording ------------------------------------------------------------------------------

def test_record_goal_path(case):
    """On CesiumMan (paused): click a limb's goal (selects its chain), T starts recording,
    the goal dragged in steps with real mouse events, T stops; the state on exit lists the
    recorded path on that chain: its name, sample count, duration, and where it went."""
    before = case.run(CESIUM_GLB, frames=2, state="before.json").state
    drag = limb_goal_drag(before)
    program = case.start(CESIUM_GLB, state="after.json")
    program.click(*drag.start)
    program.imgui_key("t")
    program.drag(drag.start, drag.step, drag.steps, step_pause=0.1)  # a second of recording
    program.imgui_key("t")
    program.quit()
    after, c = program.state(), drag.chain
    paths = after["goal_paths"]
    print("status:", after["status"])
    for p in paths:
        print(f"path '{p['name']}' on chain {p['chain']}: {p['samples']} samples, {p['duration']:.2f} s")
    assert len(paths) == 1, "one recorded path"
    p = paths[0]
    assert p["chain"] == c and p["name"] == "take 1"
    assert p["samples"] >= 10 and p["duration"] > 0.5, "too short a recording"
    assert not after["recording"]["active"]
    start, end = p["positions"][0], p["positions"][-1]
    goal_before, goal_after = before["chains"][c]["goal"], after["chains"][c]["goal"]
    print(f"path from {math.dist(start, goal_before):.4f} of the goal's start to {math.dist(end, goal_after):.4f} of its end")
    assert math.dist(start, goal_before) < 0.01 and math.dist(end, goal_after) < 0.01
    assert math.dist(goal_before, goal_after) > 0.05, "the goal did not move"
    assert (after["chains"][c]["goal_mode"] == "follows animation"
            and math.dist(after["chains"][c]["goal_offset"], [0, 0, 0]) > 0.05)


# --- Goal paths on a rig without clips --------------------------------------------------------

def circle_point(t):
    """The left hand's path: a 2 s circle."""
    return [0.35 + 0.15 * math.cos(math.pi * t), 1.0 + 0.15 * math.sin(math.pi * t), 0.35]


def circle_at_clock(clock):
    """Where the sampled circle (21 samples 0.1 s apart, linear between them) is at `clock`,
    looping on the path's length."""
    t = clock % 2.0
    k = min(int(t / 0.1), 19)
    f = (t - 0.1 * k) / 0.1
    a, b = circle_point(0.1 * k), circle_point(0.1 * (k + 1))
    return [a[i] + f * (b[i] - a[i]) for i in range(3)]


def write_circle_session(case):
    times = [i * 0.1 for i in range(21)]
    positions = [circle_point(t) for t in times]
    chain = {"solver": "dls", "root": {"index": 7, "name": "LeftUpperArm"}, "effector": {"index": 9, "name": "LeftHand"},
             "goal": {"position": positions[0]}, "goal_motion": {"mode": "path", "path": "circle"}}
    return write_session(case.path("circle.session.json"), HUMANOID, [chain],
                         goal_paths=[{"chain": 0, "name": "circle", "times": times, "positions": positions}])


def test_goal_path_replays_without_clips(case):
    """The built-in humanoid has no clips: a goal following a recorded path replays on the
    timeline's path clock (real time, looping on the path's length). A session puts the left
    hand's goal on a 2 s circle; two runs, 10 and 40 frames: the clock has moved on, and each
    time the goal sits on the circle where the path is at that clock, and the two places
    differ. Then the bake."""
    session = write_circle_session(case)
    goals, clocks = [], []
    for n in (10, 40):
        s = case.run(session, frames=n, state=f"f{n}.json", label=f"f{n}").state
        assert not s["status_is_error"], s["status"]
        chain = s["chains"][0]
        assert chain["goal_mode"] == "follows path", chain["goal_mode"]
        clock = s["timeline"]["path_clock"]
        # The dump is written after the last frame's solve; the clock may have moved on by
        # less than one frame's advance (at most a quarter of a second) since then.
        miss = min(math.dist(chain["goal"], circle_at_clock(clock - d)) for d in [i * 0.005 for i in range(51)])
        assert miss < 2e-3, f"frame {n}: the goal is {miss} off the path at clock {clock}"
        goals.append(chain["goal"])
        clocks.append(clock)
    assert clocks[1] > clocks[0] + 0.1, clocks
    # The clock is real time, so under load the second run can land a whole loop (2 s) later,
    # on the same place: the places must differ only when the loop positions do.
    phase = (clocks[1] - clocks[0]) % 2.0
    if 0.1 < phase < 1.9:
        assert math.dist(goals[0], goals[1]) > 0.01, (goals, clocks)
    print(f"path clock {clocks[0]:.2f} s -> {clocks[1]:.2f} s; the goal followed the circle")
    # File > Export motion on this rig bakes the path (30 per second, from rest): the baked
    # clip, reopened, has the hand on the circle at 1.3 s.
    baked = case.run(session, "--export-motion", case.path("circle.glb"), frames=1, state="baked.json",
                     label="bake", what="--export-motion").state
    assert "clip 'circle IK', 61 frames at 30 per second" in baked["status"], f"status: {baked['status']}"
    s = case.run(case.path("circle.glb"), "--time", "1.3", frames=1, state="reopened.json", label="reopen",
                 what="the baked file (reopened)").state
    hand = joint_named(s, "LeftHand")["index"]
    miss = math.dist(s["timeline"]["animated"][hand], circle_point(1.3))
    assert [c["name"] for c in s["timeline"]["clips"]] == ["circle IK"], s["timeline"]["clips"]
    assert miss < 5e-3, f"the baked hand is {miss} m off the circle at 1.3 s"
    print(f"baked goal path: the hand {miss:.2g} m off the circle at 1.3 s")



def test_full_body_feet_are_held_by_clean_up(case):
    """CesiumMan in full-body mode at 1.0 s, Clean up on a 15 degree ramp: each pinned foot is
    handed the held place the per-chain cleanup hands its leg (the same goal within 0.1 mm), is
    within the tolerance of it, and the feet the clip plants stand on the ramp as the per-chain
    cleanup stands them (within 1 cm); the full body's own goal follows the animation."""
    args = (CESIUM_GLTF, "--time", "1.0", "--clean-feet", "--ground", "ramp:15")
    per_chain = case.run(*args, frames=4, state="per_chain.json").state
    body = case.run(*args, "--full-body", frames=4, state="full_body.json").state
    leg_goals = {c["effector"]: c["goal"] for c in per_chain["chains"] if c["enabled"]}
    tolerance = body["full_body"]["tolerance"]
    pins = [e for e in body["full_body"]["effectors"] if e["pinned"]]
    assert len(pins) == 2, pins
    for e in pins:
        print(f"{e['name']}: goal {e['goal']} (the leg's held goal {leg_goals.get(e['joint'])}), "
              f"error {e['error'] * 1000:.2f} mm")
        assert math.dist(e["goal"], leg_goals[e["joint"]]) < 1e-4, e
        assert e["error"] <= tolerance, e
    planted = [n for n in planted_at(body, 1.0) if n in {e["name"] for e in pins}]
    expect_planted_alike(per_chain, 15, body, 15, planted, 0.01)
    # With a clip the full body's own goal (the hand) follows the animation, as every chain's
    # does: pinned, a clip that walks off leaves the hand behind.
    full = body["chains"][body["full_body"]["chain"]]
    assert full["goal_mode"] == "follows animation", full
    main = body["full_body"]["effectors"][0]
    assert main["error"] <= tolerance, main
