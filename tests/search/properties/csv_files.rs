//! The result CSV files: read back as written, a corrupted field named by its line.

use super::*;

/// Something csv may have to quote, but on one line.
fn text_field() -> impl Strategy<Value = String> {
    "[a-z0-9/ ,\"]{0,10}"
}

fn run_row() -> impl Strategy<Value = RunRow> {
    (
        (text_field(), text_field(), any::<u64>(), 1u32..100, 1u32..100),
        (
            proptest::option::of(any::<u64>()),
            any::<bool>(),
            proptest::option::of(0u64..100),
            any::<u64>(),
            any::<u64>(),
            1usize..64,
        ),
    )
        .prop_map(
            |(
                (solver, set, case_id, ch, cv),
                (optimal, solvable, length, time_ns, peak, threads),
            )| RunRow {
                algorithm: solver.clone(),
                encoding: "rank".into(),
                solver,
                case_set: set,
                case_id,
                shape: "3x3".into(),
                topology: "grid".into(),
                board: "12345678x".into(),
                goal: "x12345678".into(),
                ch,
                cv,
                optimal,
                outcome: if solvable {
                    slidebench::report::Outcome::Solved
                } else {
                    slidebench::report::Outcome::Unsolvable
                },
                solvable,
                length,
                cost: optimal,
                // Some not measured: empty cells round-trip as empty.
                expanded: (time_ns % 3 != 0).then_some(time_ns / 3),
                stored: (time_ns % 3 != 0).then_some(time_ns / 5),
                time_ns: (time_ns % 7 != 0).then_some(time_ns),
                repeats: 1,
                peak_bytes: (peak % 2 == 0).then_some(peak),
                threads,
                reference: None,
                time_is: None,
                round: 1,
                resumed: None,
                redone_nodes: None,
                search_threads: 1,
            },
        )
}

fn summary_row() -> impl Strategy<Value = SummaryRow> {
    (
        (text_field(), text_field(), 1usize..64, any::<u64>(), any::<u64>()),
        (
            any::<u64>(),
            0.0f64..1e12,
            any::<u64>(),
            0.0f64..1e9,
            proptest::option::of(any::<u64>()),
            0.0f64..1e6,
            any::<u64>(),
            any::<bool>(),
            any::<u64>(),
        ),
    )
        .prop_map(
            |(
                (solver, set, threads, cases, solved),
                (median, mean, p95, qps, build, expanded, peak, agree, seed),
            )| SummaryRow {
                algorithm: solver.clone(),
                encoding: "text".into(),
                solver,
                case_set: set,
                threads,
                cases,
                solved,
                over_budget: 0,
                skipped: 0,
                p5_ns: median / 2,
                median_ns: median,
                mean_ns: mean,
                p95_ns: p95,
                queries_per_sec: qps,
                build_ns: build,
                mean_expanded: expanded,
                peak_bytes: peak,
                agree,
                seed,
                repeats: 1,
                ran: 0,
                cut_by: String::new(),
                pair_s: 0.0,
                errors: 0,
                time_is: slidebench::report::TimeIs::Measured,
                first_build_ns: build.map(|b| b / 2),
                builds: threads as u64,
            },
        )
}

fn threads_row() -> impl Strategy<Value = ThreadsRow> {
    (text_field(), 1usize..64, any::<u64>(), any::<u64>(), 0.0f64..1e9).prop_map(
        |(solver, threads, cases, wall_ns, qps)| ThreadsRow {
            algorithm: "bfs".into(),
            encoding: "rank".into(),
            case_set: "random".into(),
            solver,
            threads,
            cases,
            wall_ns,
            queries_per_sec: qps,
        },
    )
}

fn census_row() -> impl Strategy<Value = CensusRow> {
    (any::<u64>(), any::<u64>(), 0.0f64..1e5, any::<u64>()).prop_map(
        |(states, max_distance, seconds, peak_bytes)| CensusRow {
            shape: "3x3".into(),
            topology: "torus".into(),
            states,
            max_distance,
            seconds,
            peak_bytes,
        },
    )
}

/// Reads `path` as every row type; each must succeed or fail naming the file.
fn read_all_types(path: &Path) -> Result<(), TestCaseError> {
    let name = path.display().to_string();
    let errors = [
        read_csv::<RunRow>(path).err(),
        read_csv::<SummaryRow>(path).err(),
        read_csv::<ThreadsRow>(path).err(),
        read_csv::<CensusRow>(path).err(),
    ];
    for e in errors.into_iter().flatten() {
        let msg = e.to_string();
        prop_assert!(msg.contains(&name), "`{}` does not name {}", msg, name);
    }
    Ok(())
}

