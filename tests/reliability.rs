//! The defects of issue 9, one test each: hostile values, lost streams, huge counts, concurrent
//! and interrupted writers, ambiguous and over-long input, and paths that are not what they seem.

use slidebench::cases::{AOJ_SAMPLE, HDU_SAMPLE};
use slidebench::fsutil::{Lock, INCOMPLETE_MARKER, LOCK_FILE};
use slidebench::report::{read_csv, CensusRow, RunRow};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::bin;

/// Runs the binary with `args`, feeding `stdin` from a thread, killing it if it hangs.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        out.read_to_end(&mut v).unwrap();
        v
    });
    let mut stderr = Vec::new();
    err.read_to_end(&mut stderr).unwrap();
    let status = wait_with_timeout(&mut child, Duration::from_secs(120));
    writer.join().unwrap();
    Output { status, stdout: reader.join().unwrap(), stderr }
}

/// Waits for the child; a hang is killed and fails the test, whatever it was doing.
fn wait_with_timeout(child: &mut Child, limit: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command did not finish within {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const RUNS_HEADER: &str = "solver,algorithm,encoding,case_set,case_id,shape,topology,board,goal,ch,cv,optimal,solvable,length,cost,expanded,stored,time_ns,peak_bytes,threads\n";
const SUMMARY_HEADER: &str = "solver,algorithm,encoding,case_set,threads,cases,solved,median_ns,mean_ns,p95_ns,queries_per_sec,build_ns,mean_expanded,peak_bytes,agree,seed\n";

fn tables(dir: &Path) {
    std::fs::write(dir.join("runs.csv"), RUNS_HEADER).unwrap();
    std::fs::write(dir.join("summary.csv"), SUMMARY_HEADER).unwrap();
}

fn small_compare(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        "--solvers",
        "bfs/rank",
        "--threads",
        "1",
        "--no-charts",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args, b"")
}

// 1 -------------------------------------------------------------------------------------------

#[test]
fn chart_refuses_a_census_value_of_1e308_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::write(
        dir.path().join("census.csv"),
        "shape,topology,states,max_distance,seconds,peak_bytes\n3x3,grid,181440,31,1e308,4063232\n",
    )
    .unwrap();
    let out = run(&["chart", "--from", dir.path().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("census.csv: line 2: column `seconds`"), "{err}");
}

#[test]
fn chart_refuses_an_infinite_threads_rate() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::write(
        dir.path().join("threads.csv"),
        "solver,algorithm,encoding,case_set,threads,cases,wall_ns,queries_per_sec\n\
         bfs/rank,bfs,rank,random,1,10,100,1e309\n",
    )
    .unwrap();
    let out = run(&["chart", "--from", dir.path().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("threads.csv: line 2: column `queries_per_sec`"));
}

// 2 -------------------------------------------------------------------------------------------

/// Runs `args` with stderr a pipe whose reader is gone before the first write.
fn with_stderr_gone(args: &[&str], input: Vec<u8>) -> (ExitStatus, String) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut answers = String::new();
    child.stdout.take().unwrap().read_to_string(&mut answers).unwrap();
    let status = wait_with_timeout(&mut child, Duration::from_secs(60));
    writer.join().unwrap();
    (status, answers)
}

#[test]
fn solve_answers_everything_and_fails_when_stderr_is_gone() {
    let mut input = Vec::new();
    for _ in 0..2000 {
        input.extend_from_slice(b"1 2 3\n");
        input.extend_from_slice(HDU_SAMPLE.as_bytes());
    }
    let (status, answers) = with_stderr_gone(&["solve"], input);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 4000);
    assert!(lines.iter().step_by(2).all(|l| *l == "error"));
    assert!(lines.iter().skip(1).step_by(2).all(|l| l.len() == 19));
    assert_eq!(status.code(), Some(1), "lost diagnostics must not pass for success");
}

#[test]
fn cruller_answers_everything_and_fails_when_stderr_is_gone() {
    let body = AOJ_SAMPLE.trim_end_matches("0 0\n");
    let mut input = String::new();
    for _ in 0..500 {
        input.push_str("4 x\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n");
        input.push_str(body);
    }
    input.push_str("0 0\n");
    let (status, answers) = with_stderr_gone(&["cruller"], input.into_bytes());
    assert_eq!(answers.lines().count(), 500 * 5);
    assert_eq!(answers.lines().filter(|l| *l == "error").count(), 500);
    assert_eq!(status.code(), Some(1));
}

// 3, 4 ----------------------------------------------------------------------------------------

/// Reads the first line of `cases ARGS`, then goes away; returns the line, status and stderr.
fn first_line_then_leave(args: &[&str]) -> (String, ExitStatus, String) {
    let mut child = bin()
        .arg("cases")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = wait_with_timeout(&mut child, Duration::from_secs(60));
    (first, status, stderr)
}

