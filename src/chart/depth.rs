//! Time and states expanded per query against the optimal distance of the boards, from the
//! `depth` set (boards at every distance), one line per solver, one panel per family.

use super::style::{
    line_chart, plural, untimed_note, Axis, DrawResult, Extras, Scale, SolverSeries, Unit,
};
use super::DEPTH_SET;
use crate::harness::PROGRAM_ALGORITHM as PROGRAM;
use crate::report::RunRow;
use crate::stats::midpoint_median;
use std::collections::{BTreeMap, BTreeSet};

/// Which measure the chart draws.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Measure {
    /// Median time per query.
    Time,
    /// Mean states expanded per query.
    Expanded,
}

pub(super) fn depth_chart(runs: &[RunRow], measure: Measure) -> DrawResult<Option<String>> {
    let depth: Vec<&RunRow> =
        runs.iter().filter(|r| r.case_set == DEPTH_SET && r.optimal.is_some()).collect();
    // Each solver at its fewest threads: outside programs run on one, the built-in solvers
    // on the run's count, and a minimum over all rows would leave only the programs.
    let mut fewest: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &depth {
        let t = fewest.entry(&r.solver).or_insert(r.threads);
        *t = (*t).min(r.threads);
    }
    let depth: Vec<&RunRow> =
        depth.into_iter().filter(|r| fewest.get(r.solver.as_str()) == Some(&r.threads)).collect();
    let (Some(lo), Some(hi)) = (fewest.values().min(), fewest.values().max()) else {
        return Ok(None);
    };
    let threads = if lo == hi {
        plural(*lo as u64, "thread", "threads")
    } else {
        format!("{lo} to {hi} threads")
    };
    let cases: BTreeSet<u64> = depth.iter().map(|r| r.case_id).collect();
    let shape = depth.first().map_or("3x3", |r| r.shape.as_str()).to_string();
    // solver -> optimal -> rows that finished (a query cut or over budget has no time)
    let mut groups: BTreeMap<&str, (&RunRow, BTreeMap<u64, Vec<&RunRow>>)> = BTreeMap::new();
    for r in &depth {
        let g = groups.entry(&r.solver).or_insert_with(|| (r, BTreeMap::new()));
        if r.outcome == crate::report::Outcome::Solved {
            g.1.entry(r.optimal.unwrap_or(0)).or_default().push(r);
        }
    }
    let series: Vec<SolverSeries> = groups
        .values()
        .map(|(first, by_depth)| SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points: by_depth
                .iter()
                .filter_map(|(&d, rows)| {
                    // Only what was measured: a distance with none of it has no point.
                    let mut got: Vec<u64> = rows
                        .iter()
                        .filter_map(|r| match measure {
                            Measure::Time => r.own_time_ns(),
                            Measure::Expanded => r.expanded,
                        })
                        .collect();
                    if got.is_empty() {
                        return None;
                    }
                    let y = match measure {
                        Measure::Time => midpoint_median(&mut got) / 1e9,
                        Measure::Expanded => {
                            got.iter().map(|&e| e as f64).sum::<f64>() / got.len() as f64
                        }
                    };
                    Some((d as f64, y))
                })
                .collect(),
            shape: shape.parse().ok(),
        })
        .collect();
    // A solver that measured none of it is not drawn (nor counted in the title); a program
    // timed per batch has no query timed alone to draw, and the note says so.
    let untimed =
        series.iter().filter(|s| s.points.is_empty()).filter(|s| s.algorithm == PROGRAM).count();
    let series: Vec<SolverSeries> = series.into_iter().filter(|s| !s.points.is_empty()).collect();
    if series.is_empty() {
        return Ok(None);
    }
    let x = Axis::over(
        "optimal distance (moves)",
        Scale::Linear,
        Unit::Whole,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.0)),
    );
    let (what, desc, unit) = match measure {
        Measure::Time => ("Median time per query", "median time per query", Unit::Seconds),
        Measure::Expanded => ("Mean states expanded", "mean states expanded", Unit::Plain),
    };
    let y = Axis::over(
        desc,
        Scale::Log,
        unit,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.1)),
    );
    let title = format!(
        "{what} vs optimal distance: {} on the {DEPTH_SET} set ({} {shape} boards, {threads})",
        plural(series.len() as u64, "solver", "solvers"),
        cases.len(),
    );
    let extras = Extras {
        note: if measure == Measure::Time { untimed_note(untimed) } else { None },
        ..Extras::default()
    };
    line_chart(&title, &series, &x, &y, &extras).map(Some)
}
