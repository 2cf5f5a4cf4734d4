"""The files the long session (long_session.py) opens: broken rigs and sessions that
ikscope must refuse with one message each, and for each good rig its "home view" (the
--state-out dump right after it opens) and a "home session" that reopens it exactly so.

Parts: 1. broken files; 2. home views and home sessions."""
import json
import os

from driver import ASSETS, SAMPLES, write_session


# --- 1. broken files -------------------------------------------------------------------

def gltf_text(nodes, extra=None):
    doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes}
    doc.update(extra or {})
    return json.dumps(doc)


def write_files(folder, files):
    """Writes each name -> bytes of `files` into `folder`; returns the paths, in order."""
    paths = []
    for name, data in files.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    return paths


def write_broken_files(folder, shared, rng):
    """Writes files ikscope must refuse with one message each; returns their paths (and
    a few paths that are not files at all)."""
    os.makedirs(folder, exist_ok=True)
    samples = os.path.join(shared, "gltf-samples")
    glb = open(os.path.join(samples, "RiggedSimple/glTF-Binary/RiggedSimple.glb"), "rb").read()
    simple_gltf = open(os.path.join(samples, "RiggedSimple/glTF/RiggedSimple.gltf")).read()
    files = {
        "truncated.glb": glb[:1000],
        "truncated_header.glb": glb[:10],
        "wrong_magic.glb": b"glTX" + glb[4:],
        "garbage_after_header.glb": glb[:20] + bytes(rng.randrange(256) for _ in range(4000)),
        "empty.glb": b"",
        "empty.gltf": b"",
        "invalid_json.gltf": b'{"asset": {"version": "2.0"}, "nodes": [{"name": "a",, }]',
        "not_an_object.gltf": b"[1, 2, 3]",
        "cycle.gltf": gltf_text([{"children": [1]}, {"children": [2]}, {"children": [1]}]).encode(),
        "two_parents.gltf": gltf_text([{"children": [2]}, {"children": [2]}, {}]).encode(),
        "zero_scale.gltf": gltf_text([{"children": [1]}, {"scale": [0, 1, 1]}]).encode(),
        "bad_child.gltf": gltf_text([{"children": [7]}]).encode(),
        "no_nodes.gltf": b'{"asset": {"version": "2.0"}}',
        # A skin whose inverse bind matrices claim far more than their buffer holds.
        "accessor_past_buffer.gltf": gltf_text(
            [{"children": [1]}, {}],
            {"skins": [{"joints": [0, 1], "inverseBindMatrices": 0}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1000000000, "type": "MAT4"}],
             "bufferViews": [{"buffer": 0, "byteLength": 128}],
             "buffers": [{"byteLength": 128, "uri": "data:application/octet-stream;base64," + "A" * 172}]}).encode(),
        # The sample's JSON without its .bin beside it.
        "missing_bin.gltf": simple_gltf.encode(),
    }
    paths = write_files(folder, files)
    os.makedirs(os.path.join(folder, "a_folder.gltf"), exist_ok=True)
    paths += [os.path.join(folder, "a_folder.gltf"), os.path.join(folder, "there_is_no_such_file.glb")]
    return paths


def write_broken_sessions(folder):
    sessions = {
        "session_invalid_json.json": '{"format": "ikscope-session", "version": 1, "chains": [',
        "session_wrong_format.json": '{"format": "something-else", "version": 1}',
        "session_missing_rig.json": json.dumps({"format": "ikscope-session", "version": 1,
                                                 "rig_path": "no_such_rig.gltf", "chains": []}),
    }
    return write_files(folder, {name: text.encode() for name, text in sessions.items()})


# --- 2. home views ---------------------------------------------------------------------

def good_rigs():
    rigs = [str(ASSETS / n) for n in sorted(os.listdir(ASSETS)) if n.endswith(".gltf")]
    for root, _, names in sorted(os.walk(SAMPLES)):
        rigs += [os.path.join(root, n) for n in sorted(names) if n.endswith((".gltf", ".glb"))]
    return rigs


def home_view(case, rig, name):
    """What the screen shows right after `rig` opens: ikscope's own --state-out dump."""
    return case.run(rig, frames=3, state=f"homes/{name}.json", label=f"homes/{name}").state


def write_home_session(home, rig, path):
    """A session (io/session/session.h) that reopens `rig` as its home view shows it: the
    chains of the dump with their goals (solver: DLS, as suggested chains have), the pose at
    rest, and the dump's camera."""
    joints = home["joints"]
    chains = []
    for c in home["chains"]:
        chain = {"solver": "dls", "enabled": c["enabled"], "group": c["group"],
                 "root": {"index": c["root"], "name": joints[c["root"]]["name"]},
                 "effector": {"index": c["effector"], "name": joints[c["effector"]]["name"]},
                 "goal": {"position": c["goal"]}}  # in model space: a following goal is pinned here
        if c["aim"]:
            chain["aim"] = {"axis": c["aim_axis"]}  # the goal is a look target
        chains.append(chain)
    write_session(path, os.path.relpath(rig, os.path.dirname(path)), chains, rig_path_absolute=rig,
                  camera=home["camera"])
