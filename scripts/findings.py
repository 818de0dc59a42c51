#!/usr/bin/env python3
"""Reads the CSV files in a results directory and prints the headline findings as Markdown.

    python3 scripts/findings.py results > results/FINDINGS.md

Every number here is computed from results/*.csv; nothing is typed in by hand.
"""
import csv
import statistics
import sys
from pathlib import Path


def num(v):
    """A number from a CSV cell; an empty cell (not measured) reads 0."""
    return float(v) if v not in ("", None) else 0.0


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
                return num(r["median_ns"])
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
        build = num(t["build_ns"])
        add(f"| `table/rank` build over the 181,440 states of the 3×3 grid | "
            f"{build / 1e6:.2f} ms ({build / 181440:.1f} ns per state); a query {num(t['median_ns']) / 1e3:.2f} µs | summary.csv |")
        for other in ["bfs/rank", "bidir-split/rank", "astar/rank"]:
            m = med(other, "random")
            if m and m > num(t["median_ns"]):
                q = build / (m - num(t["median_ns"]))
                add(f"| table (build + queries) beats `{other}` from | {max(1, int(q) + 1)} queries | summary.csv |")

    # Bidirectional against single BFS at the deepest boards.
    deep = [r for r in runs if r["case_set"] == "depth" and r["optimal"] == "31"]
    if deep:
        def deep_med(s, col="time_ns"):
            v = [num(r[col]) for r in deep if r["solver"] == s and r[col] != ""]
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
        by.setdefault(r["solver"], {})[int(r["threads"])] = num(r["queries_per_sec"])
    parts = []
    for s, m in sorted(by.items()):
        if 1 in m and 2 in m:
            parts.append(f"{s} {m[2] / m[1]:.2f}×")
    if parts:
        add("| queries per second, 2 threads against 1 | " + ", ".join(parts) + " | threads.csv |")

    fifteen_findings(d, summary, runs, add)
    twenty_four_findings(summary, add)
    program_findings(d, summary, add)

    for r in census:
        add(f"| census {r['shape']} {r['topology']}: {int(r['states']):,} states, max distance {r['max_distance']} | "
            f"{num(r['seconds']):.2f} s, peak {int(r['peak_bytes']) / 2**20:.0f} MiB | census.csv |")
    print("\n".join(lines))

def human_ns(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.0f} ns"


def twenty_four_findings(summary, add):
    """The 5×5 walks of a full run: the heuristic searches against each other."""
    walk = [r for r in summary if r["case_set"].startswith("walk:5x5")]
    solved = [r for r in walk if int(r["solved"]) > 0 and int(r["solved"]) == int(r["ran"] or r["cases"])]
    if not solved:
        return
    best = min(solved, key=lambda r: num(r["median_ns"]))
    names = ", ".join(f"`{r['solver']}` {human_ns(num(r['median_ns']))}"
                      for r in sorted(solved, key=lambda r: num(r["median_ns"]))[:5])
    stopped = sorted(r["solver"] for r in walk if int(r["solved"]) < int(r["cases"]))
    add(f"| `{best['case_set']}` ({best['cases']} walks on the 5×5): median per query, fastest five that solved every case they ran | "
        f"{names}; not every case solved within the budget: {len(stopped)} solvers | summary.csv |")


def program_findings(d, summary, add):
    """The outside programs (`compare --program`): time per query beside the fastest built-in
    solver on the same set, and the judge's verdicts."""
    if not (d / "programs.csv").exists():
        return
    timings = rows(d / "programs.csv")
    verdicts = rows(d / "verdicts.csv") if (d / "verdicts.csv").exists() else []
    for t in timings:
        if int(t["cases"]) < 20:
            continue
        own = [r for r in summary if r["case_set"] == t["case_set"]
               and not r["solver"].startswith("program:") and int(r["solved"]) > 0]
        best = min(own, key=lambda r: num(r["median_ns"]), default=None)
        counts = {}
        for v in verdicts:
            if v["solver"] == t["solver"] and v["case_set"] == t["case_set"]:
                counts[v["verdict"]] = counts.get(v["verdict"], 0) + 1
        said = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
        beside = (f"; fastest built-in `{best['solver']}` {human_ns(num(best['median_ns']))} (median)"
                  if best else "")
        per = num(t["per_query_ns"])
        # (T(N) − T(0)) / N is 0 when the queries took less than the empty run's noise.
        each = (f"{human_ns(per)} a query ((T(N) − T(0)) / N)" if per > 0
                else f"queries within the noise of the empty run (T(0) {human_ns(num(t['empty_wall_ns']))})")
        add(f"| `{t['solver']}` on `{t['case_set']}` ({t['mode']}, {t['cases']} cases run) | "
            f"{each}{beside}; {said} | programs.csv, verdicts.csv |")


