//! Pattern databases saved on disk and loaded on the next run, never trusted blindly.
//!
//! One file per (shape, topology, costs, goal, partition): a header naming all of those, the
//! tables one byte per entry, and an xxh3-64 checksum of everything before it. A file whose
//! header differs (stale), whose length is wrong (truncated) or whose checksum fails (corrupted)
//! is ignored and rebuilt. Files are written to a temporary file in the same directory, synced
//! and renamed into place, so two processes building at once never leave a torn file.

mod listing;
pub use listing::{clear, list, unfinished, CachedDatabase, UnfinishedWrite};

use super::BuildInfo;
use crate::board::{Board, Puzzle, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The first bytes of every database file.
const MAGIC: &[u8; 8] = b"SBPDB\r\n\x1a";

/// Bumped whenever the layout or the meaning of a table changes; older files are stale.
pub const FORMAT_VERSION: u32 = 1;

/// File name ending of database files.
const EXTENSION: &str = "pdb";

/// Prefix of the temporary files of an unfinished write.
const TEMP_PREFIX: &str = ".pdb-write-";

/// Where databases are kept; a disabled cache builds every time and saves nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    dir: Option<PathBuf>,
    report: Option<CacheReport>,
}

/// Told how each load or build through a [`Cache`] went, so that a command deep inside a
/// solver's preparation can still say why the cache was not used (and a rebuild that happens
/// on every run is never silent).
#[derive(Clone)]
pub struct CacheReport(Arc<dyn Fn(&BuildInfo) + Send + Sync>, Option<BuildWatch>);

/// Told how a build goes as it goes, so that a command can draw a bar over a build that
/// starts deep inside a solver's preparation (the 24-puzzle's tables build on first use).
type BuildWatch = Arc<dyn Fn(BuildEvent<'_>) + Send + Sync>;

/// What a build says while it runs.
#[derive(Clone, Copy, Debug)]
pub enum BuildEvent<'a> {
    /// The build starts.
    Start(&'a BuildPlan),
    /// This many more (placement, free square) states were expanded.
    Expanded(u64),
    /// The tables are built (saving comes next).
    Finished,
}

/// What a build is about to make and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildPlan {
    /// The board shape.
    pub shape: Shape,
    /// The partition's name.
    pub partition: String,
    /// States the build expands in all ([`super::build_states`] over the tables).
    pub states: u64,
    /// Bytes of the finished tables.
    pub table_bytes: u64,
    /// Bytes the largest table's build holds besides ([`super::build_bytes`]).
    pub work_bytes: u64,
    /// Where the tables will be cached, when there is a cache.
    pub cache_file: Option<PathBuf>,
}

impl CacheReport {
    /// A report that calls `f` once per set of databases opened.
    pub fn new(f: impl Fn(&BuildInfo) + Send + Sync + 'static) -> CacheReport {
        CacheReport(Arc::new(f), None)
    }

    /// The same report, also telling `watch` how each build goes while it runs.
    #[must_use]
    pub fn watching(mut self, watch: impl Fn(BuildEvent<'_>) + Send + Sync + 'static) -> Self {
        self.1 = Some(Arc::new(watch));
        self
    }
}

impl std::fmt::Debug for CacheReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CacheReport")
    }
}

/// Two reports are the same when they call the same function.
impl PartialEq for CacheReport {
    fn eq(&self, other: &CacheReport) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            && match (&self.1, &other.1) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for CacheReport {}

impl Cache {
    /// The cache in `pdb_dir`, or in [`Cache::default_dir`] when `None`.
    pub fn new(pdb_dir: Option<&Path>) -> Cache {
        Cache { dir: pdb_dir.map(Path::to_path_buf).or_else(Cache::default_dir), report: None }
    }

    /// A cache that saves and loads nothing.
    pub fn disabled() -> Cache {
        Cache { dir: None, report: None }
    }

    /// The same cache, telling `report` how each open went.
    #[must_use]
    pub fn reporting_to(mut self, report: Option<CacheReport>) -> Cache {
        self.report = report;
        self
    }

    /// Tells the report, if there is one, how an open went.
    pub(crate) fn report(&self, info: &BuildInfo) {
        if let Some(CacheReport(f, _)) = &self.report {
            f(info);
        }
    }

    /// Tells the report's watch, if there is one, how a build goes.
    pub(crate) fn watch(&self, event: BuildEvent<'_>) {
        if let Some(CacheReport(_, Some(w))) = &self.report {
            w(event);
        }
    }

    /// Where the file for `key` is, or would be.
    pub(crate) fn file_for(&self, key: &Key) -> Option<PathBuf> {
        self.dir().map(|d| d.join(key.file_name()))
    }

