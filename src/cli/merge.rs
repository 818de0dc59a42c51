//! `slidebench merge`: shard result sets combined into one.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Merges `shards` into `out` and says what it wrote; with `expect`, checks the merged answers
/// against that result set's.
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
    Ok(ExitCode::SUCCESS)
}
