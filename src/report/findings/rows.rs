//! The rows of `FINDINGS.md`'s table: one function a finding, each adding its row only where
//! the result set holds both sides of it.

use super::{
    cases, human_ns, judged, pair, queries, solved_times, summary_row, Tables, VerdictOf,
    DEFAULT_4X4, FOUR_BY_FOUR_RIVALS, IDA_RIVALS,
};
use crate::cases::korf100;
use crate::report::{Outcome, RunRow, SummaryRow};
use crate::stats::median;
use std::collections::{BTreeMap, BTreeSet};

/// Rank against text, per algorithm, on `random`.
pub(super) fn encodings(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let algorithms: BTreeSet<&str> =
        t.summary.iter().filter(|r| r.case_set == "random").map(|r| r.algorithm.as_str()).collect();
    let parts: Vec<String> = algorithms
        .iter()
        .filter_map(|a| {
            let j = judged(t, &t.runs, &format!("{a}/rank"), &format!("{a}/text"), "random")?;
            Some(format!("{a}: {j}"))
        })
        .collect();
    if !parts.is_empty() {
        rows.push([
            "rank encoding against text, per algorithm (time per solved query, `random` set)"
                .into(),
            parts.join(", "),
            t.runs_name().into(),
        ]);
    }
}

/// Our searches against the `pathfinding` crate's.
pub(super) fn references(t: &Tables, rows: &mut Vec<[String; 3]>) {
    for (ours, theirs, set) in [
        ("bfs/rank", "pathfinding-bfs/rank", "random"),
        ("bidir-split/rank", "pathfinding-bidir/rank", "random"),
        ("dijkstra/rank", "pathfinding-dijkstra/rank", "random"),
        ("dijkstra/rank", "pathfinding-dijkstra/rank", "weighted"),
    ] {
        if let Some(j) = judged(t, &t.runs, ours, theirs, set) {
            rows.push([
                format!("`{ours}` against `{theirs}` (`{set}`, time per solved query)"),
                j,
                t.runs_name().into(),
            ]);
        }
    }
}

/// The 3×3 table: its build, and from how many queries build plus queries beat a search.
pub(super) fn table_break_even(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let Some(table) = summary_row(&t.summary, "table/rank", "random") else { return };
    let Some(build) = table.build_ns.filter(|b| *b > 0) else { return };
    let states = 181_440.0;
    rows.push([
        "`table/rank` build over the 181,440 states of the 3×3 grid (`random`)".into(),
        format!("{} ({:.1} ns per state)", human_ns(build as f64), build as f64 / states),
        "summary.csv".into(),
    ]);
    for other in ["bfs/rank", "bidir-split/rank", "astar/rank"] {
        let Some(p) = pair(&t.runs, "table/rank", other, "random") else { continue };
        if p.b <= p.a {
            continue;
        }
        let q = build / (p.b - p.a) + 1;
        rows.push([
            format!("table (build + queries) beats `{other}` from"),
            format!(
                "{} (medians {} against {} over the {} both solved)",
                queries(q),
                human_ns(p.a as f64),
                human_ns(p.b as f64),
                cases(p.cases)
            ),
            format!("summary.csv, {}", t.runs_name()),
        ]);
    }
}

/// The deepest 3×3 boards: bidirectional against single breadth-first search.
pub(super) fn depth_31(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let deep: Vec<RunRow> =
        t.runs.iter().filter(|r| r.case_set == "depth" && r.optimal == Some(31)).cloned().collect();
    if let Some(j) = judged(t, &deep, "bidir-split/rank", "bfs/rank", "depth") {
        let expanded = |s: &str| {
            let mut v: Vec<u64> =
                solved_times(&deep, s, "depth").values().filter_map(|(_, e)| *e).collect();
            (!v.is_empty()).then(|| median(&mut v))
        };
        let states = match (expanded("bidir-split/rank"), expanded("bfs/rank")) {
            (Some(a), Some(b)) => format!("; median {a} against {b} states expanded"),
            _ => String::new(),
        };
        rows.push([
            "depth 31: `bidir-split/rank` against `bfs/rank` (time per query)".into(),
            format!("{j}{states}"),
            t.runs_name().into(),
        ]);
    }
    if let Some(j) = judged(t, &deep, "bidir-split/rank", "bidir-shared/rank", "depth") {
        rows.push([
            "depth 31: split queues against one shared queue (rank, time per query)".into(),
            j,
            t.runs_name().into(),
        ]);
    }
}

