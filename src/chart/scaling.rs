//! Where each technique stops: median time per solved query and the share of queries over
//! budget, against the size of the state space, one line per solver, over every grid shape in
//! `runs.csv`.

use super::style::untimed_note;
use super::style::{line_chart, plural, Axis, DrawResult, Extras, Mark, Scale, SolverSeries, Unit};
use crate::board::Shape;
use crate::cases::SetKind;
use crate::report::{Outcome, RunRow};
use crate::stats::midpoint_median;
use std::collections::{BTreeMap, BTreeSet};

/// Reachable arrangements of a `WxH` grid puzzle: half of all (W·H)! permutations. `None` for
/// a shape that does not parse or a torus (whose reachable share differs).
pub fn grid_states(shape: &str) -> Option<f64> {
    let shape: Shape = shape.parse().ok()?;
    let cells = shape.cells();
    Some((1..=cells).map(|k| k as f64).product::<f64>() / 2.0)
}

/// Per solver: states of the space -> (median ms of solved queries, share stopped).
type Points = BTreeMap<String, (String, String, BTreeMap<u128, (f64, f64)>)>;

/// Times of the solved queries, queries stopped, all queries.
type Tally = (Vec<u64>, u64, u64);

/// Whether the set `name` holds uniformly random boards of its size, so that every size is
/// measured on the same kind of case: `random` and `all`, and Korf's 100 and Korf & Felner's 50
/// when whole (a shorter run of them is their easiest instances). Walks and the `depth` set are
/// as hard as they were made, which differs from size to size.
fn uniform_random(name: &str, cases: usize) -> bool {
    match name.split(':').next().unwrap_or_default().parse::<SetKind>() {
        Ok(SetKind::Random | SetKind::All) => true,
        Ok(SetKind::Korf100) => cases == 100,
        Ok(SetKind::Korf50) => cases == 50,
        _ => false,
    }
}

/// The rows of the sets of uniformly random boards ([`uniform_random`]).
fn uniform_rows(runs: &[RunRow]) -> Vec<&RunRow> {
    let mut cases: BTreeMap<&str, BTreeSet<u64>> = BTreeMap::new();
    for r in runs {
        cases.entry(&r.case_set).or_default().insert(r.case_id);
    }
    runs.iter().filter(|r| uniform_random(&r.case_set, cases[r.case_set.as_str()].len())).collect()
}

fn points(runs: &[&RunRow]) -> (Points, BTreeSet<String>) {
    // solver -> shape -> (solved times, stopped, all)
    let mut groups: BTreeMap<&str, BTreeMap<&str, Tally>> = BTreeMap::new();
    let mut first: BTreeMap<&str, &RunRow> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.topology == "grid" && grid_states(&r.shape).is_some()) {
        first.entry(&r.solver).or_insert(r);
        let g = groups.entry(&r.solver).or_default().entry(&r.shape).or_default();
        g.2 += 1;
        match r.outcome {
            // A solved query whose own time was not measured (a program's share of a batch)
            // has no point to give.
            Outcome::Solved => g.0.extend(r.own_time_ns()),
            Outcome::Budget | Outcome::Skipped => g.1 += 1,
            Outcome::Unsolvable | Outcome::Error => {}
        }
    }
    let mut shapes = BTreeSet::new();
    let mut out = Points::new();
    for (solver, by_shape) in groups {
        let r = first[solver];
        let mut pts = BTreeMap::new();
        for (shape, (mut times, stopped, all)) in by_shape {
            shapes.insert(shape.to_string());
            let states = grid_states(shape).unwrap_or(1.0);
            let share = stopped as f64 / all.max(1) as f64;
            // u128: the 5×5's 7.8·10²⁴ states are past u64.
            pts.insert(states as u128, (midpoint_median(&mut times) / 1e6, share));
        }
        out.insert(solver.to_string(), (r.algorithm.clone(), r.encoding.clone(), pts));
    }
    (out, shapes)
}

/// A cross for each size where half or more of a drawn solver's queries stopped, at its
/// median or, with none solved, at `top`. A solver left off the chart gets none: its cross
/// would stand unnamed, in the colour of another program's line.
fn stop_marks(points: &Points, drawn: impl Fn(&str) -> bool, top: f64) -> Vec<Mark> {
    let mut marks = Vec::new();
    for (a, e, pts) in points.iter().filter(|(solver, _)| drawn(solver)).map(|(_, p)| p) {
        for (&states, &(t, share)) in pts {
            if share >= 0.5 {
                let at = (states as f64, if t.is_finite() { t / 1e3 } else { top });
                marks.push(Mark { algorithm: a.clone(), encoding: e.clone(), at });
            }
        }
    }
    marks
}

