#!/usr/bin/env python3
"""Checks that the unity build (IKSCOPE_UNITY_BUILD: each library compiled 16 sources at a
time) compiles the same program as a build of every file alone.

A function in a source's anonymous namespace is the file's own. In a batch it shares one
translation unit with the other sources of its library: a file-local function of the same
name in another source, or a function of that name declared in one of the library's
headers the file does not include, becomes an overload beside it, and a call may quietly
resolve to the other one (a glTF error message once read "an array" instead of "an array
of 3" only in the unity build). So, within each library, a file-local function's name is
used by no other file-local function and declared in no header.

usage: check_unity_names.py REPOSITORY    (exit status 1 and one line per clash)
"""
import collections
import pathlib
import re
import sys

# The batched targets (top CMakeLists.txt) and their sources' folders.
TARGETS = {
    "ikscope_solvers": ["solvers"],
    "ikscope_io": ["io"],
    "ikscope_editor": ["app/editor"],
    "ikscope": ["app/ui", "app/viewport", "app/platform", "app/main.cpp"],
    "ikscope_view, ikscope_render": ["render"],
}
NOT_NAMES = {"PrintTo",  # GoogleTest's printer: one overload per type, found by argument
             "if", "for", "while", "switch", "return", "sizeof", "static_assert", "catch", "using",
             "namespace", "struct", "class", "enum", "template", "typedef", "decltype", "alignof",
             "operator"}
# A function defined or declared at namespace scope (the code's style: unindented).
FUNCTION = re.compile(r"^(?!\s)(?!#)(?:[\w:<>,\*&\[\]]+\s+)+?[\*&]*(\w+)\s*\(", re.M)
ANONYMOUS = re.compile(r"^namespace \{\n(.*?)^\}  // namespace\n", re.S | re.M)


def names(text):
    return {n for n in FUNCTION.findall(text) if n not in NOT_NAMES}


def test_programs(root):
    """tests/CMakeLists.txt's folder programs: tests/solvers/ik/fabrik/x.cpp is in
    test_solvers_ik_fabrik. Their file-local names clash with each other's; tests/support/
    is their shared header."""
    programs = collections.defaultdict(list)
    for source in sorted((root / "tests").rglob("test_*.cpp")):
        parts = source.relative_to(root / "tests").parts
        if parts[0] in ("e2e", "soak", "package_consumer"):
            continue
        name = "test_" + "_".join(parts[:-1])
        programs[name].append(source.relative_to(root).as_posix())
    return {name: (files, ["tests/support"]) for name, files in programs.items()}


def main(root):
    clashes = []
    targets = {target: (paths, paths) for target, paths in TARGETS.items()}
    targets.update(test_programs(root))
    for target, (paths, header_paths) in targets.items():
        sources, headers = [], []
        for p in paths:
            path = root / p
            sources += [path] if path.suffix == ".cpp" else sorted(path.rglob("*.cpp"))
        for p in header_paths:
            if (root / p).suffix != ".cpp":
                headers += sorted((root / p).rglob("*.h"))
        local = collections.defaultdict(set)
        for source in sources:
            for block in ANONYMOUS.findall(source.read_text()):
                for name in names(block):
                    local[name].add(source.relative_to(root).as_posix())
        declared = collections.defaultdict(set)
        for header in headers:
            for name in names(header.read_text()):
                declared[name].add(header.relative_to(root).as_posix())
        for name, files in sorted(local.items()):
            if len(files) > 1 or name in declared:
                where = ", ".join(sorted(files))
                also = f"; declared in {', '.join(sorted(declared[name]))}" if name in declared else ""
                clashes.append(f"{target}: '{name}' is file-local in {where}{also}")
    for line in clashes:
        print(line)
    if clashes:
        print(f"{len(clashes)} names a unity build could confuse: give each file-local function a "
              "name of its own in its library (or share one function)")
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")))