#[test]
fn csv_reader_never_panics_on_arbitrary_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(report::RUNS_CSV);
    let header = b"solver,algorithm,encoding,case_set,threads,cases,wall_ns,queries_per_sec\n";
    let input = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..2000),
        biased_bytes(b"0123456789,.\"\n\r abx-", 600),
        biased_bytes(b"0123456789,.\"\n\r abx-", 600).prop_map(move |tail| {
            let mut v = header.to_vec();
            v.extend(tail);
            v
        }),
    ];
    let mut runner = TestRunner::new(config(400));
    runner
        .run(&input, |bytes| {
            std::fs::write(&path, &bytes).unwrap();
            read_all_types(&path)
        })
        .unwrap();
    // A file that is not there is an error naming it, too.
    let missing = dir.path().join("missing.csv");
    let e = read_csv::<RunRow>(&missing).unwrap_err();
    assert!(e.to_string().contains("missing.csv"), "{e}");
}

/// Garbage that no number or bool parses.
fn garbage() -> impl Strategy<Value = String> {
    "x[a-z]{0,5}!"
}

/// Writes `rows`, checks they read back, then replaces field `field` (one of `numeric`) of row
/// `which` by garbage and expects an error naming the file and the row's line.
fn check_corruption<T>(
    rows: &[T],
    numeric: &[usize],
    which: prop::sample::Index,
    field: prop::sample::Index,
    junk: &str,
    cut: prop::sample::Index,
) -> Result<(), TestCaseError>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.csv");
    write_csv(&path, rows).unwrap();
    let back: Vec<T> = read_csv(&path).unwrap();
    prop_assert!(back.as_slice() == rows, "{:?} read back as {:?}", rows, back);
    if rows.is_empty() {
        return Ok(());
    }
    // Re-read the records to replace one field exactly, whatever the quoting.
    let mut reader = csv::Reader::from_path(&path).unwrap();
    let header = reader.headers().unwrap().clone();
    let mut records: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    let row = which.index(records.len());
    let col = numeric[field.index(numeric.len())];
    let mut fields: Vec<String> = records[row].iter().map(String::from).collect();
    fields[col] = junk.to_string();
    records[row] = csv::StringRecord::from(fields);
    let mut writer = csv::Writer::from_path(&path).unwrap();
    writer.write_record(&header).unwrap();
    for r in &records {
        writer.write_record(r).unwrap();
    }
    writer.flush().unwrap();
    drop(writer);
    let e = read_csv::<T>(&path).unwrap_err().to_string();
    let want = format!("{}: line {}:", path.display(), row + 2);
    prop_assert!(e.contains(&want), "`{}` does not contain `{}`", e, want);
    // Cut the file anywhere: a clean read or an error naming the file and a line.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..cut.index(bytes.len() + 1)]).unwrap();
    if let Err(e) = read_csv::<T>(&path) {
        let e = e.to_string();
        prop_assert!(e.contains(&path.display().to_string()), "{}", e);
        prop_assert!(e.contains(": line "), "{}", e);
    }
    Ok(())
}

fn corruption_args(
) -> impl Strategy<Value = (prop::sample::Index, prop::sample::Index, String, prop::sample::Index)>
{
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        garbage(),
        any::<prop::sample::Index>(),
    )
}

#[test]
fn csv_reader_names_the_line_of_a_corrupted_field() {
    let mut runner = TestRunner::new(config(60));
    // Columns that hold numbers, bools or optional numbers, by position.
    let run_numeric: Vec<usize> = (9..20).chain([4]).collect();
    runner
        .run(
            &(proptest::collection::vec(run_row(), 0..8), corruption_args()),
            |(rows, (w, f, junk, cut))| check_corruption(&rows, &run_numeric, w, f, &junk, cut),
        )
        .unwrap();
    let summary_numeric: Vec<usize> = (4..16).collect();
    runner
        .run(
            &(proptest::collection::vec(summary_row(), 0..8), corruption_args()),
            |(rows, (w, f, junk, cut))| check_corruption(&rows, &summary_numeric, w, f, &junk, cut),
        )
        .unwrap();
    let threads_numeric: Vec<usize> = (4..8).collect();
    runner
        .run(
            &(proptest::collection::vec(threads_row(), 0..8), corruption_args()),
            |(rows, (w, f, junk, cut))| check_corruption(&rows, &threads_numeric, w, f, &junk, cut),
        )
        .unwrap();
    let census_numeric: Vec<usize> = (2..6).collect();
    runner
        .run(
            &(proptest::collection::vec(census_row(), 0..8), corruption_args()),
            |(rows, (w, f, junk, cut))| check_corruption(&rows, &census_numeric, w, f, &junk, cut),
        )
        .unwrap();
}
