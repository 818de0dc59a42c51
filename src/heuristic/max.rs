//! The larger of two admissible heuristics, itself admissible: how the pattern databases of
//! several partitions combine into one bound (each partition's sum is a lower bound, so their
//! maximum is).

use super::Heuristic;
use crate::board::Board;
use crate::encoding::Word;

/// `first` and `second` carried side by side; the estimate is the larger of the two.
#[derive(Clone, Debug)]
pub struct MaxOf<A, B> {
    first: A,
    second: B,
    name: &'static str,
}

impl<A: Heuristic, B: Heuristic> MaxOf<A, B> {
    /// Both heuristics, listed as `name`.
    pub fn new(first: A, second: B, name: &'static str) -> MaxOf<A, B> {
        MaxOf { first, second, name }
    }

    /// The heuristic asked first (the one that cuts off most children should be).
    pub fn first(&self) -> &A {
        &self.first
    }

    /// The heuristic asked only when the first does not cut off.
    pub fn second(&self) -> &B {
        &self.second
    }
}

impl<A: Heuristic, B: Heuristic> Heuristic for MaxOf<A, B> {
    type Node = (A::Node, B::Node);

    fn name(&self) -> &'static str {
        self.name
    }

    fn start(&self, board: &Board) -> Self::Node {
        (self.first.start(board), self.second.start(board))
    }

    #[inline(always)]
    fn estimate(&self, node: &Self::Node) -> u32 {
        self.first.estimate(&node.0).max(self.second.estimate(&node.1))
    }

    /// The second heuristic is read only when the first leaves the node within `limit`.
    #[inline(always)]
    fn estimate_within(&self, node: &mut Self::Node, limit: u32) -> u32 {
        let first = self.first.estimate_within(&mut node.0, limit);
        if first > limit {
            return first;
        }
        first.max(self.second.estimate_within(&mut node.1, limit))
    }

    #[inline(always)]
    fn step<W: Word>(
        &self,
        node: &Self::Node,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Node {
        (
            self.first.step(&node.0, packed_after, tile, from, to),
            self.second.step(&node.1, packed_after, tile, from, to),
        )
    }

    /// The second heuristic is stepped only when the first leaves the child within `limit`:
    /// on the 24-puzzle most children are cut off by the first alone.
    #[inline(always)]
    fn step_within<W: Word>(
        &self,
        node: &Self::Node,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (Self::Node, u32) {
        let (first, bound) = self.first.step_within(&node.0, packed_after, tile, from, to, limit);
        if bound > limit {
            return ((first, node.1), bound);
        }
        let (second, other) = self.second.step_within(&node.1, packed_after, tile, from, to, limit);
        ((first, second), bound.max(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Costs, Puzzle, Shape, Topology};
    use crate::encoding::Word;
    use crate::heuristic::{estimate_board, LinearConflict, Manhattan};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Along a random walk, the carried estimate equals the larger of the two heuristics'
    /// estimates of the whole board, and `estimate_within` and `step_within` agree with it at
    /// it and give an admissible value above any lower limit.
    #[test]
    fn the_estimate_is_the_larger_of_both_along_a_walk() {
        let shape = Shape::new(4, 3).unwrap();
        let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
        let md = Manhattan::new(&puzzle);
        let lc = LinearConflict::new(&puzzle).unwrap();
        let max = MaxOf::new(Manhattan::new(&puzzle), LinearConflict::new(&puzzle).unwrap(), "m");
        let mut rng = ChaCha8Rng::seed_from_u64(39);
        let mut cells: Vec<u8> = (0..12).collect();
        cells.shuffle(&mut rng);
        let mut board = Board::from_cells(shape, &cells).unwrap();
        let mut node = max.start(&board);
        for _ in 0..400 {
            let moves = puzzle.moves_from(board.blank());
            let (_, to) = moves[rng.gen_range(0..moves.len())];
            let (blank, to) = (board.blank(), usize::from(to));
            let tile = board.cells()[to];
            board.swap_blank(blank, to);
            let before = node;
            node = max.step(&node, u64::of_board(&board), tile, to, blank);
            let want = estimate_board(&md, &board).max(estimate_board(&lc, &board));
            assert_eq!(max.estimate(&node), want, "{board:?}");
            let word = u64::of_board(&board);
            let (within, bound) = max.step_within(&before, word, tile, to, blank, want);
            assert_eq!((max.estimate(&within), bound), (want, want), "{board:?}");
            if let Some(below) = want.checked_sub(1) {
                let (_, bound) = max.step_within(&before, word, tile, to, blank, below);
                assert!(bound > below && bound <= want, "{board:?}: {bound} against {want}");
            }
            assert_eq!(max.estimate_within(&mut node.clone(), want), want);
            assert!(max.estimate_within(&mut node.clone(), want.saturating_sub(1)) >= want);
        }
    }
}
