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
use crate::stats::median;
use serde::Deserialize;
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

mod answers;
mod rows;
#[cfg(test)]
mod tests;

pub use answers::{answers, Answer};
use rows::{
    depth_31, encodings, fifteen, programs, references, table_break_even, threads, walks, weighted,
};
