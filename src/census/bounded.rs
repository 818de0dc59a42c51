//! Census to a depth: how many arrangements lie at each distance `0..=D` from the goal, for
//! shapes whose whole space cannot be tabled (the 4×4 board has 10,461,394,944,000 reachable).
//!
//! A breadth-first search over packed boards (4 bits per square in one `u64` up to 16 squares,
//! 5 bits in one `u128` up to 25: the word is chosen once per census), layer by layer.
//! The puzzle graph is undirected, so every neighbour of layer `d` lies in layer `d − 1`, `d` or
//! `d + 1`: keeping the previous and the current layer is enough to tell which neighbours are
//! new. Layers are sorted vectors of words rather than hash sets: 8 bytes a state instead of
//! about 18, and the next layer is made by generating every neighbour of the current one in
//! parallel (rayon), sorting them in parallel, dropping repeats, and merging out the previous
//! and current layers in one linear pass. The bound counts every state held at once: the
//! previous and current layers plus all the neighbours generated for the next.

use crate::board::{Board, Costs, MoveTable, Puzzle, Shape, Topology, MAX_CELLS};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::units::{group_digits, human_bytes};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// The outcome of a census to a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthCensus {
    /// Board shape searched.
    pub shape: Shape,
    /// Move rules searched.
    pub topology: Topology,
    /// `counts[d]` = number of arrangements at distance `d` from the goal (empty square last).
    pub counts: Vec<u64>,
    /// Whether the search ran out of states before the depth bound: then `counts` is the whole
    /// reachable space and its last entry the farthest layer.
    pub complete: bool,
    /// The most states held at once (two layers and the next layer's candidates).
    pub peak_states: u64,
    /// Bytes of the states held at the peak (8 a state up to 16 squares, 16 above).
    pub peak_bytes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl DepthCensus {
    /// Number of arrangements counted (the sum of `counts`).
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Bytes of the states held at the peak.
    pub fn peak_bytes(&self) -> u64 {
        self.peak_bytes
    }
}

/// Layer states per parallel work item.
const CHUNK: usize = 1 << 14;

/// Counts the arrangements at each distance `0..=max_depth` from the goal with the tiles in
/// row order and the empty square last. Refuses with [`ErrorKind::TooLarge`], before
/// allocating the layer that would break it, when the states held at once would exceed
/// `max_states`.
pub fn census_to_depth(
    shape: Shape,
    topology: Topology,
    max_depth: u32,
    max_states: u64,
) -> Result<DepthCensus> {
    if shape.cells() <= u64::MAX_SQUARES {
        census_in::<u64>(shape, topology, max_depth, max_states)
    } else {
        census_in::<u128>(shape, topology, max_depth, max_states)
    }
}

/// [`census_to_depth`] over layers of the word `W`.
fn census_in<W: Word + Default>(
    shape: Shape,
    topology: Topology,
    max_depth: u32,
    max_states: u64,
) -> Result<DepthCensus> {
    let start = Instant::now();
    let goal = Board::solved(shape);
    let puzzle = Puzzle::new(shape, topology, Costs::UNIT, goal)?;
    let n = shape.cells();
    let moves = puzzle.move_table();
    let mut degree = [0u8; MAX_CELLS];
    for (b, d) in degree.iter_mut().enumerate().take(n) {
        *d = moves.moves_from(b).len() as u8;
    }
    let used = W::squares_mask(n);
    let word_bytes = std::mem::size_of::<W>() as u64;

    let mut prev: Vec<W> = Vec::new();
    let mut cur: Vec<W> = vec![W::of_board(&goal)];
    let mut counts = vec![1u64];
    let mut peak_states = 1u64;
    let mut complete = false;
    for depth in 0..max_depth {
        // Exactly how many neighbours the layer has, so the bound is checked before allocating.
        let candidates: u64 = cur.par_iter().map(|&b| u64::from(degree[b.zero_square(used)])).sum();
        let held = prev.len() as u64 + cur.len() as u64 + candidates;
        if held > max_states {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "{shape} {topology} census: depth {depth} reached ({} states so far); layer \
                     {} needs {} states held at once ({}), over the bound of {} states (raise \
                     it with --max-states)",
                    group_digits(counts.iter().sum()),
                    depth + 1,
                    group_digits(held),
                    human_bytes(held * word_bytes),
                    group_digits(max_states)
                ),
            ));
        }
        peak_states = peak_states.max(held);
        let mut next = neighbours(&cur, candidates as usize, used, moves, &degree);
        next.par_sort_unstable();
        next.dedup();
        remove_sorted(&mut next, &prev, &cur);
        if next.is_empty() {
            complete = true;
            break;
        }
        next.shrink_to_fit();
        counts.push(next.len() as u64);
        prev = std::mem::replace(&mut cur, next);
    }
    let peak_bytes = peak_states * word_bytes;
    Ok(DepthCensus {
        shape,
        topology,
        counts,
        complete,
        peak_states,
        peak_bytes,
        elapsed: start.elapsed(),
    })
}

