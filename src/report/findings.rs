//! `FINDINGS.md`: the headline comparisons of a result set, computed from its tables.
//! `compare`, `judge` and `merge` write it into the set; `report` shows it (and computes it for
//! a set written without one).
//!
//! Every ratio compares two solvers over the cases both answered with a measured time, and says
//! how many: a median over all of one side's cases against a median over the other's easier
//! ones (cut by a cap or a budget) would be no comparison. A finding whose solvers or set the
//! result set does not hold is left out, never filled with a guess.

use super::{
    runs_read, set, Outcome, RunRow, SummaryRow, ThreadsRow, PROGRAMS_CSV, RUNS_CSV, SUMMARY_CSV,
    THREADS_CSV, VERDICTS_CSV,
};
use crate::cases::korf100;
use crate::error::{Error, ErrorKind, Result};
use crate::stats::median;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// File name of the findings in a result set.
pub const FINDINGS_MD: &str = "FINDINGS.md";

/// The default 4×4 solver, and the rivals the README sets it against.
const DEFAULT_4X4: &str = "idastar-pdb663/packed";
const FOUR_BY_FOUR_RIVALS: [&str; 5] = [
    "idastar-pdb555/packed",
    "astar-pdb663/packed",
    "idastar-lc/packed",
    "idastar-md/packed",
    "pathfinding-idastar/packed",
];
/// The IDA* solvers the README names beside the pattern databases: where their tables pay.
const IDA_RIVALS: [&str; 2] = ["idastar-md/packed", "idastar-lc/packed"];

/// One program's whole-process timing on a set, as `programs.csv` holds it (the columns read).
#[derive(Clone, Debug, Deserialize)]
pub struct ProgramTiming {
    /// `program:NAME`.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// `batch` or `per-case`.
    pub mode: String,
    /// Cases it ran.
    pub cases: u64,
    /// T(0), ns.
    pub empty_wall_ns: u64,
    /// Time charged to each query, ns; empty when none was measured.
    pub per_query_ns: Option<u64>,
    /// `measured` or `upper-bound`.
    #[serde(default)]
    pub per_query_is: Option<String>,
}

/// One verdict, as `verdicts.csv` holds it (the columns read).
#[derive(Clone, Debug, Deserialize)]
pub struct VerdictOf {
    /// `program:NAME`.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// The case.
    pub case_id: u64,
    /// The verdict's name.
    pub verdict: String,
}

/// The tables findings are computed from.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    /// `runs.csv`.
    pub runs: Vec<RunRow>,
    /// `summary.csv`.
    pub summary: Vec<SummaryRow>,
    /// `threads.csv`.
    pub threads: Vec<ThreadsRow>,
    /// `programs.csv`.
    pub programs: Vec<ProgramTiming>,
    /// `verdicts.csv`.
    pub verdicts: Vec<VerdictOf>,
}

impl Tables {
    /// The tables of the result set in `dir` (checked against its manifest first).
    pub fn read(dir: &Path) -> Result<Tables> {
        crate::fsutil::verify_set(dir)?;
        let needed = " (needed for the findings)";
        Ok(Tables {
            runs: runs_read(set::read_required(dir, RUNS_CSV, needed)?),
            summary: set::read_required(dir, SUMMARY_CSV, needed)?,
            threads: set::read_optional(dir, THREADS_CSV)?.unwrap_or_default(),
            programs: set::read_optional(dir, PROGRAMS_CSV)?.unwrap_or_default(),
            verdicts: set::read_optional(dir, VERDICTS_CSV)?.unwrap_or_default(),
        })
    }

    /// `programs.csv` and `verdicts.csv` from their CSV bytes, as a run holds them before
    /// they are written.
    pub fn with_program_tables(mut self, tables: &[(&str, Vec<u8>)]) -> Result<Tables> {
        for (name, bytes) in tables {
            match *name {
                PROGRAMS_CSV => self.programs = rows_of(name, bytes)?,
                VERDICTS_CSV => self.verdicts = rows_of(name, bytes)?,
                _ => {}
            }
        }
        Ok(self)
    }
}

fn rows_of<T: serde::de::DeserializeOwned>(name: &str, bytes: &[u8]) -> Result<Vec<T>> {
    csv::Reader::from_reader(bytes)
        .deserialize()
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| Error::new(ErrorKind::Parse, format!("{name}: {e}")))
}

