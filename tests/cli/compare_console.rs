//! What `compare` prints: a short summary on stdout (the full tables with `--verbose`), and its
//! progress on stderr only: when stderr is not a terminal, a plain line per set and lines while a
//! set runs; none with `--quiet`.

use crate::common;

use common::{run, stdout_lines};
use std::path::Path;

/// `compare --cases SETS --count 5 --solvers bfs/rank table/rank` into `out`, without charts,
/// stdout and stderr piped (neither a terminal), plus `extra`.
fn compare(out: &Path, sets: &[&str], extra: &[&str]) -> std::process::Output {
    let mut args = vec!["compare", "--cases"];
    args.extend_from_slice(sets);
    args.extend_from_slice(&["--count", "5", "--solvers", "bfs/rank", "table/rank", "--threads"]);
    args.extend_from_slice(&["1", "--no-charts", "--out", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

#[test]
fn compare_prints_a_short_summary_and_where_the_results_are() {
    let dir = tempfile::tempdir().unwrap();
    let o = compare(dir.path(), &["random:3x3"], &[]);
    let lines = stdout_lines(&o);
    let text = lines.join("\n");
    assert!(lines.len() <= 9, "{text}");
    // Both solvers are blind: one line for the family, the first ranked.
    let family: Vec<&String> =
        lines.iter().filter(|l| l.trim_start().starts_with("blind")).collect();
    assert_eq!(family.len(), 1, "{text}");
    assert!(family[0].contains("table/rank") && family[0].contains("5 of 5"), "{text}");
    assert!(text.contains("Every answer agreed with the reference."), "{text}");
    assert!(text.contains("Harness floor: ") && text.contains(" per query"), "{text}");
    assert!(text.contains(&format!("results in {}", dir.path().display())), "{text}");
    assert!(!text.contains("p95"), "the full table is for --verbose: {text}");
}

#[test]
fn compare_verbose_prints_every_solvers_row_under_one_legend() {
    let dir = tempfile::tempdir().unwrap();
    let o = compare(dir.path(), &["random:3x3", "sample"], &["--verbose"]);
    let lines = stdout_lines(&o);
    let text = lines.join("\n");
    assert_eq!(lines.iter().filter(|l| l.starts_with("Columns:")).count(), 1, "{text}");
    assert_eq!(
        lines.iter().filter(|l| l.trim_start().starts_with("#  solver")).count(),
        2,
        "{text}"
    );
    for solver in ["bfs/rank", "table/rank"] {
        let rows = lines.iter().filter(|l| l.split_whitespace().nth(1) == Some(solver));
        assert_eq!(rows.count(), 2, "{solver}: {text}");
    }
}

#[test]
fn compare_writes_one_plain_line_per_set_to_a_stderr_that_is_no_terminal_and_none_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let o = compare(dir.path(), &["random:3x3", "sample"], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    let sets: Vec<&str> = err.lines().filter(|l| l.contains("] set ")).collect();
    assert_eq!(sets.len(), 2, "{err}");
    assert!(sets[0].contains("set 1/2 random: 5 cases, 2 solvers"), "{err}");
    assert!(sets[1].contains("set 2/2 sample: 5 cases, 2 solvers"), "{err}");
    let out = stdout_lines(&o).join("\n");
    assert!(!out.contains("] set ") && !out.contains("thread sweep"), "{out}");
}

/// A set a solver sits out because its tables are not built names the command that builds
/// them as a user would type it: with the default cache (here `XDG_CACHE_HOME`), no
/// `--pdb-dir` and no directory of this machine, in `skipped.csv` nor in what the run printed
/// (the committed `ranking.txt`).
#[test]
fn a_solver_whose_tables_are_missing_sits_out_naming_no_absolute_path() {
    let cache = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let mut command = common::bin();
    command
        .args(["compare", "--cases", "walk:4x4:6", "--count", "2", "--threads", "1"])
        .args(["--solvers", "idastar-pdb78/packed", "idastar-md/packed", "--verbose"])
        .args(["--no-charts", "--out", "out"])
        .current_dir(work.path())
        .env("XDG_CACHE_HOME", cache.path());
    let o = common::run_command(command, b"");
    let printed = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{printed}{}", String::from_utf8_lossy(&o.stderr));
    let skipped = std::fs::read_to_string(work.path().join("out/skipped.csv")).unwrap();
    let reason =
        "the 78 databases are not built: `slidebench pdb build --shape 4x4 --partition 78`";
    assert!(skipped.contains(reason), "{skipped}");
    assert!(printed.contains(reason), "{printed}");
    for text in [&*skipped, &*printed] {
        for path in [cache.path(), work.path()] {
            assert!(!text.contains(path.to_str().unwrap()), "{}: {text}", path.display());
        }
        assert!(!text.contains(" /") && !text.contains("`/"), "{text}");
    }
}

#[test]
fn search_threads_reach_the_ida_star_rows_and_meta_and_the_other_solvers_are_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "compare",
        "--cases",
        "walk:3x3:8",
        "--count",
        "3",
        "--solvers",
        "idastar-md/packed",
        "bfs/rank",
        "--threads",
        "1",
        "--search-threads",
        "2",
        "--no-charts",
        "--out",
        dir.path().to_str().unwrap(),
    ];
    let out = run(&args, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(err.matches("--search-threads 2 applies to the IDA* solvers").count(), 1, "{err}");
    let runs = common::runs_text(dir.path());
    let mut lines = runs.lines();
    assert!(lines.next().unwrap().ends_with(",search_threads"), "{runs}");
    for line in lines {
        let want = if line.starts_with("idastar-md/packed,") { ",2" } else { ",1" };
        assert!(line.ends_with(want), "{line}");
    }
    let meta = std::fs::read_to_string(dir.path().join("meta.json")).unwrap();
    assert!(meta.contains("\"search_threads\": 2"), "{meta}");
}

/// `compare` with `SLIDEBENCH_PROGRESS_SECS` (here 0: after every query) and `extra`, stderr
/// piped; returns what stderr said.
fn progress_of(out: &Path, extra: &[&str]) -> String {
    let mut command = common::bin();
    command
        .args(["compare", "--cases", "random:3x3", "--count", "5", "--solvers", "bfs/rank"])
        .args(["--threads", "1", "--no-charts", "--out", out.to_str().unwrap()])
        .args(extra)
        .env("SLIDEBENCH_PROGRESS_SECS", "0");
    let o = common::run_command(command, b"");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{err}");
    err
}

/// On a stderr that is no terminal, a set that runs long enough gets progress lines while it
/// runs (the interval shortened for the test): set, solver, cases done of its total, elapsed.
#[test]
fn a_piped_compare_writes_progress_lines_while_a_set_runs() {
    let dir = tempfile::tempdir().unwrap();
    let err = progress_of(dir.path(), &[]);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" of 5 cases")).collect();
    assert!(lines.iter().any(|l| l.contains("set 1/1 random: bfs/rank 5 of 5 cases")), "{err}");
    assert!(lines.iter().all(|l| l.starts_with('[') && l.ends_with("s into the set")), "{err}");
}

/// `--quiet` writes no progress at all: no line per set, none while a set runs.
#[test]
fn a_quiet_compare_writes_no_progress() {
    let dir = tempfile::tempdir().unwrap();
    let err = progress_of(dir.path(), &["--quiet"]);
    assert!(!err.contains("] set ") && !err.contains(" of 5 cases"), "{err}");
}
