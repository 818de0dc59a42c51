//! Charts of Korf's 100 fifteen-puzzle instances: time per instance, nodes per heuristic next
//! to the published averages, and where a pattern database pays for its build.

use super::{
    algorithm_colours, colour, draw_category_labels, draw_mesh, draw_solver_lines, draw_totals,
    entry, line_legend, log_bounds, num, on_log, plural, render, summary_of, Axes, DrawResult,
    Mark, SolverSeries, KORF_SET,
};
use crate::report::{Outcome, RunRow, SummaryRow};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::{BTreeMap, BTreeSet};

/// Mean nodes generated over the 100 instances, as published by Korf and Felner (2002), Table 2
/// ("Disjoint pattern database heuristics", Artificial Intelligence 134).
pub const KORF_FELNER_2002: [(&str, f64); 5] = [
    ("Manhattan", 401_189_630.0),
    ("5-5-5", 3_090_405.0),
    ("6-6-3", 617_555.0),
    ("7-8", 136_288.0),
    ("7-8 reflected", 36_710.0),
];

/// Mean of the NODES column of Korf's 1985 table (IDA* with Manhattan distance), bundled in
/// the crate.
pub fn korf_1985_mean_nodes() -> f64 {
    let instances = crate::cases::korf100::instances();
    instances.iter().map(|i| i.nodes as f64).sum::<f64>() / instances.len().max(1) as f64
}

/// Korf 1985's node count of each instance, keyed by the board as `runs.csv` writes it (hex
/// digits, `x` for the empty square).
fn korf_1985_nodes_by_board() -> BTreeMap<String, u64> {
    crate::cases::korf100::instances()
        .iter()
        .map(|i| {
            let text: String =
                i.board
                    .cells()
                    .iter()
                    .map(|&t| {
                        if t == 0 {
                            'x'
                        } else {
                            char::from_digit(u32::from(t), 16).unwrap_or('?')
                        }
                    })
                    .collect();
            (text, i.nodes)
        })
        .collect()
}

/// Korf 1985's mean node count over the `common` instances of `rows`, when every one of their
/// boards is his (and they are not all 100, whose mean is drawn anyway).
fn korf_1985_on(rows: &[&RunRow], common: &BTreeSet<u64>) -> Option<(usize, f64)> {
    let published = korf_1985_nodes_by_board();
    let boards: BTreeMap<u64, &str> = rows
        .iter()
        .filter(|r| common.contains(&r.case_id))
        .map(|r| (r.case_id, r.board.as_str()))
        .collect();
    let same: Vec<u64> = boards.values().filter_map(|b| published.get(*b).copied()).collect();
    (!same.is_empty() && same.len() == boards.len() && same.len() < 100)
        .then(|| (same.len(), same.iter().sum::<u64>() as f64 / same.len() as f64))
}

fn stopped(r: &RunRow) -> bool {
    matches!(r.outcome, Outcome::Budget | Outcome::Skipped)
}

fn korf_rows(runs: &[RunRow]) -> Vec<&RunRow> {
    runs.iter().filter(|r| r.case_set == KORF_SET).collect()
}

