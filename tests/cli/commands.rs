//! The binary's behaviour: judge answers, listings, usage errors, bad input kept in step, broken
//! pipes, streaming in flat memory, reproducible case sets, the census, and result files that
//! survive an interrupted run.

use slidebench::cases::{AOJ_SAMPLE, HDU_SAMPLE};
use slidebench::report::set::read_runs_as_written;
use slidebench::report::{read_csv, RunRow, SummaryRow};
use slidebench::{Board, Move, Puzzle, Shape};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::{bin, run, stderr_text, stdout_lines};

/// Replays a line of move letters from `start` and returns the end board and the move count.
fn replay_letters(puzzle: &Puzzle, start: &Board, letters: &str) -> (Board, usize) {
    let moves: Vec<Move> = letters
        .chars()
        .map(|c| Move::from_letter(c).unwrap_or_else(|| panic!("`{c}` is not a move")))
        .collect();
    let (end, cost) = puzzle.replay(start, &moves).expect("every move is legal");
    assert_eq!(cost, moves.len() as u64);
    (end, moves.len())
}

fn sample_board() -> Board {
    Board::parse(Shape::THREE_BY_THREE, HDU_SAMPLE).unwrap()
}

fn solver_ids(weighted: bool) -> Vec<String> {
    let args: &[&str] = if weighted { &["solvers", "--weighted"] } else { &["solvers"] };
    let out = run(args, b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    stdout_lines(&out)
}

#[test]
fn solve_answers_the_hdu_sample_with_every_solver() {
    let eight = Puzzle::eight();
    let start = sample_board();
    let mut runs = vec![Vec::new()];
    // Every solver that runs on the 3x3: the pattern-database rows of the 4x4 and 5x5 refuse
    // it, naming the row that runs there (tested in `shapes`).
    for id in solver_ids(false) {
        if slidebench::solver::solver_info(&id).is_some_and(|info| info.accepts(&eight)) {
            runs.push(vec!["--solver".to_string(), id]);
        }
    }
    for extra in runs {
        let mut args = vec!["solve"];
        args.extend(extra.iter().map(String::as_str));
        let out = run(&args, HDU_SAMPLE.as_bytes());
        assert!(out.status.success(), "{args:?}: {}", stderr_text(&out));
        let lines = stdout_lines(&out);
        assert_eq!(lines.len(), 1, "{args:?}: {lines:?}");
        let (end, len) = replay_letters(&eight, &start, &lines[0]);
        assert_eq!(&end, eight.goal(), "{args:?}");
        assert_eq!(len, 19, "{args:?}: {}", lines[0]);
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr_text(&out));
    }
}

#[test]
fn cruller_answers_the_aoj_sample_with_every_weighted_solver() {
    let torus = Puzzle::cruller(
        slidebench::Costs { horizontal: 2, vertical: 3 },
        Board::solved(Shape::THREE_BY_THREE),
    )
    .unwrap();
    let mut runs = vec![Vec::new()];
    for id in solver_ids(true) {
        if !slidebench::solver::solver_info(&id).unwrap().accepts(&torus) {
            // A weighted solver for grids only (linear conflict): refused as a usage error.
            let out = run(&["cruller", "--solver", &id], AOJ_SAMPLE.as_bytes());
            assert_eq!(out.status.code(), Some(2), "{id}");
            assert!(out.stdout.is_empty());
            continue;
        }
        runs.push(vec!["--solver".to_string(), id]);
    }
    for extra in runs {
        let mut args = vec!["cruller"];
        args.extend(extra.iter().map(String::as_str));
        let out = run(&args, AOJ_SAMPLE.as_bytes());
        assert!(out.status.success(), "{args:?}: {}", stderr_text(&out));
        assert_eq!(stdout_lines(&out), ["0", "31", "96", "312"], "{args:?}");
    }
}

