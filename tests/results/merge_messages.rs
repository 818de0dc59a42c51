//! `merge`'s refusals name each shard's value as a person writes it.

use crate::common;
use common::{run, stderr_text};

#[test]
fn shards_of_different_state_budgets_are_named_by_their_values_not_debug_text() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for (shard, out, budget) in [("1/2", a, "50000000"), ("2/2", b, "1000")] {
        // Random boards: each shard answers some (a shard that answers none is refused).
        let args = ["compare", "--cases", "random", "--count", "4", "--solvers", "bfs/rank"];
        let mut args = args.to_vec();
        args.extend(["--shard", shard]);
        args.extend(["--budget-states", budget, "--out", out]);
        let done = run(&args, b"");
        assert!(done.status.success(), "{}", stderr_text(&done));
    }
    let merged = dir.path().join("m");
    let out = run(&["merge", a, b, "--out", merged.to_str().unwrap()], b"");
    let err = stderr_text(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("state budgets") && err.contains("has 50000000"), "{err}");
    assert!(!err.contains("Some("), "{err}");
}