/// The weighted (Cruller) datasets.
pub(super) fn weighted(t: &Tables, rows: &mut Vec<[String; 3]>) {
    for (a, b, what) in [
        ("astar/rank", "dijkstra/rank", "`astar/rank` (default `cruller` solver)"),
        ("dial/rank", "dijkstra/rank", "`dial/rank` (bucket queue)"),
    ] {
        if let Some(j) = judged(t, &t.runs, a, b, "weighted") {
            rows.push([
                format!("{what} against `{b}` (binary heap), `weighted` set, time per query"),
                j,
                t.runs_name().into(),
            ]);
        }
    }
}

/// Queries per second at 2 threads against 1, over sweeps long enough to time: a 1-thread
/// measurement under [`crate::harness::SWEEP_MIN`] (an older set's single pass) is named, not
/// read; a value under 1 says why.
pub(super) fn threads(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let min = crate::harness::SWEEP_MIN;
    // Each solver's rows at each thread count (a set may hold more than one).
    let mut by: BTreeMap<&str, BTreeMap<usize, Vec<&crate::report::ThreadsRow>>> = BTreeMap::new();
    for r in &t.threads {
        by.entry(&r.solver).or_default().entry(r.threads).or_default().push(r);
    }
    let mid = |rs: &[&crate::report::ThreadsRow]| {
        let mut v: Vec<f64> = rs.iter().map(|r| r.queries_per_sec).collect();
        v.sort_by(f64::total_cmp);
        v[(v.len() - 1) / 2]
    };
    let mut parts = Vec::new();
    let mut short = Vec::new();
    for (solver, m) in &by {
        let (Some(one), Some(two)) = (m.get(&1), m.get(&2)) else { continue };
        let wall = one.iter().map(|r| r.wall_ns).min().unwrap_or(0);
        if u128::from(wall) < min.as_nanos() {
            short.push(format!("`{solver}` ({})", human_ns(wall as f64)));
            continue;
        }
        let speedup = mid(two) / mid(one);
        let per_query = 1e9 / mid(one);
        let why = if speedup >= 1.0 {
            String::new()
        } else if per_query < 10_000.0 {
            format!(
                " (slower: {} a query is too little work to hand to a thread; the pool's \
                 hand-offs cost more than the query)",
                human_ns(per_query)
            )
        } else if solver.starts_with("table") || solver.contains("pdb") {
            " (slower: both threads read one shared table, bound by memory bandwidth, not \
             by the cores)"
                .to_string()
        } else {
            format!(
                " (slower: {} a query, each filling its own visited set: the threads \
                 contend for the allocator and memory bandwidth, and on a loaded machine for \
                 the second core)",
                human_ns(per_query)
            )
        };
        parts.push(format!("`{solver}` {speedup:.2}×{why}"));
    }
    if !short.is_empty() {
        parts.push(format!(
            "not timed: {} at 1 thread, under the {} a sweep needs (rerun `compare` to sweep \
             again)",
            short.join(", "),
            human_ns(min.as_nanos() as f64)
        ));
    }
    if !parts.is_empty() {
        rows.push([
            format!(
                "queries per second, 2 threads against 1 (the same cases, each measurement at \
                 least {} of passes over them)",
                human_ns(min.as_nanos() as f64)
            ),
            parts.join("; "),
            "threads.csv".into(),
        ]);
    }
}

