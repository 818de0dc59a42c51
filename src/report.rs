//! The result tables as data: one row type per CSV file, and reading and writing them; a
//! whole result set (the tables of one run in one directory) is read and written in [`set`].
//!
//! Files are written whole to a temporary name and renamed, so an interrupted run leaves the
//! previous results in place; reading names the file and line of the first bad row.

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::write_atomic;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub mod doc_blocks;
pub mod findings;
mod measured;
mod reference;
pub mod set;

pub use findings::FINDINGS_MD;
use measured::blank_is_zero;
pub use measured::{
    counts_of, median_over_rounds, runs_read, written as summary_written, Measured, QueryTime,
    SummaryOut, TimeIs,
};
pub use reference::{Reference, ReferenceKind};

/// File name of the per-query table as plain text: what older runs wrote, and hand-made sets.
pub const RUNS_CSV: &str = "runs.csv";
/// File name of the per-query table gzip-compressed, as `compare`, `judge` and `merge` write it
/// (a tenth of the plain size); readers take either ([`set::ResultSet::runs`]).
pub const RUNS_CSV_GZ: &str = "runs.csv.gz";
/// File name of the per-solver, per-case-set table.
pub const SUMMARY_CSV: &str = "summary.csv";
/// File name of the thread-scaling table.
pub const THREADS_CSV: &str = "threads.csv";
/// File name of the whole-space census table.
pub const CENSUS_CSV: &str = "census.csv";
/// File name of the solvers that sat out a set, and why.
pub const SKIPPED_CSV: &str = "skipped.csv";
/// File name of the per-query table as JSON (`compare --export-json`).
pub const RUNS_JSON: &str = "runs.json";
/// File name of the report page drawn from a result set (`slidebench report`).
pub const INDEX_HTML: &str = "index.html";
/// File name of the per-solver, per-case-set table as JSON (`compare --export-json`).
pub const SUMMARY_JSON: &str = "summary.json";
/// File name of the outside programs' judge verdicts, one row per program and case.
pub const VERDICTS_CSV: &str = "verdicts.csv";
/// File name of the outside programs' whole-process timings, one row per program and set.
pub const PROGRAMS_CSV: &str = "programs.csv";
/// File name of the run's description (seed, code version, shard, budgets, machine).
pub const META_JSON: &str = "meta.json";

/// How one query ended (`runs.csv`'s `outcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The solver returned moves to the goal (replayed and checked).
    Solved,
    /// The solver said the goal cannot be reached.
    Unsolvable,
    /// The query was stopped by its time or state budget: not an answer, not a failure.
    Budget,
    /// Not run: the solver went over budget on the queries before it in the set.
    Skipped,
    /// The solver failed (an error other than the budget, for example a memory bound).
    Error,
}

impl Outcome {
    /// The name in the CSV files.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Budget => "budget",
            Outcome::Skipped => "skipped",
            Outcome::Error => "error",
        }
    }
}

