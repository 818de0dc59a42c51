//! Shards made by runs of the binary: three shards against one unsharded run, shards refused
//! for their slicing, counts, programs or a SIGTERM, compressed and plain shards mixed.

use super::*;

/// The rows of `runs.csv.gz` (or `runs.csv`) with what is measured (time, peak memory) blanked, sorted.
fn answers(dir: &Path) -> Vec<RunRow> {
    let mut rows: Vec<RunRow> = read_runs_as_written(dir, "").unwrap();
    for r in &mut rows {
        r.time_ns = None;
        // Whether a query was timed in a batch depends on how fast it ran (`time_is`).
        r.time_is = None;
        r.peak_bytes = None;
    }
    rows.sort_by(|a, b| {
        (&a.case_set, a.case_id, &a.solver).cmp(&(&b.case_set, b.case_id, &b.solver))
    });
    rows
}

#[test]
fn three_shards_merged_give_the_rows_of_one_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let compare = |out: &Path, shard: Option<&str>| {
        let mut args = vec![
            "compare",
            "--cases",
            "random",
            "depth",
            "--count",
            "4",
            "--solvers",
            "bfs/rank",
            "astar/rank",
            "idastar-md/packed",
            "--threads",
            "1",
            "--no-charts",
            "--out",
            out.to_str().unwrap(),
        ];
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        let o = run(&args, b"");
        assert!(o.status.success(), "{}", stderr_text(&o));
    };
    let whole = tmp.path().join("whole");
    compare(&whole, None);
    let shards: Vec<PathBuf> = (1..=3).map(|k| tmp.path().join(format!("s{k}"))).collect();
    for (k, dir) in shards.iter().enumerate() {
        compare(dir, Some(&format!("{}/3", k + 1)));
    }
    let out = tmp.path().join("merged");
    let dirs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    let o = merge_cli(&dirs, &out);
    assert!(o.status.success(), "{}", stderr_text(&o));
    assert_eq!(answers(&out), answers(&whole));
    let counts = |dir: &Path| -> Vec<(String, String, u64, u64, u64, String)> {
        let rows: Vec<SummaryRow> = read_csv(&dir.join(SUMMARY_CSV)).unwrap();
        rows.into_iter()
            .map(|r| {
                (
                    r.case_set,
                    r.solver,
                    r.cases,
                    r.solved,
                    r.over_budget,
                    format!("{:.3}", r.mean_expanded),
                )
            })
            .collect()
    };
    // The rows' order ranks by median time, which differs between runs: compare them sorted.
    let sorted = |mut v: Vec<(String, String, u64, u64, u64, String)>| {
        v.sort();
        v
    };
    assert_eq!(sorted(counts(&out)), sorted(counts(&whole)));
}

#[test]
fn a_row_below_its_optimum_or_of_the_wrong_parity_is_refused_though_its_manifest_is_recomputed() {
    let tmp = tempfile::tempdir().unwrap();
    let b = shard(&tmp.path().join("b"), &[row("bfs/rank", 1, 4)], &meta(7, "v1", "2/2"));
    // A tampered row: two moves shorter than the optimum, still of the right parity.
    let mut short = row("bfs/rank", 0, 5);
    short.length = Some(3);
    short.cost = Some(3);
    let a = shard(&tmp.path().join("a"), &[short], &meta(7, "v1", "1/2"));
    let err = merge(&[a, b.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("bfs/rank on random case 0"), "{err}");
    assert!(err.contains("cost 3, below the optimum 5"), "{err}");
    // One shorter: a length no path from the board has, the optimum changed to match.
    let mut odd = row("bfs/rank", 0, 5);
    (odd.length, odd.cost, odd.optimal) = (Some(4), Some(4), Some(4));
    let a = shard(&tmp.path().join("a2"), &[odd], &meta(7, "v1", "1/2"));
    let err = merge(&[a, b.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("length 4, but every path from this board to its goal has odd"), "{err}");
    // Longer than the optimum while the summary says the solver agreed.
    let mut long = row("bfs/rank", 0, 5);
    (long.length, long.cost) = (Some(7), Some(7));
    let a = shard(&tmp.path().join("a3"), &[long], &meta(7, "v1", "1/2"));
    let err = merge(&[a, b], "test").unwrap_err().to_string();
    assert!(err.contains("differs from the reference 5, yet summary.csv says"), "{err}");
}

/// `compare --shard` into `out` on the random set with `extra` arguments.
fn shard_run(out: &Path, shard: &str, extra: &[&str]) {
    let mut args = vec![
        "compare",
        "--cases",
        "random",
        "--threads",
        "1",
        "--no-charts",
        "--shard",
        shard,
        "--out",
        out.to_str().unwrap(),
    ];
    if !extra.contains(&"--solvers") {
        args.extend(["--solvers", "bfs/rank"]);
    }
    if !extra.contains(&"--count") {
        args.extend(["--count", "12"]);
    }
    args.extend_from_slice(extra);
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", stderr_text(&o));
}

#[test]
fn a_missing_shard_is_refused_naming_it_unless_partial_which_meta_json_records() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    shard_run(&a, "1/3", &[]);
    shard_run(&b, "2/3", &[]);
    let out = tmp.path().join("merged");
    let o = merge_cli(&[&a, &b], &out);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr_text(&o);
    assert!(err.contains("shard(s) 3/3 of 3 missing"), "{err}");
    assert!(err.contains(&format!("1/3 ({})", a.display())), "{err}");
    assert!(!out.join(RUNS_CSV_GZ).exists() && !out.join(RUNS_CSV).exists());
    let mut args = vec!["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--partial"];
    args.extend(["--out", out.to_str().unwrap()]);
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", stderr_text(&o));
    let merged: RunMeta =
        serde_json::from_slice(&std::fs::read(out.join(META_JSON)).unwrap()).unwrap();
    assert_eq!(merged.partial.as_deref(), Some("shard(s) 3/3 of 3 missing"));
}

#[test]
fn a_shard_given_twice_or_of_another_slicing_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b, c) = (tmp.path().join("a"), tmp.path().join("b"), tmp.path().join("c"));
    shard_run(&a, "1/2", &[]);
    shard_run(&b, "1/2", &[]);
    shard_run(&c, "2/3", &[]);
    let out = tmp.path().join("merged");
    let err = stderr_text(&merge_cli(&[&a, &b], &out));
    assert!(err.contains("shard 1/2 is given more than once"), "{err}");
    let err = stderr_text(&merge_cli(&[&a, &c], &out));
    assert!(err.contains("different numbers of slices"), "{err}");
}

