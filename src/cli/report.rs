//! `slidebench report`: the self-contained HTML page over a result directory, or the generated
//! blocks of the documentation rewritten from it.

use super::output::CliResult;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Writes `from/index.html` and prints its path; with `docs`, rewrites their generated blocks
/// from `from` instead, printing each file that changed.
pub(super) fn run(from: &Path, docs: &[PathBuf]) -> CliResult {
    if docs.is_empty() {
        let path = slidebench::html::write_report(from)?;
        writeln!(io::stdout().lock(), "{}", path.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    // Every file is rendered before any is written, so a bad marker leaves them all as they were.
    let mut rewritten = Vec::new();
    for doc in docs {
        let text =
            std::fs::read_to_string(doc).map_err(|e| slidebench::Error::io(doc.display(), e))?;
        let new = slidebench::report::doc_blocks::rewrite(&text, from)
            .map_err(|e| slidebench::Error::new(e.kind(), format!("{}: {e}", doc.display())))?;
        rewritten.push((doc, text != new, new));
    }
    for (doc, changed, new) in rewritten {
        if changed {
            slidebench::fsutil::write_atomic(doc, new.as_bytes())?;
            writeln!(io::stdout().lock(), "{}", doc.display())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
