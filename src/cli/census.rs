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
        record(path, &row)?;
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

/// The columns a census CSV has: a file at `--csv` without all of them is not one.
const CENSUS_COLUMNS: [&str; 6] =
    ["shape", "topology", "states", "max_distance", "seconds", "peak_bytes"];

/// Replaces the row of the same shape and topology in `path`, holding the file's lock from the
/// read to the write, so censuses recorded at once each keep their row. A file that is not a
/// census CSV is refused, not replaced, and columns this version does not write are kept (empty
/// in the new row).
fn record(path: &Path, row: &CensusRow) -> Result<(), Error> {
    let _lock = Lock::acquire(&fsutil::lock_path_for(path))?;
    let existing = fsutil::read_regular(path, fsutil::MAX_TEXT_FILE_BYTES)?.unwrap_or_default();
    let (header, mut rows) = if existing.is_empty() {
        (CENSUS_COLUMNS.iter().map(|c| (*c).to_string()).collect(), Vec::new())
    } else {
        census_records(path, &existing)?
    };
    let column = |name: &str| header.iter().position(|h| h == name).expect("checked columns");
    let (shape, topology) = (column("shape"), column("topology"));
    rows.retain(|(_, r)| !(r[shape] == row.shape && r[topology] == row.topology));
    let ours = [
        row.shape.clone(),
        row.topology.clone(),
        row.states.to_string(),
        row.max_distance.to_string(),
        row.seconds.to_string(),
        row.peak_bytes.to_string(),
    ];
    let mut fields = vec![String::new(); header.len()];
    for (name, value) in CENSUS_COLUMNS.iter().zip(ours) {
        fields[column(name)] = value;
    }
    rows.push((row.states, fields));
    rows.sort_by_key(|(n, _)| *n);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| Error::new(ErrorKind::Io, format!("{}: {e}", path.display()));
    writer.write_record(&header).map_err(io)?;
    for (_, r) in &rows {
        writer.write_record(r).map_err(io)?;
    }
    let bytes = writer.into_inner().map_err(|e| io(e.into_error().into()))?;
    fsutil::write_atomic(path, &bytes)
}

/// A census CSV's column names, and each row's fields with its state count (the sort key).
type CensusTable = (Vec<String>, Vec<(u64, Vec<String>)>);

/// The header and rows (with their state counts) of the census CSV `bytes` read from `path`;
/// refuses a file whose header lacks a census column, or a row that does not read as one.
fn census_records(path: &Path, bytes: &[u8]) -> Result<CensusTable, Error> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(bytes);
    let not_census = |why: String| {
        Error::new(
            ErrorKind::Parse,
            format!(
                "{}: not a census CSV ({why}); census --csv records into a census CSV or a new \
                 file, and leaves any other file alone",
                path.display()
            ),
        )
    };
    let header = reader.headers().map_err(|e| not_census(e.to_string()))?.clone();
    let missing: Vec<&str> =
        CENSUS_COLUMNS.iter().copied().filter(|c| !header.iter().any(|h| h == *c)).collect();
    if !missing.is_empty() {
        return Err(not_census(format!("its first line has no column {}", missing.join(", "))));
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| not_census(e.to_string()))?;
        let line = record.position().map_or(0, csv::Position::line);
        let parsed: CensusRow = record.deserialize(Some(&header)).map_err(|e| {
            let what = report::csv_error_text(&e, Some(&header));
            Error::new(ErrorKind::Parse, format!("{}: line {line}: {what}", path.display()))
        })?;
        rows.push((parsed.states, record.iter().map(String::from).collect()));
    }
    Ok((header.iter().map(String::from).collect(), rows))
}
