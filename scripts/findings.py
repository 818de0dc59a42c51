#!/usr/bin/env python3
"""Reads the CSV files in a results directory and prints the headline findings as Markdown.

    python3 scripts/findings.py results > results/FINDINGS.md

Every number here is computed from results/*.csv; nothing is typed in by hand.
"""
import csv
import statistics
import sys
from pathlib import Path


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main(out_dir):
    d = Path(out_dir)
    summary = rows(d / "summary.csv")
    runs = rows(d / "runs.csv")
    threads = rows(d / "threads.csv") if (d / "threads.csv").exists() else []
    census = rows(d / "census.csv") if (d / "census.csv").exists() else []

    def med(solver, case_set):
        for r in summary:
            if r["solver"] == solver and r["case_set"] == case_set:
                return float(r["median_ns"])
        return None

    def row(solver, case_set):
        for r in summary:
            if r["solver"] == solver and r["case_set"] == case_set:
                return r
        return None

    def ratio(a, b, case_set):
        x, y = med(a, case_set), med(b, case_set)
        if not x or not y:
            return "n/a"
        return f"{y / x:.1f}×"

    lines = []
    add = lines.append
    rnd = row("bfs/rank", "random")
    cases = rnd["cases"] if rnd else "?"
    add(f"Computed by `python3 scripts/findings.py results` from the CSV files in `results/`.")
    add("")
    add("| finding | value | read from |")
    add("|---|---|---|")

    # Rank against text, per algorithm.
    algos = sorted({r["algorithm"] for r in summary if r["case_set"] == "random"})
    parts = []
    for a in algos:
        r = ratio(f"{a}/rank", f"{a}/text", "random")
        if r != "n/a":
            parts.append(f"{a} {r}")
    add(f"| rank encoding faster than text (median per solvable query, `random` set of {cases}) | "
        + ", ".join(parts) + " | summary.csv |")

    # Outside reference.
    for ours, theirs, s in [("bfs/rank", "pathfinding-bfs/rank", "random"),
                            ("bidir-split/rank", "pathfinding-bidir/rank", "random"),
                            ("dijkstra/rank", "pathfinding-dijkstra/rank", "random"),
                            ("dijkstra/rank", "pathfinding-dijkstra/rank", "weighted")]:
        add(f"| `{ours}` against `{theirs}` (`{s}`) | {ratio(ours, theirs, s)} faster | summary.csv |")

    # The table: build per state, and where it pays.
    t = row("table/rank", "random")
    if t and t["build_ns"]:
        build = float(t["build_ns"])
        add(f"| `table/rank` build over the 181,440 states of the 3×3 grid | "
            f"{build / 1e6:.2f} ms ({build / 181440:.1f} ns per state); a query {float(t['median_ns']) / 1e3:.2f} µs | summary.csv |")
        for other in ["bfs/rank", "bidir-split/rank", "astar/rank"]:
            m = med(other, "random")
            if m and m > float(t["median_ns"]):
                q = build / (m - float(t["median_ns"]))
                add(f"| table (build + queries) beats `{other}` from | {max(1, int(q) + 1)} queries | summary.csv |")

    # Bidirectional against single BFS at the deepest boards.
    deep = [r for r in runs if r["case_set"] == "depth" and r["optimal"] == "31"]
    if deep:
        def deep_med(s, col="time_ns"):
            v = [float(r[col]) for r in deep if r["solver"] == s]
            return statistics.median(v) if v else None
        b, bs, bsh = deep_med("bfs/rank"), deep_med("bidir-split/rank"), deep_med("bidir-shared/rank")
        if b and bs:
            add(f"| depth 31: `bidir-split/rank` against `bfs/rank` | {b / bs:.0f}× faster "
                f"({deep_med('bidir-split/rank', 'expanded'):.0f} against {deep_med('bfs/rank', 'expanded'):.0f} states expanded) | runs.csv |")
        if bs and bsh:
            add(f"| depth 31: split queues against one shared queue (rank) | {bsh / bs:.2f}× | runs.csv |")

    # Weighted: the default cruller solver.
    add(f"| `astar/rank` (default `cruller` solver) against `dijkstra/rank`, `weighted` set | "
        f"{ratio('astar/rank', 'dijkstra/rank', 'weighted')} faster | summary.csv |")
    add(f"| `dial/rank` (bucket queue) against `dijkstra/rank` (binary heap), `weighted` set | "
        f"{ratio('dial/rank', 'dijkstra/rank', 'weighted')} faster | summary.csv |")

    # Threads.
    by = {}
    for r in threads:
        by.setdefault(r["solver"], {})[int(r["threads"])] = float(r["queries_per_sec"])
    parts = []
    for s, m in sorted(by.items()):
        if 1 in m and 2 in m:
            parts.append(f"{s} {m[2] / m[1]:.2f}×")
    if parts:
        add("| queries per second, 2 threads against 1 | " + ", ".join(parts) + " | threads.csv |")

    for r in census:
        add(f"| census {r['shape']} {r['topology']}: {int(r['states']):,} states, max distance {r['max_distance']} | "
            f"{float(r['seconds']):.2f} s, peak {int(r['peak_bytes']) / 2**20:.0f} MiB | census.csv |")
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results")
