//! Charts of the result tables, as SVG files drawn without system fonts or libraries.
//!
//! [`CHARTS`] lists every chart as (file name, what it shows, drawing function); `chart`,
//! `report` and the CI's PNG check (`scripts/check-charts.sh`, through `slidebench chart
//! --list`) all read it. Each chart lives in its own file under `chart/`, and what they share
//! (fixed colours per algorithm, line styles per encoding, axes in human units, panels per
//! family, bar charts) in `style`.
//!
//! Summary charts use the case set named [`PREFERRED_SET`] when it is present and otherwise the
//! first set in file order; the depth charts use the runs of the set named [`DEPTH_SET`]. When a
//! table holds a solver more than once for a set (several thread counts), the row with the fewest
//! threads is used. Every chart is rendered whole in memory and then written atomically, so an
//! interrupted run never leaves a half-written SVG; a chart with no data is skipped, not written.

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::write_atomic;
use crate::report::set::ResultSet;
use crate::report::{
    CensusRow, RunRow, SummaryRow, ThreadsRow, CENSUS_CSV, SUMMARY_CSV, THREADS_CSV,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod break_even;
mod census;
mod depth;
mod korf;
pub mod lint;
mod median_time;
mod rank_speedup;
mod scaling;
mod style;
mod threads;

use style::DrawResult;

/// Case set the summary charts prefer (the uniformly random boards).
pub const PREFERRED_SET: &str = "random";
/// Case set of `runs.csv` the depth charts are drawn from (boards spread over distances).
pub const DEPTH_SET: &str = "depth";
/// Case set of Korf's 100 instances (4x4, published optimal lengths).
pub const KORF_SET: &str = "korf100";

/// File name of the median-time chart.
pub const MEDIAN_TIME_SVG: &str = "median-time.svg";
/// File name of the time-against-distance chart.
pub const TIME_VS_DEPTH_SVG: &str = "time-vs-depth.svg";
/// File name of the expanded-states-against-distance chart.
pub const EXPANDED_VS_DEPTH_SVG: &str = "expanded-vs-depth.svg";
/// File name of the table break-even chart.
pub const TABLE_BREAK_EVEN_SVG: &str = "table-break-even.svg";
/// File name of the rank-over-text speed-up chart.
pub const RANK_SPEEDUP_SVG: &str = "rank-speedup.svg";
/// File name of the thread-scaling chart.
pub const THREADS_SVG: &str = "threads.svg";
/// File name of the census chart.
pub const CENSUS_SVG: &str = "census.svg";
/// File name of the Korf's 100 time-per-instance chart.
pub const KORF_TIMES_SVG: &str = "korf100-times.svg";
/// File name of the Korf's 100 nodes-per-heuristic chart.
pub const KORF_NODES_SVG: &str = "korf100-nodes.svg";
/// File name of the time and over-budget share against state-space size chart.
pub const WHERE_IT_STOPS_SVG: &str = "where-it-stops.svg";
/// File name of the pattern database break-even chart.
pub const PDB_BREAK_EVEN_SVG: &str = "pdb-break-even.svg";

/// The tables a chart is drawn from, read and checked once.
pub struct ChartData {
    runs: Vec<RunRow>,
    summary: Vec<SummaryRow>,
    threads: Option<Vec<ThreadsRow>>,
    census: Option<Vec<CensusRow>>,
    /// The run's time budget per query, ns, when meta.json gives one.
    budget_ns: Option<f64>,
}

/// One chart: its file, what it shows (the report's caption), and how it is drawn (`None`
/// when the tables hold no data for it).
pub struct Chart {
    /// File name of the SVG.
    pub file: &'static str,
    /// One line on what it shows.
    pub what: &'static str,
    /// What of the solvers' measurements its values are, so that a test can hold every chart
    /// to drawing only what was measured.
    pub draws: Draws,
    /// Draws it.
    pub draw: fn(&ChartData) -> DrawResult<Option<String>>,
}

/// What a chart draws of the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draws {
    /// States expanded or nodes: a solver that does not count them has no point.
    States,
    /// Times per query: a solver whose time was not measured has no point.
    Time,
    /// Something else (throughput, ratios of times, a census).
    Other,
}