#[test]
fn cases_piped_to_head_end_quietly() {
    for args in [
        &["random", "--count", "200000"][..],
        &["all"],
        &["depth", "--count", "100000"],
        &["weighted", "--count", "100000"],
    ] {
        let (first, status, stderr) = first_line_then_leave(args);
        assert!(!first.is_empty(), "{args:?}");
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn cases_with_the_largest_count_streams_its_first_line() {
    let (first, status, stderr) =
        first_line_then_leave(&["random", "--count", "18446744073709551615"]);
    assert_eq!(first.split_whitespace().count(), 9, "{first}");
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn compare_refuses_a_count_it_cannot_hold_naming_the_memory() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "random", "--count", "10000000000000"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("10,000,000,000,000 cases would need about"), "{err}");
    assert!(err.contains("PiB of memory") && err.contains("smaller --count"), "{err}");
}

// 5 -------------------------------------------------------------------------------------------

#[test]
fn a_second_compare_on_a_locked_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let held = Lock::try_acquire(&dir.path().join(LOCK_FILE)).unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("another slidebench run"), "{}", text(&out.stderr));
    assert!(!dir.path().join("runs.csv").exists());
    drop(held);
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn compare_cleans_temp_files_a_killed_run_left() {
    let dir = tempfile::tempdir().unwrap();
    let leftover = dir.path().join(".slidebench-tmp.AbC123");
    std::fs::write(&leftover, "half a file").unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!leftover.exists());
    assert!(dir.path().join("manifest.txt").exists());
}

#[test]
fn chart_refuses_a_result_set_that_mixes_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let from = dir.path().to_str().unwrap();
    assert!(run(&["chart", "--from", from], b"").status.success());
    // A run killed between its files: the marker is still there.
    std::fs::write(dir.path().join(INCOMPLETE_MARKER), "").unwrap();
    let out = run(&["chart", "--from", from], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("incomplete"), "{}", text(&out.stderr));
    std::fs::remove_file(dir.path().join(INCOMPLETE_MARKER)).unwrap();
    // A summary from another run.
    std::fs::write(dir.path().join("summary.csv"), SUMMARY_HEADER).unwrap();
    let out = run(&["chart", "--from", from], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("summary.csv does not belong"), "{}", text(&out.stderr));
}

// 6 -------------------------------------------------------------------------------------------

#[test]
fn threads_beyond_the_bound_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let out = run(&["compare", "--cases", "sample", "--threads", "10000", "--out", out_dir], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("use 1 to 256"), "{}", text(&out.stderr));
    let out = run(&["check", "--threads", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
}

// 7, 8, 11 ------------------------------------------------------------------------------------

fn runs_of(dir: &Path) -> Vec<RunRow> {
    read_csv(&dir.join("runs.csv")).unwrap()
}

#[test]
fn a_case_file_that_could_be_either_format_is_refused_not_half_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    std::fs::write(&file, format!("1 2\n{HDU_SAMPLE}1 2 3 4 5 6 7 8 x\n")).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("mixed.txt") && err.contains("--format"), "{err}");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap(), "--format", "hdu"]);
    // Line 1 is a malformed board (status 1); both boards ran.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("line 1:"), "{}", text(&out.stderr));
    assert_eq!(runs_of(&out_dir).len(), 2);
}

#[test]
fn an_overlong_line_in_a_case_file_is_reported_and_the_rest_runs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.hdu");
    let mut bytes = vec![b'1'; 8 << 20];
    bytes.push(b'\n');
    bytes.extend_from_slice(HDU_SAMPLE.as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("line 1: longer than"), "{}", text(&out.stderr));
    assert_eq!(runs_of(&out_dir).len(), 1);
}

#[test]
fn a_case_file_named_all_in_keeps_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.in");
    std::fs::write(&file, HDU_SAMPLE.repeat(3)).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = runs_of(&out_dir);
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.case_set == "file:all.in"));
}

// 9 -------------------------------------------------------------------------------------------

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
            assert!(wait_with_timeout(&mut c, Duration::from_secs(60)).success());
        }
        let rows: Vec<CensusRow> = read_csv(&csv).unwrap();
        let mut shapes: Vec<&str> = rows.iter().map(|r| r.shape.as_str()).collect();
        shapes.sort_unstable();
        assert_eq!(shapes, ["2x2", "2x3", "2x4", "3x2"]);
    }
}

// 10 ------------------------------------------------------------------------------------------

#[test]
fn an_unwritable_out_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let out_dir = blocker.join("results");
    // A run that would take minutes: the refusal comes first.
    let out = run(
        &["compare", "--cases", "random", "--count", "100000", "--out", out_dir.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("file/results"), "{err}");
    assert!(out.stdout.is_empty());
    let out =
        run(&["census", "--shape", "2x2", "--csv", out_dir.join("c.csv").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "the census ran before the check");
}

// 12 ------------------------------------------------------------------------------------------

#[test]
fn chart_fails_when_runs_csv_is_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::remove_file(dir.path().join("runs.csv")).unwrap();
    std::fs::create_dir(dir.path().join("runs.csv")).unwrap();
    let out = run(&["chart", "--from", dir.path().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("runs.csv: is a directory"), "{}", text(&out.stderr));
}

#[test]
fn compare_names_a_directory_given_as_cases() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("/: is a directory"), "{}", text(&out.stderr));
}

#[test]
fn numbers_past_the_largest_are_too_large_not_malformed() {
    let out = run(
        &["cruller"],
        b"9223372036854775808 1\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n0 0\n",
    );
    assert!(
        text(&out.stderr).contains("`9223372036854775808` is too large"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["cases", "random", "--count", "99999999999999999999999"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("too large"), "{}", text(&out.stderr));
    let out = run(&["census", "--shape", "9223372036854775808x2"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("too large"), "{}", text(&out.stderr));
}

#[test]
fn many_malformed_lines_are_all_reported_in_order() {
    let input = "1 2 3\n".repeat(200_000);
    let out = run(&["solve"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let numbers: Vec<u64> = err
        .lines()
        .map(|l| {
            l.strip_prefix("line ").and_then(|r| r.split(':').next()).unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(numbers.len(), 200_000);
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1));
    assert_eq!(text(&out.stdout).lines().count(), 200_000);
}
