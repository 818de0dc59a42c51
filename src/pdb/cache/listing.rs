//! Listing and clearing the cache: every database file with what is wrong with it, the
//! temporary files of writes in progress or killed, and removing all of them.

use super::{header_key, header_layout, open_checked, Cache, Key, Miss};
use super::{EXTENSION, MAGIC, MAX_HEADER_BYTES, TEMP_PREFIX};
use crate::error::{Error, ErrorKind, Result};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;
use xxhash_rust::xxh3::Xxh3;

/// One file of the cache, as [`list`] reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct CachedDatabase {
    /// Where the file is.
    pub path: PathBuf,
    /// Its size on disk.
    pub bytes: u64,
    /// What is wrong with it, or `None` when it verifies.
    pub problem: Option<Miss>,
    /// `3x3 grid costs 1/1 goal 12345678x partition even 4-4`, when the header names its key
    /// (also when the payload is wrong).
    pub description: Option<String>,
    /// How long its build took, when the header names it.
    pub build_seconds: Option<f64>,
}

/// Whether the regular file at `path` opens with slidebench's magic: the `.pdb` ending is shared
/// with Protein Data Bank and MSVC symbol files, which are none of the cache's business.
fn carries_our_header(path: &Path) -> bool {
    let Ok(file) = crate::fsutil::open_regular(path) else { return false };
    let mut magic = Vec::with_capacity(MAGIC.len());
    file.take(MAGIC.len() as u64).read_to_end(&mut magic).is_ok() && magic == MAGIC
}

/// What [`verify_file`] found: the key and build time when the header names them (even when
/// the payload is wrong), and what is wrong, if anything.
struct Verified {
    key: Option<(Key, u64)>,
    problem: Option<Miss>,
}

/// Verifies the file at `path` as loading does, hashing it in chunks so that memory stays small
/// whatever its size, and only once its length is the one its key implies: a header that claims
/// a gigabyte for a 3×3 database is not read to its end.
fn verify_file(path: &Path) -> Verified {
    let (file, len, head) = match open_checked(path, None) {
        Ok(opened) => opened,
        // A header that names its key is described, whatever its length.
        Err(miss) => {
            let key = read_head(path).ok().and_then(|h| header_key(&h).ok());
            return Verified { key, problem: Some(miss) };
        }
    };
    let (key, micros) = match header_key(&head) {
        Ok(k) => k,
        Err(miss) => return Verified { key: None, problem: Some(miss) },
    };
    let payload = len - 8 - header_layout(&head).map_or(0, |(start, _)| start);
    let problem = if super::super::open::key_entries(&key) == Some(payload) {
        hash_check(&file, len, &head).err()
    } else {
        Some(Miss::Stale)
    };
    Verified { key: Some((key, micros)), problem }
}

/// The first bytes of the file at `path` (at most its header's worth), for a description.
fn read_head(path: &Path) -> std::io::Result<Vec<u8>> {
    let file = crate::fsutil::open_regular(path)?;
    let mut head = Vec::new();
    file.take(MAX_HEADER_BYTES).read_to_end(&mut head)?;
    Ok(head)
}

/// Whether the checksum at the end of `file` (`len` bytes, `head` already read) matches.
fn hash_check(mut file: &fs::File, len: u64, head: &[u8]) -> Result<(), Miss> {
    let mut hasher = Xxh3::new();
    hasher.update(head);
    let mut rest = file.take(len - 8 - head.len() as u64);
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        let n = rest.read(&mut chunk).map_err(|_| Miss::Unreadable)?;
        if n == 0 {
            break;
        }
        hasher.update(&chunk[..n]);
    }
    let mut sum = [0u8; 8];
    file.read_exact(&mut sum).map_err(|_| Miss::Truncated)?;
    if hasher.digest() != u64::from_le_bytes(sum) {
        return Err(Miss::Corrupted);
    }
    Ok(())
}

