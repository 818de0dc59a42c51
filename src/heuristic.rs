//! Heuristics for informed searches (IDA*, A*): lower bounds on the cost from a board to the
//! puzzle's goal, built once per puzzle and updated move by move without allocation.

use crate::board::Board;
use crate::encoding::Word;

/// An admissible estimate of the cost to the goal, kept up to date along a search path.
///
/// A heuristic is built once per (shape, topology, goal, costs) by its own constructor; a search
/// then calls [`Heuristic::start`] on its root and [`Heuristic::step`] on every move, carrying the
/// returned [`Heuristic::Node`] (a small `Copy` value: a running sum, pattern indices) instead of
/// recomputing the estimate from the whole board.
pub trait Heuristic: Send + Sync {
    /// What a search carries per node so the estimate can be updated in O(1) or close to it.
    type Node: Copy + Send + Sync;

    /// A short name for listings, such as `md` or `lc`.
    fn name(&self) -> &'static str;

    /// The node of a whole board (the root of a search).
    fn start(&self, board: &Board) -> Self::Node;

    /// The lower bound for the board `node` stands for.
    fn estimate(&self, node: &Self::Node) -> u32;

    /// [`Heuristic::estimate`] for a search that only asks whether the bound is above `limit`:
    /// the exact estimate when it is at most `limit`, else any admissible value above `limit`
    /// (a heuristic that takes the larger of two lookups may stop after the first). It may
    /// complete `node` so that later calls are cheaper.
    #[inline(always)]
    fn estimate_within(&self, node: &mut Self::Node, limit: u32) -> u32 {
        let _ = limit;
        self.estimate(node)
    }

    /// The node after `tile` slid from square `from` to square `to` (so the empty square went
    /// from `to` to `from`); `packed_after` is the board after the move as the search's word
    /// (`u64` at 4 bits a square up to 16 squares, `u128` at 5 bits above), square 0 lowest.
    fn step<W: Word>(
        &self,
        node: &Self::Node,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Node;

    /// [`Heuristic::step`] then [`Heuristic::estimate_within`], for a search that drops the
    /// child when the bound is above `limit`: the returned node stands for the child only when
    /// the bound is at most `limit`, so a heuristic made of parts may leave the parts it did
    /// not need unstepped.
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
        let mut next = self.step(node, packed_after, tile, from, to);
        let bound = self.estimate_within(&mut next, limit);
        (next, bound)
    }
}

pub mod linear_conflict;
pub mod manhattan;
pub mod max;
#[cfg(test)]
mod wide_tests;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use max::MaxOf;

/// The estimate of a whole board, for checks and one-off queries (searches carry nodes instead).
pub fn estimate_board<H: Heuristic>(h: &H, board: &Board) -> u32 {
    h.estimate(&h.start(board))
}