/// The findings of the result set in `dir`, as Markdown.
pub fn of_dir(dir: &Path) -> Result<String> {
    Ok(markdown(&Tables::read(dir)?))
}

/// The times of the queries `solver` solved on `set`, by case, measured ones only.
fn solved_times(runs: &[RunRow], solver: &str, set: &str) -> BTreeMap<u64, (u64, Option<u64>)> {
    runs.iter()
        .filter(|r| r.solver == solver && r.case_set == set && r.outcome == Outcome::Solved)
        .filter_map(|r| r.time_ns.map(|t| (r.case_id, (t, r.expanded))))
        .collect()
}

/// Two solvers over the cases both solved with a measured time.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pair {
    /// Cases both solved.
    cases: usize,
    /// Median time of the first over them, ns.
    a: u64,
    /// Median time of the second, ns.
    b: u64,
    /// Total time of the first, ns.
    a_total: u64,
    /// Total time of the second, ns.
    b_total: u64,
}

impl Pair {
    /// How many times faster the first is, by medians: `b / a`.
    fn ratio(&self) -> f64 {
        self.b as f64 / self.a.max(1) as f64
    }
}

fn pair(runs: &[RunRow], a: &str, b: &str, set: &str) -> Option<Pair> {
    let (ta, tb) = (solved_times(runs, a, set), solved_times(runs, b, set));
    let both: Vec<u64> = ta.keys().filter(|k| tb.contains_key(k)).copied().collect();
    if both.is_empty() {
        return None;
    }
    let mut xa: Vec<u64> = both.iter().map(|k| ta[k].0).collect();
    let mut xb: Vec<u64> = both.iter().map(|k| tb[k].0).collect();
    Some(Pair {
        cases: both.len(),
        a_total: xa.iter().sum(),
        b_total: xb.iter().sum(),
        a: median(&mut xa),
        b: median(&mut xb),
    })
}

fn summary_row<'a>(summary: &'a [SummaryRow], solver: &str, set: &str) -> Option<&'a SummaryRow> {
    summary.iter().find(|r| r.solver == solver && r.case_set == set)
}

/// How many times faster a ratio of times (slower over faster) says: `2.0× faster`, and below
/// 1 `2.0× slower` (never "0.5× faster").
fn faster(ratio: f64) -> String {
    if ratio >= 1.0 {
        format!("{ratio:.1}× faster")
    } else {
        format!("{:.1}× slower", 1.0 / ratio.max(f64::MIN_POSITIVE))
    }
}

/// A count of queries: `1 query`, `85 queries`.
fn queries(n: u64) -> String {
    if n == 1 {
        "1 query".into()
    } else {
        format!("{n} queries")
    }
}

/// A count of cases: `1 case`, `56 cases`.
fn cases(n: usize) -> String {
    if n == 1 {
        "1 case".into()
    } else {
        format!("{n} cases")
    }
}

fn human_ns(ns: f64) -> String {
    crate::harness::human_ns(ns)
}

/// The findings of `t` as a Markdown table, with a line first on where they come from.
pub fn markdown(t: &Tables) -> String {
    let mut rows: Vec<[String; 3]> = Vec::new();
    encodings(t, &mut rows);
    references(t, &mut rows);
    table_break_even(t, &mut rows);
    depth_31(t, &mut rows);
    weighted(t, &mut rows);
    threads(t, &mut rows);
    fifteen(t, &mut rows);
    walks(t, &mut rows);
    programs(t, &mut rows);
    let mut out = String::from(
        "Computed by slidebench from this result set's tables; each ratio compares the two \
         solvers over the cases both solved, and says how many.\n\n",
    );
    let answers = answers(t);
    if !answers.is_empty() {
        out.push_str("## The answers\n\n");
        for (i, a) in answers.iter().enumerate() {
            let _ = writeln!(out, "{}. **{}** {}", i + 1, a.question, a.answer);
        }
        out.push_str("\n## Every finding\n\n");
    }
    if rows.is_empty() {
        out.push_str(
            "No finding applies: the set holds none of the solvers and sets they compare.\n",
        );
        return out;
    }
    out.push_str("| finding | value | read from |\n|---|---|---|\n");
    for [what, value, from] in rows {
        let _ = writeln!(out, "| {what} | {value} | {from} |");
    }
    out
}

