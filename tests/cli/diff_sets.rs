//! `diff` on real result sets: `compare --rounds` rows carry their round, the same counters
//! diff clean (exit 0), and sets run under different settings are refused with exit 2.

use crate::common;

use common::{run, runs_text, small_compare};

#[test]
fn compare_rounds_writes_every_round_and_diffing_the_same_counters_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for d in [&a, &b] {
        let o = small_compare(d, &["--cases", "random", "--count", "4", "--rounds", "2"]);
        assert!(o.status.success(), "{}", common::stderr_text(&o));
    }
    let runs = runs_text(&a);
    let header: Vec<&str> = runs.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|c| *c == "round").expect("a round column");
    let rounds: Vec<&str> = runs.lines().skip(1).map(|l| l.split(',').nth(at).unwrap()).collect();
    assert_eq!(rounds.iter().filter(|r| **r == "1").count(), 4, "{runs}");
    assert_eq!(rounds.iter().filter(|r| **r == "2").count(), 4, "{runs}");
    let o = run(
        &["diff", a.to_str().unwrap(), b.to_str().unwrap(), "--fail-on", "counters,answers"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
}

#[test]
fn diff_refuses_sets_of_different_budgets_with_status_2_naming_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    assert!(small_compare(&a, &["--cases", "random", "--count", "2"]).status.success());
    let slow = ["--cases", "random", "--count", "2", "--budget-states", "1000000"];
    assert!(small_compare(&b, &slow).status.success());
    let o = run(&["diff", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = common::stderr_text(&o);
    assert!(
        err.contains("state budget none vs 1000000") && err.contains("--allow-settings-differ"),
        "{err}"
    );
}
