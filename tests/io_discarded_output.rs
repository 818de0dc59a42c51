//! Output thrown away on purpose (`Stdio::null()`, `subprocess.DEVNULL`, hyperfine, service
//! managers: `/dev/null` opened for reading and writing) is not an error, and a reader that
//! goes away early (`| head -1`) ends the command quietly.

use slidebench::cases::{AOJ_SAMPLE, HDU_SAMPLE};
use std::io::{BufRead, BufReader, Write};
use std::process::{ExitStatus, Stdio};

mod common;
use common::bin;

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

/// Reads one line of the command's answers and goes away, as `| head -1` does.
fn first_line_then_leave(args: &[&str], stdin: Vec<u8>) -> (String, ExitStatus, String) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    // The reader is dropped here: the next writes meet a broken pipe.
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (line, out.status, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn solve_ends_quietly_when_its_reader_leaves_after_one_line() {
    let input = "1 2 3 4 5 6 7 8 x\n".repeat(200_000).into_bytes();
    for threads in ["1", "2"] {
        let (line, status, stderr) =
            first_line_then_leave(&["solve", "--threads", threads], input.clone());
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
    let (line, status, stderr) = first_line_then_leave(&["cruller"], input.into_bytes());
    assert_eq!(line, "0\n");
    assert!(status.success(), "{status:?}: {stderr}");
    assert_eq!(stderr, "");
}
