import collections, sys  # HDU 1043 "Eight": one breadth-first search back from the goal, then look-ups
path, queue = {"12345678x": ""}, collections.deque(["12345678x"])
while queue:
    b = queue.popleft(); i = b.index("x")
    for undo, d in (("d", -3), ("u", 3), ("r", -1), ("l", 1)):
        if 0 <= (j := i + d) < 9 and (abs(d) == 3 or j // 3 == i // 3):
            n = list(b); n[i], n[j] = n[j], n[i]; n = "".join(n)
            if n not in path: path[n] = undo + path[b]; queue.append(n)
for line in sys.stdin:
    if line.split(): print(path.get("".join(line.split()), "unsolvable"))
