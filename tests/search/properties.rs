//! Property tests of the public API: the readers never panic and always name the line of a bad
//! case, ranks are a bijection, the parity rule matches an exhaustive search, every solver's
//! answer replays to the goal at the optimal cost, and generated sets and harness runs are
//! reproducible.
//!
//! Case counts are fixed (not read from `PROPTEST_CASES`) so the file's run time is bounded.

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestCaseError, TestRunner};
use slidebench::cases::{self, Format, SetKind, UNREACHED};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, CompareOptions, SetSpec};
use slidebench::judge::{CrullerReader, EightReader};
use slidebench::rank::{rank, unrank, FACTORIAL};
use slidebench::report::{self, read_csv, write_csv, CensusRow, RunRow, SummaryRow, ThreadsRow};
use slidebench::solvability::{grid_solvable, solvable};
use slidebench::solver::{
    all_solvers, new_solver_with, EncodingKind, Solver, SolverInfo, SolverOptions,
};
use slidebench::{Board, Costs, ErrorKind, Puzzle, Shape, Topology};
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::path::Path;
use std::sync::OnceLock;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // No regression files: the runners below are built by hand, outside `proptest!`.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Judge readers
// ---------------------------------------------------------------------------------------------

/// The `N` of a message that reads `line N: ...`, or `None` when it does not read so.
fn line_prefix(msg: &str) -> Option<u64> {
    let rest = msg.strip_prefix("line ")?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    if end == 0 || !rest[end..].starts_with(": ") {
        return None;
    }
    rest[..end].parse().ok()
}

/// The physical lines of `input` as the readers split it: on `\n`, a last line without one
/// still counts, trailing `\r` dropped.
fn physical_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    for l in &mut lines {
        while let Some((b'\r', rest)) = l.split_last() {
            *l = rest;
        }
    }
    lines
}

/// 1-based numbers of the lines the readers treat as cases: all but the blank text lines.
fn nonblank_lines(input: &[u8]) -> Vec<u64> {
    physical_lines(input)
        .iter()
        .enumerate()
        .filter(|(_, l)| !matches!(std::str::from_utf8(l), Ok(t) if t.trim().is_empty()))
        .map(|(i, _)| i as u64 + 1)
        .collect()
}

fn check_eight(input: &[u8]) -> Result<(), TestCaseError> {
    let expected_lines = nonblank_lines(input);
    let lines = physical_lines(input);
    let mut seen = Vec::new();
    for item in EightReader::new(input) {
        let (n, board) = item.map_err(|e| TestCaseError::fail(format!("I/O error {e}")))?;
        prop_assert!(seen.last().is_none_or(|&last| n > last), "{n} after {seen:?}");
        seen.push(n);
        match board {
            Ok(b) => {
                prop_assert_eq!(b.shape(), Shape::THREE_BY_THREE);
                // The board is exactly the line's symbols, whatever the spacing.
                let text = std::str::from_utf8(lines[n as usize - 1]).unwrap();
                let symbols: String = text
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| if c == 'X' || c == '0' { 'x' } else { c })
                    .collect();
                prop_assert_eq!(b.to_text(), symbols);
            }
            Err(e) => {
                let msg = e.to_string();
                prop_assert_eq!(line_prefix(&msg), Some(n), "message `{}`", msg);
                prop_assert_eq!(e.line(), Some(n));
                prop_assert_eq!(e.kind(), ErrorKind::Parse);
            }
        }
    }
    prop_assert_eq!(seen, expected_lines);
    Ok(())
}

fn check_cruller(input: &[u8]) -> Result<(), TestCaseError> {
    let total_lines = physical_lines(input).len() as u64;
    let mut last = 0u64;
    let mut items = 0usize;
    for item in CrullerReader::new(input) {
        items += 1;
        prop_assert!(items <= total_lines as usize + 1, "more items than lines");
        let n = match item.map_err(|e| TestCaseError::fail(format!("I/O error {e}")))? {
            Ok(d) => {
                prop_assert!(d.costs.horizontal >= 1 && d.costs.vertical >= 1);
                prop_assert!(d.start.shape() == Shape::THREE_BY_THREE);
                prop_assert!(d.goal.shape() == Shape::THREE_BY_THREE);
                d.line
            }
            Err(e) => {
                let msg = e.to_string();
                let n = line_prefix(&msg);
                prop_assert!(n.is_some(), "message `{}` does not start with `line N: `", msg);
                prop_assert_eq!(e.line(), n);
                n.unwrap()
            }
        };
        prop_assert!(n >= 1 && n <= total_lines + 1, "line {n} of {total_lines}");
        prop_assert!(n >= last, "line {n} after line {last}");
        last = n;
    }
    Ok(())
}