#[test]
fn shards_of_runs_with_other_counts_or_solvers_are_refused_naming_them() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b, c) = (tmp.path().join("a"), tmp.path().join("b"), tmp.path().join("c"));
    shard_run(&a, "1/2", &[]);
    shard_run(&b, "2/2", &["--count", "20"]);
    shard_run(&c, "2/2", &["--solvers", "bfs/rank", "table/rank"]);
    let out = tmp.path().join("merged");
    let err = stderr_text(&merge_cli(&[&a, &b], &out));
    assert!(err.contains("different case sets"), "{err}");
    assert!(err.contains(&format!("{} has random count 20", b.display())), "{err}");
    let err = stderr_text(&merge_cli(&[&a, &c], &out));
    assert!(err.contains("different solver lists"), "{err}");
    assert!(err.contains(&format!("{} has bfs/rank, table/rank", c.display())), "{err}");
}

/// Writes the manifest of `dir` again over the files it lists, as they now are: a hand edit
/// that a manifest no longer catches.
fn remanifest(dir: &Path) {
    let manifest = std::fs::read_to_string(dir.join(MANIFEST)).unwrap();
    let names: Vec<String> =
        manifest.lines().map(|l| l.split(' ').next().unwrap().to_string()).collect();
    let files: Vec<(&str, Vec<u8>)> =
        names.iter().map(|n| (n.as_str(), std::fs::read(dir.join(n)).unwrap())).collect();
    write_set(dir, &files).unwrap();
}

#[test]
fn a_solution_of_a_board_whose_reference_is_unsolvable_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    shard_run(&a, "1/2", &[]);
    shard_run(&b, "2/2", &[]);
    let mut rows: Vec<RunRow> = read_runs_as_written(&a, "").unwrap();
    let edited = rows.iter_mut().find(|r| r.outcome == Outcome::Unsolvable).unwrap();
    // A length of the parity of the board's paths, so only the reference can tell.
    let blank = |text: &str| text.find(['x', '0']).unwrap();
    let (at, goal) = (blank(&edited.board), blank(&edited.goal));
    let parity = ((at / 3).abs_diff(goal / 3) + (at % 3).abs_diff(goal % 3)) % 2;
    let length = 20 + parity as u64;
    edited.outcome = Outcome::Solved;
    edited.solvable = true;
    (edited.length, edited.cost) = (Some(length), Some(length));
    let id = edited.case_id;
    std::fs::write(a.join(RUNS_CSV_GZ), runs_gz_bytes(&rows).unwrap()).unwrap();
    remanifest(&a);
    let out = tmp.path().join("merged");
    let o = merge_cli(&[&a, &b], &out);
    let err = stderr_text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("bfs/rank on random case {id}")), "{err}");
    assert!(err.contains("the reference unsolvable"), "{err}");
    assert!(!out.join(RUNS_CSV_GZ).exists() && !out.join(RUNS_CSV).exists());
}

