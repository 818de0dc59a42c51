//! `slidebench report`: the self-contained HTML page over a result directory.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// Writes `from/index.html` and prints its path.
pub(super) fn run(from: &Path) -> CliResult {
    let path = slidebench::html::write_report(from)?;
    writeln!(io::stdout().lock(), "{}", path.display())?;
    Ok(ExitCode::SUCCESS)
}
