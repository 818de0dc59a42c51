//! Opening a partition's databases: from a cache file that verifies, else by building them
//! (or refusing, for the tables built only on request), and saving what was built.

use super::symmetry::{self, Sharing};
use super::{
    build, build_bytes, build_states, cache, placements, too_large, BuildEvent, BuildPlan, Cache,
    Miss, Partition, PatternDatabases, MAX_BUILD_BYTES, UNREACHED,
};
use crate::board::{Board, Costs, Puzzle};
use crate::error::{Error, ErrorKind, Result};
use crate::units::{group_digits, human_bytes};
use std::path::PathBuf;
use std::time::Instant;

/// What [`PatternDatabases::open`] does when the cache has no usable file.
#[derive(Clone, Copy)]
pub enum OnMiss<'a> {
    /// Build the tables, calling the function with 0 once when the build starts, then with the
    /// number of states expanded as the build goes (their total is [`build_states`] summed over
    /// the patterns).
    Build(&'a (dyn Fn(u64) + Sync)),
    /// Refuse with an error naming the `slidebench pdb build` command that builds them: for
    /// tables whose build takes minutes and gigabytes, which must never start unasked.
    Refuse,
}

/// Where a set of databases came from on this run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Built now (the cache had no usable file).
    Built,
    /// Read from a verified cache file.
    Loaded,
}

/// How a [`PatternDatabases::load_or_build`] went, for reports.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildInfo {
    /// Built or loaded.
    pub source: Source,
    /// Why the cache was not used, when it was not (`Absent` when there was no file).
    pub miss: Option<Miss>,
    /// Wall-clock seconds of this call (the build, or the load and check).
    pub seconds: f64,
    /// Seconds the build took, now or when the cached file was made.
    pub build_seconds: f64,
    /// Bytes of each distinct table (one byte per entry; a pattern that is the image of an
    /// earlier one under a symmetry of the board reads that one's table).
    pub pattern_bytes: Vec<u64>,
    /// The cache file, when one was read or written.
    pub path: Option<PathBuf>,
    /// Where the cache file for these databases is looked for (`None`: no cache directory).
    pub cache_file: Option<PathBuf>,
    /// Why a freshly built database could not be saved (an unwritable directory, say).
    pub save_error: Option<String>,
}

impl PatternDatabases {
    /// The databases of `partition` under `puzzle`: loaded from `cache` when a verified file is
    /// there, built (in parallel) and saved otherwise. A cache that cannot be written only
    /// costs the rebuild next time. Needs unit move costs.
    pub fn load_or_build(
        puzzle: &Puzzle,
        partition: &Partition,
        cache: &Cache,
    ) -> Result<(PatternDatabases, BuildInfo)> {
        PatternDatabases::open(puzzle, partition, cache, OnMiss::Build(&|_| {}))
    }

    /// Whether `cache` holds a file for these databases whose header, length and key are
    /// right (its checksum is not verified: loading does that, reading it whole), so that a
    /// harness can leave out a solver whose tables are built only on request. An empty,
    /// truncated or stale file does not count: loading it would fail and start the build.
    pub fn cached(puzzle: &Puzzle, partition: &Partition, cache: &Cache) -> bool {
        let Ok(layout) = Layout::of(puzzle, partition) else { return false };
        let key = cache::Key::new(puzzle, partition.name(), partition.squares());
        cache::usable(cache, &key, layout.entries())
    }

