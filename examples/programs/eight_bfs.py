#!/usr/bin/env python3
"""HDU 1043 "Eight": one breadth-first search per board (the README's worked example)."""
import sys
from collections import deque

GOAL, MOVES = "12345678x", (("u", -3), ("d", 3), ("l", -1), ("r", 1))
for line in sys.stdin:
    s = "".join(line.split())
    if not s:
        continue
    tiles = [c for c in s if c != "x"]
    if sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1:]) % 2:
        print("unsolvable")
        continue
    prev, queue = {s: None}, deque([s])
    while GOAL not in prev:
        b = queue.popleft()
        i = b.index("x")
        for m, d in MOVES:
            j = i + d
            if 0 <= j < 9 and (abs(d) == 3 or j // 3 == i // 3):
                n = list(b)
                n[i], n[j] = n[j], n[i]
                n = "".join(n)
                if n not in prev:
                    prev[n] = (b, m)
                    queue.append(n)
    path, b = [], GOAL
    while prev[b]:
        b, m = prev[b]
        path.append(m)
    print("".join(reversed(path)))