fn check_load(input: &[u8]) -> Result<(), TestCaseError> {
    let (loaded, errors) =
        cases::load(input, "prop").map_err(|e| TestCaseError::fail(format!("load failed: {e}")))?;
    let mut last = 0;
    for e in &errors {
        let msg = e.to_string();
        let n = line_prefix(&msg);
        prop_assert!(n.is_some(), "message `{}` does not start with `line N: `", msg);
        prop_assert!(n.unwrap() >= last);
        last = n.unwrap();
    }
    for (i, c) in loaded.iter().enumerate() {
        prop_assert_eq!(c.id, i as u64);
        prop_assert_eq!(&c.set, "prop");
    }
    // The documented format rule: AOJ when the first non-blank line holds two fields.
    let first = physical_lines(input).into_iter().find(|l| !l.iter().all(u8::is_ascii_whitespace));
    let aoj = first.is_some_and(|l| String::from_utf8_lossy(l).split_whitespace().count() == 2);
    if aoj {
        let (mut good, mut bad) = (Vec::new(), Vec::new());
        for item in CrullerReader::new(input) {
            match item.unwrap() {
                Ok(d) => good.push(d.start),
                Err(e) => bad.push(e.to_string()),
            }
        }
        let starts: Vec<Board> = loaded.iter().map(|c| c.start).collect();
        prop_assert_eq!(starts, good);
        prop_assert!(loaded.iter().all(|c| c.puzzle.topology() == Topology::Torus));
        let errs: Vec<String> = errors.iter().map(std::string::ToString::to_string).collect();
        prop_assert_eq!(errs, bad);
    } else {
        let nonblank = nonblank_lines(input).len();
        prop_assert_eq!(loaded.len() + errors.len(), nonblank);
        prop_assert!(loaded.iter().all(|c| c.puzzle == Puzzle::eight()));
    }
    Ok(())
}

/// Bytes drawn from `alphabet`, so that lines often come close to being cases.
fn biased_bytes(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(proptest::sample::select(alphabet), 0..max)
}

/// An HDU line that is well formed or nearly so.
fn hdu_line() -> impl Strategy<Value = Vec<u8>> {
    let sep = proptest::sample::select(vec![&b" "[..], b"  ", b"\t", b"", b" \t "]);
    let good = (Just((b"12345678x").to_vec()).prop_shuffle(), proptest::collection::vec(sep, 9))
        .prop_map(|(syms, seps)| {
            let mut out = Vec::new();
            for (s, sep) in syms.iter().zip(seps) {
                out.push(*s);
                out.extend_from_slice(sep);
            }
            out
        });
    prop_oneof![
        4 => good.clone(),
        // A symbol changed, dropped or added.
        2 => (good.clone(), any::<prop::sample::Index>(), biased_bytes(b"0123456789xXyz\xff", 2))
            .prop_map(|(mut l, i, extra)| {
                let at = i.index(l.len() + 1);
                l.splice(at..(at + 1).min(l.len()), extra);
                l
            }),
        1 => biased_bytes(b"12345678xX0 \t\r", 24),
        1 => Just(Vec::new()),
        1 => biased_bytes(b" \t\r", 4),
    ]
}

/// An AOJ line that is a cost line, a board row, the end marker, blank or garbage.
fn aoj_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => (0u32..120, 0u32..120).prop_map(|(a, b)| format!("{a} {b}").into_bytes()),
        8 => (0u8..9, 0u8..9, 0u8..9).prop_map(|(a, b, c)| format!("{a} {b} {c}").into_bytes()),
        1 => Just(b"0 0".to_vec()),
        1 => Just(Vec::new()),
        1 => biased_bytes(b"0123456789 -x\t", 12),
        1 => Just(b"1000001 3".to_vec()),
    ]
}

fn joined(lines: Vec<Vec<u8>>, crlf: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(&l);
        out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }
    out
}