    /// `$XDG_CACHE_HOME/slidebench/pdb`, else `$HOME/.cache/slidebench/pdb`; `None` when
    /// neither variable names an absolute directory.
    pub fn default_dir() -> Option<PathBuf> {
        let absolute =
            |var: &str| std::env::var_os(var).map(PathBuf::from).filter(|p| p.is_absolute());
        absolute("XDG_CACHE_HOME")
            .or_else(|| absolute("HOME").map(|h| h.join(".cache")))
            .map(|base| base.join("slidebench").join("pdb"))
    }

    /// The directory, when the cache is enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }
}

/// What identifies a database's contents; its bytes open the file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub shape: Shape,
    pub topology: Topology,
    pub horizontal: u32,
    pub vertical: u32,
    pub goal: Board,
    pub partition: String,
    pub squares: Vec<Vec<u8>>,
}

impl Key {
    /// The key of `puzzle`'s databases for a partition.
    pub fn new(puzzle: &Puzzle, partition: &str, squares: &[Vec<u8>]) -> Key {
        Key {
            shape: puzzle.shape(),
            topology: puzzle.topology(),
            horizontal: puzzle.costs().horizontal,
            vertical: puzzle.costs().vertical,
            goal: *puzzle.goal(),
            partition: partition.to_string(),
            squares: squares.to_vec(),
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut b = vec![self.shape.width() as u8, self.shape.height() as u8];
        b.push(match self.topology {
            Topology::Grid => 0,
            Topology::Torus => 1,
        });
        b.extend_from_slice(&self.horizontal.to_le_bytes());
        b.extend_from_slice(&self.vertical.to_le_bytes());
        b.extend_from_slice(self.goal.cells());
        b.push(self.partition.len() as u8);
        b.extend_from_slice(self.partition.as_bytes());
        b.push(self.squares.len() as u8);
        for group in &self.squares {
            b.push(group.len() as u8);
            b.extend_from_slice(group);
        }
        b
    }

    fn from_bytes(bytes: &[u8]) -> Option<Key> {
        let mut r = Reader(bytes);
        let shape = Shape::new(r.u8()? as usize, r.u8()? as usize).ok()?;
        let topology = match r.u8()? {
            0 => Topology::Grid,
            1 => Topology::Torus,
            _ => return None,
        };
        let horizontal = r.u32()?;
        let vertical = r.u32()?;
        let goal = Board::from_cells(shape, r.take(shape.cells())?).ok()?;
        let len = r.u8()? as usize;
        let partition = String::from_utf8(r.take(len)?.to_vec()).ok()?;
        let groups = r.u8()?;
        let mut squares = Vec::with_capacity(groups as usize);
        for _ in 0..groups {
            let k = r.u8()? as usize;
            squares.push(r.take(k)?.to_vec());
        }
        r.0.is_empty().then_some(Key {
            shape,
            topology,
            horizontal,
            vertical,
            goal,
            partition,
            squares,
        })
    }

    /// A file name that says what is inside and differs for every key.
    fn file_name(&self) -> String {
        let clean: String =
            self.partition.chars().filter(char::is_ascii_alphanumeric).take(16).collect();
        format!(
            "{}-{}-{}-{}-{:016x}.{EXTENSION}",
            self.shape,
            self.topology,
            self.goal.to_text(),
            clean,
            xxh3_64(&self.to_bytes())
        )
    }
}

/// Reads `bytes` front to back; every read is `None` past the end.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, k: usize) -> Option<&'a [u8]> {
        if self.0.len() < k {
            return None;
        }
        let (head, rest) = self.0.split_at(k);
        self.0 = rest;
        Some(head)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }
}

/// Why a cached file was not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// No cache directory, or no file for this database yet.
    Absent,
    /// The file could not be read.
    Unreadable,
    /// Shorter or longer than its header says.
    Truncated,
    /// The checksum does not match the contents.
    Corrupted,
    /// Another format version, or a header for other rules, goal or partition.
    Stale,
    /// Whole and sound, but under another name than its own, so never loaded (listings only).
    Misnamed,
    /// Too large to read into the memory this process may have.
    OutOfMemory,
}

impl Miss {
    /// A word for reports.
    pub fn name(self) -> &'static str {
        match self {
            Miss::Absent => "absent",
            Miss::Unreadable => "unreadable",
            Miss::Truncated => "truncated",
            Miss::Corrupted => "corrupted",
            Miss::Stale => "stale",
            Miss::Misnamed => "misnamed (never loaded under this name)",
            Miss::OutOfMemory => "too large for the memory available",
        }
    }
}

/// A parsed and verified file: its key, build time and payload.
struct Contents {
    key: Key,
    build_micros: u64,
    payload_start: usize,
    payload_len: usize,
}