/// One solver on one case (`runs.csv`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    /// Solver id, `ALGORITHM/ENCODING`.
    pub solver: String,
    /// Algorithm part of the id.
    pub algorithm: String,
    /// Encoding part of the id (`text` or `rank`).
    pub encoding: String,
    /// Case set the case came from.
    pub case_set: String,
    /// Index of the case within its set.
    pub case_id: u64,
    /// Board shape, `WxH`.
    pub shape: String,
    /// `grid` or `torus`.
    pub topology: String,
    /// Start board in text form.
    pub board: String,
    /// Goal board in text form.
    pub goal: String,
    /// Cost of a horizontal move.
    pub ch: u32,
    /// Cost of a vertical move.
    pub cv: u32,
    /// Optimal cost (moves, with unit costs) from the reference solver; empty if the board is
    /// unsolvable or there is no reference (`reference` says which).
    pub optimal: Option<u64>,
    /// How the query ended.
    pub outcome: Outcome,
    /// Whether the solver found the board solvable.
    pub solvable: bool,
    /// Number of moves returned; empty if unsolvable.
    pub length: Option<u64>,
    /// Cost of the moves returned; empty if unsolvable.
    pub cost: Option<u64>,
    /// States taken off the queue and expanded; empty when not measured (a solver that does
    /// not count them, a query that gave no answer). Files written before read 0 there
    /// ([`RunRow::forget_uncounted`]).
    pub expanded: Option<u64>,
    /// States stored in visited sets and maps; empty when not measured.
    pub stored: Option<u64>,
    /// Wall time of the query in nanoseconds, the median of its repeats (a table's build is
    /// not included); empty when not measured (an outside program's unanswered query).
    pub time_ns: Option<u64>,
    /// How many times the query was timed.
    pub repeats: u32,
    /// Bytes the solver's own structures held at their peak; empty when not measured.
    pub peak_bytes: Option<u64>,
    /// Worker threads of the run.
    pub threads: usize,
    /// What `optimal` stands for: a cost, an unsolvable board, or no reference; empty in files
    /// written before the column (see [`RunRow::reference`]).
    #[serde(default)]
    pub reference: Option<ReferenceKind>,
    /// What `time_ns` is: the query's own time, only a bound, or its share of a batch's time;
    /// empty with `time_ns` (and in files written before the column, whose times were their own
    /// or a program's share).
    #[serde(default)]
    pub time_is: Option<QueryTimeIs>,
    /// Which round of the comparison the row is from (`compare --rounds`, counted from 1): the
    /// whole comparison runs again in each round, so `diff` can tell run-to-run noise from a
    /// change. Files written before the column read 1.
    #[serde(default = "first_round")]
    pub round: u32,
    /// Whether the search resumed from a checkpoint of an earlier process (its time is then
    /// the sum over the processes), and what its optimality rests on; empty when it did not
    /// (and in files written before the column).
    #[serde(default)]
    pub resumed: Option<Resumed>,
    /// A resumed search's nodes that its earlier processes spent in iterations they did not
    /// finish, which a later one repeated: apart from `expanded`, which stays the count of a
    /// search that never stopped. Empty when it did not resume, or when an earlier process was
    /// killed (its count lost with it).
    #[serde(default)]
    pub redone_nodes: Option<u64>,
    /// Threads each search ran on: `compare --search-threads` for the IDA* solvers, which
    /// search one query on several ([`crate::solver::ida_parallel`]), 1 for every other.
    /// Files written before the column read 1.
    #[serde(default = "one_search_thread")]
    pub search_threads: usize,
}

/// The search threads of rows and runs recorded before they were.
fn one_search_thread() -> usize {
    1
}

/// The round of rows written before rounds were recorded.
fn first_round() -> u32 {
    1
}

/// How a row's search resumed, as `runs.csv` says in `resumed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resumed {
    /// Resumed, and its answer held to a reference known before the run.
    Checked,
    /// Resumed with no reference known before the run: its optimality rests on the verified
    /// checkpoint.
    RestsOnCheckpoint,
}

/// What a row's time is, as `runs.csv` says in `time_is`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QueryTimeIs {
    /// The query's own wall time (a built-in solver's, or a program's reply or process).
    Measured,
    /// At most the value: not resolved above the noise of the program's empty run.
    UpperBound,
    /// An equal share of the time of a batch of several queries answered by one process: the
    /// set's mean per query is known, this query's own time is not.
    BatchShare,
    /// The query's own time, too short for one clock read: the time of several back-to-back
    /// solves of this same query over their number (`harness::batch_size`).
    Repeated,
}

