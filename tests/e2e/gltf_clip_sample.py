"""Samples a glTF file's animation at a time, independently of ikscope: reads the JSON and
the .bin buffers itself, interpolates each channel (LINEAR: lerp, rotation slerp along the
shorter arc; STEP; CUBICSPLINE: Hermite with tangents scaled by the key interval, as the
glTF 2.0 spec's appendix says), and composes the node tree from the scene roots.

    sample_clip(FILE.gltf, ANIMATION_INDEX, TIME) -> {node name: [x, y, z]}

every named node's position in model space (the scene's space) at TIME. From a shell:
`gltf_clip_sample.py FILE.gltf ANIMATION_INDEX TIME` prints that as JSON."""
import base64
import json
import math
import os
import struct
import sys

COMPONENT = {5126: ("f", 4), 5123: ("H", 2), 5121: ("B", 1), 5125: ("I", 4)}
WIDTH = {"SCALAR": 1, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def load_buffers(doc, folder):
    out = []
    for b in doc["buffers"]:
        uri = b["uri"]
        if uri.startswith("data:"):
            out.append(base64.b64decode(uri.split(",", 1)[1]))
        else:
            with open(os.path.join(folder, uri), "rb") as f:
                out.append(f.read())
    return out


def read_accessor(doc, buffers, index):
    a = doc["accessors"][index]
    view = doc["bufferViews"][a["bufferView"]]
    fmt, size = COMPONENT[a["componentType"]]
    width = WIDTH[a["type"]]
    stride = view.get("byteStride", size * width)
    base = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    data = buffers[view["buffer"]]
    rows = []
    for i in range(a["count"]):
        rows.append(list(struct.unpack_from("<" + fmt * width, data, base + i * stride)))
    return rows


def lerp(a, b, u):
    return [x + (y - x) * u for x, y in zip(a, b)]


def normalise(q):
    n = math.sqrt(sum(x * x for x in q))
    return [x / n for x in q]


def slerp(a, b, u):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = [-x for x in b], -d
    if d > 0.9995:
        return normalise(lerp(a, b, u))
    theta = math.acos(min(1.0, d))
    s = math.sin(theta)
    wa, wb = math.sin((1 - u) * theta) / s, math.sin(u * theta) / s
    return [wa * x + wb * y for x, y in zip(a, b)]


def sample(times, values, interpolation, path, t):
    cubic = interpolation == "CUBICSPLINE"
    value = (lambda k: values[3 * k + 1]) if cubic else (lambda k: values[k])
    if t <= times[0]:
        return value(0)
    if t >= times[-1]:
        return value(len(times) - 1)
    k = max(i for i in range(len(times)) if times[i] <= t)
    if interpolation == "STEP":
        return value(k)
    dt = times[k + 1] - times[k]
    u = (t - times[k]) / dt
    if cubic:
        p0, m0 = values[3 * k + 1], [x * dt for x in values[3 * k + 2]]
        p1, m1 = values[3 * (k + 1) + 1], [x * dt for x in values[3 * (k + 1)]]
        h = [2 * u**3 - 3 * u**2 + 1, u**3 - 2 * u**2 + u, -2 * u**3 + 3 * u**2, u**3 - u**2]
        r = [h[0] * a + h[1] * b + h[2] * c + h[3] * d for a, b, c, d in zip(p0, m0, p1, m1)]
        return normalise(r) if path == "rotation" else r
    if path == "rotation":
        return slerp(value(k), value(k + 1), u)
    return lerp(value(k), value(k + 1), u)


def matmul(a, b):  # 4x4, row-major lists of lists
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def trs_matrix(t, r, s):
    x, y, z, w = r
    rot = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
           [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
           [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    m = [[rot[i][j] * s[j] for j in range(3)] + [t[i]] for i in range(3)]
    return m + [[0, 0, 0, 1]]


def sample_clip(path, animation, time):
    with open(path) as f:
        doc = json.load(f)
    buffers = load_buffers(doc, os.path.dirname(os.path.abspath(path)))
    nodes = doc["nodes"]
    trs = {}
    for i, n in enumerate(nodes):
        trs[i] = {"translation": n.get("translation", [0, 0, 0]), "rotation": n.get("rotation", [0, 0, 0, 1]),
                  "scale": n.get("scale", [1, 1, 1])}
    anim = doc["animations"][animation]
    for ch in anim["channels"]:
        target = ch["target"]
        if target["path"] not in ("translation", "rotation", "scale"):
            continue
        sampler = anim["samplers"][ch["sampler"]]
        times = [row[0] for row in read_accessor(doc, buffers, sampler["input"])]
        values = read_accessor(doc, buffers, sampler["output"])
        trs[target["node"]][target["path"]] = sample(times, values, sampler.get("interpolation", "LINEAR"),
                                                     target["path"], time)
    out = {}

    def visit(i, parent):
        n = nodes[i]
        if "matrix" in n:  # column-major in the file
            m = n["matrix"]
            local = [[m[c * 4 + r] for c in range(4)] for r in range(4)]
        else:
            local = trs_matrix(trs[i]["translation"], trs[i]["rotation"], trs[i]["scale"])
        world = matmul(parent, local)
        if "name" in n:
            out[n["name"]] = [world[0][3], world[1][3], world[2][3]]
        for c in n.get("children", []):
            visit(c, world)

    identity = [[float(i == j) for j in range(4)] for i in range(4)]
    for root in doc["scenes"][doc.get("scene", 0)]["nodes"]:
        visit(root, identity)
    return out


if __name__ == "__main__":
    json.dump(sample_clip(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])), sys.stdout)
