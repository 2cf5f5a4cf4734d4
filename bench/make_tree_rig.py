#!/usr/bin/env python3
"""Writes a large generated rig for frame-time measurements: a tree of N joints.

A trunk of branches, each a run of BRANCH_JOINTS joints, forking into two at its end, so
the rig has about N / BRANCH_JOINTS branches, and as many suggested chains (one per run,
like the chains a real many-jointed character gets). Nodes only (no mesh, no skin), so
every node is a joint. Usage: make_tree_rig.py JOINTS OUT.gltf
"""
import json
import math
import sys

BRANCH_JOINTS = 12


def rotate(v, axis, angle):
    """v turned by `angle` about unit `axis` (Rodrigues)."""
    c, s = math.cos(angle), math.sin(angle)
    dot = sum(a * b for a, b in zip(axis, v))
    cross = (axis[1] * v[2] - axis[2] * v[1], axis[2] * v[0] - axis[0] * v[2], axis[0] * v[1] - axis[1] * v[0])
    return tuple(v[i] * c + cross[i] * s + axis[i] * dot * (1 - c) for i in range(3))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make_tree_rig.py JOINTS OUT.gltf")
    total = int(sys.argv[1])
    nodes = []  # dicts with name, translation, children
    # Breadth-first growth: (parent node, direction, segment length, depth)
    pending = [(None, (0.0, 1.0, 0.0), 0.08, 0)]
    while pending and len(nodes) < total:
        parent, direction, length, depth = pending.pop(0)
        previous = parent
        branch = len(nodes)
        for k in range(BRANCH_JOINTS):
            if len(nodes) >= total:
                break
            # A gentle curl along the branch, so the bones are not collinear.
            direction = rotate(direction, (0.0, 1.0, 0.0), 0.15)
            offset = [length * d for d in direction] if previous is not None else [0.0, 0.0, 0.0]
            nodes.append({"name": "branch%d_%d" % (branch, k), "translation": offset, "children": []})
            index = len(nodes) - 1
            if previous is not None:
                nodes[previous]["children"].append(index)
            previous = index
        # Two children, spread about alternating axes.
        axis = (1.0, 0.0, 0.0) if depth % 2 == 0 else (0.0, 0.0, 1.0)
        for sign in (1.0, -1.0):
            pending.append((previous, rotate(direction, axis, sign * 0.6), length * 0.93, depth + 1))
    for n in nodes:
        if not n["children"]:
            del n["children"]
    doc = {
        "asset": {"version": "2.0", "generator": "ikscope bench/make_tree_rig.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": nodes,
    }
    with open(sys.argv[2], "w") as f:
        json.dump(doc, f)


if __name__ == "__main__":
    main()