/// Rank against text, per algorithm, on `random`.
fn encodings(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let algorithms: BTreeSet<&str> =
        t.summary.iter().filter(|r| r.case_set == "random").map(|r| r.algorithm.as_str()).collect();
    let parts: Vec<String> = algorithms
        .iter()
        .filter_map(|a| {
            let p = pair(&t.runs, &format!("{a}/rank"), &format!("{a}/text"), "random")?;
            Some(format!("{a} {:.1}× ({})", p.ratio(), cases(p.cases)))
        })
        .collect();
    if !parts.is_empty() {
        rows.push([
            "rank encoding faster than text (median per solved query, `random` set)".into(),
            parts.join(", "),
            "runs.csv".into(),
        ]);
    }
}

/// Our searches against the `pathfinding` crate's.
fn references(t: &Tables, rows: &mut Vec<[String; 3]>) {
    for (ours, theirs, set) in [
        ("bfs/rank", "pathfinding-bfs/rank", "random"),
        ("bidir-split/rank", "pathfinding-bidir/rank", "random"),
        ("dijkstra/rank", "pathfinding-dijkstra/rank", "random"),
        ("dijkstra/rank", "pathfinding-dijkstra/rank", "weighted"),
    ] {
        if let Some(p) = pair(&t.runs, ours, theirs, set) {
            rows.push([
                format!("`{ours}` against `{theirs}` (`{set}`, median per solved query)"),
                format!("{} over the {} both solved", faster(p.ratio()), cases(p.cases)),
                "runs.csv".into(),
            ]);
        }
    }
}

/// The 3×3 table: its build, and from how many queries build plus queries beat a search.
fn table_break_even(t: &Tables, rows: &mut Vec<[String; 3]>) {
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
            "summary.csv, runs.csv".into(),
        ]);
    }
}

/// The deepest 3×3 boards: bidirectional against single breadth-first search.
fn depth_31(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let deep: Vec<RunRow> =
        t.runs.iter().filter(|r| r.case_set == "depth" && r.optimal == Some(31)).cloned().collect();
    if let Some(p) = pair(&deep, "bidir-split/rank", "bfs/rank", "depth") {
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
            "depth 31: `bidir-split/rank` against `bfs/rank` (median per query)".into(),
            format!("{} over the {} both solved{states}", faster(p.ratio()), cases(p.cases)),
            "runs.csv".into(),
        ]);
    }
    if let Some(p) = pair(&deep, "bidir-split/rank", "bidir-shared/rank", "depth") {
        rows.push([
            "depth 31: split queues against one shared queue (rank, median per query)".into(),
            format!("{:.2}× over the {} both solved", p.ratio(), cases(p.cases)),
            "runs.csv".into(),
        ]);
    }
}

/// The weighted (Cruller) datasets.
fn weighted(t: &Tables, rows: &mut Vec<[String; 3]>) {
    for (a, b, what) in [
        ("astar/rank", "dijkstra/rank", "`astar/rank` (default `cruller` solver)"),
        ("dial/rank", "dijkstra/rank", "`dial/rank` (bucket queue)"),
    ] {
        if let Some(p) = pair(&t.runs, a, b, "weighted") {
            rows.push([
                format!("{what} against `{b}` (binary heap), `weighted` set, median per query"),
                format!("{} over the {} both solved", faster(p.ratio()), cases(p.cases)),
                "runs.csv".into(),
            ]);
        }
    }
}

/// Queries per second at 2 threads against 1.
fn threads(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let mut by: BTreeMap<&str, BTreeMap<usize, f64>> = BTreeMap::new();
    for r in &t.threads {
        by.entry(&r.solver).or_default().insert(r.threads, r.queries_per_sec);
    }
    let parts: Vec<String> = by
        .iter()
        .filter_map(|(s, m)| Some(format!("{s} {:.2}×", m.get(&2)? / m.get(&1)?)))
        .collect();
    if !parts.is_empty() {
        rows.push([
            "queries per second, 2 threads against 1 (the same cases)".into(),
            parts.join(", "),
            "threads.csv".into(),
        ]);
    }
}

