"""Text that fits and a figure nothing covers, at 1024x640, 1280x800 and 1920x1080: the
built-in humanoid, the Mixamo-named rig (fingers) and CesiumMan (its walk analysed), each
as it opens (the Solver tab), with a limb chain's Compare tab, with the Motion analysis
dock, the Compare tab and full-body mode open, and (at 1024x640) in full-body mode on its
Body tab. The program reports
text ImGui cut at an edge in --state-out's "clipped_text" (app/platform/text_fit.h); the
panels, the dock, the Full body band and the toolbar must leave the 3D view to the figure."""
import pytest

from driver import CESIUM_GLB, MIXAMO_RIG

SIZES = ("1024x640", "1280x800", "1920x1080")
RIGS = {"humanoid": [], "mixamo": [str(MIXAMO_RIG)], "cesium": [str(CESIUM_GLB)]}
VIEWS = {"opened": [], "compare": ["--compare"], "all": ["--motion-panel", "--compare", "--full-body"],
         "body": ["--full-body"]}
# The full-body chain's Body tab (its effector table), which --compare hides in "all": at the
# narrowest size only, where its columns have the least room (its errors were cut there).
ONLY_AT = {"body": ("1024x640",)}
# The windows around the 3D view (ui_rects): none may reach into it.
AROUND_THE_VIEW = ("skeleton_panel", "chains_panel", "motion_window", "full_body_window", "viewport_toolbar")
ALWAYS_THERE = ("skeleton_panel", "chains_panel", "viewport_toolbar")


def overlap(a, b):
    """How far rectangles (x, y, width, height) overlap in each direction (0 if they do not)."""
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, dx), max(0.0, dy)


def check_one(case, rig, size, view):
    label = f"{rig}-{size}-{view}"
    state = case.run(*RIGS[rig], "--size", size, *VIEWS[view], frames=8,
                     screenshot=f"{label}.png", state=f"{label}.json", label=label, screen="1920x1080x24",
                     IKSCOPE_PANEL_LAYOUT="none").state
    problems = [f"{label}: '{t['text']}' cut at x {t['x']:.0f} in {t['window']}" for t in state["clipped_text"]]
    view = state["viewport"]
    for name in AROUND_THE_VIEW:
        rect = state["ui_rects"].get(name)
        assert rect is not None or name not in ALWAYS_THERE, f"{label}: no {name} drawn"
        if rect is not None and min(overlap(rect, view)) > 1.0:
            problems.append(f"{label}: {name} {rect} covers the view {view}")
    shown = [j for j in state["joints"] if j["in_front_of_camera"]]
    outside = [j["name"] for j in shown
               if not (view[0] <= j["window"][0] <= view[0] + view[2] and view[1] <= j["window"][1] <= view[1] + view[3])]
    if outside:
        problems.append(f"{label}: {len(outside)} of {len(shown)} joints outside the view: {outside[:4]}")
    print(f"{label}: view {view}, {len(state['clipped_text'])} cut texts, {len(outside)} joints outside")
    return problems


@pytest.mark.ctest(timeout=300, cost=200)
def test_text_fits_and_nothing_covers_the_figure(case):
    problems = []
    for rig in RIGS:
        for size in SIZES:
            for view in VIEWS:
                if size in ONLY_AT.get(view, (size,)):
                    problems += check_one(case, rig, size, view)
    assert not problems, "\n".join(problems)
