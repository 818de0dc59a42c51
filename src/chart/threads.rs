//! Speed-up against worker threads for the solvers the sweep timed again: each solver's
//! queries per second over its own on one thread, on linear axes beside the ideal (n threads,
//! n times as fast), so that a line below the diagonal shows what the threads did not give.

use super::lint::MAX_SERIES;
use super::style::{
    bar_chart, left_out_note, line_chart, num, pick, plural, solver_colour, Axis, Bar, Candidate,
    DrawResult, Extras, Rule, Scale, SolverSeries, Unit,
};
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
            shape: None,
        });
    }
    if series.is_empty() {
        return Ok(None);
    }
    let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
    let counts: std::collections::BTreeSet<usize> =
        rows.iter().map(|r| r.threads).filter(|&t| t >= 1).collect();
    let too_short = (!too_short.is_empty()).then(|| {
        format!(
            "left out, runs under {} ms too short to show scaling: {}",
            MIN_RUN_NS / 1_000_000,
            too_short.join(", ")
        )
    });
    if counts.len() < 3 {
        return speedup_bars(&series, set, cases, too_short).map(Some);
    }
    let most = counts.iter().copied().max().unwrap_or(2) as f64;
    // From one thread: no thread count (nor the ideal) lies left of it.
    let x = Axis {
        desc: "worker threads".into(),
        scale: Scale::Linear,
        unit: Unit::Whole,
        lo: 1.0,
        hi: most,
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
    let extras = Extras {
        diagonal: Some("ideal: n threads, n times as fast".into()),
        note: too_short,
        score: Some(|s| -s.points.last().map_or(0.0, |p| p.1)),
        ..Extras::default()
    };
    let title = format!(
        "Speed-up against worker threads: {} on the {set} set ({} {} boards a run)",
        plural(series.len() as u64, "solver", "solvers"),
        cases,
        board_of(set)
    );
    line_chart(&title, &series, &x, &y, &extras).map(Some)
}

/// With fewer than three thread counts (1 and 2 on a two-core machine) a line has two points
/// and says nothing a bar does not: the speed-up at the most threads as one bar a solver,
/// largest first, beside the ideal (as many times as threads). At most `MAX_SERIES` bars: the
/// defaults and the best of each family.
fn speedup_bars(
    series: &[SolverSeries],
    set: &str,
    cases: u64,
    note: Option<String>,
) -> DrawResult<String> {
    let at_most: Vec<(&SolverSeries, f64, f64)> = series
        .iter()
        .filter_map(|s| s.points.last().map(|&(t, v)| (s, t, v)))
        .filter(|&(_, t, _)| t > 1.0)
        .collect();
    let ids: Vec<String> = at_most.iter().map(|(s, _, _)| s.id()).collect();
    let items: Vec<Candidate<'_>> = at_most
        .iter()
        .zip(&ids)
        .map(|((s, _, v), id)| Candidate {
            ids: vec![id.as_str()],
            algorithm: &s.algorithm,
            score: -v,
        })
        .collect();
    let mut kept: Vec<usize> = pick(&items, MAX_SERIES, &[]);
    kept.sort_by(|&a, &b| at_most[b].2.total_cmp(&at_most[a].2).then_with(|| ids[a].cmp(&ids[b])));
    let most = at_most.iter().map(|p| p.1).fold(2.0, f64::max);
    let bars: Vec<Bar> = kept
        .iter()
        .map(|&i| {
            let (s, t, v) = at_most[i];
            Bar {
                label: ids[i].clone(),
                value: v,
                colour: solver_colour(&s.algorithm, &s.encoding),
                text: Some(format!("{}× on {}", num(v), plural(t as u64, "thread", "threads"))),
            }
        })
        .collect();
    let mut axis = Axis::over(
        "queries per second over the same solver's on one thread",
        Scale::Linear,
        Unit::Plain,
        bars.iter().map(|b| b.value).chain([0.0, most]),
    );
    axis.lo = 0.0;
    let title = format!(
        "Speed-up on {} over one: {} of {} solvers on the {set} set ({cases} {} boards a run)",
        plural(most as u64, "worker thread", "worker threads"),
        bars.len(),
        at_most.len(),
        board_of(set)
    );
    let mut parts = vec![format!(
        "dashed line: the ideal, {}× on {}",
        num(most),
        plural(most as u64, "thread", "threads")
    )];
    parts.extend(note);
    parts.extend(left_out_note(at_most.len() - bars.len(), at_most.len(), "solvers"));
    let rule = Rule { label: String::new(), horizontal: false, value: most };
    bar_chart(&title, &parts.join("   ·   "), &bars, &axis, Some(&rule))
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
            row("bfs/rank", 3, 800_000_000, 1250.0),
            row("table/rank", 1, 2_000_000, 5e5),
            row("table/rank", 2, 1_000_000, 1e6),
        ];
        let svg = threads_chart(&rows).unwrap().expect("drawn");
        assert!(svg.contains("Speed-up against worker threads: 1 solver"), "{svg}");
        assert!(svg.contains("too short to show scaling: table/rank"));
        assert!(svg.contains("ideal: n threads, n times as fast"));
        assert!(svg.contains("bfs/rank"));
        let only_short = [rows[3].clone(), rows[4].clone()];
        assert!(threads_chart(&only_short).unwrap().is_none());
    }

    /// With one and two threads only, each solver's speed-up is a bar against the ideal 2×,
    /// not a line of two points.
    #[test]
    fn two_thread_counts_are_drawn_as_speed_up_bars() {
        let rows = [
            row("bfs/rank", 1, 2_000_000_000, 500.0),
            row("bfs/rank", 2, 1_100_000_000, 900.0),
            row("astar/rank", 1, 2_000_000_000, 400.0),
            row("astar/rank", 2, 1_000_000_000, 780.0),
        ];
        let svg = threads_chart(&rows).unwrap().expect("drawn");
        assert!(svg.contains("Speed-up on 2 worker threads over one: 2 of 2 solvers"), "{svg}");
        assert!(svg.contains("1.8× on 2 threads"), "{svg}");
        assert!(svg.contains("1.95× on 2 threads"), "{svg}");
        assert!(!svg.contains("ideal: n threads"), "a diagonal drawn for two points");
        assert_eq!(crate::chart::lint::lint_svg(&svg), Vec::<String>::new());
    }
}