/// a. Time per instance for each solver, instances sorted by optimal length; queries stopped by
/// their budget (or skipped) are crosses on the budget line.
#[allow(clippy::too_many_lines)] // one chart: order, series, budget line, axes, crosses
pub(super) fn times(runs: &[RunRow], budget_ns: Option<f64>) -> DrawResult<Option<String>> {
    let rows = korf_rows(runs);
    if rows.is_empty() {
        return Ok(None);
    }
    // Instance -> its optimal length (published, so every row of it carries the same).
    let mut optimal: BTreeMap<u64, u64> = BTreeMap::new();
    for r in &rows {
        let o = optimal.entry(r.case_id).or_insert(0);
        *o = (*o).max(r.optimal.unwrap_or(0));
    }
    let mut order: Vec<(u64, u64)> = optimal.iter().map(|(&id, &len)| (len, id)).collect();
    order.sort_unstable();
    let position: BTreeMap<u64, usize> =
        order.iter().enumerate().map(|(i, &(_, id))| (id, i)).collect();
    let lengths: Vec<u64> = order.iter().map(|&(len, _)| len).collect();

    let mut by_solver: BTreeMap<&str, Vec<&RunRow>> = BTreeMap::new();
    for r in &rows {
        by_solver.entry(&r.solver).or_default().push(r);
    }
    let mut series = Vec::new();
    let mut crosses: Vec<(String, f64)> = Vec::new(); // (algorithm, x)
    for solver_rows in by_solver.values() {
        let first = solver_rows[0];
        let mut points: Vec<(f64, f64)> = solver_rows
            .iter()
            .filter(|r| r.outcome == Outcome::Solved)
            .map(|r| (position[&r.case_id] as f64, r.time_ns as f64 / 1e6))
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        crosses.extend(
            solver_rows
                .iter()
                .filter(|r| stopped(r))
                .map(|r| (first.algorithm.clone(), position[&r.case_id] as f64)),
        );
        series.push(SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points,
        });
    }
    // The budget line: the run's time budget, else the longest stopped query.
    let budget_ms = budget_ns.map(|b| b / 1e6).or_else(|| {
        rows.iter()
            .filter(|r| r.outcome == Outcome::Budget)
            .map(|r| r.time_ns as f64 / 1e6)
            .reduce(f64::max)
    });
    let (lo, hi) =
        log_bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).chain(budget_ms));
    let cap = budget_ms.unwrap_or(hi);
    let colours = algorithm_colours(series.iter().map(|s| s.algorithm.as_str()));
    let stopped_count = crosses.len();
    let title = format!(
        "Korf's 100: time per instance by optimal length ({}, {}, {} over budget or skipped)",
        plural(order.len() as u64, "instance", "instances"),
        plural(series.len() as u64, "solver", "solvers"),
        stopped_count
    );
    let mut legend = line_legend(&series, &colours);
    if stopped_count > 0 {
        legend.push(entry("over budget / skipped", RGBColor(70, 70, 70), Mark::Cross));
        if let Some(b) = budget_ms.filter(|_| budget_ns.is_some()) {
            let label = format!("budget {} ms", num(b));
            legend.push(entry(label, RGBColor(90, 90, 90), Mark::Line { dashed: true }));
        }
    }
    let n = order.len();
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(90)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, (lo..hi).log_scale())?;
        let label = |v: &f64| {
            let i = v.round();
            if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < lengths.len() {
                lengths[i as usize].to_string()
            } else {
                String::new()
            }
        };
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "instances sorted by optimal length (label: length in moves)",
                y_desc: "time per query (ms, log scale)",
                x_format: &label,
                y_format: &|v| num(*v),
                x_labels: Some(n.clamp(2, 20)),
            },
        )?;
        draw_solver_lines(&mut chart, &series, &colours, lo, hi)?;
        if stopped_count > 0 && budget_ns.is_some() {
            chart.draw_series(DashedLineSeries::new(
                vec![(-0.5, cap), (n as f64 - 0.5, cap)],
                6,
                4,
                RGBColor(90, 90, 90).stroke_width(1),
            ))?;
        }
        chart.draw_series(crosses.iter().map(|(algorithm, x)| {
            Cross::new((*x, on_log(cap, lo, hi)), 6, colour(colours[algorithm]).stroke_width(2))
        }))?;
        Ok(())
    })?;
    Ok(Some(svg))
}

/// The solvers the nodes chart shows and the instances all of them solved, with how many
/// heuristic solvers were left out. Heuristic searches only (a blind search's count says nothing
/// about a heuristic), and of those the ones that solved most of the set, so one weak solver
/// does not shrink the common instances to nothing.
fn shown_solvers<'a>(rows: &[&'a RunRow]) -> (BTreeSet<&'a str>, BTreeSet<u64>, usize) {
    let instances: BTreeSet<u64> = rows.iter().map(|r| r.case_id).collect();
    let solved_by = |s: &str| -> BTreeSet<u64> {
        rows.iter()
            .filter(|r| r.solver == s && r.outcome == Outcome::Solved)
            .map(|r| r.case_id)
            .collect()
    };
    let informed: BTreeSet<&str> = rows
        .iter()
        .map(|r| r.solver.as_str())
        .filter(|s| crate::solver::solver_info(s).is_none_or(|i| !i.blind))
        .collect();
    let solvers: BTreeSet<&str> = informed
        .iter()
        .copied()
        .filter(|s| solved_by(s).len() as f64 >= MIN_SOLVED_SHARE * instances.len() as f64)
        .collect();
    let left_out = informed.len() - solvers.len();
    let mut common: Option<BTreeSet<u64>> = None;
    for s in &solvers {
        let mine = solved_by(s);
        common = Some(match common {
            None => mine,
            Some(c) => c.intersection(&mine).copied().collect(),
        });
    }
    (solvers, common.unwrap_or_default(), left_out)
}

