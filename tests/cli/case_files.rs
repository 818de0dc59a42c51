//! `compare --cases FILE`: a file that could be read in either judge format is refused rather
//! than half read, an over-long line is reported and the rest of the file runs, a file named like
//! a built-in set keeps its own rows, and a directory given as a file is named as one.

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
