# Run by Blender (headless): imports a BVH file with Blender's own importer and writes where
# each joint is at the frames asked for, in the file's own units and axes (y up), for
# tests/io/bvh/test_bvh_blender.cpp to compare with ikscope's import.
#   blender -b --factory-startup --python-exit-code 1 --python bvh_joint_positions.py -- \
#       FILE.bvh OUT.json FRAME [FRAME...]
# FRAME counts from 0 (the file's first frame; the importer keys it at scene frame 1). The
# importer turns y-up into Blender's z-up: file (x, y, z) is Blender (x, -z, y). A pose
# bone's head is its joint.
import builtins
import json
import sys

import bpy

# Debian 12's Blender 3.4 BVH importer opens files with mode 'rU', which its Python 3.11
# refuses ("invalid mode"): the same open without the U.
_open = builtins.open


def open_without_u(file, mode="r", *args, **kwargs):
    return _open(file, mode.replace("U", ""), *args, **kwargs)


builtins.open = open_without_u

args = sys.argv[sys.argv.index("--") + 1:]
path, out_path, frames = args[0], args[1], [int(f) for f in args[2:]]
bpy.ops.import_anim.bvh(filepath=path, global_scale=1.0, frame_start=1, use_fps_scale=False,
                        rotate_mode="NATIVE", axis_forward="-Z", axis_up="Y")
armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
out = {}
for frame in frames:
    bpy.context.scene.frame_set(frame + 1)
    bpy.context.view_layer.update()
    joints = {}
    for bone in armature.pose.bones:
        head = armature.matrix_world @ bone.head
        joints[bone.name] = [head.x, head.z, -head.y]
    out[str(frame)] = joints
with _open(out_path, "w") as f:
    json.dump(out, f)
print(f"bvh_joint_positions: {path}: {len(armature.pose.bones)} joints at {len(frames)} frames")
