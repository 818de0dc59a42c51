//! Output thrown away on purpose (`Stdio::null()`, `subprocess.DEVNULL`, hyperfine, service
//! managers: `/dev/null` opened for reading and writing) is not an error, and a reader that
//! goes away early (`| head -1`) ends the command quietly. Diagnostics that are lost (stderr's
//! reader gone) are: every answer is still written, and the status says the run failed.

use slidebench::cases::{AOJ_SAMPLE, HDU_SAMPLE};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use crate::common;
use common::{bin, wait_within};

/// Runs the binary with stdout and stderr both `Stdio::null()`, `stdin` fed from a pipe.
fn discarded(args: &[&str], stdin: &[u8]) -> ExitStatus {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait().unwrap()
}

#[test]
fn solve_succeeds_when_stdout_and_stderr_are_dev_null() {
    assert!(discarded(&["solve"], HDU_SAMPLE.as_bytes()).success());
    assert!(discarded(&["solve", "--threads", "1"], HDU_SAMPLE.as_bytes()).success());
}

#[test]
fn cruller_succeeds_when_stdout_and_stderr_are_dev_null() {
    assert!(discarded(&["cruller"], AOJ_SAMPLE.as_bytes()).success());
}

#[test]
fn other_commands_succeed_when_stdout_and_stderr_are_dev_null() {
    assert!(discarded(&["solvers", "--long"], b"").success());
    assert!(discarded(&["cases", "random", "--count", "5"], b"").success());
}

#[test]
fn solve_with_stdout_closed_by_the_shell_answers_into_nothing_with_status_zero() {
    // The runtime puts /dev/null on a closed descriptor, indistinguishable from a discarded
    // output: neither is a failure.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("printf '1 2 3 4 5 6 7 8 x\\n' | \"$0\" solve >&-")
        .arg(env!("CARGO_BIN_EXE_slidebench"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Reads one line of the command's answers and goes away, as `| head -1` does; `stdin` is fed
/// from a pipe, or is `Stdio::null()` when `None`. A command still running a minute later fails.
fn first_line_then_leave(args: &[&str], stdin: Option<Vec<u8>>) -> (String, ExitStatus, String) {
    let mut child = bin()
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let writer = stdin.map(|bytes| {
        let mut input = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        })
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    // The reader is dropped here: the next writes meet a broken pipe.
    let mut err = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        err.read_to_string(&mut text).unwrap();
        text
    });
    let status = wait_within(&mut child, Duration::from_secs(60));
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    (line, status, stderr.join().unwrap())
}

#[test]
fn solve_ends_quietly_when_its_reader_leaves_after_one_line() {
    let input = "1 2 3 4 5 6 7 8 x\n".repeat(200_000).into_bytes();
    for threads in ["1", "2"] {
        let (line, status, stderr) =
            first_line_then_leave(&["solve", "--threads", threads], Some(input.clone()));
        assert_eq!(line, "\n", "the solved board's answer is the empty move list");
        assert!(status.success(), "{status:?}: {stderr}");
        assert_eq!(stderr, "");
    }
}

#[test]
fn cruller_ends_quietly_when_its_reader_leaves_after_one_line() {
    let body = AOJ_SAMPLE.strip_suffix("0 0\n").unwrap();
    let mut input = body.repeat(20_000);
    input.push_str("0 0\n");
    let (line, status, stderr) = first_line_then_leave(&["cruller"], Some(input.into_bytes()));
    assert_eq!(line, "0\n");
    assert!(status.success(), "{status:?}: {stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn cases_piped_to_head_end_quietly() {
    for args in [
        &["cases", "random", "--count", "200000"][..],
        &["cases", "all"],
        &["cases", "depth", "--count", "100000"],
        &["cases", "weighted", "--count", "100000"],
    ] {
        let (first, status, stderr) = first_line_then_leave(args, None);
        assert!(!first.is_empty(), "{args:?}");
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn cases_with_the_largest_count_streams_its_first_line() {
    let (first, status, stderr) =
        first_line_then_leave(&["cases", "random", "--count", "18446744073709551615"], None);
    assert_eq!(first.split_whitespace().count(), 9, "{first}");
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

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
    let status = wait_within(&mut child, Duration::from_secs(60));
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
