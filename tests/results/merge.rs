//! `slidebench merge`: shard result sets combined into one, and what it refuses.

use crate::common;

use common::{run, stderr_text};
use slidebench::fsutil::{verify_set, write_set, INCOMPLETE_MARKER, MANIFEST};
use slidebench::merge::merge;
use slidebench::report::set::{read_runs_as_written, runs_gz_bytes};
use slidebench::report::{
    csv_bytes, read_csv, Outcome, ProgramMeta, RunMeta, RunRow, SummaryRow, TimingMeta, META_JSON,
    RUNS_CSV, RUNS_CSV_GZ, SUMMARY_CSV,
};
use std::path::{Path, PathBuf};

fn row(solver: &str, case_id: u64, length: u64) -> RunRow {
    let (algorithm, encoding) = solver.split_once('/').unwrap();
    RunRow {
        solver: solver.into(),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: "random".into(),
        case_id,
        shape: "3x3".into(),
        topology: "grid".into(),
        // A board whose solutions have the length's parity (merge re-checks it).
        board: if length % 2 == 1 { "1234567x8" } else { "1234x5786" }.into(),
        goal: "12345678x".into(),
        ch: 1,
        cv: 1,
        optimal: Some(length),
        outcome: Outcome::Solved,
        solvable: true,
        length: Some(length),
        cost: Some(length),
        expanded: Some(10 * (case_id + 1)),
        stored: Some(1),
        time_ns: Some(1000 * (case_id + 1)),
        repeats: 1,
        peak_bytes: Some(64),
        threads: 1,
        reference: None,
        time_is: None,
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

fn summary_of(rows: &[RunRow], seed: u64) -> Vec<SummaryRow> {
    let r = &rows[0];
    vec![SummaryRow {
        solver: r.solver.clone(),
        algorithm: r.algorithm.clone(),
        encoding: r.encoding.clone(),
        case_set: r.case_set.clone(),
        threads: 1,
        cases: rows.len() as u64,
        solved: rows.len() as u64,
        over_budget: 0,
        skipped: 0,
        p5_ns: 0,
        median_ns: 0,
        mean_ns: 0.0,
        p95_ns: 0,
        queries_per_sec: rows.len() as f64, // one second of wall time per shard
        build_ns: None,
        mean_expanded: 0.0,
        peak_bytes: 0,
        agree: true,
        seed,
        repeats: 1,
        ran: 0,
        cut_by: String::new(),
        pair_s: 0.0,
        errors: 0,
        time_is: slidebench::report::TimeIs::Measured,
        first_build_ns: None,
        builds: 0,
    }]
}

fn meta(seed: u64, version: &str, shard: &str) -> RunMeta {
    RunMeta {
        code_version: version.into(),
        seed,
        shard: Some(shard.into()),
        command: format!("slidebench compare --shard {shard}"),
        started: "2026-11-30T10:00:00Z".into(),
        finished: "2026-11-30T10:01:00Z".into(),
        machine: "test machine".into(),
        budget_time_s: Some(1.0),
        budget_states: None,
        budget_streak: 3,
        unbudgeted_up_to: Some(50_000_000),
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
    }
}

/// A shard result set as compare writes one: runs, summary, meta.json and the manifest.
fn shard(dir: &Path, rows: &[RunRow], meta: &RunMeta) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    write_set(
        dir,
        &[
            (RUNS_CSV, csv_bytes(rows).unwrap()),
            (SUMMARY_CSV, csv_bytes(&summary_of(rows, meta.seed)).unwrap()),
            (META_JSON, serde_json::to_vec(meta).unwrap()),
        ],
    )
    .unwrap();
    dir.to_path_buf()
}

fn merge_cli(dirs: &[&Path], out: &Path) -> std::process::Output {
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
    args.extend(["--out", out.to_str().unwrap()]);
    run(&args, b"")
}

#[test]
fn two_shards_merge_into_one_sorted_set_with_a_recomputed_summary() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(
        &tmp.path().join("a"),
        &[row("bfs/rank", 2, 5), row("bfs/rank", 0, 3)],
        &meta(7, "v1", "1/2"),
    );
    let b = shard(
        &tmp.path().join("b"),
        &[row("bfs/rank", 1, 4), row("bfs/rank", 3, 6)],
        &meta(7, "v1", "2/2"),
    );
    let out = tmp.path().join("merged");
    let o = merge_cli(&[&a, &b], &out);
    assert!(o.status.success(), "{}", stderr_text(&o));
    verify_set(&out).unwrap();
    assert!(out.join(MANIFEST).exists());
    let runs: Vec<RunRow> = read_runs_as_written(&out, "").unwrap();
    assert_eq!(runs.iter().map(|r| r.case_id).collect::<Vec<_>>(), [0, 1, 2, 3]);
    let summary: Vec<SummaryRow> = read_csv(&out.join(SUMMARY_CSV)).unwrap();
    assert_eq!(summary.len(), 1);
    let s = &summary[0];
    assert_eq!((s.cases, s.solved, s.over_budget, s.skipped), (4, 4, 0, 0));
    // Times 1, 2, 3, 4 µs: the median picks index round(1.5) = 2.
    assert_eq!((s.p5_ns, s.median_ns, s.p95_ns), (1000, 3000, 4000));
    assert!((s.mean_expanded - 25.0).abs() < 1e-9);
    // Two shards of one second each ran 4 queries.
    assert!((s.queries_per_sec - 2.0).abs() < 1e-9, "{}", s.queries_per_sec);
    let merged: RunMeta =
        serde_json::from_slice(&std::fs::read(out.join(META_JSON)).unwrap()).unwrap();
    assert_eq!(merged.shard, None);
    assert_eq!((merged.seed, merged.code_version.as_str()), (7, "v1"));
}