/// Longest header read before the file's length is checked against it: the magic, version,
/// key length, a key (at most a few hundred bytes) and the two counts.
const MAX_HEADER_BYTES: u64 = 4096;

/// Where a file's payload starts and how many entries it holds, by its header (`bytes` holds
/// at least the header), or why its header cannot say.
fn header_layout(bytes: &[u8]) -> Result<(u64, u64), Miss> {
    let mut r = Reader(bytes);
    if r.take(MAGIC.len()).ok_or(Miss::Truncated)? != MAGIC {
        return Err(Miss::Corrupted);
    }
    r.u32().ok_or(Miss::Truncated)?;
    let key_len = r.u32().ok_or(Miss::Truncated)? as usize;
    r.take(key_len).ok_or(Miss::Truncated)?;
    r.u64().ok_or(Miss::Truncated)?;
    let entries = r.u64().ok_or(Miss::Truncated)?;
    Ok(((bytes.len() - r.0.len()) as u64, entries))
}

/// Opens a database file only if it is a regular file ([`crate::fsutil::open_regular`]: a FIFO
/// would hang the reader) whose length agrees with its header and, when the caller knows it,
/// with the payload `entries` it expects. Returns the file, its length and the bytes read so
/// far (the header, perhaps some payload, never the checksum), or why the file is not used.
fn open_checked(path: &Path, entries: Option<u64>) -> Result<(fs::File, u64, Vec<u8>), Miss> {
    use std::io::Read;
    let file = match crate::fsutil::open_regular(path) {
        Ok(f) => f,
        // No file there, or a file where the cache directory should be: nothing to read.
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Err(Miss::Absent)
        }
        Err(_) => return Err(Miss::Unreadable),
    };
    let len = file.metadata().map_err(|_| Miss::Unreadable)?.len();
    let mut head = Vec::new();
    (&file)
        .take(MAX_HEADER_BYTES.min(len.saturating_sub(8)))
        .read_to_end(&mut head)
        .map_err(|_| Miss::Unreadable)?;
    let (payload_start, payload) = header_layout(&head)?;
    if payload_start.checked_add(payload).and_then(|x| x.checked_add(8)) != Some(len) {
        return Err(Miss::Truncated);
    }
    if entries.is_some_and(|n| n != payload) {
        return Err(Miss::Stale);
    }
    Ok((file, len, head))
}

/// The key and build time a header (`head` holds at least the header) names, or why it names
/// none: another format version is stale, a key that does not parse corrupt.
fn header_key(head: &[u8]) -> Result<(Key, u64), Miss> {
    let mut r = Reader(head);
    if r.take(MAGIC.len()).ok_or(Miss::Truncated)? != MAGIC {
        return Err(Miss::Corrupted);
    }
    let version = r.u32().ok_or(Miss::Truncated)?;
    let key_len = r.u32().ok_or(Miss::Truncated)? as usize;
    let key_bytes = r.take(key_len).ok_or(Miss::Truncated)?;
    let build_micros = r.u64().ok_or(Miss::Truncated)?;
    if version != FORMAT_VERSION {
        return Err(Miss::Stale);
    }
    let key = Key::from_bytes(key_bytes).ok_or(Miss::Corrupted)?;
    Ok((key, build_micros))
}

/// [`open_checked`], then the whole file read, only then, so a huge file is never read into
/// memory for nothing.
fn read_checked(path: &Path, entries: Option<u64>) -> Result<Vec<u8>, Miss> {
    use std::io::Read;
    let (file, len, mut bytes) = open_checked(path, entries)?;
    let rest = usize::try_from(len).map_err(|_| Miss::OutOfMemory)? - bytes.len();
    super::pages::reserve_exact(&mut bytes, rest).map_err(|_| Miss::OutOfMemory)?;
    (&file).take(len - bytes.len() as u64).read_to_end(&mut bytes).map_err(|_| Miss::Unreadable)?;
    if bytes.len() as u64 != len {
        return Err(Miss::Truncated);
    }
    Ok(bytes)
}

