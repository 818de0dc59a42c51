//! Zero-aware pattern databases: the same partitions, with the empty square's region kept in
//! the value (Clausecker & Reinefeld's idea, built here from this crate's own search).
//!
//! An additive table stores, per placement of a pattern's tiles, the fewest pattern moves over
//! every square the empty square could be on. Where the pattern's tiles cut the free squares
//! into several regions that minimum can be far below the cost from the region the empty square
//! is actually in (a corner sealed off by two tiles, say). The build already searches (placement,
//! region) states; this keeps two of their values per placement: the cost when the empty square
//! is in the placement's largest region (`main`), and the least cost over the other regions
//! (`pocket`). Both are lower bounds on the pattern moves still needed from a board whose empty
//! square is in those regions, and the patterns still add up (only their own tiles' moves
//! count). Where the free squares form one region, or no region is the largest, both hold the
//! plain minimum, so the lookup tells regions apart only where the two differ.
//!
//! A move changes the region of the empty square only for the pattern whose tile moved: for
//! every other pattern the empty square stepped between two of its free squares that touch.
//! So the search carries each lookup's occupied squares and asks for the region (a short flood
//! fill on bit masks) only for the moved tile's pattern, and only when its two values differ.
//!
//! This is not Clausecker & Reinefeld's full keying (one value per placement and region). On
//! Korf's 100 with the 6-6-3 tables and no reflected lookup, the two values leave 4.0% more
//! nodes than the exact keying (133,604,734 against 128,431,953; the plain tables 181,599,770),
//! so they keep 90% of its gain in two bytes a placement (the test
//! `the_exact_keying_against_two_values_per_placement_on_korf_instances`).

use super::build::{self, largest_region, neighbour_masks};
use super::open::{out_of_memory, try_filled, BuildInfo, Layout, OnMiss, Source};
use super::{
    build_bytes, build_states, cache, BuildEvent, BuildPlan, Cache, Miss, Partition,
    PatternDatabases, MAX_LOOKUPS, MAX_PATTERNS, MAX_PDB_CELLS, NO_PATTERN, UNREACHED,
};
use crate::board::{Board, Puzzle};
use crate::encoding::Word;
use crate::error::Result;
use crate::heuristic::Heuristic;
use std::time::Instant;

/// What the cache key's partition name gains for the zero-aware tables of a partition.
pub const ZERO_AWARE_SUFFIX: &str = "-zero";

/// Zero-aware additive pattern databases, usable as a [`Heuristic`].
#[derive(Clone, Debug)]
pub struct ZeroAwarePdb {
    /// The partition's lookups, frames and rank arithmetic (its own table data is empty).
    pdb: PatternDatabases,
    name: &'static str,
    /// The tables' entries, each a `main` and `pocket` pair.
    entries: Entries,
    /// Squares next to each square, for the region of the empty square.
    neighbours: [u32; MAX_PDB_CELLS],
    /// Every square of the board.
    board: u32,
}

/// What a search carries per node: each lookup's rank, value and occupied board squares.
#[derive(Clone, Copy, Debug)]
pub struct ZeroNode {
    index: [u32; MAX_LOOKUPS],
    values: [u8; MAX_LOOKUPS],
    occupied: [u32; MAX_LOOKUPS],
}