/// b. Mean nodes generated per solver over the instances every solver shown solved, next to
/// the published means over all 100.
pub(super) fn nodes(runs: &[RunRow]) -> DrawResult<Option<String>> {
    let rows = korf_rows(runs);
    let (solvers, common, left_out) = shown_solvers(&rows);
    if common.is_empty() {
        return Ok(None);
    }
    let mut measured: Vec<(String, f64)> = solvers
        .iter()
        .map(|s| {
            let picked: Vec<f64> = rows
                .iter()
                .filter(|r| r.solver == *s && common.contains(&r.case_id))
                .map(|r| r.expanded as f64)
                .collect();
            ((*s).to_string(), picked.iter().sum::<f64>() / picked.len().max(1) as f64)
        })
        .collect();
    measured.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut bars: Vec<(String, f64, bool)> =
        measured.into_iter().map(|(s, v)| (s, v, false)).collect();
    if let Some((n, mean)) = korf_1985_on(&rows, &common) {
        bars.push((format!("Manhattan (Korf 1985), same {n}"), mean, true));
    }
    bars.push(("Manhattan (Korf 1985)".into(), korf_1985_mean_nodes(), true));
    for (what, v) in KORF_FELNER_2002 {
        bars.push((format!("{what} (K&F 2002)"), v, true));
    }
    let (lo, hi) = log_bounds(bars.iter().map(|b| b.1));
    let hi = hi * 3.0; // room for the value labels
    let dropped = if left_out > 0 {
        format!(" ({} under 80% solved left out)", plural(left_out as u64, "solver", "solvers"))
    } else {
        String::new()
    };
    let title = format!(
        "Korf's 100: mean nodes per query, {} all solved{dropped}",
        plural(common.len() as u64, "instance", "instances")
    );
    let ours = colour(0);
    let theirs = RGBColor(150, 150, 150);
    let legend =
        [entry("measured here", ours, Mark::Bar), entry("published (all 100)", theirs, Mark::Bar)];
    let names: Vec<&str> = bars.iter().map(|b| b.0.as_str()).collect();
    let n = bars.len();
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(220)
            .y_label_area_size(90)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, (lo..hi).log_scale())?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "",
                y_desc: "mean nodes generated (log scale)",
                x_format: &|_| String::new(),
                y_format: &|v| num(*v),
                x_labels: Some(0),
            },
        )?;
        draw_category_labels(&mut chart, &names, lo)?;
        let label_font = TextStyle::from((super::FONT, 15).into_font())
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        for (i, (_, v, published)) in bars.iter().enumerate() {
            let x = i as f64;
            let top = on_log(*v, lo, hi);
            let c = if *published { theirs } else { ours };
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x - 0.35, lo), (x + 0.35, top)],
                c.filled(),
            )))?;
            chart.draw_series(std::iter::once(
                EmptyElement::at((x, top)) + Text::new(num(*v), (0, -3), label_font.clone()),
            ))?;
        }
        Ok(())
    })?;
    Ok(Some(svg))
}

/// Share of the instances a solver must have solved to be on the nodes chart.
const MIN_SOLVED_SHARE: f64 = 0.8;

/// Largest number of queries on the PDB break-even chart.
const MAX_PDB_QUERIES: f64 = 1e4;

/// Whether a solver's heuristic is a pattern database (the `*pdb*` algorithms), whose build
/// is the cost to amortise; the other solvers' builds (a Manhattan table) are small.
fn is_pdb(r: &SummaryRow) -> bool {
    r.algorithm.contains("pdb")
}

/// Smallest whole Q from which `pdb`'s build plus Q queries beats `base`'s, if it ever does.
fn pdb_pays_off(pdb: &SummaryRow, base: &SummaryRow) -> Option<f64> {
    let (bp, bb) = (pdb.build_ns.unwrap_or(0) as f64, base.build_ns.unwrap_or(0) as f64);
    let (mp, mb) = (pdb.median_ns as f64, base.median_ns as f64);
    if mp >= mb {
        return None;
    }
    Some(((bp - bb) / (mb - mp)).max(0.0).floor() + 1.0)
}