/// Any bytes, bytes biased towards the judges' alphabets, and line-structured near-cases.
fn reader_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..2000),
        biased_bytes(b"12345678xX0 \t\n\r", 2000),
        biased_bytes(b"0123456789 \n", 2000),
        (proptest::collection::vec(hdu_line(), 0..40), any::<bool>())
            .prop_map(|(l, crlf)| joined(l, crlf)),
        (proptest::collection::vec(aoj_line(), 0..60), any::<bool>())
            .prop_map(|(l, crlf)| joined(l, crlf)),
        // The AOJ sample with one byte changed and maybe cut short.
        (any::<prop::sample::Index>(), any::<u8>(), any::<prop::sample::Index>()).prop_map(
            |(i, b, cut)| {
                let mut s = cases::AOJ_SAMPLE.as_bytes().to_vec();
                let at = i.index(s.len());
                s[at] = b;
                s.truncate(cut.index(s.len() + 1).max(at + 1));
                s
            }
        ),
    ]
}

#[test]
fn readers_never_panic_and_name_lines() {
    let mut runner = TestRunner::new(config(1500));
    runner
        .run(&reader_input(), |input| {
            check_eight(&input)?;
            check_cruller(&input)?;
            check_load(&input)?;
            Ok(())
        })
        .unwrap();
}

#[test]
fn readers_on_samples_and_known_inputs() {
    check_eight(cases::HDU_SAMPLE.as_bytes()).unwrap();
    check_cruller(cases::AOJ_SAMPLE.as_bytes()).unwrap();
    check_load(cases::AOJ_SAMPLE.as_bytes()).unwrap();
    let (c, e) = cases::load(cases::AOJ_SAMPLE.as_bytes(), "s").unwrap();
    assert_eq!((c.len(), e.len()), (4, 0));
    // Non-UTF-8 in the middle of AOJ data is reported on its line and the rest stays in step.
    let input = b"4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 \xff\n8 1 2\n4 5 7\n1 1\n1 2 3\n4 5 6\n7 8 0\n\
                  1 2 3\n4 5 6\n7 0 8\n0 0\n";
    check_cruller(input).unwrap();
    let items: Vec<_> = CrullerReader::new(&input[..]).map(|r| r.unwrap()).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].as_ref().unwrap_err().to_string(), "line 5: not valid UTF-8 text");
    assert_eq!(items[1].as_ref().unwrap().line, 8);
}

// ---------------------------------------------------------------------------------------------
// Results CSV files
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Ranks
// ---------------------------------------------------------------------------------------------

fn perm(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle()
}

#[test]
fn rank_and_unrank_are_inverse_up_to_sixteen_cells() {
    let mut runner = TestRunner::new(config(2000));
    runner
        .run(&(4usize..=16).prop_flat_map(perm), |p| {
            let n = p.len();
            let r = rank(&p);
            prop_assert!(r < FACTORIAL[n]);
            let mut out = [0u8; 16];
            unrank(r, n, &mut out);
            prop_assert_eq!(&out[..n], &p[..]);
            Ok(())
        })
        .unwrap();
    runner
        .run(&(4usize..=16).prop_flat_map(|n| (Just(n), 0..FACTORIAL[n])), |(n, r)| {
            let mut out = [0u8; 16];
            unrank(r, n, &mut out);
            let mut sorted = out[..n].to_vec();
            sorted.sort_unstable();
            prop_assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
            prop_assert_eq!(rank(&out[..n]), r);
            Ok(())
        })
        .unwrap();
    // The ends of every size.
    for n in 4..=16 {
        let mut out = [0u8; 16];
        unrank(FACTORIAL[n] - 1, n, &mut out);
        let reversed: Vec<u8> = (0..n as u8).rev().collect();
        assert_eq!(&out[..n], &reversed[..]);
        assert_eq!(rank(&reversed), FACTORIAL[n] - 1);
        unrank(0, n, &mut out);
        assert_eq!(rank(&out[..n]), 0);
    }
}

// ---------------------------------------------------------------------------------------------
// The parity rule against exhaustive search
// ---------------------------------------------------------------------------------------------

fn board_of_rank(shape: Shape, r: u64) -> Board {
    let mut cells = [0u8; 16];
    unrank(r, shape.cells(), &mut cells);
    Board::from_cells(shape, &cells[..shape.cells()]).unwrap()
}

