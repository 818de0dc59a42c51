//! `slidebench census`: distance counts over a whole space, optionally recorded in a CSV file,
//! or up to a depth for spaces too large to table.

use super::output::{status, CliResult, Diagnostics};
use slidebench::census;
use slidebench::fsutil::{self, Lock};
use slidebench::report::{self, CensusRow};
use slidebench::units::{group_digits, human_bytes};
use slidebench::{Error, ErrorKind, Shape, Topology};
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// `WxH` for clap, by [`Shape`]'s one parser.
pub(super) fn shape_arg(s: &str) -> Result<Shape, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// Runs the census and prints the counts; with `csv`, records its row there.
pub(super) fn run(
    shape: Shape,
    topology: Topology,
    max_states: Option<u64>,
    csv: Option<&Path>,
) -> CliResult {
    let max_states = max_states.unwrap_or(census::DEFAULT_CENSUS_MAX_STATES);
    if let Some(path) = csv {
        // Found out before the census, not after it.
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        fsutil::check_writable(dir)?;
        if path.is_dir() {
            return Err(
                Error::new(ErrorKind::Io, format!("{}: is a directory", path.display())).into()
            );
        }
    }
    let c = census::census(shape, topology, max_states).map_err(|e| {
        if e.kind() == ErrorKind::TooLarge {
            let hint = format!("{}; or count to a depth with --max-depth D", e.message());
            Error::new(ErrorKind::TooLarge, hint)
        } else {
            e
        }
    })?;
    let peak = census::peak_rss_bytes().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for (d, n) in c.counts.iter().enumerate() {
        writeln!(out, "{d} {n}")?;
    }
    writeln!(out, "total {}", c.total)?;
    writeln!(
        out,
        "time {:.3} s, table {}, peak memory {}",
        c.elapsed.as_secs_f64(),
        human_bytes(c.table_bytes),
        human_bytes(peak)
    )?;
    out.flush()?;
    let mut diagnostics = Diagnostics::new();
    if let Some(path) = csv {
        let row = CensusRow {
            shape: shape.to_string(),
            topology: topology.to_string(),
            states: c.total,
            max_distance: c.counts.len().saturating_sub(1) as u64,
            seconds: c.elapsed.as_secs_f64(),
            peak_bytes: peak,
        };
        record(path, row)?;
        diagnostics.line(format_args!(
            "recorded {} states in {}",
            group_digits(c.total),
            path.display()
        ));
    }
    Ok(status(!diagnostics.finish()))
}

/// Counts the arrangements up to `max_depth` moves from the goal, a layer at a time, and
/// prints the counts as the full census does.
pub(super) fn run_to_depth(
    shape: Shape,
    topology: Topology,
    max_depth: u32,
    max_states: Option<u64>,
) -> CliResult {
    let max_states = max_states.unwrap_or(slidebench::encoding::DEFAULT_MAX_STATES);
    let c = census::census_to_depth(shape, topology, max_depth, max_states)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for (d, n) in c.counts.iter().enumerate() {
        writeln!(out, "{d} {n}")?;
    }
    writeln!(out, "total {}", c.total())?;
    if c.complete {
        let farthest = c.counts.len().saturating_sub(1);
        writeln!(out, "whole space: nothing lies farther than {farthest} moves")?;
    }
    writeln!(
        out,
        "time {:.3} s, peak {} states held ({})",
        c.elapsed.as_secs_f64(),
        group_digits(c.peak_states),
        human_bytes(c.peak_bytes())
    )?;
    out.flush()?;
    Ok(status(false))
}

/// Replaces the row of the same shape and topology in `path`, holding the file's lock from the
/// read to the write, so censuses recorded at once each keep their row.
fn record(path: &Path, row: CensusRow) -> Result<(), Error> {
    let _lock = Lock::acquire(&fsutil::lock_path_for(path))?;
    let mut rows: Vec<CensusRow> = if path.exists() { report::read_csv(path)? } else { Vec::new() };
    rows.retain(|r| !(r.shape == row.shape && r.topology == row.topology));
    rows.push(row);
    rows.sort_by_key(|r| r.states);
    report::write_csv(path, &rows)
}
