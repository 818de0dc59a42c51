//! `slidebench merge`: shard result sets combined into one.

use super::output::{outcome, CliResult};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Merges `shards` into `out` and says what it wrote; with `expect`, checks the merged answers
/// against that result set's. A merged set in which a solver disagreed is written whole and
/// named, with the status of `compare`'s disagreements.
pub(super) fn run(
    shards: &[PathBuf],
    out: &Path,
    partial: bool,
    expect: Option<&Path>,
) -> CliResult {
    let command = slidebench::harness::command_line();
    let merged = slidebench::merge::merge_into(shards, out, &command, partial)?;
    writeln!(
        io::stdout().lock(),
        "merged {} shards: {} runs, {} summary rows; results in {}",
        shards.len(),
        merged.runs.len(),
        merged.summary.len(),
        out.display()
    )?;
    if let Some(missing) = merged.meta.as_ref().and_then(|m| m.partial.as_ref()) {
        writeln!(io::stdout().lock(), "partial: {missing} (recorded in meta.json)")?;
    }
    if let Some(expected) = expect {
        slidebench::merge::answers::same_answers(out, expected)?;
        writeln!(
            io::stdout().lock(),
            "the merged answers equal those in {} (times and peak memory aside)",
            expected.display()
        )?;
    }
    let disagreed: Vec<String> = merged
        .summary
        .iter()
        .filter(|s| !s.agree)
        .map(|s| format!("{} on {}", s.solver, s.case_set))
        .collect();
    if !disagreed.is_empty() {
        writeln!(
            io::stdout().lock(),
            "answers disagreed with the reference: {} (summary.csv, runs.csv.gz)",
            disagreed.join(", ")
        )?;
    }
    Ok(outcome(false, !disagreed.is_empty()))
}

/// Merges the rows of one split search and prints the instance's row.
pub(super) fn run_split(files: &[PathBuf]) -> CliResult {
    let rows = slidebench::merge::split::read_rows(files)?;
    let merged = slidebench::merge::split::merge_split(&rows)?;
    io::stdout().lock().write_all(merged.csv().as_bytes())?;
    Ok(outcome(false, false))
}