/// Which arrangements (by rank) the goal reaches, by a breadth-first search from the goal.
fn reachable(puzzle: &Puzzle) -> Vec<bool> {
    let n = puzzle.shape().cells();
    let mut seen = vec![false; FACTORIAL[n] as usize];
    let goal = *puzzle.goal();
    seen[rank(goal.cells()) as usize] = true;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let blank = b.blank();
        for &(_, to) in puzzle.moves_from(blank) {
            let mut next = b;
            next.swap_blank(blank, to as usize);
            let r = rank(next.cells()) as usize;
            if !seen[r] {
                seen[r] = true;
                queue.push_back(next);
            }
        }
    }
    seen
}

fn check_parity_rule(shape: Shape, goal: Board) {
    let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap();
    let seen = reachable(&puzzle);
    let count = seen.iter().filter(|&&s| s).count() as u64;
    assert_eq!(count, FACTORIAL[shape.cells()] / 2, "{shape} from {goal}");
    for (r, &s) in seen.iter().enumerate() {
        let b = board_of_rank(shape, r as u64);
        assert_eq!(solvable(&puzzle, &b), s, "{shape} board {b} to goal {goal}");
        assert_eq!(grid_solvable(&b, &goal), s, "{shape} board {b} to goal {goal}");
    }
}

#[test]
fn parity_rule_matches_exhaustive_search_on_small_grids() {
    // Every goal on the tiny shapes, a few goals on the larger ones.
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        let shape = Shape::new(w, h).unwrap();
        for g in 0..FACTORIAL[shape.cells()] {
            check_parity_rule(shape, board_of_rank(shape, g));
        }
    }
    for (w, h) in [(4, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(w, h).unwrap();
        let n = FACTORIAL[shape.cells()];
        for g in [0, n - 1, n / 3, 12_345 % n] {
            check_parity_rule(shape, board_of_rank(shape, g));
        }
        check_parity_rule(shape, Board::solved(shape));
    }
}

/// `solvable` on a torus (Wilson's theorem) agrees with a search from the goal on every
/// arrangement of every torus up to 8 squares and the 3×3 one, for two goals each.
#[test]
fn torus_solvable_matches_exhaustive_search() {
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(w, h).unwrap();
        let last = FACTORIAL[shape.cells()] - 1;
        for goal in [Board::solved(shape), board_of_rank(shape, last / 3)] {
            let p = Puzzle::new(shape, Topology::Torus, Costs::UNIT, goal).unwrap();
            let seen = reachable(&p);
            for (r, &reached) in seen.iter().enumerate() {
                let b = board_of_rank(shape, r as u64);
                assert_eq!(solvable(&p, &b), reached, "{shape} {b:?} to {goal:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Solvers
// ---------------------------------------------------------------------------------------------

/// The cheapest cost from `start` to the goal, by a plain Dijkstra over boards; `None` when the
/// goal is not reached.
fn reference_cost(puzzle: &Puzzle, start: &Board) -> Option<u64> {
    let n = puzzle.shape().cells();
    let mut dist = vec![u64::MAX; FACTORIAL[n] as usize];
    dist[rank(start.cells()) as usize] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u64, *start))]);
    while let Some(Reverse((d, b))) = heap.pop() {
        if &b == puzzle.goal() {
            return Some(d);
        }
        if d > dist[rank(b.cells()) as usize] {
            continue;
        }
        let blank = b.blank();
        for &(mv, to) in puzzle.moves_from(blank) {
            let mut next = b;
            next.swap_blank(blank, to as usize);
            let nd = d + puzzle.costs().of(mv) as u64;
            let r = rank(next.cells()) as usize;
            if nd < dist[r] {
                dist[r] = nd;
                heap.push(Reverse((nd, next)));
            }
        }
    }
    None
}

fn grid_distances() -> &'static [u8] {
    static D: OnceLock<Vec<u8>> = OnceLock::new();
    D.get_or_init(|| cases::distance_table(&Puzzle::eight()))
}

/// Whether the solver keeps its states in hash maps (text, packed): slower per state than flat
/// rank arrays.
fn is_hashed(info: &SolverInfo) -> bool {
    matches!(info.encoding_kind, Some(EncodingKind::Text | EncodingKind::Packed))
}

/// Blind searches over hashed states: correct but slow, so they get only modest depths.
fn is_blind_text(info: &SolverInfo) -> bool {
    info.blind && is_hashed(info)
}

