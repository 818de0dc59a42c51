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

use super::placement::{placements, rank, unrank};
use crate::board::Puzzle;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};

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
    let k = squares.len();
    let neighbours = neighbour_masks(puzzle);
    let entries = placements(n, k) as usize;
    let regions: Vec<AtomicU16> = (0..entries).map(|_| AtomicU16::new(0)).collect();
    let table: Vec<AtomicU8> = (0..entries).map(|_| AtomicU8::new(UNREACHED)).collect();

    let start_rank = rank(n, squares);
    let occupied = squares.iter().fold(0u32, |m, &s| m | 1 << s);
    let start_region = region(&neighbours, puzzle.goal().blank(), occupied);
    regions[start_rank].store(start_region, Ordering::Relaxed);
    table[start_rank].store(0, Ordering::Relaxed);

    let mut layer: Vec<(u32, u16)> = vec![(start_rank as u32, start_region)];
    let mut depth = 0u8;
    while !layer.is_empty() {
        depth += 1;
        let parts: Vec<Vec<(u32, u16)>> = layer
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut out = Vec::with_capacity(chunk.len() * 2);
                let mut at = [0u8; 16];
                for &(r, blank_region) in chunk {
                    let at = &mut at[..k];
                    unrank(n, r as usize, at);
                    expand(&neighbours, n, at, blank_region, depth, &regions, &table, &mut out);
                }
                out
            })
            .collect();
        layer = parts.concat();
    }
    table.into_iter().map(AtomicU8::into_inner).collect()
}

/// Pushes every state one pattern-tile move away from (`at`, `blank_region`) that no one has
/// claimed yet, recording `depth` for placements seen for the first time.
#[allow(clippy::too_many_arguments)] // the layer's shared arrays, passed down from one call site
fn expand(
    neighbours: &[u32; 16],
    n: usize,
    at: &mut [u8],
    blank_region: u16,
    depth: u8,
    regions: &[AtomicU16],
    table: &[AtomicU8],
    out: &mut Vec<(u32, u16)>,
) {
    let occupied = at.iter().fold(0u32, |m, &s| m | 1 << s);
    for i in 0..at.len() {
        let from = at[i];
        let mut targets = neighbours[from as usize] & u32::from(blank_region);
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            at[i] = to;
            let now_occupied = occupied ^ (1 << from) ^ (1 << to);
            let next_region = region(neighbours, from as usize, now_occupied);
            let r = rank(n, at);
            let before = regions[r].fetch_or(next_region, Ordering::Relaxed);
            if before & next_region == 0 {
                if before == 0 {
                    table[r].store(depth, Ordering::Relaxed);
                }
                out.push((r as u32, next_region));
            }
        }
        at[i] = from;
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
