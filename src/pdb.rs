//! Additive pattern databases: exact costs of abstractions of the puzzle (only some tiles told
//! apart), built by a reverse search from the goal, summed over disjoint patterns into an
//! admissible heuristic, and cached on disk between runs.
//!
//! Tables store one byte per placement of a pattern's tiles (no compression). On square grids
//! whose goal has the empty square on the main diagonal, the heuristic also looks up the board
//! mirrored about that diagonal (tiles renamed by the same mirror) and takes the larger sum.
//!
//! ```
//! use slidebench::heuristic::Heuristic;
//! use slidebench::pdb::{Cache, Partition, PatternDatabases};
//! use slidebench::{Board, Puzzle};
//!
//! let puzzle = Puzzle::eight();
//! let partition = Partition::default_for(puzzle.goal());
//! let (pdb, _info) = PatternDatabases::load_or_build(&puzzle, &partition, &Cache::disabled())?;
//! let start = Board::parse(puzzle.shape(), "2 3 4 1 5 x 7 6 8")?;
//! assert!(pdb.estimate(&pdb.start(&start)) <= 19);
//! # Ok::<(), slidebench::Error>(())
//! ```

mod build;
mod cache;
mod lookup;
mod partition;
mod placement;

/// Largest board the pattern databases cover: their regions and placements are indexed over
/// 16 squares (the 24-puzzle's 6-6-6-6 is the issue that lifts this).
pub const MAX_PDB_CELLS: usize = 16;

/// Why pattern databases cannot serve `puzzle`'s board size, if they cannot.
pub fn too_large(puzzle: &Puzzle) -> Option<String> {
    let cells = puzzle.shape().cells();
    (cells > MAX_PDB_CELLS).then(|| {
        format!(
            "pattern databases work on boards up to {MAX_PDB_CELLS} squares, not {} ({cells} \
             squares)",
            puzzle.shape()
        )
    })
}

pub use build::{build_bytes, build_states, UNREACHED};
pub use cache::{clear, list, Cache, CacheReport, CachedDatabase, Miss, FORMAT_VERSION};
pub use partition::{Partition, PartitionKind};
pub use placement::{placements, rank as rank_placement, unrank as unrank_placement};

use crate::board::{Board, Puzzle, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::Heuristic;
use std::path::PathBuf;
use std::time::Instant;

/// Most patterns in one partition.
pub const MAX_PATTERNS: usize = 4;

/// Most bytes one pattern's build may hold ([`build_bytes`]); 8 tiles of 16 fit (1.04 GB),
/// 9 do not.
pub const MAX_BUILD_BYTES: u64 = 1 << 30;

/// Marks a tile that belongs to no pattern.
const NO_PATTERN: u8 = u8::MAX;

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
    /// Bytes of each pattern's table (one byte per entry).
    pub pattern_bytes: Vec<u64>,
    /// The cache file, when one was read or written.
    pub path: Option<PathBuf>,
    /// Where the cache file for these databases is looked for (`None`: no cache directory).
    pub cache_file: Option<PathBuf>,
    /// Why a freshly built database could not be saved (an unwritable directory, say).
    pub save_error: Option<String>,
}

/// One pattern as the search uses it.
#[derive(Clone, Debug)]
struct Pattern {
    /// The pattern's tiles in index order (at most 8).
    tiles: [u8; 8],
    /// For the mirrored lookup: the tiles whose mirrored squares make up the index, in order.
    mirror_tiles: [u8; 8],
    /// The place value of each tile's digit in the placement's rank.
    place: [u32; 8],
    len: usize,
    /// Where the pattern's table starts in `PatternDatabases::data`.
    offset: usize,
}

/// The mirror about the main diagonal of a square grid, as squares and tile names.
#[derive(Clone, Debug)]
struct Mirror {
    square: [u8; 16],
    tile: [u8; 16],
}

/// Additive pattern databases for one puzzle and partition, usable as a [`Heuristic`].
#[derive(Clone, Debug)]
pub struct PatternDatabases {
    n: usize,
    name: &'static str,
    patterns: Vec<Pattern>,
    /// The pattern of each tile, or `NO_PATTERN`.
    pattern_of: [u8; 16],
    /// Each tile's place in its pattern.
    slot_of: [u8; 16],
    mirror: Option<Mirror>,
    /// What a move changes in the ranks, precomputed so that the search's step is a few
    /// table reads with no branch on the board (see [`RankDeltas`]).
    deltas: Box<RankDeltas>,
    /// All tables, one after the other, one byte per entry.
    data: Vec<u8>,
}

/// The squares a move passes over, as nibble shifts into a packed board.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    len: u8,
    shifts: [u8; 15],
}

