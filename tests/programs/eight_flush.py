# An HDU 1043 solver that flushes after every answer, for request-response mode's tests: the
# reverse breadth-first table of examples/programs/eight_table.py, read one line at a time.
import collections, sys
G = "12345678x"
path, queue = {G: ""}, collections.deque([G])
while queue:
    b = queue.popleft(); i = b.index("x")
    for undo, d in (("d", -3), ("u", 3), ("r", -1), ("l", 1)):
        j = i + d
        if 0 <= j < 9 and (abs(d) == 3 or j // 3 == i // 3):
            n = list(b); n[i], n[j] = n[j], n[i]; n = "".join(n)
            if n not in path: path[n] = undo + path[b]; queue.append(n)
for line in iter(sys.stdin.readline, ""):
    print(path.get("".join(line.split()), "unsolvable"), flush=True)
