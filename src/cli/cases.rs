//! `slidebench cases`: a seeded case set in a judge's format, streamed case by case.

use super::output::{status, CliResult, Diagnostics};
use slidebench::cases::{self, Format, SetKind};
use std::io::{self, BufWriter, Write};

/// Prints the set; cases the format cannot express are counted on stderr.
pub(super) fn run(
    set: SetKind,
    count: Option<usize>,
    seed: u64,
    format: Option<Format>,
) -> CliResult {
    let stream = cases::stream(set, count.unwrap_or(set.default_count()), seed);
    let format = match format {
        Some(f) => f,
        None if set == SetKind::Weighted => Format::Aoj,
        None => Format::Hdu,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let skipped = cases::write_judge(stream, format, &mut out)?;
    out.flush()?;
    let mut diagnostics = Diagnostics::new();
    if skipped > 0 {
        diagnostics.line(format_args!(
            "{skipped} cases of `{}` cannot be written in this format; left out",
            set.name()
        ));
    }
    Ok(status(!diagnostics.finish()))
}
