//! The per-case rows of a result set on disk: written gzip-compressed (`runs.csv.gz`, a tenth
//! of the plain text: the rows are most of a set's bytes), read from it or from a plain
//! `runs.csv` of an older or hand-made set.

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use crate::report::{csv_bytes, read_csv, read_csv_from, RunRow, RUNS_CSV, RUNS_CSV_GZ};
use std::io::{BufReader, Read, Write};
use std::path::Path;

/// `bytes` gzip-compressed at the default level. The header holds no time and no file name, so
/// the same rows always give the same bytes (two runs' files compare equal byte for byte).
pub fn gz_bytes(bytes: &[u8]) -> Result<Vec<u8>> {
    let gz_error = |e: std::io::Error| Error::new(ErrorKind::Io, format!("gzip: {e}"));
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 8),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).map_err(gz_error)?;
    encoder.finish().map_err(gz_error)
}

/// The rows as `runs.csv.gz`'s bytes: their CSV text ([`csv_bytes`]) gzip-compressed.
pub fn runs_gz_bytes(rows: &[RunRow]) -> Result<Vec<u8>> {
    gz_bytes(&csv_bytes(rows)?)
}

/// The per-case rows of the set in `dir` as its file holds them: `runs.csv.gz`, or else a plain
/// `runs.csv`. Neither is an error naming them, followed by `needed_for`; both is an error too
/// (see [`super`]). A corrupt or cut-short gzip stream is an error naming the file and the line
/// it was met on, as a bad row is.
pub fn read_runs_as_written(dir: &Path, needed_for: &str) -> Result<Vec<RunRow>> {
    let gz = dir.join(RUNS_CSV_GZ);
    let plain = dir.join(RUNS_CSV);
    match (gz.exists(), plain.exists()) {
        (true, true) => Err(Error::new(
            ErrorKind::Io,
            format!(
                "{}: holds both {RUNS_CSV_GZ} and {RUNS_CSV}; a set is written with one, so the \
                 other is a stray (of another run, or a hand edit): remove it",
                dir.display()
            ),
        )),
        (false, false) => Err(Error::new(
            ErrorKind::Io,
            format!("{}: not found (nor {RUNS_CSV}){needed_for}", gz.display()),
        )),
        (false, true) => read_csv(&plain),
        (true, false) => read_gz_csv(&gz),
    }
}

/// The rows of the gzip-compressed CSV file at `path`.
fn read_gz_csv(path: &Path) -> Result<Vec<RunRow>> {
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: is a directory, not a gzip-compressed CSV file", path.display()),
        ));
    }
    let file = fsutil::open_regular(path).map_err(|e| Error::io(path.display(), e))?;
    let text = flate2::read::MultiGzDecoder::new(BufReader::new(file));
    read_csv_from(GzText(text), path)
}

/// The text a gzip decoder yields, its read errors saying that the stream is at fault (the
/// decoder's own words, "corrupt deflate stream", do not name gzip).
struct GzText<R>(R);

impl<R: Read> Read for GzText<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0
            .read(buf)
            .map_err(|e| std::io::Error::new(e.kind(), format!("not a whole gzip stream ({e})")))
    }
}
