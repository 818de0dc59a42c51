//! `FINDINGS.md`: the headline comparisons of a result set, computed from its tables.
//! `compare`, `judge` and `merge` write it into the set; `report` shows it (and computes it for
//! a set written without one).
//!
//! Every ratio compares two solvers over the cases both answered with a measured time, and says
//! how many: a median over all of one side's cases against a median over the other's easier
//! ones (cut by a cap or a budget) would be no comparison. A finding whose solvers or set the
//! result set does not hold is left out, never filled with a guess.

use super::{
    set, Outcome, RunRow, SummaryRow, ThreadsRow, PROGRAMS_CSV, RUNS_CSV, RUNS_CSV_GZ, VERDICTS_CSV,
};
use crate::error::{Error, ErrorKind, Result};
use crate::stats::{self, median, ByRound, Change};
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::BTreeMap;
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
    /// The per-case rows (`runs.csv.gz`, or a plain `runs.csv`).
    pub runs: Vec<RunRow>,
    /// `summary.csv`.
    pub summary: Vec<SummaryRow>,
    /// `threads.csv`.
    pub threads: Vec<ThreadsRow>,
    /// `programs.csv`.
    pub programs: Vec<ProgramTiming>,
    /// `verdicts.csv`.
    pub verdicts: Vec<VerdictOf>,
    /// The file the per-case rows were read from, as the findings cite it; `None`: the one a
    /// run writes, [`RUNS_CSV_GZ`].
    pub runs_file: Option<&'static str>,
    /// Lines of case files refused as malformed, per file (as the run named it): their cases
    /// did not run, which the findings say first. Known only to the run that wrote them.
    pub refused: Vec<(String, usize)>,
    /// The time comparisons the findings made, judged together once all are made (Holm's
    /// correction across the report); the text holds a [`Judged`] token for each.
    judged: RefCell<Vec<(Change, usize)>>,
}

impl Tables {
    /// The tables of the result set in `dir` (checked against its manifest first).
    pub fn read(dir: &Path) -> Result<Tables> {
        let set = set::ResultSet::open(dir)?;
        let needed = " (needed for the findings)";
        Ok(Tables {
            runs: set.runs(needed)?,
            summary: set.summary(needed)?,
            threads: set.threads()?.unwrap_or_default(),
            programs: set.table(PROGRAMS_CSV)?.unwrap_or_default(),
            verdicts: set.table(VERDICTS_CSV)?.unwrap_or_default(),
            runs_file: Some(if dir.join(RUNS_CSV_GZ).exists() { RUNS_CSV_GZ } else { RUNS_CSV }),
            refused: Vec::new(),
            judged: RefCell::default(),
        })
    }

    /// The name the findings cite for the per-case rows.
    fn runs_name(&self) -> &'static str {
        self.runs_file.unwrap_or(RUNS_CSV_GZ)
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

/// The times of the queries `solver` solved on `set`, by case and round, measured ones only.
fn round_times(runs: &[RunRow], solver: &str, set: &str) -> BTreeMap<u64, ByRound> {
    let mut m: BTreeMap<u64, ByRound> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.solver == solver && r.case_set == set) {
        if let (Outcome::Solved, Some(t)) = (r.outcome, r.time_ns) {
            m.entry(r.case_id).or_default().insert(r.round, t);
        }
    }
    m
}

/// The times of the queries `solver` solved on `set`, by case, measured ones only: each case's
/// median over its rounds (a set of several rounds holds a row a round), with its states
/// expanded (the same in every round of a single-threaded search).
fn solved_times(runs: &[RunRow], solver: &str, set: &str) -> BTreeMap<u64, (u64, Option<u64>)> {
    let expanded: BTreeMap<u64, Option<u64>> = runs
        .iter()
        .filter(|r| r.solver == solver && r.case_set == set && r.outcome == Outcome::Solved)
        .filter(|r| r.time_ns.is_some())
        .map(|r| (r.case_id, r.expanded))
        .collect();
    round_times(runs, solver, set)
        .into_iter()
        .map(|(k, t)| (k, (median(&mut t.into_values().collect::<Vec<_>>()), expanded[&k])))
        .collect()
}

/// Smallest change in time a finding calls a winner on: 10%.
pub const THRESHOLD: f64 = 0.10;

/// Family-wise error of a report's time findings.
pub const ALPHA: f64 = 0.05;

/// Marks a judged comparison's place in the text until the report's family is judged.
const TOKEN: char = '\u{1}';

/// `a` against `b` on `set` by time, judged with the report's other comparisons: the geometric
/// mean of the per-case ratios over the cases both solved in every round, with its 95% interval
/// over the rounds ([`stats::paired_change`], as `diff`). The text it returns says, once
/// [`resolve`]d, whether `a` is faster or slower beyond [`THRESHOLD`], equivalent, or
/// inconclusive and what would settle it.
fn judged(t: &Tables, runs: &[RunRow], a: &str, b: &str, set: &str) -> Option<String> {
    let (ta, tb) = (round_times(runs, a, set), round_times(runs, b, set));
    let rounds = runs
        .iter()
        .filter(|r| r.case_set == set && (r.solver == a || r.solver == b))
        .map(|r| r.round)
        .max()
        .unwrap_or(1);
    let common: Vec<(&ByRound, &ByRound)> =
        ta.iter().filter_map(|(k, x)| tb.get(k).map(|y| (x, y))).collect();
    let (n, change) = stats::paired_change(&common, rounds, THRESHOLD.ln_1p(), 1)?;
    let mut judged = t.judged.borrow_mut();
    judged.push((change, n));
    Some(format!("{TOKEN}{}{TOKEN}", judged.len() - 1))
}