/// Korf's 100: the default 4×4 solver against its rivals, the nodes against Korf's, and where
/// the pattern databases' tables pay against the IDA* searches without them.
fn fifteen(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let korf: Vec<&RunRow> = t.runs.iter().filter(|r| r.case_set == "korf100").collect();
    if korf.is_empty() {
        return;
    }
    let n = korf.iter().map(|r| r.case_id).collect::<BTreeSet<_>>().len();
    for other in FOUR_BY_FOUR_RIVALS {
        let Some(p) = pair(&t.runs, DEFAULT_4X4, other, "korf100") else { continue };
        let stopped = korf
            .iter()
            .filter(|r| {
                r.solver == other && matches!(r.outcome, Outcome::Budget | Outcome::Skipped)
            })
            .count();
        rows.push([
            format!(
                "Korf's 100 (`korf100`, {n} instances easiest first): default `{DEFAULT_4X4}` \
                 against `{other}`, total time"
            ),
            format!(
                "{} over the {} both solved ({stopped} of `{other}`'s queries over \
                 budget or skipped)",
                faster(p.b_total as f64 / p.a_total.max(1) as f64),
                cases(p.cases)
            ),
            "runs.csv".into(),
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
            "runs.csv".into(),
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
            "summary.csv, runs.csv".into(),
        ]);
    }
}

