//! Generated sets and harness runs are reproducible.

use super::*;

fn judge_bytes(cases: &[cases::Case], format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    cases::write_judge(cases, format, &mut out).unwrap();
    out
}

#[test]
fn generated_sets_are_reproducible() {
    let kinds = [SetKind::Sample, SetKind::Random, SetKind::Depth, SetKind::Weighted];
    let mut runner = TestRunner::new(config(12));
    runner
        .run(
            &(proptest::sample::select(kinds.to_vec()), 0usize..60, any::<u64>()),
            |(kind, count, seed)| {
                let count = if kind == SetKind::Depth { count % 4 } else { count };
                let a = cases::generate(kind, count, seed);
                let b = cases::generate(kind, count, seed);
                prop_assert_eq!(&a, &b);
                for format in [Format::Hdu, Format::Aoj] {
                    prop_assert_eq!(judge_bytes(&a, format), judge_bytes(&b, format));
                }
                // What was written reads back as the same boards.
                let hdu = judge_bytes(&a, Format::Hdu);
                let (back, errors) = cases::load(&hdu[..], "x").unwrap();
                prop_assert!(errors.is_empty());
                let want: Vec<Board> =
                    a.iter().filter(|c| c.puzzle == Puzzle::eight()).map(|c| c.start).collect();
                prop_assert_eq!(back.iter().map(|c| c.start).collect::<Vec<_>>(), want);
                Ok(())
            },
        )
        .unwrap();
}

/// The rows of a CSV file as header name → value maps, minus the `ignored` columns.
/// `runs.csv.gz` of the set in `dir` decompressed into a plain `runs.csv` beside it, for
/// [`csv_without`], which reads CSV text.
fn plain_runs(dir: &Path) -> std::path::PathBuf {
    let gz = std::fs::File::open(dir.join(report::RUNS_CSV_GZ)).unwrap();
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::MultiGzDecoder::new(gz), &mut text).unwrap();
    let plain = dir.join("runs.plain.csv");
    std::fs::write(&plain, text).unwrap();
    plain
}

fn csv_without(path: &Path, ignored: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let keep: Vec<usize> =
        (0..header.len()).filter(|&i| !ignored.contains(&header[i].as_str())).collect();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            keep.iter().map(|&i| r[i].to_string()).collect()
        })
        .collect();
    (header, rows)
}

#[test]
fn harness_runs_are_reproducible_but_for_timing() {
    let opts = CompareOptions {
        sets: vec![SetSpec::Generated { kind: SetKind::Random, count: 30, seed: 1 }],
        solvers: vec!["table/rank".into(), "bfs/rank".into()],
        threads: 1,
        max_states: DEFAULT_MAX_STATES,
        progress: None,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
        catalogue: None,
    };
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    for dir in &dirs {
        let report = harness::compare(&opts).unwrap();
        assert!(report.disagreements.is_empty());
        assert_eq!(report.runs.len(), 60);
        harness::write_report(&report, dir.path()).unwrap();
    }
    // Whether a query was timed in a batch (`time_is`: measured or repeated) depends on how
    // fast its first solve ran, so it is timing too.
    let runs: Vec<_> =
        dirs.iter().map(|d| csv_without(&plain_runs(d.path()), &["time_ns", "time_is"])).collect();
    assert_eq!(runs[0].1.len(), 60);
    assert_eq!(runs[0], runs[1]);
    let timing = [
        "p5_ns",
        "median_ns",
        "mean_ns",
        "p95_ns",
        "queries_per_sec",
        "build_ns",
        "pair_s",
        "first_build_ns",
    ];
    let summaries: Vec<_> =
        dirs.iter().map(|d| csv_without(&d.path().join(report::SUMMARY_CSV), &timing)).collect();
    assert_eq!(summaries[0].1.len(), 2);
    assert_eq!(summaries[0], summaries[1]);
    // And the timing columns really are the only ones left out.
    let (header, _) = csv_without(&plain_runs(dirs[0].path()), &[]);
    assert!(header.contains(&"time_ns".to_string()));
    assert!(!dirs[0].path().join(report::THREADS_CSV).exists());
    let rows: Vec<RunRow> = report::set::read_runs_as_written(dirs[0].path(), "").unwrap();
    assert!(rows.iter().all(|r| r.threads == 1 && r.case_set == "random"));
}
