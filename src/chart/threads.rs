//! Queries per second against worker threads, for the solvers the sweep timed again.

use super::style::{line_chart, plural, Axis, DrawResult, Extras, Scale, SolverSeries, Unit};
use super::{board_of, pick_set};
use crate::report::ThreadsRow;
use std::collections::BTreeMap;

pub(super) fn threads_chart(rows: &[ThreadsRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(rows.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows: Vec<&ThreadsRow> = rows.iter().filter(|r| r.case_set == set).collect();
    let mut by_solver: BTreeMap<&str, (&ThreadsRow, BTreeMap<usize, f64>)> = BTreeMap::new();
    for r in &rows {
        by_solver
            .entry(&r.solver)
            .or_insert_with(|| (r, BTreeMap::new()))
            .1
            .entry(r.threads)
            .or_insert(r.queries_per_sec);
    }
    let series: Vec<SolverSeries> = by_solver
        .values()
        .map(|(first, points)| SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points: points.iter().map(|(&t, &q)| (t as f64, q)).collect(),
        })
        .collect();
    let x = Axis::over(
        "worker threads",
        Scale::Linear,
        Unit::Whole,
        rows.iter().map(|r| r.threads as f64),
    );
    let y = Axis::over(
        "queries per second",
        Scale::Log,
        Unit::Plain,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.1)),
    );
    let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
    let title = format!(
        "Throughput vs worker threads: {} on the {set} set ({} {} boards a run)",
        plural(series.len() as u64, "solver", "solvers"),
        cases,
        board_of(set)
    );
    line_chart(&title, &series, &x, &y, &Extras::default()).map(Some)
}
