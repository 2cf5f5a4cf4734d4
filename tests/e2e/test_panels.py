"""The side panels: their fit in small and large windows and the remembered layout
(panels.ini), the Compare tab's table of every solver, and the Convergence tab's Step view
of an explicit solve."""
from pathlib import Path

from driver import rect_point
from rig_plans import limb_goal_drag


def check_small_and_default_layouts(small, default):
    """At 1024x640 the viewport gets at least half the window; at 1280x800 the Chains
    panel's last row is inside it."""
    w, vp = small["window"][0], small["viewport"]
    print(f"1024x640: viewport x {vp[0]:.0f} width {vp[2]:.0f} of {w}")
    assert vp[2] >= w / 2, "the viewport is narrower than half the window"
    r = small["ui_rects"]
    assert r["skeleton_panel"][2] + r["chains_panel"][2] + vp[2] <= w, "panels and viewport overlap"
    d = default["ui_rects"]
    bottom = d["chains_panel"][1] + d["chains_panel"][3]
    pole = d["pole_checkbox"]
    print(f"1280x800: the Chains panel ends at {bottom:.0f}, its last row (Pole) at {pole[1] + pole[3]:.0f}")
    assert pole[1] + pole[3] <= bottom, "the Chains panel overflows at 1280x800"


def check_layout_remembered(small, again):
    before, after = small["ui_rects"]["skeleton_panel"][2], again["ui_rects"]["skeleton_panel"][2]
    print(f"Skeleton panel {before:.0f} -> {after:.0f} wide after a 40-point drag, in the next run")
    assert abs((before - after) - 40) <= 2, "the splitter drag is not remembered"
    assert "chains_strip" in again["ui_rects"] and again["viewport"][0] + again["viewport"][2] > 950, \
        "the collapsed Chains panel did not give the viewport its room"


def test_panels_fit_small_window(case):
    """Dragging the Skeleton panel's splitter and collapsing the Chains panel are remembered
    (panels.ini in this case's config folder) by the next run; a damaged panels.ini gives
    one message naming it and the program runs. At 1920x1080 the panels are wider, in
    proportion (and a screenshot to look at)."""
    ini = Path(case.path("config/ikscope/panels.ini"))
    small = case.run("--size", "1024x640", frames=4, screenshot="small.png", state="small.json", label="small").state
    default = case.run("--size", "1280x800", frames=4, state="default.json", label="default").state
    assert not ini.exists(), f"a run without layout changes wrote {ini}"
    check_small_and_default_layouts(small, default)
    program = case.start("--size", "1024x640", state="dragged.json")
    program.drag(rect_point(small, "skeleton_splitter"), (-5, 0), steps=8)
    program.click(*rect_point(small, "chains_panel", dx=12, dy=9))  # the title's arrow
    program.quit()
    assert ini.exists() and ini.stat().st_size > 0, f"the layout was not written to {ini}"
    print(ini.read_text())
    assert "chains_collapsed = 1" in ini.read_text().splitlines(), "the collapsed Chains panel is not remembered"
    again = case.run("--size", "1024x640", frames=4, screenshot="remembered.png", state="remembered.json",
                     label="remembered").state
    check_layout_remembered(small, again)
    ini.write_bytes(b"skeleton_width = 250\n\x01\xff garbage\nchains_width = wide\n")
    damaged = case.run("--size", "1024x640", frames=3, state="damaged.json", label="damaged",
                       what="a damaged panels.ini stopped the program: ikscope")
    print(damaged.stderr)
    messages = [line for line in damaged.stderr.splitlines() if "panels.ini: " in line]
    assert len(messages) == 1, f"expected one message naming panels.ini: {damaged.stderr}"
    large = case.run("--size", "1920x1080", frames=4, screenshot="large.png", state="large.json", label="large",
                     screen="1920x1080x24", what="the 1920x1080 run", IKSCOPE_PANEL_LAYOUT="none").state
    # A 1.5x wider window widens the panels (up to the budget that leaves the view half).
    left, right = large["ui_rects"]["skeleton_panel"][2], large["ui_rects"]["chains_panel"][2]
    print(f"1920x1080: panels {left:.0f} and {right:.0f} wide, the view {large['viewport'][2]:.0f}")
    assert left > 400 and right > 430, "a wide window keeps the panels narrow"
    assert abs(left / right - 330 / 360) < 0.02, "not in proportion"
    assert large["viewport"][2] >= 960, "the view is narrower than half the window"


