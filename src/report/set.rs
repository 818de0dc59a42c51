//! A result set: the tables of one run in one directory, written as a whole and read back.
//! `compare`, `judge` and `merge` write sets here; `chart`, the HTML report and `merge` read
//! them here.
//!
//! A set is written with a manifest ([`fsutil::replace_set`]), and an optional file an earlier
//! set left in the directory is removed, so a reader never takes files of two runs for one;
//! the earlier set stays whole until the new one is written beside it.

use super::{
    read_csv, RunMeta, FINDINGS_MD, META_JSON, PROGRAMS_CSV, RUNS_CSV, RUNS_JSON, SKIPPED_CSV,
    SUMMARY_CSV, SUMMARY_JSON, THREADS_CSV, VERDICTS_CSV,
};
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::Path;

/// Writes the files given bytes, in this order, into `dir` as one result set, and removes the
/// files given `None` that an earlier set left there. The caller holds the directory's lock
/// ([`fsutil::LOCK_FILE`]) when others may write it at once.
///
/// Whatever a set may hold that this one does not write ([`TABLES`]), and the files `drawn`
/// from a set (the charts and the HTML report, `crate::chart::drawn_files`, drawn again after
/// the write when asked for), are removed too: a result directory holds one run's files, never
/// an older run's beside them.
pub fn write(
    dir: &Path,
    files: Vec<(&'static str, Option<Vec<u8>>)>,
    drawn: impl IntoIterator<Item = &'static str>,
) -> Result<()> {
    let present: Vec<(&'static str, Vec<u8>)> =
        files.into_iter().filter_map(|(name, bytes)| bytes.map(|b| (name, b))).collect();
    // Removed only once the new set is written beside them (see `fsutil::replace_set`).
    let stale: Vec<&str> = TABLES.into_iter().chain(drawn).collect();
    fsutil::replace_set(dir, &present, &stale)
}

/// Every table a result set may hold.
pub const TABLES: [&str; 10] = [
    RUNS_CSV,
    SUMMARY_CSV,
    THREADS_CSV,
    SKIPPED_CSV,
    META_JSON,
    RUNS_JSON,
    SUMMARY_JSON,
    VERDICTS_CSV,
    PROGRAMS_CSV,
    FINDINGS_MD,
];

/// A value as pretty JSON bytes with a final newline (`meta.json`, `runs.json`).
pub fn json_bytes<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = serde_json::to_vec_pretty(value)
        .map_err(|e| Error::new(ErrorKind::Io, format!("JSON: {e}")))?;
    out.push(b'\n');
    Ok(out)
}

/// The table `name` of the set in `dir`; a missing one is an error naming it, followed by
/// `needed_for` (for example ` (needed to draw the charts)`).
pub fn read_required<T: DeserializeOwned>(
    dir: &Path,
    name: &str,
    needed_for: &str,
) -> Result<Vec<T>> {
    let path = dir.join(name);
    if !path.exists() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: not found{needed_for}", path.display()),
        ));
    }
    read_csv(&path)
}

/// The table `name` of the set in `dir`, when the set has it.
pub fn read_optional<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<Option<Vec<T>>> {
    let path = dir.join(name);
    if path.exists() {
        read_csv(&path).map(Some)
    } else {
        Ok(None)
    }
}

/// The run's `meta.json` when there is one; a malformed one is an error naming it.
pub fn read_meta(dir: &Path) -> Result<Option<RunMeta>> {
    let path = dir.join(META_JSON);
    let Some(text) = fsutil::read_regular(&path, fsutil::MAX_TEXT_FILE_BYTES)? else {
        return Ok(None);
    };
    serde_json::from_slice(&text).map(Some).map_err(|e| {
        Error::new(ErrorKind::Parse, format!("{}: line {}: {e}", path.display(), e.line()))
    })
}
