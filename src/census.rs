//! Whole-space census: a breadth-first search from the default goal over every reachable
//! arrangement, counting how many states lie at each distance.
//!
//! The table holds 2 bits per state, so the 4×3 grid's 239,500,800 states fit in 60 MB:
//! `00` not seen yet, `11` done, and the current and next layers alternate between `01` and
//! `10`. Layers are found level-synchronously: each pass scans the table in parallel chunks for
//! the current layer, closes each hit to `11` and marks its unseen neighbours with an atomic OR
//! of the next layer's code, counting the new layer as it goes. (A distance-mod-3 code would
//! save the closing OR but make every pass re-expand all older layers of the same residue.)
//!
//! A state is indexed by its empty square `b` and the Lehmer rank `r` of the tiles read in square
//! order with the empty square skipped: `index = b * block + (r >> shift)`. Moving the empty
//! square to a neighbour only rotates the tiles between the two squares, so a horizontal grid
//! move keeps `r` (and lands at the same offset of the next block) and a vertical one changes
//! only the Lehmer digits of the rotated window. On a grid, the parity rule fixes the parity of
//! the tiles for each empty square; ranks `2k` and `2k + 1` differ by one swap, so exactly one of
//! them is reachable and `shift = 1` indexes only the `n!/2` reachable states. The torus is not
//! assumed connected: `shift = 0` indexes all `n!` arrangements and counts what the search
//! reaches.

use crate::board::{Board, Costs, MoveTable, Puzzle, Shape, Topology, MAX_CELLS};
use crate::error::{Error, ErrorKind, Result};
use crate::rank::FACTORIAL;
use crate::units::{group_digits, group_digits_wide, human_bytes, human_bytes_wide};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

mod bounded;
mod cursor;
pub use bounded::{census_to_depth, DepthCensus};
use cursor::Cursor;

/// Default bound on the number of table entries a census may index: room for every 4×3
/// arrangement (12! = 479,001,600, 120 MB), refusing 4×4 and larger at once.
pub const DEFAULT_CENSUS_MAX_STATES: u64 = 1 << 29;

/// The outcome of a census.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Board shape searched.
    pub shape: Shape,
    /// Move rules searched.
    pub topology: Topology,
    /// `counts[d]` = number of states at distance `d` from the goal.
    pub counts: Vec<u64>,
    /// Number of states reached (the sum of `counts`).
    pub total: u64,
    /// Wall time of the search, table allocation included.
    pub elapsed: Duration,
    /// Size of the state table, so reports can relate memory to the shape.
    pub table_bytes: u64,
}

impl Census {
    /// The largest distance reached (the puzzle's diameter from the goal).
    pub fn max_distance(&self) -> usize {
        self.counts.len().saturating_sub(1)
    }
}

/// (entries the table must index, bytes it needs) for a shape, without allocating anything,
/// so callers can check a census against a memory bound first. Exact above 20 squares too
/// (25!/2 needs 83 bits), so a refusal can say how large the space really is.
pub fn census_size(shape: Shape, topology: Topology) -> (u128, u128) {
    let n = crate::rank::arrangements(shape.cells());
    let entries = match topology {
        Topology::Grid => n / 2,
        Topology::Torus => n,
    };
    (entries, entries.div_ceil(u128::from(STATES_PER_WORD)) * 8)
}

/// Runs the census; refuses at once, before allocating, with [`ErrorKind::TooLarge`] when the
/// table would index more than `max_states` entries.
pub fn census(shape: Shape, topology: Topology, max_states: u64) -> Result<Census> {
    Ok(census_keeping(shape, topology, max_states, 0)?.0)
}

/// [`census`], and the boards farthest from the goal when there are at most `keep` of them
/// (else none): the hardest cases of the space, each at a distance the census proves, which
/// `slidebench check` holds its solvers to.
pub fn census_with_deepest(
    shape: Shape,
    topology: Topology,
    max_states: u64,
    keep: usize,
) -> Result<(Census, Vec<Board>)> {
    census_keeping(shape, topology, max_states, keep)
}