/// The cache directory's entries; `None` without a directory or when it does not exist yet.
fn cache_entries(cache: &Cache) -> Result<Option<fs::ReadDir>> {
    let Some(dir) = cache.dir() else { return Ok(None) };
    match fs::read_dir(dir) {
        Ok(e) => Ok(Some(e)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::new(ErrorKind::Io, format!("{}: {e}", dir.display()))),
    }
}

/// Every database file in the cache (regular files that carry slidebench's header; other
/// `*.pdb` files are not listed), verified, sorted by path. A database under another name than
/// its own is listed as [`Miss::Misnamed`]: it would never be loaded.
pub fn list(cache: &Cache) -> Result<Vec<CachedDatabase>> {
    let Some(entries) = cache_entries(cache)? else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION)
            || !carries_our_header(&path)
        {
            continue;
        }
        let bytes = entry.metadata().map_or(0, |m| m.len());
        let Verified { key, mut problem } = verify_file(&path);
        if let (None, Some((key, _))) = (problem, &key) {
            let named = path.file_name().and_then(|n| n.to_str()) == Some(&key.file_name());
            problem = (!named).then_some(Miss::Misnamed);
        }
        let description = key.as_ref().map(|(k, _)| describe(k));
        let build_seconds = key.map(|(_, micros)| micros as f64 / 1e6);
        out.push(CachedDatabase { path, bytes, problem, description, build_seconds });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// A temporary file of a database write, as [`unfinished`] reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnfinishedWrite {
    /// Where the file is.
    pub path: PathBuf,
    /// Its size on disk.
    pub bytes: u64,
    /// Time since it was last written, when the system says.
    pub age: Option<Duration>,
    /// Whether a process holds it, writing it now; otherwise its write stopped (killed) and
    /// the file is only taking room until a good save of its key or `pdb clear` removes it.
    pub in_progress: bool,
}

/// The temporary files of database writes in the cache, sorted by path: each is a write in
/// progress or one that was killed, which would otherwise take room unseen.
pub fn unfinished(cache: &Cache) -> Result<Vec<UnfinishedWrite>> {
    let Some(entries) = cache_entries(cache)? else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if !regular || !entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX) {
            continue;
        }
        let path = entry.path();
        let meta = entry.metadata().ok();
        let age = meta.as_ref().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok());
        let in_progress = crate::fsutil::open_regular(&path)
            .is_ok_and(|f| matches!(f.try_lock(), Err(fs::TryLockError::WouldBlock)));
        out.push(UnfinishedWrite { bytes: meta.map_or(0, |m| m.len()), path, age, in_progress });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Removes every database file (a regular file that carries slidebench's header) and leftover
/// temporary file of the cache; returns how many files and bytes. Anything else, whatever its
/// name (another program's `*.pdb`, a directory), is left alone.
pub fn clear(cache: &Cache) -> Result<(usize, u64)> {
    let Some(dir) = cache.dir() else { return Ok((0, 0)) };
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((0, 0)),
        Err(e) => return Err(Error::new(ErrorKind::Io, format!("{}: {e}", dir.display()))),
    };
    let (mut files, mut bytes) = (0usize, 0u64);
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        let ours = regular
            && (name.starts_with(TEMP_PREFIX)
                || (path.extension().and_then(|e| e.to_str()) == Some(EXTENSION)
                    && carries_our_header(&path)));
        if !ours {
            continue;
        }
        let size = entry.metadata().map_or(0, |m| m.len());
        fs::remove_file(&path)
            .map_err(|e| Error::new(ErrorKind::Io, format!("{}: {e}", path.display())))?;
        files += 1;
        bytes += size;
    }
    Ok((files, bytes))
}

/// A one-line description of a key for listings.
fn describe(key: &Key) -> String {
    let sizes: Vec<String> = key.squares.iter().map(|g| g.len().to_string()).collect();
    format!(
        "{} {} costs {}/{} goal {} partition {} {}",
        key.shape,
        key.topology,
        key.horizontal,
        key.vertical,
        key.goal,
        key.partition,
        sizes.join("-")
    )
}