    /// [`PatternDatabases::load_or_build`], doing on a cache miss what `on_miss` says: build
    /// (reporting progress), or refuse with an error that names the command that builds them.
    pub fn open(
        puzzle: &Puzzle,
        partition: &Partition,
        cache: &Cache,
        on_miss: OnMiss<'_>,
    ) -> Result<(PatternDatabases, BuildInfo)> {
        let started = Instant::now();
        let Layout { tiles, sharing, sizes } = Layout::of(puzzle, partition)?;
        let n = puzzle.shape().cells();
        let entries = sizes.iter().sum::<u64>() as usize;
        let key = cache::Key::new(puzzle, partition.name(), partition.squares());
        let info = match cache::load(cache, &key, entries) {
            Ok((data, build_micros, path)) => (
                data,
                BuildInfo {
                    source: Source::Loaded,
                    miss: None,
                    seconds: started.elapsed().as_secs_f64(),
                    build_seconds: build_micros as f64 / 1e6,
                    pattern_bytes: sizes.clone(),
                    path: Some(path),
                    cache_file: cache.file_for(&key),
                    save_error: None,
                },
            ),
            Err(Miss::OutOfMemory) => {
                // Building would need more memory still.
                return Err(out_of_memory(
                    entries as u64,
                    &format!("load the {} pattern databases", partition.name()),
                ));
            }
            Err(miss) => {
                let OnMiss::Build(progress) = on_miss else {
                    return Err(not_cached(puzzle, partition, cache, miss, entries, false));
                };
                // One buffer for all tables, each pattern built in place (in parallel inside),
                // so no second copy is ever held.
                let plan = BuildPlan {
                    shape: puzzle.shape(),
                    partition: partition.name().to_string(),
                    states: sharing.built.iter().map(|&p| build_states(n, tiles[p].len())).sum(),
                    table_bytes: entries as u64,
                    work_bytes: sharing
                        .built
                        .iter()
                        .map(|&p| build_bytes(n, tiles[p].len()))
                        .max()
                        .unwrap_or(0),
                    cache_file: cache.file_for(&key),
                };
                cache.watch(BuildEvent::Start(&plan));
                progress(0);
                let told = |states: u64| {
                    progress(states);
                    cache.watch(BuildEvent::Expanded(states));
                };
                let what = format!("build the {} pattern databases", partition.name());
                let mut data = try_filled(entries, UNREACHED, &what)?;
                let mut rest = data.as_mut_slice();
                for (&p, &size) in sharing.built.iter().zip(&sizes) {
                    let (table, tail) = rest.split_at_mut(size as usize);
                    build::build_into(puzzle, &partition.squares()[p], table, &told)
                        .map_err(|bytes| out_of_memory(bytes, &what))?;
                    rest = tail;
                }
                cache.watch(BuildEvent::Finished);
                let build_seconds = started.elapsed().as_secs_f64();
                let (path, save_error) = if cache.dir().is_some() {
                    match cache::save(cache, &key, (build_seconds * 1e6) as u64, &data) {
                        Ok(p) => (Some(p), None),
                        Err(e) => (None, Some(e.to_string())),
                    }
                } else {
                    (None, None)
                };
                let info = BuildInfo {
                    source: Source::Built,
                    miss: Some(miss),
                    seconds: started.elapsed().as_secs_f64(),
                    build_seconds,
                    pattern_bytes: sizes.clone(),
                    path,
                    cache_file: cache.file_for(&key),
                    save_error,
                };
                (data, info)
            }
        };
        let (data, info) = info;
        cache.report(&info);
        let pdb = PatternDatabases::from_tables(puzzle, partition.name(), &sharing, &sizes, data);
        Ok((pdb, info))
    }
}

/// What a partition's databases are made of under a puzzle: each pattern's tiles, which
/// patterns build a table of their own, and each such table's size.
pub(super) struct Layout {
    tiles: Vec<Vec<u8>>,
    sharing: Sharing,
    sizes: Vec<u64>,
}

impl Layout {
    /// The layout of `partition` under `puzzle`, after checking that it can be built there.
    pub(super) fn of(puzzle: &Puzzle, partition: &Partition) -> Result<Layout> {
        if let Some(why) = too_large(puzzle, partition.kind()) {
            return Err(Error::new(ErrorKind::Unsupported, why));
        }
        if !puzzle.costs().is_unit() {
            return Err(Error::new(
                ErrorKind::Unsupported,
                "pattern databases need unit move costs",
            ));
        }
        let tiles = partition.tiles(puzzle.goal())?;
        let n = puzzle.shape().cells();
        refuse_oversized(n, &tiles)?;
        let sharing = symmetry::share(puzzle, partition.squares());
        // One table per pattern that no symmetry carries onto an earlier one.
        let sizes = sharing.built.iter().map(|&p| placements(n, tiles[p].len())).collect();
        Ok(Layout { tiles, sharing, sizes })
    }

    /// Entries (bytes) of all tables together: a cache file's payload.
    pub(super) fn entries(&self) -> u64 {
        self.sizes.iter().sum()
    }

    /// Entries of each distinct table.
    pub(super) fn sizes(&self) -> &[u64] {
        &self.sizes
    }

    /// The patterns that build a table of their own, in table order.
    pub(super) fn built(&self) -> &[usize] {
        &self.sharing.built
    }

    /// The tiles of pattern `p`.
    pub(super) fn tiles(&self, p: usize) -> &[u8] {
        &self.tiles[p]
    }

    /// Entries of pattern `p`'s table.
    pub(super) fn size_of(&self, p: usize) -> u64 {
        self.sizes[self.sharing.built.iter().position(|&b| b == p).unwrap_or(0)]
    }

    /// Which table and frame each pattern reads.
    pub(super) fn sharing(&self) -> &Sharing {
        &self.sharing
    }
}

