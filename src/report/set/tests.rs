//! Tests of a result set written and read back: the per-case rows compressed or plain, and a
//! compressed file that is cut short, corrupt or beside a stray plain one.

use super::*;
use crate::report::{csv_bytes, write_csv, Outcome, QueryTimeIs};

fn row(case_id: u64) -> RunRow {
    RunRow {
        solver: "bfs/rank".into(),
        algorithm: "bfs".into(),
        encoding: "rank".into(),
        case_set: "random".into(),
        case_id,
        shape: "3x3".into(),
        topology: "grid".into(),
        board: format!("board{case_id}"),
        goal: "12345678x".into(),
        ch: 1,
        cv: 1,
        optimal: Some(case_id % 31),
        outcome: Outcome::Solved,
        solvable: true,
        length: Some(case_id % 31),
        cost: Some(case_id % 31),
        expanded: Some(100 + case_id),
        stored: Some(200 + case_id),
        time_ns: Some(1000 + 7 * case_id),
        repeats: 1,
        peak_bytes: None,
        threads: 1,
        reference: None,
        time_is: Some(QueryTimeIs::Measured),
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

fn rows() -> Vec<RunRow> {
    (0..500).map(row).collect()
}

/// Writes `rows` as a compressed set (with a manifest) into `dir`.
fn write_gz_set(dir: &Path, rows: &[RunRow]) {
    let files = vec![
        (RUNS_CSV_GZ, Some(runs_gz_bytes(rows).unwrap())),
        (SUMMARY_CSV, Some(csv_bytes::<SummaryRow>(&[]).unwrap())),
    ];
    ResultSet::write(dir, files, []).unwrap();
}

fn runs_error(dir: &Path) -> String {
    ResultSet::open(dir).unwrap().runs(" (needed here)").unwrap_err().to_string()
}

#[test]
fn a_set_written_reads_back_its_rows_compressed() {
    let dir = tempfile::tempdir().unwrap();
    write_gz_set(dir.path(), &rows());
    let gz = std::fs::read(dir.path().join(RUNS_CSV_GZ)).unwrap();
    assert_eq!(gz[..2], [0x1f, 0x8b], "a gzip stream");
    assert!(!dir.path().join(RUNS_CSV).exists());
    let set = ResultSet::open(dir.path()).unwrap();
    assert!(set.has_manifest());
    assert_eq!(read_runs_as_written(dir.path(), "").unwrap(), rows());
    assert_eq!(set.runs("").unwrap(), runs_read(rows()));
    assert!(set.summary("").unwrap().is_empty());
    assert!(set.threads().unwrap().is_none());
    assert!(set.meta().unwrap().is_none());
    // The same rows give the same bytes: no time or name in the gzip header.
    assert_eq!(runs_gz_bytes(&rows()).unwrap(), gz);
}

#[test]
fn a_plain_set_and_a_compressed_one_read_the_same() {
    let (plain, gz) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write_csv(&plain.path().join(RUNS_CSV), &rows()).unwrap();
    write_gz_set(gz.path(), &rows());
    let read = |d: &Path| ResultSet::open(d).unwrap().runs("").unwrap();
    assert_eq!(read(plain.path()), read(gz.path()));
    assert_eq!(read(plain.path()), runs_read(rows()));
}

#[test]
fn a_set_with_both_or_neither_runs_file_is_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let err = runs_error(dir.path());
    assert!(err.contains("runs.csv.gz: not found (nor runs.csv) (needed here)"), "{err}");
    write_gz_set(dir.path(), &rows());
    write_csv(&dir.path().join(RUNS_CSV), &rows()[..3]).unwrap();
    let err = runs_error(dir.path());
    assert!(err.contains("holds both runs.csv.gz and runs.csv"), "{err}");
}

#[test]
fn a_cut_short_or_corrupt_gzip_file_is_an_error_naming_it_and_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(RUNS_CSV_GZ);
    let whole = runs_gz_bytes(&rows()).unwrap();
    // Without a manifest the decoder is what finds the damage.
    for (what, bytes) in [
        ("cut short", whole[..whole.len() / 2].to_vec()),
        ("without its last byte", whole[..whole.len() - 1].to_vec()),
        ("not gzip at all", b"solver,algorithm\nbfs/rank,bfs\n".to_vec()),
        ("corrupt", {
            let mut b = whole.clone();
            let mid = b.len() / 2;
            b[mid..mid + 16].iter_mut().for_each(|x| *x ^= 0x5a);
            b
        }),
    ] {
        std::fs::write(&path, &bytes).unwrap();
        let err = runs_error(dir.path());
        assert!(err.contains(&format!("{}: line ", path.display())), "{what}: {err}");
    }
    std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
    let err = runs_error(dir.path());
    assert!(err.contains("gzip"), "{err}");
    // With one, the set is refused as it opens.
    write_gz_set(dir.path(), &rows());
    std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
    let err = ResultSet::open(dir.path()).unwrap_err().to_string();
    assert!(err.contains("runs.csv.gz does not belong"), "{err}");
}

#[test]
fn a_bad_row_in_a_gzip_file_is_named_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = String::from_utf8(csv_bytes(&rows()[..5]).unwrap()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Line 4 holds case 2.
    assert!(lines[3].contains(",random,2,"), "{}", lines[3]);
    lines[3] = lines[3].replacen(",random,2,", ",random,x,", 1);
    let bad = lines.join("\n") + "\n";
    std::fs::write(dir.path().join(RUNS_CSV_GZ), gz_bytes(bad.as_bytes()).unwrap()).unwrap();
    let err = runs_error(dir.path());
    assert!(err.contains("runs.csv.gz: line 4: column `case_id`"), "{err}");
}

#[test]
fn writing_a_compressed_set_removes_the_plain_rows_of_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let old = vec![(RUNS_CSV, Some(csv_bytes(&rows()[..2]).unwrap()))];
    ResultSet::write(dir.path(), old, []).unwrap();
    assert!(dir.path().join(RUNS_CSV).exists());
    write_gz_set(dir.path(), &rows());
    assert!(!dir.path().join(RUNS_CSV).exists());
    assert_eq!(ResultSet::open(dir.path()).unwrap().runs("").unwrap(), runs_read(rows()));
}