/// One solver on one case set (`summary.csv`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// Solver id.
    pub solver: String,
    /// Algorithm part of the id.
    pub algorithm: String,
    /// Encoding part of the id.
    pub encoding: String,
    /// Case set.
    pub case_set: String,
    /// Worker threads of the run.
    pub threads: usize,
    /// Number of cases.
    pub cases: u64,
    /// How many of them the solver found solvable.
    pub solved: u64,
    /// Queries stopped by their budget.
    pub over_budget: u64,
    /// Queries not run after too many over budget in a row.
    pub skipped: u64,
    /// 5th percentile time per query (of the per-query medians), ns.
    #[serde(deserialize_with = "blank_is_zero")]
    pub p5_ns: u64,
    /// Median time per query, ns.
    #[serde(deserialize_with = "blank_is_zero")]
    pub median_ns: u64,
    /// Mean time per query, ns.
    #[serde(deserialize_with = "blank_is_zero")]
    pub mean_ns: f64,
    /// 95th percentile time per query, ns.
    #[serde(deserialize_with = "blank_is_zero")]
    pub p95_ns: u64,
    /// Queries per second of the solver's own time: the queries that ran over the sum of their
    /// times ([`RunStats::queries_per_sec`]); in files written before, of wall time over the set.
    #[serde(deserialize_with = "blank_is_zero")]
    pub queries_per_sec: f64,
    /// Time to build the solver's table, ns; empty for per-query solvers.
    pub build_ns: Option<u64>,
    /// Mean states expanded per query.
    #[serde(deserialize_with = "blank_is_zero")]
    pub mean_expanded: f64,
    /// Largest peak of the solver's structures over the set, bytes.
    #[serde(deserialize_with = "blank_is_zero")]
    pub peak_bytes: u64,
    /// Whether every answer replayed and agreed with the reference.
    pub agree: bool,
    /// Seed the case set was generated from.
    pub seed: u64,
    /// How many times each query was timed (at most, with adaptive repeats).
    pub repeats: u32,
    /// Cases the solver ran (`cases` less `skipped`).
    #[serde(default)]
    pub ran: u64,
    /// Why the rest were cut (`skipped`), empty when none were: the over-budget streak or the
    /// time cap per solver and set.
    #[serde(default)]
    pub cut_by: String,
    /// Wall time of the pair, seconds: builds, warm-up and queries (0 when not measured).
    #[serde(default)]
    pub pair_s: f64,
    /// Queries that failed (an error other than the budget): run, but not answered. 0 in files
    /// written before the column.
    #[serde(default)]
    pub errors: u64,
    /// Whether the times are measured or only upper bounds (a batch program's, below the noise
    /// of its empty run); ranked after measured ones. Empty when no time was measured.
    #[serde(default, deserialize_with = "blank_is_zero")]
    pub time_is: TimeIs,
    /// How long the tables took to build when they were made, ns (mean per build): this run's
    /// build, or the one a pattern database's cache file records when `build_ns` is its load.
    /// Empty for solvers without tables and in files written before the column.
    #[serde(default)]
    pub first_build_ns: Option<u64>,
    /// Tables built or loaded over the set: one per puzzle its cases span (each of `weighted`'s
    /// datasets is its own) and worker. 0 in files written before the column.
    #[serde(default)]
    pub builds: u64,
}

/// What `summary.csv` takes from one solver's rows on one set, computed in one place for the
/// harness and for `merge`. Time statistics cover the queries answered with moves: boards the
/// parity rule rejects are answered in nanoseconds by every solver and would only blur the
/// medians, and queries stopped by their budget are counted in `over_budget` instead.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunStats {
    /// Rows.
    pub cases: u64,
    /// Rows the solver found solvable.
    pub solved: u64,
    /// Rows stopped by their budget.
    pub over_budget: u64,
    /// Rows not run.
    pub skipped: u64,
    /// Rows that failed with an error other than the budget.
    pub errors: u64,
    /// 5th percentile, median and 95th percentile of the solved rows' times, ns.
    pub p5_ns: u64,
    /// See `p5_ns`.
    pub median_ns: u64,
    /// See `p5_ns`.
    pub p95_ns: u64,
    /// Mean time of the solved rows, ns.
    pub mean_ns: f64,
    /// Mean states expanded over the solved rows.
    pub mean_expanded: f64,
    /// Largest peak of the solver's structures, bytes.
    pub peak_bytes: u64,
    /// The sum of the times of the rows that ran, ns: the solver's own time over the set.
    pub ran_ns: u64,
}

