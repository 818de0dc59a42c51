//! Building one pattern database: a breadth-first search backwards from the goal over the
//! abstract space of (where the pattern's tiles stand, where the empty square is).
//!
//! Moves of pattern tiles cost 1 and moves of other tiles cost 0, so the empty square roams its
//! whole region of squares free of pattern tiles for nothing. A state is therefore a placement
//! plus one such region (a bit mask), and the 0-1 search becomes a plain layer-by-layer BFS over
//! those states. A placement's stored value is the layer its first region was reached in: the
//! minimum over the empty square's positions, which is what makes the patterns add up.
//!
//! Each layer is expanded in parallel with rayon; states are claimed with one atomic `fetch_or`
//! on the placement's mask of regions seen, so no state is expanded twice.

use super::placement::{placements, rank};
use crate::board::Puzzle;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering};

/// A database entry no search reached (the placement cannot occur, or only on unsolvable boards).
pub const UNREACHED: u8 = u8::MAX;

/// States expanded per rayon task in a layer.
const CHUNK: usize = 4096;

/// Bytes the build of a `k`-tile pattern on `n` squares holds beyond the finished table: a
/// 2-byte region mask per placement plus the two largest layers (8 bytes a state, taken as a
/// quarter of the placements each).
pub fn build_bytes(n: usize, k: usize) -> u64 {
    let entries = placements(n, k);
    entries * 3 + entries / 4 * 8 * 2
}

/// The table of the pattern whose tiles start on goal squares `squares` (pattern order), under
/// `puzzle`'s moves with unit costs: entry `rank(squares now)` is the fewest moves of pattern
/// tiles that bring them home.
pub fn build_table(puzzle: &Puzzle, squares: &[u8]) -> Vec<u8> {
    let n = puzzle.shape().cells();
    let neighbours = neighbour_masks(puzzle);
    let entries = placements(n, squares.len()) as usize;
    let seen = Seen {
        regions: (0..entries).map(|_| AtomicU16::new(0)).collect(),
        done: (0..entries.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        table: (0..entries).map(|_| AtomicU8::new(UNREACHED)).collect(),
        all_squares: ((1u32 << n) - 1) as u16,
    };

    let start_rank = rank(n, squares);
    let occupied = squares.iter().fold(0u32, |m, &s| m | 1 << s);
    let start_region = region(&neighbours, puzzle.goal().blank(), occupied);
    seen.regions[start_rank].store(start_region, Ordering::Relaxed);
    seen.table[start_rank].store(0, Ordering::Relaxed);

    let mut layer: Vec<u64> = vec![pack(squares, start_region)];
    let mut depth = 0u8;
    while !layer.is_empty() {
        depth += 1;
        let parts: Vec<Vec<u64>> = layer
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut out = Vec::with_capacity(chunk.len() * 2);
                let mut batch = Vec::with_capacity(BATCH * 4 * squares.len());
                for states in chunk.chunks(BATCH) {
                    successors(&neighbours, n, squares.len(), states, &seen, &mut batch);
                    claim(&neighbours, depth, &seen, &batch, &mut out);
                }
                out
            })
            .collect();
        layer = parts.concat();
    }
    seen.table.into_iter().map(AtomicU8::into_inner).collect()
}

/// States whose successors are listed before any is claimed, so the loads of their entries
/// (cache misses, mostly) overlap instead of waiting one behind the other.
const BATCH: usize = 64;

/// What the search shares between threads, one entry per placement.
struct Seen {
    /// The empty square's regions claimed so far, as a union of square masks.
    regions: Vec<AtomicU16>,
    /// One bit per placement: every region of it is claimed. Small enough to stay in cache,
    /// it spares most looks into `regions`.
    done: Vec<AtomicU64>,
    /// Every square of the board.
    all_squares: u16,
    /// The layer each placement was first reached in.
    table: Vec<AtomicU8>,
}

/// A successor waiting to be claimed: its placement's rank, its squares packed as in a layer,
/// the empty square (where the moved tile came from), the squares its tiles stand on, and its
/// placement's regions when listed.
struct Successor {
    rank: u32,
    at: u32,
    blank: u8,
    occupied: u16,
    claimed: u16,
}

/// A state of the search in one word: 4 bits per tile's square, the empty square's region
/// in bits 32..48.
#[inline]
fn pack(at: &[u8], region: u16) -> u64 {
    let squares = at.iter().enumerate().fold(0u64, |w, (i, &s)| w | u64::from(s) << (4 * i));
    squares | u64::from(region) << 32
}

