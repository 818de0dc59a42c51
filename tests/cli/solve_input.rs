//! `solve` stays in step with its input however much of it is bad: every malformed line is
//! reported, in order, and answered with one line.

use crate::common;
use common::{run_within, stderr_text, stdout_lines, HANG_LIMIT};

#[test]
fn many_malformed_lines_are_all_reported_in_order() {
    let input = "1 2 3\n".repeat(200_000);
    let out = run_within(&["solve"], input.as_bytes(), HANG_LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    let numbers: Vec<u64> = err
        .lines()
        .map(|l| {
            l.strip_prefix("line ").and_then(|r| r.split(':').next()).unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(numbers.len(), 200_000);
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1));
    assert_eq!(stdout_lines(&out).len(), 200_000);
}
