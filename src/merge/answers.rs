//! Whether two result sets hold the same answers, times and peak memory aside: how a merged
//! run is checked against an unsharded run of the same sets (`merge --expect DIR`).

use crate::error::{Error, ErrorKind, Result};
use crate::report::set::read_runs_as_written;
use crate::report::RunRow;
use std::fmt::Write as _;
use std::path::Path;

/// Most differing rows an error lists.
const MAX_LISTED: usize = 5;

/// The rows of `dir`'s `runs.csv.gz` (or plain `runs.csv`) with what is measured blanked (time,
/// peak memory, the repeats, which adaptive repeats choose by time, and what the time is, which
/// a query's speed decides: a batch for one too short to time alone), sorted by set, case and
/// solver.
pub fn answers(dir: &Path) -> Result<Vec<RunRow>> {
    let mut rows: Vec<RunRow> = read_runs_as_written(dir, "")?;
    for r in &mut rows {
        r.time_ns = None;
        r.peak_bytes = None;
        r.repeats = 0;
        r.time_is = None;
    }
    rows.sort_by(|a, b| {
        (&a.case_set, a.case_id, &a.solver).cmp(&(&b.case_set, b.case_id, &b.solver))
    });
    Ok(rows)
}

/// A row's answer in an error: outcome, board, length and nodes (`-` where there is none).
fn said(r: &RunRow) -> String {
    let or_dash = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    format!(
        "{} {} length {} nodes {}",
        r.outcome.name(),
        r.board,
        or_dash(r.length),
        or_dash(r.expanded)
    )
}

/// Checks that `got` and `expected` hold the same answers ([`answers`]); an error names the
/// rows that differ, or are in one only.
pub fn same_answers(got: &Path, expected: &Path) -> Result<()> {
    let (a, b) = (answers(got)?, answers(expected)?);
    let name = |r: &RunRow| format!("{} on {} case {}", r.solver, r.case_set, r.case_id);
    let mut diffs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => {
                (&x.case_set, x.case_id, &x.solver).cmp(&(&y.case_set, y.case_id, &y.solver))
            }
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        match order {
            std::cmp::Ordering::Less => {
                diffs.push(format!("{}: only in {}", name(&a[i]), got.display()));
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                diffs.push(format!("{}: only in {}", name(&b[j]), expected.display()));
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                if a[i] != b[j] {
                    let (x, y) = (said(&a[i]), said(&b[j]));
                    // Rows that differ elsewhere (stored states, cost, reference) in full.
                    let (x, y) = if x == y {
                        (format!("{:?}", a[i]), format!("{:?}", b[j]))
                    } else {
                        (x, y)
                    };
                    diffs.push(format!("{}: {x}, expected {y}", name(&a[i])));
                }
                i += 1;
                j += 1;
            }
        }
    }
    if diffs.is_empty() {
        return Ok(());
    }
    let more = diffs.len().saturating_sub(MAX_LISTED);
    diffs.truncate(MAX_LISTED);
    let mut msg = format!(
        "{} and {} differ (times and peak memory aside): {}",
        got.display(),
        expected.display(),
        diffs.join("; ")
    );
    if more > 0 {
        let _ = write!(msg, "; and {more} more");
    }
    Err(Error::new(ErrorKind::Parse, msg))
}
