//! Manhattan distance: the sum over tiles of the cheapest way to carry each tile alone to its
//! goal square. A move carries one tile one step, so no move lowers the sum by more than it
//! costs: the estimate is admissible and consistent under any positive costs.

use super::Heuristic;
use crate::board::{Board, Puzzle, MAX_CELLS};
use crate::encoding::Word;

/// Manhattan distance for one puzzle: per-tile carry costs, wrapping on the torus, weighted by
/// the move costs (horizontal steps at `ch`, vertical at `cv`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manhattan {
    n: usize,
    /// `cost[t][s]`: cheapest cost of carrying tile `t` from square `s` to its goal square
    /// (row 0, for the empty square, is all zeros). Rows of [`STRIDE`] entries, so a lookup is
    /// a shift and a mask drops the bounds checks on every shape.
    cost: [[u32; STRIDE]; STRIDE],
}

/// The power of two at or above [`MAX_CELLS`] that the table's rows are padded to.
const STRIDE: usize = MAX_CELLS.next_power_of_two();

impl Manhattan {
    /// The table for `puzzle`'s shape, topology, costs and goal.
    pub fn new(puzzle: &Puzzle) -> Manhattan {
        let n = puzzle.shape().cells();
        // All-pairs cheapest carry between squares (Floyd–Warshall on at most 25 squares); the
        // tile steps where the empty square would, so the move graph is the same.
        let mut d = [[u32::MAX / 4; MAX_CELLS]; MAX_CELLS];
        for (i, row) in d.iter_mut().enumerate().take(n) {
            row[i] = 0;
            for &(mv, to) in puzzle.moves_from(i) {
                let c = puzzle.costs().of(mv);
                row[to as usize] = row[to as usize].min(c);
            }
        }
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    d[i][j] = d[i][j].min(d[i][k] + d[k][j]);
                }
            }
        }
        let mut cost = [[0u32; STRIDE]; STRIDE];
        for (goal_square, &t) in puzzle.goal().cells().iter().enumerate() {
            if t != 0 {
                for (s, c) in cost[t as usize].iter_mut().enumerate().take(n) {
                    *c = d[s][goal_square];
                }
            }
        }
        Manhattan { n, cost }
    }

    /// What carrying `tile` from square `square` to its goal costs at least.
    #[inline(always)]
    pub fn tile_cost(&self, tile: u8, square: usize) -> u32 {
        self.cost[tile as usize][square]
    }

    /// The estimate of a packed board (4 bits per square, square 0 lowest).
    #[inline]
    pub fn of_packed(&self, packed: u64) -> u32 {
        self.of_word(packed)
    }

    /// The estimate of a board in any encoding's word.
    #[inline]
    pub fn of_word<W: Word>(&self, word: W) -> u32 {
        (0..self.n).map(|s| self.cost[word.tile(s) as usize][s]).sum()
    }
}

impl Heuristic for Manhattan {
    type Node = u32;

    fn name(&self) -> &'static str {
        "md"
    }

    fn start(&self, board: &Board) -> u32 {
        board.cells().iter().enumerate().map(|(s, &t)| self.cost[t as usize][s]).sum()
    }

    #[inline(always)]
    fn estimate(&self, node: &u32) -> u32 {
        *node
    }

    #[inline(always)]
    fn step<W: Word>(&self, node: &u32, _after: W, tile: u8, from: usize, to: usize) -> u32 {
        // `node` includes the tile's cost from `from`, so the subtraction cannot wrap. Tiles and
        // squares are below the stride; masking says so and drops the bounds checks.
        let row = &self.cost[tile as usize & (STRIDE - 1)];
        node + row[to & (STRIDE - 1)] - row[from & (STRIDE - 1)]
    }
}