impl ZeroAwarePdb {
    /// The zero-aware databases of `partition` under `puzzle`: loaded from `cache` when a verified
    /// file is there, else built (or refused) as `on_miss` says, and saved.
    pub fn open(
        puzzle: &Puzzle,
        partition: &Partition,
        cache: &Cache,
        on_miss: OnMiss<'_>,
    ) -> Result<(ZeroAwarePdb, BuildInfo)> {
        let started = Instant::now();
        let layout = Layout::of(puzzle, partition)?;
        let n = puzzle.shape().cells();
        let entries = layout.entries() as usize;
        let name = format!("{}{ZERO_AWARE_SUFFIX}", partition.name());
        let key = cache::Key::new(puzzle, &name, partition.squares());
        let pair_bytes: Vec<u64> = layout.sizes().iter().map(|&s| 2 * s).collect();
        let (pairs, info) = match cache::load(cache, &key, 2 * entries) {
            Ok((data, build_micros, path)) => {
                let info = BuildInfo {
                    source: Source::Loaded,
                    miss: None,
                    seconds: started.elapsed().as_secs_f64(),
                    build_seconds: build_micros as f64 / 1e6,
                    pattern_bytes: pair_bytes,
                    path: Some(path),
                    cache_file: cache.file_for(&key),
                    save_error: None,
                };
                (data, info)
            }
            Err(Miss::OutOfMemory) => {
                let what = format!("load the zero-aware {} pattern databases", partition.name());
                return Err(out_of_memory(2 * entries as u64, &what));
            }
            Err(miss) => {
                let OnMiss::Build(progress) = on_miss else {
                    let bytes = 2 * entries;
                    return Err(super::open::not_cached(
                        puzzle, partition, cache, miss, bytes, true,
                    ));
                };
                build_pairs(puzzle, partition, &layout, cache, &key, miss, progress, started)?
            }
        };
        cache.report(&info);
        let pdb = PatternDatabases::from_tables(
            puzzle,
            partition.name(),
            layout.sharing(),
            layout.sizes(),
            Vec::new(),
        );
        let name = match pdb.name() {
            "pdb663" => "zpdb663",
            "pdb555" => "zpdb555",
            "pdb78" => "zpdb78",
            "pdb6666" => "zpdb6666",
            "pdb6666b" => "zpdb6666b",
            _ => "zpdb",
        };
        let zero = ZeroAwarePdb {
            pdb,
            name,
            entries: Entries::new(pairs),
            neighbours: neighbour_masks(puzzle),
            board: ((1u64 << n) - 1) as u32,
        };
        Ok((zero, info))
    }

    /// Whether `cache` holds a file for the zero-aware tables of `partition` (see
    /// [`PatternDatabases::cached`]).
    pub fn cached(puzzle: &Puzzle, partition: &Partition, cache: &Cache) -> bool {
        let Ok(layout) = Layout::of(puzzle, partition) else { return false };
        let name = format!("{}{ZERO_AWARE_SUFFIX}", partition.name());
        let key = cache::Key::new(puzzle, &name, partition.squares());
        cache::usable(cache, &key, 2 * layout.entries())
    }

    /// Bytes of all tables together, as held in memory (one per placement when the pairs are
    /// coded, else two).
    pub fn table_bytes(&self) -> usize {
        match &self.entries {
            Entries::Coded { codes, .. } => codes.len() + 2 * CODES,
            Entries::Pairs(pairs) => pairs.len(),
        }
    }

    /// The same databases with the reflected lookup off.
    #[must_use]
    pub fn without_reflection(mut self) -> ZeroAwarePdb {
        self.pdb = self.pdb.without_reflection();
        self
    }

    /// The lookups in use: the board's patterns, then the mirror's when it is on.
    fn active(&self) -> impl Iterator<Item = usize> {
        let k = self.pdb.patterns;
        let mirrored =
            if self.pdb.mirror.is_some() { MAX_PATTERNS..MAX_PATTERNS + k } else { 0..0 };
        (0..k).chain(mirrored)
    }

    /// Lookup `i`'s value at rank `r`, its tiles on board squares `occupied`, the empty square
    /// on `blank`.
    #[inline(always)]
    fn value(&self, i: usize, r: u32, occupied: u32, blank: usize) -> u8 {
        let [main, pocket] = self.entries.pair(self.pdb.offsets[i] + r as usize);
        if main == pocket || self.in_largest_region(occupied, blank) {
            main
        } else {
            pocket
        }
    }

    /// Whether `blank` lies in the largest region of the free squares (`occupied` has one).
    #[inline]
    fn in_largest_region(&self, occupied: u32, blank: usize) -> bool {
        let free = (self.board & !occupied).count_ones();
        // A region holding more than half the free squares is the largest.
        let mut seen = 1u32 << blank;
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0u32;
            let mut f = frontier;
            while f != 0 {
                next |= self.neighbours[f.trailing_zeros() as usize];
                f &= f - 1;
            }
            frontier = next & !occupied & !seen;
            seen |= frontier;
            if 2 * seen.count_ones() > free {
                return true;
            }
        }
        largest_region(&self.neighbours, occupied, self.board) == Some(seen)
    }

    fn direct_sum(&self, node: &ZeroNode) -> u32 {
        node.values[..self.pdb.patterns].iter().map(|&v| u32::from(v)).sum()
    }

    fn mirrored_sum(&self, node: &ZeroNode) -> u32 {
        let k = self.pdb.patterns;
        node.values[MAX_PATTERNS..MAX_PATTERNS + k].iter().map(|&v| u32::from(v)).sum()
    }
}

