//! `slidebench solvers`: the registry's ids, and with `--long` what each one does.

use super::output::CliResult;
use slidebench::solver::{all_solvers, ALGORITHMS};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Lists the solvers, weighted ones only with `weighted`.
pub(super) fn run(weighted: bool, long: bool) -> CliResult {
    let mut out = BufWriter::new(io::stdout().lock());
    for s in all_solvers().into_iter().filter(|s| !weighted || s.weighted) {
        if long {
            let a = ALGORITHMS.iter().find(|a| a.name == s.algorithm);
            let summary = a.map(|a| a.summary).unwrap_or_default();
            writeln!(out, "{:<28} {summary} ({} states)", s.id, s.encoding)?;
        } else {
            writeln!(out, "{}", s.id)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