/// The payload a cache file of `key` must hold, by its shape, rules and partition; `None` when
/// no databases can be built for the key (a file that claims one is not ours to trust).
pub(super) fn key_entries(key: &cache::Key) -> Option<u64> {
    let costs = Costs { horizontal: key.horizontal, vertical: key.vertical };
    let puzzle = Puzzle::new(key.shape, key.topology, costs, key.goal).ok()?;
    // Zero-aware tables hold two bytes per placement (`zero` module).
    let (name, per_entry) = match key.partition.strip_suffix(super::zero::ZERO_AWARE_SUFFIX) {
        Some(name) => (name, 2),
        None => (key.partition.as_str(), 1),
    };
    let partition = Partition::from_squares(name, key.squares.clone());
    Layout::of(&puzzle, &partition).ok().map(|l| per_entry * l.entries())
}

/// `len` bytes of `value`, or a refusal naming the size when memory cannot hold them: an
/// allocation that fails would abort the process, and with it every answer not yet written.
pub(super) fn try_filled(len: usize, value: u8, what: &str) -> Result<Vec<u8>> {
    let mut v = Vec::new();
    super::pages::reserve_exact(&mut v, len).map_err(|_| out_of_memory(len as u64, what))?;
    v.resize(len, value);
    Ok(v)
}

/// The refusal of an allocation of `bytes` that failed, saying what it was for.
pub(super) fn out_of_memory(bytes: u64, what: &str) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "cannot allocate {} ({} bytes) to {what}: not enough memory (or a limit such as \
             ulimit -v)",
            human_bytes(bytes),
            group_digits(bytes)
        ),
    )
}

/// Refuses patterns of more than 8 tiles, or whose build would hold more than
/// [`MAX_BUILD_BYTES`].
fn refuse_oversized(n: usize, tiles: &[Vec<u8>]) -> Result<()> {
    for group in tiles {
        let need = build_bytes(n, group.len());
        if group.len() > 8 || need > MAX_BUILD_BYTES {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "a {}-tile pattern on {n} squares needs {need} bytes to build, more than the \
                     {MAX_BUILD_BYTES} allowed",
                    group.len()
                ),
            ));
        }
    }
    Ok(())
}

/// The `slidebench pdb build` command that builds `partition`'s databases for `puzzle` into
/// `cache`, as a user would type it: `--pdb-dir` only when `cache` is not the default one, so
/// that a reason written into a result set names no directory of the machine it ran on.
pub fn build_command(puzzle: &Puzzle, partition: &Partition, cache: &Cache) -> String {
    let goal = puzzle.goal();
    let mut command = format!("slidebench pdb build --shape {}", puzzle.shape());
    if *goal != Board::solved(puzzle.shape()) {
        let cells: Vec<String> = goal.cells().iter().map(u8::to_string).collect();
        command = format!("{command} --goal {}", cells.join(" "));
    }
    command = format!("{command} --partition {}", partition.name());
    if let Some(dir) = cache.dir().filter(|&d| Some(d) != Cache::default_dir().as_deref()) {
        command = format!("{command} --pdb-dir {}", dir.display());
    }
    command
}