/// Every neighbour of every board of `layer` (`total` of them), generated in parallel into
/// one buffer: each chunk of the layer writes its own slice, found by a prefix sum.
fn neighbours<W: Word + Default>(
    layer: &[W],
    total: usize,
    used: W,
    moves: &MoveTable,
    degree: &[u8; MAX_CELLS],
) -> Vec<W> {
    let sizes: Vec<usize> = layer
        .par_chunks(CHUNK)
        .map(|c| c.iter().map(|&b| degree[b.zero_square(used)] as usize).sum())
        .collect();
    let mut out = vec![W::default(); total];
    let mut slices = Vec::with_capacity(sizes.len());
    let mut rest = out.as_mut_slice();
    for &size in &sizes {
        let (head, tail) = rest.split_at_mut(size);
        slices.push(head);
        rest = tail;
    }
    layer.par_chunks(CHUNK).zip(slices).for_each(|(chunk, slice)| {
        let mut k = 0;
        for &board in chunk {
            let blank = board.zero_square(used);
            for &(_, to) in moves.moves_from(blank) {
                slice[k] = board.slide(blank, to as usize).0;
                k += 1;
            }
        }
    });
    out
}

/// Keeps the words of sorted, repeat-free `next` that are in neither sorted `prev` nor `cur`.
fn remove_sorted<W: Word>(next: &mut Vec<W>, prev: &[W], cur: &[W]) {
    let (mut i, mut j) = (0, 0);
    next.retain(|&x| {
        while i < prev.len() && prev[i] < x {
            i += 1;
        }
        while j < cur.len() && cur[j] < x {
            j += 1;
        }
        prev.get(i) != Some(&x) && cur.get(j) != Some(&x)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A089484: 4×4 arrangements at distance 0..=31 from the goal (empty square last).
    const A089484: [u64; 32] = [
        1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808, 15544, 30821, 60842, 119000,
        231844, 447342, 859744, 1637383, 3098270, 5802411, 10783780, 19826318, 36142146, 65135623,
        116238056, 204900019, 357071928, 613926161, 1042022040,
    ];

    fn four() -> Shape {
        Shape::new(4, 4).unwrap()
    }

    #[test]
    fn four_by_four_to_depth_20_matches_a089484() {
        // 3.4 million states, under a second: cheap enough for the fast tier.
        let c = census_to_depth(four(), Topology::Grid, 20, 10_000_000).unwrap();
        assert_eq!(c.counts, A089484[..=20]);
        assert!(!c.complete);
        assert_eq!(c.total(), A089484[..=20].iter().sum::<u64>());
        assert!(c.peak_states < 10_000_000);
    }

    #[test]
    #[ignore = "exhaustive: 4x4 census to depth 24, 43 million states, 400 MB"]
    fn four_by_four_to_depth_24_matches_a089484() {
        let c = census_to_depth(four(), Topology::Grid, 24, 100_000_000).unwrap();
        assert_eq!(c.counts, A089484[..=24]);
    }

    #[test]
    fn three_by_three_grid_runs_out_at_depth_31_as_a089473_says() {
        let c = census_to_depth(Shape::THREE_BY_THREE, Topology::Grid, 100, 10_000_000).unwrap();
        let a089473 = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(c.counts, a089473);
        assert!(c.complete);
        assert_eq!(c.total(), 181_440);
    }

    #[test]
    fn three_by_three_torus_agrees_with_the_whole_space_census() {
        let c = census_to_depth(Shape::THREE_BY_THREE, Topology::Torus, 100, 10_000_000).unwrap();
        let whole = super::super::census(Shape::THREE_BY_THREE, Topology::Torus, 1 << 29).unwrap();
        assert_eq!(c.counts, whole.counts);
        assert!(c.complete);
    }

    #[test]
    fn small_tori_with_same_layer_edges_agree_with_the_whole_space_census() {
        // Non-bipartite tori have edges inside a layer, which the merge must drop.
        for (w, h) in [(2, 2), (2, 3), (3, 2), (4, 2), (2, 4)] {
            let s = Shape::new(w, h).unwrap();
            let c = census_to_depth(s, Topology::Torus, 100, 10_000_000).unwrap();
            let whole = super::super::census(s, Topology::Torus, 1 << 29).unwrap();
            assert_eq!(c.counts, whole.counts, "{s}");
        }
    }

    #[test]
    fn stopping_at_the_depth_bound_is_not_complete() {
        let c = census_to_depth(Shape::THREE_BY_THREE, Topology::Grid, 31, 10_000_000).unwrap();
        assert_eq!(c.counts.len(), 32);
        assert!(!c.complete, "layer 32 was never looked at");
        let c = census_to_depth(four(), Topology::Grid, 0, 1).unwrap();
        assert_eq!(c.counts, [1]);
    }

    #[test]
    fn over_the_state_bound_is_refused_naming_the_depth_and_the_need() {
        let e = census_to_depth(four(), Topology::Grid, 30, 100_000).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        let msg = e.message();
        // Layers 13 and 14 (15,544 + 30,821 states) and the 96,132 neighbours of layer 14 are
        // the first to exceed 100,000.
        assert!(
            msg.starts_with(
                "4x4 grid census: depth 14 reached (61,865 states so far); layer 15 \
                             needs 142,497 states held at once"
            ),
            "{msg}"
        );
        assert!(msg.contains("over the bound of 100,000 states"), "{msg}");
        assert!(msg.contains("--max-states"), "{msg}");
    }

    #[test]
    fn blank_of_finds_the_zero_nibble_on_every_square() {
        for n in [4, 9, 16] {
            let used = u64::squares_mask(n);
            for blank in 0..n {
                let board = (0..n)
                    .map(|i| if i == blank { 0 } else { 1 + (i as u64 % 15) })
                    .enumerate()
                    .fold(0u64, |acc, (i, v)| acc | v << (4 * i));
                assert_eq!(board.zero_square(used), blank);
            }
        }
    }

    /// A plain breadth-first search over boards in a hash map, sharing nothing with the census
    /// but the move table: layer sizes from the goal to `depth`.
    fn layers_by_hash_set(shape: Shape, topology: Topology, depth: usize) -> Vec<u64> {
        use std::collections::HashSet;
        let p = Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).unwrap();
        let mut seen: HashSet<Board> = HashSet::from([*p.goal()]);
        let mut layer = vec![*p.goal()];
        let mut counts = vec![1];
        for _ in 0..depth {
            let mut next = Vec::new();
            for b in &layer {
                for &(_, to) in p.moves_from(b.blank()) {
                    let mut c = *b;
                    c.swap_blank(b.blank(), to as usize);
                    if seen.insert(c) {
                        next.push(c);
                    }
                }
            }
            counts.push(next.len() as u64);
            layer = next;
        }
        counts
    }

    /// Shapes above 16 squares (the 5-bit word) on both topologies, against the hash-set BFS.
    #[test]
    fn shapes_above_sixteen_squares_agree_with_a_hash_set_bfs_for_small_depths() {
        for (w, h, depth) in [(5, 5, 10), (6, 4, 10), (4, 6, 9), (8, 3, 9), (12, 2, 10)] {
            let s = Shape::new(w, h).unwrap();
            for topology in [Topology::Grid, Topology::Torus] {
                let c = census_to_depth(s, topology, depth, 10_000_000).unwrap();
                assert_eq!(
                    c.counts,
                    layers_by_hash_set(s, topology, depth as usize),
                    "{s} {topology}"
                );
                assert_eq!(c.peak_bytes(), c.peak_states * 16);
            }
        }
        // The 24-puzzle's first layers by hand: 2 moves from the corner, then 4, then 10.
        let c = census_to_depth(Shape::new(5, 5).unwrap(), Topology::Grid, 3, 100).unwrap();
        assert_eq!(c.counts, [1, 2, 4, 10]);
    }
}
