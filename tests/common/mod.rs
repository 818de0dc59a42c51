//! Helpers shared by the command-line test files: start the binary, feed it, read what it said.
// Each test file compiles this module on its own and uses a different part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_slidebench"))
}

/// Runs `command`, feeding `stdin` from a thread so large inputs cannot deadlock.
pub fn run_command(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (usage errors): that is not the test's failure.
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs the binary with `args` and `stdin`.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = bin();
    command.args(args);
    run_command(command, stdin)
}

/// Standard output, line by line.
pub fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

/// Standard error as text.
pub fn stderr_text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
