//! A checkpoint file reads back as written, and one that is corrupted, is not a checkpoint, or
//! belongs to another query or another search state is refused with the reason.

use super::*;
use crate::board::Board;

fn key(board: &str) -> QueryKey {
    let p = Puzzle::eight();
    QueryKey::new("walk", 3, "idastar-md/packed", &p, &Board::parse(p.shape(), board).unwrap())
}

fn sample() -> Checkpoint {
    Checkpoint {
        format: FORMAT,
        query: key("6x4875123"),
        heuristic: "md".into(),
        root_estimate: 17,
        root_h: 19,
        next_threshold: 21,
        nodes: 12_345,
        iterations: 2,
        elapsed_s: 1.25,
        nodes_per_s: 9876.5,
        redone_nodes: Some(321),
        checksum: String::new(),
    }
}

#[test]
fn a_checkpoint_reads_back_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    sample().write(&path).unwrap();
    let back = Checkpoint::read(&path).unwrap().unwrap();
    assert!(back.checksum.starts_with("xxh3:"), "{}", back.checksum);
    assert_eq!(Checkpoint { checksum: String::new(), ..back }, sample());
}

#[test]
fn a_checksum_mismatch_is_refused_naming_the_file_and_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    sample().write(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("12345", "12346")).unwrap();
    let e = Checkpoint::read(&path).unwrap_err().to_string();
    assert!(e.contains("c.json") && e.contains("checksum") && e.contains("corrupted"), "{e}");
}

#[test]
fn a_file_that_is_not_a_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    std::fs::write(&path, "{\"set\": \"walk\", \"case\": 3}\n").unwrap();
    let e = Checkpoint::read(&path).unwrap_err().to_string();
    assert!(e.contains("c.json") && e.contains("not a checkpoint"), "{e}");
}

#[test]
fn another_boards_checkpoint_is_refused() {
    let why = sample().refuse(&key("8672543x1"), None).unwrap();
    assert!(why.contains("board"), "{why}");
    assert_eq!(sample().refuse(&sample().query, None), None);
}

#[test]
fn a_root_estimate_below_the_starts_or_above_the_threshold_is_refused() {
    for root_h in [16, 22] {
        let cp = Checkpoint { root_h, ..sample() };
        let why = cp.refuse(&cp.query, None).unwrap();
        assert!(why.contains("root estimate"), "{why}");
    }
}

#[test]
fn a_format_3_checkpoint_is_refused_naming_the_file_and_the_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    Checkpoint { format: 3, ..sample() }.write(&path).unwrap();
    let e = Checkpoint::read(&path).unwrap_err().to_string();
    assert!(e.contains("c.json") && e.contains("format 3") && e.contains("reads 4"), "{e}");
}

#[test]
fn a_redone_count_that_would_overflow_is_refused() {
    let cp = Checkpoint { redone_nodes: Some(u64::MAX), ..sample() };
    let why = cp.refuse(&cp.query, None).unwrap();
    assert!(why.contains("redone"), "{why}");
}

#[test]
fn a_threshold_deeper_than_a_resumed_search_recurses_is_refused_where_nothing_else_bounds_it() {
    let shape = crate::board::Shape::new(4, 3).unwrap();
    let p = Puzzle::new(
        shape,
        Topology::Grid,
        crate::board::Costs::UNIT,
        crate::board::Board::solved(shape),
    )
    .unwrap();
    let c = ceiling(&p, None).unwrap();
    assert_eq!(c.cost, MAX_RESUMED_DEPTH);
    let eight = ceiling(&Puzzle::eight(), Some((27, "the reference".into()))).unwrap();
    assert_eq!((eight.cost, eight.authority.as_str()), (27, "the reference"));
}

#[test]
fn clearing_by_set_or_solver_goes_by_the_file_names_case_digits() {
    let n = |s: &str| Path::new(s).to_path_buf();
    let f = n("walk.3.idastar-md-packed.json");
    assert!(name_matches(&f, Some("walk"), Some("idastar-md/packed")));
    assert!(!name_matches(&f, Some("wal"), None));
    assert!(!name_matches(&n("walk.x.3.idastar-md-packed.json"), Some("walk"), None));
    assert!(!name_matches(&f, None, Some("md-packed")));
}
