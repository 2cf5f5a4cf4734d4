#!/usr/bin/python3
"""Checks that every source folder includes only itself and the layers below it.

The table LAYERS is the one place that says what a folder of solvers/, io/, render/ and
app/ may include (the project's own headers, by folder) and which outside headers it must
not (a window-free folder never includes ImGui, SDL or GL). A file in a folder the table
does not know is an error too, so a new folder is placed in the layers on purpose.

Usage: check_layers.py SOURCE_DIR    (ctest runs it as `layers`); exit status 1 and one
line per offending include when a lower layer includes a higher one.
"""
import os
import re
import sys

SOLVER_BASE = {"solvers/base"}
SOLVER_ANIM = SOLVER_BASE | {"solvers/anim"}
IK_CORE = SOLVER_ANIM | {"solvers/ik"}
SOLVER_FAMILIES = ["fabrik", "ccd", "jacobian", "analytic", "full_body", "mass_spring", "scale_target", "spline"]
# A solver family may build on another: CCD then DLS (jacobian) runs CCD first; the
# full-body step uses the Jacobian family's prepared limits.
FAMILY_USES = {"jacobian": ["ccd"], "full_body": ["jacobian", "ccd"]}
SOLVER_RIG = IK_CORE | {"solvers/rig"}
ALL_SOLVERS = SOLVER_RIG | {"solvers/ik/" + f for f in SOLVER_FAMILIES} | {"solvers/scene"}

IO_COMMON = ALL_SOLVERS | {"io/files", "io/json"}
IO_GLTF = IO_COMMON | {"io/gltf"}
IO_ALL = IO_GLTF | {"io/bvh", "io/session", "io/report"}
RENDER = IO_ALL | {"render"}
EDITOR = RENDER | {"app/editor"}

# What no window-free folder may include: ImGui, SDL, GL, and render/'s GL half (the GL-free
# half -- camera, meshes, instances, skinning -- is plain maths anyone may use).
WINDOW = ["imgui", "backends/imgui_", "SDL", "glad/", "render/renderer.h", "render/gl_program.h",
          "render/skinned_mesh_draw.h"]
# What the IK library may include from outside the standard library: GLM only.
NOT_IN_SOLVERS = WINDOW + ["nlohmann/", "tiny_gltf", "stb_"]

# folder -> (project folders it may include, outside headers it must not include)
LAYERS = {
    "solvers/base": (SOLVER_BASE, NOT_IN_SOLVERS),
    "solvers/anim": (SOLVER_ANIM, NOT_IN_SOLVERS),
    "solvers/ik": (IK_CORE, NOT_IN_SOLVERS),
    "solvers/rig": (SOLVER_RIG, NOT_IN_SOLVERS),
    "solvers/scene": (ALL_SOLVERS, NOT_IN_SOLVERS),
    "io/files": (ALL_SOLVERS | {"io/files"}, WINDOW),
    "io/json": (ALL_SOLVERS | {"io/json"}, WINDOW),
    "io/gltf": (IO_GLTF, WINDOW),
    # BVH import fills the glTF importer's ImportedRig, the one shape an opened rig has.
    "io/bvh": (IO_GLTF | {"io/bvh"}, WINDOW),
    # Sessions keep how an imported BVH was read (io/bvh/bvh_units.h).
    "io/session": (IO_GLTF | {"io/bvh", "io/session"}, WINDOW),
    "io/report": (IO_GLTF | {"io/report"}, WINDOW),
    # The renderer reads the library's and the importer's data; render/ itself holds both
    # the GL-free maths (camera, skinning) and the GL drawing.
    "render": (RENDER, ["imgui", "backends/imgui_", "SDL"]),
    # The editor: the program's logic without a window, the library the tests link.
    "app/editor": (EDITOR, WINDOW),
    "app/viewport": (EDITOR | {"app/viewport"}, []),
    "app/ui": (EDITOR | {"app/viewport", "app/ui"}, []),
    "app/platform": (EDITOR | {"app/viewport", "app/ui", "app/platform"}, []),
    # main.cpp: init / frame / cleanup over everything.
    "app": (EDITOR | {"app/viewport", "app/ui", "app/platform", "app"}, []),
}
for family in SOLVER_FAMILIES:
    uses = {"solvers/ik/" + f for f in FAMILY_USES.get(family, [])}
    LAYERS["solvers/ik/" + family] = (IK_CORE | {"solvers/ik/" + family} | uses, NOT_IN_SOLVERS)

ROOTS = ["solvers", "io", "render", "app"]
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')


def folder_of_include(path):
    return os.path.dirname(path)


def main():
    source_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    problems = []
    checked = 0
    for root in ROOTS:
        for folder, _, files in os.walk(os.path.join(source_dir, root)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, source_dir)
                here = os.path.dirname(rel)
                if here not in LAYERS:
                    problems.append(f"{rel}: the folder {here}/ is in no layer (tests/layers/check_layers.py)")
                    continue
                allowed, forbidden = LAYERS[here]
                checked += 1
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        kind, target = m.groups()
                        if any(target.startswith(prefix) for prefix in forbidden):
                            problems.append(f"{rel}:{number}: includes {target}, which {here}/ must not")
                        elif kind == '"' and target.split("/")[0] in ROOTS:
                            there = folder_of_include(target)
                            if there not in allowed:
                                problems.append(f"{rel}:{number}: includes {target}: {here}/ may not include {there}/")
    for p in problems:
        print(p)
    print(f"{checked} files checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
