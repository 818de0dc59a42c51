//! `slidebench merge`: shard result sets combined into one.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Merges `shards` into `out` and says what it wrote.
pub(super) fn run(shards: &[PathBuf], out: &Path, partial: bool) -> CliResult {
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
    Ok(ExitCode::SUCCESS)
}
