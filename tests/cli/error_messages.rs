//! Messages that say what is wrong in the user's terms: a bad CSV value by its column's name, a
//! file where a directory was expected by its path, a bound by the value given (and no advice
//! that cannot help), and a case count that could not be met by a note.

use crate::common;
use common::{run_within, stderr_text, stdout_lines, HANG_LIMIT};

const RUNS_HEADER: &str = "solver,algorithm,encoding,case_set,case_id,shape,topology,board,goal,ch,cv,optimal,solvable,length,cost,expanded,stored,time_ns,peak_bytes,threads\n";
const SUMMARY_HEADER: &str = "solver,algorithm,encoding,case_set,threads,cases,solved,median_ns,mean_ns,p95_ns,queries_per_sec,build_ns,mean_expanded,peak_bytes,agree,seed\n";

#[test]
fn a_bad_csv_integer_is_named_by_its_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("runs.csv"), RUNS_HEADER).unwrap();
    std::fs::write(dir.path().join("summary.csv"), SUMMARY_HEADER).unwrap();
    std::fs::write(
        dir.path().join("threads.csv"),
        "solver,algorithm,encoding,case_set,threads,cases,wall_ns,queries_per_sec\n\
         bfs/rank,bfs,rank,random,two,10,100,1\n",
    )
    .unwrap();
    let out = run_within(&["chart", "--from", dir.path().to_str().unwrap()], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("threads.csv: line 2: column `threads`: invalid digit"), "{err}");
    assert!(!err.contains("field 4"), "{err}");
}

#[test]
fn an_output_path_that_is_a_file_is_named_with_what_was_expected() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afile");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    let from = dir.path().join("results");
    std::fs::create_dir(&from).unwrap();
    let runs = [
        vec!["chart", "--from", from.to_str().unwrap(), "--out", file],
        vec!["pdb", "build", "--shape", "2x3", "--pdb-dir", file],
    ];
    for args in runs {
        let out = run_within(&args, b"", HANG_LIMIT);
        let err = stderr_text(&out);
        assert!(!err.contains("os error"), "{args:?}: {err}");
        if args[0] == "pdb" {
            assert!(err.contains("afile: exists and is not a directory"), "{args:?}: {err}");
        }
    }
    let sub = format!("{file}/sub");
    let out = run_within(
        &["compare", "--cases", "sample", "--solvers", "bfs/rank", "--out", &sub],
        b"",
        HANG_LIMIT,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("afile is a file, where a directory was expected"), "{err}");
}

#[test]
fn a_space_past_the_rank_encoding_is_refused_without_advice_to_raise_the_bound() {
    let out = run_within(
        &["solve", "--shape", "4x4", "--solver", "bfs/rank", "--max-states", "100000000000"],
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n",
        HANG_LIMIT,
    );
    let err = stderr_text(&out);
    assert!(err.contains("20,922,789,888,000 arrangements"), "{err}");
    assert!(!err.contains("4,294,967,295"), "{err}");
    assert!(!err.contains("raise"), "{err}");
}

#[test]
fn a_bound_too_small_for_the_rank_encoding_shows_the_bound_given() {
    let out = run_within(
        &["solve", "--solver", "bfs/rank", "--threads", "1", "--max-states", "1000"],
        b"1 2 3 4 5 6 7 x 8\n",
        HANG_LIMIT,
    );
    let err = stderr_text(&out);
    assert!(err.contains("the bound of 1,000 states"), "{err}");
}

#[test]
fn korf100_with_a_count_past_100_says_it_printed_all_100() {
    let out = run_within(&["cases", "korf100", "--count", "1000"], b"", HANG_LIMIT);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert_eq!(stdout_lines(&out).len(), 100);
    let err = stderr_text(&out);
    assert!(err.contains("`korf100` has 100 instances: --count 1000"), "{err}");
    let out = run_within(&["cases", "korf100", "--count", "3"], b"", HANG_LIMIT);
    assert!(stderr_text(&out).is_empty(), "{}", stderr_text(&out));
}

#[test]
fn korf50_with_a_count_past_50_says_it_printed_all_50() {
    let out = run_within(&["cases", "korf50", "--count", "1000"], b"", HANG_LIMIT);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert_eq!(stdout_lines(&out).len(), 50);
    let err = stderr_text(&out);
    assert!(err.contains("`korf50` has 50 instances: --count 1000"), "{err}");
}

/// `compare --count` past the size of Korf's set is refused before any work, naming the set and
/// its size (it used to run the 100 with no word); a count equal to the size runs them all.
#[test]
fn compare_refuses_a_count_past_the_size_of_korfs_sets() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let compare = |set: &str, count: &str| {
        run_within(
            &["compare", "--cases", set, "--count", count, "--solvers", "idastar-md/packed"]
                .into_iter()
                .chain(["--budget-states", "10", "--threads", "1", "--no-charts", "--out", out])
                .collect::<Vec<_>>(),
            b"",
            HANG_LIMIT,
        )
    };
    for (set, size) in [("korf100", 100), ("korf50", 50)] {
        let o = compare(set, &(size + 1).to_string());
        assert_eq!(o.status.code(), Some(1), "{}", stderr_text(&o));
        let err = stderr_text(&o);
        let said = format!("`{set}` has {size} instances: --count {} asks for more", size + 1);
        assert!(err.contains(&said), "{err}");
        assert!(!dir.path().join("meta.json").exists());
    }
    let o = compare("korf100", "100");
    assert!(o.status.success(), "{}", stderr_text(&o));
    let meta: slidebench::report::RunMeta =
        serde_json::from_slice(&std::fs::read(dir.path().join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta.sets, ["korf100 count 100"]);
}

/// `split --out` that cannot take the row (a directory) is refused before the search: no
/// barrier post is written, and the error names the path (the row and its node counts used to
/// be lost after the whole search).
#[test]
fn split_refuses_an_out_that_is_a_directory_before_searching() {
    let dir = tempfile::tempdir().unwrap();
    let barrier = dir.path().join("barrier");
    let out = dir.path().join("row");
    std::fs::create_dir(&out).unwrap();
    let o = run_within(
        &[
            "split",
            "--task",
            "1/1",
            "--barrier",
            barrier.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--shape",
            "3x3",
            "8 7 6 5 4 3 2 1 x",
        ],
        b"",
        HANG_LIMIT,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr_text(&o));
    let err = stderr_text(&o);
    assert!(err.contains(&format!("{}: is a directory", out.display())), "{err}");
    let posts = std::fs::read_dir(&barrier).map_or(0, Iterator::count);
    assert_eq!(posts, 0, "the search ran before --out was checked");
}