#[test]
fn solver_listings_and_usage_errors() {
    let all = solver_ids(false);
    let weighted = solver_ids(true);
    let expected: Vec<String> =
        slidebench::solver::all_solvers().into_iter().map(|s| s.id).collect();
    assert_eq!(all, expected);
    assert!(!weighted.is_empty() && weighted.len() < all.len());
    assert!(weighted.iter().all(|w| all.contains(w)));
    for id in &all {
        assert!(!id.is_empty() && !id.contains(char::is_whitespace), "`{id}`");
    }
    // Every unit-only solver is refused by `cruller` with a usage error.
    for id in all.iter().filter(|id| !weighted.contains(id)) {
        let out = run(&["cruller", "--solver", id], AOJ_SAMPLE.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{id}");
        assert!(stderr_text(&out).contains("invalid value"), "{id}");
    }
    let usage_errors: &[&[&str]] = &[
        &["solve", "--solver", "nope/rank"],
        &["cruller", "--solver", "bfs"],
        &["solve", "--frobnicate"],
        &["solvers", "--heavy"],
        &["census", "--shape", "1x9"],
        &["cases", "nothing"],
        &["frobnicate"],
    ];
    for args in usage_errors {
        let out = run(args, HDU_SAMPLE.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = stderr_text(&out);
        assert!(err.contains("error:"), "{args:?}: {err}");
        assert!(err.contains("Usage:") || err.contains("--help"), "{args:?}: {err}");
    }
}

/// The stderr lines that name an input line, as their numbers.
fn named_lines(stderr: &str) -> Vec<u64> {
    stderr
        .lines()
        .map(|l| {
            let rest = l
                .strip_prefix("line ")
                .unwrap_or_else(|| panic!("stderr line `{l}` does not start with `line N: `"));
            let (n, msg) = rest.split_once(": ").expect("`line N: message`");
            assert!(!msg.is_empty());
            n.parse().expect("a line number")
        })
        .collect()
}

#[test]
fn solve_reports_bad_lines_and_answers_the_rest_in_step() {
    let mut input = Vec::new();
    let lines: &[&[u8]] = &[
        b"2 3 4 1 5 x 7 6 8",     // 1 good
        b"1 2 3",                 // 2 too few
        b"1 2 3 4 5 6 7 8 x",     // 3 good: already solved
        b"1 2 3 4 5 6 7 8 x 4",   // 4 too many
        b"1 2 3 x 4 6 7 5 8",     // 5 good
        b"1 1 3 4 5 6 7 8 x",     // 6 repeated
        b"1 2 3 4 5 6 7 9 x",     // 7 unknown symbol
        b"1 2 3 \xff 5 6 7 8 x",  // 8 not UTF-8
        b"",                      // 9 blank: no answer
        b"2 1 3 4 5 6 7 8 x",     // 10 unsolvable
        b"1 2 3 4 5 6 x 7 8\r",   // 11 good, CRLF
        b"  2 3 4 1 5 x 7 6 8  ", // 12 good
    ];
    for l in lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_text(&out));
    let got = stdout_lines(&out);
    let err = stderr_text(&out);
    assert_eq!(named_lines(&err), [2, 4, 6, 7, 8], "{err}");
    assert!(err.contains("line 2: too few symbols"), "{err}");
    assert!(err.contains("line 6: symbol `1` appears twice"), "{err}");
    assert!(err.contains("line 7: unknown symbol `9`"), "{err}");
    assert!(err.contains("line 8: not valid UTF-8"), "{err}");
    assert!(!err.contains("panicked"));
    // One answer per non-blank line, in step.
    let expect_error = [false, true, false, true, false, true, true, true, false, false, false];
    assert_eq!(got.len(), expect_error.len(), "{got:?}");
    let eight = Puzzle::eight();
    let starts = [
        Some("23415x768"),
        None,
        Some("12345678x"),
        None,
        Some("123x46758"),
        None,
        None,
        None,
        Some("21345678x"),
        Some("123456x78"),
        Some("23415x768"),
    ];
    for (k, (answer, start)) in got.iter().zip(starts).enumerate() {
        match start {
            None => assert_eq!(answer, "error", "answer {k}"),
            Some("21345678x") => assert_eq!(answer, "unsolvable"),
            Some(text) => {
                let b = Board::parse(Shape::THREE_BY_THREE, text).unwrap();
                let (end, _) = replay_letters(&eight, &b, answer);
                assert_eq!(&end, eight.goal(), "answer {k}: {answer}");
            }
        }
        assert_eq!(answer == "error", expect_error[k]);
    }
    assert_eq!(got[2], "", "the solved board needs no moves");
    // All-good input: exit 0, nothing on stderr.
    let good = "2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n";
    let out = run(&["solve"], good.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr_text(&out));
    assert_eq!(stdout_lines(&out).len(), 3);
    assert!(out.stderr.is_empty());
}

#[test]
fn cruller_reports_bad_datasets_and_answers_the_rest_in_step() {
    let datasets = [
        "4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n", // lines 1-7: 0
        "4 x\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n", // lines 8-14: bad cost line
        "31 31\n4 3 6\n0 1 5\n8 2 7\n0 3 6\n4 1 5\n8 2 7\n", // lines 15-21: 31
        "1 2\n6 3 0\n8 1 2\n4 5 5\n6 3 0\n8 1 2\n4 5 7\n", // lines 22-28: repeated digit
        "12 28\n3 4 5\n0 2 6\n7 1 8\n5 7 1\n8 6 2\n0 3 4\n", // lines 29-35: 312
        "0 7\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n", // lines 36-42: zero cost
    ];
    // No closing `0 0`.
    let input: String = datasets.concat();
    let out = run(&["cruller"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_lines(&out), ["0", "error", "31", "error", "312", "error"]);
    let err = stderr_text(&out);
    assert_eq!(named_lines(&err), [8, 23, 36, 43], "{err}");
    assert!(err.contains("line 8: bad cost line `4 x`"), "{err}");
    assert!(err.contains("line 23: start board: tile 5 appears twice"), "{err}");
    assert!(err.contains("line 43: input ended without the closing `0 0`"), "{err}");
    assert!(!err.contains("panicked"));
    // Only the end marker missing: every dataset answered, still a failure.
    let unclosed = AOJ_SAMPLE.strip_suffix("0 0\n").unwrap();
    let out = run(&["cruller"], unclosed.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_lines(&out), ["0", "31", "96", "312"]);
    assert_eq!(named_lines(&stderr_text(&out)), [29]);
    // A dataset cut short.
    let out = run(&["cruller"], b"4 9\n6 3 0\n8 1 2\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout_lines(&out).iter().all(|l| l == "error"));
    assert!(stderr_text(&out).contains("2 of its 6 board rows"));
    // All good: exit 0.
    let out = run(&["cruller"], AOJ_SAMPLE.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn solve_stops_quietly_when_the_reader_goes_away() {
    let mut child = bin()
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = HDU_SAMPLE.repeat(1000);
        for _ in 0..200 {
            if input.write_all(chunk.as_bytes()).is_err() {
                break; // the child has gone: expected
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end().len(), 19);
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = wait_with_timeout(&mut child, Duration::from_secs(60));
    writer.join().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
}

fn wait_with_timeout(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("the child did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Solves `cases` copies of the sample streamed from a thread on `threads` threads; returns the
/// number of output lines and, when measured with `/usr/bin/time`, the peak resident set in KiB.
fn stream_solve(cases: usize, threads: usize, time: Option<&Path>) -> (usize, Option<u64>) {
    let mut cmd = match time {
        Some(t) => {
            let mut c = Command::new(t);
            c.args(["-f", "%M", env!("CARGO_BIN_EXE_slidebench")]);
            c
        }
        None => bin(),
    };
    let mut child = cmd
        .args(["solve", "--threads", &threads.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = std::io::BufWriter::new(child.stdin.take().unwrap());
    let writer = std::thread::spawn(move || {
        // Vary the spacing a little so the reader does some work.
        for i in 0..cases {
            let line = if i % 2 == 0 { "2 3 4 1 5 x 7 6 8\n" } else { "1 2 3 x 4 6 7 5 8\n" };
            input.write_all(line.as_bytes()).unwrap();
        }
        input.flush().unwrap();
    });
    let mut stderr_pipe = child.stderr.take().unwrap();
    let stderr_reader = std::thread::spawn(move || {
        let mut s = String::new();
        stderr_pipe.read_to_string(&mut s).unwrap();
        s
    });
    let mut lines = 0usize;
    let mut buf = vec![0u8; 1 << 16];
    let mut stdout = child.stdout.take().unwrap();
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        #[allow(clippy::naive_bytecount)] // no crate for one count in a test
        let newlines = buf[..n].iter().filter(|&&b| b == b'\n').count();
        lines += newlines;
    }
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let stderr = stderr_reader.join().unwrap();
    assert!(status.success(), "{stderr}");
    let peak = time.map(|_| {
        stderr
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak in `{stderr}`"))
    });
    (lines, peak)
}

#[test]
fn solve_streams_a_million_cases_in_flat_memory() {
    let time = Path::new("/usr/bin/time");
    let time = time.exists().then_some(time);
    if time.is_none() {
        println!("note: /usr/bin/time not found; the memory bound is not checked");
    }
    for threads in [1, 2] {
        let (small_lines, small_peak) = stream_solve(10_000, threads, time);
        assert_eq!(small_lines, 10_000);
        let (lines, peak) = stream_solve(1_000_000, threads, time);
        assert_eq!(lines, 1_000_000);
        if let (Some(small), Some(large)) = (small_peak, peak) {
            println!(
                "{threads} threads: peak RSS {small} KiB for 10,000 cases, {large} KiB for 1,000,000"
            );
            assert!(large <= 2 * small + 8 * 1024, "peak RSS grew from {small} KiB to {large} KiB");
        }
    }
}

#[test]
fn case_sets_are_reproducible_and_weighted_sets_feed_cruller() {
    let a = run(&["cases", "random", "--count", "50", "--seed", "9"], b"");
    let b = run(&["cases", "random", "--count", "50", "--seed", "9"], b"");
    let c = run(&["cases", "random", "--count", "50", "--seed", "10"], b"");
    assert!(a.status.success() && b.status.success() && c.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    assert_eq!(stdout_lines(&a).len(), 50);
    // The random set is valid `solve` input.
    let solved = run(&["solve"], &a.stdout);
    assert!(solved.status.success(), "{}", stderr_text(&solved));
    assert_eq!(stdout_lines(&solved).len(), 50);

    let weighted = run(&["cases", "weighted"], b"");
    assert!(weighted.status.success());
    let w2 = run(&["cases", "weighted"], b"");
    assert_eq!(weighted.stdout, w2.stdout);
    let answers = run(&["cruller"], &weighted.stdout);
    assert_eq!(answers.status.code(), Some(0), "{}", stderr_text(&answers));
    let lines = stdout_lines(&answers);
    // Half the weighted set is on the grid, which AOJ input cannot express.
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|l| l.parse::<u64>().is_ok()), "{lines:?}");
    assert!(stderr_text(&weighted).contains("left out"));
}

#[test]
fn census_refuses_four_by_four_and_counts_three_by_three() {
    let started = Instant::now();
    let out = run(&["census", "--shape", "4x4"], b"");
    assert!(!out.status.success());
    assert!(started.elapsed() < Duration::from_secs(10));
    let err = stderr_text(&out);
    assert!(err.contains("10,461,394,944,000"), "{err}");

    let out = run(&["census", "--shape", "3x3"], b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    let lines = stdout_lines(&out);
    assert!(lines.iter().any(|l| l == "31 2"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "total 181440"), "{lines:?}");
    assert_eq!(lines[0], "0 1");
}

#[test]
fn an_interrupted_compare_leaves_the_old_results_intact() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let first = bin()
        .args([
            "compare",
            "--cases",
            "random",
            "--count",
            "30",
            "--solvers",
            "table/rank",
            "bfs/rank",
            "--threads",
            "1",
            "--out",
            out_dir,
            "--no-charts",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(first.status.success(), "{}", stderr_text(&first));
    let runs_path = dir.path().join("runs.csv.gz");
    let summary_path = dir.path().join("summary.csv");
    let runs = std::fs::read(&runs_path).unwrap();
    let summary = std::fs::read(&summary_path).unwrap();
    assert_eq!(read_runs_as_written(dir.path(), "").unwrap().len(), 60);
    assert_eq!(read_csv::<SummaryRow>(&summary_path).unwrap().len(), 2);
    let before: Vec<String> = listing(dir.path());

    let mut child = bin()
        .args([
            "compare",
            "--cases",
            "random",
            "depth",
            "--count",
            "400",
            "--solvers",
            "bfs/text",
            "dijkstra/text",
            "--threads",
            "1",
            "--out",
            out_dir,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "the larger compare should still be running");
    child.kill().unwrap();
    child.wait().unwrap();

    assert_eq!(std::fs::read(&runs_path).unwrap(), runs);
    assert_eq!(std::fs::read(&summary_path).unwrap(), summary);
    assert_eq!(read_runs_as_written(dir.path(), "").unwrap().len(), 60);
    // Only hidden temporary files may have appeared.
    let after: Vec<String> =
        listing(dir.path()).into_iter().filter(|n| !n.starts_with(".slidebench-tmp.")).collect();
    assert_eq!(after, before);
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn cases_on_other_boards_print_one_board_a_line_and_depth_refuses_large_ones() {
    let out = run(&["cases", "walk:4x4:12", "--count", "3", "--seed", "5"], b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    let shape = Shape::new(4, 4).unwrap();
    assert!(lines.iter().all(|l| slidebench::judge::parse_board(shape, l, 1).is_ok()), "{lines:?}");
    let same = run(
        &["cases", "walk", "--shape", "4x4", "--length", "12", "--count", "3", "--seed", "5"],
        b"",
    );
    assert_eq!(stdout_lines(&same), lines);

    let out = run(&["cases", "depth", "--shape", "4x3"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_text(&out);
    assert!(err.contains("distance table") && err.contains("4x3"), "{err}");
}

#[test]
fn a_sharded_compare_writes_its_shard_budgets_and_json_exports() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &[
            "compare",
            "--cases",
            "random:2x3",
            "walk:4x4:30",
            "--count",
            "6",
            "--solvers",
            "bfs/packed",
            "idastar-md/packed",
            "--threads",
            "1",
            "--shard",
            "2/3",
            "--budget-states",
            "1000",
            "--budget-streak",
            "0",
            "--repeat",
            "2",
            "--export-json",
            "--no-charts",
            "--out",
            dir.path().to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", stderr_text(&out));
    let runs: Vec<RunRow> = read_runs_as_written(dir.path(), "").unwrap();
    // Cases 1 and 4 of each set; bfs/packed sits out the 4x4 set.
    assert_eq!(runs.len(), 2 + 2 + 2);
    assert!(runs.iter().all(|r| r.case_id % 3 == 1));
    let budget = slidebench::report::Outcome::Budget;
    assert!(runs.iter().any(|r| r.outcome == budget), "a 30-move walk needs more than 1000 nodes");
    let meta = std::fs::read_to_string(dir.path().join("meta.json")).unwrap();
    for field in
        ["\"shard\": \"2/3\"", "\"budget_states\": 1000", "\"repeats\": 2", "--export-json"]
    {
        assert!(meta.contains(field), "{field} in {meta}");
    }
    for file in ["runs.json", "summary.json", "skipped.csv", "manifest.txt"] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
}