#[test]
fn a_set_kept_in_the_summary_only_is_combined_from_the_shards_summaries() {
    let tmp = tempfile::tempdir().unwrap();
    let dirs: Vec<PathBuf> = [(0u64, 10u64, 1000u64), (1, 30, 3000)]
        .into_iter()
        .map(|(k, cases, median)| {
            let dir = tmp.path().join(format!("s{k}"));
            let rows = [row("bfs/rank", k, 3)];
            let mut summary = summary_of(&rows, 7);
            let mut all = summary[0].clone();
            all.case_set = "all".into();
            (all.cases, all.solved, all.median_ns, all.mean_expanded) =
                (cases, cases, median, median as f64);
            all.queries_per_sec = cases as f64; // one second each
            summary.push(all);
            std::fs::create_dir_all(&dir).unwrap();
            write_set(
                &dir,
                &[
                    (RUNS_CSV, csv_bytes(&rows).unwrap()),
                    (SUMMARY_CSV, csv_bytes(&summary).unwrap()),
                    (
                        META_JSON,
                        serde_json::to_vec(&meta(7, "v1", &format!("{}/2", k + 1))).unwrap(),
                    ),
                ],
            )
            .unwrap();
            dir
        })
        .collect();
    let merged = merge(&dirs, "test").unwrap();
    let all = merged.summary.iter().find(|r| r.case_set == "all").expect("kept");
    assert_eq!((all.cases, all.solved), (40, 40));
    // Means weighted by the shards' cases: (10·1000 + 30·3000) / 40.
    assert!((all.mean_expanded - 2500.0).abs() < 1e-9, "{}", all.mean_expanded);
    // The median: the case-weighted median of the shards' medians.
    assert_eq!(all.median_ns, 3000);
    assert!((all.queries_per_sec - 20.0).abs() < 1e-9);
}