impl RunStats {
    /// The statistics of `rows`.
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a RunRow>) -> RunStats {
        let mut stats = RunStats::default();
        let mut times = Vec::new();
        let mut expanded = 0u64;
        let mut counted = 0u64;
        for r in rows {
            stats.cases += 1;
            stats.solved += u64::from(r.solvable);
            stats.peak_bytes = stats.peak_bytes.max(r.peak_bytes.unwrap_or(0));
            if r.outcome != Outcome::Skipped {
                stats.ran_ns += r.time_ns.unwrap_or(0);
            }
            match r.outcome {
                Outcome::Solved => {
                    times.extend(r.time_ns);
                    if let Some(e) = r.expanded {
                        expanded += e;
                        counted += 1;
                    }
                }
                Outcome::Budget => stats.over_budget += 1,
                Outcome::Skipped => stats.skipped += 1,
                Outcome::Error => stats.errors += 1,
                Outcome::Unsolvable => {}
            }
        }
        times.sort_unstable();
        let n = times.len().max(1);
        let pick =
            |q: f64| times.get(((n as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0);
        stats.p5_ns = pick(0.05);
        stats.median_ns = pick(0.5);
        stats.p95_ns = pick(0.95);
        stats.mean_ns = times.iter().sum::<u64>() as f64 / n as f64;
        stats.mean_expanded = expanded as f64 / counted.max(1) as f64;
        stats
    }

    /// Rows that ran (not skipped).
    pub fn ran(&self) -> u64 {
        self.cases - self.skipped
    }

    /// The solver's throughput: the queries that ran over the sum of their own times (not the
    /// wall time of the set, which holds builds, checks and the harness); 0 without a time.
    pub fn queries_per_sec(&self) -> f64 {
        if self.ran_ns == 0 {
            0.0
        } else {
            self.ran() as f64 / (self.ran_ns as f64 * 1e-9)
        }
    }

    /// The `summary.csv` row of these statistics for one solver and set. The fields they do not
    /// give (threads, throughput, build time, agreement, seed, repeats) are zero, false or empty,
    /// for the caller to set with struct update syntax.
    pub fn summary_row(
        &self,
        solver: String,
        algorithm: String,
        encoding: String,
        case_set: String,
    ) -> SummaryRow {
        SummaryRow {
            solver,
            algorithm,
            encoding,
            case_set,
            threads: 0,
            cases: self.cases,
            solved: self.solved,
            over_budget: self.over_budget,
            skipped: self.skipped,
            p5_ns: self.p5_ns,
            median_ns: self.median_ns,
            mean_ns: self.mean_ns,
            p95_ns: self.p95_ns,
            queries_per_sec: 0.0,
            build_ns: None,
            first_build_ns: None,
            builds: 0,
            mean_expanded: self.mean_expanded,
            peak_bytes: self.peak_bytes,
            agree: false,
            seed: 0,
            repeats: 0,
            ran: self.ran(),
            cut_by: String::new(),
            pair_s: 0.0,
            errors: self.errors,
            time_is: TimeIs::Measured,
        }
    }
}

/// What made a result directory (`meta.json`): `merge` refuses to combine directories whose
/// seed or code version differ, and the report shows the machine and the command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    /// The crate version and, when built from a git checkout, its commit.
    pub code_version: String,
    /// Seed of the generated case sets.
    pub seed: u64,
    /// `K/N` for the K-th of N shards; `None` for an unsharded run or a merge.
    pub shard: Option<String>,
    /// The command line that made the results.
    pub command: String,
    /// Start and end, UTC, RFC 3339.
    pub started: String,
    /// See `started`.
    pub finished: String,
    /// CPU model, cores and memory, as one line.
    pub machine: String,
    /// Time budget per query, seconds.
    pub budget_time_s: Option<f64>,
    /// State budget per query.
    pub budget_states: Option<u64>,
    /// Over-budget queries in a row after which a solver sits out the rest of a set.
    pub budget_streak: u32,
    /// Puzzles of at most this many arrangements ran without the time budget (a state budget
    /// bounds them still).
    #[serde(default)]
    pub unbudgeted_up_to: Option<u64>,
    /// Timed repeats per query (at most, with adaptive repeats).
    pub repeats: u32,
    /// Threads each IDA* search ran on (`--search-threads`); 1 in files written before.
    #[serde(default = "one_search_thread")]
    pub search_threads: usize,
    /// Time cap per solver and set, seconds (see `harness::Cap`).
    #[serde(default)]
    pub cap_s: Option<f64>,
    /// With adaptive repeats, a query is timed again while its timings add up to less than
    /// this, seconds.
    #[serde(default)]
    pub repeat_time_s: Option<f64>,
    /// Wall time of the comparison, seconds.
    #[serde(default)]
    pub wall_s: Option<f64>,
    /// The outside programs that ran as solvers, each with its executable's hash.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramMeta>,
    /// The case sets the run was asked for, each as `NAME count N` (a file by its set name),
    /// in order: `merge` refuses shards of runs that differ here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    /// The solvers the run was asked for, in order (outside programs are in `programs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solvers: Vec<String>,
    /// For a merge of only some of a run's shards (`merge --partial`): which are missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial: Option<String>,
    /// The requested solvers and programs that answered no query (the rest of `solvers` and
    /// `programs` answered): a run in which none answered is left marked incomplete.
    #[serde(default)]
    pub idle: Vec<String>,
    /// How the queries were timed: the harness's floor and the batching rule (empty in files
    /// written before).
    #[serde(default, flatten)]
    pub timing: TimingMeta,
}

