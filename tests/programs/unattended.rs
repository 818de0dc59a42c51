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
fn a_compare_whose_only_solver_sat_out_fails_marks_its_set_and_merge_refuses_it() {
    let cache = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shard");
    let ran = Command::new(BIN)
        .args(["compare", "--cases", "korf50", "--count", "1", "--threads", "1", "--no-charts"])
        .args(["--solvers", "idastar-pdb6666/packed", "--out"])
        .arg(&out)
        .env("XDG_CACHE_HOME", cache.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = text(&ran);
    assert_eq!(ran.status.code(), Some(1), "{said}");
    assert!(said.contains("no requested solver answered a query"), "{said}");
    assert!(said.contains("idastar-pdb6666/packed"), "{said}");
    assert!(!said.contains("Every answer agreed"), "{said}");
    assert!(out.join(".incomplete").exists(), "the job files skip a set without the marker");
    let meta = std::fs::read_to_string(out.join("meta.json")).unwrap();
    assert!(meta.contains("\"idle\"") && meta.contains("idastar-pdb6666/packed"), "{meta}");
    let merged = dir.path().join("merged");
    let merge = slidebench(&["merge", out.to_str().unwrap(), "--out", merged.to_str().unwrap()]);
    assert_eq!(merge.status.code(), Some(1), "{}", text(&merge));
    assert!(text(&merge).contains("no requested solver answered a query"), "{}", text(&merge));
}

/// A program that calls every 8-puzzle board unsolvable: a disagreement on each solvable one
/// (a cost below the optimum would be refused by merge as a row that cannot be right).
fn wrong_program(dir: &Path) -> String {
    let exe = dir.join("wrong.sh");
    std::fs::write(&exe, "#!/bin/sh\nwhile read l; do echo unsolvable; done\n").unwrap();
    std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    format!("wrong={}", exe.display())
}

#[test]
fn disagreements_exit_three_in_every_shard_and_in_their_merge() {
    let dir = tempfile::tempdir().unwrap();
    let program = wrong_program(dir.path());
    let mut shards = Vec::new();
    for k in 1..=2 {
        let shard = dir.path().join(format!("s{k}"));
        let shard_arg = format!("{k}/2");
        let out = slidebench(&[
            "compare",
            "--cases",
            "random",
            "--count",
            "6",
            "--solvers",
            "table/rank",
            "--no-charts",
            "--threads",
            "1",
            "--shard",
            &shard_arg,
            "--out",
            shard.to_str().unwrap(),
            "--program",
            &program,
        ]);
        assert_eq!(out.status.code(), Some(3), "{}", text(&out));
        shards.push(shard);
    }
    let merged = dir.path().join("merged");
    let merge = slidebench(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(merge.status.code(), Some(3), "{}", text(&merge));
    assert!(text(&merge).contains("disagree"), "{}", text(&merge));
    assert!(merged.join("summary.csv").exists());
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
