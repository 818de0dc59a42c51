//! Tests of `diff` over synthetic result sets written to a temporary directory: a known 20%
//! slowdown with realistic per-case and per-round noise, a changed node count, an A/A pair,
//! what only one side has, and settings that differ.

use super::*;
use crate::report::{csv_bytes, summary_written, write_csv, QueryTimeIs, RunStats};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const CASES: u64 = 40;
const ROUNDS: u32 = 5;

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let (u, v): (f64, f64) = (rng.gen_range(1e-12..1.0), rng.gen());
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

fn row(solver: &str, set: &str, case_id: u64, round: u32, time_ns: u64) -> RunRow {
    RunRow {
        solver: solver.into(),
        algorithm: solver.split('/').next().unwrap().into(),
        encoding: "x".into(),
        case_set: set.into(),
        case_id,
        shape: "3x3".into(),
        topology: "grid".into(),
        board: format!("board{case_id}"),
        goal: "12345678x".into(),
        ch: 1,
        cv: 1,
        optimal: Some(case_id % 20 + 2),
        outcome: Outcome::Solved,
        solvable: true,
        length: Some(case_id % 20 + 2),
        cost: Some(case_id % 20 + 2),
        expanded: Some(1000 + case_id),
        stored: Some(2000 + case_id),
        time_ns: Some(time_ns),
        repeats: 1,
        peak_bytes: None,
        threads: 1,
        reference: None,
        time_is: Some(QueryTimeIs::Measured),
        round,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

/// The rows of `solvers` (id and time factor) on `set`: each case's own time (spread over two
/// orders of magnitude), times a shift shared by the round (3%) and the case's own noise (5%).
fn rows(solvers: &[(&str, f64)], set: &str, seed: u64) -> Vec<RunRow> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for round in 1..=ROUNDS {
        let shift = (0.03 * normal(&mut rng)).exp();
        for &(solver, factor) in solvers {
            for c in 0..CASES {
                let own = 1e4 * 100f64.powf(c as f64 / CASES as f64);
                let noise = (0.05 * normal(&mut rng)).exp();
                out.push(row(solver, set, c, round, (own * factor * shift * noise) as u64));
            }
        }
    }
    out
}

fn meta() -> RunMeta {
    crate::harness::run_meta(
        "2026-12-07T00:00:00Z".into(),
        1,
        &crate::harness::RunControls::default(),
    )
}

/// Writes `runs` as a result set (runs.csv, summary.csv, meta.json) into `dir`.
fn write_set(dir: &Path, runs: &[RunRow], meta: &RunMeta) {
    let mut pairs: Vec<(String, String)> =
        runs.iter().map(|r| (r.solver.clone(), r.case_set.clone())).collect();
    pairs.dedup();
    pairs.sort();
    pairs.dedup();
    let summary: Vec<SummaryRow> = pairs
        .iter()
        .map(|(solver, set)| SummaryRow {
            threads: 1,
            agree: true,
            ..RunStats::of(
                runs.iter().filter(|r| &r.solver == solver && &r.case_set == set && r.round == 1),
            )
            .summary_row(solver.clone(), "a".into(), "x".into(), set.clone())
        })
        .collect();
    write_csv(&dir.join(crate::report::RUNS_CSV), runs).unwrap();
    crate::fsutil::write_atomic(
        &dir.join(crate::report::SUMMARY_CSV),
        &csv_bytes(&summary_written(&summary)).unwrap(),
    )
    .unwrap();
    crate::fsutil::write_atomic(
        &dir.join(crate::report::META_JSON),
        &serde_json::to_vec(meta).unwrap(),
    )
    .unwrap();
}

fn diff_of(base: &[RunRow], new: &[RunRow]) -> Diff {
    let dir = tempfile::tempdir().unwrap();
    let (b, n) = (dir.path().join("base"), dir.path().join("new"));
    write_set(&b, base, &meta());
    write_set(&n, new, &meta());
    diff_dirs(&b, &n, &DiffOptions::default()).unwrap()
}

fn time_row<'a>(d: &'a Diff, solver: &str) -> &'a TimeRow {
    d.times.iter().find(|t| t.solver == solver).unwrap()
}

#[test]
fn a_20_percent_slowdown_and_a_changed_node_count_are_both_caught() {
    let base = rows(&[("a/x", 1.0), ("b/x", 1.0)], "random", 1);
    let mut new = rows(&[("a/x", 1.2), ("b/x", 1.0)], "random", 2);
    for r in new.iter_mut().filter(|r| r.solver == "b/x" && r.case_id == 3) {
        r.expanded = Some(999);
    }
    let d = diff_of(&base, &new);
    let a = time_row(&d, "a/x");
    assert_eq!(a.verdict, Verdict::Slower, "{a:?}");
    assert!((a.ratio() - 1.2).abs() < 0.05, "{a:?}");
    assert_ne!(time_row(&d, "b/x").verdict, Verdict::Slower);
    let changed: Vec<&Finding> = d.findings.iter().filter(|f| f.kind == Kind::Counters).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!((changed[0].solver.as_str(), changed[0].case_id), ("b/x", Some(3)));
    assert_eq!(changed[0].what, "expanded 1003 -> 999");
    assert_eq!(d.regressions(&Kind::DEFAULT_FAIL_ON), 1);
    assert_eq!(d.regressions(&[Kind::Counters]), 1);
}