/// The 4×4 and 5×5 walks.
fn walks(t: &Tables, rows: &mut Vec<[String; 3]>) {
    let sets: BTreeSet<&str> = t.summary.iter().map(|r| r.case_set.as_str()).collect();
    for set in sets.iter().filter(|s| s.starts_with("walk:4x4")) {
        if let Some(p) = pair(&t.runs, DEFAULT_4X4, "idastar-lc/packed", set) {
            rows.push([
                format!("`{set}`: `{DEFAULT_4X4}` against `idastar-lc/packed`, median per query"),
                format!("{} over the {} both solved", faster(p.ratio()), cases(p.cases)),
                "runs.csv".into(),
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
fn programs(t: &Tables, rows: &mut Vec<[String; 3]>) {
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
            "programs.csv, verdicts.csv, runs.csv".into(),
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

/// One of the questions slidebench exists to answer, with what this result set says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The question, as a reader asks it.
    pub question: &'static str,
    /// The answer, with its one number and what it was measured over.
    pub answer: String,
}

/// The headline answers this result set holds the measurements for, each over the cases both
/// sides answered (a question whose solvers or sets the set lacks is left out).
pub fn answers(t: &Tables) -> Vec<Answer> {
    let mut out = Vec::new();
    let mut ask = |question: &'static str, answer: Option<String>| {
        if let Some(answer) = answer {
            out.push(Answer { question, answer });
        }
    };
    ask(
        "One breadth-first search per query, or one table built once from the goal?",
        table_answer(t),
    );
    ask("Two queues for bidirectional search, or one shared queue?", queues_answer(t));
    ask("Strings, permutation ranks or packed words as the state?", encoding_answer(t));
    ask("When does Dijkstra pay?", dijkstra_answer(t));
    ask("How far do heuristics and pattern databases push?", heuristics_answer(t));
    out
}

fn table_answer(t: &Tables) -> Option<String> {
    let set = "random";
    let p = pair(&t.runs, "table/rank", "bfs/rank", set)?;
    let build = summary_row(&t.summary, "table/rank", set)?.build_ns?;
    Some(if p.b > p.a {
        format!(
            "The table, from {} on: its build takes {}, then a query {} against \
             `bfs/rank`'s {} (medians over the {} of `{set}` both solved).",
            queries(build / (p.b - p.a) + 1),
            human_ns(build as f64),
            human_ns(p.a as f64),
            human_ns(p.b as f64),
            cases(p.cases)
        )
    } else {
        format!(
            "A search per query: the table's query ({}) is no faster than `bfs/rank`'s ({}) over \
             the {} of `{set}` both solved.",
            human_ns(p.a as f64),
            human_ns(p.b as f64),
            cases(p.cases)
        )
    })
}

fn queues_answer(t: &Tables) -> Option<String> {
    let (set, p) = ["depth", "random"]
        .iter()
        .find_map(|s| Some((*s, pair(&t.runs, "bidir-split/rank", "bidir-shared/rank", s)?)))?;
    let (winner, ratio) = if p.ratio() >= 1.0 {
        ("Two queues", p.ratio())
    } else {
        ("One shared queue", 1.0 / p.ratio().max(f64::MIN_POSITIVE))
    };
    Some(format!(
        "{winner}: {ratio:.2}× faster by median ({} against {} for `bidir-split/rank` and \
         `bidir-shared/rank`, over the {} of `{set}` both solved).",
        human_ns(p.a as f64),
        human_ns(p.b as f64),
        cases(p.cases)
    ))
}

fn encoding_answer(t: &Tables) -> Option<String> {
    let set = "random";
    let solvers = ["bfs/rank", "bfs/packed", "bfs/text"];
    let times: Vec<_> = solvers.iter().map(|s| solved_times(&t.runs, s, set)).collect();
    let both: Vec<u64> =
        times[0].keys().filter(|k| times.iter().all(|m| m.contains_key(k))).copied().collect();
    if both.is_empty() {
        return None;
    }
    let mut medians: Vec<(u64, &str)> = solvers
        .iter()
        .zip(&times)
        .map(|(s, m)| (median(&mut both.iter().map(|k| m[k].0).collect::<Vec<_>>()), *s))
        .collect();
    medians.sort_unstable();
    let (best, name) = medians[0];
    let others: Vec<String> = medians[1..]
        .iter()
        .map(|(ns, s)| format!("{:.1}× faster than `{s}`", *ns as f64 / best.max(1) as f64))
        .collect();
    Some(format!(
        "For breadth-first search, `{name}`: {} a query, {} (medians over the {} of `{set}` all \
         three solved).",
        human_ns(best as f64),
        others.join(", "),
        cases(both.len())
    ))
}

fn dijkstra_answer(t: &Tables) -> Option<String> {
    let set = "weighted";
    let dial = pair(&t.runs, "dial/rank", "dijkstra/rank", set);
    let astar = pair(&t.runs, "astar/rank", "dijkstra/rank", set)?;
    let mut text = format!(
        "When moves cost differently (`{set}`, Dragon's Cruller's costs), where the fewest moves \
         are not the cheapest: there A* with an admissible heuristic (`astar/rank`) is {} \
         than `dijkstra/rank` by median, over the {} both solved",
        faster(astar.ratio()),
        cases(astar.cases)
    );
    if let Some(d) = dial {
        let _ = write!(
            text,
            "; a bucket queue (`dial/rank`) is {} than its binary heap over {}",
            faster(d.ratio()),
            cases(d.cases)
        );
    }
    text.push('.');
    Some(text)
}

fn heuristics_answer(t: &Tables) -> Option<String> {
    use crate::harness::check::{family, Family};
    let set = "korf100";
    let korf: Vec<&SummaryRow> = t.summary.iter().filter(|r| r.case_set == set).collect();
    if korf.is_empty() {
        return None;
    }
    // The solver of each family that solved the most, then the fastest.
    let mut best: BTreeMap<String, &SummaryRow> = BTreeMap::new();
    for r in &korf {
        let f = crate::solver::solver_info(&r.solver).map_or(Family::Outside, |i| family(&i));
        let slot = best.entry(f.to_string()).or_insert(r);
        if (r.solved, std::cmp::Reverse(r.median_ns))
            > (slot.solved, std::cmp::Reverse(slot.median_ns))
        {
            *slot = r;
        }
    }
    let mut ranked: Vec<(&String, &&SummaryRow)> = best.iter().collect();
    ranked.sort_by_key(|(_, r)| std::cmp::Reverse(r.solved));
    let parts: Vec<String> = ranked
        .iter()
        .map(|(f, r)| format!("{f} `{}` {} of {}", r.solver, r.solved, r.cases))
        .collect();
    let (_, top) = ranked[0];
    let mut text = format!(
        "On Korf's 100 fifteen-puzzles (the `{set}` set, within the run's budget), instances \
         solved by the best of each family: {}",
        parts.join(", ")
    );
    if top.solved > 0 {
        let _ = write!(
            text,
            "; `{}` at a median of {} each",
            top.solver,
            human_ns(top.median_ns as f64)
        );
    }
    text.push('.');
    Some(text)
}

/// The findings of a run about to be written: its rows, and the programs' tables as bytes.
pub fn of_run(
    runs: &[RunRow],
    summary: &[SummaryRow],
    threads: &[ThreadsRow],
    program_tables: &[(&str, Vec<u8>)],
) -> Result<Vec<u8>> {
    let tables = Tables {
        runs: runs.to_vec(),
        summary: summary.to_vec(),
        threads: threads.to_vec(),
        ..Tables::default()
    }
    .with_program_tables(program_tables)?;
    Ok(markdown(&tables).into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(solver: &str, set: &str, case_id: u64, time_ns: Option<u64>) -> RunRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap_or((solver, ""));
        RunRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: set.into(),
            case_id,
            shape: "3x3".into(),
            topology: "grid".into(),
            board: format!("board{case_id}"),
            goal: "12345678x".into(),
            ch: 1,
            cv: 1,
            optimal: Some(20),
            outcome: if time_ns.is_some() { Outcome::Solved } else { Outcome::Budget },
            solvable: time_ns.is_some(),
            length: time_ns.map(|_| 20),
            cost: time_ns.map(|_| 20),
            expanded: time_ns.map(|_| 100),
            stored: None,
            time_ns,
            repeats: 1,
            peak_bytes: None,
            threads: 1,
            reference: None,
            time_is: time_ns.map(|_| super::super::QueryTimeIs::Measured),
        }
    }

    fn summary(solver: &str, set: &str, build_ns: Option<u64>) -> SummaryRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap_or((solver, ""));
        SummaryRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: set.into(),
            build_ns,
            ..SummaryRow::default()
        }
    }

    /// Text answers only the four easy cases (1 µs each, the hard ones over budget); ranks
    /// answer all eight (1 µs easy, 1 ms hard). By medians over each side's own cases ranks
    /// would look 1000× slower; over the four both solved they are as fast.
    #[test]
    fn a_ratio_is_over_the_cases_both_solved_and_says_how_many() {
        let mut runs = Vec::new();
        for id in 0..8 {
            let hard = id >= 4;
            runs.push(run("bfs/rank", "random", id, Some(if hard { 1_000_000 } else { 1_000 })));
            runs.push(run("bfs/text", "random", id, (!hard).then_some(2_000)));
        }
        let t = Tables {
            runs,
            summary: vec![summary("bfs/rank", "random", None), summary("bfs/text", "random", None)],
            ..Tables::default()
        };
        let md = markdown(&t);
        assert!(md.contains("bfs 2.0× (4 cases)"), "{md}");
    }

    #[test]
    fn a_ratio_below_one_reads_as_slower_and_one_query_is_singular() {
        assert_eq!(faster(0.5), "2.0× slower");
        assert_eq!(faster(2.04), "2.0× faster");
        assert_eq!(queries(1), "1 query");
        assert_eq!(queries(85), "85 queries");
    }

    /// The five answers open the findings, each naming what it was measured over; a question
    /// whose solvers the set lacks is left out, never guessed.
    #[test]
    fn the_answers_open_the_findings_and_leave_out_what_was_not_run() {
        let mut runs = Vec::new();
        for id in 0..4 {
            runs.push(run("table/rank", "random", id, Some(1_000)));
            runs.push(run("bfs/rank", "random", id, Some(1_001_000)));
        }
        let t = Tables {
            runs,
            summary: vec![
                summary("table/rank", "random", Some(10_000_000)),
                summary("bfs/rank", "random", None),
            ],
            ..Tables::default()
        };
        let a = answers(&t);
        assert_eq!(a.len(), 1, "{a:?}");
        // 10 ms of build over 1 ms saved a query: from 11 queries on.
        assert!(a[0].answer.starts_with("The table, from 11 queries on"), "{a:?}");
        assert!(a[0].answer.contains("over the 4 cases of `random` both solved"), "{a:?}");
        let md = markdown(&t);
        let answers_at = md.find("## The answers").expect("answers first");
        assert!(answers_at < md.find("## Every finding").unwrap(), "{md}");
    }

    /// The tables' break-even counts their build, which a cache file records when this run
    /// only loaded them; the load is named beside it.
    #[test]
    fn the_pattern_database_break_even_counts_the_build_not_the_load() {
        let mut runs = Vec::new();
        for id in 0..4 {
            runs.push(run(DEFAULT_4X4, "korf100", id, Some(1_000_000)));
            runs.push(run("idastar-lc/packed", "korf100", id, Some(101_000_000)));
        }
        let mut pdb = summary(DEFAULT_4X4, "korf100", Some(5_000_000));
        pdb.first_build_ns = Some(10_000_000_000);
        let t = Tables {
            runs,
            summary: vec![pdb, summary("idastar-lc/packed", "korf100", None)],
            ..Tables::default()
        };
        let md = markdown(&t);
        // 10 s over 100 ms saved a query: 101 queries (the 5 ms load alone would say 1).
        assert!(md.contains("on Korf's 100 from | 101 queries (a 10.0 s build"), "{md}");
        assert!(md.contains("loaded them from the PDB cache in 5.00 ms"), "{md}");
    }
}