/// A row that failed with an error: it ran, but carries no time, length or cost.
fn error_row(solver: &str, case_id: u64) -> RunRow {
    RunRow {
        outcome: Outcome::Error,
        solvable: false,
        length: None,
        cost: None,
        expanded: None,
        stored: None,
        time_ns: None,
        peak_bytes: None,
        ..row(solver, case_id, 3)
    }
}

/// A shard whose every row is an error adds no time: the merged median and mean are the other
/// shard's rows' own (2, 4 and 6 µs: 4 µs), not pulled towards 0 by the errors.
#[test]
fn an_all_error_shard_adds_no_time_to_the_merged_statistics() {
    let tmp = tempfile::tempdir().unwrap();
    let errors: Vec<RunRow> = [0, 2, 4].into_iter().map(|k| error_row("bfs/rank", k)).collect();
    let a = shard(&tmp.path().join("a"), &errors, &meta(7, "v1", "1/2"));
    let solved = [row("bfs/rank", 1, 4), row("bfs/rank", 3, 6), row("bfs/rank", 5, 4)];
    let b = shard(&tmp.path().join("b"), &solved, &meta(7, "v1", "2/2"));
    let merged = merge(&[a, b], "test").unwrap();
    let s = &merged.summary[0];
    assert_eq!((s.cases, s.solved, s.errors), (6, 3, 3));
    // The solved rows' times: 2, 4 and 6 µs.
    assert_eq!((s.p5_ns, s.median_ns, s.p95_ns), (2000, 4000, 6000));
    assert!((s.mean_ns - 4000.0).abs() < 1e-9, "{}", s.mean_ns);
}

/// In a set kept in the summary only, a shard that timed nothing (every row an error, its
/// median written as 0) adds nothing: the merged median and mean are the other shard's.
#[test]
fn a_summary_only_shard_that_timed_nothing_adds_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dirs: Vec<PathBuf> = [(0u64, 30u64, 0u64, 0u64), (1, 10, 10, 3000)]
        .into_iter()
        .map(|(k, cases, solved, median)| {
            let dir = tmp.path().join(format!("s{k}"));
            let rows = [row("bfs/rank", k, 3)];
            let mut summary = summary_of(&rows, 7);
            let mut all = summary[0].clone();
            all.case_set = "all".into();
            (all.cases, all.solved, all.errors) = (cases, solved, cases - solved);
            (all.p5_ns, all.median_ns, all.p95_ns) = (median, median, median);
            all.mean_ns = median as f64;
            all.queries_per_sec = cases as f64;
            summary.push(all);
            std::fs::create_dir_all(&dir).unwrap();
            write_set(
                &dir,
                &[
                    (RUNS_CSV, csv_bytes(&rows).unwrap()),
                    (SUMMARY_CSV, csv_bytes(&summary).unwrap()),
                    (
                        META_JSON,
                        serde_json::to_vec(&meta(7, "v1", &format!("{}/2", k + 1))).unwrap(),
                    ),
                ],
            )
            .unwrap();
            dir
        })
        .collect();
    let merged = merge(&dirs, "test").unwrap();
    let all = merged.summary.iter().find(|r| r.case_set == "all").expect("kept");
    assert_eq!((all.cases, all.solved, all.errors), (40, 10, 30));
    assert_eq!((all.p5_ns, all.median_ns, all.p95_ns), (3000, 3000, 3000));
    assert!((all.mean_ns - 3000.0).abs() < 1e-9, "{}", all.mean_ns);
}

#[test]
fn duplicate_rows_are_refused_naming_them() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(
        &tmp.path().join("a"),
        &[row("bfs/rank", 0, 3), row("bfs/rank", 1, 4)],
        &meta(7, "v1", "1/2"),
    );
    let b = shard(&tmp.path().join("b"), &[row("bfs/rank", 1, 4)], &meta(7, "v1", "2/2"));
    let err = merge(&[a, b], "test").unwrap_err().to_string();
    assert!(err.contains("1 duplicate row(s): bfs/rank on random case 1"), "{err}");
}

