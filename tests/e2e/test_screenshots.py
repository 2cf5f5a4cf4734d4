"""Screenshots of the built-in humanoid, the glTF samples and a 10,000-joint rig, checked
pixel by pixel against the program's own --state-out dump (check_screenshot.cpp)."""
import subprocess

from driver import SAMPLES, SOURCE_DIR


def screenshot_case(case, *rig):
    """A batch run of 4 frames with the antialiasing a user gets (4 samples): no error in
    the status line, the picture matches the dump."""
    case.msaa = 4
    run = case.run(*rig, frames=4, screenshot="shot.png", state="state.json")
    state = run.state
    assert state["status_is_error"] is False, f"status shows an error: {state['status']}"
    case.check_screenshot("shot.png", "state.json")
    return state


def test_screenshot_humanoid(case):
    state = screenshot_case(case)
    n = len(state["joints"])
    assert n >= 20, f"the built-in humanoid has {n} joints"


def test_screenshot_cesiumman(case):
    screenshot_case(case, SAMPLES / "CesiumMan/glTF-Binary/CesiumMan.glb")


def test_screenshot_riggedfigure(case):
    screenshot_case(case, SAMPLES / "RiggedFigure/glTF/RiggedFigure.gltf")


def test_screenshot_riggedsimple(case):
    screenshot_case(case, SAMPLES / "RiggedSimple/glTF-Embedded/RiggedSimple.gltf")


def test_large_rig_draw_calls(case):
    """A generated 10,000-joint rig costs the renderer no more draw calls than the humanoid
    (one instanced call per kind), its joints two triangles each (eye-facing squares, not
    meshes), and its overlapping goal handles are culled on screen."""
    rig = case.path("tree10000.gltf")
    subprocess.run(["/usr/bin/python3", SOURCE_DIR / "bench/make_tree_rig.py", "10000", rig], check=True)
    small = case.run(frames=4, state="humanoid.json", label="humanoid", what="the humanoid run").state
    large = case.run(rig, frames=4, screenshot="shot.png", state="state.json", what="the 10,000-joint run").state
    small_calls, large_calls = small["draws_last_frame"]["draw_calls"], large["draws_last_frame"]["draw_calls"]
    assert large_calls <= small_calls, f"{large_calls} draw calls for 10,000 joints against {small_calls} for the humanoid"
    draws, joints = large["draws_last_frame"], len(large["joints"])
    assert draws["joints"] == joints, "not every joint drawn"
    assert draws["triangles"] <= 12 * joints, f"{draws['triangles']} triangles for {joints} joints (more than 12 per joint)"
    assert draws["points_culled"] > 0, "no overlapping handle culled"
    case.check_screenshot("shot.png", "state.json")

