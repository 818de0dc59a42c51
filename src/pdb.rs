//! Additive pattern databases: exact costs of abstractions of the puzzle (only some tiles told
//! apart), built by a reverse search from the goal, summed over disjoint patterns into an
//! admissible heuristic, and cached on disk between runs.
//!
//! Tables store one byte per placement of a pattern's tiles (no compression). On square grids
//! whose goal has the empty square on the main diagonal, the heuristic also looks up the board
//! mirrored about that diagonal (tiles renamed by the same mirror) and takes the larger sum.
//! A pattern that a symmetry of the board carries onto an earlier one reads that one's table
//! (see the `symmetry` module), so the 24-puzzle's 6-6-6-6 needs two tables, not four.
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
mod catalogue;
mod compound;
mod dual;
mod lookup;
mod open;
mod pages;
mod partition;
mod placement;
mod symmetry;
mod zero;

/// Largest board the tables' regions, placements and lookups are indexed over.
pub const MAX_PDB_CELLS: usize = crate::board::MAX_CELLS;

/// Largest board on which any partition runs, save the 24-puzzle's 6-6-6-6: above it the even
/// split's patterns take minutes and gigabytes each, which nothing should start unasked.
pub const MAX_EVEN_CELLS: usize = 16;

/// Why the databases of partition `kind` (`None`: one given square by square) cannot serve
/// `puzzle`'s board, if they cannot: above 16 squares only 6-6-6-6 on the 5×5 grid runs.
pub fn too_large(puzzle: &Puzzle, kind: Option<PartitionKind>) -> Option<String> {
    let cells = puzzle.shape().cells();
    // A partition given square by square is the caller's own choice (its build's bytes are
    // still bounded by `MAX_BUILD_BYTES`).
    let kind = kind?;
    let wide = kind.is_wide() && kind.fits(puzzle.shape());
    if cells <= MAX_EVEN_CELLS || (wide && puzzle.topology() == Topology::Grid) {
        return None;
    }
    Some(format!(
        "pattern databases work on boards up to {MAX_EVEN_CELLS} squares, and on the 5x5 grid \
         with the 6666 partition (idastar-pdb6666), not on the {} {} ({cells} squares) with \
         partition {}",
        puzzle.shape(),
        puzzle.topology(),
        kind.name()
    ))
}

pub use build::{build_bytes, build_states, UNREACHED};
pub use cache::{
    clear, list, unfinished, BuildEvent, BuildPlan, Cache, CacheReport, CachedDatabase, Miss,
    UnfinishedWrite, FORMAT_VERSION,
};
pub use catalogue::{
    shipped_catalogue, Catalogue, CataloguePartition, MAX_GROUP_TILES, MAX_PARTITIONS,
};
pub use compound::{CatalogueNode, CataloguePdb, MAX_CATALOGUE_LOOKUPS};
pub use dual::{DualBound, DualPdb};
pub use open::{build_command, BuildInfo, OnMiss, Source};
pub use partition::{Partition, PartitionKind};
pub use placement::{placements, rank as rank_placement, unrank as unrank_placement};
use symmetry::{Mirror, SquareMap};
pub use zero::{ZeroAwarePdb, ZeroNode, ZERO_AWARE_SUFFIX};

use crate::board::{Board, Puzzle, Topology};
use crate::heuristic::Heuristic;

/// Most patterns in one partition.
pub const MAX_PATTERNS: usize = 4;

/// Most bytes one pattern's build may hold ([`build_bytes`]); 8 tiles of 16 fit (1.04 GB),
/// 9 do not.
pub const MAX_BUILD_BYTES: u64 = 1 << 30;

/// Marks a tile that belongs to no pattern.
const NO_PATTERN: u8 = u8::MAX;

/// Most lookups per board: each pattern on the board and on its mirror.
const MAX_LOOKUPS: usize = 2 * MAX_PATTERNS;

/// One table lookup as the search uses it: a pattern read on the board (lookups below
/// [`MAX_PATTERNS`]) or on its mirror (the rest), seen through the map that carries it onto
/// the squares its table was built for.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    /// The board's tiles in the order of the table's digits (at most 8).
    tiles: [u8; 8],
    len: usize,
    /// Board square to the square of the table's frame.
    frame: SquareMap,
    /// Where the table starts in `PatternDatabases::data`.
    offset: usize,
}