/// The census, keeping the states of the last layer found while it holds at most `keep`.
fn census_keeping(
    shape: Shape,
    topology: Topology,
    max_states: u64,
    keep: usize,
) -> Result<(Census, Vec<Board>)> {
    let (entries, bytes) = census_size(shape, topology);
    let what = match topology {
        Topology::Grid => "reachable states",
        Topology::Torus => "arrangements",
    };
    let need = format!(
        "{shape} {topology}: {} {what}; a census needs {} at 2 bits per state",
        group_digits_wide(entries),
        human_bytes_wide(bytes)
    );
    // Its states are numbered in 64 bits (ranks of at most 20 tiles): above 20 squares no
    // bound admits a census, and saying "raise it" would send people after nothing.
    let Ok(entries) = u64::try_from(entries) else {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{need}, and it numbers its states in 64 bits, so it runs only on boards of at \
                 most 20 squares ({} has {}), whatever --max-states says",
                shape,
                shape.cells()
            ),
        ));
    };
    if entries > max_states {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{need}, over the bound of {} states (raise it with --max-states)",
                group_digits(max_states)
            ),
        ));
    }
    let bytes = bytes as u64;
    let start = Instant::now();
    let space = Space::new(shape, topology)?;
    let words = entries.div_ceil(STATES_PER_WORD) as usize;
    let mut table: Vec<AtomicU64> = Vec::new();
    table.try_reserve_exact(words).map_err(|_| {
        Error::new(
            ErrorKind::TooLarge,
            format!("cannot allocate {} for the census table", human_bytes(bytes)),
        )
    })?;
    table.resize_with(words, || AtomicU64::new(0));

    let goal = space.goal_index();
    mark(&table, goal, code(0));
    let mut counts = vec![1u64];
    let mut deepest = if keep > 0 { vec![goal] } else { Vec::new() };
    let chunks = words.div_ceil(CHUNK_WORDS);
    loop {
        let d = counts.len() - 1;
        let (cur, next) = (code(d), code(d + 1));
        let found: u64 = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let lo = c * CHUNK_WORDS;
                let hi = (lo + CHUNK_WORDS).min(words);
                space.expand(&table, lo, hi, cur, next)
            })
            .sum();
        if found == 0 {
            break;
        }
        counts.push(found);
        // The new layer is still open (coded `next`) until the next pass closes it: read it
        // now while it is small, since it may be the last.
        deepest.clear();
        if found <= keep as u64 {
            deepest = layer_indices(&table, next);
        }
    }
    let total = counts.iter().sum();
    let boards = deepest.iter().map(|&i| space.board_at(shape, i)).collect();
    let census =
        Census { shape, topology, counts, total, elapsed: start.elapsed(), table_bytes: bytes };
    Ok((census, boards))
}

/// The indices of the states coded `code`, in index order.
fn layer_indices(table: &[AtomicU64], code: u64) -> Vec<u64> {
    let pattern = code * LOW_BITS;
    let mut out = Vec::new();
    for (wi, word) in table.iter().enumerate() {
        let y = word.load(Relaxed) ^ pattern;
        let mut hits = !(y | (y >> 1)) & LOW_BITS;
        while hits != 0 {
            let bit = u64::from(hits.trailing_zeros());
            hits &= hits - 1;
            out.push(wi as u64 * STATES_PER_WORD + bit / 2);
        }
    }
    out
}

/// Peak resident set size of this process so far (`VmHWM` from /proc/self/status), if known;
/// the census reports it because its memory is the point of the 2-bit table.
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 =
        line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

const STATES_PER_WORD: u64 = 32;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
/// Table words per parallel work item: 131,072 states, enough to amortise the task overhead
/// and small enough to balance two to many cores.
const CHUNK_WORDS: usize = 1 << 12;

/// The 2-bit code of the layer at distance `d` while it is open: `01` or `10`, alternating;
/// `00` stays free for "not seen" and `11` for "done".
fn code(d: usize) -> u64 {
    (d % 2) as u64 + 1
}

fn mark(table: &[AtomicU64], idx: u64, code: u64) {
    let shift = (idx % STATES_PER_WORD) * 2;
    table[(idx / STATES_PER_WORD) as usize].fetch_or(code << shift, Relaxed);
}

/// Neighbours gathered before they are marked: enough to keep many cache misses in flight.
const BATCH: usize = 64;

/// Marks each unseen state of `targets` with `next`; returns how many this call marked first.
#[allow(clippy::verbose_bit_mask)] // a 2-bit field test reads plainer as a mask than as zeros
fn mark_unseen(table: &[AtomicU64], targets: &[u64], next: u64) -> u64 {
    let mut found = 0;
    for &idx in targets {
        let word = &table[(idx / STATES_PER_WORD) as usize];
        let sh = (idx % STATES_PER_WORD) * 2;
        // A plain load first: most neighbours are already seen, and a locked OR is costly.
        if (word.load(Relaxed) >> sh) & 3 == 0 {
            let prev = word.fetch_or(next << sh, Relaxed);
            found += ((prev >> sh) & 3 == 0) as u64;
        }
    }
    found
}

