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

/// One side of a diff from its rows and summaries alone (no files).
fn side(runs: Vec<RunRow>, summary: Vec<SummaryRow>, meta: Option<RunMeta>) -> Side {
    Side { runs, summary, meta }
}

fn summary(solver: &str, agree: bool, solved: u64) -> SummaryRow {
    SummaryRow {
        solver: solver.into(),
        case_set: "random".into(),
        threads: 1,
        cases: 40,
        solved,
        agree,
        ..SummaryRow::default()
    }
}

#[test]
fn every_kind_is_parsed_from_its_own_name_only() {
    for kind in Kind::ALL {
        assert_eq!(Kind::parse(kind.name()), Some(kind));
    }
    assert_eq!(Kind::parse("speed"), None);
}

#[test]
fn a_20_percent_speedup_is_faster_and_no_regression() {
    let base = rows(&[("a/x", 1.0)], "random", 1);
    let new = rows(&[("a/x", 0.8)], "random", 2);
    let d = diff_of(&base, &new);
    let a = time_row(&d, "a/x");
    assert_eq!(a.verdict, Verdict::Faster, "{a:?}");
    assert!((a.ratio() - 0.8).abs() < 0.04, "{a:?}");
    assert_eq!(d.regressions(&Kind::ALL), 0);
}

#[test]
fn diff_csv_holds_a_time_row_per_solver_then_a_row_per_finding() {
    let base = rows(&[("a/x", 1.0), ("b/x", 1.0)], "random", 1);
    let mut new = rows(&[("a/x", 1.2), ("b/x", 1.0)], "random", 2);
    for r in new.iter_mut().filter(|r| r.solver == "b/x" && r.case_id == 3) {
        r.expanded = Some(999);
    }
    let d = diff_of(&base, &new);
    let text = String::from_utf8(super::csv_bytes(&d).unwrap()).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(
        lines[0],
        [
            "kind", "case_set", "solver", "case_id", "verdict", "ratio", "low", "high", "rounds",
            "cases", "note"
        ]
    );
    let a = time_row(&d, "a/x");
    assert_eq!(lines[1][..5], ["time", "random", "a/x", "", "slower"], "{text}");
    let num = |s: &str| s.parse::<f64>().unwrap();
    assert!((num(lines[1][5]) - a.ratio()).abs() < 1e-9, "{text}");
    assert!(num(lines[1][6]) < a.ratio() && a.ratio() < num(lines[1][7]), "{text}");
    assert_eq!(lines[1][8..], ["5", "40", ""], "{text}");
    assert_eq!(lines[2][..3], ["time", "random", "b/x"], "{text}");
    assert_eq!(
        lines[3],
        ["counters", "random", "b/x", "3", "changed", "", "", "", "", "", "expanded 1003 -> 999"]
    );
}

#[test]
fn a_case_missing_or_on_another_board_counts_as_one_sides_only() {
    let base = rows(&[("a/x", 1.0)], "random", 1);
    let mut new = rows(&[("a/x", 1.0)], "random", 2);
    new.retain(|r| r.case_id >= 3);
    for r in new.iter_mut().filter(|r| r.case_id == 39) {
        r.board = "another board".into();
    }
    let d = diff_of(&base, &new);
    assert_eq!(d.cases, vec![("random".to_string(), 36, 4, 1)]);
}

#[test]
fn counters_and_answers_compare_the_first_round_only() {
    let base = rows(&[("a/x", 1.0)], "random", 1);
    let mut new = base.clone();
    for r in &mut new {
        if (r.case_id, r.round) == (3, 1) || (r.case_id, r.round) == (4, ROUNDS) {
            r.expanded = Some(999);
        }
    }
    let d = diff(
        &side(base, vec![], Some(meta())),
        &side(new, vec![], Some(meta())),
        &DiffOptions::default(),
    )
    .unwrap();
    let found: Vec<(Option<u64>, &str)> =
        d.findings.iter().map(|f| (f.case_id, f.what.as_str())).collect();
    assert_eq!(found, vec![(Some(3), "expanded 1003 -> 999")]);
}