impl Heuristic for ZeroAwarePdb {
    type Node = ZeroNode;

    fn name(&self) -> &'static str {
        self.name
    }

    fn start(&self, board: &Board) -> ZeroNode {
        let mut at = [0u8; MAX_PDB_CELLS];
        for (s, &t) in board.cells().iter().enumerate() {
            at[t as usize] = s as u8;
        }
        let mut node = ZeroNode {
            index: [0; MAX_LOOKUPS],
            values: [0; MAX_LOOKUPS],
            occupied: [0; MAX_LOOKUPS],
        };
        for i in self.active() {
            let lookup = &self.pdb.lookups[i];
            let occupied =
                lookup.tiles[..lookup.len].iter().fold(0u32, |m, &t| m | 1 << at[t as usize]);
            let r = self.pdb.rank_of(i, &at);
            node.index[i] = r;
            node.occupied[i] = occupied;
            node.values[i] = self.value(i, r, occupied, board.blank());
        }
        node
    }

    #[inline(always)]
    fn estimate(&self, node: &ZeroNode) -> u32 {
        let direct = self.direct_sum(node);
        if self.pdb.mirror.is_none() {
            return direct;
        }
        direct.max(self.mirrored_sum(node))
    }

    #[inline(always)]
    fn step<W: Word>(
        &self,
        node: &ZeroNode,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> ZeroNode {
        let mut next = *node;
        let d = &self.pdb.deltas;
        let sides = if self.pdb.mirror.is_some() { 2 } else { 1 };
        for side in 0..sides {
            let m = d.moves[side][tile as usize];
            let i = m.lookup as usize;
            if i == NO_PATTERN as usize {
                continue;
            }
            let frame = if d.frame_is_side { side } else { usize::from(m.frame) };
            let r = d.moved(node.index[i], m, frame, from, to, packed_after);
            let occupied = node.occupied[i] ^ (1 << from) ^ (1 << to);
            next.index[i] = r;
            next.occupied[i] = occupied;
            // The empty square is where the tile came from.
            next.values[i] = self.value(i, r, occupied, from);
        }
        next
    }
}

/// How many distinct pairs a byte can name.
const CODES: usize = 256;

/// Each code's (`main`, `pocket`) pair.
type Dictionary = Box<[[u8; 2]; CODES]>;

/// The tables' (`main`, `pocket`) pairs in memory. Few distinct pairs occur (on the 5×5's
/// 6-tile tables, 36 values of `main` and `pocket - main` in {-6, -4, …, 6}: under 256), so
/// each entry is held as one byte naming its pair in a 512-byte dictionary: the same values in
/// half the memory, which a search reading at random over hundreds of megabytes feels. Files
/// keep the pairs; the coding is done on loading.
#[derive(Clone, Debug)]
enum Entries {
    /// One byte per entry: its pair is `pairs[code]`.
    Coded { codes: Vec<u8>, pairs: Dictionary },
    /// Two bytes per entry, `main` then `pocket` (more distinct pairs than a byte names).
    Pairs(Vec<u8>),
}

impl Entries {
    /// The entries of `pairs` (`main` then `pocket` per entry), coded when their distinct
    /// pairs fit in a byte and the memory for the codes is there.
    fn new(pairs: Vec<u8>) -> Entries {
        match Self::code(&pairs) {
            Some((codes, dictionary)) => Entries::Coded { codes, pairs: dictionary },
            None => Entries::Pairs(pairs),
        }
    }