#[inline(always)]
#[allow(unsafe_code)] // the one intrinsic: a cache hint that cannot fault
fn prefetch(word: &AtomicU64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint; the address is a valid reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(word.as_ptr() as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = word;
}

/// The index layout and move table of one shape and topology.
struct Space {
    /// Tiles (squares minus the empty one).
    m: usize,
    /// 1 on a grid (one of each rank pair is reachable), 0 on a torus.
    shift: u32,
    /// Entries per empty-square position.
    block: u64,
    /// The puzzle's move table.
    moves: MoveTable,
    /// Grid only: the inversion parity the tiles must have for each empty square.
    parity: [u8; MAX_CELLS],
    /// Index of the goal state.
    goal_blank: usize,
}

impl Space {
    fn new(shape: Shape, topology: Topology) -> Result<Space> {
        let n = shape.cells();
        let m = n - 1;
        let puzzle = Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape))?;
        let shift = match topology {
            Topology::Grid => 1,
            Topology::Torus => 0,
        };
        // Parity rule: inversions(cells) + taxicab(blank, goal blank) must match the goal's.
        // inversions(cells) = inversions(tiles) + b (the empty square, valued 0, is smaller
        // than the b tiles before it); the goal has blank n-1 and sorted tiles.
        let w = shape.width();
        let mut parity = [0u8; MAX_CELLS];
        for (b, p) in parity.iter_mut().enumerate().take(n) {
            let g = n - 1;
            let taxicab = (b / w).abs_diff(g / w) + (b % w).abs_diff(g % w);
            *p = ((g + b + taxicab) % 2) as u8;
        }
        Ok(Space {
            m,
            shift,
            block: FACTORIAL[m] >> shift,
            moves: *puzzle.move_table(),
            parity,
            goal_blank: n - 1,
        })
    }

    /// The board of table entry `idx`: tiles named `1..=m` as in the default goal.
    fn board_at(&self, shape: Shape, idx: u64) -> Board {
        let b = (idx / self.block) as usize;
        let mut cursor = Cursor::new();
        cursor.seek(self, b, (idx % self.block) << self.shift);
        let mut cells = [0u8; MAX_CELLS];
        let mut tiles = cursor.t[..self.m].iter();
        for (s, c) in cells.iter_mut().enumerate().take(self.m + 1) {
            if s != b {
                *c = tiles.next().map_or(0, |&t| t + 1);
            }
        }
        Board::from_cells(shape, &cells[..=self.m]).expect("a cursor holds a permutation")
    }

    fn goal_index(&self) -> u64 {
        // Sorted tiles have rank 0 and even parity.
        self.goal_blank as u64 * self.block
    }

    /// One pass over table words `lo..hi`: every state coded `cur` marks its unseen
    /// neighbours `next`. Returns how many states this call marked first.
    fn expand(&self, table: &[AtomicU64], lo: usize, hi: usize, cur: u64, next: u64) -> u64 {
        let pattern = cur * LOW_BITS;
        let mut cursor = Cursor::new();
        let mut found = 0u64;
        // Neighbour indices wait in a batch, prefetched, so their cache misses overlap.
        let mut batch = [0u64; BATCH + 4 * STATES_PER_WORD as usize];
        let mut len = 0;
        // Block of the last hit, so the division by the block size happens once per block.
        let (mut b, mut base) = (usize::MAX, 0u64);
        for (wi, word) in table.iter().enumerate().take(hi).skip(lo) {
            let y = word.load(Relaxed) ^ pattern;
            let mut hits = !(y | (y >> 1)) & LOW_BITS;
            if hits == 0 {
                continue;
            }
            // Close the hits (01 or 10 becomes 11) so later passes skip them; other threads
            // may be OR-ing new marks into unseen fields of the same word meanwhile.
            word.fetch_or(if cur == 1 { hits << 1 } else { hits }, Relaxed);
            while hits != 0 {
                let bit = hits.trailing_zeros() as u64;
                hits &= hits - 1;
                let idx = wi as u64 * STATES_PER_WORD + bit / 2;
                if b == usize::MAX || idx >= base + self.block {
                    b = (idx / self.block) as usize;
                    base = b as u64 * self.block;
                }
                cursor.seek(self, b, (idx - base) << self.shift);
                for &(_, b2) in self.moves.moves_from(b) {
                    let b2 = b2 as usize;
                    let r2 = self.neighbour_rank(&cursor, b, b2);
                    let idx2 = b2 as u64 * self.block + (r2 >> self.shift);
                    prefetch(&table[(idx2 / STATES_PER_WORD) as usize]);
                    batch[len] = idx2;
                    len += 1;
                }
            }
            if len >= BATCH {
                found += mark_unseen(table, &batch[..len], next);
                len = 0;
            }
        }
        found + mark_unseen(table, &batch[..len], next)
    }

    /// The tile rank after the empty square moves from `b` to `b2`. The tiles between the two
    /// squares rotate by one, so each new Lehmer digit is an old one corrected by a single
    /// comparison with the tile that jumps across the window.
    #[inline]
    fn neighbour_rank(&self, c: &Cursor, b: usize, b2: usize) -> u64 {
        let (lo, hi) = if b2 > b { (b, b2 - 1) } else { (b2, b - 1) };
        if lo == hi {
            return c.r;
        }
        let (m, t, d) = (self.m, &c.t, &c.d);
        let (mut old, mut new, mut cnt) = (0u64, 0u64, 0u64);
        if b2 > b {
            // Rotate right: the far tile x jumps to `lo`, the others move one place later.
            let x = t[hi];
            for k in lo..hi {
                old += d[k] as u64 * FACTORIAL[m - 1 - k];
                new += (d[k] as u64 - (x < t[k]) as u64) * FACTORIAL[m - 2 - k];
                cnt += (t[k] < x) as u64;
            }
            old += d[hi] as u64 * FACTORIAL[m - 1 - hi];
            new += (d[hi] as u64 + cnt) * FACTORIAL[m - 1 - lo];
        } else {
            // Rotate left: the near tile x jumps to `hi`, the others move one place earlier.
            let x = t[lo];
            for k in lo + 1..=hi {
                old += d[k] as u64 * FACTORIAL[m - 1 - k];
                new += (d[k] as u64 + (x < t[k]) as u64) * FACTORIAL[m - k];
                cnt += (t[k] < x) as u64;
            }
            old += d[lo] as u64 * FACTORIAL[m - 1 - lo];
            new += (d[lo] as u64 - cnt) * FACTORIAL[m - 1 - hi];
        }
        c.r - old + new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(w: usize, h: usize, topology: Topology) -> Census {
        let c = census(Shape::new(w, h).unwrap(), topology, DEFAULT_CENSUS_MAX_STATES).unwrap();
        // Visible with --nocapture, for timing the census on each shape.
        eprintln!(
            "{w}x{h} {topology} census: {} states in {:.3?}, table {} bytes, peak RSS {:?}",
            c.total,
            c.elapsed,
            c.table_bytes,
            peak_rss_bytes()
        );
        c
    }

    fn check(c: &Census, total: u64, max: usize, at_max: u64) {
        assert_eq!(c.total, total, "{:?}", c.counts);
        assert_eq!(c.counts.iter().sum::<u64>(), total);
        assert_eq!(c.max_distance(), max, "{:?}", c.counts);
        assert_eq!(*c.counts.last().unwrap(), at_max);
    }

    #[test]
    fn two_by_two_grid_has_twelve() {
        let c = run(2, 2, Topology::Grid);
        check(&c, 12, 6, 1);
        assert_eq!(c.counts, [1, 2, 2, 2, 2, 2, 1]);
    }

    #[test]
    fn three_by_three_grid_matches_a089473() {
        let c = run(3, 3, Topology::Grid);
        let expected = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(c.counts, expected);
        check(&c, 181_440, 31, 2);
    }

    #[test]
    fn four_by_two_and_two_by_four_grids_match_a090035() {
        for (w, h) in [(4, 2), (2, 4)] {
            let c = run(w, h, Topology::Grid);
            check(&c, 20_160, 36, 1);
        }
    }

    #[test]
    fn five_by_two_grid_matches_a090036() {
        let c = run(5, 2, Topology::Grid);
        check(&c, 1_814_400, 55, 2);
    }

    #[test]
    fn three_by_three_torus_reaches_everything() {
        let c = run(3, 3, Topology::Torus);
        let expected = [
            1, 4, 12, 35, 102, 298, 846, 2266, 5739, 13592, 29339, 53454, 77605, 83251, 60311,
            27548, 7465, 992, 20,
        ];
        assert_eq!(c.counts, expected);
        check(&c, 362_880, 18, 20);
    }

    /// The deepest boards a census keeps, each checked against an independent BFS's table.
    fn deepest_at_table_distance(w: usize, h: usize, topology: Topology, at_max: usize) {
        let shape = Shape::new(w, h).unwrap();
        let (c, deepest) =
            census_with_deepest(shape, topology, DEFAULT_CENSUS_MAX_STATES, 100).unwrap();
        assert_eq!(deepest.len(), at_max);
        let puzzle = Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).unwrap();
        let dist = crate::cases::distance_table(&puzzle);
        for b in &deepest {
            let d = dist[crate::rank::rank(b.cells()) as usize];
            assert_eq!(d as usize, c.max_distance(), "{b}");
        }
        let mut unique = deepest.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), deepest.len());
    }

    #[test]
    fn the_deepest_boards_kept_are_at_the_largest_distance() {
        deepest_at_table_distance(3, 3, Topology::Grid, 2);
        deepest_at_table_distance(3, 3, Topology::Torus, 20);
        deepest_at_table_distance(2, 4, Topology::Grid, 1);
        deepest_at_table_distance(5, 2, Topology::Grid, 2);
    }

    #[test]
    fn no_boards_are_kept_when_the_deepest_layer_is_larger_than_asked() {
        let shape = Shape::new(3, 3).unwrap();
        let (_, none) =
            census_with_deepest(shape, Topology::Torus, DEFAULT_CENSUS_MAX_STATES, 19).unwrap();
        assert!(none.is_empty());
        let (_, goal) =
            census_with_deepest(Shape::new(2, 2).unwrap(), Topology::Grid, 12, 1).unwrap();
        assert_eq!(goal.len(), 1);
    }

    #[test]
    fn four_by_four_is_refused_before_allocating() {
        let e = census(Shape::new(4, 4).unwrap(), Topology::Grid, DEFAULT_CENSUS_MAX_STATES)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        let msg = e.message();
        assert!(msg.contains("10,461,394,944,000 reachable states"), "{msg}");
        assert!(msg.contains("2.4 TiB"), "{msg}");
        assert!(msg.contains("536,870,912"), "{msg}");
        let (entries, bytes) = census_size(Shape::new(4, 4).unwrap(), Topology::Torus);
        assert_eq!(entries, 20_922_789_888_000);
        assert_eq!(bytes, entries / 4);
    }

    #[test]
    fn above_twenty_squares_is_refused_with_the_real_count_and_no_bound_to_raise() {
        for (w, h) in [(11, 2), (6, 4), (4, 6), (5, 5), (7, 3)] {
            let shape = Shape::new(w, h).unwrap();
            for topology in [Topology::Grid, Topology::Torus] {
                let e = census(shape, topology, u64::MAX).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::TooLarge);
                let msg = e.message();
                assert!(msg.contains("at most 20 squares"), "{msg}");
                assert!(!msg.contains("raise it"), "{msg}");
            }
        }
        let e = census(Shape::new(5, 5).unwrap(), Topology::Grid, u64::MAX).unwrap_err();
        // 25!/2 = 7.76·10^24, not a saturated 64-bit number.
        assert!(e.message().contains("7,755,605,021,665,492,992,000,000 reachable"), "{e}");
        let (entries, _) = census_size(Shape::new(5, 5).unwrap(), Topology::Torus);
        assert_eq!(entries, crate::rank::arrangements(25));
    }

    #[test]
    fn peak_rss_is_known_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(peak_rss_bytes().unwrap() > 0);
        }
    }

    #[test]
    #[ignore = "239,500,800 states: run in release with --ignored"]
    fn four_by_three_grid_matches_a090166() {
        let c = run(4, 3, Topology::Grid);
        let expected = [
            1, 2, 4, 9, 20, 37, 63, 122, 232, 431, 781, 1392, 2494, 4442, 7854, 13899, 24215,
            41802, 71167, 119888, 198363, 323206, 515778, 811000, 1248011, 1885279, 2782396,
            4009722, 5621354, 7647872, 10065800, 12760413, 15570786, 18171606, 20299876, 21587248,
            21841159, 20906905, 18899357, 16058335, 12772603, 9515217, 6583181, 4242753, 2503873,
            1350268, 643245, 270303, 92311, 27116, 5390, 1115, 86, 18,
        ];
        assert_eq!(c.counts, expected);
        check(&c, 239_500_800, 53, 18);
    }
}
