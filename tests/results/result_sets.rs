//! The files a command writes its results to: a result directory another run holds is refused,
//! a killed run's temporary files are cleaned up, an output that cannot be written is refused
//! before any work, and censuses recorded into one CSV at once keep every row.

use slidebench::fsutil::{Lock, LOCK_FILE};
use slidebench::report::{read_csv, CensusRow};
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::common;
use common::{bin, run_within, small_compare, stderr_text, wait_within, HANG_LIMIT};

#[test]
fn a_second_compare_on_a_locked_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let held = Lock::try_acquire(&dir.path().join(LOCK_FILE)).unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("another slidebench run"), "{}", stderr_text(&out));
    assert!(!dir.path().join("runs.csv.gz").exists());
    drop(held);
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", stderr_text(&out));
}

#[test]
fn compare_cleans_temp_files_a_killed_run_left() {
    let dir = tempfile::tempdir().unwrap();
    let leftover = dir.path().join(".slidebench-tmp.AbC123");
    std::fs::write(&leftover, "half a file").unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert!(!leftover.exists());
    assert!(dir.path().join("manifest.txt").exists());
}

#[test]
fn an_unwritable_out_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let out_dir = blocker.join("results");
    // A run that would take minutes: the refusal comes first.
    let out = run_within(
        &["compare", "--cases", "random", "--count", "100000", "--out", out_dir.to_str().unwrap()],
        b"",
        HANG_LIMIT,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("file/results"), "{err}");
    assert!(out.stdout.is_empty());
    let csv = out_dir.join("c.csv");
    let out =
        run_within(&["census", "--shape", "2x2", "--csv", csv.to_str().unwrap()], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "the census ran before the check");
}

#[test]
fn censuses_recorded_at_once_keep_every_row() {
    for _ in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("same.csv");
        let children: Vec<Child> = ["2x2", "2x3", "3x2", "2x4"]
            .iter()
            .map(|shape| {
                bin()
                    .args(["census", "--shape", shape, "--csv", csv.to_str().unwrap()])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut c in children {
            assert!(wait_within(&mut c, Duration::from_secs(60)).success());
        }
        let rows: Vec<CensusRow> = read_csv(&csv).unwrap();
        let mut shapes: Vec<&str> = rows.iter().map(|r| r.shape.as_str()).collect();
        shapes.sort_unstable();
        assert_eq!(shapes, ["2x2", "2x3", "2x4", "3x2"]);
    }
}

#[test]
fn census_csv_refuses_a_file_that_is_not_a_census_csv() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("notes.txt");
    std::fs::write(&csv, "my notes, one line\n").unwrap();
    let out =
        run_within(&["census", "--shape", "2x2", "--csv", csv.to_str().unwrap()], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("notes.txt: not a census CSV"), "{err}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "my notes, one line\n");
}

#[test]
fn census_csv_keeps_columns_it_does_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("census.csv");
    std::fs::write(
        &csv,
        "shape,topology,states,max_distance,seconds,peak_bytes,machine\n\
         3x3,grid,181440,31,0.01,4063232,laptop\n",
    )
    .unwrap();
    let out =
        run_within(&["census", "--shape", "2x2", "--csv", csv.to_str().unwrap()], b"", HANG_LIMIT);
    assert!(out.status.success(), "{}", stderr_text(&out));
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "shape,topology,states,max_distance,seconds,peak_bytes,machine");
    assert!(lines[1].starts_with("2x2,grid,12,6,") && lines[1].ends_with(','), "{text}");
    assert_eq!(lines[2], "3x3,grid,181440,31,0.01,4063232,laptop");
}

/// The SVG files in `dir`.
fn charts_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| std::path::Path::new(n).extension().is_some_and(|e| e == "svg"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_second_compare_leaves_no_chart_or_report_of_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let first = run_within(
        &["compare", "--cases", "depth", "--count", "1", "--solvers", "bfs/rank", "table/rank"]
            .into_iter()
            .chain(["--threads", "1", "--out", out])
            .collect::<Vec<_>>(),
        b"",
        HANG_LIMIT,
    );
    assert!(first.status.success(), "{}", stderr_text(&first));
    assert!(!charts_in(dir.path()).is_empty());
    let report = run_within(&["report", "--from", out], b"", HANG_LIMIT);
    assert!(report.status.success(), "{}", stderr_text(&report));
    assert!(dir.path().join("index.html").exists());
    let second = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(second.status.success(), "{}", stderr_text(&second));
    assert_eq!(charts_in(dir.path()), Vec::<String>::new());
    assert!(!dir.path().join("index.html").exists());
}

