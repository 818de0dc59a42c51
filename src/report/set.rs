//! A result set: the tables of one run in one directory, written as a whole and read back.
//! `compare`, `judge` and `merge` write sets here ([`ResultSet::write`]); `chart`, the HTML
//! report, the findings and `merge` open them here ([`ResultSet::open`]) and read their tables
//! through it, so each reader checks the manifest and finds the per-case rows the same way.
//!
//! A set is written with a manifest ([`fsutil::replace_set`]), and an optional file an earlier
//! set left in the directory is removed, so a reader never takes files of two runs for one;
//! the earlier set stays whole until the new one is written beside it.
//!
//! The per-case rows are written gzip-compressed ([`RUNS_CSV_GZ`]); a set of an older run, or a
//! hand-made one, may hold them as plain `runs.csv` instead. A set holding both is refused: the
//! writer never leaves both, so one of them is a stray whose rows could be taken for the run's.

mod runs_file;
#[cfg(test)]
mod tests;

use super::{
    runs_read, RunMeta, RunRow, SummaryRow, ThreadsRow, FINDINGS_MD, META_JSON, PROGRAMS_CSV,
    RUNS_CSV, RUNS_CSV_GZ, RUNS_JSON, SKIPPED_CSV, SUMMARY_CSV, SUMMARY_JSON, THREADS_CSV,
    VERDICTS_CSV,
};
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
pub use runs_file::{gz_bytes, read_runs_as_written, runs_gz_bytes};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The result set in one directory, checked whole against its manifest when opened; its tables
/// are read on demand, each naming its file (and line) when it is missing or bad.
#[derive(Clone, Debug)]
pub struct ResultSet {
    dir: PathBuf,
}

impl ResultSet {
    /// Opens the set in `dir`: an incomplete set, or a file that differs from the manifest, is
    /// refused here ([`fsutil::verify_set`]); a directory without a manifest (older results,
    /// hand-made tables) opens, and each table is checked as it is read.
    pub fn open(dir: &Path) -> Result<ResultSet> {
        fsutil::verify_set(dir)?;
        Ok(ResultSet { dir: dir.to_path_buf() })
    }

    /// The set's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether a manifest ties the set's files together (compare, judge and merge write one).
    pub fn has_manifest(&self) -> bool {
        self.dir.join(fsutil::MANIFEST).exists()
    }

    /// The per-case rows ([`RUNS_CSV_GZ`] or a plain [`RUNS_CSV`]) with "not measured" read
    /// as such in rows of any age ([`runs_read`]); missing ones are an error naming the file,
    /// followed by `needed_for` (for example ` (needed to draw the charts)`).
    pub fn runs(&self, needed_for: &str) -> Result<Vec<RunRow>> {
        read_runs_as_written(&self.dir, needed_for).map(runs_read)
    }

    /// `summary.csv`; a missing one is an error naming it, followed by `needed_for`.
    pub fn summary(&self, needed_for: &str) -> Result<Vec<SummaryRow>> {
        self.required(SUMMARY_CSV, needed_for)
    }

    /// `threads.csv` (the thread sweep), when the set has it.
    pub fn threads(&self) -> Result<Option<Vec<ThreadsRow>>> {
        self.table(THREADS_CSV)
    }

    /// The run's `meta.json` when there is one; a malformed one is an error naming it.
    pub fn meta(&self) -> Result<Option<RunMeta>> {
        let path = self.dir.join(META_JSON);
        let Some(text) = fsutil::read_regular(&path, fsutil::MAX_TEXT_FILE_BYTES)? else {
            return Ok(None);
        };
        serde_json::from_slice(&text).map(Some).map_err(|e| {
            Error::new(ErrorKind::Parse, format!("{}: line {}: {e}", path.display(), e.line()))
        })
    }

    /// The table `name`; a missing one is an error naming it, followed by `needed_for`.
    pub fn required<T: DeserializeOwned>(&self, name: &str, needed_for: &str) -> Result<Vec<T>> {
        let path = self.dir.join(name);
        if !path.exists() {
            return Err(Error::new(
                ErrorKind::Io,
                format!("{}: not found{needed_for}", path.display()),
            ));
        }
        super::read_csv(&path)
    }

    /// The table `name`, when the set has it.
    pub fn table<T: DeserializeOwned>(&self, name: &str) -> Result<Option<Vec<T>>> {
        let path = self.dir.join(name);
        if path.exists() {
            super::read_csv(&path).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Writes the files given bytes, in this order, into `dir` as one result set, and removes
    /// the files given `None` that an earlier set left there. The caller holds the directory's
    /// lock ([`fsutil::LOCK_FILE`]) when others may write it at once.
    ///
    /// Whatever a set may hold that this one does not write ([`TABLES`], a plain `runs.csv`
    /// beside the `runs.csv.gz` written among them), and the files `drawn` from a set (the
    /// charts and the HTML report, `crate::chart::drawn_files`, drawn again after the write
    /// when asked for), are removed too: a result directory holds one run's files, never an
    /// older run's beside them.
    pub fn write(
        dir: &Path,
        files: Vec<(&'static str, Option<Vec<u8>>)>,
        drawn: impl IntoIterator<Item = &'static str>,
    ) -> Result<()> {
        ResultSet::write_marked(dir, files, drawn, None)
    }

    /// [`ResultSet::write`], left marked incomplete for the reason `incomplete` gives, when it
    /// gives one (`fsutil::replace_set_marked`).
    pub fn write_marked(
        dir: &Path,
        files: Vec<(&'static str, Option<Vec<u8>>)>,
        drawn: impl IntoIterator<Item = &'static str>,
        incomplete: Option<&str>,
    ) -> Result<()> {
        let present: Vec<(&'static str, Vec<u8>)> =
            files.into_iter().filter_map(|(name, bytes)| bytes.map(|b| (name, b))).collect();
        // Removed only once the new set is written beside them (see `fsutil::replace_set`).
        let stale: Vec<&str> = TABLES.into_iter().chain(drawn).collect();
        fsutil::replace_set_marked(dir, &present, &stale, incomplete)
    }
}

/// Every table a result set may hold.
pub const TABLES: [&str; 11] = [
    RUNS_CSV_GZ,
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