/// Lists every move of a pattern tile into the empty square's region from each of `states`,
/// with the regions already claimed for the placement it leads to.
fn successors(
    neighbours: &[u32; 16],
    n: usize,
    k: usize,
    states: &[u64],
    seen: &Seen,
    out: &mut Vec<Successor>,
) {
    out.clear();
    let mut at = [0u8; 8];
    for &state in states {
        let at = &mut at[..k];
        for (i, s) in at.iter_mut().enumerate() {
            *s = ((state >> (4 * i)) & 15) as u8;
        }
        let blank_region = u32::from((state >> 32) as u16);
        let occupied = at.iter().fold(0u32, |m, &s| m | 1 << s);
        for i in 0..k {
            let from = at[i];
            let mut targets = neighbours[from as usize] & blank_region;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                at[i] = to as u8;
                let r = rank(n, at);
                let moved = (state as u32 & !(15 << (4 * i))) | to << (4 * i);
                let occupied = (occupied ^ (1 << from) ^ (1 << to)) as u16;
                out.push(Successor {
                    rank: r as u32,
                    at: moved,
                    blank: from,
                    occupied,
                    claimed: 0,
                });
            }
            at[i] = from;
        }
    }
    // A tight loop of independent loads, so many cache misses are in flight at once.
    for s in out.iter_mut() {
        let r = s.rank as usize;
        s.claimed = if seen.done[r / 64].load(Ordering::Relaxed) & 1 << (r % 64) != 0 {
            u16::MAX
        } else {
            seen.regions[r].load(Ordering::Relaxed)
        };
    }
}

/// Claims the successors whose region nobody has claimed yet, recording `depth` for
/// placements reached for the first time, and pushes them onto the next layer.
fn claim(neighbours: &[u32; 16], depth: u8, seen: &Seen, batch: &[Successor], out: &mut Vec<u64>) {
    for s in batch {
        // Regions are marked whole and marks only grow, so the empty square's bit in a value
        // read earlier already proves its region claimed.
        if s.claimed & (1 << s.blank) != 0 {
            continue;
        }
        let region = region(neighbours, s.blank as usize, u32::from(s.occupied));
        let r = s.rank as usize;
        let before = seen.regions[r].fetch_or(region, Ordering::Relaxed);
        if before & region == 0 {
            if before == 0 {
                seen.table[r].store(depth, Ordering::Relaxed);
            }
            if before | region | s.occupied == seen.all_squares {
                seen.done[r / 64].fetch_or(1 << (r % 64), Ordering::Relaxed);
            }
            out.push(u64::from(s.at) | u64::from(region) << 32);
        }
    }
}

/// The squares the empty square reaches from `blank` without crossing `occupied` squares.
#[inline]
fn region(neighbours: &[u32; 16], blank: usize, occupied: u32) -> u16 {
    let mut seen = 1u32 << blank;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0u32;
        let mut f = frontier;
        while f != 0 {
            next |= neighbours[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & !occupied & !seen;
        seen |= frontier;
    }
    seen as u16
}

/// For each square, the mask of squares the empty square can swap with from there.
pub fn neighbour_masks(puzzle: &Puzzle) -> [u32; 16] {
    let mut masks = [0u32; 16];
    for (s, mask) in masks.iter_mut().enumerate().take(puzzle.shape().cells()) {
        for &(_, to) in puzzle.moves_from(s) {
            *mask |= 1 << to;
        }
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tile_table_is_its_manhattan_distance() {
        let puzzle = Puzzle::eight();
        // Tile 5 belongs on square 4, the centre.
        let table = build_table(&puzzle, &[4]);
        for s in 0..9u8 {
            let manhattan = (s / 3).abs_diff(1) + (s % 3).abs_diff(1);
            assert_eq!(table[rank(9, &[s])], manhattan, "square {s}");
        }
    }

    #[test]
    fn region_stops_at_occupied_squares() {
        let puzzle = Puzzle::eight();
        let nb = neighbour_masks(&puzzle);
        // Squares 1 and 3 wall off the corner 0.
        assert_eq!(region(&nb, 0, 0b1010), 0b1);
        assert_eq!(region(&nb, 4, 0b1010), 0b1_1111_0100);
    }
}