/// Checks magic, version, lengths and checksum; `Err` says which failed.
fn verify(bytes: &[u8]) -> Result<Contents, Miss> {
    let mut r = Reader(bytes);
    let magic = r.take(MAGIC.len()).ok_or(Miss::Truncated)?;
    if magic != MAGIC {
        return Err(Miss::Corrupted);
    }
    let version = r.u32().ok_or(Miss::Truncated)?;
    let key_len = r.u32().ok_or(Miss::Truncated)? as usize;
    let key_bytes = r.take(key_len).ok_or(Miss::Truncated)?;
    let build_micros = r.u64().ok_or(Miss::Truncated)?;
    let entries = r.u64().ok_or(Miss::Truncated)?;
    let payload_start = bytes.len() - r.0.len();
    let expected = (payload_start as u64).checked_add(entries).and_then(|x| x.checked_add(8));
    if expected != Some(bytes.len() as u64) {
        return Err(Miss::Truncated);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if xxh3_64(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(Miss::Corrupted);
    }
    if version != FORMAT_VERSION {
        return Err(Miss::Stale);
    }
    let key = Key::from_bytes(key_bytes).ok_or(Miss::Stale)?;
    Ok(Contents { key, build_micros, payload_start, payload_len: entries as usize })
}

/// Whether the file for `key` is there with the right header, length and key (`entries` of
/// payload); its checksum is not verified: that reads it all.
pub(crate) fn usable(cache: &Cache, key: &Key, entries: u64) -> bool {
    let Some(path) = cache.file_for(key) else { return false };
    open_checked(&path, Some(entries))
        .and_then(|(_, _, head)| header_key(&head))
        .is_ok_and(|(found, _)| found == *key)
}

/// The payload and build time of the file for `key`, if it is there, whole, and for `key`.
pub(crate) fn load(
    cache: &Cache,
    key: &Key,
    entries: usize,
) -> Result<(Vec<u8>, u64, PathBuf), Miss> {
    let dir = cache.dir().ok_or(Miss::Absent)?;
    let path = dir.join(key.file_name());
    let mut bytes = read_checked(&path, Some(entries as u64))?;
    let contents = verify(&bytes)?;
    if contents.key != *key || contents.payload_len != entries {
        return Err(Miss::Stale);
    }
    bytes.truncate(contents.payload_start + contents.payload_len);
    bytes.drain(..contents.payload_start);
    Ok((bytes, contents.build_micros, path))
}

/// Saves `payload` for `key`; returns the file's path.
pub(crate) fn save(cache: &Cache, key: &Key, build_micros: u64, payload: &[u8]) -> Result<PathBuf> {
    let dir = cache
        .dir()
        .ok_or_else(|| Error::new(ErrorKind::Io, "the pattern database cache is disabled"))?;
    let path = dir.join(key.file_name());
    let io = |e: std::io::Error| Error::new(ErrorKind::Io, format!("{}: {e}", path.display()));
    crate::fsutil::create_dir_all(dir)?;
    let header = header(key, build_micros, payload.len() as u64);
    let mut hasher = Xxh3::new();
    hasher.update(&header);
    hasher.update(payload);
    // Past `ulimit -f` the kernel would kill the process (SIGXFSZ) with its answers unwritten.
    let len = header.len() as u64 + payload.len() as u64 + 8;
    crate::fsutil::check_file_size_limit(&path, len)?;
    // Named after its key, so the next good save of the key finds what a killed write left.
    let prefix = temp_prefix(key);
    let mut tmp = crate::fsutil::new_temp_file(dir, &prefix).map_err(io)?;
    // Held while writing: a temporary file nobody holds is a write that stopped.
    let _ = tmp.as_file().try_lock();
    // On any failure (EFBIG, ENOSPC) the temporary file is removed as `tmp` drops.
    let file = tmp.as_file_mut();
    file.write_all(&header).map_err(io)?;
    file.write_all(payload).map_err(io)?;
    file.write_all(&hasher.digest().to_le_bytes()).map_err(io)?;
    file.sync_all().map_err(io)?;
    tmp.persist(&path).map_err(|e| io(e.error))?;
    remove_stopped_writes(dir, &prefix);
    Ok(path)
}

/// The header of a file of `key` whose payload has `entries` bytes.
pub(super) fn header(key: &Key, build_micros: u64, entries: u64) -> Vec<u8> {
    let key_bytes = key.to_bytes();
    let mut header = Vec::with_capacity(64 + key_bytes.len());
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&(key_bytes.len() as u32).to_le_bytes());
    header.extend_from_slice(&key_bytes);
    header.extend_from_slice(&build_micros.to_le_bytes());
    header.extend_from_slice(&entries.to_le_bytes());
    header
}

/// The start of the names of `key`'s temporary files: [`TEMP_PREFIX`], then its file name.
fn temp_prefix(key: &Key) -> String {
    format!("{TEMP_PREFIX}{}.", key.file_name())
}

/// Removes the temporary files named `prefix*` in `dir` that no writer holds: what writes of
/// the same key left when they were killed (up to 576 MB each for 7-8). A file another process
/// is writing now is locked and stays. Best effort: a file that cannot be removed stays too.
fn remove_stopped_writes(dir: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(prefix) {
            continue;
        }
        let path = entry.path();
        if crate::fsutil::open_regular(&path).is_ok_and(|f| f.try_lock().is_ok()) {
            let _ = fs::remove_file(&path);
        }
    }
}
