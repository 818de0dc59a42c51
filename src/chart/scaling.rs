//! Where each technique stops: median time per solved query and the share of queries over
//! budget, against the size of the state space, one line per solver, over every grid shape in
//! `runs.csv`.

use super::{
    algorithm_colours, colour, draw_mesh, draw_solver_lines, encoding_marker, line_legend,
    log_bounds, median, num, plural, render, series_style, Axes, DrawResult, SolverSeries,
    DESC_SIZE, FONT,
};
use crate::board::Shape;
use crate::report::{Outcome, RunRow};
use plotters::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// Reachable arrangements of a `WxH` grid puzzle: half of all (W·H)! permutations. `None` for
/// a shape that does not parse or a torus (whose reachable share differs).
pub fn grid_states(shape: &str) -> Option<f64> {
    let shape: Shape = shape.parse().ok()?;
    let cells = shape.cells();
    Some((1..=cells).map(|k| k as f64).product::<f64>() / 2.0)
}

/// Per solver: states of the space -> (median ms of solved queries, share stopped).
type Points = BTreeMap<String, (String, String, BTreeMap<u64, (f64, f64)>)>;

/// Times of the solved queries, queries stopped, all queries.
type Tally = (Vec<u64>, u64, u64);

fn points(runs: &[RunRow]) -> (Points, BTreeSet<String>) {
    // solver -> shape -> (solved times, stopped, all)
    let mut groups: BTreeMap<&str, BTreeMap<&str, Tally>> = BTreeMap::new();
    let mut first: BTreeMap<&str, &RunRow> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.topology == "grid" && grid_states(&r.shape).is_some()) {
        first.entry(&r.solver).or_insert(r);
        let g = groups.entry(&r.solver).or_default().entry(&r.shape).or_default();
        g.2 += 1;
        match r.outcome {
            Outcome::Solved => g.0.push(r.time_ns),
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
            pts.insert(states as u64, (median(&mut times) / 1e6, share));
        }
        out.insert(solver.to_string(), (r.algorithm.clone(), r.encoding.clone(), pts));
    }
    (out, shapes)
}

/// c. Two panels over state-space size (log): median time per solved query and the share of
/// queries stopped by the budget or skipped. Needs runs on at least two grid shapes.
pub(super) fn where_it_stops(runs: &[RunRow]) -> DrawResult<Option<String>> {
    let (points, shapes) = points(runs);
    if shapes.len() < 2 {
        return Ok(None);
    }
    let time_series: Vec<SolverSeries> = points
        .values()
        .map(|(a, e, pts)| SolverSeries {
            algorithm: a.clone(),
            encoding: e.clone(),
            points: pts
                .iter()
                .filter(|(_, (t, _))| t.is_finite())
                .map(|(&s, &(t, _))| (s as f64, t))
                .collect(),
        })
        .collect();
    let share_series: Vec<SolverSeries> = points
        .values()
        .map(|(a, e, pts)| SolverSeries {
            algorithm: a.clone(),
            encoding: e.clone(),
            points: pts.iter().map(|(&s, &(_, share))| (s as f64, share * 100.0)).collect(),
        })
        .collect();
    let colours = algorithm_colours(time_series.iter().map(|s| s.algorithm.as_str()));
    let states: Vec<f64> = shapes.iter().filter_map(|s| grid_states(s)).collect();
    let (x_lo, x_hi) = log_bounds(states.iter().copied());
    let (lo, hi) = log_bounds(time_series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let title = format!(
        "Where each technique stops ({}: {})",
        plural(shapes.len() as u64, "shape", "shapes"),
        shapes.iter().cloned().collect::<Vec<_>>().join(", ")
    );
    let legend = line_legend(&time_series, &colours);
    let svg = render(&title, &legend, |area| {
        let panels = area.split_evenly((1, 2));
        {
            let mut chart = ChartBuilder::on(&panels[0])
                .caption("median time per solved query", (FONT, DESC_SIZE))
                .margin(12)
                .x_label_area_size(55)
                .y_label_area_size(80)
                .build_cartesian_2d((x_lo..x_hi).log_scale(), (lo..hi).log_scale())?;
            draw_mesh(
                &mut chart,
                &Axes {
                    x_desc: "reachable states (log scale)",
                    y_desc: "median time (ms, log scale)",
                    x_format: &|v| num(*v),
                    y_format: &|v| num(*v),
                    x_labels: Some(5),
                },
            )?;
            draw_solver_lines(&mut chart, &time_series, &colours, lo, hi)?;
        }
        let mut chart = ChartBuilder::on(&panels[1])
            .caption("queries over budget or skipped", (FONT, DESC_SIZE))
            .margin(12)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d((x_lo..x_hi).log_scale(), -2f64..102f64)?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "reachable states (log scale)",
                y_desc: "share of queries (%)",
                x_format: &|v| num(*v),
                y_format: &|v| num(*v),
                x_labels: Some(5),
            },
        )?;
        for s in &share_series {
            let c = colour(colours[&s.algorithm]);
            if s.encoding == "rank" {
                chart.draw_series(LineSeries::new(s.points.clone(), series_style(c)))?;
            } else {
                chart.draw_series(DashedLineSeries::new(
                    s.points.clone(),
                    8,
                    5,
                    series_style(c),
                ))?;
            }
            let hollow = s.encoding != "rank";
            chart.draw_series(s.points.iter().map(|&p| encoding_marker(p, c, hollow)))?;
        }
        Ok(())
    })?;
    Ok(Some(svg))
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
            case_set: format!("walk-{shape}"),
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
            expanded: 10,
            stored: 10,
            time_ns: 1_000 * (case_id + 1),
            repeats: 1,
            peak_bytes: 0,
            threads: 1,
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
        assert!(svg.contains("(2 shapes: 2x3, 3x3)"), "{svg}");
        assert!(svg.contains("queries over budget or skipped"));
        let (points, _) = points(&runs);
        // bfs/rank on 3x3: half its queries stopped, the median of the two solved ones.
        assert_eq!(points["bfs/rank"].2[&181_440], (0.0035, 0.5));
    }

    #[test]
    fn skipped_with_a_single_shape() {
        let runs = vec![run("bfs/rank", "3x3", 0, Outcome::Solved)];
        assert!(where_it_stops(&runs).unwrap().is_none());
    }
}
