//! `slidebench chart`: the charts again from the CSV files, without running a solver.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Redraws the charts of `from` into `out` (default: `from`), listing the files written; with
/// `list`, prints every chart's file name from the chart table instead, one a line.
pub(super) fn run(from: &Path, out: Option<PathBuf>, list: bool) -> CliResult {
    let mut stdout = io::stdout().lock();
    if list {
        for c in &slidebench::chart::CHARTS {
            writeln!(stdout, "{}", c.file)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let out = out.unwrap_or_else(|| from.to_path_buf());
    let written = slidebench::chart::draw_all(from, &out)?;
    for p in written {
        writeln!(stdout, "{}", p.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
