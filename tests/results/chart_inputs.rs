//! `chart` reads only a whole, finite result set: values no chart can place (a census time of
//! 1e308, an infinite rate) are refused naming the file, line and column instead of hanging, and a
//! set that mixes two runs, is marked incomplete or has a directory for a table is refused.

use slidebench::fsutil::INCOMPLETE_MARKER;
use std::path::Path;

use crate::common;
use common::{run_within, small_compare, stderr_text, HANG_LIMIT};

const RUNS_HEADER: &str = "solver,algorithm,encoding,case_set,case_id,shape,topology,board,goal,ch,cv,optimal,solvable,length,cost,expanded,stored,time_ns,peak_bytes,threads\n";
const SUMMARY_HEADER: &str = "solver,algorithm,encoding,case_set,threads,cases,solved,median_ns,mean_ns,p95_ns,queries_per_sec,build_ns,mean_expanded,peak_bytes,agree,seed\n";

/// Empty runs and summary tables in `dir`.
fn tables(dir: &Path) {
    std::fs::write(dir.join("runs.csv"), RUNS_HEADER).unwrap();
    std::fs::write(dir.join("summary.csv"), SUMMARY_HEADER).unwrap();
}

fn chart(dir: &Path) -> std::process::Output {
    run_within(&["chart", "--from", dir.to_str().unwrap()], b"", HANG_LIMIT)
}

#[test]
fn chart_refuses_a_census_value_of_1e308_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::write(
        dir.path().join("census.csv"),
        "shape,topology,states,max_distance,seconds,peak_bytes\n3x3,grid,181440,31,1e308,4063232\n",
    )
    .unwrap();
    let out = chart(dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("census.csv: line 2: column `seconds`"), "{err}");
}

#[test]
fn chart_refuses_an_infinite_threads_rate() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::write(
        dir.path().join("threads.csv"),
        "solver,algorithm,encoding,case_set,threads,cases,wall_ns,queries_per_sec\n\
         bfs/rank,bfs,rank,random,1,10,100,1e309\n",
    )
    .unwrap();
    let out = chart(dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("threads.csv: line 2: column `queries_per_sec`"));
}

#[test]
fn chart_refuses_a_result_set_that_mixes_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "sample"]);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert!(chart(dir.path()).status.success());
    // A run killed between its files: the marker is still there.
    std::fs::write(dir.path().join(INCOMPLETE_MARKER), "").unwrap();
    let out = chart(dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("incomplete"), "{}", stderr_text(&out));
    std::fs::remove_file(dir.path().join(INCOMPLETE_MARKER)).unwrap();
    // A summary from another run.
    std::fs::write(dir.path().join("summary.csv"), SUMMARY_HEADER).unwrap();
    let out = chart(dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("summary.csv does not belong"), "{}", stderr_text(&out));
}

#[test]
fn chart_fails_when_runs_csv_is_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    tables(dir.path());
    std::fs::remove_file(dir.path().join("runs.csv")).unwrap();
    std::fs::create_dir(dir.path().join("runs.csv")).unwrap();
    let out = chart(dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("runs.csv: is a directory"), "{}", stderr_text(&out));
}
