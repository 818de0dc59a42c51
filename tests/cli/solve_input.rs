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

#[test]
fn stats_say_each_answers_nodes_and_an_ida_star_searchs_time_before_its_last_iteration() {
    let boards = b"8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 7 x 8\n";
    for (solver, before) in [("idastar-md/packed", true), ("bfs/rank", false)] {
        let args = ["solve", "--solver", solver, "--threads", "1", "--search-threads", "2"];
        let out = run_within(&[&args[..], &["--stats"]].concat(), boards, HANG_LIMIT);
        let err = stderr_text(&out);
        assert!(out.status.success(), "{err}");
        assert_eq!(stdout_lines(&out).len(), 2);
        let stats: Vec<&str> = err.lines().filter(|l| l.starts_with("stats: expanded ")).collect();
        assert_eq!(stats.len(), 2, "{err}");
        for line in stats {
            let secs = line.rsplit(' ').next().unwrap();
            assert_eq!(secs.parse::<f64>().is_ok(), before, "{solver}: {line}");
        }
    }
}