/// Every file drawn from a result set: the charts and the report page.
pub fn drawn_files() -> impl Iterator<Item = &'static str> {
    CHARTS.iter().map(|c| c.file).chain([crate::report::INDEX_HTML])
}

/// Every chart, in the order they are drawn and the report shows them.
pub const CHARTS: [Chart; 11] = [
    Chart {
        file: WHERE_IT_STOPS_SVG,
        what: "median time per solved query against the size of the state space, on uniformly random boards of each size",
        draws: Draws::Time,
        draw: |d| scaling::where_it_stops(&d.runs),
    },
    Chart {
        file: MEDIAN_TIME_SVG,
        what: "median time per solved query of every solver on the random 3x3 boards",
        draws: Draws::Time,
        draw: |d| {
            median_time::median_time(&d.summary, &crate::report::SolverLabels::of(&d.runs))
        },
    },
    Chart {
        file: TIME_VS_DEPTH_SVG,
        what: "median time per query against optimal distance, per family",
        draws: Draws::Time,
        draw: |d| depth::depth_chart(&d.runs, depth::Measure::Time),
    },
    Chart {
        file: EXPANDED_VS_DEPTH_SVG,
        what: "mean states expanded per query against optimal distance, per family",
        draws: Draws::States,
        draw: |d| depth::depth_chart(&d.runs, depth::Measure::Expanded),
    },
    Chart {
        file: TABLE_BREAK_EVEN_SVG,
        what: "total time for Q queries, table build included, against the best of each family",
        draws: Draws::Time,
        draw: |d| break_even::table_break_even(&d.summary),
    },
    Chart {
        file: RANK_SPEEDUP_SVG,
        what: "median time with the text encoding over median time with ranks, per algorithm",
        draws: Draws::Other,
        draw: |d| rank_speedup::rank_speedup(&d.summary),
    },
    Chart {
        file: THREADS_SVG,
        what: "speed-up over one thread against worker threads, beside the ideal",
        draws: Draws::Other,
        draw: |d| d.threads.as_deref().map_or(Ok(None), threads::threads_chart),
    },
    Chart {
        file: CENSUS_SVG,
        what: "whole-space census time and peak memory against reachable states",
        draws: Draws::Other,
        draw: |d| d.census.as_deref().map_or(Ok(None), census::census_chart),
    },
    Chart {
        file: KORF_TIMES_SVG,
        what: "instances of Korf's 100 each solver solved within a time per instance (cactus plot)",
        draws: Draws::Time,
        draw: |d| korf::times(&d.runs, d.budget_ns),
    },
    Chart {
        file: KORF_NODES_SVG,
        what: "mean nodes per solver on Korf's 100 next to the published means",
        draws: Draws::States,
        draw: |d| korf::nodes(&d.runs),
    },
    Chart {
        file: PDB_BREAK_EVEN_SVG,
        what: "pattern database build plus Q queries against searches without one (Korf's 100)",
        draws: Draws::Time,
        draw: |d| korf::pdb_break_even(&d.summary, &d.runs),
    },
];

/// The chart named `file`, if [`CHARTS`] has it.
pub fn chart_named(file: &str) -> Option<&'static Chart> {
    CHARTS.iter().find(|c| c.file == file)
}