/// One move of a tile from square `a` to square `b`, as the ranks see it, on the board and on
/// its mirror: how far the moved tile's square changes (`b − a`, whose sign also says which way
/// the digits of the tiles passed over shift) and which squares it passes over.
#[derive(Clone, Copy, Debug, Default)]
struct MoveSpan {
    direct: Span,
    mirror: Span,
    step: i32,
    mirror_step: i32,
}

/// Precomputed rank arithmetic. A tile moving from `a` to `b` changes its own digit by `b − a`
/// less the earlier pattern tiles it passes over, and the digit of every later pattern tile it
/// passes over by one; `passed[p][slot][tile]` is that change, in rank units, for a tile passed
/// over by pattern `p`'s tile `slot` (zero for tiles of other patterns and the empty square).
/// The mirrored tables are indexed by the board's tile, the mirror's renaming folded in.
#[derive(Clone, Debug)]
struct RankDeltas {
    place: [[i32; 8]; MAX_PATTERNS],
    passed: [[[i32; 16]; 8]; MAX_PATTERNS],
    mirror_passed: [[[i32; 16]; 8]; MAX_PATTERNS],
    /// Indexed by `16 * a + b`.
    spans: [MoveSpan; 256],
}

/// What a search carries per node: each pattern's placement rank and value (the first
/// [`MAX_PATTERNS`] for the board, the rest for its mirror). A move changes one rank of each
/// kind by an amount computed from the squares it passes over, never from scratch.
///
/// The mirror's changed value is read only when it is asked for: `pending` names the slot
/// of `values` not yet read (`NOTHING_PENDING` when all are). Most children are cut off by
/// the direct sum alone, and each read saved is a likely cache miss on the 7-8 tables.
#[derive(Clone, Copy, Debug)]
pub struct PdbNode {
    index: [u32; 2 * MAX_PATTERNS],
    values: [u8; 2 * MAX_PATTERNS],
    pending: u8,
}

/// [`PdbNode::pending`] when every value is read.
const NOTHING_PENDING: u8 = u8::MAX;

/// Nodes are equal when they stand for the same board: same ranks (the values follow).
impl PartialEq for PdbNode {
    fn eq(&self, other: &PdbNode) -> bool {
        self.index == other.index
    }
}

impl Eq for PdbNode {}

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

    /// Whether `cache` holds a file for these databases (not verified: loading does that), so
    /// that a harness can leave out a solver whose tables are built only on request.
    pub fn cached(puzzle: &Puzzle, partition: &Partition, cache: &Cache) -> bool {
        cache::present(cache, &cache::Key::new(puzzle, partition.name(), partition.squares()))
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
        if let Some(why) = too_large(puzzle) {
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
        for group in &tiles {
            let need = build_bytes(n, group.len());
            if group.len() > 8 || need > MAX_BUILD_BYTES {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "a {}-tile pattern on {n} squares needs {need} bytes to build, more than \
                         the {MAX_BUILD_BYTES} allowed",
                        group.len()
                    ),
                ));
            }
        }
        let sizes: Vec<u64> = tiles.iter().map(|g| placements(n, g.len())).collect();
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
            Err(miss) => {
                let OnMiss::Build(progress) = on_miss else {
                    return Err(not_cached(puzzle, partition, cache, miss, entries));
                };
                // One buffer for all tables, each pattern built in place (in parallel inside),
                // so no second copy is ever held.
                progress(0);
                let mut data = vec![UNREACHED; entries];
                let mut rest = data.as_mut_slice();
                for (squares, &size) in partition.squares().iter().zip(&sizes) {
                    let (table, tail) = rest.split_at_mut(size as usize);
                    build::build_into(puzzle, squares, table, progress);
                    rest = tail;
                }
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
        let pdb = PatternDatabases::from_tables(puzzle, partition.name(), &tiles, &sizes, data);
        Ok((pdb, info))
    }

    fn from_tables(
        puzzle: &Puzzle,
        partition: &str,
        tiles: &[Vec<u8>],
        sizes: &[u64],
        data: Vec<u8>,
    ) -> PatternDatabases {
        let n = puzzle.shape().cells();
        let mirror = mirror_of(puzzle);
        let mut pattern_of = [NO_PATTERN; 16];
        let mut slot_of = [0u8; 16];
        let mut patterns = Vec::with_capacity(tiles.len());
        let mut offset = 0usize;
        for (p, (group, &size)) in tiles.iter().zip(sizes).enumerate() {
            let mut t = [0u8; 8];
            let mut mt = [0u8; 8];
            let mut place = [0u32; 8];
            let k = group.len();
            for (i, &tile) in group.iter().enumerate() {
                t[i] = tile;
                mt[i] = mirror.as_ref().map_or(tile, |m| m.tile[tile as usize]);
                pattern_of[tile as usize] = p as u8;
                slot_of[tile as usize] = i as u8;
                place[i] = (i + 1..k).map(|j| (n - j) as u32).product();
            }
            patterns.push(Pattern { tiles: t, mirror_tiles: mt, place, len: k, offset });
            offset += size as usize;
        }
        let name = match partition {
            "663" => "pdb663",
            "555" => "pdb555",
            "78" => "pdb78",
            _ => "pdb",
        };
        let deltas =
            Box::new(RankDeltas::new(puzzle, &patterns, &pattern_of, &slot_of, mirror.as_ref()));
        PatternDatabases { n, name, patterns, pattern_of, slot_of, mirror, deltas, data }
    }

    /// The same databases with the reflected lookup off (to measure what it buys).
    #[must_use]
    pub fn without_reflection(mut self) -> PatternDatabases {
        self.mirror = None;
        self
    }

    /// Whether the reflected lookup is on.
    pub fn reflects(&self) -> bool {
        self.mirror.is_some()
    }

    /// Number of patterns.
    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// Bytes of all tables together.
    pub fn table_bytes(&self) -> usize {
        self.data.len()
    }

    /// All tables, one after the other, one byte per entry (what the cache file holds).
    pub fn table_data(&self) -> &[u8] {
        &self.data
    }

    /// The additive value of `board` without the reflected lookup (for tests and reports).
    pub fn additive(&self, board: &Board) -> u32 {
        let node = self.start(board);
        node.values[..self.patterns.len()].iter().map(|&v| u32::from(v)).sum()
    }

    /// The rank of pattern `p`'s placement, given every tile's square `at`, on the board or
    /// its mirror.
    fn rank_of(&self, p: usize, at: &[u8; 16], mirrored: bool) -> u32 {
        let pattern = &self.patterns[p];
        let mut squares = [0u8; 8];
        let squares = &mut squares[..pattern.len];
        match (&self.mirror, mirrored) {
            (Some(m), true) => {
                for (s, &t) in squares.iter_mut().zip(&pattern.mirror_tiles) {
                    *s = m.square[at[t as usize] as usize];
                }
            }
            _ => {
                for (s, &t) in squares.iter_mut().zip(&pattern.tiles) {
                    *s = at[t as usize];
                }
            }
        }
        placement::rank(self.n, squares) as u32
    }

    /// Pattern `p`'s value at rank `r`.
    #[inline(always)]
    fn value(&self, p: usize, r: u32) -> u8 {
        self.data[self.patterns[p].offset + r as usize]
    }
}