/// c. Median time per solved query against state-space size (log), one panel per family;
/// a cross marks a size where half or more of a solver's queries went over budget or were cut.
/// Needs runs on at least two grid shapes.
pub(super) fn where_it_stops(runs: &[RunRow]) -> DrawResult<Option<String>> {
    let runs = uniform_rows(runs);
    let (points, shapes) = points(&runs);
    if shapes.len() < 2 {
        return Ok(None);
    }
    // A solver that solved queries here without its own time for any of them (an outside
    // program timed per batch) has nothing to draw: no line, no "none solved" on the floor.
    let timed = |solver: &str| {
        let solved = |r: &&&RunRow| r.solver == solver && r.outcome == Outcome::Solved;
        let mut rows = runs.iter().filter(solved).peekable();
        rows.peek().is_none() || rows.any(|r| r.own_time_ns().is_some())
    };
    let untimed = points.keys().filter(|s| !timed(s)).count();
    let series: Vec<SolverSeries> = points
        .iter()
        .filter(|(solver, _)| timed(solver))
        .map(|(_, (a, e, pts))| SolverSeries {
            algorithm: a.clone(),
            encoding: e.clone(),
            points: pts
                .iter()
                .filter(|(_, (t, _))| t.is_finite())
                .map(|(&s, &(t, _))| (s as f64, t / 1e3))
                .collect(),
            shape: None,
        })
        .collect();
    let x = Axis::over(
        "reachable states",
        Scale::Log,
        Unit::Plain,
        shapes.iter().filter_map(|s| grid_states(s)),
    );
    let y = Axis::over(
        "median time per solved query",
        Scale::Log,
        Unit::Seconds,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.1)),
    );
    let mut extras = Extras {
        cross_meaning: Some("half or more of the queries over budget or cut".into()),
        note: untimed_note(untimed),
        ..Extras::default()
    };
    extras.crosses = stop_marks(&points, timed, 10f64.powf(y.hi));
    let mut sorted: Vec<&String> = shapes.iter().collect();
    sorted.sort_by(|a, b| grid_states(a).unwrap_or(0.0).total_cmp(&grid_states(b).unwrap_or(0.0)));
    let title = format!(
        "Where each technique stops: {} on uniformly random boards of {} ({})",
        plural(series.len() as u64, "solver", "solvers"),
        plural(shapes.len() as u64, "board size", "board sizes"),
        sorted.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
    );
    line_chart(&title, &series, &x, &y, &extras).map(Some)
}

#[cfg(test)]
mod tests {
    use super::super::{render_all, WHERE_IT_STOPS_SVG};
    use super::*;
    use crate::report::{write_csv, SummaryRow, RUNS_CSV, SUMMARY_CSV};