    fn code(pairs: &[u8]) -> Option<(Vec<u8>, Dictionary)> {
        const NONE: u16 = u16::MAX;
        let mut code_of = vec![NONE; 1 << 16];
        let mut dictionary = Box::new([[0u8; 2]; CODES]);
        let mut used = 0;
        for pair in pairs.chunks_exact(2) {
            let key = usize::from(pair[0]) << 8 | usize::from(pair[1]);
            if code_of[key] == NONE {
                if used == CODES {
                    return None;
                }
                code_of[key] = used as u16;
                dictionary[used] = [pair[0], pair[1]];
                used += 1;
            }
        }
        let mut codes = Vec::new();
        super::pages::reserve_exact(&mut codes, pairs.len() / 2).ok()?;
        codes.extend(
            pairs
                .chunks_exact(2)
                .map(|pair| code_of[usize::from(pair[0]) << 8 | usize::from(pair[1])] as u8),
        );
        Some((codes, dictionary))
    }

    /// Entry `e`'s (`main`, `pocket`).
    #[inline(always)]
    fn pair(&self, e: usize) -> [u8; 2] {
        match self {
            Entries::Coded { codes, pairs } => pairs[usize::from(codes[e])],
            Entries::Pairs(pairs) => [pairs[2 * e], pairs[2 * e + 1]],
        }
    }
}

/// The region of `blank` among the squares `occupied` leaves free (for tests).
#[cfg(test)]
fn region_of(pdb: &ZeroAwarePdb, occupied: u32, blank: usize) -> u32 {
    build::region(&pdb.neighbours, blank, occupied)
}