/// The headline: where the first PDB to pay off overtakes the fastest solver without one.
fn pdb_phrase(rows: &[&SummaryRow]) -> (String, Option<f64>) {
    let Some(base) = rows.iter().filter(|r| !is_pdb(r)).min_by_key(|r| r.median_ns) else {
        return ("no solver without a pattern database to compare".into(), None);
    };
    let best = rows
        .iter()
        .filter(|r| is_pdb(r))
        .filter_map(|p| pdb_pays_off(p, base).map(|q| (q, p)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((q, p)) => {
            (format!("{} pays off from Q = {} vs {}", p.solver, num(q), base.solver), Some(q))
        }
        None => (format!("no pattern database beats {} per query", base.solver), None),
    }
}

/// d. Build time plus Q queries for the pattern database solvers on Korf's 100 against the
/// IDA*/A* solvers with Manhattan distance or linear conflict.
pub(super) fn pdb_break_even(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let rows = summary_of(summary, KORF_SET);
    if !rows.iter().any(|r| is_pdb(r)) || rows.iter().all(|r| is_pdb(r)) {
        return Ok(None);
    }
    let (phrase, q_even) = pdb_phrase(&rows);
    let title = format!("PDB break-even on Korf's 100: {phrase}");
    let y_desc = "build + Q x median solved query (s, log scale)";
    draw_totals(&rows, MAX_PDB_QUERIES, &title, y_desc, q_even).map(Some)
}

#[cfg(test)]
mod tests {
    use super::super::{render_all, KORF_NODES_SVG, KORF_TIMES_SVG, PDB_BREAK_EVEN_SVG};
    use super::*;
    use crate::report::{write_csv, RUNS_CSV, SUMMARY_CSV};
    use std::path::Path;

    pub(crate) fn korf_run(solver: &str, case_id: u64, optimal: u64, outcome: Outcome) -> RunRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap();
        RunRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: KORF_SET.into(),
            case_id,
            shape: "4x4".into(),
            topology: "grid".into(),
            // Korf's instance `case_id + 1`, as runs.csv writes boards.
            board: korf_1985_nodes_by_board()
                .into_iter()
                .find(|(_, n)| *n == crate::cases::korf100::instances()[case_id as usize].nodes)
                .unwrap()
                .0,
            goal: "x123456789abcdef".into(),
            ch: 1,
            cv: 1,
            optimal: Some(optimal),
            outcome,
            solvable: outcome == Outcome::Solved,
            length: (outcome == Outcome::Solved).then_some(optimal),
            cost: (outcome == Outcome::Solved).then_some(optimal),
            expanded: if algorithm.contains("pdb") { 1000 } else { 100_000 } * (case_id + 1),
            stored: 0,
            time_ns: 1_000_000 * (case_id + 1),
            repeats: 1,
            peak_bytes: 0,
            threads: 1,
        }
    }

    fn korf_summary(solver: &str, median_ns: u64, build_ns: Option<u64>) -> SummaryRow {
        let (algorithm, encoding) = solver.split_once('/').unwrap();
        SummaryRow {
            solver: solver.into(),
            algorithm: algorithm.into(),
            encoding: encoding.into(),
            case_set: KORF_SET.into(),
            threads: 1,
            cases: 4,
            solved: 4,
            over_budget: 0,
            skipped: 0,
            p5_ns: median_ns,
            median_ns,
            mean_ns: median_ns as f64,
            p95_ns: median_ns,
            queries_per_sec: 1.0,
            build_ns,
            mean_expanded: 1.0,
            peak_bytes: 0,
            agree: true,
            seed: 1,
            repeats: 1,
        }
    }

    fn write_korf(dir: &Path) {
        let mut runs = Vec::new();
        for id in 0..5 {
            runs.push(korf_run("idastar-pdb663/packed", id, 50 + id, Outcome::Solved));
            let md = if id == 4 { Outcome::Budget } else { Outcome::Solved };
            runs.push(korf_run("idastar-md/packed", id, 50 + id, md));
        }
        write_csv(&dir.join(RUNS_CSV), &runs).unwrap();
        write_csv(
            &dir.join(SUMMARY_CSV),
            &[
                korf_summary("idastar-md/packed", 200_000_000, Some(4_000)),
                korf_summary("idastar-pdb663/packed", 2_000_000, Some(1_000_000_000)),
            ],
        )
        .unwrap();
    }

    fn chart<'a>(charts: &'a [(&str, String)], name: &str) -> &'a str {
        &charts.iter().find(|c| c.0 == name).unwrap_or_else(|| panic!("{name} missing")).1
    }

    #[test]
    fn korf_charts_draw_with_budget_crosses_and_published_bars() {
        let dir = tempfile::tempdir().unwrap();
        write_korf(dir.path());
        let charts = render_all(dir.path()).unwrap();
        let times = chart(&charts, KORF_TIMES_SVG);
        assert!(times.contains("5 instances, 2 solvers, 1 over budget or skipped"), "{times}");
        assert!(times.contains("over budget / skipped"));
        assert!(!times.contains("budget 500 ms"), "no budget line without meta.json");
        let meta = crate::report::RunMeta {
            code_version: "test".into(),
            seed: 1,
            shard: None,
            command: "compare".into(),
            started: String::new(),
            finished: String::new(),
            machine: String::new(),
            budget_time_s: Some(0.5),
            budget_states: None,
            budget_streak: 0,
            unbudgeted_up_to: None,
            repeats: 1,
            programs: Vec::new(),
        };
        std::fs::write(
            dir.path().join(crate::report::META_JSON),
            serde_json::to_vec(&meta).unwrap(),
        )
        .unwrap();
        let charts = render_all(dir.path()).unwrap();
        assert!(chart(&charts, KORF_TIMES_SVG).contains("budget 500 ms"));
        let nodes = chart(&charts, KORF_NODES_SVG);
        // idastar-md solved instances 0..4 only (80%, enough to be shown): the means are over
        // those four.
        assert!(nodes.contains("mean nodes per query, 4 instances all solved\n"), "{nodes}");
        assert!(nodes.contains("published (all 100)"));
        assert!(nodes.contains("6-6-3 (K&amp;F 2002)"));
        assert!(nodes.contains("Manhattan (Korf 1985)"));
        // Korf's own counts for the same three boards, next to his mean over all 100.
        assert!(nodes.contains("Manhattan (Korf 1985), same 4"), "{nodes}");
        assert!(nodes.contains("2.5e5\n"), "the mean of 1e5 to 4e5 is drawn as a label");
        let pdb = chart(&charts, PDB_BREAK_EVEN_SVG);
        // 1 s build, 2 ms against 200 ms per query (and a 4 µs Manhattan table): pays off from
        // Q = floor((1e9 - 4e3) / 198e6) + 1.
        assert!(pdb.contains("idastar-pdb663/packed pays off from Q = 6 vs idastar-md/packed"));
    }

    #[test]
    fn solvers_under_80_percent_solved_are_left_out_of_the_nodes_chart() {
        let mut runs = Vec::new();
        for id in 0..5 {
            runs.push(korf_run("idastar-pdb663/packed", id, 50 + id, Outcome::Solved));
            let md = if id >= 3 { Outcome::Budget } else { Outcome::Solved };
            runs.push(korf_run("idastar-md/packed", id, 50 + id, md));
        }
        let svg = nodes(&runs).unwrap().expect("drawn");
        assert!(
            svg.contains("5 instances all solved (1 solver under 80% solved left out)"),
            "{svg}"
        );
        assert!(!svg.contains("idastar-md/packed"));
    }

    #[test]
    fn korf_charts_are_skipped_without_korf_rows() {
        let dir = tempfile::tempdir().unwrap();
        write_korf(dir.path());
        let mut runs: Vec<RunRow> = crate::report::read_csv(&dir.path().join(RUNS_CSV)).unwrap();
        for r in &mut runs {
            r.case_set = "walk".into();
        }
        write_csv(&dir.path().join(RUNS_CSV), &runs).unwrap();
        write_csv::<SummaryRow>(&dir.path().join(SUMMARY_CSV), &[]).unwrap();
        let names: Vec<&str> = render_all(dir.path()).unwrap().iter().map(|c| c.0).collect();
        for name in [KORF_TIMES_SVG, KORF_NODES_SVG, PDB_BREAK_EVEN_SVG] {
            assert!(!names.contains(&name), "{name} drawn without data");
        }
    }

    #[test]
    fn korf_1985_mean_is_about_3_6e8() {
        let mean = korf_1985_mean_nodes();
        assert!((3.5e8..3.7e8).contains(&mean), "{mean}");
    }
}