/// The `slidebench pdb build` command that builds `partition`'s databases for `puzzle` into
/// `cache`.
pub fn build_command(puzzle: &Puzzle, partition: &Partition, cache: &Cache) -> String {
    let goal = puzzle.goal();
    let mut command = format!("slidebench pdb build --shape {}", puzzle.shape());
    if *goal != Board::solved(puzzle.shape()) {
        let cells: Vec<String> = goal.cells().iter().map(u8::to_string).collect();
        command = format!("{command} --goal {}", cells.join(" "));
    }
    command = format!("{command} --partition {}", partition.name());
    if let Some(dir) = cache.dir() {
        command = format!("{command} --pdb-dir {}", dir.display());
    }
    command
}

/// The refusal of [`OnMiss::Refuse`]: what is missing, where it was looked for, and the command
/// that builds it.
fn not_cached(
    puzzle: &Puzzle,
    partition: &Partition,
    cache: &Cache,
    miss: Miss,
    entries: usize,
) -> Error {
    let command = build_command(puzzle, partition, cache);
    let place = match cache.dir() {
        Some(dir) => format!("are not in {} ({})", dir.display(), miss.name()),
        None => "cannot be loaded with the cache disabled".to_string(),
    };
    Error::new(
        ErrorKind::Unsupported,
        format!(
            "the {} pattern databases ({entries} bytes) are built only on request and {place}; \
             build them first with `{command}`",
            partition.name()
        ),
    )
}

/// The mirror about the main diagonal, when it maps the puzzle and its goal onto themselves:
/// a square grid whose goal's empty square lies on the diagonal.
fn mirror_of(puzzle: &Puzzle) -> Option<Mirror> {
    let shape = puzzle.shape();
    let w = shape.width();
    if puzzle.topology() != Topology::Grid || shape.height() != w {
        return None;
    }
    let n = shape.cells();
    let mut square = [0u8; 16];
    for (s, m) in square.iter_mut().enumerate().take(n) {
        *m = ((s % w) * w + s / w) as u8;
    }
    let goal = puzzle.goal().cells();
    let blank = puzzle.goal().blank();
    if square[blank] as usize != blank {
        return None;
    }
    let mut home = [0u8; 16];
    for (s, &t) in goal.iter().enumerate() {
        home[t as usize] = s as u8;
    }
    let mut tile = [0u8; 16];
    for t in 0..n {
        tile[t] = goal[square[home[t] as usize] as usize];
    }
    Some(Mirror { square, tile })
}