/// Every token in `text` replaced by its comparison's judged text.
fn resolve(text: &str, said: &[String]) -> String {
    let mut parts = text.split(TOKEN);
    let mut out = parts.next().unwrap_or_default().to_string();
    while let (Some(i), Some(rest)) = (parts.next(), parts.next()) {
        out.push_str(i.parse::<usize>().ok().and_then(|i| said.get(i)).map_or("?", |s| s));
        out.push_str(rest);
    }
    out
}

/// What each judged comparison of `t` says, its calls made together.
fn judge_all(t: &Tables) -> Vec<String> {
    let judged = t.judged.borrow();
    let changes: Vec<Change> = judged.iter().map(|(c, _)| *c).collect();
    let band = THRESHOLD.ln_1p();
    let pct = (THRESHOLD * 100.0).round();
    stats::calls(&changes, band, ALPHA)
        .into_iter()
        .zip(judged.iter())
        .map(|((call, note), (c, n))| {
            // `log` is ln(b / a): above 0, the first is faster.
            let ratio = c.log.exp();
            let over = format!("over {}", cases(*n));
            if c.rounds < 2 {
                return format!(
                    "inconclusive: one round ({} by this run {over}; run with --rounds 5 to \
                     tell it from the noise)",
                    faster(ratio)
                );
            }
            let interval = format!(
                "95% interval {:.2}–{:.2}×, {over}, {} rounds",
                c.low.exp(),
                c.high.exp(),
                c.rounds
            );
            match call {
                stats::Call::Beyond => {
                    format!("{} ({interval}; beyond the ±{pct}% threshold)", faster(ratio))
                }
                stats::Call::Equivalent => {
                    format!("equivalent: within ±{pct}% ({ratio:.2}×, {interval})")
                }
                stats::Call::Inconclusive => {
                    format!("inconclusive at ±{pct}% ({ratio:.2}×, {interval}): {note}")
                }
            }
        })
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
}

fn pair(runs: &[RunRow], a: &str, b: &str, set: &str) -> Option<Pair> {
    let (ta, tb) = (solved_times(runs, a, set), solved_times(runs, b, set));
    let both: Vec<u64> = ta.keys().filter(|k| tb.contains_key(k)).copied().collect();
    if both.is_empty() {
        return None;
    }
    let mut xa: Vec<u64> = both.iter().map(|k| ta[k].0).collect();
    let mut xb: Vec<u64> = both.iter().map(|k| tb[k].0).collect();
    Some(Pair { cases: both.len(), a: median(&mut xa), b: median(&mut xb) })
}

fn summary_row<'a>(summary: &'a [SummaryRow], solver: &str, set: &str) -> Option<&'a SummaryRow> {
    summary.iter().find(|r| r.solver == solver && r.case_set == set)
}

/// How many times faster a ratio of times (slower over faster) says: `2.0× faster`, and below
/// 1 `2.0× slower` (never "0.5× faster").
fn faster(ratio: f64) -> String {
    let (r, word) = if ratio >= 1.0 {
        (ratio, "faster")
    } else {
        (1.0 / ratio.max(f64::MIN_POSITIVE), "slower")
    };
    // Near a tie one decimal would read "1.0× faster": two decimals, and a tie says so.
    if r < 1.005 {
        "as fast".into()
    } else if r < 1.1 {
        format!("{r:.2}× {word}")
    } else {
        format!("{r:.1}× {word}")
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
    crate::units::human_ns(ns)
}

/// The findings of `t` as a Markdown table, with a line first on where they come from.
pub fn markdown(t: &Tables) -> String {
    t.judged.borrow_mut().clear();
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
    let answers = answers(t);
    let said = judge_all(t);
    let mut out = format!(
        "Computed by slidebench from this result set's tables; each ratio compares the two \
         solvers over the cases both solved, and says how many. A comparison of times is the \
         geometric mean of the per-case ratios with its 95% interval over the set's rounds: it \
         names a winner only beyond ±{:.0}% (Holm-corrected across this report), says \
         equivalent within it, and inconclusive otherwise.\n\n",
        THRESHOLD * 100.0
    );
    if let Some(r) = crate::harness::refused_text(&t.refused) {
        let _ = writeln!(
            out,
            "**Not every case ran:** {r} as malformed (the run's stderr named each line); these \
             findings cover the cases that were read.\n"
        );
    }
    if !answers.is_empty() {
        out.push_str("## The answers\n\n");
        for (i, a) in answers.iter().enumerate() {
            let _ = writeln!(out, "{}. **{}** {}", i + 1, a.question, resolve(&a.answer, &said));
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
        let _ = writeln!(out, "| {what} | {} | {from} |", resolve(&value, &said));
    }
    out
}

/// The findings of a run about to be written: its rows, the programs' tables as bytes, and the
/// case files' lines refused as malformed (file, count).
pub fn of_run(
    runs: &[RunRow],
    summary: &[SummaryRow],
    threads: &[ThreadsRow],
    program_tables: &[(&str, Vec<u8>)],
    refused: &[(String, usize)],
) -> Result<Vec<u8>> {
    let tables = Tables {
        runs: runs.to_vec(),
        summary: summary.to_vec(),
        threads: threads.to_vec(),
        refused: refused.to_vec(),
        ..Tables::default()
    }
    .with_program_tables(program_tables)?;
    Ok(markdown(&tables).into_bytes())
}

mod answers;
mod rows;
#[cfg(test)]
mod tests;

pub use answers::{answers, Answer};
use rows::{
    depth_31, encodings, fifteen, programs, references, table_break_even, threads, walks, weighted,
};
