//! Writing result files so that an interrupted or concurrent run never leaves a half-written
//! file or a mixed set behind: atomic writes, directory locks, locked appends, and a manifest
//! that ties the files of one run together.

use crate::error::{Error, ErrorKind, Result};
use std::fmt::Write as _;
use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Prefix of the temporary files of atomic writes; leftovers of a killed run start with it.
const TEMP_PREFIX: &str = ".slidebench-tmp.";
/// Lock file that one writer of a results directory holds.
pub const LOCK_FILE: &str = ".slidebench.lock";
/// Marker present while a result set is being replaced.
pub const INCOMPLETE_MARKER: &str = ".incomplete";
/// Written last: each file of the set with its length and checksum.
pub const MANIFEST: &str = "manifest.txt";

fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A temporary file in `dir` that, once renamed into place, has the mode any new file gets
/// (0666 less the umask), not the owner-only 0600 of temporary files: result files and pattern
/// databases are meant to be read by others where the umask allows it.
pub fn new_temp_file(dir: &Path, prefix: &str) -> std::io::Result<tempfile::NamedTempFile> {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix(prefix)
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// Refuses, before anything is written, a file of `len` bytes at `path` that the process's
/// file-size limit (`ulimit -f`, common on judges and batch systems) would cut short. Past the
/// limit the kernel sends SIGXFSZ, whose default action kills the process before the write
/// can fail with EFBIG; ignoring the signal needs `sigaction`, which none of the crate's
/// dependencies offers without `unsafe`, so the limit is read (`getrlimit`) and kept instead.
pub fn check_file_size_limit(path: &Path, len: u64) -> Result<()> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Fsize).current;
    match limit {
        Some(max) if len > max => Err(Error::new(
            ErrorKind::Io,
            format!(
                "{}: not written: its {len} bytes would pass the file-size limit of {max} bytes \
                 (ulimit -f)",
                path.display()
            ),
        )),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` through a uniquely named temporary file in the same directory,
/// synced and then renamed over the target, so readers see either the old file or the whole
/// new one. The temporary file is removed on any failure.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = parent_of(path);
    create_dir_all(dir)?;
    check_file_size_limit(path, bytes.len() as u64)?;
    let mut tmp = new_temp_file(dir, TEMP_PREFIX).map_err(|e| Error::io(dir.display(), e))?;
    tmp.write_all(bytes).map_err(|e| Error::io(path.display(), e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path.display(), e))?;
    tmp.persist(path).map_err(|e| Error::io(path.display(), e.error))?;
    Ok(())
}

/// Removes temporary files that a killed write left in `dir`. Call it holding the directory's
/// lock, so no live write loses its file.
pub fn clean_temp_files(dir: &Path) -> Result<usize> {
    let mut removed = 0;
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(Error::io(dir.display(), e)),
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX) {
            std::fs::remove_file(entry.path()).map_err(|e| Error::io(entry.path().display(), e))?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Creates `dir` and its parents as needed. A file where a directory must be (at `dir` or one of
/// its parents) is named as such, rather than reported as the system's "File exists" or "Not a
/// directory".
pub fn create_dir_all(dir: &Path) -> Result<()> {
    let in_the_way = dir
        .ancestors()
        .find(|a| !a.as_os_str().is_empty() && std::fs::metadata(a).is_ok_and(|m| !m.is_dir()));
    if let Some(file) = in_the_way {
        let what = if file == dir {
            format!("{}: exists and is not a directory; a directory was expected", dir.display())
        } else {
            format!(
                "{}: cannot be created: {} is a file, where a directory was expected",
                dir.display(),
                file.display()
            )
        };
        return Err(Error::new(ErrorKind::Io, what));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir.display(), e))
}

/// Creates `dir` if needed and proves it can be written, before any long work starts.
pub fn check_writable(dir: &Path) -> Result<()> {
    create_dir_all(dir)?;
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| Error::io(format!("{}: cannot write here", dir.display()), e))
}

/// Proves before any long work that a result can later be written whole at `path`: it is no
/// directory, and its directory can be created and written.
pub fn check_output_file(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(Error::new(ErrorKind::Io, format!("{}: is a directory", path.display())));
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    check_writable(dir)
}

/// An exclusive lock on a lock file, released when dropped.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

impl Lock {
    /// Takes the lock at `path` without waiting: another holder is an error naming the file.
    pub fn try_acquire(path: &Path) -> Result<Lock> {
        let file = open_lock_file(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Lock { file, path: path.to_path_buf() }),
            Err(TryLockError::WouldBlock) => Err(Error::new(
                ErrorKind::Io,
                format!(
                    "{}: another slidebench run holds this lock; wait for it to finish",
                    path.display()
                ),
            )),
            Err(TryLockError::Error(e)) => Err(Error::io(path.display(), e)),
        }
    }

    /// Takes the lock at `path`, waiting for another holder to let go.
    pub fn acquire(path: &Path) -> Result<Lock> {
        let file = open_lock_file(path)?;
        file.lock().map_err(|e| Error::io(path.display(), e))?;
        Ok(Lock { file, path: path.to_path_buf() })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

fn open_lock_file(path: &Path) -> Result<File> {
    let dir = parent_of(path);
    create_dir_all(dir)?;
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| Error::io(path.display(), e))
}

/// The lock file that guards updates of `path` (a sibling named after it).
pub fn lock_path_for(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    parent_of(path).join(format!(".{name}.lock"))
}

/// The FNV-1a state before any byte.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits, continued over `bytes` from `h`: enough to tell the files of one run from
/// another's, and taken a chunk at a time.
fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The checksum of `bytes` as the manifest records it.
fn checksum(bytes: &[u8]) -> u64 {
    fnv(FNV_START, bytes)
}

/// Bytes read at a time when a listed file is checked against the manifest.
const CHUNK_BYTES: usize = 1 << 16;

/// Whether the result file at `path` (a regular file in the directory, [`open_regular`]) has
/// `len` bytes of checksum `sum`. Its size is compared first, and only a file of the right
/// size is read, a chunk at a time: a huge file costs neither its size in memory nor the time
/// to read it.
fn matches_manifest(path: &Path, len: u64, sum: u64) -> Result<bool> {
    let mut f = open_regular(path).map_err(|e| Error::io(path.display(), e))?;
    let size = f.metadata().map_err(|e| Error::io(path.display(), e))?.len();
    if size != len {
        return Ok(false);
    }
    let mut buf = vec![0u8; CHUNK_BYTES];
    let (mut h, mut read) = (FNV_START, 0u64);
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::io(path.display(), e)),
        };
        read += n as u64;
        if read > len {
            return Ok(false);
        }
        h = fnv(h, &buf[..n]);
    }
    Ok(read == len && h == sum)
}

/// Largest text file (`FINDINGS.md`, `README.md`, `meta.json`, a manifest) read whole.
pub const MAX_TEXT_FILE_BYTES: u64 = 64 << 20;

/// Opens `path` for reading only if it is a regular file of its own, not a symbolic link: a FIFO
/// would block the reader forever, a device never ends, and a link may lead out of the
/// directory (a `FINDINGS.md` pointing at `/etc/passwd`). The file is checked before it is
/// opened (opening a FIFO blocks) and again once open, so a file swapped in between is caught.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::MetadataExt;
    let before = std::fs::symlink_metadata(path)?;
    let refuse = |what: &str| {
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{what}, not a regular file; only regular files are read"),
        ))
    };
    let kind = before.file_type();
    if kind.is_symlink() {
        return refuse("a symbolic link");
    }
    if !kind.is_file() {
        return refuse(if kind.is_dir() { "a directory" } else { "a FIFO, socket or device" });
    }
    let file = File::open(path)?;
    let after = file.metadata()?;
    if !after.is_file() || after.dev() != before.dev() || after.ino() != before.ino() {
        return refuse("replaced while being opened");
    }
    Ok(file)
}

/// The bytes of the regular file at `path` ([`open_regular`]), `None` when there is none; a
/// file over `limit` bytes is refused before it is read.
pub fn read_regular(path: &Path, limit: u64) -> Result<Option<Vec<u8>>> {
    let file = match open_regular(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(path.display(), e)),
    };
    let len = file.metadata().map_err(|e| Error::io(path.display(), e))?.len();
    if len > limit {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!("{}: {len} bytes, more than the {limit} such a file may have", path.display()),
        ));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| Error::io(path.display(), e))?;
    if bytes.len() as u64 > limit {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!("{}: grew past {limit} bytes while being read", path.display()),
        ));
    }
    Ok(Some(bytes))
}

/// Writes a set of files into `dir` as one result set ([`replace_set`], removing nothing else).
pub fn write_set(dir: &Path, files: &[(&str, Vec<u8>)]) -> Result<()> {
    replace_set(dir, files, &[])
}

/// Replaces the result set in `dir` with `files`, and removes the files named in `remove` that
/// an earlier set left there. An [`INCOMPLETE_MARKER`] goes up first: a write that fails (a full
/// disk, a file-size limit) leaves it there, saying why, so no reader takes the earlier set for
/// this run's. The new set is then written beside the old one, each file under a temporary
/// name, synced, with the [`MANIFEST`] of them all; the stale files go and the new ones are
/// renamed into place, the manifest last, and the marker comes down. A reader that finds the
/// marker, or a file that differs from the manifest, refuses the set (see [`verify_set`]). The
/// caller holds the directory's lock; a killed run's temporary files are the next holder's to
/// clean ([`clean_temp_files`]).
pub fn replace_set(dir: &Path, files: &[(&str, Vec<u8>)], remove: &[&str]) -> Result<()> {
    replace_set_marked(dir, files, remove, None)
}

/// [`replace_set`], with the marker left up once everything is written when `incomplete` says
/// why (a run that answered no query): its reason replaces the marker's, and the set is never
/// for a moment without one.
pub fn replace_set_marked(
    dir: &Path,
    files: &[(&str, Vec<u8>)],
    remove: &[&str],
    incomplete: Option<&str>,
) -> Result<()> {
    create_dir_all(dir)?;
    let marker = dir.join(INCOMPLETE_MARKER);
    mark_incomplete(dir, "a compare run was writing this result set and had not finished")?;
    let written = replace_marked(dir, files, remove);
    match (written, incomplete) {
        (Ok(()), Some(why)) => mark_incomplete(dir, why),
        (Ok(()), None) => std::fs::remove_file(&marker).map_err(|e| Error::io(marker.display(), e)),
        (Err(e), _) => {
            // Best effort: the marker already up says enough if this cannot be written.
            let _ = mark_incomplete(dir, &format!("a compare run could not write it: {e}"));
            Err(e)
        }
    }
}

/// Marks the result set in `dir` incomplete, saying why ([`verify_set`] shows the reason).
pub fn mark_incomplete(dir: &Path, why: &str) -> Result<()> {
    write_atomic(&dir.join(INCOMPLETE_MARKER), format!("{why}\n").as_bytes())
}

/// The work of [`replace_set`] under its marker.
fn replace_marked(dir: &Path, files: &[(&str, Vec<u8>)], remove: &[&str]) -> Result<()> {
    let mut manifest = String::new();
    let mut staged = Vec::with_capacity(files.len() + 1);
    for (name, bytes) in files {
        let path = dir.join(name);
        staged.push((stage(dir, &path, bytes)?, path));
        let _ = writeln!(manifest, "{name} {} {:016x}", bytes.len(), checksum(bytes));
    }
    let manifest_path = dir.join(MANIFEST);
    staged.push((stage(dir, &manifest_path, manifest.as_bytes())?, manifest_path));
    for name in remove {
        let stale = dir.join(name);
        if !files.iter().any(|(n, _)| n == name) && stale.is_file() {
            std::fs::remove_file(&stale).map_err(|e| Error::io(stale.display(), e))?;
        }
    }
    for (tmp, path) in staged {
        tmp.persist(&path).map_err(|e| Error::io(path.display(), e.error))?;
    }
    Ok(())
}

/// `bytes` written and synced to a temporary file in `dir`, to be renamed to `path` (named in
/// errors); removed if dropped first.
fn stage(dir: &Path, path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    check_file_size_limit(path, bytes.len() as u64)?;
    let mut tmp = new_temp_file(dir, TEMP_PREFIX).map_err(|e| Error::io(dir.display(), e))?;
    tmp.write_all(bytes).map_err(|e| Error::io(path.display(), e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path.display(), e))?;
    Ok(tmp)
}

/// Checks that the result set in `dir` is whole: no run was interrupted while writing it, and
/// every file the manifest lists is the one that run wrote. A directory without a manifest
/// (older results, hand-made tables) passes.
pub fn verify_set(dir: &Path) -> Result<()> {
    let marker = dir.join(INCOMPLETE_MARKER);
    if marker.exists() {
        // The marker says how the set came to be incomplete; a short excerpt of it, as text.
        let why = read_regular(&marker, 4096).ok().flatten().unwrap_or_default();
        let why = String::from_utf8_lossy(&why).trim().to_string();
        let why =
            if why.is_empty() { "a compare run was interrupted while writing it" } else { &why };
        return Err(Error::new(
            ErrorKind::Io,
            format!(
                "{}: the result set is incomplete ({}); run compare again",
                dir.display(),
                why.escape_debug()
            ),
        ));
    }
    let path = dir.join(MANIFEST);
    if !path.exists() {
        return Ok(());
    }
    let manifest = read_regular(&path, MAX_TEXT_FILE_BYTES)?.unwrap_or_default();
    let text = String::from_utf8_lossy(&manifest).into_owned();
    for (i, line) in text.lines().enumerate() {
        let bad =
            || Error::at_line(i as u64 + 1, format!("{}: malformed manifest line", path.display()));
        let mut fields = line.split(' ');
        let (Some(name), Some(len), Some(sum), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let len: u64 = len.parse().map_err(|_| bad())?;
        // A name is a file of this directory, never a path out of it.
        if name.is_empty() || name.contains('/') || name == "." || name == ".." {
            return Err(bad());
        }
        let sum = u64::from_str_radix(sum, 16).map_err(|_| bad())?;
        if !matches_manifest(&dir.join(name), len, sum)? {
            return Err(Error::new(
                ErrorKind::Io,
                format!(
                    "{}: {name} does not belong to the result set its manifest describes (mixed \
                     runs); run compare again",
                    dir.display()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(&dir.path().join("a.csv"), b"x\n").unwrap();
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.csv"]);
    }

    #[test]
    fn leftover_temp_files_are_cleaned() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(format!("{TEMP_PREFIX}abc")), b"half").unwrap();
        std::fs::write(dir.path().join("keep.csv"), b"x").unwrap();
        assert_eq!(clean_temp_files(dir.path()).unwrap(), 1);
        assert!(dir.path().join("keep.csv").exists());
    }

    #[test]
    fn a_second_lock_holder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(LOCK_FILE);
        let held = Lock::try_acquire(&path).unwrap();
        let err = Lock::try_acquire(&path).unwrap_err().to_string();
        assert!(err.contains("another slidebench run"), "{err}");
        drop(held);
        Lock::try_acquire(&path).unwrap();
    }

    #[test]
    fn mixed_and_interrupted_sets_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        write_set(dir.path(), &[("runs.csv", b"a\n".to_vec()), ("summary.csv", b"b\n".to_vec())])
            .unwrap();
        verify_set(dir.path()).unwrap();
        std::fs::write(dir.path().join("summary.csv"), b"other run\n").unwrap();
        let err = verify_set(dir.path()).unwrap_err().to_string();
        assert!(err.contains("summary.csv does not belong"), "{err}");
        std::fs::write(dir.path().join(INCOMPLETE_MARKER), b"").unwrap();
        let err = verify_set(dir.path()).unwrap_err().to_string();
        assert!(err.contains("incomplete"), "{err}");
    }

    #[test]
    fn a_set_replaced_keeps_no_stale_file_and_no_temporary_one() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write_set(d, &[("runs.csv", b"a\n".to_vec()), ("old.svg", b"<svg/>".to_vec())]).unwrap();
        replace_set(d, &[("runs.csv", b"b\n".to_vec())], &["old.svg", "runs.csv"]).unwrap();
        verify_set(d).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [MANIFEST, "runs.csv"]);
        assert_eq!(std::fs::read(d.join("runs.csv")).unwrap(), b"b\n");
    }

    #[test]
    fn a_set_written_marked_keeps_its_mark_with_the_reason_and_every_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let why = "no requested solver answered a query";
        replace_set_marked(d, &[("runs.csv", b"a\n".to_vec())], &[], Some(why)).unwrap();
        assert_eq!(std::fs::read(d.join("runs.csv")).unwrap(), b"a\n");
        let marker = std::fs::read_to_string(d.join(INCOMPLETE_MARKER)).unwrap();
        assert_eq!(marker.trim(), why);
        let refused = verify_set(d).unwrap_err();
        assert!(refused.message().contains(why), "{}", refused.message());
    }

    #[test]
    fn a_listed_file_of_another_size_is_refused_and_one_of_the_size_is_checked_in_chunks() {
        let dir = tempfile::tempdir().unwrap();
        let big: Vec<u8> = (0..3 * CHUNK_BYTES + 17).map(|i| (i % 251) as u8).collect();
        write_set(dir.path(), &[("runs.csv", big.clone())]).unwrap();
        verify_set(dir.path()).unwrap();
        let mut other = big.clone();
        other[2 * CHUNK_BYTES + 5] ^= 1;
        std::fs::write(dir.path().join("runs.csv"), &other).unwrap();
        assert!(verify_set(dir.path()).is_err());
        std::fs::write(dir.path().join("runs.csv"), &big[1..]).unwrap();
        let err = verify_set(dir.path()).unwrap_err().to_string();
        assert!(err.contains("runs.csv does not belong"), "{err}");
    }

    #[test]
    fn unwritable_directory_is_found_before_work() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, b"").unwrap();
        let err = check_writable(&file).unwrap_err().to_string();
        assert!(err.contains("not a directory"), "{err}");
        check_writable(&dir.path().join("new")).unwrap();
    }
}