/// Redraws every chart it has data for from the CSV files in `from`, writing SVGs into `out`.
/// Returns the paths written. Missing runs.csv or summary.csv is an error naming the file;
/// threads.csv, census.csv and meta.json are optional (charts without data are skipped).
pub fn draw_all(from: &Path, out: &Path) -> Result<Vec<PathBuf>> {
    let charts = render_all(from)?;
    let mut written = Vec::with_capacity(charts.len());
    for (name, svg) in charts {
        let path = out.join(name);
        write_atomic(&path, svg.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

/// Every chart there is data for in `from`, as `(file name, SVG text)` in [`CHARTS`] order,
/// rendered in memory and written nowhere (the HTML report inlines them).
pub fn render_all(from: &Path) -> Result<Vec<(&'static str, String)>> {
    render_set(&ResultSet::open(from)?)
}

/// Every chart there is data for in `set`, opened already ([`render_all`]).
pub fn render_set(set: &ResultSet) -> Result<Vec<(&'static str, String)>> {
    let data = read_set(set)?;
    // Render everything first, so a failure writes nothing.
    let mut charts = Vec::new();
    for c in &CHARTS {
        match (c.draw)(&data) {
            Ok(Some(svg)) => charts.push((c.file, svg)),
            Ok(None) => {}
            Err(e) => {
                return Err(Error::new(ErrorKind::Io, format!("{}: drawing failed: {e}", c.file)))
            }
        }
    }
    Ok(charts)
}

/// Reads and checks the tables of the result set in `from`.
pub fn read_data(from: &Path) -> Result<ChartData> {
    read_set(&ResultSet::open(from)?)
}

/// Reads and checks the tables of `set`, opened already.
pub fn read_set(set: &ResultSet) -> Result<ChartData> {
    let from = set.dir();
    let needed = " (needed to draw the charts)";
    // A set of several rounds holds a row a case a round: draw each case's median.
    let runs = crate::report::median_over_rounds(set.runs(needed)?);
    let summary: Vec<SummaryRow> = set.summary(needed)?;
    let threads: Option<Vec<ThreadsRow>> = set.threads()?;
    let census: Option<Vec<CensusRow>> = set.table(CENSUS_CSV)?;
    let meta = set.meta()?;
    let path = from.join(SUMMARY_CSV);
    for (i, r) in summary.iter().enumerate() {
        check_value(&path, i, "mean_ns", r.mean_ns)?;
        check_value(&path, i, "queries_per_sec", r.queries_per_sec)?;
        check_value(&path, i, "mean_expanded", r.mean_expanded)?;
    }
    let path = from.join(THREADS_CSV);
    for (i, r) in threads.iter().flatten().enumerate() {
        check_value(&path, i, "queries_per_sec", r.queries_per_sec)?;
    }
    let path = from.join(CENSUS_CSV);
    for (i, r) in census.iter().flatten().enumerate() {
        check_value(&path, i, "seconds", r.seconds)?;
    }
    let budget_ns = meta
        .as_ref()
        .and_then(|m| m.budget_time_s)
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_CHART_VALUE)
        .map(|s| s * 1e9);
    Ok(ChartData { runs, summary, threads, census, budget_ns })
}

/// Largest magnitude a measured value may have: far beyond any real time, rate or count, and far
/// below where axis arithmetic (a decade above the largest value) overflows.
pub const MAX_CHART_VALUE: f64 = 1e30;

/// Refuses an infinite or absurd value, naming the file, its line (row `index` sits on line
/// `index + 2`, after the header) and the column. NaN stands for "not measured" and is drawn
/// as a missing point.
fn check_value(path: &Path, index: usize, column: &str, v: f64) -> Result<()> {
    if v.is_nan() || v.abs() <= MAX_CHART_VALUE {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::Parse,
        format!(
            "{}: line {}: column `{column}`: value {v} is out of range (at most \
             {MAX_CHART_VALUE:e} in magnitude)",
            path.display(),
            index + 2
        ),
    ))
}

// ---------------------------------------------------------------------------------------------
// Data selection

/// The preferred set if any row has it, else the first set in row order.
fn pick_set<'a>(sets: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut first = None;
    for set in sets {
        if set == PREFERRED_SET {
            return Some(set);
        }
        first.get_or_insert(set);
    }
    first
}

/// The summary rows of `set`, one per solver (fewest threads wins), sorted by solver id.
fn summary_of<'a>(summary: &'a [SummaryRow], set: &str) -> Vec<&'a SummaryRow> {
    let mut by_solver: BTreeMap<&str, &SummaryRow> = BTreeMap::new();
    for row in summary.iter().filter(|r| r.case_set == set) {
        by_solver
            .entry(&row.solver)
            .and_modify(|kept| {
                if row.threads < kept.threads {
                    *kept = row;
                }
            })
            .or_insert(row);
    }
    by_solver.into_values().collect()
}

fn cases_of(rows: &[&SummaryRow]) -> u64 {
    rows.iter().map(|r| r.cases).max().unwrap_or(0)
}

/// The board a set name gives (`random:2x5` is 2x5), 3x3 for the plain names.
fn board_of(set: &str) -> &str {
    set.split(':').nth(1).unwrap_or(if set == KORF_SET { "4x4" } else { "3x3" })
}

#[cfg(test)]
mod tests;