/// Solvers whose every query (or every new goal) may explore the whole space in hashed states:
/// blind searches and the table's build.
fn is_whole_space_text(info: &SolverInfo) -> bool {
    (info.blind || info.table) && is_hashed(info)
}

struct Fleet(RefCell<Vec<(SolverInfo, Box<dyn Solver>)>>);

impl Fleet {
    fn new() -> Fleet {
        Fleet(RefCell::new(
            all_solvers()
                .into_iter()
                .map(|info| {
                    // Pattern databases built in memory: tests never write the user's cache.
                    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
                    let s = new_solver_with(&info.id, &opts).unwrap();
                    assert_eq!(s.info(), &info);
                    (info, s)
                })
                .collect(),
        ))
    }

    /// Runs every solver that `take`s the case; checks each answer replays to the goal at the
    /// reference cost, and that solvers refuse puzzles they do not accept (unit-only solvers
    /// weighted ones, grid-only ones the torus).
    fn check(
        &self,
        puzzle: &Puzzle,
        start: &Board,
        optimal: Option<u64>,
        take: impl Fn(&SolverInfo) -> bool,
    ) -> Result<(), TestCaseError> {
        for (info, solver) in self.0.borrow_mut().iter_mut() {
            if !take(info) {
                continue;
            }
            let answer = solver.solve(puzzle, start);
            if !info.accepts(puzzle) {
                let e = answer.err();
                prop_assert_eq!(
                    e.as_ref().map(slidebench::Error::kind),
                    Some(ErrorKind::Unsupported),
                    "{} on a puzzle it does not accept: {:?}",
                    &info.id,
                    e
                );
                continue;
            }
            let sol = answer
                .map_err(|e| TestCaseError::fail(format!("{} on {start:?}: {e}", info.id)))?;
            if let Some(moves) = sol.moves() {
                let (end, cost) = puzzle
                    .replay(start, moves)
                    .map_err(|e| TestCaseError::fail(format!("{} on {start:?}: {e}", info.id)))?;
                prop_assert_eq!(&end, puzzle.goal(), "{} on {:?}", &info.id, start);
                prop_assert_eq!(Some(cost), sol.cost(), "{} on {:?}", &info.id, start);
                prop_assert_eq!(Some(cost), optimal, "{} on {:?}", &info.id, start);
            } else {
                prop_assert_eq!(sol.cost(), None);
                prop_assert_eq!(optimal, None, "{} said unsolvable on {:?}", &info.id, start);
            }
        }
        Ok(())
    }
}

#[test]
fn every_solver_replays_to_the_goal_on_the_eight_puzzle() {
    let fleet = Fleet::new();
    let eight = Puzzle::eight();
    let dist = grid_distances();
    let boards = perm(9).prop_map(|c| Board::from_cells(Shape::THREE_BY_THREE, &c).unwrap());
    let mut runner = TestRunner::new(config(40));
    runner
        .run(&boards, |b| {
            let d = dist[rank(b.cells()) as usize];
            let optimal = (d != UNREACHED).then_some(d as u64);
            prop_assert_eq!(solvable(&eight, &b), optimal.is_some());
            // Blind text searches on boards up to 20 moves and one case in four beyond.
            let deep_ok = d <= 20 || rank(b.cells()).is_multiple_of(4);
            fleet.check(&eight, &b, optimal, |info| deep_ok || !is_blind_text(info))
        })
        .unwrap();
    // The goal itself, both the deepest boards, and one unsolvable board.
    for text in ["12345678x", "8672543x1", "64785x321", "21345678x"] {
        let b = Board::parse(Shape::THREE_BY_THREE, text).unwrap();
        let d = dist[rank(b.cells()) as usize];
        let optimal = (d != UNREACHED).then_some(d as u64);
        fleet.check(&eight, &b, optimal, |_| true).unwrap();
    }
}

const GRID: bool = false;
const TORUS: bool = true;

/// Small spaces (at most 8! arrangements) that every solver handles, two-row tori included
/// (where up and down reach the same square).
const SMALL: [(usize, usize, bool); 10] = [
    (2, 2, GRID),
    (3, 2, GRID),
    (2, 3, GRID),
    (4, 2, GRID),
    (2, 4, GRID),
    (2, 3, TORUS),
    (2, 4, TORUS),
    (2, 2, TORUS),
    (3, 2, TORUS),
    (4, 2, TORUS),
];