/// Korf's 100: the default 4×4 solver against its rivals, the nodes against Korf's, and where
/// the pattern databases' tables pay against the IDA* searches without them.
pub(super) fn fifteen(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let korf: Vec<&RunRow> = t.runs.iter().filter(|r| r.case_set == "korf100").collect();
    if korf.is_empty() {
        return;
    }
    let n = korf.iter().map(|r| r.case_id).collect::<BTreeSet<_>>().len();
    for other in FOUR_BY_FOUR_RIVALS {
        let Some(j) = judged(t, &t.runs, DEFAULT_4X4, other, "korf100") else { continue };
        let stopped = korf
            .iter()
            .filter(|r| {
                r.solver == other && matches!(r.outcome, Outcome::Budget | Outcome::Skipped)
            })
            .count();
        rows.push([
            format!(
                "Korf's 100 (`korf100`, {n} instances easiest first): default `{DEFAULT_4X4}` \
                 against `{other}`, time per query"
            ),
            format!("{j} ({stopped} of `{other}`'s queries over budget or skipped)"),
            t.runs_name().into(),
        ]);
    }
    // Korf 1985's node counts, by the board in either goal's orientation.
    let published: BTreeMap<String, u64> = korf100::instances()
        .into_iter()
        .flat_map(|k| {
            [(k.board.to_text(), k.nodes), (korf100::to_usual_goal(&k.board).to_text(), k.nodes)]
        })
        .collect();
    let same: Vec<(u64, u64)> = korf
        .iter()
        .filter(|r| r.solver == "idastar-md/packed" && r.outcome == Outcome::Solved)
        .filter_map(|r| Some((r.expanded?, *published.get(&r.board)?)))
        .collect();
    if !same.is_empty() {
        let ours = same.iter().map(|(a, _)| *a as f64).sum::<f64>() / same.len() as f64;
        let theirs = same.iter().map(|(_, b)| *b as f64).sum::<f64>() / same.len() as f64;
        rows.push([
            format!(
                "`idastar-md/packed` nodes generated against Korf 1985's IDA* (Manhattan), the \
                 same {}",
                cases(same.len())
            ),
            format!(
                "mean {} against {} ({:.2}×)",
                crate::units::group_digits(ours.round() as u64),
                crate::units::group_digits(theirs.round() as u64),
                ours / theirs
            ),
            t.runs_name().into(),
        ]);
    }
    pdb_break_even(t, rows);
}

/// Where the 6-6-3 tables pay against IDA* with Manhattan distance or linear conflict: the
/// tables' own build (what a cache file records when this run only loaded them) against the
/// per-query saving, medians over the instances both solved.
fn pdb_break_even(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let Some(pdb) = summary_row(&t.summary, DEFAULT_4X4, "korf100") else { return };
    let Some(build) = pdb.first_build_ns.or(pdb.build_ns).filter(|b| *b > 0) else { return };
    let load = match (pdb.first_build_ns, pdb.build_ns) {
        (Some(f), Some(ready)) if f != ready => {
            format!("; this run loaded them from the PDB cache in {}", human_ns(ready as f64))
        }
        _ => String::new(),
    };
    for other in IDA_RIVALS {
        let Some(p) = pair(&t.runs, DEFAULT_4X4, other, "korf100") else { continue };
        if p.b <= p.a {
            continue;
        }
        let q = build / (p.b - p.a) + 1;
        rows.push([
            format!(
                "`{DEFAULT_4X4}` tables (build) plus queries beat `{other}` on Korf's 100 from"
            ),
            format!(
                "{q} {} (a {} build; medians {} against {} over the {} both solved{load})",
                if q == 1 { "query" } else { "queries" },
                human_ns(build as f64),
                human_ns(p.a as f64),
                human_ns(p.b as f64),
                cases(p.cases),
            ),
            format!("summary.csv, {}", t.runs_name()),
        ]);
    }
}

/// The 4×4 and 5×5 walks.
pub(super) fn walks(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let sets: BTreeSet<&str> = t.summary.iter().map(|r| r.case_set.as_str()).collect();
    for set in sets.iter().filter(|s| s.starts_with("walk:4x4")) {
        if let Some(j) = judged(t, &t.runs, DEFAULT_4X4, "idastar-lc/packed", set) {
            rows.push([
                format!("`{set}`: `{DEFAULT_4X4}` against `idastar-lc/packed`, time per query"),
                j,
                t.runs_name().into(),
            ]);
        }
    }
    for set in sets.iter().filter(|s| s.starts_with("walk:5x5")) {
        // Only the solvers that solved every case: their medians are over the same cases.
        let mut all: Vec<&SummaryRow> = t
            .summary
            .iter()
            .filter(|r| r.case_set == *set && r.cases > 0 && r.solved == r.cases)
            .collect();
        if all.is_empty() {
            continue;
        }
        all.sort_by_key(|r| r.median_ns);
        let names: Vec<String> = all
            .iter()
            .take(5)
            .map(|r| format!("`{}` {}", r.solver, human_ns(r.median_ns as f64)))
            .collect();
        let not = t.summary.iter().filter(|r| r.case_set == *set && r.solved < r.cases).count();
        rows.push([
            format!(
                "`{set}` ({} on the 5×5): median per query, the fastest of those that solved \
                 every case",
                cases(all[0].cases as usize)
            ),
            format!("{}; {not} solvers did not solve every case", names.join(", ")),
            "summary.csv".into(),
        ]);
    }
}

