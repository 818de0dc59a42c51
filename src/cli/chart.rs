//! `slidebench chart`: the charts again from the CSV files, without running a solver.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Redraws the charts of `from` into `out` (default: `from`), listing the files written; with
/// `list`, prints every chart's file name from the chart table instead, one a line; with
/// `lint`, checks those SVG files' geometry ([`slidebench::chart::lint`]) instead.
pub(super) fn run(from: &Path, out: Option<PathBuf>, list: bool, lint: &[PathBuf]) -> CliResult {
    let mut stdout = io::stdout().lock();
    if !lint.is_empty() {
        let mut failed = 0;
        for path in lint {
            let svg = std::fs::read_to_string(path).map_err(|e| {
                slidebench::Error::new(
                    slidebench::ErrorKind::Io,
                    format!("{}: cannot read: {e}", path.display()),
                )
            })?;
            let problems = slidebench::chart::lint::lint_svg(&svg);
            for p in &problems {
                writeln!(stdout, "{}: {p}", path.display())?;
            }
            failed += usize::from(!problems.is_empty());
        }
        return Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE });
    }
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