/// How a run timed its queries, in `meta.json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimingMeta {
    /// The harness's floor per query, ns: the median of a solver that does no work, timed
    /// through the same path as every solver (of a merge: the largest of its shards').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor_ns: Option<u64>,
    /// Queries whose first solve took less than this, ns, were timed in batches of
    /// back-to-back solves (their rows' `time_is` says `repeated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_below_ns: Option<u64>,
    /// What a batch aimed to take, ns: its size is this over the first solve's time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_target_ns: Option<u64>,
    /// Most solves in one batch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_batch: Option<u32>,
    /// Seed of the shuffled order each solver ran a set's cases in (rows are in case order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_seed: Option<u64>,
}

/// An outside program in `meta.json`: `merge` refuses shards that ran different builds of it,
/// or ran it in another mode or under another process limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramMeta {
    /// Its solver id, `program:NAME`.
    pub solver: String,
    /// The command as given.
    pub command: String,
    /// `batch` or `per-case`.
    pub mode: String,
    /// The xxh3-64 hash of the executable and of every file its arguments name, in order.
    pub hash: String,
    /// `--program-limit`, seconds; `None` for no limit. Result sets written before it was
    /// recorded read as `None` and merge only with each other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_s: Option<f64>,
}

/// A solver that sat out a whole case set (`skipped.csv`): it does not take the set's puzzles,
/// its space does not fit the state bound, or the policy finds it too slow for the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkipRow {
    /// Solver id.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// Why it did not run.
    pub reason: String,
}

/// Throughput of one solver at one thread count (`threads.csv`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThreadsRow {
    /// Solver id.
    pub solver: String,
    /// Algorithm part of the id.
    pub algorithm: String,
    /// Encoding part of the id.
    pub encoding: String,
    /// Case set.
    pub case_set: String,
    /// Worker threads.
    pub threads: usize,
    /// Number of cases.
    pub cases: u64,
    /// Wall time of the passes over the set (as many as reach `harness::SWEEP_MIN`), ns.
    pub wall_ns: u64,
    /// Queries per second of wall time, over all the passes.
    pub queries_per_sec: f64,
}

/// One whole-space census (`census.csv`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CensusRow {
    /// Board shape, `WxH`.
    pub shape: String,
    /// `grid` or `torus`.
    pub topology: String,
    /// Reachable states.
    pub states: u64,
    /// Largest distance from the goal.
    pub max_distance: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Peak resident memory of the process, bytes.
    pub peak_bytes: u64,
}

/// Reads every row of a CSV file with a header; the first bad row fails with its file and line.
pub fn read_csv<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>> {
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: is a directory, not a CSV file", path.display()),
        ));
    }
    let file = crate::fsutil::open_regular(path).map_err(|e| Error::io(path.display(), e))?;
    read_csv_from(std::io::BufReader::new(file), path)
}

