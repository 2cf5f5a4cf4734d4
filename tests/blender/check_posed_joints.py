# Run by Blender (headless): imports a glTF that ikscope exported and checks that every
# joint sits where ikscope put it -- at rest, or with SECONDS at that time of the clip the
# import put on the armature (a baked motion).
#   blender -b --factory-startup --python-exit-code 1 --python check_posed_joints.py -- \
#       EXPORT.gltf EXPECTED.json TOLERANCE [SECONDS]
# EXPECTED.json maps node names to world positions in glTF's space (y up). Blender's
# importer turns y-up into z-up: glTF (x, y, z) is Blender (x, -z, y). A bone's head is
# its joint. Exit status 0 when every expected joint is found within TOLERANCE.
import json
import sys

import bpy
import mathutils
import numpy

# Debian 12's Blender 3.4 glTF importer still writes numpy.bool, an alias numpy 1.24 (the
# same release's numpy) removed; without it the import of any mesh fails.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

args = sys.argv[sys.argv.index("--") + 1:]
path, expected_path, tolerance = args[0], args[1], float(args[2])
bpy.ops.import_scene.gltf(filepath=path)
if len(args) > 3:
    # The importer keys glTF time t at frame t * fps of the scene.
    scene = bpy.context.scene
    frame = float(args[3]) * scene.render.fps / scene.render.fps_base
    scene.frame_set(int(frame), subframe=frame - int(frame))
bpy.context.view_layer.update()
with open(expected_path) as f:
    expected = json.load(f)

found, worst, worst_name = 0, 0.0, ""
for obj in bpy.data.objects:
    if obj.type != "ARMATURE":
        continue
    for bone in obj.pose.bones:
        if bone.name not in expected:
            continue
        x, y, z = expected[bone.name]
        want = mathutils.Vector((x, -z, y))
        miss = ((obj.matrix_world @ bone.head) - want).length
        found += 1
        if miss > worst:
            worst, worst_name = miss, bone.name

print(f"check_posed_joints: {path}: {found} of {len(expected)} joints, farthest {worst:.3g} ({worst_name})")
sys.exit(0 if found == len(expected) and worst <= tolerance else 1)