/// Builds the zero-aware tables of every built pattern of `layout`, interleaved, and saves them.
#[allow(clippy::too_many_arguments)]
fn build_pairs(
    puzzle: &Puzzle,
    partition: &Partition,
    layout: &Layout,
    cache: &Cache,
    key: &cache::Key,
    miss: Miss,
    progress: &(dyn Fn(u64) + Sync),
    started: Instant,
) -> Result<(Vec<u8>, BuildInfo)> {
    let n = puzzle.shape().cells();
    let entries = layout.entries() as usize;
    let name = format!("{}{ZERO_AWARE_SUFFIX}", partition.name());
    let pair_bytes: Vec<u64> = layout.sizes().iter().map(|&s| 2 * s).collect();
    let what = format!("build the zero-aware {} pattern databases", partition.name());
    let built = layout.built();
    let plan = BuildPlan {
        shape: puzzle.shape(),
        partition: name.clone(),
        states: built.iter().map(|&p| build_states(n, layout.tiles(p).len())).sum(),
        table_bytes: 2 * entries as u64,
        work_bytes: built
            .iter()
            .map(|&p| build_bytes(n, layout.tiles(p).len()) + 2 * layout.size_of(p))
            .max()
            .unwrap_or(0),
        cache_file: cache.file_for(key),
    };
    cache.watch(BuildEvent::Start(&plan));
    progress(0);
    let told = |states: u64| {
        progress(states);
        cache.watch(BuildEvent::Expanded(states));
    };
    let mut pairs = try_filled(2 * entries, UNREACHED, &what)?;
    let mut rest = pairs.as_mut_slice();
    for (&p, &size) in built.iter().zip(layout.sizes()) {
        let size = size as usize;
        let (table, tail) = rest.split_at_mut(2 * size);
        let mut main = try_filled(size, UNREACHED, &what)?;
        let mut pocket = try_filled(size, UNREACHED, &what)?;
        let squares = &partition.squares()[p];
        build::build_zero_aware_into(puzzle, squares, &mut main, &mut pocket, &told)
            .map_err(|bytes| out_of_memory(bytes, &what))?;
        for ((pair, m), q) in table.chunks_exact_mut(2).zip(&main).zip(&pocket) {
            pair.copy_from_slice(&[*m, *q]);
        }
        rest = tail;
    }
    cache.watch(BuildEvent::Finished);
    let build_seconds = started.elapsed().as_secs_f64();
    let (path, save_error) = if cache.dir().is_some() {
        match cache::save(cache, key, (build_seconds * 1e6) as u64, &pairs) {
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
        pattern_bytes: pair_bytes,
        path,
        cache_file: cache.file_for(key),
        save_error,
    };
    Ok((pairs, info))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Costs, Shape, Topology};
    use crate::heuristic::estimate_board;
    use std::collections::{HashMap, VecDeque};

    fn open(puzzle: &Puzzle, squares: Vec<Vec<u8>>) -> (ZeroAwarePdb, PatternDatabases) {
        let partition = Partition::from_squares("t", squares);
        let cache = Cache::disabled();
        let zero =
            ZeroAwarePdb::open(puzzle, &partition, &cache, OnMiss::Build(&|_| {})).unwrap().0;
        let plain = PatternDatabases::load_or_build(puzzle, &partition, &cache).unwrap().0;
        (zero, plain)
    }

    /// Every board's distance, by a breadth-first search from the goal.
    fn distances(puzzle: &Puzzle) -> HashMap<Board, u32> {
        let mut dist = HashMap::from([(*puzzle.goal(), 0u32)]);
        let mut queue = VecDeque::from([*puzzle.goal()]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            for &(_, to) in puzzle.moves_from(b.blank()) {
                let mut c = b;
                c.swap_blank(b.blank(), usize::from(to));
                dist.entry(c).or_insert_with(|| {
                    queue.push_back(c);
                    d + 1
                });
            }
        }
        dist
    }

    #[test]
    fn zero_aware_values_lie_between_the_plain_tables_and_the_true_distance_on_the_3x3() {
        let puzzle = Puzzle::eight();
        // Tiles 1 2 4 / 3 5 6 7 8 on the usual goal: pattern tiles that seal corners off.
        let (zero, plain) = open(&puzzle, vec![vec![0, 1, 3], vec![2, 4, 5, 6, 7]]);
        let mut stronger = 0;
        for (board, d) in distances(&puzzle) {
            let (z, p) = (estimate_board(&zero, &board), estimate_board(&plain, &board));
            assert!(p <= z && z <= d, "{board}: plain {p}, zero-aware {z}, distance {d}");
            stronger += usize::from(z > p);
        }
        assert!(stronger > 1000, "the region matters on many boards: {stronger}");
    }

    /// Per (placement, square of the empty square), the fewest pattern moves that bring the
    /// tiles on goal squares `squares` home: a 0-1 breadth-first search over (placement, empty
    /// square), the exact keying the two values per placement approximate.
    fn exact_table(puzzle: &Puzzle, squares: &[u8]) -> Vec<u8> {
        use super::super::placement::{placements, rank, unrank};
        let (n, k) = (puzzle.shape().cells(), squares.len());
        let mut dist = vec![UNREACHED; placements(n, k) as usize * MAX_PDB_CELLS];
        let start = rank(n, squares) * MAX_PDB_CELLS + puzzle.goal().blank();
        dist[start] = 0;
        let mut queue = VecDeque::from([start]);
        let mut at = vec![0u8; k];
        while let Some(s) = queue.pop_front() {
            let (p, blank) = (s / MAX_PDB_CELLS, s % MAX_PDB_CELLS);
            let d = dist[s];
            unrank(n, p, &mut at);
            for &(_, to) in puzzle.moves_from(blank) {
                let (next, cost) = match at.iter().position(|&q| q == to) {
                    Some(j) => {
                        at[j] = blank as u8;
                        let r = rank(n, &at);
                        at[j] = to;
                        (r * MAX_PDB_CELLS + usize::from(to), 1)
                    }
                    None => (p * MAX_PDB_CELLS + usize::from(to), 0),
                };
                if d + cost < dist[next] {
                    dist[next] = d + cost;
                    if cost == 0 {
                        queue.push_front(next);
                    } else {
                        queue.push_back(next);
                    }
                }
            }
        }
        dist
    }

    /// The exact keying as a heuristic, for measuring the two-value scheme's gap: `zero`'s
    /// nodes and lookups, each lookup's value read per (table entry, square of the empty
    /// square) from `exact` ([`exact_table`]'s, table after table). Every lookup is keyed
    /// again after each move; those whose tiles stayed keep their value, since the empty
    /// square moved within one region of their free squares, where the exact value is one.
    struct ExactKeyed {
        zero: ZeroAwarePdb,
        exact: Vec<u8>,
    }

    impl ExactKeyed {
        fn key(&self, node: &mut ZeroNode, blank: usize) {
            for i in self.zero.active() {
                let entry = self.zero.pdb.offsets[i] + node.index[i] as usize;
                node.values[i] = self.exact[MAX_PDB_CELLS * entry + blank];
            }
        }
    }

    impl Heuristic for ExactKeyed {
        type Node = ZeroNode;

        fn name(&self) -> &'static str {
            "zpdb-exact"
        }

        fn start(&self, board: &Board) -> ZeroNode {
            let mut node = self.zero.start(board);
            self.key(&mut node, board.blank());
            node
        }

        fn estimate(&self, node: &ZeroNode) -> u32 {
            self.zero.estimate(node)
        }

        fn step<W: Word>(
            &self,
            node: &ZeroNode,
            packed_after: W,
            tile: u8,
            from: usize,
            to: usize,
        ) -> ZeroNode {
            let mut next = self.zero.step(node, packed_after, tile, from, to);
            // The empty square is where the tile came from.
            self.key(&mut next, from);
            next
        }
    }

    /// The two-value scheme against the exact (placement, region) keying on the 15-puzzle's
    /// 6-6-3 partition for Korf's goal (no reflected lookup): both find the published lengths,
    /// the exact one never estimates less at the root; prints the nodes of each.
    #[test]
    #[ignore = "exhaustive: exact zero-aware 6-6-3 tables (two 0-1 searches of 92M states) and IDA* on Korf's instances"]
    fn the_exact_keying_against_two_values_per_placement_on_korf_instances() {
        use crate::cases::korf100;
        use crate::solver::idastar::ida_star;
        let puzzle = korf100::korf_puzzle();
        let partition =
            Partition::for_goal(super::super::PartitionKind::SixSixThree, puzzle.goal()).unwrap();
        let cache = Cache::disabled();
        let two = ZeroAwarePdb::open(&puzzle, &partition, &cache, OnMiss::Build(&|_| {}))
            .unwrap()
            .0
            .without_reflection();
        let plain = PatternDatabases::load_or_build(&puzzle, &partition, &cache)
            .unwrap()
            .0
            .without_reflection();
        let layout = Layout::of(&puzzle, &partition).unwrap();
        assert_eq!(layout.built().len(), partition.squares().len(), "no shared tables");
        let exact: Vec<u8> = layout
            .built()
            .iter()
            .flat_map(|&p| exact_table(&puzzle, &partition.squares()[p]))
            .collect();
        let exact = ExactKeyed { zero: two.clone(), exact };
        let count: usize =
            std::env::var("ZERO_INSTANCES").ok().and_then(|c| c.parse().ok()).unwrap_or(25);
        let mut sums = [0u64; 3];
        for k in korf100::instances().iter().take(count) {
            let nodes: Vec<u64> = [
                ida_star(&puzzle, &plain, &k.board, &crate::Budget::UNLIMITED).unwrap(),
                ida_star(&puzzle, &two, &k.board, &crate::Budget::UNLIMITED).unwrap(),
                ida_star(&puzzle, &exact, &k.board, &crate::Budget::UNLIMITED).unwrap(),
            ]
            .iter()
            .map(|out| {
                assert_eq!(out.moves.len() as u32, k.length, "instance {}", k.id);
                out.nodes
            })
            .collect();
            let starts =
                [two.estimate(&two.start(&k.board)), exact.estimate(&exact.start(&k.board))];
            assert!(starts[0] <= starts[1], "instance {}: {starts:?}", k.id);
            println!(
                "instance {}: plain {} two-value {} exact {}",
                k.id, nodes[0], nodes[1], nodes[2]
            );
            for (s, n) in sums.iter_mut().zip(&nodes) {
                *s += n;
            }
        }
        println!(
            "{count} instances, total nodes: plain {} two-value {} exact {}",
            sums[0], sums[1], sums[2]
        );
    }

    /// Coded entries read back every pair exactly, in half the bytes; with more distinct pairs
    /// than a byte names, the pairs are kept as they are.
    #[test]
    fn coded_entries_read_back_every_pair() {
        let pairs: Vec<u8> = (0..10_000u32).flat_map(|e| [(e % 36) as u8, (e % 7) as u8]).collect();
        let entries = Entries::new(pairs.clone());
        assert!(matches!(entries, Entries::Coded { ref codes, .. } if codes.len() == 5_000 * 2));
        for e in 0..10_000 {
            assert_eq!(entries.pair(e), [pairs[2 * e], pairs[2 * e + 1]], "entry {e}");
        }
        let many: Vec<u8> = (0..=u16::MAX).flat_map(u16::to_le_bytes).collect();
        let entries = Entries::new(many.clone());
        assert!(matches!(entries, Entries::Pairs(_)));
        assert_eq!(entries.pair(0x1234), [0x34, 0x12]);
    }

    /// The 4×3 (12 squares) with its usual goal.
    fn four_by_three() -> Puzzle {
        let shape = Shape::new(4, 3).unwrap();
        Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap()
    }

    /// A 7-tile and a 4-tile pattern on the 4×3: the width of the 7-8 partition's smaller
    /// pattern, with five free squares for the regions (3,991,680 placements).
    const SEVEN_FOUR: [&[u8]; 2] = [&[0, 1, 2, 3, 4, 5, 6], &[7, 8, 9, 10]];

    #[test]
    fn stepped_nodes_equal_nodes_started_from_the_board() {
        let puzzle = four_by_three();
        let (zero, _) = open(&puzzle, vec![vec![0, 1, 4, 5], vec![2, 3, 6, 7], vec![8, 9, 10]]);
        walk_and_compare_with_fresh_starts(&puzzle, &zero);
    }

    #[test]
    fn stepped_nodes_equal_nodes_started_from_the_board_with_a_seven_tile_pattern() {
        let puzzle = four_by_three();
        let (zero, _) = open(&puzzle, SEVEN_FOUR.iter().map(|s| s.to_vec()).collect());
        walk_and_compare_with_fresh_starts(&puzzle, &zero);
    }

    /// With a 7-tile pattern the zero-aware sum still lies between the plain tables' and the
    /// true distance (found by IDA* over the plain tables) on seeded walks of the 4×3.
    #[test]
    fn a_seven_tile_pattern_lies_between_the_plain_tables_and_the_true_distance_on_the_4x3() {
        use crate::solver::idastar::ida_star;
        let puzzle = four_by_three();
        let (zero, plain) = open(&puzzle, SEVEN_FOUR.iter().map(|s| s.to_vec()).collect());
        let (mut board, mut seed, mut stronger) = (*puzzle.goal(), 11u64, 0);
        for walk in 0..40 {
            for _ in 0..7 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let moves = puzzle.moves_from(board.blank());
                let to = usize::from(moves[(seed >> 33) as usize % moves.len()].1);
                board.swap_blank(board.blank(), to);
            }
            let d = ida_star(&puzzle, &plain, &board, &crate::Budget::UNLIMITED).unwrap();
            let d = d.moves.len() as u32;
            let (z, p) = (estimate_board(&zero, &board), estimate_board(&plain, &board));
            assert!(
                p <= z && z <= d,
                "walk {walk}, {board}: plain {p}, zero-aware {z}, distance {d}"
            );
            stronger += usize::from(z > p);
        }
        assert!(stronger > 0, "the region matters on some board");
    }

    /// Steps a seeded random walk from the goal, checking each stepped node against a fresh start.
    fn walk_and_compare_with_fresh_starts(puzzle: &Puzzle, zero: &ZeroAwarePdb) {
        let mut board = *puzzle.goal();
        let mut node = zero.start(&board);
        let mut seed = 7u64;
        for _ in 0..5_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let moves = puzzle.moves_from(board.blank());
            let to = usize::from(moves[(seed >> 33) as usize % moves.len()].1);
            let from = board.blank();
            let tile = board.cells()[to];
            board.swap_blank(from, to);
            node = zero.step(&node, <u64 as Word>::of_board(&board), tile, to, from);
            let fresh = zero.start(&board);
            assert_eq!(node.values, fresh.values, "{board}");
            assert_eq!(zero.estimate(&node), zero.estimate(&fresh));
            for i in zero.active() {
                let blank = board.blank();
                assert_ne!(region_of(zero, node.occupied[i], blank) & 1 << blank, 0);
            }
        }
    }
}