#[test]
fn the_page_of_a_partial_merge_says_it_is_partial_and_which_shards_are_missing() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    shard_run(&a, "1/3", &["--count", "9"]);
    shard_run(&b, "2/3", &["--count", "9"]);
    let out = tmp.path().join("merged");
    let mut args = vec!["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--partial"];
    args.extend(["--out", out.to_str().unwrap()]);
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", stderr_text(&o));
    let o = run(&["report", "--from", out.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", stderr_text(&o));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!page.contains("none (whole run or merged)"), "{page}");
    assert!(page.contains("partial merge: shard(s) 3/3 of 3 missing"), "{page}");
    assert!(page.contains("<h3>random (6 cases; partial merge: shard(s) 3/3 of 3 missing)</h3>"));
}

#[test]
fn program_tables_whose_headers_differ_are_refused_naming_them() {
    let tmp = tempfile::tempdir().unwrap();
    let with_verdicts = |name: &str, rows: &[RunRow], shard: &str, verdicts: &str| {
        let dir = tmp.path().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let meta = meta(7, "v1", shard);
        write_set(
            &dir,
            &[
                (RUNS_CSV, csv_bytes(rows).unwrap()),
                (SUMMARY_CSV, csv_bytes(&summary_of(rows, 7)).unwrap()),
                (META_JSON, serde_json::to_vec(&meta).unwrap()),
                ("verdicts.csv", verdicts.as_bytes().to_vec()),
            ],
        )
        .unwrap();
        dir
    };
    let a = with_verdicts("a", &[row("bfs/rank", 0, 3)], "1/2", "solver,case_id,verdict\np,0,ok\n");
    let b = with_verdicts("b", &[row("bfs/rank", 1, 4)], "2/2", "solver,verdict,case_id\np,ok,1\n");
    let err = merge(&[a.clone(), b.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("verdicts.csv"), "{err}");
    assert!(err.contains(&a.display().to_string()), "{err}");
    assert!(err.contains(&b.display().to_string()), "{err}");
    assert!(err.contains("solver,verdict,case_id"), "{err}");
    let c = with_verdicts("c", &[row("bfs/rank", 1, 4)], "2/2", "solver,case_id,verdict\np,1,ok\n");
    let merged = merge(&[a, c], "test").unwrap();
    let (_, bytes) = merged.tables.iter().find(|(n, _)| *n == "verdicts.csv").unwrap();
    assert_eq!(String::from_utf8_lossy(bytes), "solver,case_id,verdict\np,0,ok\np,1,ok\n");
}

#[test]
fn shards_that_ran_a_program_in_other_modes_or_limits_are_refused_naming_each() {
    let tmp = tempfile::tempdir().unwrap();
    let program = |mode: &str, limit_s: Option<f64>| ProgramMeta {
        solver: "program:p".into(),
        command: "./p".into(),
        mode: mode.into(),
        hash: "xxh3:0000000000000001".into(),
        limit_s,
    };
    let with = |name: &str, shard_no: &str, p: ProgramMeta| {
        let mut m = meta(7, "v1", shard_no);
        m.programs = vec![p];
        let case = u64::from(shard_no != "1/2");
        shard(&tmp.path().join(name), &[row("bfs/rank", case, 3)], &m)
    };
    let batch = with("batch", "1/2", program("batch", Some(60.0)));
    let per_case = with("per-case", "2/2", program("per-case", Some(60.0)));
    let err = merge(&[batch.clone(), per_case.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("program modes"), "{err}");
    assert!(err.contains(&format!("{} has program:p batch", batch.display())), "{err}");
    assert!(err.contains(&format!("{} has program:p per-case", per_case.display())), "{err}");

    let longer = with("longer", "2/2", program("batch", Some(120.0)));
    let err = merge(&[batch.clone(), longer.clone()], "test").unwrap_err().to_string();
    assert!(err.contains("program limits (--program-limit)"), "{err}");
    assert!(err.contains(&format!("{} has program:p 120 s", longer.display())), "{err}");
    let unlimited = with("unlimited", "2/2", program("batch", None));
    let err = merge(&[batch.clone(), unlimited], "test").unwrap_err().to_string();
    assert!(err.contains("program:p none"), "{err}");

    let same = with("same", "2/2", program("batch", Some(60.0)));
    let merged = merge(&[batch, same], "test").unwrap();
    assert_eq!(merged.meta.unwrap().programs[0].limit_s, Some(60.0));
}

#[test]
fn merge_expect_accepts_other_times_and_names_a_row_whose_nodes_differ() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = [row("bfs/rank", 0, 3), row("bfs/rank", 1, 4)];
    let a = shard(&tmp.path().join("a"), &rows[..1], &meta(7, "v1", "1/2"));
    let b = shard(&tmp.path().join("b"), &rows[1..], &meta(7, "v1", "2/2"));
    let mut slower = rows.clone();
    for r in &mut slower {
        r.time_ns = r.time_ns.map(|t| t * 3);
        r.peak_bytes = Some(1 << 20);
    }
    let same = shard(&tmp.path().join("same"), &slower, &meta(7, "v1", "1/1"));
    let mut other = rows.clone();
    other[1].expanded = Some(999);
    let differs = shard(&tmp.path().join("differs"), &other, &meta(7, "v1", "1/1"));
    let expect = |expected: &Path| {
        let out = tmp.path().join("merged");
        let mut args = vec!["merge", a.to_str().unwrap(), b.to_str().unwrap()];
        args.extend(["--out", out.to_str().unwrap(), "--expect", expected.to_str().unwrap()]);
        run(&args, b"")
    };
    let o = expect(&same);
    assert!(o.status.success(), "{}", stderr_text(&o));
    let o = expect(&differs);
    let err = stderr_text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("bfs/rank on random case 1") && err.contains("nodes 20, expected"),
        "{err}"
    );
    assert!(!err.contains("case 0"), "{err}");
}

/// What a cancelled array task leaves: `compare` stopped by SIGTERM partway through a search
/// (SLURM's `scancel`, or a time limit), and a task that never ran leaves no directory at all.
#[test]
fn a_shard_stopped_by_sigterm_or_never_run_is_refused_naming_it() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let tmp = tempfile::tempdir().unwrap();
    let done = shard(&tmp.path().join("shards/1"), &[row("bfs/rank", 0, 3)], &meta(7, "v1", "1/3"));
    let stopped = tmp.path().join("shards/2");
    // The judges' sample, then Korf's 100 with Manhattan distance (minutes of search in all):
    // stopped once the first set is done, with the second one's search under way.
    let mut child = common::bin()
        .args(["compare", "--cases", "sample", "--cases", "korf100", "--count", "100"])
        .args(["--solvers", "idastar-md/packed", "--threads", "1"])
        .args(["--budget-time", "0", "--budget-streak", "0", "--no-charts"])
        .arg("--out")
        .arg(&stopped)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "compare ended first: {said}");
        said.push_str(&line);
        if line.contains("set 1/2 sample") {
            break;
        }
    }
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).unwrap();
    std::io::Read::read_to_string(&mut stderr, &mut said).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(143), "{said}");
    let never = tmp.path().join("shards/3");
    let out = tmp.path().join("merged");
    let o = merge_cli(&[&done, &stopped, &never], &out);
    let err = stderr_text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let named = format!("{}: the result set is incomplete", stopped.display());
    assert!(err.contains(&named) && err.contains("SIGTERM"), "{err}");
    let o = merge_cli(&[&done, &never], &out);
    let err = stderr_text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("{}: not a result directory", never.display())), "{err}");
    assert!(!out.exists(), "nothing is written");
}