#[test]
fn conflicting_rows_are_refused_naming_them_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(&tmp.path().join("a"), &[row("bfs/rank", 1, 4)], &meta(7, "v1", "1/2"));
    let b = shard(&tmp.path().join("b"), &[row("bfs/rank", 1, 5)], &meta(7, "v1", "2/2"));
    let out = tmp.path().join("merged");
    let o = merge_cli(&[&a, &b], &out);
    assert!(!o.status.success());
    let err = stderr_text(&o);
    assert!(err.contains("1 conflicting row(s): bfs/rank on random case 1"), "{err}");
    assert!(err.contains(&a.display().to_string()) && err.contains(&b.display().to_string()));
    assert!(!out.join(RUNS_CSV_GZ).exists() && !out.join(RUNS_CSV).exists());
}

#[test]
fn shards_of_different_seeds_or_code_versions_are_refused_naming_the_directories() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(&tmp.path().join("a"), &[row("bfs/rank", 0, 3)], &meta(7, "v1", "1/2"));
    let b = shard(&tmp.path().join("b"), &[row("bfs/rank", 1, 4)], &meta(8, "v1", "2/2"));
    let err = merge(&[a.clone(), b], "test").unwrap_err().to_string();
    assert!(err.contains("different seeds"), "{err}");
    assert!(err.contains(&format!("{} has 7", a.display())), "{err}");
    let c = shard(&tmp.path().join("c"), &[row("bfs/rank", 1, 4)], &meta(7, "v2", "2/2"));
    let err = merge(&[a, c.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("different code versions"), "{err}");
    assert!(err.contains(&format!("{} has v2", c.display())), "{err}");
}

#[test]
fn incomplete_or_unmanifested_shards_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(&tmp.path().join("a"), &[row("bfs/rank", 0, 3)], &meta(7, "v1", "1/2"));
    let b = shard(&tmp.path().join("b"), &[row("bfs/rank", 1, 4)], &meta(7, "v1", "2/2"));
    std::fs::write(b.join(INCOMPLETE_MARKER), b"").unwrap();
    let err = merge(&[a.clone(), b.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("incomplete") && err.contains(&b.display().to_string()), "{err}");
    std::fs::remove_file(b.join(INCOMPLETE_MARKER)).unwrap();
    std::fs::remove_file(b.join(MANIFEST)).unwrap();
    let err = merge(&[a, b.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("no manifest.txt") && err.contains(&b.display().to_string()), "{err}");
}

#[test]
fn the_output_may_not_be_a_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shard(&tmp.path().join("a"), &[row("bfs/rank", 0, 3)], &meta(7, "v1", "1/1"));
    let o = merge_cli(&[&a], &a);
    assert!(!o.status.success());
    assert!(stderr_text(&o).contains("is one of the shards"), "{}", stderr_text(&o));
}

/// Shards made by runs of the binary: sharded runs, SIGTERM, programs, compressed rows.
mod runs;

#[test]
fn shards_keep_their_search_threads_and_shards_that_differ_in_them_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let two = |seed, shard| RunMeta { search_threads: 2, ..meta(seed, "v1", shard) };
    let ida =
        |case_id, length| RunRow { search_threads: 2, ..row("idastar-md/packed", case_id, length) };
    let a = shard(&tmp.path().join("a"), &[ida(0, 3)], &two(7, "1/2"));
    let b = shard(&tmp.path().join("b"), &[ida(1, 4)], &two(7, "2/2"));
    let merged = merge(&[a.clone(), b], "test").unwrap();
    assert!(merged.runs.iter().all(|r| r.search_threads == 2));
    assert_eq!(merged.meta.as_ref().map(|m| m.search_threads), Some(2));
    let c = shard(&tmp.path().join("c"), &[row("idastar-md/packed", 1, 4)], &meta(7, "v1", "2/2"));
    let err = merge(&[a, c], "test").unwrap_err().to_string();
    assert!(err.contains("different search threads"), "{err}");
}