def test_compare_nine_solvers_plot(case):
    """A two-bone arm chain compared across every solver in the Compare tab, at the default
    window size: the table of all ten solvers ends inside the tab's view (no scrolling),
    and a screenshot to look at. Two runs: the drag selects the chain; the first run finds
    the tab, the second clicks it."""
    drag = limb_goal_drag(case.run(frames=2, state="start.json").state)
    program = case.start(state="run1.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.quit()
    tab = rect_point(program.state(), "tab_compare")
    program = case.start(state="run2.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.click(*tab)
    program.hover(640, 400)  # off the panel: no tooltip in the picture
    program.screenshot()
    program.quit()
    assert case.screenshots(), "no F12 screenshot"
    r = program.state()["ui_rects"]
    assert "compare_table" in r, "the Compare tab is not open"
    table, view = r["compare_table"], r["compare_view"]
    bottom, view_bottom = table[1] + table[3], view[1] + view[3]
    assert bottom <= view_bottom + 0.5, f"the comparison table ends at {bottom}, below its view ({view_bottom})"
    print(f"compare table: {table[3]:.0f} px tall, ends at {bottom:.0f} within the view ending at {view_bottom:.0f}")


def test_step_shows_explicit_solve(case):
    """Drag a limb's goal (selects its chain), press Solve from rest, let a few warm-started
    frames run, then tick Step: Step must show the solve that was asked for (from rest: a
    decreasing error), labelled so, and the iteration slider must not move. The first runs
    only learn where the chain's Convergence tab is once the drag selected it, then where
    its buttons are in that tab (each chain's panel has its own rows)."""
    drag = limb_goal_drag(case.run(frames=2, state="start.json").state)
    program = case.start(state="tab.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.quit()
    tab = rect_point(program.state(), "tab_convergence")
    program = case.start(state="before.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.click(*tab)
    program.quit()
    before = program.state()
    program = case.start(state="after.json")
    program.drag(drag.start, drag.step, drag.steps)
    program.click(*tab)
    program.click(*rect_point(before, "solve_from_rest"))
    program.frames(3)  # a few warm-started frames after the explicit solve
    program.click(*rect_point(before, "step"))
    program.screenshot()  # step mode, to look at
    program.quit()
    after = program.state()
    i = after["inspection"]
    e = i["errors"]
    print(f"step_mode {i['step_mode']}, source {i['source']}, errors {[round(x, 4) for x in e]}")
    assert i["step_mode"], "Step is not ticked"
    assert i["source"] == "last explicit solve", "Step does not show the solve that was asked for"
    assert len(e) >= 3 and e[0] > 10 * e[-1], "not a solve from rest: the error does not fall"
    assert all(b <= a * 1.05 for a, b in zip(e, e[1:])), "the error does not decrease"
    assert before["ui_rects"]["iteration_slider"] == after["ui_rects"]["iteration_slider"], "ticking Step moved the layout"


def test_f1_lists_the_colours(case):
    """F1 opens the controls with the colour vocabulary under them (a swatch, the word and
    its meaning per colour: app/editor/status_colours.h); a screenshot to look at. The
    selected goal's handle is white, not the amber of a goal the solver stopped short of."""
    program = case.start(state="help.json")
    program.key("F1")
    program.frames(3)
    program.screenshot()
    program.quit()
    state = program.state()
    assert state["help_open"] is True, "F1 did not open the controls"