DEFAULT_4X4 = "idastar-pdb663/packed"
FOUR_BY_FOUR_RIVALS = ["idastar-pdb555/packed", "astar-pdb663/packed", "idastar-lc/packed",
                       "idastar-md/packed", "pathfinding-idastar/packed"]


def korf_nodes_by_board(root):
    """Korf 1985's node counts (IDA*, Manhattan), keyed by the board as runs.csv writes it."""
    table = root / "src" / "cases" / "korf100.txt"
    if not table.exists():
        return {}
    out = {}
    for line in table.read_text().split("\n"):
        f = line.split()
        if len(f) == 19:
            board = "".join("x" if t == "0" else format(int(t), "x") for t in f[3:])
            out[board] = int(f[2])
    return out


def fifteen_findings(d, summary, runs, add):
    """4x4 headline ratios, when the results hold Korf's 100 or 4x4 sets."""
    korf = [r for r in runs if r["case_set"] == "korf100"]
    if korf:
        solved = {}
        for r in korf:
            if r["outcome"] == "solved":
                solved.setdefault(r["solver"], {})[r["case_id"]] = r
        n = len({r["case_id"] for r in korf})
        base = solved.get(DEFAULT_4X4, {})
        for other in FOUR_BY_FOUR_RIVALS:
            theirs = solved.get(other)
            if not base or not theirs:
                continue
            both = sorted(set(base) & set(theirs))
            if not both:
                continue
            t_base = sum(num(base[c]["time_ns"]) for c in both)
            t_other = sum(num(theirs[c]["time_ns"]) for c in both)
            stopped = sum(1 for r in korf if r["solver"] == other and r["outcome"] in ("budget", "skipped"))
            add(f"| Korf's 100 (`korf100`, {n} instances easiest first): default `{DEFAULT_4X4}` against "
                f"`{other}`, total time over the {len(both)} both solved | {t_other / t_base:.1f}× faster "
                f"({stopped} of `{other}`'s queries over budget or skipped) | runs.csv |")
        published = korf_nodes_by_board(Path(__file__).resolve().parent.parent)
        md = solved.get("idastar-md/packed", {})
        same = [r for r in md.values() if r["board"] in published]
        if same:
            ours = statistics.mean(num(r["expanded"]) for r in same)
            korf85 = statistics.mean(published[r["board"]] for r in same)
            add(f"| `idastar-md/packed` nodes generated against Korf 1985's IDA* (Manhattan), same "
                f"{len(same)} instances | mean {ours:,.0f} against {korf85:,.0f} ({ours / korf85:.2f}×) | runs.csv |")
        pdb, lc = row_of(summary, DEFAULT_4X4, "korf100"), row_of(summary, "idastar-lc/packed", "korf100")
        if pdb and lc and pdb["build_ns"]:
            build = num(pdb["build_ns"])
            m_pdb, m_lc = num(pdb["median_ns"]), num(lc["median_ns"])
            if m_lc > m_pdb:
                q = int((build - num(lc["build_ns"] or 0)) / (m_lc - m_pdb)) + 1
                q = max(1, q)
                add(f"| `{DEFAULT_4X4}` tables ({build / 1e9:.3f} s to build, or to load from the PDB cache) "
                    f"plus queries beat `idastar-lc/packed` on Korf's 100 from | {q} {'query' if q == 1 else 'queries'} "
                    f"(medians of solved queries) | summary.csv |")
    for r in summary:
        if r["solver"] == DEFAULT_4X4 and r["case_set"].startswith("walk:4x4"):
            lc = row_of(summary, "idastar-lc/packed", r["case_set"])
            if lc and num(r["median_ns"]) > 0:
                add(f"| `{r['case_set']}`: `{DEFAULT_4X4}` against `idastar-lc/packed`, median per query | "
                    f"{num(lc['median_ns']) / num(r['median_ns']):.1f}× faster | summary.csv |")


def row_of(summary, solver, case_set):
    for r in summary:
        if r["solver"] == solver and r["case_set"] == case_set:
            return r
    return None


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results")
