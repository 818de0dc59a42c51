//! `cruller` stays in step with the datasets after a malformed one: every kind of malformed
//! dataset, put between well-formed ones, gets one `error` line, and every later dataset is
//! answered at its cost, up to the closing `0 0`.

use slidebench::cases::{AOJ_SAMPLE, AOJ_SAMPLE_COSTS};

use crate::common;
use common::{run, stderr_text, stdout_lines};

/// The first sample dataset (cost 0).
const FIRST: &str = "4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n";

/// Each kind of malformed dataset, by name.
fn malformed() -> Vec<(&'static str, Vec<u8>)> {
    let rows = ["6 3 0", "8 1 2", "4 5 7", "6 3 0", "8 1 2", "4 5 7"];
    let without = |k: usize| {
        let kept: Vec<&str> =
            rows.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, r)| *r).collect();
        format!("4 9\n{}\n", kept.join("\n"))
    };
    let with_row = |k: usize, row: &str| {
        let mut r: Vec<&str> = rows.to_vec();
        r[k] = row;
        format!("4 9\n{}\n", r.join("\n"))
    };
    let body = rows.join("\n");
    let not_utf8 = with_row(1, "8 1 ?").replace('?', "\u{1}").into_bytes();
    let not_utf8: Vec<u8> = not_utf8.into_iter().map(|b| if b == 1 { 0xff } else { b }).collect();
    let texts = vec![
        ("a start row missing", without(1)),
        ("the last goal row missing", without(5)),
        ("two rows missing", format!("4 9\n{}\n", rows[..4].join("\n"))),
        ("no rows at all", "4 9\n".to_string()),
        ("no cost line", format!("{body}\n")),
        ("a cost line of one number", format!("4\n{body}\n")),
        ("a cost line of three digits", format!("4 1 2\n{body}\n")),
        ("a cost line that is not numbers", format!("4 x\n{body}\n")),
        ("a zero cost", format!("0 5\n{body}\n")),
        ("a row of two digits", with_row(2, "4 5")),
        ("a row of four digits", with_row(2, "4 5 7 1")),
        ("a row with a letter", with_row(0, "6 3 x")),
        ("a row with a 9", with_row(3, "6 3 9")),
        ("a tile twice", with_row(2, "4 5 5")),
        ("an over-long row", with_row(1, &"8 ".repeat(40_000))),
    ];
    let mut all: Vec<(&str, Vec<u8>)> =
        texts.into_iter().map(|(what, text)| (what, text.into_bytes())).collect();
    all.push(("a row that is not UTF-8", not_utf8));
    all
}

#[test]
fn every_kind_of_malformed_dataset_is_one_error_and_later_datasets_are_answered() {
    let good: Vec<String> = AOJ_SAMPLE_COSTS.iter().map(u64::to_string).collect();
    for (what, bad) in malformed() {
        let input = [FIRST.as_bytes(), &bad, AOJ_SAMPLE.as_bytes()].concat();
        let out = run(&["cruller"], &input);
        let mut want = vec!["0".to_string(), "error".to_string()];
        want.extend(good.iter().cloned());
        assert_eq!(stdout_lines(&out), want, "{what}: {}", stderr_text(&out));
        assert_eq!(out.status.code(), Some(1), "{what}");
        let err = stderr_text(&out);
        assert_eq!(err.lines().count(), 1, "{what}: one message: {err}");
        assert!(err.starts_with("line "), "{what}: {err}");
        assert!(!err.contains("without the closing"), "{what}: the `0 0` was lost: {err}");
    }
}

#[test]
fn a_dataset_with_a_seventh_row_is_answered_and_the_extra_row_is_one_error() {
    let input = format!(
        "{FIRST}{}",
        FIRST.replace("4 5 7\n6 3 0\n8 1 2\n4 5 7\n", "4 5 7\n6 3 0\n8 1 2\n4 5 7\n4 5 7\n")
    );
    let input = format!("{input}{AOJ_SAMPLE}");
    let out = run(&["cruller"], input.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines[..3], ["0", "0", "error"], "{}", stderr_text(&out));
    assert_eq!(lines[3..], ["0", "31", "96", "312"]);
    assert!(
        stderr_text(&out).contains("line 15: a board row where a `ch cv` cost line was expected")
    );
}

#[test]
fn a_short_dataset_just_before_the_end_marker_keeps_the_marker() {
    let input = format!("{FIRST}4 9\n6 3 0\n8 1 2\n0 0\n");
    let out = run(&["cruller"], input.as_bytes());
    assert_eq!(stdout_lines(&out), ["0", "error"]);
    let err = stderr_text(&out);
    assert!(err.contains("has 2 of its 6 board rows"), "{err}");
    assert!(!err.contains("without the closing"), "{err}");
}

#[test]
fn single_digit_costs_still_start_a_dataset() {
    let input = "1 1\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n2 3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n0 0\n";
    let out = run(&["cruller"], input.as_bytes());
    assert_eq!(stdout_lines(&out), ["0", "2"], "{}", stderr_text(&out));
    assert!(out.status.success());
}