/// The refusal of [`OnMiss::Refuse`]: what is missing (`bytes` of tables, zero-aware or not),
/// where it was looked for, and the command that builds it.
pub(super) fn not_cached(
    puzzle: &Puzzle,
    partition: &Partition,
    cache: &Cache,
    miss: Miss,
    bytes: usize,
    zero_aware: bool,
) -> Error {
    let mut command = build_command(puzzle, partition, cache);
    if zero_aware {
        command.push_str(" --zero-aware");
    }
    let place = match cache.dir() {
        Some(dir) => format!("are not in {} ({})", dir.display(), miss.name()),
        None => "cannot be loaded with the cache disabled".to_string(),
    };
    Error::new(
        ErrorKind::Unsupported,
        format!(
            "the {}{} pattern databases ({bytes} bytes) are built only on request and {place}; \
             build them first with `{command}`",
            if zero_aware { "zero-aware " } else { "" },
            partition.name()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{PartitionKind, Source};

    #[test]
    fn a_cached_file_is_found_holds_the_same_tables_and_keeps_the_build_time_to_the_microsecond() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(Some(dir.path()));
        let p = Puzzle::eight();
        let partition = Partition::default_for(p.goal());
        assert!(!PatternDatabases::cached(&p, &partition, &cache));
        let (first, built) = PatternDatabases::load_or_build(&p, &partition, &cache).unwrap();
        assert_eq!(built.source, Source::Built);
        assert!(PatternDatabases::cached(&p, &partition, &cache));
        let (again, loaded) = PatternDatabases::load_or_build(&p, &partition, &cache).unwrap();
        assert_eq!(loaded.source, Source::Loaded);
        // The 4-4 split's two tables, the same bytes from the file, the deepest entry 15 moves.
        assert_eq!(first.table_data().len(), 6_048);
        assert_eq!(again.table_data(), first.table_data());
        assert_eq!(first.table_data().iter().filter(|&&v| v != UNREACHED).max(), Some(&15));
        assert!(built.build_seconds > 0.0);
        let gap = (loaded.build_seconds - built.build_seconds).abs();
        assert!(
            gap < 1e-6,
            "built in {} s, the file says {} s",
            built.build_seconds,
            loaded.build_seconds
        );
    }

    #[test]
    fn patterns_above_eight_tiles_or_a_gib_of_build_are_refused() {
        let tiles = |k: u8| vec![(1..=k).collect::<Vec<u8>>()];
        assert!(refuse_oversized(16, &tiles(8)).is_ok(), "8 of 16: 1.04 GB");
        assert!(refuse_oversized(25, &tiles(6)).is_ok(), "6 of 25: 0.61 GB");
        assert!(refuse_oversized(10, &tiles(9)).is_err(), "9 tiles, whatever the bytes");
        let err = refuse_oversized(25, &tiles(7)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        assert!(err.message().contains("a 7-tile pattern on 25 squares needs"), "{err}");
    }

    #[test]
    fn the_build_command_names_shape_goal_partition_and_directory() {
        let p = Puzzle::eight();
        let partition = Partition::default_for(p.goal());
        let plain = build_command(&p, &partition, &Cache::disabled());
        assert_eq!(plain, "slidebench pdb build --shape 3x3 --partition even");
        let korf = Board::from_cells(p.shape(), &[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
        let moved = p.with_goal(korf).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let command = build_command(&moved, &partition, &Cache::new(Some(dir.path())));
        let expected = format!(
            "slidebench pdb build --shape 3x3 --goal 0 1 2 3 4 5 6 7 8 --partition even --pdb-dir {}",
            dir.path().display()
        );
        assert_eq!(command, expected);
    }

    #[test]
    fn the_build_command_leaves_out_the_default_cache_directory() {
        let p = Puzzle::eight();
        let partition = Partition::default_for(p.goal());
        let cache = Cache::new(None);
        assert_eq!(cache.dir(), Cache::default_dir().as_deref());
        let command = build_command(&p, &partition, &cache);
        assert_eq!(command, "slidebench pdb build --shape 3x3 --partition even");
    }

    /// `cached` is what a harness asks before it prepares a solver whose tables are built only
    /// on request: an empty, truncated or stale file there must not count, or the build starts.
    #[test]
    fn only_a_file_whose_header_length_and_key_are_right_counts_as_cached() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(Some(dir.path()));
        let p = Puzzle::new(
            crate::board::Shape::new(5, 5).unwrap(),
            crate::board::Topology::Grid,
            Costs::UNIT,
            Board::solved(crate::board::Shape::new(5, 5).unwrap()),
        )
        .unwrap();
        let partition = Partition::for_goal(PartitionKind::SixSixSixSix, p.goal()).unwrap();
        let entries = Layout::of(&p, &partition).unwrap().entries();
        let key = cache::Key::new(&p, partition.name(), partition.squares());
        let path = cache.file_for(&key).unwrap();
        let sparse = |head: &[u8], len: u64| {
            std::fs::write(&path, head).unwrap();
            std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(len).unwrap();
        };
        let head = cache::header(&key, 1, entries);
        let whole = head.len() as u64 + entries + 8;
        std::fs::write(&path, b"").unwrap();
        assert!(!PatternDatabases::cached(&p, &partition, &cache), "empty");
        sparse(&head, whole - 1);
        assert!(!PatternDatabases::cached(&p, &partition, &cache), "truncated");
        let other = cache::Key { goal: p.goal().to_owned(), partition: "x".into(), ..key.clone() };
        sparse(&cache::header(&other, 1, entries), whole + 1);
        assert!(!PatternDatabases::cached(&p, &partition, &cache), "stale");
        sparse(&cache::header(&key, 1, entries + 1), whole + 1);
        assert!(!PatternDatabases::cached(&p, &partition, &cache), "the wrong size for the key");
        // Header, length and key right (a sparse file: the checksum is loading's business).
        sparse(&head, whole);
        assert!(PatternDatabases::cached(&p, &partition, &cache));
    }

    #[test]
    fn a_table_memory_cannot_hold_is_refused_naming_its_size() {
        let e = try_filled(1 << 62, UNREACHED, "build the test tables").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert!(e.message().contains("cannot allocate 4.0 EiB (4,611,686,018,427,387,904 bytes) to build the test tables"), "{e}");
    }
}
