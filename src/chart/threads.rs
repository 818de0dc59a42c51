//! Speed-up against worker threads for the solvers the sweep timed again: each solver's
//! queries per second over its own on one thread, on linear axes beside the ideal (n threads,
//! n times as fast), so that a line below the diagonal shows what the threads did not give.

use super::style::{line_chart, plural, Axis, DrawResult, Extras, Scale, SolverSeries, Unit};
use super::{board_of, pick_set};
use crate::report::ThreadsRow;
use std::collections::BTreeMap;

/// Shortest run, ns, whose speed-up the chart draws: a run of a millisecond or two (a table's
/// lookups) measures thread start-up, not scaling.
pub(super) const MIN_RUN_NS: u64 = 10_000_000;

pub(super) fn threads_chart(rows: &[ThreadsRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(rows.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows: Vec<&ThreadsRow> = rows.iter().filter(|r| r.case_set == set).collect();
    let mut by_solver: BTreeMap<&str, (&ThreadsRow, BTreeMap<usize, &ThreadsRow>)> =
        BTreeMap::new();
    for r in &rows {
        by_solver
            .entry(&r.solver)
            .or_insert_with(|| (r, BTreeMap::new()))
            .1
            .entry(r.threads)
            .or_insert(r);
    }
    let mut too_short = Vec::new();
    let mut series = Vec::new();
    for (solver, (first, runs)) in &by_solver {
        let Some(one) = runs.get(&1).filter(|r| r.queries_per_sec > 0.0) else {
            continue;
        };
        if runs.values().any(|r| r.wall_ns < MIN_RUN_NS) {
            too_short.push(*solver);
            continue;
        }
        series.push(SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points: runs
                .iter()
                .map(|(&t, r)| (t as f64, r.queries_per_sec / one.queries_per_sec))
                .collect(),
        });
    }
    if series.is_empty() {
        return Ok(None);
    }
    let most = rows.iter().map(|r| r.threads).max().unwrap_or(1).max(2) as f64;
    let x = Axis {
        desc: "worker threads".into(),
        scale: Scale::Linear,
        unit: Unit::Whole,
        lo: 0.8,
        hi: most + 0.2,
    };
    let top = series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).fold(most, f64::max);
    // From 0, so a line's height is its speed-up to the eye.
    let y = Axis {
        desc: "speed-up over one thread".into(),
        scale: Scale::Linear,
        unit: Unit::Plain,
        lo: 0.0,
        hi: top * 1.08,
    };
    let mut extras =
        Extras { diagonal: Some("ideal: n threads, n times as fast".into()), ..Extras::default() };
    if !too_short.is_empty() {
        extras.note = Some(format!(
            "left out, runs under {} ms too short to show scaling: {}",
            MIN_RUN_NS / 1_000_000,
            too_short.join(", ")
        ));
    }
    let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
    let title = format!(
        "Speed-up against worker threads: {} on the {set} set ({} {} boards a run)",
        plural(series.len() as u64, "solver", "solvers"),
        cases,
        board_of(set)
    );
    line_chart(&title, &series, &x, &y, &extras).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(solver: &str, threads: usize, wall_ns: u64, qps: f64) -> ThreadsRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap();
        ThreadsRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: "random".into(),
            threads,
            cases: 1000,
            wall_ns,
            queries_per_sec: qps,
        }
    }

    /// Speed-up over one thread beside the ideal diagonal; a run of a millisecond (a table's
    /// lookups) is named as too short, not drawn.
    #[test]
    fn runs_too_short_are_left_out_and_the_ideal_is_drawn() {
        let rows = [
            row("bfs/rank", 1, 2_000_000_000, 500.0),
            row("bfs/rank", 2, 1_100_000_000, 900.0),
            row("table/rank", 1, 2_000_000, 5e5),
            row("table/rank", 2, 1_000_000, 1e6),
        ];
        let svg = threads_chart(&rows).unwrap().expect("drawn");
        assert!(svg.contains("Speed-up against worker threads: 1 solver"), "{svg}");
        assert!(svg.contains("too short to show scaling: table/rank"));
        assert!(svg.contains("ideal: n threads, n times as fast"));
        assert!(svg.contains("bfs/rank"));
        let only_short = [rows[2].clone(), rows[3].clone()];
        assert!(threads_chart(&only_short).unwrap().is_none());
    }
}