    fn run(solver: &str, shape: &str, case_id: u64, outcome: Outcome) -> RunRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap();
        RunRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: format!("random:{shape}"),
            case_id,
            shape: shape.into(),
            topology: "grid".into(),
            board: String::new(),
            goal: String::new(),
            ch: 1,
            cv: 1,
            optimal: Some(10),
            outcome,
            solvable: true,
            length: Some(10),
            cost: Some(10),
            expanded: Some(10),
            stored: Some(10),
            time_ns: Some(1_000 * (case_id + 1)),
            repeats: 1,
            peak_bytes: Some(0),
            threads: 1,
            reference: None,
            time_is: Some(crate::report::QueryTimeIs::Measured),
            round: 1,
            resumed: None,
            redone_nodes: None,
            search_threads: 1,
        }
    }

    #[test]
    #[allow(clippy::float_cmp)] // products of small integers are exact
    fn grid_states_are_half_the_permutations() {
        assert_eq!(grid_states("3x3"), Some(181_440.0));
        assert_eq!(grid_states("2x3"), Some(360.0));
        assert_eq!(grid_states("4x3"), Some(239_500_800.0));
        assert!((grid_states("4x4").unwrap() / 1.046e13 - 1.0).abs() < 1e-3);
        assert_eq!(grid_states("nonsense"), None);
    }

    /// The 5×5's 7.8·10²⁴ states are past u64: its point stands there, not at `u64::MAX`.
    #[test]
    fn a_five_by_five_point_stands_at_its_own_space_size() {
        let runs = [
            run("idastar-md/packed", "4x4", 0, Outcome::Solved),
            run("idastar-md/packed", "5x5", 0, Outcome::Solved),
        ];
        let (points, _) = points(&runs.iter().collect::<Vec<_>>());
        let sizes: Vec<f64> = points["idastar-md/packed"].2.keys().map(|&s| s as f64).collect();
        assert_eq!(sizes.len(), 2);
        assert!((sizes[1] / 7.755_605e24 - 1.0).abs() < 1e-6, "{sizes:?}");
    }

    #[test]
    fn drawn_over_two_shapes_with_the_share_over_budget() {
        let dir = tempfile::tempdir().unwrap();
        let mut runs = Vec::new();
        for id in 0..4 {
            runs.push(run("bfs/rank", "2x3", id, Outcome::Solved));
            runs.push(run(
                "bfs/rank",
                "3x3",
                id,
                if id < 2 { Outcome::Budget } else { Outcome::Solved },
            ));
            runs.push(run("idastar-md/packed", "3x3", id, Outcome::Solved));
        }
        write_csv(&dir.path().join(RUNS_CSV), &runs).unwrap();
        write_csv::<SummaryRow>(&dir.path().join(SUMMARY_CSV), &[]).unwrap();
        let charts = render_all(dir.path()).unwrap();
        let svg = &charts.iter().find(|c| c.0 == WHERE_IT_STOPS_SVG).expect("drawn").1;
        assert!(svg.contains("on uniformly random boards of 2 board sizes (2x3, 3x3)"), "{svg}");
        assert!(svg.contains("over budget or cut"));
        let (points, _) = points(&runs.iter().collect::<Vec<_>>());
        // bfs/rank on 3x3: half its queries stopped, the median of the two solved ones.
        assert_eq!(points["bfs/rank"].2[&181_440], (0.0035, 0.5));
    }

    /// Walks (as hard as they were made) and a part of Korf's 100 (its easiest) are not set
    /// beside uniformly random boards of other sizes; all 100 of Korf's are.
    #[test]
    fn only_uniformly_random_boards_are_compared_across_sizes() {
        let mut runs = Vec::new();
        for id in 0..4 {
            runs.push(run("idastar-md/packed", "3x3", id, Outcome::Solved));
            let mut walk = run("idastar-md/packed", "4x4", id, Outcome::Solved);
            walk.case_set = "walk:4x4:40".into();
            runs.push(walk);
        }
        assert!(where_it_stops(&runs).unwrap().is_none(), "a walk set drawn as a second size");
        let korf = |n: u64| {
            (0..n).map(|id| {
                let mut r = run("idastar-md/packed", "4x4", id, Outcome::Solved);
                r.case_set = "korf100".into();
                r
            })
        };
        let mut part = runs.clone();
        part.extend(korf(25));
        assert!(where_it_stops(&part).unwrap().is_none(), "Korf's 25 easiest drawn");
        runs.extend(korf(100));
        let svg = where_it_stops(&runs).unwrap().expect("Korf's 100 whole is drawn");
        assert!(svg.contains("(3x3, 4x4)"), "{svg}");
    }

    /// A program timed per batch is not drawn, so neither are its crosses; a timed program's
    /// crosses carry its own name, so they take its colour and not another program's.
    #[test]
    fn crosses_only_for_drawn_solvers_each_in_its_own_name() {
        let program = |name: &str, shape: &str, id: u64, outcome: Outcome| {
            let mut r = run(&format!("program/{name}"), shape, id, outcome);
            r.solver = format!("program:{name}");
            r
        };
        let mut runs = Vec::new();
        for shape in ["2x3", "3x3"] {
            for id in 0..4 {
                let stopped = if id == 0 { Outcome::Solved } else { Outcome::Budget };
                let mut batch = program("batch", shape, id, stopped);
                batch.time_ns = None;
                runs.extend([batch, program("timed", shape, id, stopped)]);
            }
        }
        let (points, _) = points(&runs.iter().collect::<Vec<_>>());
        let marks = stop_marks(&points, |s| s == "program:timed", 1.0);
        assert_eq!(marks.len(), 2, "{marks:?}");
        assert!(marks.iter().all(|m| m.algorithm == "program" && m.encoding == "timed"));
        assert!(where_it_stops(&runs).unwrap().unwrap().contains("1 program timed per batch"));
    }

    #[test]
    fn skipped_with_a_single_shape() {
        let runs = vec![run("bfs/rank", "3x3", 0, Outcome::Solved)];
        assert!(where_it_stops(&runs).unwrap().is_none());
    }
}
