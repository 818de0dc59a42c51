//! `compare --cases FILE`: a file that could be read in either judge format is refused rather
//! than half read, an over-long line is reported and the rest of the file runs, a file named like
//! a built-in set keeps its own rows, a directory given as a file is named as one, and boards of
//! any shape are read on `--shape` or on their first board's, a line of another size refused.

use slidebench::cases::HDU_SAMPLE;
use slidebench::report::set::read_runs_as_written;
use slidebench::report::RunRow;
use std::path::Path;

use crate::common;
use common::{small_compare, stderr_text};

fn runs_of(dir: &Path) -> Vec<RunRow> {
    read_runs_as_written(dir, "").unwrap()
}

#[test]
fn a_case_file_that_could_be_either_format_is_refused_not_half_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    std::fs::write(&file, format!("1 2\n{HDU_SAMPLE}1 2 3 4 5 6 7 8 x\n")).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("mixed.txt") && err.contains("--format"), "{err}");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap(), "--format", "hdu"]);
    // Line 1 is a malformed board (status 1); both boards ran.
    assert_eq!(out.status.code(), Some(1), "{}", stderr_text(&out));
    assert!(stderr_text(&out).contains("line 1:"), "{}", stderr_text(&out));
    assert_eq!(runs_of(&out_dir).len(), 2);
}

#[test]
fn an_overlong_line_in_a_case_file_is_reported_and_the_rest_runs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.hdu");
    let mut bytes = vec![b'1'; 8 << 20];
    bytes.push(b'\n');
    bytes.extend_from_slice(HDU_SAMPLE.as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("line 1: longer than"), "{}", stderr_text(&out));
    assert_eq!(runs_of(&out_dir).len(), 1);
}

#[test]
fn a_case_file_named_all_in_keeps_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.in");
    std::fs::write(&file, HDU_SAMPLE.repeat(3)).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr_text(&out));
    let rows = runs_of(&out_dir);
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.case_set == "file:all.in"));
}

#[test]
fn compare_names_a_directory_given_as_cases() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("/: is a directory"), "{}", stderr_text(&out));
}

/// A one-solver `compare` of 4×4 boards (IDA* with Manhattan distance) into `out`, plus `extra`.
fn compare_four_by_four(out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["compare", "--solvers", "idastar-md/packed", "--threads", "1"];
    args.extend_from_slice(&["--no-charts", "--out", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    common::run_within(&args, b"", common::HANG_LIMIT)
}

/// What `cases` prints for a 4×4 set is a case file `compare` reads back, boards and goal
/// unchanged, with no `--shape`: the shape comes from the first board's 16 symbols.
#[test]
fn a_four_by_four_set_printed_by_cases_reads_back_as_a_case_file() {
    let printed = common::run(&["cases", "walk:4x4:8", "--count", "3"], b"");
    assert!(printed.status.success(), "{}", stderr_text(&printed));
    let lines = common::stdout_lines(&printed);
    assert_eq!(lines.len(), 3, "{lines:?}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("walks.txt");
    std::fs::write(&file, &printed.stdout).unwrap();
    let out_dir = dir.path().join("out");
    let out = compare_four_by_four(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr_text(&out));
    let shape = slidebench::Shape::new(4, 4).unwrap();
    let mut rows = runs_of(&out_dir);
    rows.sort_by_key(|r| r.case_id);
    assert_eq!(rows.len(), 3);
    for (row, line) in rows.iter().zip(&lines) {
        let board = slidebench::judge::parse_board(shape, line, 1).unwrap();
        assert_eq!((row.shape.as_str(), &row.board), ("4x4", &board.to_text()));
        assert_eq!(row.goal, slidebench::Board::solved(shape).to_text());
    }
}

/// A line whose symbols are not the file's board size is refused naming the file, the line,
/// the shape expected and where it came from (the first board, or `--shape`); the rest runs.
#[test]
fn a_line_of_another_board_size_is_refused_naming_file_line_and_shape() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    let four = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15";
    std::fs::write(&file, format!("{four}\n1 2 3 4 5 6 7 8 x\n{four}\n")).unwrap();
    let out_dir = dir.path().join("out");
    let out = compare_four_by_four(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_text(&out));
    let err = stderr_text(&out);
    let want = "mixed.txt: line 2: 9 symbols where a 4x4 board has 16 (the boards of this file \
                are 4x4, as on line 1";
    assert!(err.contains(want), "{err}");
    assert_eq!(runs_of(&out_dir).len(), 2);
    let out =
        compare_four_by_four(&out_dir, &["--cases", file.to_str().unwrap(), "--shape", "4x4"]);
    let err = stderr_text(&out);
    assert!(err.contains("line 2: 9 symbols where a 4x4 board has 16 (--shape 4x4)"), "{err}");
    assert_eq!(runs_of(&out_dir).len(), 2);
}

/// A first board of 12 symbols could be 2x6, 3x4, 4x3 or 6x2: the file is refused, asking for
/// `--shape`, rather than read on a guess.
#[test]
fn a_board_size_several_shapes_share_asks_for_shape() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("twelve.txt");
    std::fs::write(&file, "1 2 3 4 5 6 7 8 9 10 11 x\n").unwrap();
    let out = compare_four_by_four(&dir.path().join("out"), &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("line 1: a board of 12 squares could be 2x6, 3x4, 4x3 or 6x2"), "{err}");
    assert!(err.contains("--shape"), "{err}");
}

/// Refused case lines are work not done: the closing line of a run whose answers all agreed
/// says how many lines of which file were refused, and so does FINDINGS.md; the status is 1.
#[test]
fn refused_lines_are_counted_in_the_closing_line_and_the_findings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, format!("1 2 3\n{HDU_SAMPLE}1 2 3 4 5 6 7 8 8\n")).unwrap();
    let out_dir = dir.path().join("out");
    let out = small_compare(&out_dir, &["--cases", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_text(&out));
    let said = common::stdout_lines(&out).join("\n");
    let refused = format!("2 lines of {} refused", file.display());
    assert!(
        said.contains(&format!("Every answer agreed with the reference; but {refused}")),
        "{said}"
    );
    let findings = std::fs::read_to_string(out_dir.join("FINDINGS.md")).unwrap();
    assert!(findings.contains(&format!("**Not every case ran:** {refused}")), "{findings}");
}