#[test]
fn an_a_a_pair_of_the_same_distribution_is_not_flagged() {
    let solvers = [("a/x", 1.0), ("b/x", 1.0), ("c/x", 1.0)];
    let d = diff_of(&rows(&solvers, "random", 11), &rows(&solvers, "random", 12));
    assert_eq!(d.regressions(&Kind::ALL), 0, "{:?}", d.times);
}

#[test]
fn a_single_round_small_change_is_inconclusive_with_cases_only_coverage() {
    let one = |seed, f| -> Vec<RunRow> {
        rows(&[("a/x", f)], "random", seed).into_iter().filter(|r| r.round == 1).collect()
    };
    let d = diff_of(&one(1, 1.0), &one(2, 1.2));
    let a = time_row(&d, "a/x");
    assert_eq!((a.verdict, a.change.rounds), (Verdict::Inconclusive, 1));
    assert!(a.note.contains("cases only"), "{}", a.note);
}

#[test]
fn sets_solvers_and_cases_of_one_side_are_listed() {
    let base = rows(&[("a/x", 1.0), ("b/x", 1.0)], "random", 1);
    let mut new = rows(&[("a/x", 1.0)], "random", 2);
    new.extend(rows(&[("a/x", 1.0)], "walk", 3));
    new.retain(|r| r.case_id != 7 || r.case_set != "random");
    let d = diff_of(&base, &new);
    assert_eq!(d.only_base, vec!["random b/x".to_string()]);
    assert_eq!(d.only_new, vec!["walk a/x".to_string()]);
    assert_eq!(d.cases, vec![("random".to_string(), 39, 1, 0)]);
}

#[test]
fn different_search_threads_are_refused_unless_allowed_and_then_named() {
    let runs = rows(&[("a/x", 1.0)], "random", 1);
    let dir = tempfile::tempdir().unwrap();
    let (b, n) = (dir.path().join("base"), dir.path().join("new"));
    write_set(&b, &runs, &meta());
    write_set(&n, &runs, &RunMeta { search_threads: 2, ..meta() });
    let e = diff_dirs(&b, &n, &DiffOptions::default()).unwrap_err();
    assert!(e.to_string().contains("search threads 1 vs 2"), "{e}");
    let allowed = DiffOptions { allow_settings_differ: true, ..DiffOptions::default() };
    let d = diff_dirs(&b, &n, &allowed).unwrap();
    assert!(d.notes.iter().any(|n| n == "settings differ: search threads 1 vs 2"), "{:?}", d.notes);
}

#[test]
fn different_budgets_are_refused_unless_allowed_and_then_named() {
    let runs = rows(&[("a/x", 1.0)], "random", 1);
    let dir = tempfile::tempdir().unwrap();
    let (b, n) = (dir.path().join("base"), dir.path().join("new"));
    write_set(&b, &runs, &meta());
    write_set(&n, &runs, &RunMeta { budget_time_s: Some(1.0), ..meta() });
    let e = diff_dirs(&b, &n, &DiffOptions::default()).unwrap_err();
    assert!(e.to_string().contains("time budget (s) none vs 1"), "{e}");
    let allowed = DiffOptions { allow_settings_differ: true, ..DiffOptions::default() };
    let d = diff_dirs(&b, &n, &allowed).unwrap();
    assert!(
        d.notes.iter().any(|n| n == "settings differ: time budget (s) none vs 1"),
        "{:?}",
        d.notes
    );
}

#[test]
fn rows_written_before_the_round_column_read_as_round_1() {
    let dir = tempfile::tempdir().unwrap();
    let runs = vec![row("a/x", "random", 0, 1, 5)];
    write_csv(&dir.path().join(crate::report::RUNS_CSV), &runs).unwrap();
    let path = dir.path().join(crate::report::RUNS_CSV);
    let text = std::fs::read_to_string(&path).unwrap();
    let old: String =
        text.lines().map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n").collect();
    std::fs::write(&path, old).unwrap();
    let read: Vec<RunRow> = crate::report::read_csv(&path).unwrap();
    assert_eq!(read[0].round, 1);
}

#[test]
fn a_longer_answer_where_the_base_was_optimal_is_an_answers_regression() {
    let base = rows(&[("a/x", 1.0)], "random", 1);
    let mut new = base.clone();
    new[0].length = new[0].length.map(|l| l + 2);
    new[0].cost = new[0].cost.map(|c| c + 2);
    let d = diff_of(&base, &new);
    assert!(
        d.findings.iter().any(|f| f.kind == Kind::Answers && f.what == "cost 2 -> 4"),
        "{:?}",
        d.findings
    );
    assert_eq!(d.regressions(&[Kind::Answers]), 2);
}