/// Additive pattern databases for one puzzle and partition, usable as a [`Heuristic`].
#[derive(Clone, Debug)]
pub struct PatternDatabases {
    n: usize,
    name: &'static str,
    /// Patterns, each looked up once on the board and once on its mirror.
    patterns: usize,
    /// Lookup `p` for the board's pattern `p`, `MAX_PATTERNS + p` for the mirror's.
    lookups: [Lookup; MAX_LOOKUPS],
    /// Each lookup's table offset, beside the tables for the search's reads.
    offsets: [usize; MAX_LOOKUPS],
    mirror: Option<Mirror>,
    /// Bytes of each distinct table.
    table_sizes: Vec<u64>,
    /// What a move changes in the ranks, precomputed so that the search's step is a few
    /// table reads with no branch on the board (see [`RankDeltas`]).
    deltas: Box<RankDeltas>,
    /// All tables, one after the other, one byte per entry.
    data: Vec<u8>,
}

/// One move of a tile between two squares as one lookup's rank sees it: how far the tile's
/// square changes in the lookup's frame (whose sign also says which way the digits of the
/// tiles passed over shift) and the board squares of the frame squares it passes over.
#[derive(Clone, Copy, Debug)]
struct Span {
    step: i8,
    len: u8,
    squares: [u8; SPAN_ROW - 2],
}

/// A power of two at least [`MAX_PDB_CELLS`]: the stride of the step's tables, so that their
/// addresses are shifts, not multiplies, on the step's path to the table read.
const SPAN_ROW: usize = 32;

/// Precomputed rank arithmetic. A tile moving from `a` to `b` (frame squares) changes its own
/// digit by `b − a` less the earlier tiles of its lookup it passes over, and the digit of every
/// later tile it passes over by one; `passed[l][slot][tile]` is that change, in rank units, for
/// a board tile passed over by lookup `l`'s tile `slot` (zero for other tiles and the empty
/// square).
#[derive(Clone, Debug)]
struct RankDeltas {
    /// Per board tile, the lookup it moves on the board (`[0]`) and on the mirror (`[1]`).
    moves: [[TileMove; MAX_PDB_CELLS]; 2],
    place: [[i32; 8]; MAX_LOOKUPS],
    passed: [[[i32; SPAN_ROW]; 8]; MAX_LOOKUPS],
    /// Indexed by `(a · SPAN_ROW + b) · MAX_LOOKUPS + frame`, frames numbered in order of
    /// first use among the lookups (two on 4×4: the board's and the mirror's), so that one
    /// move's spans in every frame lie together.
    spans: Vec<Span>,
    /// Whether every lookup's frame is its side's number (0 for the board's, 1 for the mirror's).
    frame_is_side: bool,
}

/// The lookup a tile's move changes, the tile's digit there, and the lookup's frame.
#[derive(Clone, Copy, Debug)]
struct TileMove {
    /// The lookup, or `NO_PATTERN`.
    lookup: u8,
    slot: u8,
    frame: u8,
}

