//! What a large, unattended run reports about itself: a run that ran nothing fails and says
//! so, a disagreement is its own exit status that a merge carries on, and a run that could not
//! write its results leaves the set it found marked incomplete.

use super::*;
use std::path::Path;
use std::process::{Command, Stdio};

fn text(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn a_run_that_cannot_write_its_results_leaves_the_earlier_set_marked_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set");
    let args = "compare --cases random --count 300 --solvers table/rank --threads 1 --no-charts";
    let first = slidebench(
        &[&args.split(' ').collect::<Vec<_>>()[..], &["--out", out.to_str().unwrap()]].concat(),
    );
    assert!(first.status.success(), "{}", text(&first));
    // Under a file-size limit of 1 KiB its runs.csv.gz cannot be written; the marker can.
    let script = format!("ulimit -f 2; exec '{BIN}' {args} --out '{}'", out.display());
    let failed = Command::new("sh").args(["-c", &script]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed));
    assert!(text(&failed).contains("file-size limit"), "{}", text(&failed));
    assert!(out.join(".incomplete").exists());
    let report = slidebench(&["report", "--from", out.to_str().unwrap()]);
    assert_eq!(report.status.code(), Some(1));
    assert!(text(&report).contains("the result set is incomplete"), "{}", text(&report));
}