#[test]
fn merge_out_leaves_no_json_export_of_an_earlier_run() {
    let dir = tempfile::tempdir().unwrap();
    let (shard, out) = (dir.path().join("shard"), dir.path().join("out"));
    let o = small_compare(&shard, &["--cases", "sample", "--shard", "1/1"]);
    assert!(o.status.success(), "{}", stderr_text(&o));
    let o = small_compare(&out, &["--cases", "sample", "--export-json"]);
    assert!(o.status.success(), "{}", stderr_text(&o));
    assert!(out.join("runs.json").exists() && out.join("summary.json").exists());
    let merged = run_within(
        &["merge", shard.to_str().unwrap(), "--out", out.to_str().unwrap()],
        b"",
        HANG_LIMIT,
    );
    assert!(merged.status.success(), "{}", stderr_text(&merged));
    assert!(!out.join("runs.json").exists() && !out.join("summary.json").exists());
}

/// The binary with `args` under `sh -c "LIMIT && exec slidebench ARGS"` (a `ulimit`), bounded.
fn limited(limit: &str, args: &[&str]) -> std::process::Output {
    let mut c = std::process::Command::new("sh");
    c.arg("-c")
        .arg(format!("{limit} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_slidebench"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    wait_within(&mut child, HANG_LIMIT);
    child.wait_with_output().unwrap()
}

#[test]
fn a_second_compare_whose_write_fails_leaves_the_first_sets_files_marked_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let first = run_within(
        &["compare", "--cases", "depth", "--count", "1", "--solvers", "bfs/rank", "table/rank"]
            .into_iter()
            .chain(["--threads", "1", "--out", out])
            .collect::<Vec<_>>(),
        b"",
        HANG_LIMIT,
    );
    assert!(first.status.success(), "{}", stderr_text(&first));
    let charts = charts_in(dir.path());
    assert!(!charts.is_empty());
    let runs = std::fs::read(dir.path().join("runs.csv.gz")).unwrap();
    // A run whose runs.csv.gz (some 125 KB) is larger than the files a process may write (64 KB).
    let second = limited(
        "ulimit -f 128",
        &["compare", "--cases", "random", "--count", "10000", "--solvers", "table/rank"]
            .into_iter()
            .chain(["--threads", "1", "--out", out])
            .collect::<Vec<_>>(),
    );
    assert!(!second.status.success(), "{}", stderr_text(&second));
    assert_eq!(charts_in(dir.path()), charts);
    assert_eq!(std::fs::read(dir.path().join("runs.csv.gz")).unwrap(), runs);
    // Whole, but never taken for the failed run's results: report refuses it.
    assert!(dir.path().join(".incomplete").exists());
    let report = run_within(&["report", "--from", out], b"", HANG_LIMIT);
    assert!(
        stderr_text(&report).contains("the result set is incomplete"),
        "{}",
        stderr_text(&report)
    );
    // The next run cleans up what the failed one left.
    let third = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(third.status.success(), "{}", stderr_text(&third));
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".slidebench-tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_huge_listed_file_is_refused_by_its_size_without_being_read() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(o.status.success(), "{}", stderr_text(&o));
    // 2 GiB, sparse: reading it whole under a 1 GB address-space limit would fail.
    let f = std::fs::OpenOptions::new().write(true).open(dir.path().join("runs.csv.gz")).unwrap();
    f.set_len(2 << 30).unwrap();
    drop(f);
    for args in [vec!["report", "--from", out], vec!["chart", "--from", out]] {
        let o = limited("ulimit -v 1000000", &args);
        let err = stderr_text(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("runs.csv.gz does not belong"), "{args:?}: {err}");
    }
    let merged = dir.path().join("merged");
    let o = limited("ulimit -v 1000000", &["merge", out, "--out", merged.to_str().unwrap()]);
    let err = stderr_text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("runs.csv.gz does not belong"), "{err}");
}