/// The rows of the CSV text `source` yields, read from the file `path` (named in errors, with
/// the line of the first bad row): a plain file, or the text a decompressor yields.
pub fn read_csv_from<T: DeserializeOwned>(
    source: impl std::io::Read,
    path: &Path,
) -> Result<Vec<T>> {
    let mut reader = csv::Reader::from_reader(source);
    let header = match reader.headers() {
        Ok(h) => Some(h.clone()),
        // A read error here (a stream that is not gzip) would end the rows unseen.
        Err(e) if matches!(e.kind(), csv::ErrorKind::Io(_)) => {
            return Err(Error::new(ErrorKind::Parse, format!("{}: line 1: {e}", path.display())))
        }
        Err(_) => None,
    };
    let mut rows = Vec::new();
    for record in reader.deserialize() {
        match record {
            Ok(row) => rows.push(row),
            Err(e) => {
                // A read error (a gzip stream cut short, say) has no position of its own: it is
                // met on the line after the last row read (the header is line 1).
                let line = e.position().map_or(rows.len() as u64 + 2, csv::Position::line);
                let what = csv_error_text(&e, header.as_ref());
                return Err(Error::new(
                    ErrorKind::Parse,
                    format!("{}: line {line}: {what}", path.display()),
                ));
            }
        }
    }
    Ok(rows)
}

/// What is wrong with a CSV row, a bad value named by its column (`column `threads`: invalid
/// digit found in string`) rather than by csv's 0-based field index.
pub fn csv_error_text(e: &csv::Error, header: Option<&csv::StringRecord>) -> String {
    let csv::ErrorKind::Deserialize { err, .. } = e.kind() else { return e.to_string() };
    let name = err.field().and_then(|i| header.and_then(|h| h.get(i as usize)));
    match (name, err.field()) {
        (Some(name), _) => format!("column `{name}`: {}", err.kind()),
        (None, Some(i)) => format!("column {}: {}", i + 1, err.kind()),
        (None, None) => err.kind().to_string(),
    }
}

/// Rows with a header as CSV bytes.
pub fn csv_bytes<T: Serialize>(rows: &[T]) -> Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.serialize(row).map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    }
    writer.into_inner().map_err(|e| Error::new(ErrorKind::Io, e.to_string()))
}

/// Writes rows with a header to `path`, atomically.
pub fn write_csv<T: Serialize>(path: &Path, rows: &[T]) -> Result<()> {
    write_atomic(path, &csv_bytes(rows)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(THREADS_CSV);
        let row = ThreadsRow {
            solver: "bfs/rank".into(),
            algorithm: "bfs".into(),
            encoding: "rank".into(),
            case_set: "random".into(),
            threads: 2,
            cases: 10,
            wall_ns: 1000,
            queries_per_sec: 1e7,
        };
        write_csv(&path, std::slice::from_ref(&row)).unwrap();
        assert_eq!(read_csv::<ThreadsRow>(&path).unwrap(), vec![row]);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("bfs/rank,bfs,rank,random,two,10,1000,1\n");
        std::fs::write(&path, text).unwrap();
        let err = read_csv::<ThreadsRow>(&path).unwrap_err().to_string();
        assert!(err.contains("threads.csv: line 3: column `threads`: invalid digit"), "{err}");
    }
}

/// How a reader sees each set's solvers named: the registry id, and for a row that uses its
/// shape's own partition (`idastar-pdb`) that partition beside it
/// ([`crate::solver::solver_label`]). The shapes come from the sets' own rows, so a label
/// needs no more than the tables a result set holds; the CSV files keep the bare ids.
#[derive(Clone, Debug, Default)]
pub struct SolverLabels {
    shapes: std::collections::HashMap<String, crate::board::Shape>,
}

impl SolverLabels {
    /// The labels for the sets of `runs` (a set whose rows name no readable shape keeps bare ids).
    pub fn of(runs: &[RunRow]) -> SolverLabels {
        let mut shapes = std::collections::HashMap::new();
        for r in runs {
            if !shapes.contains_key(&r.case_set) {
                if let Ok(shape) = r.shape.parse() {
                    shapes.insert(r.case_set.clone(), shape);
                }
            }
        }
        SolverLabels { shapes }
    }

    /// `solver` as shown on `set`.
    pub fn label(&self, solver: &str, set: &str) -> String {
        self.shapes
            .get(set)
            .map_or_else(|| solver.to_string(), |&shape| crate::solver::solver_label(solver, shape))
    }
}
