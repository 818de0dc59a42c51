//! Korf's charts against hand-made rows: the published means beside means over the same
//! instances, the cactus plot's counts, and the break-even against the IDA* bases.

use super::super::{render_all, KORF_NODES_SVG, KORF_TIMES_SVG, PDB_BREAK_EVEN_SVG};
use super::*;
use crate::report::{write_csv, TimingMeta, RUNS_CSV, SUMMARY_CSV};
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
        expanded: Some(if algorithm.contains("pdb") { 1000 } else { 100_000 } * (case_id + 1)),
        stored: Some(0),
        time_ns: Some(1_000_000 * (case_id + 1)),
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
        ran: 0,
        cut_by: String::new(),
        pair_s: 0.0,
        errors: 0,
        time_is: crate::report::TimeIs::Measured,
        first_build_ns: None,
        builds: 0,
    }
}

/// The cactus plot's line of a solver climbs one instance at a time, in order of its
/// times, and ends at the number it solved.
#[test]
fn the_times_chart_is_a_cactus_plot_ending_at_the_instances_solved() {
    let runs: Vec<RunRow> = (0..10)
        .map(|id| {
            let outcome = if id < 7 { Outcome::Solved } else { Outcome::Budget };
            korf_run("idastar-pdb663/packed", id, 41 + id / 5, outcome)
        })
        .chain((0..10).map(|id| korf_run("bidir-split/packed", id, 41, Outcome::Budget)))
        .collect();
    let svg = times(&runs, Some(1e9)).unwrap().unwrap();
    assert!(
        svg.contains("(10 of the 100 run): instances solved within a time per instance, 2 solvers")
    );
    assert!(svg.contains("none solved: bidir-split/packed"), "{svg}");
    assert!(svg.contains("budget 1 s"));
    assert!(svg.contains("idastar-pdb663/packed"));
}

/// A program timed per batch has no instance of its own to place on the time axis.
#[test]
fn the_times_chart_leaves_out_a_program_timed_per_batch() {
    let mut runs: Vec<RunRow> =
        (0..5).map(|id| korf_run("idastar-pdb663/packed", id, 50, Outcome::Solved)).collect();
    for id in 0..5 {
        let mut r = korf_run("program/ida", id, 50, Outcome::Solved);
        r.solver = "program:ida".into();
        r.time_is = Some(crate::report::QueryTimeIs::BatchShare);
        runs.push(r);
    }
    let svg = times(&runs, None).unwrap().unwrap();
    assert!(svg.contains("1 program timed per batch not drawn"), "{svg}");
    assert!(!svg.contains("program:ida"));
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
    assert!(times.contains("Korf's 100 (5 of the 100 run)"), "{times}");
    assert!(times.contains("time per instance, 2 solvers"), "{times}");
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
        search_threads: 1,
        cap_s: None,
        repeat_time_s: None,
        wall_s: None,
        programs: Vec::new(),
        sets: Vec::new(),
        solvers: Vec::new(),
        partial: None,
        idle: Vec::new(),
        timing: TimingMeta::default(),
    };
    std::fs::write(dir.path().join(crate::report::META_JSON), serde_json::to_vec(&meta).unwrap())
        .unwrap();
    let charts = render_all(dir.path()).unwrap();
    assert!(chart(&charts, KORF_TIMES_SVG).contains("budget 500 ms"));
    let nodes = chart(&charts, KORF_NODES_SVG);
    // idastar-md solved instances 0..4 only (80%, enough to be shown): the means are over
    // those four.
    assert!(nodes.contains("over the 4 of the 100 that every solver shown solved\n"), "{nodes}");
    // Korf & Felner publish means over all 100 only: not set beside means over four.
    assert!(!nodes.contains("published (all 100)"));
    assert!(!nodes.contains("6-6-3 (K&amp;F 2002)"), "{nodes}");
    // Korf's own counts for the same three boards, next to his mean over all 100.
    assert!(nodes.contains("Manhattan (Korf 1985), same 4"), "{nodes}");
    assert!(nodes.contains("250k\n"), "the mean of 1e5 to 4e5 is drawn as a label");
    let pdb = chart(&charts, PDB_BREAK_EVEN_SVG);
    // Both take 1 ms × (instance + 1) on the same instances: the tables never pay.
    assert!(pdb.contains("no pattern database beats idastar-md/packed per query"), "{pdb}");
}

/// The break-even counts the tables' own build (not this run's load from the cache), sets
/// them against IDA* with linear conflict and Manhattan distance, and takes every median
/// over the instances all of them solved.
#[test]
fn the_pdb_break_even_uses_the_build_and_medians_over_the_same_instances() {
    let mut runs = Vec::new();
    for id in 0..5 {
        let mut timed = |solver: &str, ms: u64, outcome: Outcome| {
            let mut r = korf_run(solver, id, 50, outcome);
            r.time_ns = Some(ms * 1_000_000);
            runs.push(r);
        };
        timed("idastar-pdb663/packed", 2, Outcome::Solved);
        // Linear conflict misses instance 4, Manhattan 3 and 4; Manhattan's easy three
        // are quick, and its median over all it solved would be lower than over the three.
        let lc = if id < 4 { Outcome::Solved } else { Outcome::Budget };
        timed("idastar-lc/packed", 100, lc);
        let md = if id < 3 { Outcome::Solved } else { Outcome::Budget };
        timed("idastar-md/packed", 200, md);
        // A search the README does not set beside the tables: not drawn.
        timed("astar-lc/packed", 1, Outcome::Solved);
    }
    let mut pdb = korf_summary("idastar-pdb663/packed", 2_000_000, Some(5_000_000));
    pdb.first_build_ns = Some(1_000_000_000);
    let summary = [
        pdb,
        korf_summary("idastar-lc/packed", 100_000_000, Some(0)),
        korf_summary("idastar-md/packed", 200_000_000, Some(0)),
        korf_summary("astar-lc/packed", 1_000_000, Some(0)),
    ];
    let svg = pdb_break_even(&summary, &runs).unwrap().expect("drawn");
    // floor(1e9 / (100 ms − 2 ms)) + 1 = 11, with the 1 s build; the 5 ms load would say 1.
    assert!(
        svg.contains("idastar-pdb663/packed pays off from Q = 11 vs idastar-lc/packed"),
        "{svg}"
    );
    assert!(svg.contains("medians over the 3 instances every line solved"), "{svg}");
    assert!(svg.contains("loads from the PDB cache not counted"), "{svg}");
    assert!(!svg.contains("astar-lc/packed</text>"), "{svg}");
}

/// Over all 100, every published mean stands beside the measured ones.
#[test]
fn the_published_means_are_drawn_beside_means_over_all_100() {
    let runs: Vec<RunRow> =
        (0..100).map(|id| korf_run("idastar-pdb663/packed", id, 50, Outcome::Solved)).collect();
    let svg = nodes(&runs).unwrap().expect("drawn");
    assert!(svg.contains("6-6-3 (K&amp;F 2002)"), "{svg}");
    assert!(svg.contains("7-8 reflected (K&amp;F 2002)"));
    assert!(svg.contains("published (all 100)"));
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
        svg.contains("over the 5 of the 100 that every solver shown solved (1 solver under 80%"),
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
