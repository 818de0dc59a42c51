#!/usr/bin/env python3
"""Print every import cycle among the modules of a Rust crate's source tree.

Usage: scripts/import-cycles.py [--tests] [SRC_DIR [PREFIX ...]]

Each file is a module (src/a/b.rs and src/a/b/mod.rs are `a::b`); an edge A -> B is a path in
A's code (`use crate::...`, `use super::...`, `use self::...` or an inline `crate::x::` /
`super::x::` path, or `child::x` naming a child module, comments skipped) that names B or an item in B. A path that stops at a
re-export (`pub use child::Item` in a parent) is followed to the module defining the item, so
`super::Item` counts as an edge to the child, not to the parent. Inline `mod name { ... }`
blocks (tests) belong to their file, but their `super` is the file. Code under `#[cfg(test)]`
(a `#[cfg(test)] mod` file or inline block) counts only with `--tests`: without it the graph
is the library's as compiled.

Cycles are printed one a line as strongly connected groups of more than one module, with one
shortest cycle through them; with PREFIX arguments only groups touching a module under one of
them are printed. Nothing printed means no cycle. Made for this crate's style, not a parser.
"""

import os
import re
import sys
from collections import defaultdict, deque

ARGS = [a for a in sys.argv[1:] if a != "--tests"]
TESTS = "--tests" in sys.argv[1:]
SRC = ARGS[0] if ARGS else "src"
PREFIXES = ARGS[1:]


def module_of(rel):
    parts = rel[:-3].split(os.sep)
    if parts[-1] == "mod":
        parts = parts[:-1]
    if parts in (["lib"], ["main"]):
        return ()
    return tuple(parts)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] if not line.lstrip().startswith("//") else ""
                     for line in text.splitlines())


def expand(tree):
    """`a::{b, c::{d, e}}` -> [a::b, a::c::d, a::c::e] (each as a list of segments)."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+\w+", "", tree))
    i = tree.find("{")
    if i < 0:
        return [tree]
    head, body = tree[:i], tree[i + 1:tree.rindex("}")]
    out, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    out.append(cur)
    return [p for part in out if part for p in expand(head + part)]


files = {}
for root, _, names in os.walk(SRC):
    for n in names:
        if n.endswith(".rs"):
            path = os.path.join(root, n)
            files[module_of(os.path.relpath(path, SRC))] = strip_comments(open(path).read())
modules = set(files)

USE = re.compile(r"\buse\s+([^;]+);")
INLINE = re.compile(r"(?<![\w:$])((?:crate|super|self)(?:::\w+)+)")
CHILD = re.compile(r"(?<![\w:$])((?!crate|super|self)[a-z_]\w*(?:::\w+)+)")  # `child::x` in a parent


MOD = r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*"


def test_children(mod, text):
    """The file modules `mod` declares under `#[cfg(test)]`."""
    lines = text.splitlines()
    return {mod + (m.group(1),) for prev, line in zip([""] + lines, lines)
            if "#[cfg(test)]" in prev and (m := re.match(MOD + ";", line))}


def paths_in(text, test_file):
    """(path segments, inline-module depth, under cfg(test)) for every path in a file."""
    found = []
    stack, depth, prev = [], 0, ""  # stack: (depth before the block, whether it is a test)
    for line in text.splitlines():
        if re.match(MOD + r"\{", line):
            stack.append((depth, "#[cfg(test)]" in prev))
        inner = len(stack)
        test = test_file or any(t for _, t in stack)
        for u in USE.finditer(line):
            for p in expand(u.group(1)):
                found.append((p.split("::"), inner, test))
        rest = USE.sub("", line)
        for p in INLINE.finditer(rest):
            found.append((p.group(1).split("::"), inner, test))
        for p in CHILD.finditer(rest):
            found.append((p.group(1).split("::"), inner, test))
        depth += line.count("{") - line.count("}")
        while stack and depth <= stack[-1][0]:
            stack.pop()
        if line.strip():
            prev = line
    return found


def reexports(mod):
    """item name -> absolute segments, from the `pub use` lines of a module."""
    out = {}
    for u in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", files.get(mod, "")):
        for p in expand(u.group(1)):
            segs = p.split("::")
            out[segs[-1]] = absolute(mod, segs, 0)
    return out


def absolute(mod, segs, inner):
    base = list(mod) + ["<inline>"] * inner
    segs = list(segs)
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("self", "super"):
        while segs and segs[0] in ("self", "super"):
            if segs.pop(0) == "super":
                base = base[:-1]
    elif tuple(base + [segs[0]]) in modules:
        pass  # a child module named directly (`use child::Item` in a parent)
    else:
        return None  # an outside crate or std
    return [b for b in base if b != "<inline>"] + segs


REEXPORTS = {}


def resolve(segs, seen=0):
    """The module an absolute path lands in, following re-exports."""
    if segs is None or seen > 10:
        return None
    for n in range(len(segs), -1, -1):
        mod = tuple(segs[:n])
        if mod in modules:
            rest = segs[n:]
            if rest and rest[0] != "*":
                if mod not in REEXPORTS:
                    REEXPORTS[mod] = reexports(mod)
                target = REEXPORTS[mod].get(rest[0])
                if target and tuple(target[:-1]) != mod:
                    return resolve(target + rest[1:], seen + 1) or mod
            return mod
    return None


test_mods = set()
for mod, text in files.items():
    test_mods |= test_children(mod, text)
is_test = lambda mod: any(mod[:n] in test_mods for n in range(1, len(mod) + 1))

edges = defaultdict(set)
for mod, text in files.items():
    for segs, inner, test in paths_in(text, is_test(mod)):
        if test and not TESTS:
            continue
        target = resolve(absolute(mod, segs, inner))
        # `use super::*` in an inline test module lands on the file itself: no edge.
        if target is not None and target != mod:
            edges[mod].add(target)


def sccs():
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            out.append(group)

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    return out


def shortest_cycle(group):
    members = set(group)
    best = None
    for start in sorted(group):
        prev, queue = {start: None}, deque([start])
        while queue:
            v = queue.popleft()
            for w in sorted(edges[v] & members):
                if w == start:
                    cyc = [v]
                    while prev[cyc[-1]] is not None:
                        cyc.append(prev[cyc[-1]])
                    cyc = cyc[::-1] + [start]
                    if best is None or len(cyc) < len(best):
                        best = cyc
                    queue.clear()
                    break
                if w not in prev:
                    prev[w] = v
                    queue.append(w)
    return best


name = lambda m: "::".join(m) or "crate"
for group in sorted(sccs(), key=lambda g: sorted(g)):
    if len(group) < 2:
        continue
    names = sorted(name(m) for m in group)
    if PREFIXES and not any(n.startswith(p) for n in names for p in PREFIXES):
        continue
    print(f"{len(group)} modules: {' '.join(names)}")
    print("  e.g. " + " -> ".join(name(m) for m in shortest_cycle(group)))
