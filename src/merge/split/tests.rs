//! Merging the rows of a split search: sums, the wall span, and each refusal by name.

use super::*;

/// Task `task` of 3 of a 3×3 search whose answer (`rd`, two moves) task 2 found.
fn row(task: usize) -> TaskRow {
    TaskRow {
        shape: Shape::THREE_BY_THREE,
        goal: "1 2 3 4 5 6 7 8 x".into(),
        board: "1 2 3 4 5 6 x 7 8".into(),
        solver: "idastar-md/packed".into(),
        task,
        tasks: 3,
        length: 2,
        moves: if task == 2 { "rr".into() } else { String::new() },
        nodes: 10 * task as u64 + if task == 1 { 5 } else { 0 },
        last_nodes: task as u64,
        above_nodes: if task == 1 { 5 } else { 0 },
        iterations: 1,
        search_seconds: 1.0,
        wait_seconds: 0.5,
        started: 100.0 + task as f64,
        ended: 110.0 + task as f64,
        code_version: "0.1.0+abc1234".into(),
    }
}

fn rows() -> Vec<TaskRow> {
    (1..=3).map(row).collect()
}

#[test]
fn rows_merge_into_summed_nodes_summed_times_and_the_wall_span() {
    let m = merge_split(&rows()).unwrap();
    assert_eq!((m.length, m.moves.as_str()), (2, "rr"));
    assert_eq!((m.nodes, m.last_nodes, m.before_last_nodes), (65, 6, 59));
    assert!((m.task_seconds - 3.0).abs() < 1e-9 && (m.wall_seconds - 12.0).abs() < 1e-9);
}

#[test]
fn a_row_written_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task-2.csv");
    std::fs::write(&path, row(2).csv()).unwrap();
    assert_eq!(read_rows(&[path]).unwrap(), vec![row(2)]);
}

#[test]
fn a_missing_task_is_refused_by_number() {
    let e = merge_split(&[row(1), row(2)]).unwrap_err();
    assert!(e.message().contains("tasks 3 of 3 are missing"), "{e}");
}

#[test]
fn a_task_given_twice_is_refused() {
    let e = merge_split(&[row(1), row(2), row(3), row(3)]).unwrap_err();
    assert!(e.message().contains("task 3 of 3 is given twice"), "{e}");
}

#[test]
fn a_row_of_another_board_is_refused() {
    let mut r = rows();
    r[2].board = "1 2 3 4 5 6 7 x 8".into();
    let e = merge_split(&r).unwrap_err();
    assert!(e.message().contains("task 3 is of another search"), "{e}");
}

#[test]
fn a_row_of_another_task_count_is_refused() {
    let mut r = rows();
    r[1].tasks = 4;
    let e = merge_split(&r).unwrap_err();
    assert!(e.message().contains("task 2 was one of 4 tasks"), "{e}");
}

#[test]
fn a_path_that_does_not_reach_the_goal_is_refused() {
    let mut r = rows();
    r[1].moves = "ru".into();
    let e = merge_split(&r).unwrap_err();
    assert!(e.message().contains("task 2: its moves do not reach the goal"), "{e}");
}

#[test]
fn a_bad_field_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task-1.csv");
    std::fs::write(&path, row(1).csv().replace(",15,", ",fifteen,")).unwrap();
    let e = read_rows(&[path]).unwrap_err();
    assert!(e.message().contains("line 2: nodes `fifteen` is not a number"), "{e}");
}

#[test]
fn a_row_names_its_build_and_rows_of_two_builds_are_refused_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task-1.csv");
    std::fs::write(&path, row(1).csv()).unwrap();
    assert_eq!(read_rows(&[path]).unwrap()[0].code_version, "0.1.0+abc1234");
    let mut rows = rows();
    rows[2].code_version = "0.1.0+src.0123456789abcdef".into();
    let e = merge_split(&rows).unwrap_err().to_string();
    assert!(e.contains("0.1.0+abc1234") && e.contains("0.1.0+src.0123456789abcdef"), "{e}");
    assert!(merge_split(&rows[..2]).is_err(), "task 3 missing");
}

#[test]
fn a_row_file_written_before_rows_named_their_build_still_reads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task-1.csv");
    let text = row(1).csv().replace(",code_version", "").replace(",0.1.0+abc1234", "");
    std::fs::write(&path, text).unwrap();
    let read = read_rows(&[path]).unwrap();
    assert_eq!((read[0].task, read[0].code_version.as_str()), (1, ""));
}