/// On several threads only a longer answer where the base's was optimal counts (the counters
/// and an equal or shorter answer do not), whichever side ran threaded; a query stopped by its
/// budget on either side compares nothing.
#[test]
fn threaded_or_unanswered_rows_compare_only_a_longer_answer_where_the_base_was_optimal() {
    let base: Vec<RunRow> =
        rows(&[("a/x", 1.0)], "random", 1).into_iter().filter(|r| r.case_id == 0).collect();
    let mut longer = base.clone();
    for r in &mut longer {
        (r.length, r.cost, r.expanded) = (Some(4), Some(4), Some(5));
    }
    let threaded = |rows: &[RunRow], threads| -> Vec<RunRow> {
        rows.iter().cloned().map(|r| RunRow { threads, ..r }).collect()
    };
    let found = |b: Vec<RunRow>, n: Vec<RunRow>| -> Vec<(Kind, String)> {
        let d = diff(
            &side(b, vec![], Some(meta())),
            &side(n, vec![], Some(meta())),
            &DiffOptions::default(),
        )
        .unwrap();
        d.findings.into_iter().map(|f| (f.kind, f.what)).collect()
    };
    for (tb, tn) in [(2, 2), (2, 1), (1, 2)] {
        assert_eq!(
            found(threaded(&base, tb), threaded(&longer, tn)),
            vec![(Kind::Answers, "cost 2 (optimal) -> 4".to_string())],
            "threads {tb} and {tn}"
        );
        assert_eq!(found(threaded(&longer, tb), threaded(&base, tn)), vec![], "base not optimal");
        assert_eq!(found(threaded(&base, tb), threaded(&base, tn)), vec![], "equal");
    }
    let stopped = |rows: &[RunRow]| -> Vec<RunRow> {
        rows.iter().cloned().map(|r| RunRow { outcome: Outcome::Budget, cost: None, ..r }).collect()
    };
    assert_eq!(found(stopped(&base), stopped(&longer)), vec![]);
    assert_eq!(found(base.clone(), stopped(&longer)), vec![], "stopped in the new set only");
    assert_eq!(found(stopped(&base), longer), vec![], "stopped in the base only");
}

#[test]
fn different_seeds_and_machines_are_compared_and_named_in_a_note_each() {
    let other = RunMeta { seed: meta().seed + 1, machine: "another machine".into(), ..meta() };
    let d = diff(
        &side(vec![], vec![], Some(meta())),
        &side(vec![], vec![], Some(other)),
        &DiffOptions::default(),
    )
    .unwrap();
    assert_eq!(
        d.notes,
        vec![
            format!(
                "seeds differ ({} vs {}): compared over common cases only",
                meta().seed,
                meta().seed + 1
            ),
            format!("machines differ: {} vs another machine", meta().machine),
        ]
    );
}

#[test]
fn a_solver_that_stops_agreeing_or_arrives_disagreeing_is_a_disagreement() {
    let base =
        side(vec![], vec![summary("a/x", true, 40), summary("b/x", false, 40)], Some(meta()));
    let new = side(
        vec![],
        vec![
            summary("a/x", false, 40),
            summary("b/x", false, 40),
            summary("c/x", false, 40),
            summary("d/x", true, 40),
        ],
        Some(meta()),
    );
    let d = diff(&base, &new, &DiffOptions::default()).unwrap();
    let found: Vec<(Kind, &str, Option<u64>, &str)> = d
        .findings
        .iter()
        .map(|f| (f.kind, f.solver.as_str(), f.case_id, f.what.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            (Kind::Disagreements, "a/x", None, "agreed, now disagrees"),
            (Kind::Disagreements, "c/x", None, "disagrees (not in the base)"),
        ]
    );
}

/// Solved counts depend on the machine's speed under a time budget or cap, so they count only
/// when neither side had one (or when meta.json says so on both sides).
#[test]
fn fewer_cases_solved_is_a_regression_only_without_a_time_budget_or_cap_on_either_side() {
    let run = |b: Option<RunMeta>,
               n: Option<RunMeta>,
               solved: (u64, u64)|
     -> (Vec<String>, Vec<String>) {
        let base = side(vec![], vec![summary("a/x", true, solved.0)], b);
        let new = side(vec![], vec![summary("a/x", true, solved.1)], n);
        let opts = DiffOptions { allow_settings_differ: true, ..DiffOptions::default() };
        let d = diff(&base, &new, &opts).unwrap();
        (d.findings.into_iter().map(|f| f.what).collect(), d.notes)
    };
    let none: Vec<String> = vec![];
    assert_eq!(
        run(Some(meta()), Some(meta()), (40, 39)),
        (vec!["solved 40 -> 39".to_string()], none.clone())
    );
    assert_eq!(run(Some(meta()), Some(meta()), (40, 40)), (none.clone(), none.clone()));
    assert_eq!(run(Some(meta()), Some(meta()), (39, 40)), (none.clone(), none.clone()));
    let budget = RunMeta { budget_time_s: Some(1.0), ..meta() };
    let cap = RunMeta { cap_s: Some(60.0), ..meta() };
    let not_compared =
        "solved counts not compared: a time budget or cap makes them depend on the machine's speed";
    let plain = meta();
    for (b, n) in [(&budget, &budget), (&cap, &cap), (&plain, &budget), (&cap, &plain)] {
        let (findings, notes) = run(Some(b.clone()), Some(n.clone()), (40, 39));
        assert_eq!(findings, none, "{notes:?}");
        assert!(notes.iter().any(|x| x == not_compared), "{notes:?}");
    }
    let (findings, notes) = run(None, Some(meta()), (40, 39));
    assert_eq!(findings, none);
    assert_eq!(
        notes,
        vec!["meta.json missing on one side: settings not compared, solved counts not compared"]
    );
}