/// The outside programs: time per query beside the fastest built-in solver that answered the
/// same cases, its builds counted where each case needs its own.
pub(super) fn programs(t: &Tables, rows: &mut Vec<[String; 3]>) {
    for p in t.programs.iter().filter(|p| p.cases >= 20) {
        let mine: Vec<&VerdictOf> = t
            .verdicts
            .iter()
            .filter(|v| v.solver == p.solver && v.case_set == p.case_set)
            .collect();
        let accepted: BTreeSet<u64> =
            mine.iter().filter(|v| v.verdict.starts_with("accepted")).map(|v| v.case_id).collect();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for v in &mine {
            *counts.entry(v.verdict.as_str()).or_default() += 1;
        }
        let said: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let each = match (p.per_query_ns, p.per_query_is.as_deref()) {
            (Some(ns), Some("upper-bound")) => {
                format!(
                    "under {} a query ((T(N) − T(0)) / N, within the noise)",
                    human_ns(ns as f64)
                )
            }
            (Some(ns), _) if ns > 0 => {
                format!("{} a query ((T(N) − T(0)) / N)", human_ns(ns as f64))
            }
            _ => format!(
                "queries within the noise of the empty run (T(0) {})",
                human_ns(p.empty_wall_ns as f64)
            ),
        };
        let beside = fastest_builtin(t, &p.case_set, &accepted)
            .map(|(solver, ns, built)| {
                format!(
                    "; fastest built-in over the same {}: `{solver}` {} a query (mean{})",
                    cases(accepted.len()),
                    human_ns(ns),
                    if built { ", with its build for each case's own puzzle" } else { "" }
                )
            })
            .unwrap_or_default();
        rows.push([
            format!(
                "`{}` on `{}` ({}, {} run)",
                p.solver,
                p.case_set,
                p.mode,
                cases(p.cases as usize)
            ),
            format!("{each}{beside}; {}", said.join(", ")),
            format!("programs.csv, verdicts.csv, {}", t.runs_name()),
        ]);
    }
}

/// The built-in solver with the least mean time per query over `wanted` among those that solved
/// every one of them: the time, and whether a build per case's puzzle is in it (a set whose
/// cases each have their own puzzle, such as `weighted`'s datasets).
fn fastest_builtin(t: &Tables, set: &str, wanted: &BTreeSet<u64>) -> Option<(String, f64, bool)> {
    if wanted.is_empty() {
        return None;
    }
    let puzzles: BTreeSet<(&str, &str, u32, u32)> = t
        .runs
        .iter()
        .filter(|r| r.case_set == set && wanted.contains(&r.case_id))
        .map(|r| (r.shape.as_str(), r.goal.as_str(), r.ch, r.cv))
        .collect();
    let own_puzzle_each = puzzles.len() > 1;
    let mut best: Option<(String, f64, bool)> = None;
    for s in t.summary.iter().filter(|s| s.case_set == set && !s.solver.starts_with("program:")) {
        let times = solved_times(&t.runs, &s.solver, set);
        if !wanted.iter().all(|k| times.contains_key(k)) {
            continue;
        }
        let mean = wanted.iter().map(|k| times[k].0 as f64).sum::<f64>() / wanted.len() as f64;
        let build = s.build_ns.unwrap_or(0) as f64;
        let built = own_puzzle_each && build > 0.0;
        let each = if built { mean + build } else { mean };
        if best.as_ref().is_none_or(|(_, b, _)| each < *b) {
            best = Some((s.solver.clone(), each, built));
        }
    }
    best
}