const THREE_BY_THREE: [(usize, usize, bool); 2] = [(3, 3, GRID), (3, 3, TORUS)];

/// A puzzle on one of `spaces` with random costs 1..99 (or unit costs), a random goal and a
/// random start.
fn puzzle_on(
    spaces: Vec<(usize, usize, bool)>,
    unit: bool,
) -> impl Strategy<Value = (Puzzle, Board)> {
    (proptest::sample::select(spaces), 1u32..100, 1u32..100)
        .prop_flat_map(move |((w, h, torus), ch, cv)| {
            let shape = Shape::new(w, h).unwrap();
            let n = shape.cells();
            (Just((shape, torus, ch, cv)), perm(n), perm(n))
        })
        .prop_map(move |((shape, torus, ch, cv), goal, start)| {
            let topology = if torus { Topology::Torus } else { Topology::Grid };
            let costs = if unit { Costs::UNIT } else { Costs { horizontal: ch, vertical: cv } };
            let goal = Board::from_cells(shape, &goal).unwrap();
            let start = Board::from_cells(shape, &start).unwrap();
            (Puzzle::new(shape, topology, costs, goal).unwrap(), start)
        })
}

/// Checks every solver on random puzzles of `spaces`; `take(info, case_index, puzzle)` says
/// which solvers run on a case.
fn check_fleet_on(
    spaces: &[(usize, usize, bool)],
    unit: bool,
    cases: u32,
    take: impl Fn(&SolverInfo, usize, &Puzzle) -> bool,
) {
    let fleet = Fleet::new();
    let index = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(config(cases));
    runner
        .run(&puzzle_on(spaces.to_vec(), unit), |(puzzle, start)| {
            let k = index.replace(index.get() + 1);
            let optimal = reference_cost(&puzzle, &start);
            prop_assert_eq!(solvable(&puzzle, &start), optimal.is_some());
            fleet.check(&puzzle, &start, optimal, |info| take(info, k, &puzzle))
        })
        .unwrap();
}

#[test]
fn every_solver_replays_to_the_goal_on_small_weighted_puzzles() {
    // Unit-only solvers are asked too: they must refuse.
    check_fleet_on(&SMALL, false, 40, |_, _, _| true);
}

#[test]
fn every_solver_replays_to_the_goal_on_small_unit_puzzles() {
    check_fleet_on(&SMALL, true, 40, |_, _, _| true);
}

#[test]
fn every_solver_replays_to_the_goal_on_weighted_three_by_three() {
    // A weighted search over text states costs up to a second and a half here (a table is
    // rebuilt for every new goal), so those run on one case in four; A* is fast either way.
    check_fleet_on(&THREE_BY_THREE, false, 8, |info, k, _| {
        !is_whole_space_text(info) || k % 4 == 0
    });
}

#[test]
fn every_solver_replays_to_the_goal_on_unit_three_by_three_with_random_goals() {
    check_fleet_on(&THREE_BY_THREE, true, 8, |info, k, _| !is_whole_space_text(info) || k % 4 == 0);
}

/// On a torus with two rows, moving the empty square up and down reach the same square; the
/// solvers walk their recorded paths back with `Move::opposite`, which must still apply there.
#[test]
fn two_row_torus_paths_replay() {
    let fleet = Fleet::new();
    for (w, goal, start) in [(3, "12345x", "12x453"), (4, "1234567x", "123x5674")] {
        let shape = Shape::new(w, 2).unwrap();
        let goal = Board::parse(shape, goal).unwrap();
        let start = Board::parse(shape, start).unwrap();
        for costs in [Costs::UNIT, Costs { horizontal: 3, vertical: 7 }] {
            let p = Puzzle::new(shape, Topology::Torus, costs, goal).unwrap();
            let optimal = reference_cost(&p, &start);
            assert_eq!(optimal, Some(costs.vertical as u64));
            fleet.check(&p, &start, optimal, |_| true).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reproducibility
// ---------------------------------------------------------------------------------------------

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
    };
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    for dir in &dirs {
        let report = harness::compare(&opts).unwrap();
        assert!(report.disagreements.is_empty());
        assert_eq!(report.runs.len(), 60);
        harness::write_report(&report, dir.path()).unwrap();
    }
    let runs: Vec<_> =
        dirs.iter().map(|d| csv_without(&plain_runs(d.path()), &["time_ns"])).collect();
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