/// What a search carries per node: each lookup's placement rank and value (the first
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
    fn from_tables(
        puzzle: &Puzzle,
        partition: &str,
        sharing: &symmetry::Sharing,
        sizes: &[u64],
        data: Vec<u8>,
    ) -> PatternDatabases {
        let n = puzzle.shape().cells();
        let mirror = symmetry::mirror_of(puzzle);
        let mut table_offset = Vec::with_capacity(sizes.len());
        let mut offset = 0usize;
        for &size in sizes {
            table_offset.push(offset);
            offset += size as usize;
        }
        let unused = Lookup { tiles: [0; 8], len: 0, frame: symmetry::identity(), offset: 0 };
        let mut lookups = [unused; MAX_LOOKUPS];
        for (p, of) in sharing.of.iter().enumerate() {
            let mut tiles = [0u8; 8];
            tiles[..of.tiles.len()].copy_from_slice(&of.tiles);
            let direct = Lookup {
                tiles,
                len: of.tiles.len(),
                frame: of.frame,
                offset: table_offset[of.table],
            };
            lookups[p] = direct;
            if let Some(m) = &mirror {
                // On the mirror, the board's tile `m.tile[t]` stands where `t` would, on the
                // mirrored square.
                let mut mirrored = direct;
                for t in &mut mirrored.tiles[..direct.len] {
                    *t = m.tile[*t as usize];
                }
                for (s, f) in mirrored.frame.iter_mut().enumerate().take(n) {
                    *f = direct.frame[m.square[s] as usize];
                }
                lookups[MAX_PATTERNS + p] = mirrored;
            }
        }
        let name = match partition {
            "663" => "pdb663",
            "555" => "pdb555",
            "78" => "pdb78",
            "6666" => "pdb6666",
            "6666b" => "pdb6666b",
            _ => "pdb",
        };
        let patterns = sharing.of.len();
        let deltas = Box::new(RankDeltas::new(puzzle, &lookups, patterns, mirror.is_some()));
        let offsets = std::array::from_fn(|i| lookups[i].offset);
        PatternDatabases {
            n,
            name,
            patterns,
            lookups,
            offsets,
            mirror,
            table_sizes: sizes.to_vec(),
            deltas,
            data,
        }
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
        self.patterns
    }

    /// Bytes of each distinct table (patterns that are images of an earlier one share its).
    pub fn table_sizes(&self) -> &[u64] {
        &self.table_sizes
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
        node.values[..self.patterns].iter().map(|&v| u32::from(v)).sum()
    }

    /// The rank of lookup `i`'s placement, given every tile's square `at`.
    fn rank_of(&self, i: usize, at: &[u8; MAX_PDB_CELLS]) -> u32 {
        let lookup = &self.lookups[i];
        let mut squares = [0u8; 8];
        let squares = &mut squares[..lookup.len];
        for (s, &t) in squares.iter_mut().zip(&lookup.tiles) {
            *s = lookup.frame[at[t as usize] as usize];
        }
        placement::rank(self.n, squares) as u32
    }

    /// Lookup `i`'s value at rank `r`.
    #[inline(always)]
    fn value(&self, i: usize, r: u32) -> u8 {
        self.data[self.offsets[i] + r as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Costs, Shape};

    fn puzzle(w: usize, h: usize, topology: Topology) -> Puzzle {
        let shape = Shape::new(w, h).unwrap();
        Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).unwrap()
    }

    #[test]
    fn nodes_are_equal_exactly_when_they_stand_for_the_same_board() {
        let p = Puzzle::eight();
        let partition = Partition::default_for(p.goal());
        let pdb = PatternDatabases::load_or_build(&p, &partition, &Cache::disabled()).unwrap().0;
        let goal = *p.goal();
        let mut near = goal;
        near.swap_blank(goal.blank(), usize::from(p.moves_from(goal.blank())[0].1));
        assert!(pdb.start(&goal) == pdb.start(&goal));
        assert!(pdb.start(&goal) != pdb.start(&near));
    }

    #[test]
    fn databases_take_their_heuristic_name_from_the_partition() {
        let p = Puzzle::eight();
        let squares = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        for (partition, name) in [
            ("663", "pdb663"),
            ("555", "pdb555"),
            ("78", "pdb78"),
            ("6666", "pdb6666"),
            ("x", "pdb"),
        ] {
            let partition = Partition::from_squares(partition, squares.clone());
            let pdb =
                PatternDatabases::load_or_build(&p, &partition, &Cache::disabled()).unwrap().0;
            assert_eq!(pdb.name(), name);
            // Two patterns of four tiles, no symmetry between them: two tables of 9!/5! entries.
            assert_eq!(pdb.pattern_count(), 2);
            assert_eq!(pdb.table_sizes(), [3_024, 3_024]);
            assert_eq!(pdb.table_bytes(), 6_048);
            assert!(pdb.reflects(), "the 3x3's goal keeps the empty square on the diagonal");
        }
    }

    #[test]
    fn only_6666_on_the_5x5_grid_runs_above_sixteen_squares() {
        let five = puzzle(5, 5, Topology::Grid);
        assert_eq!(too_large(&five, Some(PartitionKind::SixSixSixSix)), None);
        assert_eq!(too_large(&five, None), None, "a partition given square by square");
        assert_eq!(too_large(&puzzle(4, 4, Topology::Grid), Some(PartitionKind::Even)), None);
        assert_eq!(too_large(&puzzle(4, 4, Topology::Torus), Some(PartitionKind::Even)), None);
        let why = too_large(&five, Some(PartitionKind::Even)).unwrap();
        assert!(why.contains("not on the 5x5 grid (25 squares) with partition even"), "{why}");
        let torus = puzzle(5, 5, Topology::Torus);
        let why = too_large(&torus, Some(PartitionKind::SixSixSixSix)).unwrap();
        assert!(why.contains("not on the 5x5 torus (25 squares) with partition 6666"), "{why}");
        assert!(too_large(&puzzle(6, 3, Topology::Grid), Some(PartitionKind::Even)).is_some());
    }
}
