//! `slidebench checkpoints list|clear --out DIR`: each checkpoint kept under a result set listed
//! with whether a run would resume it or why not, and removed by set, by solver, or all.

use crate::common::{run, stderr_text, stdout_lines};
use slidebench::checkpoint::{Checkpoint, QueryKey, CHECKPOINTS_DIR};
use slidebench::{Board, Puzzle};
use std::path::{Path, PathBuf};

/// Writes a checkpoint of `solver`'s query on case `case` of `set` into `dir`, as a search
/// would (this build, a checksum that matches).
fn write(dir: &Path, set: &str, case: u64, solver: &str) -> PathBuf {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "6x4875123").unwrap();
    let key = QueryKey::new(set, case, solver, &p, &b);
    let path = dir.join(key.file_name());
    std::fs::create_dir_all(dir).unwrap();
    let cp = Checkpoint {
        format: 4,
        query: key,
        heuristic: "md".into(),
        root_estimate: 17,
        root_h: 17,
        next_threshold: 21,
        nodes: 12_345,
        iterations: 2,
        elapsed_s: 1.5,
        nodes_per_s: 1.0,
        redone_nodes: None,
        checksum: String::new(),
    };
    cp.write(&path).unwrap();
    path
}

fn checkpoints(args: &[&str], out: &Path) -> std::process::Output {
    let mut all = vec!["checkpoints"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap()]);
    run(&all, b"")
}

#[test]
fn list_shows_each_checkpoint_valid_or_refused_with_its_reason() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join(CHECKPOINTS_DIR);
    write(&dir, "walk", 3, "idastar-md/packed");
    let bad = write(&dir, "walk", 4, "idastar-md/packed");
    let text = std::fs::read_to_string(&bad).unwrap();
    std::fs::write(&bad, text.replace("12345", "12346")).unwrap();
    let o = checkpoints(&["list"], out.path());
    assert!(o.status.success(), "{}", stderr_text(&o));
    let lines = stdout_lines(&o);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[1],
        "walk.3.idastar-md-packed.json\twalk\t3\tidastar-md/packed\t21\t12345\t1.5\tvalid"
    );
    assert!(lines[2].starts_with("walk.4.idastar-md-packed.json\t-\t"), "{}", lines[2]);
    assert!(lines[2].contains("refused: ") && lines[2].contains("checksum"), "{}", lines[2]);
}

#[test]
fn clear_removes_one_solvers_then_one_sets_then_all_and_says_how_many() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join(CHECKPOINTS_DIR);
    let md = write(&dir, "walk", 1, "idastar-md/packed");
    let lc = write(&dir, "walk", 2, "idastar-lc/packed");
    let other = write(&dir, "random", 1, "idastar-md/packed");
    let o = checkpoints(&["clear", "--solver", "idastar-lc/packed"], out.path());
    assert!(o.status.success(), "{}", stderr_text(&o));
    assert!(stdout_lines(&o)[0].starts_with("1 checkpoint(s) removed"), "{:?}", stdout_lines(&o));
    assert_eq!((md.exists(), lc.exists(), other.exists()), (true, false, true));
    let o = checkpoints(&["clear", "--set", "walk"], out.path());
    assert!(stdout_lines(&o)[0].starts_with("1 checkpoint(s) removed"));
    assert_eq!((md.exists(), other.exists()), (false, true));
    let o = checkpoints(&["clear"], out.path());
    assert!(stdout_lines(&o)[0].starts_with("1 checkpoint(s) removed"));
    assert!(!dir.exists(), "the emptied directory goes too");
}

#[test]
fn listing_a_result_set_that_does_not_exist_is_an_error_naming_it() {
    let out = tempfile::tempdir().unwrap();
    let missing = out.path().join("typo");
    let o = checkpoints(&["list"], &missing);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr_text(&o).contains("typo"), "{}", stderr_text(&o));
}

#[test]
fn clear_removes_every_checkpoint_past_a_directory_named_json_and_names_what_it_left() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join(CHECKPOINTS_DIR);
    let first = write(&dir, "a", 1, "idastar-md/packed");
    let last = write(&dir, "z", 1, "idastar-md/packed");
    // Sorted between the two checkpoints, and no checkpoint: not this command's to remove.
    let stray = dir.join("m.1.idastar-md-packed.json");
    std::fs::create_dir(&stray).unwrap();
    let o = checkpoints(&["clear"], out.path());
    assert!(o.status.success(), "{}", stderr_text(&o));
    let lines = stdout_lines(&o);
    assert!(lines[0].starts_with("2 checkpoint(s) removed"), "{lines:?}");
    assert_eq!((first.exists(), last.exists(), stray.is_dir()), (false, false, true));
    assert_eq!(lines[1], format!("left {} (a directory)", stray.display()), "{lines:?}");
}
