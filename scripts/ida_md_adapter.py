#!/usr/bin/env python3
"""Korf's IDA* in C (../shared/peers/ida_md.c) as a `boards` program for `compare --program`.

Usage: ida_md_adapter.py PATH/TO/ida_md. Reads one board a line (numbers, 0 empty) for the
puzzle in SLIDEBENCH_SHAPE and SLIDEBENCH_GOAL, and prints each board's moves or `unsolvable`.
ida_md solves for Korf's goal (empty square first, tile t on square t), prints
`LENGTH NODES MOVES`, and never returns on an unsolvable board, so this adapter decides
solvability itself (the parity rule), renames the tiles so that the goal becomes Korf's, and
turns the board half a turn first when the goal has the empty square last (the moves then swap
u/d and l/r). Every solvable board goes to one ida_md process.
"""
import os
import subprocess
import sys

w, h = map(int, os.environ["SLIDEBENCH_SHAPE"].split("x"))
goal = [int(t) for t in os.environ["SLIDEBENCH_GOAL"].split()]
n = w * h
if goal[0] == 0:
    turn = False
elif goal[-1] == 0:
    turn = True
else:
    sys.exit("ida_md_adapter: the goal needs the empty square in the first or last square")
orient = (lambda b: b[::-1]) if turn else (lambda b: b)
name = {t: i for i, t in enumerate(orient(goal))}


def solvable(b):
    """Parity rule against the identity goal: permutation parity = taxicab parity of the blank."""
    seen, swaps = [False] * n, 0
    for i in range(n):
        j, length = i, 0
        while not seen[j]:
            seen[j], j, length = True, b[j], length + 1
        swaps += max(length - 1, 0)
    z = b.index(0)
    return swaps % 2 == (z // w + z % w) % 2


boards = [[name[int(t)] for t in orient(line.split())] for line in sys.stdin if line.strip()]
ok = [solvable(b) for b in boards]
feed = "".join(" ".join(map(str, b)) + "\n" for b, s in zip(boards, ok) if s)
out = subprocess.run([sys.argv[1], str(w), str(h)], input=feed, capture_output=True, text=True,
                     check=True).stdout.split("\n")
swap = str.maketrans("udlr", "durl") if turn else str.maketrans("", "")
answers = iter(out)
for s in ok:
    if not s:
        print("unsolvable")
        continue
    fields = next(answers).split()
    print((fields[2] if len(fields) > 2 else "").translate(swap))
