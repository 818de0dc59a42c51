//! `report` reads only regular files inside the result directory: a symbolic link (to
//! `/etc/passwd`, say) is refused rather than embedded, and a FIFO does not hang it.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::bin;

/// Runs `command`, killing it and failing the test if it takes over a minute.
fn bounded(mut command: Command) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut e = Vec::new();
        let _ = err.read_to_end(&mut e);
        e
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output { status, stdout: Vec::new(), stderr: reader.join().unwrap() }
}

/// A small result set in `dir`.
fn results(dir: &Path) {
    let mut c = bin();
    c.args(["compare", "--cases", "sample", "--solvers", "bfs/rank", "--out"]).arg(dir);
    assert!(bounded(c).status.success());
}

fn report(dir: &Path) -> Output {
    let mut c = bin();
    c.args(["report", "--from"]).arg(dir);
    bounded(c)
}

#[test]
fn a_findings_file_that_links_out_of_the_directory_is_not_embedded() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, "root:x:0:0:SECRET-LINE:/root:/bin/sh\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    results(dir.path());
    // compare wrote its own findings: the link takes their place.
    let _ = std::fs::remove_file(dir.path().join("FINDINGS.md"));
    std::os::unix::fs::symlink(&secret, dir.path().join("FINDINGS.md")).unwrap();
    let out = report(dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("FINDINGS.md") && err.contains("symbolic link"), "{err}");
    let page = std::fs::read_to_string(dir.path().join("index.html")).unwrap_or_default();
    assert!(!page.contains("SECRET-LINE"));
}

#[test]
fn a_fifo_in_the_result_directory_does_not_hang_report() {
    for name in ["FINDINGS.md", "meta.json", "summary.csv"] {
        let dir = tempfile::tempdir().unwrap();
        results(dir.path());
        let path = dir.path().join(name);
        let _ = std::fs::remove_file(&path);
        assert!(Command::new("mkfifo").arg(&path).status().unwrap().success());
        let out = report(dir.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(name) && err.contains("not a regular file"), "{name}: {err}");
    }
}
