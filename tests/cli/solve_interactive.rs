//! `solve` as a coprocess: a program that writes one board and waits for its answer, with the
//! input still open, gets it (answers are flushed whenever the input has nothing more ready).

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use crate::common;
use common::bin;

/// Starts `solve ARGS`, then for each board writes it, waits up to a minute for one line of
/// answer while stdin stays open, and checks the line; closes stdin at the end and returns the
/// exit status.
fn converse(args: &[&str], exchange: &[(&str, &str)]) -> std::process::ExitStatus {
    let mut child = bin()
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let (line_tx, lines) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if line_tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    for (board, answer) in exchange {
        writeln!(input, "{board}").unwrap();
        input.flush().unwrap();
        let got = lines.recv_timeout(Duration::from_secs(60));
        if got.is_err() {
            let _ = child.kill();
            let _ = child.wait();
        }
        assert_eq!(got.as_deref(), Ok(*answer), "solve {args:?}: `{board}` with the input open");
    }
    drop(input);
    child.wait().unwrap()
}

const EXCHANGE: [(&str, &str); 3] =
    [("1 2 3 4 5 6 7 x 8", "r"), ("1 2 3 4 5 6 7 8 x", ""), ("1 2 3 4 5 6 8 7 x", "unsolvable")];

#[test]
fn default_solver_answers_each_board_while_the_input_stays_open() {
    assert!(converse(&[], &EXCHANGE).success());
}

#[test]
fn default_solver_on_one_thread_answers_each_board_while_the_input_stays_open() {
    assert!(converse(&["--threads", "1"], &EXCHANGE).success());
}

#[test]
fn a_search_on_one_thread_answers_each_board_while_the_input_stays_open() {
    assert!(converse(&["--threads", "1", "--solver", "bfs/rank"], &EXCHANGE).success());
    assert!(converse(&["--threads", "2", "--solver", "bfs/rank"], &EXCHANGE).success());
}

#[test]
fn a_bad_line_is_answered_while_the_input_stays_open() {
    let status = converse(&["--threads", "1"], &[("1 2 3", "error"), ("1 2 3 4 5 6 7 x 8", "r")]);
    assert_eq!(status.code(), Some(1), "a bad line makes the status 1");
}