/// Shards as `compare` writes them (per-case rows in `runs.csv.gz`) merge into a compressed set
/// with the answers of an unsharded run; a shard whose rows are plain `runs.csv` (an older
/// run's) merges with them the same.
#[test]
fn compressed_shards_merge_and_mix_with_a_plain_one() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b, whole) = (tmp.path().join("a"), tmp.path().join("b"), tmp.path().join("whole"));
    shard_run(&a, "1/2", &[]);
    shard_run(&b, "2/2", &[]);
    shard_run(&whole, "1/1", &[]);
    for d in [&a, &b, &whole] {
        assert!(d.join(RUNS_CSV_GZ).exists() && !d.join(RUNS_CSV).exists(), "{}", d.display());
    }
    let merge_expect = |out: &Path| {
        let (a, b, e) = (a.to_str().unwrap(), b.to_str().unwrap(), whole.to_str().unwrap());
        run(&["merge", a, b, "--out", out.to_str().unwrap(), "--expect", e], b"")
    };
    let out = tmp.path().join("merged");
    let o = merge_expect(&out);
    assert!(o.status.success(), "{}", stderr_text(&o));
    verify_set(&out).unwrap();
    assert!(out.join(RUNS_CSV_GZ).exists() && !out.join(RUNS_CSV).exists());
    assert_eq!(answers(&out), answers(&whole));

    let rows = read_runs_as_written(&a, "").unwrap();
    std::fs::remove_file(a.join(RUNS_CSV_GZ)).unwrap();
    std::fs::write(a.join(RUNS_CSV), csv_bytes(&rows).unwrap()).unwrap();
    let manifest = std::fs::read_to_string(a.join(MANIFEST)).unwrap();
    std::fs::write(a.join(MANIFEST), manifest.replace(&format!("{RUNS_CSV_GZ} "), "runs.csv "))
        .unwrap();
    remanifest(&a);
    let mixed = tmp.path().join("mixed");
    let o = merge_expect(&mixed);
    assert!(o.status.success(), "{}", stderr_text(&o));
    assert_eq!(answers(&mixed), answers(&out));
}
